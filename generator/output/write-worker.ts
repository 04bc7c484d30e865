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
  known?: [string, Entry][];
  folders?: [string, number][];
  /** The last output, which kept files are linked from where the tree does not hold them. */
  last: string;
  /** The last output's folder times, when nothing of it was checked (LastOutput.unchecked): it is checked here. */
  unchecked?: Pick<Manifest, 'folders'>;
}
export type WriterMessage = { file?: string; data?: string | Uint8Array; keeps?: [string, Entry][]; flush?: number; ping?: number; refusals?: number };

const { root, known, folders, last, unchecked } = workerData as WriterData;
let tree: TreeWriter | undefined;
let failed: [file: string, reason: string] | undefined;
try {
  tree = new TreeWriter(root, known && ({ files: new Map(known), folders } satisfies Taken), last);
} catch (error) {
  failed = [root, (error as Error).message];
}
/**
 * The entries the main thread cannot know: of each file placed from its bytes, and of each kept file whose
 * entry is not the one the main thread sent (the spare held the same bytes in another file).
 */
const told: [string, Entry][] = [];
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
  if (message.ping !== undefined) return parentPort!.postMessage({ pong: message.ping });
  if (message.refusals !== undefined) return parentPort!.postMessage({ refusals: message.refusals, files: refused });
  if (message.flush !== undefined) {
    let finished: Partial<ReturnType<TreeWriter['finish']>> = {};
    try {
      if (tree) finished = tree.finish();
    } catch (error) {
      failed ??= [root, (error as Error).message];
    }
    const { removed = 0, folders = [] } = finished;
    return parentPort!.postMessage({ flushed: message.flush, error: failed, entries: told, written: tree?.written ?? 0, kept: tree?.kept ?? 0, removed, folders, complete });
  }
  if (!tree) return;
  if (message.keeps) for (const [file, entry] of message.keeps) keep(tree, file, entry);
  else {
    try {
      tree.place(message.file!, message.data!);
      told.push([message.file!, tree.entries.get(message.file!)!]);
    } catch (error) {
      parentPort!.postMessage({ error: [message.file, (error as Error).message] });
    }
  }
});

function keep(tree: TreeWriter, file: string, entry: Entry): void {
  try {
    if (!tree.keep(file, entry, unchecked !== undefined)) return void refused.push(file);
    const placed = tree.entries.get(file)!;
    if (placed[0] !== entry[0] || placed[1] !== entry[1] || placed[2] !== entry[2]) told.push([file, placed]);
  } catch (error) {
    parentPort!.postMessage({ error: [file, (error as Error).message] });
  }
}
