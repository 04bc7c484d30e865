// A worker thread that turns batches of Markdown into HTML for the main thread's pool.
import { parentPort } from 'node:worker_threads';
import { markdownToHtml } from './processor.ts';

parentPort!.on('message', (batch: { id: number; items: [string, string][] }) => {
  const results: [string, string][] = [];
  for (const [key, markdown] of batch.items) results.push([key, markdownToHtml(markdown)]);
  parentPort!.postMessage({ id: batch.id, results });
});
