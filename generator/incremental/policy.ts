// Which pages a build may keep from the last one, shared by `site build` (the record kept in .cache/) and
// `site serve` (the record kept in memory). A page is kept only when the last build's record is for the same
// tool, templates, assets, schemas and build date (the build key), its route is the same, none of the keys
// it read has changed, and the output still holds the file as that build wrote it. Otherwise it is rendered:
// when in doubt, render.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { Shards } from '../cache.ts';
import { toolRoot } from '../project.ts';
import { routeFreeFields, type Page } from '../routes.ts';
import { KeyTable, changedKeys, inputsHash, recordFormat, routeHash, type BuildRecord, type PageState } from './record.ts';
import type { Output } from '../output/output.ts';
import { assetKey, type Dep } from './tracker.ts';
import type { SourceFile } from '../content/load.ts';
import type { CompiledTemplates } from '../render/templates.ts';
import type { Project } from '../project.ts';

/**
 * The generator's own code (every .ts, .js and .json under generator/), its package versions (the lock file)
 * and Node's version: any change to how a build works renders everything. Computed once per process.
 *
 * Run as the CLI, the code is the bundle bin/site.js made of it, in a folder named by the path, size and
 * modification time of each of its sources: that name stands for the code that runs, and reading and hashing
 * a hundred source files again would say no more. Run from the sources (the
 * tests), they are hashed.
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

/** A hash of every file below a folder (sorted by path) whose name matches `only`, skipping the folders in `skip`. */
export function folderHash(dir: string, skip: string[] = [], only?: RegExp): string {
  const hash = createHash('sha256');
  const visit = (at: string) => {
    if (!fs.existsSync(at)) return;
    for (const entry of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (!skip.includes(abs)) visit(abs);
      } else if (!only || only.test(entry.name)) hash.update(`${path.relative(dir, abs)}\0`).update(fs.readFileSync(abs));
    }
  };
  visit(dir);
  return hash.digest('hex').slice(0, 16);
}

export class IncrementalPolicy {
  private changed?: Uint8Array;
  readonly keys: KeyTable;
  readonly pages = new Map<string, PageState>();
  private routes = new Map<string, string>();
  private readonly derived = new Map<string, string>();
  private changes = 0;
  private renders = 0;
  private assetKeys?: Map<number, string>;
  private readonly groups: Map<number, Uint32Array>;
  private readonly groupIndex = new Map<Set<Dep>, number>();
  /** Keys whose asset files assetsOf has named already in this build. */
  private assetsSeen?: Uint8Array;
  /** Asset keys no kept page has asked for yet: once there are none, no page can name a file not copied already. */
  private assetsLeft = 0;

  /**
   * `previous`: the last build's record, if any. `state`: this build's content state (record.ts contentState).
   * The key table carries over only from a record of the same build key, whose page deps stay valid.
   */
  constructor(
    private readonly previous: BuildRecord | undefined,
    private readonly key: string,
    private readonly state: Pick<BuildRecord, 'files' | 'lists'>,
  ) {
    const usable = previous && previous.key === key;
    this.keys = usable ? previous.keys : KeyTable.of();
    this.groups = usable ? previous.groups : new Map();
    if (usable) {
      const changed = changedKeys(previous, state);
      this.changes = changed.size;
      this.changed = new Uint8Array(this.keys.length);
      // A few changed keys are looked up in the table one by one; many, through a map of all of it.
      const all = changed.size > 64 ? this.keys.indexed() : undefined;
      for (const key of changed) {
        const i = all ? (all.get(key) ?? -1) : this.keys.indexOf(key);
        if (i >= 0) this.changed[i] = 1;
      }
      // A group has changed when one of its members has; members always stand before their group.
      for (const [i, members] of [...this.groups].sort(([a], [b]) => a - b)) {
        for (const member of members) if (this.changed[member]) this.changed[i] = 1;
      }
      this.routesKept = routesUnchanged(changed, previous, state);
    }
  }

  /** Whether no page's route can have changed since the last build (routesUnchanged): none is hashed to compare. */
  private routesKept = false;

  private route(page: Page): string {
    let hash = this.routes.get(page.path);
    if (hash === undefined) this.routes.set(page.path, (hash = routeHash(page)));
    return hash;
  }

  /**
   * Why a page must be rendered, or undefined when its last rendering can be kept as it is (before asking the
   * output to keep its file): the plan's question (plan.ts).
   */
  whyRender(page: Page): string | undefined {
    if (!this.previous) return 'no record of an earlier build';
    if (!this.changed) return 'the generator, templates, assets, schemas or build date changed';
    const last = this.previous.pages.get(page.path);
    if (!last) return 'a new page';
    if (!this.routesKept && last.route !== this.route(page)) return 'its route changed (address, file, title or, for a list, the posts it lists)';
    // Indexed, not for-of: this runs for every page early in a build, before V8 has optimised it, and a typed
    // array's iterator costs several times as much unoptimised.
    const { deps } = last;
    const changed = this.changed;
    for (let i = 0; i < deps.length; i++) if (changed[deps[i]]) return `${this.changedKey(deps[i])} changed`;
    return undefined;
  }

  /** The name of a changed key; for a group (a shared part's keys), of a changed member. */
  private changedKey(i: number): string {
    for (const member of this.groups.get(i) ?? []) if (this.changed![member]) return this.changedKey(member);
    return this.keys.at(i);
  }

  /** Records that a page was kept: its deps carry over unchanged. */
  kept(page: Page): void {
    this.pages.set(page.path, this.previous!.pages.get(page.path)!);
  }

  /**
   * The asset files (assets/...) a kept page's markup asked for, to be copied into the output again; only those
   * no page kept before it in this build asked for, since each is copied once. Thousands of kept pages share
   * the same few keys and groups, so each key is looked at once, not once per page.
   */
  assetsOf(page: Page): string[] {
    if (!this.assetKeys) {
      const prefix = assetKey('');
      this.assetKeys = new Map(this.keys.startingWith(prefix).map(([i, key]) => [i, key.slice(prefix.length)]));
      this.assetsSeen = new Uint8Array(this.keys.length);
      this.assetsLeft = this.assetKeys.size;
    }
    const names: string[] = [];
    if (this.assetsLeft === 0) return names;
    const { deps } = this.previous!.pages.get(page.path)!;
    const seen = this.assetsSeen!;
    // Indexed, and the keys seen already passed over here (most of them, after the first pages), for the same reason.
    for (let i = 0; i < deps.length; i++) if (!seen[deps[i]]) this.assetsIn(deps[i], names);
    return names;
  }

  private assetsIn(dep: number, names: string[]): void {
    if (this.assetsSeen![dep]) return;
    this.assetsSeen![dep] = 1;
    const name = this.assetKeys!.get(dep);
    if (name !== undefined) {
      names.push(name);
      this.assetsLeft--;
    } else for (const member of this.groups.get(dep) ?? []) this.assetsIn(member, names);
  }

  /** The hash of a content file's bytes, as this build read it. */
  fileHash(file: string): string | undefined {
    return this.state.files.get(file)?.hash;
  }

  /**
   * An output file made from `inputs` (not a page): kept from the last output when its inputs are the same,
   * otherwise made with `produce` and emitted. `inputs` may be a function, with `ofRoutes` when they are
   * made of the routes and the site's settings alone: while no route can have changed (routesUnchanged),
   * they are the last build's and are not made at all (the sitemap's are thousands of addresses).
   */
  async derive(output: Output, file: string, inputs: string | (() => string), produce: () => string | Uint8Array | Promise<string | Uint8Array>, ofRoutes = false): Promise<void> {
    const last = this.changed && this.previous!.derived.get(file);
    const hash = ofRoutes && this.routesKept && last ? last : inputsHash(typeof inputs === 'string' ? inputs : inputs());
    this.derived.set(file, hash);
    if (last === hash && output.keep(file)) return;
    this.renders++;
    output.emit(file, await produce());
  }

  /** Whether this build's record would say the same as the last one's: nothing changed, nothing rendered. */
  unchanged(): boolean {
    return !!this.changed && this.changes === 0 && this.renders === 0 && this.pages.size === this.previous!.pages.size && this.keys.length === this.changed.length;
  }

  /** Records what a rendered page read. */
  rendered(page: Page, deps: Set<Dep>): void {
    this.renders++;
    // Its keys are looked for first among those it read last time: a page rendered again reads the same
    // keys, mostly, and the few it renders need not index the whole table.
    const last = this.previous?.key === this.key ? this.previous.pages.get(page.path) : undefined;
    this.pages.set(page.path, { route: this.route(page), deps: this.encode(deps, last && this.near(last.deps)) });
  }

  /** Keys as indices into the table; a group (a shared part's keys) once, as a key of its own. */
  private encode(deps: Set<Dep>, near?: Map<string, number>): Uint32Array {
    const indices = new Uint32Array(deps.size);
    let n = 0;
    for (const dep of deps) {
      if (typeof dep !== 'string') {
        let g = this.groupIndex.get(dep);
        if (g === undefined) {
          const members = this.encode(dep, near);
          g = this.groupOf(members);
          this.groups.set(g, members);
          this.groupIndex.set(dep, g);
        }
        indices[n++] = g;
        continue;
      }
      let i = near?.get(dep);
      if (i === undefined) {
        // Rendering many pages (or a page that read a key it had not), through a map of the whole table.
        const all = this.keys.indexed();
        i = all.get(dep) ?? this.keys.push(dep);
      }
      indices[n++] = i;
    }
    return indices;
  }

  /** The keys a page's deps name, groups' members included, by key. */
  private near(deps: Uint32Array, found = new Map<string, number>()): Map<string, number> {
    for (const i of deps) {
      const members = this.groups.get(i);
      if (members) this.near(members, found);
      else found.set(this.keys.at(i), i);
    }
    return found;
  }

  private groupsByMembers?: Map<string, number>;

  /**
   * The group key of the table with these very members, added if there is none: a shared part that read what
   * it read last time is the same group, and the table does not grow by a group each time a page that shows
   * it renders.
   */
  private groupOf(members: Uint32Array): number {
    this.groupsByMembers ??= new Map([...this.groups].map(([g, list]) => [list.join(), g]));
    const id = members.join();
    let g = this.groupsByMembers.get(id);
    if (g === undefined) this.groupsByMembers.set(id, (g = this.keys.push(`group:${this.keys.length}`)));
    return g;
  }

  /** This build's record, once every page was rendered or kept. */
  record(): BuildRecord {
    return { format: recordFormat, key: this.key, ...this.state, keys: this.keys, pages: this.pages, derived: this.derived, groups: this.groups };
  }
}

/**
 * Whether every change to the content since the last build is to fields of entries that routes() never reads
 * (routeFreeFields: a post's body, say): then every route is the same as the last build's. Any other change
 * (a file that is not an entry, such as site.json, or an entry added, removed or moved in a list) says no.
 */
function routesUnchanged(changed: Set<string>, before: BuildRecord, after: Pick<BuildRecord, 'files' | 'lists'>): boolean {
  for (const key of changed) {
    if (key.startsWith('list:')) return false;
    const field = key.indexOf('#');
    if (field >= 0) {
      if (!routeFreeFields.has(key.slice(field + 1))) return false;
    } else if (!key.endsWith('/') && !(before.files.get(key)?.fields && after.files.get(key)?.fields)) return false;
  }
  return true;
}

// What the dev server keeps between builds, and the stages it reuses while their inputs are unchanged. `site
// build` keeps pages across runs through the record above, and the results of those stages through a memo
// kept beside it (readStageMemo); the dev server keeps both in memory.

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
