// What a build remembers for the next one: the state of every content file, the order of every tracked
// list, and for each page the keys it read (tracker.ts) and a hash of its route. The next build, in the same
// process (`site serve`) or a later one (`site build`, kept in .cache/), compares that state with its own
// (plan.ts) and re-renders only the pages that read something that differs. Anything it cannot compare, it
// treats as changed. Here: the record's format, how it is saved and read back, and NextRecord, which makes the
// next record as a build carries out its plan.
import path from 'node:path';
import v8 from 'node:v8';
import { hashText, type SourceFile } from '../content/load.ts';
import type { SiteModel } from '../content/model.ts';
import { pageSource, type Page } from '../routes.ts';
import type { Output } from '../output/output.ts';
import { outputKey, readCacheFile } from '../cache.ts';
import { assetKey, trackedLists, type Dep } from './tracker.ts';
import type { BuildKey, Changes, ContentState, Planned } from './plan.ts';

/** Records of another format are ignored. */
export const recordFormat = 10;

export interface BuildRecord {
  format: number;
  /** Everything every page depends on besides content, by part (BuildKey in plan.ts). */
  key: BuildKey;
  files: Map<string, FileState>;
  /** Each tracked list's entries, by file, in order. */
  lists: Map<string, string[]>;
  /** The keys pages read (tracker.ts), which pages' deps index; it only grows, so a kept page's deps stay valid. */
  keys: string[];
  pages: Map<string, PageState>;
  /** Output files made from inputs other than a page's (the sitemap, the feed): a fingerprint of those inputs. */
  derived: Map<string, string>;
  /** Keys of the table that stand for a group of keys (what a shared part read), with the group's members. */
  groups: Map<number, Uint32Array>;
  /** The key of the schema validators every file in `files` passed (content/validate.ts). */
  validated?: string;
  /** What the checks across files read besides content (content/join.ts), when they last passed. */
  checked?: string;
}

export interface FileState {
  hash: string;
  /**
   * For an entry of a collection: a fingerprint of each top-level field of the model's entry, as one string
   * (fieldsText): one string per file, not a map of a dozen, is most of what a record of thousands of posts
   * reads and writes. It is taken apart only for a file whose hash changed.
   */
  fields?: string;
}

export function fieldsMap(text: string | undefined): Map<string, string> {
  if (!text) return new Map();
  return new Map(text.split('\u0002').map((pair) => pair.split('\u0001') as [string, string]));
}

export interface PageState {
  /** A hash of the page's route (address, file, title, description, ...), without its entry. */
  route: string;
  /** Indices into the record's keys. */
  deps: Uint32Array;
}

/** Where `site build` keeps the record of the build into `out`. */
export function recordFile(cache: string, out: string): string {
  return path.join(cache, 'incremental', `${outputKey(out)}.bin`);
}

export function loadRecord(file: string): BuildRecord | undefined {
  const record = readCacheFile<BuildRecord>(file, 'v8');
  return record?.format === recordFormat ? record : undefined;
}

/** A record as it is saved (recordFile), for loadRecord to read back. */
export function encodeRecord(record: BuildRecord): Buffer {
  return v8.serialize(record);
}

/**
 * A short fingerprint of a value: small values as they are, larger ones hashed. A long text is hashed as it
 * is, marked so it cannot pass for a hashed JSON text: escaping a post's body into JSON first would only add
 * work.
 */
function fingerprint(value: unknown): string {
  if (typeof value === 'string' && value.length > 46) return `~${hashText(value)}`;
  const json = JSON.stringify(value) ?? 'undefined';
  return json.length <= 48 ? json : hashText(json);
}

export function routeHash(page: Page): string {
  const { data: _data, ...route } = page;
  return fingerprint(route);
}

/** A hash of a content file's bytes and of the facts its placeholders name. */
function fileHash(file: SourceFile): string {
  return file.factsKey === undefined ? file.textHash : hashText(`${file.textHash}\0${file.factsKey}`);
}

/** Whether a content file is as the build that made `record` read it. */
export function unchangedSince(record: BuildRecord | undefined, file: SourceFile): boolean {
  return record?.files.get(file.path)?.hash === fileHash(file);
}

/** The state of the content as a record keeps it. Fields are fingerprinted only for files whose bytes changed. */
export function contentState(files: SourceFile[], model: SiteModel, previous?: BuildRecord): ContentState {
  const state = new Map<string, FileState>();
  for (const f of files) state.set(f.path, { hash: fileHash(f) });
  const entries = [...trackedLists.flatMap((name) => model[name] as { file: string }[]), ...(model.target ? [model.target] : [])];
  for (const entry of entries) {
    const now = state.get(entry.file);
    if (!now) continue;
    const before = previous?.files.get(entry.file);
    now.fields = before?.hash === now.hash && before.fields ? before.fields : fieldsText(entry);
  }
  const lists = new Map<string, string[]>();
  for (const name of trackedLists) lists.set(name, (model[name] as { file: string }[]).map((e) => e.file));
  // The menus, each a list the tracker follows as it does those above (tracker.ts).
  for (const [name, entries] of Object.entries(model.menus)) lists.set(`menus.${name}`, entries.map((e: { file: string }) => e.file));
  return { files: state, lists };
}

/**
 * An entry's field names and fingerprints, as FileState keeps them; with a post's body, which is its class's
 * getter rather than a field of its own (model.ts): it stands in by its hash, so the record is made without
 * reading every post's text again.
 */
function fieldsText(entry: object): string {
  const fields = Object.entries(entry);
  if ('bodyHash' in entry) fields.push(['body', entry.bodyHash]);
  return fields.map(([name, value]) => `${name}\u0001${fingerprint(value)}`).join('\u0002');
}

/**
 * The record this build makes for the next one, filled in as the build carries out its plan (plan.ts): a kept
 * page's state carries over as it was, a rendered page's is what it read this time. The key table and the
 * groups carry over only from a record of the same build key, whose pages' deps stay valid.
 */
export class NextRecord {
  private readonly keys: string[];
  /** Every key's index, made when a rendered page reads a key it did not read last time. */
  private index?: Map<string, number>;
  private readonly pages = new Map<string, PageState>();
  private readonly derived = new Map<string, string>();
  private readonly groups: Map<number, Uint32Array>;
  private readonly groupIndex = new Map<Set<Dep>, number>();
  private groupsByMembers?: Map<string, number>;
  private renders = 0;
  /** The asset keys' indices, with the file each names. */
  private assetKeys?: Map<number, string>;
  /** Keys assetsIn has looked at already in this build: each asset file is copied once. */
  private assetsSeen?: Uint8Array;

  constructor(private readonly changes: Changes) {
    this.keys = [...(changes.last?.keys ?? [])];
    this.groups = new Map(changes.last?.groups);
  }

  /**
   * Keeps the pages the plan keeps: in the output, in this record, and with the asset files their markup asked
   * for copied again (`copyAsset`), since nothing else asks for them now. Returns the pages to render: those
   * the plan renders, and any the output will not keep after all (when in doubt, render).
   */
  keep(planned: readonly Planned[], output: Output, copyAsset: (name: string) => void): Page[] {
    const toRender: Page[] = [];
    for (const { page, action } of planned) {
      if (action === 'render' || !output.keep(page.file, pageSource(page))) {
        toRender.push(page);
        continue;
      }
      const last = this.changes.previous!.pages.get(page.path)!;
      this.pages.set(page.path, last);
      this.copyAssets(last.deps, copyAsset);
    }
    return toRender;
  }

  /**
   * Copies the asset files (assets/...) a kept page's markup asked for and no page kept before it in this build
   * did. Thousands of kept pages share the same few keys and groups, so each key is looked at once, not per page.
   */
  private copyAssets(deps: Uint32Array, copyAsset: (name: string) => void): void {
    if (!this.assetKeys) {
      const prefix = assetKey('');
      this.assetKeys = new Map();
      this.keys.forEach((key, i) => key.startsWith(prefix) && this.assetKeys!.set(i, key.slice(prefix.length)));
      this.assetsSeen = new Uint8Array(this.keys.length);
    }
    // Indexed, as in Changes.whyRender (plan.ts).
    for (let i = 0; i < deps.length; i++) this.assetsIn(deps[i], copyAsset);
  }

  private assetsIn(dep: number, copyAsset: (name: string) => void): void {
    if (this.assetsSeen![dep]) return;
    this.assetsSeen![dep] = 1;
    const name = this.assetKeys!.get(dep);
    if (name !== undefined) copyAsset(name);
    else for (const member of this.groups.get(dep) ?? []) this.assetsIn(member, copyAsset);
  }

  /** Records what a rendered page read. */
  rendered(page: Page, deps: Set<Dep>): void {
    this.renders++;
    // Its keys are looked for first among those it read last time: a page rendered again reads the same
    // keys, mostly, and the few it renders need not index the whole table.
    const last = this.changes.last?.pages.get(page.path);
    this.pages.set(page.path, { route: this.changes.route(page), deps: this.encode(deps, last && this.near(last.deps)) });
  }

  /**
   * An output file made from `inputs` (not a page): kept from the last output when its inputs are the same,
   * otherwise made with `produce` and emitted. `inputs` may be a function, with `ofRoutes` when they are
   * made of the routes and the site's settings alone: while no route can have changed (Changes.routesKept),
   * they are the last build's and are not made at all (the sitemap's are as many as the pages).
   */
  async derive(output: Output, file: string, inputs: string | (() => string), produce: () => string | Uint8Array | Promise<string | Uint8Array>, ofRoutes = false): Promise<void> {
    const last = this.changes.last?.derived.get(file);
    const hash = ofRoutes && this.changes.routesKept && last ? last : hashText(typeof inputs === 'string' ? inputs : inputs());
    this.derived.set(file, hash);
    if (last === hash && output.keep(file)) return;
    this.renders++;
    output.emit(file, await produce());
  }

  /** The hash of a content file's bytes, as this build read it. */
  contentHash(file: string): string | undefined {
    return this.changes.state.files.get(file)?.hash;
  }

  /** Whether this record would say the same as the last one: nothing changed, nothing rendered. */
  unchanged(): boolean {
    const { last, count } = this.changes;
    return !!last && count === 0 && this.renders === 0 && this.pages.size === last.pages.size && this.keys.length === last.keys.length;
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
        this.index ??= new Map(this.keys.map((key, i) => [key, i]));
        i = this.index.get(dep) ?? this.push(dep);
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
      else found.set(this.keys[i], i);
    }
    return found;
  }

  /**
   * The group key of the table with these very members, added if there is none: a shared part that read what
   * it read last time is the same group, and the table does not grow by a group each time a page that shows
   * it renders.
   */
  private groupOf(members: Uint32Array): number {
    this.groupsByMembers ??= new Map([...this.groups].map(([g, list]) => [list.join(), g]));
    const id = members.join();
    let g = this.groupsByMembers.get(id);
    if (g === undefined) this.groupsByMembers.set(id, (g = this.push(`group:${this.keys.length}`)));
    return g;
  }

  /** Adds a key (not in the table) and returns its index. */
  private push(key: string): number {
    this.index?.set(key, this.keys.length);
    return this.keys.push(key) - 1;
  }

  /** This build's record, once every page was rendered or kept. */
  record(): BuildRecord {
    return { format: recordFormat, key: this.changes.key, ...this.changes.state, keys: this.keys, pages: this.pages, derived: this.derived, groups: this.groups };
  }
}
