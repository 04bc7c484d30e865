// What is reused between builds besides pages: the results of the stages that do not read content (islands,
// images, flags), and the dev server's state from one build to the next. `site build` keeps pages across runs
// through the record (record.ts) and those stages' results through a memo kept beside it (readStageMemo); the
// dev server keeps both in memory (LiveState).
import path from 'node:path';
import { Shards } from '../cache.ts';
import type { BuildRecord } from './record.ts';
import type { Output } from '../output/output.ts';
import type { SourceFile } from '../content/load.ts';
import type { CompiledTemplates } from '../render/templates.ts';
import type { Project } from '../project.ts';

/** Results of the stages that do not read content (islands, images, flags), with the files each placed. */
export type StageMemo = Map<string, { key: string; result: unknown; files: string[] }>;

/** State kept by the dev server between builds: caches, and the live output folder's file hashes. */
export interface LiveState {
  sources?: Map<string, SourceFile>;
  hashes: Map<string, string>;
  templates?: CompiledTemplates;
  /** Absolute paths changed since the last build, when the watcher knows them. */
  changed?: Set<string>;
  /** What each page read in the last build (incremental/record.ts). */
  record?: BuildRecord;
  stages?: StageMemo;
}

/**
 * Runs a stage that places output files, or reuses its last result from `memo`: when `reusable` (nothing but
 * content has changed since) and its key is the same as last time, its files are kept from the last output
 * instead of made again. `asReused` adjusts a reused result (its counts of work done, say). Without a memo
 * the stage just runs.
 */
export async function memoStage<T>(
  memo: StageMemo | undefined,
  output: Output,
  name: string,
  key: string,
  reusable: boolean,
  run: (output: Output) => Promise<T>,
  asReused: (result: T) => T = (result) => result,
): Promise<T> {
  if (!memo) return run(output);
  const last = memo.get(name);
  if (reusable && last?.key === key && output.keepAll(last.files)) return asReused(last.result as T);
  memo.delete(name);
  const files: string[] = [];
  const recording: Output = {
    emit: (file, contents) => {
      files.push(file);
      output.emit(file, contents);
    },
    has: (file) => output.has(file),
    canKeep: (file) => output.canKeep(file),
    // A file the stage keeps from the last build is one of its files as much as one it writes.
    keep: (file) => {
      const kept = output.keep(file);
      if (kept) files.push(file);
      return kept;
    },
    keepAll: (list) => {
      const kept = output.keepAll(list);
      if (kept) files.push(...list);
      return kept;
    },
    drain: () => output.drain(),
    files: () => output.files(),
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
export function readStageMemo(spare: string, rest: string): { memo: StageMemo; reusable: boolean } {
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
