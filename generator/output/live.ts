// The dev server's output: updated in place after a successful build, touching only files whose bytes
// changed, and telling which.
import fs from 'node:fs';
import path from 'node:path';
import { contentHash } from './tree.ts';
import { BaseOutput } from './output.ts';

/**
 * The hash of a file whose bytes are not known: a write to it began and may not have ended. Never any file's
 * hash, so the file is written again when next produced; not kept; still removed when no longer produced.
 */
const unknown = '';

/**
 * Collects a build in memory and applies it to a live folder, writing only what changed. Used by the dev
 * server, whose sites are small; `changed` lists the files that differ from the previous build.
 */
export class LiveOutput extends BaseOutput {
  private pending = new Map<string, Uint8Array>();
  private found = new Map<string, boolean>();

  constructor(readonly target: string, private readonly previous: Map<string, string>) {
    super();
  }

  emit(file: string, contents: string | Uint8Array, source?: string): void {
    this.note(file, source);
    this.pending.set(file, typeof contents === 'string' ? Buffer.from(contents) : contents);
  }

  canKeep(file: string): boolean {
    return !this.placed.has(file) && this.has(file);
  }

  /**
   * Known, and still in the folder: one deleted since (rm -rf dist/ while serving) is made again. Each file is
   * looked for once a build, as canKeep and then keep ask of the same page.
   */
  private has(file: string): boolean {
    let found = this.found.get(file);
    if (found === undefined) this.found.set(file, (found = !!this.previous.get(file) && fs.existsSync(path.join(this.target, file))));
    return found;
  }

  /**
   * Keeps a file of the previous build as it is, without producing it again. False if there is none, if its
   * bytes are unknown, or if it is gone from the folder.
   */
  keep(file: string, source?: string): boolean {
    if (!this.has(file)) return false;
    // Noted as an emitted file is: a second source of a file kept is refused too (OUTPUT_TWICE).
    this.note(file, source);
    return true;
  }

  /** Writes changed files, deletes files the build no longer makes; returns the new hashes and what changed. */
  commit(): { hashes: Map<string, string>; changed: string[] } {
    const hashes = new Map<string, string>();
    const changed: string[] = [];
    // Placed and not emitted: kept.
    for (const file of this.placed.keys()) if (!this.pending.has(file)) hashes.set(file, this.previous.get(file)!);
    for (const [file, buffer] of this.pending) {
      const hash = contentHash(buffer);
      hashes.set(file, hash);
      const abs = path.join(this.target, file);
      if (this.previous.get(file) === hash && fs.existsSync(abs)) continue;
      // `previous` is the server's record of the folder until a build succeeds: should a write fail, the next
      // build must not take this file for what it held before (it skipped writing back the old bytes).
      this.previous.set(file, unknown);
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
    this.found.clear();
    return { hashes, changed: changed.sort() };
  }
}
