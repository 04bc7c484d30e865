// The spare: the output a build replaced, kept in the project's cache so the next build starts from it and
// writes only the files whose bytes differ (tree.ts).
import fs from 'node:fs';
import path from 'node:path';
import { asRecorded, foldersAsRecorded, foldersOf, within, type Entry } from './tree.ts';
import { outputKey, writeCacheFile } from '../cache.ts';
import type { Project } from '../project.ts';
import { removeInBackground } from './cleanup.ts';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers/start.ts';

// The spare folder holds: tree/ (an earlier output), tree.json (its manifest) and current.json (the manifest
// of the target as this tool last left it, with the target folder's inode, so a target replaced by anything
// else is never mistaken for ours).

/** Where the spare of an output folder is kept, with the manifests (and the stamp, incremental/unchanged.ts). */
export function spareFolder(project: Project, out: string): string {
  return path.join(project.cache, 'output', outputKey(out));
}

/** The manifest of the target as this tool last left it. */
export const currentFile = (spare: string) => path.join(spare, 'current.json');

/** The spare itself: an earlier output, kept for the next build to start from. */
const spareTree = (spare: string) => path.join(spare, 'tree');

export interface Manifest {
  ino: number;
  files: [string, Entry][];
  /**
   * The modification time of each folder ('' for the folder itself), as the folder was left. A folder's time
   * changes whenever an entry is added to it or removed from it, so while every time is as recorded the folder
   * holds no file or folder its manifest does not list.
   */
  folders?: [string, number][];
}

export function readManifest(file: string): Manifest | undefined {
  try {
    return parseManifest(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function parseManifest(text: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(text) as Manifest;
    return typeof manifest.ino === 'number' && Array.isArray(manifest.files) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** The files of a manifest that are missing from `target` or no longer as recorded. */
export function staleFiles(target: string, files: [string, Entry][]): string[] {
  const stale: string[] = [];
  for (const [file, entry] of files) {
    if (!asRecorded(within(target, file), entry)) stale.push(file);
  }
  return stale;
}

/** A last output checked against its manifest: the files changed since, and whether it holds anything else. */
export interface Checked {
  stale: string[];
  complete: boolean;
}

export function checkOutput(target: string, manifest: Manifest): Checked {
  return { stale: staleFiles(target, manifest.files), complete: foldersAsRecorded(target, manifest) };
}

/**
 * Makes `stage` a copy of the tree of `files` in `target`, by hard links: a spare for a build that has none,
 * which then writes only the files whose bytes differ (tree.ts). Returns the files it holds and the times of
 * its folders. Where links cannot be made, it holds what was linked before, and the build places the rest.
 * `counters` are shared with the main thread, which may link a share of the files (linkChunks below).
 */
export function linkUnchanged(target: string, stage: string, files: [string, Entry][], counters: Int32Array): Taken {
  const linked = new Map<string, Entry>();
  // Sorted, a folder comes before the folders inside it.
  const folders = ['', ...[...foldersOf(files.map(([file]) => file))].sort()];
  try {
    fs.mkdirSync(stage, { recursive: true });
    for (const dir of folders) if (dir) fs.mkdirSync(within(stage, dir));
  } catch {
    Atomics.store(counters, ready, -1);
    Atomics.notify(counters, ready);
    return { files: linked };
  }
  Atomics.store(counters, ready, 1);
  Atomics.notify(counters, ready);
  linkChunks(target, stage, files, counters, linked);
  // The chunks the main thread took (helpLinking) are linked before the folders' times are read.
  const chunks = Math.ceil(files.length / linkChunk);
  for (let done; (done = Atomics.load(counters, finished)) < chunks; ) Atomics.wait(counters, finished, done, 1000);
  return { files: linked, folders: folders.map((dir) => [dir, fs.statSync(within(stage, dir)).mtimeMs]) };
}

/**
 * The files linked into a staging folder, in chunks claimed by whichever thread is free: the check's thread,
 * and the main thread once it has nothing left to do but wait for them (helpLinking, from StagedOutput's
 * flush). At 20,000 posts the main thread waited about 0.95 s for the check's thread to link what it could
 * have shared. Four counters, shared: the next chunk to claim, whether the folders are made, the chunks
 * finished, and whether linking has failed.
 */
const linkCounters = 4 * Int32Array.BYTES_PER_ELEMENT;
const [next, ready, finished, failed] = [0, 1, 2, 3];
const linkChunk = 256;

function linkChunks(target: string, stage: string, files: [string, Entry][], counters: Int32Array, linked: Map<string, Entry>): void {
  const chunks = Math.ceil(files.length / linkChunk);
  for (let chunk; (chunk = Atomics.add(counters, next, 1)) < chunks; ) {
    try {
      for (let i = chunk * linkChunk; i < Math.min(files.length, (chunk + 1) * linkChunk) && !Atomics.load(counters, failed); i++) {
        const [file, entry] = files[i];
        try {
          fs.linkSync(within(target, file), within(stage, file));
        } catch (error) {
          // A file gone since it was checked is placed by the build; any other failure (no links on this file
          // system, say) ends the linking, in both threads.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          Atomics.store(counters, failed, 1);
          break;
        }
        linked.set(file, entry);
      }
    } finally {
      Atomics.add(counters, finished, 1);
      Atomics.notify(counters, finished);
    }
  }
}

/**
 * Links, on the calling thread, the chunks of a staging folder not yet claimed (linkUnchanged), once its
 * folders are made: waiting for that, blocked, at most two seconds (the check's thread may have ended). The
 * files it linked are added to what the check's thread reports.
 */
function helpLinking(target: string, stage: string, files: [string, Entry][], counters: Int32Array, linked: Map<string, Entry>): void {
  const until = performance.now() + 2000;
  while (Atomics.load(counters, ready) === 0 && performance.now() < until) Atomics.wait(counters, ready, 0, 50);
  if (Atomics.load(counters, ready) === 1) linkChunks(target, stage, files, counters, linked);
}

/**
 * The last output as this tool left it (see lastOutput): those of its files that have changed since, and
 * whether it is complete, holding nothing its manifest does not list. A complete output needs no search for
 * strays once it is a spare (tree.ts).
 */
export interface LastOutput {
  manifest: Manifest;
  stale: Set<string>;
  complete: boolean;
  /**
   * With `stage`, when there was no spare: a staging folder being made from the last output (linkUnchanged),
   * and what it holds once it is made.
   */
  staged?: { folder: string; taken: Promise<Taken>; help: () => void };
  /**
   * With `defer`, when there is a spare to start from: the manifest's text, and nothing checked yet (`stale`
   * empty, `complete` false). The writer thread checks what the build takes from the last output as it takes
   * it, and whether the output is complete (StagedOutput, write-worker.ts).
   */
  unchecked?: string;
  /**
   * With `unchecked`: the writer thread, started as the build begins. It checks the last output's folders and
   * the spare's files while the content is read, and the build's StagedOutput takes it (write-worker.ts).
   */
  writer?: Worker;
}

/**
 * The writer thread bin/site.js started as the command began, for an incremental build of a large site (taken
 * once). It starts up while the CLI loads and the inputs are compared: on two cores shared with other work, a
 * thread started by the build was up 75-90 ms later, and the build's end waited for it (docs/performance.md,
 * eighteenth measurement). A build that has no use for it ends it.
 */
function startedWriter(): Worker | undefined {
  const holder = globalThis as { __siteWriter?: Worker };
  const started = holder.__siteWriter;
  holder.__siteWriter = undefined;
  return started;
}

/** From these sizes, the last output is checked in a worker thread, and written by one (build.ts). */
export const threads = { checkFrom: 2000, writeFrom: 600 };

/**
 * Reads the manifest of the output folder as this tool last left it and checks each of its files, for the
 * build's keep() (staged.ts). A large output is checked in a worker thread, started before the build reads
 * its content: the answer is ready when rendering begins, and the main thread has made no file status call.
 * With `defer`, a large output with a spare to start from is not checked here at all (LastOutput.unchecked):
 * the writer thread checks what is kept from it, as it keeps it.
 *
 * With `stage`, a large output with no spare to start from (the first build after a fresh clone, `--clean`
 * or a lost cache) becomes one: that thread, once it has answered, links the files found unchanged into a new
 * staging folder (linkUnchanged), while the main thread goes on reading the content. A folder and a link per
 * page are then made on the core the main thread leaves free, and only when a build will use them. Made
 * beside a cold build's own output as it is written, they would cost every cold build as much again on a
 * core it needs, CI's and a host's included, which never build again from the same folder.
 */
export function lastOutput(target: string, spare: string, { stage = false, defer = false } = {}): Promise<LastOutput | undefined> {
  const started = startedWriter();
  const read = readLast(target, spare);
  const hasSpare = !!read && read.manifest.files.length >= threads.checkFrom && fs.existsSync(spareTree(spare));
  // The build starts from the spare, which holds most of the files it keeps with the same bytes: the last
  // output's own files are looked at only where it does not, by the writer thread. A thread here looked at
  // every file and folder again, 4,440 and 4,136 at 4,000 posts, then the writer at the spare's files.
  if (read && defer && hasSpare) {
    const data = { last: target, unchecked: read.text, early: { spare } };
    started?.ref();
    started?.postMessage({ init: data });
    const writer = started ?? startWorker('write-worker', data);
    return Promise.resolve({ manifest: read.manifest, stale: new Set(), complete: false, unchecked: read.text, writer });
  }
  void started?.terminate();
  if (!read) return Promise.resolve(undefined);
  const { text, manifest } = read;
  const onThisThread = () => checked(manifest, checkOutput(target, manifest));
  if (manifest.files.length < threads.checkFrom) return Promise.resolve(onThisThread());
  const folder = stage && !hasSpare ? stagingFolder(target) : undefined;
  const counters = new Int32Array(new SharedArrayBuffer(linkCounters));
  return new Promise<LastOutput>((resolve) => {
    const worker = startWorker('check-worker', { target, text, stage: folder, counters: counters.buffer });
    let answered = false;
    let linked: (taken: Taken) => void = () => {};
    const taken = new Promise<Taken>((done) => (linked = done));
    /** The files this thread linked (help below), and all the files to link, as the check's thread has them. */
    const here = new Map<string, Entry>();
    let toLink: [string, Entry][] = [];
    worker.on('message', (message: Checked | { linked: Taken }) => {
      if ('linked' in message) return linked(here.size ? { ...message.linked, files: merged(toLink, message.linked.files, here) } : message.linked);
      answered = true;
      const last = checked(manifest, message);
      toLink = folder ? manifest.files.filter(([file]) => !last.stale.has(file)) : [];
      resolve({ ...last, staged: folder ? { folder, taken, help: () => helpLinking(target, folder, toLink, counters, here) } : undefined });
    });
    worker.once('error', () => {});
    worker.once('exit', () => {
      // A thread that ended while linking leaves a folder of files nobody knows: the build searches it for
      // them and removes them (tree.ts). One that ended before it answered: the output is checked here.
      linked({ files: new Map() });
      if (answered) return;
      if (folder) removeInBackground(folder);
      resolve(onThisThread());
    });
  });
}

/** Two threads' linked files as one map, in the order they were to be linked (the manifest's). */
function merged(order: [string, Entry][], there: Map<string, Entry>, here: Map<string, Entry>): Map<string, Entry> {
  const files = new Map<string, Entry>();
  for (const [file] of order) {
    const entry = there.get(file) ?? here.get(file);
    if (entry) files.set(file, entry);
  }
  return files;
}

/** lastOutput, checked on this thread: for an output made without it (StagedOutput with no `last`). */
export function lastOutputHere(target: string, spare: string): LastOutput | undefined {
  const manifest = readLast(target, spare)?.manifest;
  return manifest && checked(manifest, checkOutput(target, manifest));
}

const checked = (manifest: Manifest, { stale, complete }: Checked): LastOutput => ({ manifest, stale: new Set(stale), complete });

/** A last output left unchecked (`unchecked`), checked now on this thread. */
export function checkedNow(target: string, last: LastOutput): LastOutput {
  return last.unchecked === undefined ? last : checked(last.manifest, checkOutput(target, last.manifest));
}

/** Removes a staging folder made from the last output (lastOutput) that no build will write, once it is made. */
export function dropStaged(staged: NonNullable<LastOutput['staged']>): Promise<void> {
  return staged.taken.then(() => removeInBackground(staged.folder));
}

let staging = 0;
/** A new folder's name beside the target for a build to write into (removeStale in cleanup.ts knows the form). */
export function stagingFolder(target: string): string {
  return `${target}.tmp-${process.pid}-${Date.now().toString(36)}${(staging++).toString(36)}`;
}

/** The manifest of the target as this tool last left it, as text and parsed; undefined without a target or one. */
function readLast(target: string, spare: string): { text: string; manifest: Manifest } | undefined {
  try {
    if (!fs.existsSync(target)) return undefined;
    const text = fs.readFileSync(currentFile(spare), 'utf8');
    const manifest = parseManifest(text);
    return manifest && { text, manifest };
  } catch {
    return undefined;
  }
}

export function writeManifest(file: string, manifest: Manifest): void {
  writeCacheFile(file, JSON.stringify(manifest));
}

/** A spare taken as a build's staging folder: its files, and its folders' times when it is known to hold no others. */
export interface Taken {
  files: Map<string, Entry>;
  folders?: [string, number][];
}

/**
 * Moves the spare into place as the staging folder and returns what it holds; undefined if there is none to
 * trust, or if it is too far behind `current` (the output it would be brought up to): after a build that
 * changed most pages, replacing most of the spare's files costs more than linking the current ones into an
 * empty folder, so the spare is deleted in the background instead.
 */
/** The spare's folder, and its manifest if it has one. */
export function spareManifest(spare: string): { tree: string; manifest?: Manifest } {
  return { tree: spareTree(spare), manifest: readManifest(path.join(spare, 'tree.json')) };
}

export function takeSpare(spare: string, staging: string, current?: Manifest, read = spareManifest(spare)): Taken | undefined {
  const { tree, manifest } = read;
  fs.rmSync(path.join(spare, 'tree.json'), { force: true });
  if (!fs.existsSync(tree)) return undefined;
  if (manifest && manifest.ino === fs.statSync(tree).ino && (!current || sameShare(manifest, current) >= 0.5)) {
    try {
      fs.renameSync(tree, staging);
      return { files: new Map(manifest.files), folders: manifest.folders };
    } catch {
      // on another file system, say: start empty
    }
  }
  removeInBackground(moveAside(tree));
  return undefined;
}

/** The share of `current`'s files that `spare` holds with the same bytes. */
function sameShare(spare: Manifest, current: Manifest): number {
  if (!current.files.length) return 1;
  const held = new Map(spare.files.map(([file, entry]) => [file, entry[0]]));
  let same = 0;
  for (const [file, entry] of current.files) if (held.get(file) === entry[0]) same++;
  return same / current.files.length;
}

/** Renames a folder to a unique name beside it, so its name is free at once while it is deleted. */
function moveAside(dir: string): string {
  const aside = `${dir}.old-${process.pid}-${Date.now().toString(36)}`;
  try {
    fs.renameSync(dir, aside);
    return aside;
  } catch {
    return dir;
  }
}

/**
 * Keeps a folder holding `files` (the replaced output) as the next build's spare, with the
 * times of its folders when it is known to hold nothing else (Manifest.folders). False if it cannot be moved there.
 */
export function keepSpare(spare: string, old: string, files: [string, Entry][], folders?: [string, number][]): boolean {
  const tree = spareTree(spare);
  if (fs.existsSync(tree)) removeInBackground(moveAside(tree));
  try {
    fs.renameSync(old, tree);
  } catch {
    return false;
  }
  writeManifest(path.join(spare, 'tree.json'), { ino: fs.statSync(tree).ino, files, folders });
  return true;
}
