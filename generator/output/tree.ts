// Writing an output tree that may start as a copy of an earlier build's output (the spare, see spare.ts).
//
// Every file is hashed as it is placed. A file the spare already holds with the same bytes is left alone,
// after checking that it is still the file the manifest describes (same size and modification time); only new
// or changed files are written. So a rebuild that changes a few pages writes a few files, and unchanged pages
// keep their modification time, which lets deploy tools that sync by time upload only what changed.
import fs from 'node:fs';
import path from 'node:path';
import { hash } from 'node:crypto';
import type { Manifest, Taken } from './spare.ts';
import type { Written } from './writer.ts';

/** What the manifest records of a file: a hash of its bytes, its size and its modification time. */
export type Entry = [hash: string, size: number, mtimeMs: number];

/** The hash by which output files are compared, here and by the dev server's live output. */
export function contentHash(data: Uint8Array): string {
  return hash('sha1', data, 'base64url');
}

/**
 * `rel`, a path as a manifest records it (relative, normalised, `/` between names), under the folder `root`.
 * Joined by hand, not by path.join, which normalises the whole path again: a no-op build calls this for every
 * file of the output.
 */
export function within(root: string, rel: string): string {
  if (path.sep !== '/' || !rel) return path.join(root, rel);
  return root.endsWith('/') ? root + rel : `${root}/${rel}`;
}

/**
 * Whether the file at `abs` is still the one a manifest recorded: by size and modification time. To the
 * millisecond, since copies that keep file times (a host's cache restoring the folder) keep no finer; with
 * `exact`, to the very time this tool read when it placed the file (in the spare, a folder of its own, or for
 * a build that finds nothing to do, incremental/unchanged.ts).
 */
export function asRecorded(abs: string, entry: Entry, exact = false): boolean {
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size !== entry[1]) return false;
  return exact ? stat.mtimeMs === entry[2] : Math.abs(stat.mtimeMs - entry[2]) < 1;
}

/** Whether every folder a manifest records is as it was: nothing was added to the output or taken from it. */
export function foldersAsRecorded(target: string, manifest: Pick<Manifest, 'folders'>): boolean {
  return !!manifest.folders?.every(([dir, mtimeMs]) => fs.statSync(within(target, dir), { throwIfNoEntry: false })?.mtimeMs === mtimeMs);
}

export class TreeWriter {
  /** Entries of every file placed, written or kept. */
  readonly entries = new Map<string, Entry>();
  written = 0;
  kept = 0;
  private dirs = new Set<string>();
  /** Folders the tree held when it was taken over, relative to the root. */
  private found: string[] = [];
  /** Their modification times then, when known (Taken.folders): a folder this build did not touch keeps its time. */
  private readonly recorded?: Map<string, number>;
  /** Folders, relative to the root ('' for the root), to which this build added an entry or from which it removed one. */
  private touched = new Set<string>();
  private readonly known?: Map<string, Entry>;

  /**
   * `taken`: when the root is an earlier output taken over, the files it holds (from its manifest), and the
   * times of its folders if it is known to hold nothing else; without those times, anything else in it is
   * searched for and removed first. Without `taken` the root is a new, empty folder.
   */
  constructor(
    readonly root: string,
    taken: Taken | undefined,
    /** The last output, which kept files are placed from (keep()). */
    private readonly last: string,
  ) {
    this.dirs.add(root);
    this.known = taken?.files;
    this.recorded = taken?.folders && new Map(taken.folders);
    if (this.recorded) this.found = [...this.recorded.keys()].filter((dir) => dir !== '');
    else if (taken) this.found = removeUnknown(root, taken.files);
  }

  /**
   * Deletes what the tree held and this build did not place, folders included; returns how many files, with
   * the entries and counts of what was placed, and the modification time of each folder left (but the root,
   * which is to be renamed), for the manifest.
   */
  finish(): Omit<Written, 'errors'> {
    let removed = 0;
    const needed = foldersOf(this.entries.keys());
    for (const rel of this.known?.keys() ?? []) {
      // Placed again, or a folder now (write() made room for it).
      if (this.entries.has(rel) || needed.has(rel)) continue;
      try {
        fs.rmSync(path.join(this.root, rel), { force: true });
      } catch (error) {
        // Gone already: a folder above it is a file now (write() made room for it).
        if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
      }
      this.touched.add(parentOf(rel));
      removed++;
    }
    for (const dir of this.found) {
      // A folder still needed, or one this build replaced with a file of the same name (write() made room).
      if (needed.has(dir) || this.entries.has(dir)) continue;
      fs.rmSync(path.join(this.root, dir), { recursive: true, force: true });
      this.touched.add(parentOf(dir));
    }
    // Only the folders this build changed are looked at: the others are as the spare's manifest recorded them.
    const folders = [...needed].map((dir): [string, number] => {
      const recorded = this.touched.has(dir) ? undefined : this.recorded?.get(dir);
      return [dir, recorded ?? fs.statSync(within(this.root, dir)).mtimeMs];
    });
    return { entries: this.entries, written: this.written, kept: this.kept, removed, folders };
  }

  place(rel: string, contents: string | Uint8Array): void {
    const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const hash = contentHash(data);
    if (!this.keepSame(rel, hash)) this.write(rel, hash, (abs) => fs.writeFileSync(abs, data));
  }

  /**
   * Places a file whose bytes (hash `entry[0]`) stand in the same file of the last output, for a page the
   * build kept rather than rendered. Unless the tree holds those bytes already, it becomes a
   * second name of that file (a hard link: no bytes copied, the same modification time), or a copy where links
   * cannot be made. Since write() never writes into a file the tree already holds, a file shared this way is
   * never changed through the other name; one changed by something else fails the manifest's size and time.
   * With `check`, the last output's file is taken only if it is as `entry` records it (asRecorded); false,
   * placing nothing, when it is not.
   */
  keep(rel: string, entry: Entry, check = false): boolean {
    if (this.keepSame(rel, entry[0])) return true;
    const source = within(this.last, rel);
    if (check && !asRecorded(source, entry)) return false;
    this.write(rel, entry[0], (abs) => linkOrCopy(source, abs));
    return true;
  }

  /** Leaves a file alone if the tree holds it with these bytes, as the manifest describes it. */
  private keepSame(rel: string, hash: string): boolean {
    const old = this.known?.get(rel);
    if (!old || old[0] !== hash || !asRecorded(within(this.root, rel), old, true)) return false;
    this.entries.set(rel, old);
    this.kept++;
    return true;
  }

  private write(rel: string, hash: string, put: (abs: string) => void): void {
    const abs = within(this.root, rel);
    this.ensureDir(path.dirname(abs));
    this.touched.add(parentOf(rel));
    // A new file, not new bytes in the old one: the old one may be a link to a file of another output.
    if (this.known?.has(rel)) fs.rmSync(abs, { force: true });
    try {
      put(abs);
    } catch (error) {
      const failure = error as NodeJS.ErrnoException;
      // An error of the write itself (a full disk) names no file: name the one it was writing.
      if (failure.code !== 'EISDIR') throw Object.assign(failure, { path: failure.path ?? abs });
      // A folder of the same name in the spare, where this build has a file.
      fs.rmSync(abs, { recursive: true, force: true });
      put(abs);
    }
    const stat = fs.statSync(abs);
    this.entries.set(rel, [hash, stat.size, stat.mtimeMs]);
    this.written++;
  }

  private ensureDir(dir: string): void {
    if (this.dirs.has(dir)) return;
    // It may be made here, and any folder above it: each of them counts as changed.
    for (let rel = path.relative(this.root, dir).split(path.sep).join('/'); rel !== ''; rel = parentOf(rel)) this.touched.add(rel);
    this.touched.add('');
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (error) {
      // A file of the spare where this build needs a folder: remove it and try again.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
      for (let at = dir; at.length > this.root.length; at = path.dirname(at)) {
        if (fs.statSync(at, { throwIfNoEntry: false })?.isFile()) fs.rmSync(at);
      }
      fs.mkdirSync(dir, { recursive: true });
    }
    this.dirs.add(dir);
  }
}

/** The folder holding a file or folder (paths relative to a tree's root, with forward slashes), '' for the root. */
function parentOf(rel: string): string {
  const at = rel.lastIndexOf('/');
  return at < 0 ? '' : rel.slice(0, at);
}

/** The folders holding these files (paths relative to a tree's root, with forward slashes), ancestors included. */
function foldersOf(files: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const rel of files) {
    for (let dir = parentOf(rel); dir !== '' && !folders.has(dir); dir = parentOf(dir)) folders.add(dir);
  }
  return folders;
}

function linkOrCopy(source: string, target: string): void {
  try {
    fs.linkSync(source, target);
  } catch (error) {
    // Another file system, or one without links: copy. EISDIR goes to write()'s own handling.
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw error;
    fs.copyFileSync(source, target);
  }
}

/**
 * Removes every file the manifest does not list (added to an old output by hand or by another tool, say), so
 * none of it ships. Returns the folders found, relative to the root with forward slashes.
 */
function removeUnknown(root: string, known: Map<string, Entry>): string[] {
  const folders: string[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const rel = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (entry.isDirectory()) folders.push(rel);
    else if (!known.has(rel)) fs.rmSync(path.join(root, rel), { force: true });
  }
  return folders;
}
