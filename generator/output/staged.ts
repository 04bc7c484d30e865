// A build writes into a fresh folder next to the target and swaps it into place only when every stage has
// succeeded, so a failed build leaves the last good site untouched.
import fs from 'node:fs';
import path from 'node:path';
import type { Entry } from './tree.ts';
import { BuildFailure, siteError } from '../errors.ts';
import { diskFailure, errorCodeOf } from '../disk-errors.ts';
import { BaseOutput } from './output.ts';
import { asideFolder, currentFile, keepSpare, lastOutput, stagingFolder, takeSpare, writeManifest, type LastOutput, type Manifest } from './spare.ts';
import { removeInBackground, removeStale } from './cleanup.ts';
import { openWriter, type Writer, type Written } from './writer.ts';

/**
 * Writes into a temporary sibling of the target; commit() swaps it into place. With `threaded`, the files are
 * written by a worker thread (writer.ts).
 *
 * With `spare` (a folder in the project's cache), the output a build replaces is not deleted but kept there
 * with its manifest, and the next build starts from it instead of an empty folder: it writes only the files
 * whose bytes differ (tree.ts). Deleting and rewriting thousands of unchanged pages is most of the disk work
 * of a rebuild. A spare is used only when its manifest describes the very folder it was made from.
 */
export class StagedOutput extends BaseOutput {
  readonly staging: string;
  private readonly writer: Writer;
  /** What the writer placed, once flushed. */
  private written?: Written;
  private flushed?: Promise<void>;
  /** The target as this tool last left it (its manifest), when it is still that folder. */
  private readonly previous?: Manifest;
  /**
   * The files of the last output, for keep(). Each is checked against it by size and modification time, so
   * this trusts a target whose folder is new but whose files are the same: one a host's build cache restored.
   */
  private readonly last?: LastOutput;
  private lastFiles?: Map<string, Entry>;

  /** Files written and files kept from the spare, once flushed. */
  readonly stats = { written: 0, kept: 0, removed: 0 };

  constructor(
    readonly target: string,
    private readonly options: { threaded?: boolean; spare?: string; checkFirst?: boolean } = {},
  ) {
    super();
    removeStale(target);
    // A writer thread checks each file kept from the last output as it keeps it; otherwise all are checked now.
    this.last = options.spare ? lastOutput(target, options.spare, { unchecked: options.threaded && !options.checkFirst }) : undefined;
    this.previous = this.last && this.last.manifest.ino === fs.statSync(target).ino ? this.last.manifest : undefined;
    this.staging = stagingFolder(target);
    const taken = options.spare ? takeSpare(options.spare, this.staging, this.last?.manifest) : undefined;
    if (!taken) makeFolder(this.staging, target);
    const unchecked = this.last?.unchecked ? { folders: this.last.manifest.folders } : undefined;
    this.writer = openWriter({ root: this.staging, taken, last: target, unchecked }, options.threaded);
  }

  emit(file: string, contents: string | Uint8Array, source?: string): void {
    this.note(file, source);
    this.writer.place(file, contents);
  }

  /** A file's entry in the last output, when it is there as that entry says (not stale). */
  private lastEntry(file: string): Entry | undefined {
    this.lastFiles ??= new Map(this.last?.manifest.files);
    return this.last?.stale.has(file) ? undefined : this.lastFiles.get(file);
  }

  canKeep(file: string): boolean {
    return !this.placed.has(file) && this.lastEntry(file) !== undefined;
  }

  keep(file: string, source?: string): boolean {
    const entry = this.lastEntry(file);
    if (!entry) return false;
    this.note(file, source);
    this.writer.keep(file, entry);
    return true;
  }

  drain(): Promise<void> {
    return this.writer.drain();
  }

  /**
   * The files kept from the last output (keep()) that the writer thread found changed there since: the build
   * must make them after all. Empty when the last output was checked before the build kept anything.
   */
  refused(): Promise<string[]> {
    return this.writer.refused();
  }

  /**
   * Waits for every write, and for what the spare held and this build did not make to be removed. The writer
   * is told at once, so the caller may do other work before it waits.
   */
  flush(): Promise<void> {
    return (this.flushed ??= this.finishWrites());
  }

  private async finishWrites(): Promise<void> {
    const result = (this.written = await this.writer.finish());
    Object.assign(this.stats, { written: result.written, kept: result.kept, removed: result.removed });
    if (result.errors.length) {
      // A full disk (or a folder not to be written) fails every file after the first one: one problem says so.
      const [[file, reason]] = result.errors;
      const code = errorCodeOf(reason);
      const disk = code && diskFailure(Object.assign(new Error(reason), { code }), file, result.errors.length - 1);
      if (disk instanceof BuildFailure) throw disk;
      throw new BuildFailure('output', result.errors.map(([file, reason]) => siteError('OUTPUT_FAILED', { reason }, { file })));
    }
  }

  /** Replaces the target with the staged folder: two renames, so the old site is gone only once the new one is whole. */
  async commit(): Promise<void> {
    await this.flush();
    const old = asideFolder(this.target);
    const hadTarget = fs.existsSync(this.target);
    if (hadTarget) fs.renameSync(this.target, old);
    try {
      fs.renameSync(this.staging, this.target);
    } catch (error) {
      if (hadTarget) fs.renameSync(old, this.target);
      throw error;
    }
    const spare = this.options.spare;
    const { entries, folders, complete = !!this.last?.complete } = this.written!;
    if (spare) {
      const { ino, mtimeMs } = fs.statSync(this.target);
      writeManifest(currentFile(spare), { ino, files: [...entries], folders: [['', mtimeMs], ...folders] });
    }
    // The replaced output's folder times, as its manifest recorded them, stand for it only if it was complete
    // (as the writer thread found it, when it checked).
    if (hadTarget && !(spare && this.previous && keepSpare(spare, old, this.previous.files, complete ? this.previous.folders : undefined))) removeInBackground(old);
  }

  /** Each output file's content hash, once committed: what the dev server's live output starts from. */
  hashes(): Map<string, string> {
    return new Map([...this.written!.entries].map(([file, entry]) => [file, entry[0]]));
  }

  async discard(): Promise<void> {
    await this.writer.stop();
    fs.rmSync(this.staging, { recursive: true, force: true });
  }
}

/**
 * Makes a folder and the missing ones above it, one at a time, so it ends: Node's recursive mkdir retries for
 * ever where a file system answers ENOENT for a folder whose parent exists (/proc). A failure names `target`.
 */
function makeFolder(dir: string, target: string): void {
  if (fs.existsSync(dir)) return;
  makeFolder(path.dirname(dir), target);
  try {
    fs.mkdirSync(dir);
  } catch (error) {
    const reason = `${path.dirname(dir)} refused a new folder (${(error as Error).message.replace(/, mkdir .*$/, '')})`;
    throw new BuildFailure('output', [siteError('OUTPUT_FOLDER_UNCREATABLE', { folder: target, reason })]);
  }
}
