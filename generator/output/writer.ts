// Writing the output. Files are written synchronously as they are produced (thousands of small promises
// through libuv's pool cost more than the writes themselves, PERFORMANCE.md), each folder created once.
//
// A build writes into a fresh folder next to the target and swaps it into place only when every stage has
// succeeded, so a failed build leaves the last good site untouched. The dev server instead updates its
// folder in place after a successful build, touching only files whose bytes changed, and reports which.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers/start.ts';
import { TreeWriter, contentHash, type Entry } from './tree.ts';
import { writeFileAtomic } from '../cache.ts';
import { BuildFailure, SiteError } from '../errors.ts';

export interface Output {
  /** Adds a file; `file` is relative to the output folder, with forward slashes. */
  emit(file: string, contents: string | Uint8Array): void;
  has(file: string): boolean;
  files(): string[];
  bytes(file: string): number;
  /**
   * Keeps a file as the last build left it in the output, instead of producing it again. False, keeping
   * nothing, when that file is not there exactly as the last build wrote it.
   */
  keep(file: string): boolean;
}

abstract class BaseOutput implements Output {
  protected sizes = new Map<string, number>();
  abstract emit(file: string, contents: string | Uint8Array): void;
  abstract keep(file: string): boolean;
  has(file: string): boolean {
    return this.sizes.has(file);
  }
  files(): string[] {
    return [...this.sizes.keys()].sort();
  }
  bytes(file: string): number {
    return this.sizes.get(file) ?? 0;
  }
  protected claim(file: string, contents: string | Uint8Array): Buffer {
    if (this.sizes.has(file)) {
      throw new BuildFailure('output', [new SiteError({ code: 'OUTPUT_FAILED', file, message: 'is written twice: two routes or assets produce the same file' })]);
    }
    const buffer = typeof contents === 'string' ? Buffer.from(contents) : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
    this.sizes.set(file, buffer.length);
    return buffer;
  }

  /** Records a file the writer thread will encode; its size is counted in UTF-16 code units. */
  protected note(file: string, length: number): void {
    if (this.sizes.has(file)) {
      throw new BuildFailure('output', [new SiteError({ code: 'OUTPUT_FAILED', file, message: 'is written twice: two routes or assets produce the same file' })]);
    }
    this.sizes.set(file, length);
  }
}

/**
 * Writes into a temporary sibling of the target; commit() swaps it into place. With `threaded`, the writes
 * happen in a worker thread, overlapping with rendering on the main thread (worth it for large sites only:
 * starting the worker costs more than a small site's writes).
 *
 * With `spare` (a folder in the project's cache), the output a build replaces is not deleted but kept there
 * with its manifest, and the next build starts from it instead of an empty folder: it writes only the files
 * whose bytes differ (tree.ts). Deleting and rewriting thousands of unchanged pages is most of the disk work
 * of a rebuild. A spare is used only when its manifest describes the very folder it was made from.
 */
export class StagedOutput extends BaseOutput {
  readonly staging: string;
  private tree?: TreeWriter;
  private writer?: Worker;
  private writeErrors: string[] = [];
  private entries?: Map<string, Entry>;
  /** The target as this tool last left it (its manifest), when it is still that folder. */
  private readonly previous?: Manifest;
  /**
   * The files of the last output, for keep(). Each is checked against it by size and modification time, so
   * this trusts a target whose folder is new but whose files are the same: one a host's build cache restored.
   */
  private readonly lastOutput?: Manifest;
  private lastFiles?: Map<string, Entry>;

  /** Files written and files kept from the spare, once flushed. */
  readonly stats = { written: 0, kept: 0, removed: 0 };

  constructor(
    readonly target: string,
    private readonly options: { threaded?: boolean; spare?: string } = {},
  ) {
    super();
    removeStale(target);
    this.lastOutput = options.spare && fs.existsSync(target) ? readManifest(path.join(options.spare, 'current.json')) : undefined;
    this.previous = this.lastOutput && this.lastOutput.ino === fs.statSync(target).ino ? this.lastOutput : undefined;
    this.staging = `${target}.tmp-${process.pid}-${Date.now().toString(36)}`;
    const known = options.spare ? takeSpare(options.spare, this.staging) : undefined;
    if (!known) fs.mkdirSync(this.staging, { recursive: true });
    if (options.threaded) {
      this.writer = startWorker('write-worker', { root: this.staging, known: known && [...known] });
      this.writer.on('message', (message: { error?: string }) => {
        if (message.error) this.writeErrors.push(message.error);
      });
    } else {
      this.tree = new TreeWriter(this.staging, known);
    }
  }

  emit(file: string, contents: string | Uint8Array): void {
    if (this.writer) {
      this.note(file, contents.length);
      // Strings go as they are (copying one is cheaper than encoding it here): the writer encodes them.
      if (typeof contents === 'string') this.writer.postMessage({ file, data: contents });
      else {
        const data = new Uint8Array(contents);
        this.writer.postMessage({ file, data }, [data.buffer]);
      }
      return;
    }
    this.tree!.place(file, this.claim(file, contents));
  }

  keep(file: string): boolean {
    this.lastFiles ??= new Map(this.lastOutput?.files);
    const entry = this.lastFiles.get(file);
    if (!entry) return false;
    const source = path.join(this.target, file);
    const stat = fs.statSync(source, { throwIfNoEntry: false });
    // To the millisecond: copies that keep file times (a host's cache restoring the folder) keep no finer.
    if (!stat?.isFile() || stat.size !== entry[1] || Math.abs(stat.mtimeMs - entry[2]) >= 1) return false;
    this.note(file, entry[1]);
    if (this.writer) {
      // In batches: a message per kept page costs more than keeping it.
      this.keeps.push([file, source, entry]);
      if (this.keeps.length >= 512) this.sendKeeps();
    } else this.tree!.keep(file, source, entry);
    return true;
  }

  private keeps: [file: string, source: string, entry: Entry][] = [];

  private sendKeeps(): void {
    if (this.keeps.length) this.writer!.postMessage({ keeps: this.keeps });
    this.keeps = [];
  }

  /** Waits for every write, and for what the spare held and this build did not make to be removed. */
  async flush(): Promise<void> {
    if (this.entries) return;
    const writer = this.writer;
    if (writer) {
      const result = await new Promise<{ entries: [string, Entry][]; written: number; kept: number; removed: number }>((resolve) => {
        const done = (message: { flushed?: number; entries: [string, Entry][]; written: number; kept: number; removed: number }) => {
          if (message.flushed === undefined) return;
          writer.off('message', done);
          resolve(message);
        };
        writer.on('message', done);
        this.sendKeeps();
        writer.postMessage({ flush: 1 });
      });
      await writer.terminate();
      this.writer = undefined;
      this.entries = new Map(result.entries);
      Object.assign(this.stats, { written: result.written, kept: result.kept, removed: result.removed });
    } else {
      const tree = this.tree!;
      Object.assign(this.stats, { written: tree.written, kept: tree.kept, removed: tree.finish() });
      this.entries = tree.entries;
    }
    if (this.writeErrors.length) {
      throw new BuildFailure('output', this.writeErrors.map((message) => new SiteError({ code: 'OUTPUT_FAILED', message })));
    }
  }

  /** Replaces the target with the staged folder: two renames, so the old site is gone only once the new one is whole. */
  async commit(): Promise<void> {
    await this.flush();
    const old = `${this.target}.old-${process.pid}-${Date.now().toString(36)}`;
    const hadTarget = fs.existsSync(this.target);
    const previous = hadTarget ? this.previous : undefined;
    if (hadTarget) fs.renameSync(this.target, old);
    try {
      fs.renameSync(this.staging, this.target);
    } catch (error) {
      if (hadTarget) fs.renameSync(old, this.target);
      throw error;
    }
    if (this.options.spare) {
      writeManifest(path.join(this.options.spare, 'current.json'), fs.statSync(this.target).ino, [...this.entries!]);
    }
    if (hadTarget && !(this.options.spare && previous && keepSpare(this.options.spare, old, previous))) removeInBackground(old);
  }

  /** Each output file's content hash, once committed: what the dev server's live output starts from. */
  hashes(): Map<string, string> {
    return new Map([...this.entries!].map(([file, entry]) => [file, entry[0]]));
  }

  async discard(): Promise<void> {
    await this.writer?.terminate();
    fs.rmSync(this.staging, { recursive: true, force: true });
  }
}

// The spare folder holds: tree/ (an earlier output), tree.json (its manifest) and current.json (the manifest
// of the target as this tool last left it, with the target folder's inode, so a target replaced by anything
// else is never mistaken for ours).

interface Manifest {
  ino: number;
  files: [string, Entry][];
}

function readManifest(file: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    return typeof manifest.ino === 'number' && Array.isArray(manifest.files) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

function writeManifest(file: string, ino: number, files: [string, Entry][]): void {
  writeFileAtomic(file, JSON.stringify({ ino, files } satisfies Manifest));
}

/** Moves the spare into place as the staging folder and returns what it holds; undefined if there is none to trust. */
function takeSpare(spare: string, staging: string): Map<string, Entry> | undefined {
  const tree = path.join(spare, 'tree');
  const manifest = readManifest(path.join(spare, 'tree.json'));
  fs.rmSync(path.join(spare, 'tree.json'), { force: true });
  if (!fs.existsSync(tree)) return undefined;
  if (manifest && manifest.ino === fs.statSync(tree).ino) {
    try {
      fs.renameSync(tree, staging);
      return new Map(manifest.files);
    } catch {
      // on another file system, say: start empty
    }
  }
  removeInBackground(moveAside(tree));
  return undefined;
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

/** Keeps the replaced output as the next build's spare. False if it cannot be moved there. */
function keepSpare(spare: string, old: string, manifest: Manifest): boolean {
  const tree = path.join(spare, 'tree');
  if (fs.existsSync(tree)) removeInBackground(moveAside(tree));
  try {
    fs.renameSync(old, tree);
  } catch {
    return false;
  }
  writeManifest(path.join(spare, 'tree.json'), fs.statSync(tree).ino, manifest.files);
  return true;
}

/**
 * Collects a build in memory and applies it to a live folder, writing only what changed. Used by the dev
 * server, whose sites are small; `changed` lists the files that differ from the previous build.
 */
export class LiveOutput extends BaseOutput {
  private pending = new Map<string, Buffer>();
  private kept = new Set<string>();

  constructor(readonly target: string, private readonly previous: Map<string, string>) {
    super();
  }

  emit(file: string, contents: string | Uint8Array): void {
    this.pending.set(file, this.claim(file, contents));
  }

  /** Keeps every file of a list from the previous build; false, keeping none, if any is not there to keep. */
  keepAll(files: string[]): boolean {
    if (!files.every((file) => this.previous.has(file) && !this.sizes.has(file))) return false;
    for (const file of files) this.keep(file);
    return true;
  }

  /** Keeps a file of the previous build as it is, without producing it again. Returns false if there is none. */
  keep(file: string): boolean {
    if (!this.previous.has(file)) return false;
    this.sizes.set(file, 0);
    this.kept.add(file);
    return true;
  }

  /** Writes changed files, deletes files the build no longer makes; returns the new hashes and what changed. */
  commit(): { hashes: Map<string, string>; changed: string[] } {
    const hashes = new Map<string, string>();
    const changed: string[] = [];
    for (const file of this.kept) hashes.set(file, this.previous.get(file)!);
    for (const [file, buffer] of this.pending) {
      const hash = contentHash(buffer);
      hashes.set(file, hash);
      const abs = path.join(this.target, file);
      if (this.previous.get(file) === hash && fs.existsSync(abs)) continue;
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, buffer);
      changed.push(file);
    }
    for (const file of this.previous.keys()) {
      if (hashes.has(file)) continue;
      fs.rmSync(path.join(this.target, file), { force: true });
      changed.push(file);
    }
    this.pending.clear();
    return { hashes, changed: changed.sort() };
  }
}

const pendingRemovals = new Set<Promise<void>>();

/**
 * Deletes a replaced output folder without making the build wait: for thousands of pages that takes longer
 * than writing them. An `rm` runs beside the build; the command waits for it before it exits (finishRemovals()).
 */
function removeInBackground(dir: string): void {
  if (process.platform !== 'win32' && !process.env.SITE_SYNC_CLEANUP) {
    try {
      const rm = spawn('rm', ['-rf', dir], { stdio: 'ignore' });
      const done = new Promise<void>((resolve) => rm.once('close', () => resolve()).once('error', () => resolve()));
      pendingRemovals.add(done);
      void done.then(() => pendingRemovals.delete(done));
      return;
    } catch {
      // fall through to deleting it here
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Resolves when every folder being deleted in the background is gone, so no process outlives the command. */
export async function finishRemovals(): Promise<void> {
  while (pendingRemovals.size) await Promise.all([...pendingRemovals]);
}

/** Staging and replaced folders left beside the target by builds whose process no longer runs (killed). */
function removeStale(target: string): void {
  const parent = path.dirname(target);
  const prefix = `${path.basename(target)}.`;
  if (!fs.existsSync(parent)) return;
  for (const name of fs.readdirSync(parent)) {
    const match = name.startsWith(prefix) ? /^(?:tmp|old)-(\d+)-/.exec(name.slice(prefix.length)) : null;
    if (match && !alive(Number(match[1]))) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
