// A worker thread that checks the last output against its manifest (spare.ts, lastOutput) while the main
// thread reads the content: at 20,000 pages the file status calls take 0.15 s, most of an edit's keeping. It
// also checks the time of each folder, which says whether anything was added to the output since; and when
// the build has no spare, it links the unchanged files into the build's staging folder (spare.ts, lastOutput).
import { parentPort, workerData } from 'node:worker_threads';
import { checkOutput, linkUnchanged, type Manifest } from './spare.ts';
import { lowerThreadPriority } from '../workers/start.ts';

lowerThreadPriority();

// The manifest comes as its text: parsing it here costs the main thread nothing.
const { target, text, stage, counters } = workerData as { target: string; text: string; stage?: string; counters: SharedArrayBuffer };
const manifest = JSON.parse(text) as Manifest;
const checked = checkOutput(target, manifest);
parentPort!.postMessage(checked);
if (stage) {
  const stale = new Set(checked.stale);
  parentPort!.postMessage({ linked: linkUnchanged(target, stage, manifest.files.filter(([file]) => !stale.has(file)), new Int32Array(counters)) });
}
