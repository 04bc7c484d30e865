// A worker thread that places output files (tree.ts) synchronously, so a large build renders on the main
// thread while the disk is busy here.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { TreeWriter, asRecorded, foldersAsRecorded, within, type Entry } from './tree.ts';
import { spareManifest, takeSpare, type Manifest, type Taken } from './spare.ts';
import { lowerThreadPriority } from '../workers/start.ts';

lowerThreadPriority();

/** Where the tree is, and what it holds: sent when the thread is started early (`early`), before it is taken. */
interface Begin {
  root: string;
  known?: [string, Entry][];
  folders?: [string, number][];
  staged?: boolean;
  /** When started early: the tree is to be the spare, taken here (takeSpare), or else a new folder. */
  take?: boolean;
}
type Message = { file?: string; data?: string | Uint8Array; keeps?: [string, Entry][]; flush?: number; ping?: number; refusals?: number; taken?: Taken; begin?: Begin };

/** Each message goes to `deliver`, or waits here for it (below). */
let deliver: ((message: Message & { init?: WriterData }) => void) | undefined;
const queued: Message[] = [];
parentPort!.on('message', (message: Message) => (deliver ? deliver(message) : queued.push(message)));
/**
 * A thread started by the launcher as an incremental `site build` begins (bin/site.js, `waiting`) does not yet
 * know the output: the build tells it, in its first message, what a thread started by the build is given as
 * workerData (spare.ts, lastOutput). It is up by then, where one started by the build would still be starting.
 */
const data = (workerData as { waiting?: boolean } | null)?.waiting
  ? await new Promise<WriterData>((resolve) => (deliver = (message) => ((deliver = undefined), resolve(message.init!))))
  : (workerData as WriterData);
const { last, unchecked, early, ...given } = data;
type WriterData = Partial<Begin> & {
  /** The last output, which kept files are linked from where the tree does not hold them. */
  last: string;
  /** The last output's manifest, when nothing of it was checked (LastOutput.unchecked): checked here. */
  unchecked?: string;
  /**
   * Started as the build begins, with the spare folder the tree will most likely be taken from (spare.ts): its
   * files are checked against their manifest now, while the main thread reads the content, and the rest of
   * the workerData comes in a `begin` message once the build knows its output.
   */
  early?: { spare: string };
};
let root = given.root ?? '';
let known = given.known;
let folders = given.folders;
let staged = given.staged;
let tree: TreeWriter | undefined;
let failed: string | undefined;
/**
 * The messages that came before the tree could be made: before `begin`, when started early, and with `staged`
 * before what the staging folder holds (spare.ts, lastOutput).
 */
let held: Message[] | undefined = staged || early ? [] : undefined;
/**
 * The entries the main thread cannot know: of each file placed from its bytes, and of each kept file whose
 * entry is not the one the main thread sent (the spare held the same bytes in another file). For the thousands
 * of files a rebuild keeps, that is none: sending every entry back cost more than the rest of the flush.
 */
const told: [string, Entry][] = [];
/**
 * Files of the tree already found as their entries say, which it need not look at again: the spare's, when
 * started early, or those the check has just linked into the staging folder.
 */
let verified: Map<string, Entry> | undefined;
const start = (taken?: Taken) => {
  try {
    tree = new TreeWriter(root, taken, verified);
  } catch (error) {
    failed = `${root}: ${(error as Error).message}`;
  }
};
if (!staged && !early) start(known && { files: new Map(known), folders });
/** Kept files the last output no longer holds as its manifest says (unchecked only). */
const refused: string[] = [];
/**
 * Whether the last output holds nothing its manifest does not list (spare.ts, foldersAsRecorded), when this
 * thread checks it: looked at before the first file is kept, while the main thread reads and renders.
 */
let complete: boolean | undefined;
/** The last output's manifest, when unchecked. */
let current: Manifest | undefined;
if (unchecked !== undefined) {
  try {
    current = JSON.parse(unchecked) as Manifest;
    complete = foldersAsRecorded(last, current);
  } catch {
    complete = false;
  }
}
/** The spare's manifest as read when started early. */
let spareRead: ReturnType<typeof spareManifest> | undefined;
if (early) verified = verifySpare(early.spare);

deliver = (message: Message) => {
  if (message.begin) {
    ({ root, known, folders, staged } = message.begin);
    // With `staged`, the tree is made once the staging folder is (`taken`).
    if (staged) return;
    if (message.begin.take && early) return ready(takeHere(early.spare));
    return ready(known && { files: new Map(known), folders });
  }
  if (message.taken) {
    // The files linked into the staging folder a moment ago, each found as its entry says just before: the
    // tree need not look at them again.
    verified = message.taken.files;
    return ready(message.taken);
  }
  if (held) return void held.push(message);
  handle(message);
};
for (const message of queued.splice(0)) deliver(message);

/** Makes the tree, then handles the messages held until it was made. */
function ready(taken?: Taken): void {
  start(taken);
  const waiting = held ?? [];
  held = undefined;
  for (const earlier of waiting) handle(earlier);
}

/**
 * The spare taken as the tree (takeSpare, from the manifest read as this thread started), or else a new empty
 * folder: what the main thread does when the writer thread is started with the output (staged.ts).
 */
function takeHere(spare: string): Taken | undefined {
  try {
    const taken = takeSpare(spare, root, current, spareRead);
    if (!taken) fs.mkdirSync(root, { recursive: true });
    return taken;
  } catch (error) {
    failed ??= `${root}: ${(error as Error).message}`;
    return undefined;
  }
}

/** The files of a spare found as its manifest records them (or none, for a spare not to be trusted: takeSpare). */
function verifySpare(spare: string): Map<string, Entry> | undefined {
  const { tree, manifest } = (spareRead = spareManifest(spare));
  if (!manifest || manifest.ino !== fs.statSync(tree, { throwIfNoEntry: false })?.ino) return undefined;
  const found = new Map<string, Entry>();
  for (const [file, entry] of manifest.files) if (asRecorded(within(tree, file), entry, true)) found.set(file, entry);
  return found;
}

function handle(message: Message): void {
  // Messages are handled in order: answering a ping says everything posted before it is written.
  if (message.ping !== undefined) {
    parentPort!.postMessage({ pong: message.ping });
    return;
  }
  if (message.refusals !== undefined) {
    parentPort!.postMessage({ refusals: message.refusals, files: refused });
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
    parentPort!.postMessage({ flushed: message.flush, error: failed, entries: told, written: tree?.written ?? 0, kept: tree?.kept ?? 0, removed, folders, complete });
    return;
  }
  if (!tree) return;
  try {
    if (message.keeps) for (const [file, entry] of message.keeps) keep(file, entry);
    else {
      tree.place(message.file!, message.data!);
      told.push([message.file!, tree.entries.get(message.file!)!]);
    }
  } catch (error) {
    parentPort!.postMessage({ error: `${message.file}: ${(error as Error).message}` });
  }
}

function keep(file: string, entry: Entry): void {
  try {
    if (!tree!.keep(file, last, entry, unchecked !== undefined)) return void refused.push(file);
    const placed = tree!.entries.get(file)!;
    if (placed[0] !== entry[0] || placed[1] !== entry[1] || placed[2] !== entry[2]) told.push([file, placed]);
  } catch (error) {
    parentPort!.postMessage({ error: `${file}: ${(error as Error).message}` });
  }
}
