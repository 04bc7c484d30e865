// A worker thread that places output files (tree.ts) synchronously, so a large build renders on the main
// thread while the disk is busy here.
import { parentPort, workerData } from 'node:worker_threads';
import { TreeWriter, type Entry } from './tree.ts';

type Message = { file?: string; data?: string | Uint8Array; keeps?: [string, string, Entry][]; flush?: number; ping?: number };

const { root, known, folders, mirror } = workerData as { root: string; known?: [string, Entry][]; folders?: [string, number][]; mirror?: string };
let tree: TreeWriter | undefined;
let failed: string | undefined;
try {
  tree = new TreeWriter(root, known && { files: new Map(known), folders }, mirror);
} catch (error) {
  failed = `${root}: ${(error as Error).message}`;
}

parentPort!.on('message', (message: Message) => {
  // Messages are handled in order: answering a ping says everything posted before it is written.
  if (message.ping !== undefined) {
    parentPort!.postMessage({ pong: message.ping });
    return;
  }
  if (message.flush !== undefined) {
    let finished: ReturnType<TreeWriter['finish']> = { removed: 0, folders: [] };
    try {
      if (tree) finished = tree.finish();
    } catch (error) {
      failed ??= `${root}: ${(error as Error).message}`;
    }
    const { removed, folders } = finished;
    parentPort!.postMessage({ flushed: message.flush, error: failed, entries: tree ? [...tree.entries] : [], written: tree?.written ?? 0, kept: tree?.kept ?? 0, removed, folders, mirrorFolders: tree?.mirrorFolders() });
    return;
  }
  if (!tree) return;
  try {
    if (message.keeps) for (const [file, source, entry] of message.keeps) keep(file, source, entry);
    else tree.place(message.file!, message.data!);
  } catch (error) {
    parentPort!.postMessage({ error: `${message.file}: ${(error as Error).message}` });
  }
});

function keep(file: string, source: string, entry: Entry): void {
  try {
    tree!.keep(file, source, entry);
  } catch (error) {
    parentPort!.postMessage({ error: `${file}: ${(error as Error).message}` });
  }
}
