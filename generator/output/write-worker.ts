// A worker thread that writes output files synchronously, so a large build renders on the main thread while
// the disk is busy here. Each folder is created once.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const made = new Set<string>();

parentPort!.on('message', (message: { file?: string; data?: string | Uint8Array; flush?: number }) => {
  if (message.flush !== undefined) {
    parentPort!.postMessage({ flushed: message.flush });
    return;
  }
  try {
    const dir = path.dirname(message.file!);
    if (!made.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    fs.writeFileSync(message.file!, message.data!);
  } catch (error) {
    parentPort!.postMessage({ error: `${message.file}: ${(error as Error).message}` });
  }
});
