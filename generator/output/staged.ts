// A build writes into a fresh folder next to the target and swaps it into place only when every stage has
// succeeded, so a failed build leaves the last good site untouched.
import fs from 'node:fs';
import { TreeWriter, type Entry } from './tree.ts';
import { BaseOutput } from './output.ts';
import { currentFile, keepSpare, lastOutput, stagingFolder, takeSpare, writeManifest, type LastOutput, type Manifest } from './spare.ts';
import { removeInBackground, removeStale } from './cleanup.ts';

/**
 * Writes into a temporary sibling of the target; commit() swaps it into place. Each file is written as it is
 * emitted (tree.ts).
 *
 * With `spare` (a folder in the project's cache), the output a build replaces is not deleted but kept there
 * with its manifest, and the next build starts from it instead of an empty folder: it writes only the files
 * whose bytes differ (tree.ts). Deleting and rewriting thousands of unchanged pages is most of the disk work
 * of a rebuild. A spare is used only when its manifest describes the very folder it was made from.
 */
export class StagedOutput extends BaseOutput {
  readonly staging: string;
  private readonly tree: TreeWriter;
  /** The target as this tool last left it (its manifest), when it is still that folder. */
  private readonly previous?: Manifest;
  /**
   * The files of the last output, for keep(). Each is checked against it by size and modification time, so
   * this trusts a target whose folder is new but whose files are the same: one a host's build cache restored.
   */
  private readonly last?: LastOutput;
  private lastFiles?: Map<string, Entry>;
  /** Files written and files kept from the spare, once committed. */
  readonly stats = { written: 0, kept: 0, removed: 0 };

  constructor(
    readonly target: string,
    private readonly options: { spare?: string } = {},
  ) {
    super();
    removeStale(target);
    this.last = options.spare ? lastOutput(target, options.spare) : undefined;
    this.previous = this.last && this.last.manifest.ino === fs.statSync(target).ino ? this.last.manifest : undefined;
    this.staging = stagingFolder(target);
    const taken = options.spare ? takeSpare(options.spare, this.staging, this.last?.manifest) : undefined;
    if (!taken) fs.mkdirSync(this.staging, { recursive: true });
    this.tree = new TreeWriter(this.staging, taken);
  }

  emit(file: string, contents: string | Uint8Array): void {
    this.note(file);
    this.tree.place(file, contents);
  }

  /** A file's entry in the last output, when it is there as that entry says (not stale). */
  private lastEntry(file: string): Entry | undefined {
    this.lastFiles ??= new Map(this.last?.manifest.files);
    return this.last?.stale.has(file) ? undefined : this.lastFiles.get(file);
  }

  canKeep(file: string): boolean {
    return this.lastEntry(file) !== undefined;
  }

  keep(file: string): boolean {
    const entry = this.lastEntry(file);
    if (!entry) return false;
    this.note(file);
    this.tree.keep(file, this.target, entry);
    return true;
  }

  /** Replaces the target with the staged folder: two renames, so the old site is gone only once the new one is whole. */
  commit(): void {
    const { removed, folders } = this.tree.finish();
    Object.assign(this.stats, { written: this.tree.written, kept: this.tree.kept, removed });
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
    if (spare) {
      const { ino, mtimeMs } = fs.statSync(this.target);
      writeManifest(currentFile(spare), { ino, files: [...this.tree.entries], folders: [['', mtimeMs], ...folders] });
    }
    // The replaced output's folder times, as its manifest recorded them, stand for it only if it was complete.
    if (hadTarget && !(spare && previous && keepSpare(spare, old, previous.files, this.last?.complete ? previous.folders : undefined))) removeInBackground(old);
  }

  /** Each output file's content hash, once committed: what the dev server's live output starts from. */
  hashes(): Map<string, string> {
    return new Map([...this.tree.entries].map(([file, entry]) => [file, entry[0]]));
  }

  discard(): void {
    fs.rmSync(this.staging, { recursive: true, force: true });
  }
}
