// Keeps a long build's memory in check. On a machine with plenty of memory V8 collects the old generation
// lazily: rendering tens of thousands of posts, the heap grew to more than twice what was live. Between steps of
// rendering, a build asks for a full collection once the heap has grown by a set amount since the last one.
import v8 from 'node:v8';
import vm from 'node:vm';

// Small enough that what rendering leaves behind never makes a large build's peak, large enough that a build of
// thousands of pages asks for only a few collections.
const growth = 128 * 1024 * 1024;
let gc: (() => void) | undefined;
let after = 0;

export function relieveMemory(): void {
  if (process.memoryUsage().heapUsed < after + growth) return;
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
  after = process.memoryUsage().heapUsed;
}
