// The spare: the output a build replaced, kept in the project's cache so the next build starts from it and
// writes only the files whose bytes differ (tree.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Entry } from './tree.ts';
import { outputKey, writeFileAtomic } from '../cache.ts';
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

export interface Manifest {
  ino: number;
  files: [string, Entry][];
}

export function readManifest(file: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    return typeof manifest.ino === 'number' && Array.isArray(manifest.files) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

export function writeManifest(file: string, ino: number, files: [string, Entry][]): void {
  writeFileAtomic(file, JSON.stringify({ ino, files } satisfies Manifest));
}

/**
 * Moves the spare into place as the staging folder and returns what it holds; undefined if there is none to
 * trust, or if it is too far behind `current` (the output it would be brought up to): after a build that
 * changed most pages, replacing most of the spare's files costs more than linking the current ones into an
 * empty folder, so the spare is deleted in the background instead.
 */
export function takeSpare(spare: string, staging: string, current?: Manifest): Map<string, Entry> | undefined {
  const tree = path.join(spare, 'tree');
  const manifest = readManifest(path.join(spare, 'tree.json'));
  fs.rmSync(path.join(spare, 'tree.json'), { force: true });
  if (!fs.existsSync(tree)) return undefined;
  if (manifest && manifest.ino === fs.statSync(tree).ino && (!current || sameShare(manifest, current) >= 0.5)) {
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

/** Keeps the replaced output as the next build's spare. False if it cannot be moved there. */
export function keepSpare(spare: string, old: string, manifest: Manifest): boolean {
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
