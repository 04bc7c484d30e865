// Starting a worker thread from either form of the generator: the CLI bundle, where each worker is a sibling
// entry (markdown-worker.mjs), or the TypeScript sources under tsx (tests), where a worker does not inherit
// tsx's loader and must register it before importing its module.
import { Worker, type ResourceLimits } from 'node:worker_threads';

export type WorkerName = 'markdown-worker';

const sources: Record<WorkerName, string> = {
  'markdown-worker': '../markdown/worker.ts',
};

export function startWorker(name: WorkerName, workerData?: unknown, resourceLimits?: ResourceLimits): Worker {
  const options = { workerData, ...(resourceLimits ? { resourceLimits } : {}) };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, import.meta.url), options);
  const source = new URL(sources[name], import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`, { eval: true, ...options });
}
