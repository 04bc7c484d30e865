// The spare: the output a build replaced, kept in the project's cache so the next build starts from it and
// writes only the files whose bytes differ (tree.ts).
import fs from 'node:fs';
import path from 'node:path';
import { asRecorded, foldersAsRecorded, within, type Entry } from './tree.ts';
import { outputKey, readCacheFile, writeCacheFile } from '../cache.ts';
import type { Project } from '../project.ts';
import { removeInBackground } from './cleanup.ts';

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
  const manifest = readCacheFile<Manifest>(file, 'json');
  return typeof manifest?.ino === 'number' && Array.isArray(manifest.files) ? manifest : undefined;
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
   * Nothing checked yet (`stale` empty, `complete` false): the writer thread checks each file the build keeps
   * from the last output as it keeps it, and whether the output is complete (StagedOutput, write-worker.ts),
   * off the main thread.
   */
  unchecked?: boolean;
}

/**
 * Reads the manifest of the output folder as this tool last left it, for the build's keep() (staged.ts).
 * Checked here, file by file, unless `unchecked`: then the writer thread checks what the build keeps.
 */
export function lastOutput(target: string, spare: string, { unchecked = false } = {}): LastOutput | undefined {
  // The manifest of the target as this tool last left it; none without a target.
  const manifest = fs.existsSync(target) ? readManifest(currentFile(spare)) : undefined;
  if (!manifest) return undefined;
  if (unchecked) return { manifest, stale: new Set(), complete: false, unchecked };
  const stale = manifest.files.filter(([file, entry]) => !asRecorded(within(target, file), entry)).map(([file]) => file);
  return { manifest, stale: new Set(stale), complete: foldersAsRecorded(target, manifest) };
}

let staging = 0;
/** A new folder's name beside the target for a build to write into (removeStale in cleanup.ts knows the form). */
export function stagingFolder(target: string): string {
  return `${target}.tmp-${process.pid}-${Date.now().toString(36)}${(staging++).toString(36)}`;
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
export function takeSpare(spare: string, staging: string, current?: Manifest): Taken | undefined {
  const tree = spareTree(spare);
  const manifest = readManifest(path.join(spare, 'tree.json'));
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
  return current.files.filter(([file, entry]) => held.get(file) === entry[0]).length / current.files.length;
}

/**
 * A name beside a folder to move it to while it is replaced or deleted (removeStale in cleanup.ts knows the form:
 * one left by a build that died between the two renames of its commit is put back).
 */
export function asideFolder(dir: string): string {
  return `${dir}.old-${process.pid}-${Date.now().toString(36)}`;
}

/** Renames a folder to a unique name beside it, so its name is free at once while it is deleted. */
function moveAside(dir: string): string {
  const aside = asideFolder(dir);
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
