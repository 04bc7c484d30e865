// What is reused between builds besides pages: the results of the stages that do not read content (islands,
// images, flags), the dev server's state from one build to the next, and the keys that say whether a result
// kept from an earlier build still holds (toolKey, folderHash). `site build` keeps pages across runs through
// the record (record.ts) and those stages' results through a memo kept beside it (readStageMemo); the dev
// server keeps both in memory (LiveState).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { Shards } from '../cache.ts';
import { notAFile, toolRoot, type Project } from '../project.ts';
import { BuildFailure } from '../errors.ts';
import type { BuildRecord } from './record.ts';
import type { Output } from '../output/output.ts';
import type { SourceFile } from '../content/load.ts';
import type { CompiledTemplates, TemplateContexts } from '../render/templates.ts';

/**
 * The generator's own code (every .ts, .js and .json under generator/), its package versions (the lock file)
 * and Node's version: any change to how a build works renders everything. Part of the build key (plan.ts) and
 * of the key of every result kept between builds. Computed once per process.
 *
 * Run as the CLI, the code is the bundle bin/site.js made of it, in a folder named by the path, size and
 * modification time of each of its sources: that name stands for the code that runs, and reading and hashing
 * a hundred source files again would say no more. Run from the sources (the tests), they are hashed.
 */
let toolKeyMemo: string | undefined;
export function toolKey(): string {
  if (toolKeyMemo) return toolKeyMemo;
  const code = import.meta.url.endsWith('.ts') ? folderHash(path.join(toolRoot, 'generator'), [], /\.(ts|js|json)$/) : `bundle ${path.basename(path.dirname(fileURLToPath(import.meta.url)))}`;
  const hash = createHash('sha256').update(process.version).update(code);
  for (const file of ['package-lock.json', 'package.json']) {
    const abs = path.join(toolRoot, file);
    if (fs.existsSync(abs)) hash.update(fs.readFileSync(abs));
  }
  return (toolKeyMemo = hash.digest('hex').slice(0, 16));
}

/**
 * Every file below a folder (sorted by path) whose name matches `only`, skipping the folders in `skip`. One that is
 * not a regular file fails the build (NOT_A_FILE) before anything reads it: reading a named pipe waits for ever.
 */
export function filesBelow(dir: string, skip: string[] = [], only?: RegExp): string[] {
  const files: string[] = [];
  const visit = (at: string) => {
    if (!fs.existsSync(at)) return;
    for (const entry of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (!skip.includes(abs)) visit(abs);
      } else if (!only || only.test(entry.name)) {
        // Only what the listing does not already show to be a file is looked at again (a link, a pipe), named
        // from the folder's parent, as the user knows it: assets/css/x.css.
        const unreadable = entry.isFile() ? undefined : notAFile(abs, path.relative(path.dirname(dir), abs).replaceAll(path.sep, '/'));
        if (unreadable) throw new BuildFailure(path.basename(dir), [unreadable]);
        files.push(abs);
      }
    }
  };
  visit(dir);
  return files;
}

/** A hash of every file below a folder (sorted by path) whose name matches `only`, skipping the folders in `skip`. */
export function folderHash(dir: string, skip: string[] = [], only?: RegExp): string {
  const hash = createHash('sha256');
  for (const abs of filesBelow(dir, skip, only)) hash.update(`${path.relative(dir, abs)}\0`).update(fs.readFileSync(abs));
  return hash.digest('hex').slice(0, 16);
}

/** Results of the stages that do not read content (islands, images, flags), with the files each placed. */
export type StageMemo = Map<string, { key: string; result: unknown; files: string[] }>;

/** State kept by the dev server between builds: caches, and the live output folder's file hashes. */
export interface LiveState {
  sources?: Map<string, SourceFile>;
  hashes: Map<string, string>;
  templates?: CompiledTemplates;
  /** The esbuild contexts the templates compile in, disposed when the dev server closes. */
  templateContexts: TemplateContexts;
  /** Absolute paths changed since the last build, when the watcher knows them. */
  changed?: Set<string>;
  /** What each page read in the last build (incremental/record.ts). */
  record?: BuildRecord;
  stages?: StageMemo;
}

/** The stages' last results, and whether they may be reused: only when nothing but content has changed since. */
export interface Stages {
  memo: StageMemo;
  reusable: boolean;
}

/**
 * Runs a stage that places output files, or reuses its last result from `stages.memo`: when `reusable` (nothing
 * but content has changed since) and its key is the same as last time, its files are kept from the last output
 * instead of made again. `asReused` adjusts a reused result (its counts of work done, say). Without a memo
 * the stage just runs.
 */
export async function memoStage<T>(
  stages: Stages | undefined,
  output: Output,
  name: string,
  key: string,
  run: (output: Output) => Promise<T>,
  asReused: (result: T) => T = (result) => result,
): Promise<T> {
  if (!stages) return run(output);
  const { memo, reusable } = stages;
  const last = memo.get(name);
  if (reusable && last?.key === key && last.files.every((file) => output.canKeep(file))) {
    for (const file of last.files) output.keep(file);
    return asReused(last.result as T);
  }
  memo.delete(name);
  const files: string[] = [];
  const recording: Output = {
    emit: (file, contents, source) => {
      files.push(file);
      output.emit(file, contents, source);
    },
    canKeep: (file) => output.canKeep(file),
    // A file the stage keeps from the last build is one of its files as much as one it writes.
    keep: (file, source) => {
      const kept = output.keep(file, source);
      if (kept) files.push(file);
      return kept;
    },
    drain: () => output.drain(),
  };
  const result = await run(recording);
  memo.set(name, { key, result, files });
  return result;
}

/** Kept as a single shard (cache.ts): one V8-serialised file of a version, written whole or not at all. */
const memoStore = (spare: string) => new Shards<{ rest: string; memo: StageMemo }>(spare, 'stages', 'stages-v1', 1);

/**
 * The stage memo `site build` keeps beside its output's record (spare.ts), and whether its results may be
 * reused: only when everything but the content is as it was when they were made (InputStamp.rest). Saved
 * with the stamp, once the output it describes is in place (saveStageMemo).
 */
export function readStageMemo(spare: string, rest: string): Stages {
  // None yet, unreadable or made from other inputs: every stage runs.
  const stored = memoStore(spare).readOne(0);
  return stored?.rest === rest && stored.memo instanceof Map ? { memo: stored.memo, reusable: true } : { memo: new Map(), reusable: false };
}

export function saveStageMemo(spare: string, rest: string, memo: StageMemo): void {
  memoStore(spare).write(0, { rest, memo });
}

/** The dev server's compiled templates, while no file under templates/ or islands/ has changed since. */
export function reusableTemplates(project: Project, live: LiveState | undefined): CompiledTemplates | undefined {
  if (!live?.templates || !live.changed) return undefined;
  const dirs = [project.templates, project.islands].map((d) => d + path.sep);
  const inputs = new Set(live.templates.inputs);
  for (const file of live.changed) if (inputs.has(file) || dirs.some((d) => file.startsWith(d))) return undefined;
  return live.templates;
}
