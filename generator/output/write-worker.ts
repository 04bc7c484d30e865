// The writer thread (ThreadWriter in writer.ts): places output files (tree.ts) synchronously, so a large build
// renders on the main thread while the disk is busy here. Messages are handled in order, so each answer also
// says that everything posted before it is done.
import { parentPort, workerData } from 'node:worker_threads';
import { TreeWriter, foldersAsRecorded, type Entry } from './tree.ts';
import type { Manifest, Taken } from './spare.ts';
import { lowerThreadPriority } from '../workers/start.ts';

lowerThreadPriority();

export interface WriterData {
  root: string;
  /** What the root holds when it is the spare taken over (tree.ts). */
  taken?: Taken;
  /** The last output, which kept files are linked from where the tree does not hold them. */
  last: string;
  /** The last output's folder times, when nothing of it was checked (LastOutput.unchecked): it is checked here. */
  unchecked?: Pick<Manifest, 'folders'>;
}
export type WriterMessage = { file?: string; data?: string | Uint8Array; keeps?: [string, Entry][]; ask?: 'ping' | 'refusals' | 'flush' };

const { root, taken, last, unchecked } = workerData as WriterData;
let tree: TreeWriter | undefined;
attempt(root, () => (tree = new TreeWriter(root, taken, last)));
/** Kept files the last output no longer holds as its manifest says (unchecked only). */
const refused: string[] = [];
/** Whether the last output holds nothing its manifest does not list, when this thread checks it. */
let complete: boolean | undefined;
if (unchecked !== undefined) {
  try {
    complete = foldersAsRecorded(last, unchecked);
  } catch {
    complete = false;
  }
}

parentPort!.on('message', (message: WriterMessage) => {
  if (message.ask === 'ping') return parentPort!.postMessage({});
  if (message.ask === 'refusals') return parentPort!.postMessage({ files: refused });
  const writer = tree;
  if (message.ask === 'flush') {
    let finished: Partial<ReturnType<TreeWriter['finish']>> = {};
    if (writer) attempt(root, () => (finished = writer.finish()));
    const { removed = 0, folders = [] } = finished;
    return parentPort!.postMessage({ entries: [...(writer?.entries ?? [])], written: writer?.written ?? 0, kept: writer?.kept ?? 0, removed, folders, complete });
  }
  if (!writer) return;
  if (message.keeps) for (const [file, entry] of message.keeps) attempt(file, () => writer.keep(file, entry, unchecked !== undefined) || refused.push(file));
  else attempt(message.file!, () => writer.place(message.file!, message.data!));
});

/** Places one file, or prepares or finishes the folder (`root`); a failure is told to the main thread, naming it. */
function attempt(file: string, work: () => unknown): void {
  try {
    work();
  } catch (error) {
    parentPort!.postMessage({ error: [file, (error as Error).message] });
  }
}
