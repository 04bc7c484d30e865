// Starting a worker thread from either form of the generator: the CLI bundle, where each worker is a sibling
// entry (markdown-worker.mjs), or the TypeScript sources under tsx (tests), where a worker does not inherit
// tsx's loader and must register it before importing its module.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { Worker, isMainThread, type ResourceLimits } from 'node:worker_threads';

/** Each worker's module, for running from the sources. */
const sources = {
  'markdown-worker': '../markdown/worker.ts',
  'write-worker': '../output/write-worker.ts',
};

export function startWorker(name: keyof typeof sources, workerData?: unknown, resourceLimits?: ResourceLimits): Worker {
  const options = { workerData, ...(resourceLimits ? { resourceLimits } : {}) };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, import.meta.url), options);
  const source = new URL(sources[name], import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`, { eval: true, ...options });
}

/**
 * Gives the thread that calls it a lower scheduling priority (nice 10): for a thread whose work can wait
 * (placing output files, checking the last output), so that on a machine of few cores it seldom takes one from
 * the main thread, whose work every build waits for. Not the lowest: the main thread waits for the writer's
 * answer at the end, and a writer at the lowest priority may have had no core by then. Linux only, where the nice value belongs to each
 * thread and /proc/thread-self names the calling one; elsewhere, or when not allowed, nothing changes.
 */
export function lowerThreadPriority(): void {
  if (isMainThread || process.platform !== 'linux') return;
  try {
    os.setPriority(Number(path.basename(fs.readlinkSync('/proc/thread-self'))), os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // a priority is a hint only
  }
}
