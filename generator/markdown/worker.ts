// A worker thread that turns batches of Markdown into HTML for the main thread's pool.
import { parentPort } from 'node:worker_threads';
import { markdownToHtml } from './processor.ts';

parentPort!.on('message', (batch: [key: string, markdown: string][]) => {
  parentPort!.postMessage(batch.map(([key, markdown]) => [key, markdownToHtml(markdown)]));
});
