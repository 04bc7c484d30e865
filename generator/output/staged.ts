// A build writes into a fresh folder next to the target and swaps it into place only when every stage has
// succeeded, so a failed build leaves the last good site untouched.
import fs from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers/start.ts';
import { TreeWriter, type Entry } from './tree.ts';
import { BuildFailure, siteError } from '../errors.ts';
import { diskFailure, errorCodeOf } from '../disk-errors.ts';
import { BaseOutput } from './output.ts';
import { checkedNow, currentFile, dropStaged, keepSpare, lastOutputHere, stagingFolder, takeSpare, writeManifest, type LastOutput, type Manifest } from './spare.ts';
import { removeInBackground, removeStale } from './cleanup.ts';

/**
 * Writes into a temporary sibling of the target; commit() swaps it into place. With `threaded`, the writes
 * happen in a worker thread, overlapping with rendering on the main thread (worth it for large sites only:
 * starting the worker costs more than a small site's writes).
 *
 * With `spare` (a folder in the project's cache), the output a build replaces is not deleted but kept there
 * with its manifest, and the next build starts from it instead of an empty folder: it writes only the files
 * whose bytes differ (tree.ts). Deleting and rewriting thousands of unchanged pages is most of the disk work
 * of a rebuild. A spare is used only when its manifest describes the very folder it was made from. A build
 * with none (the first after a fresh clone) starts from the staging folder `last` made while it checked the
 * last output (spare.ts, lastOutput), when it did.
 */
/** Characters from which an emitted text is encoded before it goes to the writer thread. */
const largeText = 1 << 20;

export class StagedOutput extends BaseOutput {
  readonly staging: string;
  private tree?: TreeWriter;
  private writer?: Worker;
  private writeErrors: string[] = [];
  /** Each file's entry, as the writer placed it; complete once flushed. */
  private entries = new Map<string, Entry>();
  private flushed?: Promise<void>;
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

  /** Files of the last output that are no longer as its manifest says (spare.ts, lastOutput). */
  private readonly stale?: Set<string>;
  /** Whether the last output holds nothing its manifest does not list (spare.ts, LastOutput); once flushed when unchecked. */
  private complete: boolean;
  /** The last output is checked by the writer thread as files are kept from it (LastOutput.unchecked). */
  private readonly unchecked: boolean;
  /** The modification time of each folder of the staged output (but its root), once flushed. */
  private folders: [string, number][] = [];
  /** The staging folder being made from the last output, when this build starts from it. */
  private readonly staged?: LastOutput['staged'];

  /** `last` is the last output, checked already (lastOutput in spare.ts); without it, it is checked here. */
  constructor(
    readonly target: string,
    private readonly options: { threaded?: boolean; spare?: string; last?: LastOutput } = {},
  ) {
    super();
    removeStale(target);
    const given = options.spare ? (options.last ?? lastOutputHere(target, options.spare)) : undefined;
    // A writer thread started already is used whatever the size.
    const threaded = !!options.threaded || !!given?.writer;
    // Left unchecked for a writer thread to check; without one (a small site), checked here.
    const last = given && !threaded ? checkedNow(target, given) : given;
    this.unchecked = last?.unchecked !== undefined;
    this.lastOutput = last?.manifest;
    this.stale = last?.stale;
    this.complete = !!last?.complete;
    this.previous = this.lastOutput && this.lastOutput.ino === fs.statSync(target).ino ? this.lastOutput : undefined;
    // A staging folder made from the last output (spare.ts, lastOutput) is written by the writer thread once it
    // is made; without that thread (a small site), it is not used.
    const staged = last?.staged;
    if (staged && !threaded) void dropStaged(staged);
    this.staged = threaded ? staged : undefined;
    this.staging = this.staged?.folder ?? stagingFolder(target);
    // A writer thread started early has read the spare's manifest already, and takes the spare itself.
    const take = !!last?.writer && !!options.spare && !this.staged;
    const known = this.staged || !options.spare || take ? undefined : takeSpare(options.spare, this.staging, this.lastOutput);
    if (!known && !take) fs.mkdirSync(this.staging, { recursive: true });
    if (threaded) {
      const begin = { root: this.staging, known: known && [...known.files], folders: known?.folders, staged: !!this.staged, take };
      if (last?.writer) {
        this.writer = last.writer;
        this.writer.postMessage({ begin });
      } else this.writer = startWorker('write-worker', { ...begin, last: target, unchecked: last?.unchecked });
      // The writer holds what it is sent until it knows what the staging folder holds.
      void this.staged?.taken.then((taken) => this.writer?.postMessage({ taken }));
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
      this.queued += contents.length;
      // Strings go as they are (copying one is cheaper than encoding it here): the writer encodes them. A very
      // large one (a blog index of thousands of posts) is encoded here and its bytes moved, not copied: a copy
      // would exist in both threads at once, at twice its size for text outside Latin-1.
      if (typeof contents === 'string' && contents.length < largeText) this.writer.postMessage({ file, data: contents });
      else {
        const data = typeof contents === 'string' ? Buffer.from(contents) : new Uint8Array(contents);
        this.writer.postMessage({ file, data }, [data.buffer]);
      }
      return;
    }
    this.tree!.place(file, this.claim(file, contents));
  }

  /** A file's entry in the last output, when it is there as that entry says (not stale). */
  private lastEntry(file: string): Entry | undefined {
    this.lastFiles ??= new Map(this.lastOutput?.files);
    return this.stale?.has(file) ? undefined : this.lastFiles.get(file);
  }

  protected keepable(file: string): boolean {
    return this.lastEntry(file) !== undefined;
  }

  keep(file: string): boolean {
    const entry = this.lastEntry(file);
    if (!entry) return false;
    this.note(file, entry[1]);
    if (this.writer) {
      // The writer thread tells only of entries other than this one (write-worker.ts).
      this.entries.set(file, entry);
      // In batches: a message per kept page costs more than keeping it.
      this.keeps.push([file, entry]);
      if (this.keeps.length >= 512) this.sendKeeps();
    } else this.tree!.keep(file, this.target, entry);
    return true;
  }

  private keeps: [file: string, entry: Entry][] = [];
  /** Characters and bytes posted to the writer thread since it last said it had written everything. */
  private queued = 0;
  private pings = 0;

  /** Waits for the writer thread when more than 32 MB is queued for it. */
  async drain(): Promise<void> {
    const writer = this.writer;
    if (!writer || this.queued < 32 * 1024 * 1024) return;
    const ping = ++this.pings;
    await ask(writer, { ping }, 'pong', ping);
    this.queued = 0;
  }

  /**
   * The files kept from the last output (keep()) that the writer thread found changed there since, when it
   * checks them (LastOutput.unchecked): the build must make them after all. Empty when the last output was
   * checked before the build kept anything.
   */
  async refused(): Promise<string[]> {
    const writer = this.writer;
    if (!this.unchecked || !writer) return [];
    this.sendKeeps();
    const id = ++this.pings;
    return (await ask<{ files: string[] }>(writer, { refusals: id }, 'refusals', id)).files;
  }

  private sendKeeps(): void {
    if (this.keeps.length) this.writer!.postMessage({ keeps: this.keeps });
    this.keeps = [];
  }

  /**
   * Waits for every write, and for what the spare held and this build did not make to be removed. The writer
   * thread is told at once, so the caller may do other work before it waits.
   */
  flush(): Promise<void> {
    return (this.flushed ??= this.finishWrites());
  }

  private async finishWrites(): Promise<void> {
    const writer = this.writer;
    // The staging folder still being linked from the last output: this thread takes a share of the files
    // rather than wait for them all (spare.ts, linkUnchanged).
    this.staged?.help();
    if (writer) {
      type Flushed = { entries: [string, Entry][]; written: number; kept: number; removed: number; folders: [string, number][]; complete?: boolean };
      this.sendKeeps();
      const result = await ask<Flushed>(writer, { flush: 1 }, 'flushed', 1);
      // Ended without waiting: its last answer says everything is written, and its heap is freed on its own core
      // while this thread swaps the output in (waiting for that was 3-5 ms of every edit).
      void writer.terminate();
      this.writer = undefined;
      for (const [file, entry] of result.entries) this.entries.set(file, entry);
      this.folders = result.folders;
      if (result.complete !== undefined) this.complete = result.complete;
      Object.assign(this.stats, { written: result.written, kept: result.kept, removed: result.removed });
    } else {
      const tree = this.tree!;
      const { removed, folders } = tree.finish();
      Object.assign(this.stats, { written: tree.written, kept: tree.kept, removed });
      this.entries = tree.entries;
      this.folders = folders;
    }
    if (this.writeErrors.length) {
      // The writer thread reports "<file>: <what went wrong>".
      const problems = this.writeErrors.map((text) => /^(.*?): (.*)$/s.exec(text) ?? [text, undefined, text]);
      // A full disk (or a folder not to be written) fails every file after the first one: one problem says so.
      const [, file, reason] = problems[0];
      const code = errorCodeOf(reason!);
      const disk = code && diskFailure(Object.assign(new Error(reason), { code }), file, problems.length - 1);
      if (disk instanceof BuildFailure) throw disk;
      throw new BuildFailure('output', problems.map(([, file, reason]) => siteError('OUTPUT_FAILED', { reason: reason! }, { file })));
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
    const spare = this.options.spare;
    const files = [...this.entries];
    if (spare) {
      const { ino, mtimeMs } = fs.statSync(this.target);
      writeManifest(currentFile(spare), { ino, files, folders: [['', mtimeMs], ...this.folders] });
    }
    // The replaced output's folder times, as its manifest recorded them, stand for it only if it was complete.
    if (hadTarget && !(spare && previous && keepSpare(spare, old, previous.files, this.complete ? previous.folders : undefined))) removeInBackground(old);
  }

  /** Each output file's content hash, once committed: what the dev server's live output starts from. */
  hashes(): Map<string, string> {
    return new Map([...this.entries].map(([file, entry]) => [file, entry[0]]));
  }

  async discard(): Promise<void> {
    await this.writer?.terminate();
    // Not while the staging folder is still being made.
    await this.staged?.taken;
    fs.rmSync(this.staging, { recursive: true, force: true });
  }
}

/**
 * Posts a message to the writer thread and waits for its answer: the first message it sends whose `key` is
 * `id`. Messages are handled in order there, so the answer also says that everything posted before is done.
 */
function ask<A>(writer: Worker, message: object, key: string, id: number): Promise<A> {
  return new Promise<A>((resolve) => {
    const answer = (reply: Record<string, unknown>) => {
      if (reply[key] !== id) return;
      writer.off('message', answer);
      resolve(reply as A);
    };
    writer.on('message', answer);
    writer.postMessage(message);
  });
}
