// What a build remembers for the next one: the state of every content file, the order of every tracked
// list, and for each page the keys it read (tracker.ts) and a hash of its route. The next build, in the same
// process (`site serve`) or a later one (`site build`, kept in .cache/), compares that state with its own
// (plan.ts) and re-renders only the pages that read something that differs. Anything it cannot compare, it
// treats as changed. Here: the record's format, how it is saved and read back, and NextRecord, which makes the
// next record as a build carries out its plan.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { hash } from 'node:crypto';
import type { SourceFile } from '../content/load.ts';
import type { SiteModel } from '../content/model.ts';
import type { Page } from '../routes.ts';
import type { Output } from '../output/output.ts';
import { outputKey } from '../cache.ts';
import { assetKey, trackedLists, trackedMenus, type Dep } from './tracker.ts';
import type { Changes, ContentState, Planned } from './plan.ts';

/** Records of another format are ignored. */
export const recordFormat = 8;

export interface BuildRecord {
  format: number;
  /** Everything every page depends on besides content: the tool, templates, assets, schemas, the build date. */
  key: string;
  files: Map<string, FileState>;
  /** Each tracked list's entries, by file, in order. */
  lists: Map<string, string[]>;
  /** The key table the pages' deps index; it only grows, so a reused page's deps stay valid as they are. */
  keys: KeyTable;
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

/** Field names and fingerprints, as FileState keeps them. */
function fieldsText(fields: [string, string][]): string {
  return fields.map(([name, value]) => `${name}\u0001${value}`).join('\u0002');
}

export function fieldsMap(text: string | undefined): Map<string, string> {
  if (!text) return new Map();
  return new Map(text.split('\u0002').map((pair) => pair.split('\u0001') as [string, string]));
}

export interface PageState {
  /** A hash of the page's route (address, file, title, description, ...), without its entry. */
  route: string;
  /** Indices into the record's key table. */
  deps: Uint32Array;
}

/**
 * The table of keys pages read (tracker.ts), which only grows: a page's deps are indices into it. A record of
 * thousands of posts holds tens of thousands of keys, and an edit looks up a few of
 * them: so the keys a record was saved with stay the one text they were saved as (`saved`, joined by the
 * separator), and are taken out of it one by one when asked for, rather than split into as many strings,
 * indexed in a map of as many entries, and joined again on every build. Keys added since are kept apart.
 */
export class KeyTable {
  /** Where each saved key starts in the text, once a key is asked for by its index. */
  private starts?: Uint32Array;
  /** Every key's index, made only when a lookup by the text would cost more (many keys, or a key not found). */
  private index?: Map<string, number>;

  private constructor(
    private readonly saved: Joined,
    private readonly added: string[],
  ) {}

  /** A table of the keys as one text (Joined), as a packed record holds them. */
  static joined(saved: Joined): KeyTable {
    return new KeyTable(saved, []);
  }

  /** A table of keys given one by one (a record saved unpacked, or a new table). */
  static of(keys: string[] = []): KeyTable {
    return new KeyTable({ text: '', count: 0 }, [...keys]);
  }

  get length(): number {
    return this.saved.count + this.added.length;
  }

  /** The key at an index. */
  at(i: number): string {
    if (i >= this.saved.count) return this.added[i - this.saved.count];
    const starts = (this.starts ??= startsOf(this.saved));
    const end = i + 1 < this.saved.count ? starts[i + 1] - 1 : this.saved.text.length;
    return this.saved.text.slice(starts[i], end);
  }

  /** A key's index, or -1. */
  indexOf(key: string): number {
    if (this.index) return this.index.get(key) ?? -1;
    const added = this.added.indexOf(key);
    if (added >= 0) return this.saved.count + added;
    const { text, count } = this.saved;
    if (!count) return -1;
    // A key stands after a separator (or at the start) and before one, but for the last.
    const before = (at: number) => at === 0 || text.charCodeAt(at - 1) === 0;
    const followed = key + separator;
    for (let at = text.indexOf(followed); at >= 0; at = text.indexOf(followed, at + 1)) if (before(at)) return this.indexAt(at);
    const last = text.length - key.length;
    return last >= 0 && text.endsWith(key) && before(last) ? count - 1 : -1;
  }

  /** Indices of many keys at once: from a map of every key, made once. */
  indexed(): Map<string, number> {
    if (!this.index) {
      this.index = new Map();
      for (let i = 0; i < this.length; i++) this.index.set(this.at(i), i);
    }
    return this.index;
  }

  /** Adds a key (not in the table) and returns its index. */
  push(key: string): number {
    this.added.push(key);
    const i = this.length - 1;
    this.index?.set(key, i);
    return i;
  }

  /** The index and key of every key that starts with `prefix`. */
  startingWith(prefix: string): [number, string][] {
    const found: [number, string][] = [];
    const { text, count } = this.saved;
    for (let at = count ? text.indexOf(prefix) : -1; at >= 0; at = text.indexOf(prefix, at + 1)) {
      if (at > 0 && text.charCodeAt(at - 1) !== 0) continue;
      const end = text.indexOf(separator, at);
      found.push([this.indexAt(at), text.slice(at, end < 0 ? text.length : end)]);
    }
    this.added.forEach((key, i) => key.startsWith(prefix) && found.push([count + i, key]));
    return found;
  }

  toArray(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }

  /** The keys as a packed record saves them, or undefined when one holds the separator. */
  pack(): Joined | undefined {
    if (this.added.some((key) => key.includes(separator))) return undefined;
    if (!this.added.length) return this.saved;
    const rest = this.added.join(separator);
    return { text: this.saved.count ? `${this.saved.text}${separator}${rest}` : rest, count: this.length };
  }

  /** The index of the saved key that starts at a position of the text. */
  private indexAt(position: number): number {
    const starts = (this.starts ??= startsOf(this.saved));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (starts[middle] <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/** Where each part of a joined text starts. */
function startsOf({ text, count }: Joined): Uint32Array {
  const starts = new Uint32Array(count);
  for (let i = 1, at = text.indexOf(separator); i < count; at = text.indexOf(separator, at + 1)) starts[i++] = at + 1;
  return starts;
}

/** Where `site build` keeps the record of the build into `out`. */
export function recordFile(cache: string, out: string): string {
  return path.join(cache, 'incremental', `${outputKey(out)}.bin`);
}

/**
 * The record as it is saved: the key table and the files' states as a few long strings rather than hundreds
 * of thousands of short ones, since V8 reads one long string and splits it for much less than it reads many
 * short ones, and a split string's parts are cheap for the collector. A record with a string that holds the
 * separator is saved unpacked, as it is.
 */
type SavedRecord = Omit<BuildRecord, 'keys' | 'files' | 'pages'> &
  (
    | { keys: string[]; files: Map<string, FileState>; pages: Map<string, PageState> }
    | { keys: Joined; files: { paths: Joined; hashes: Joined; fields: Joined }; pages: PackedPages }
  );

/**
 * The pages' states as the record saves them: paths and routes joined, and every page's deps in one array,
 * page after page (`ends`: where each page's end). A small typed array per page would make saving and reading
 * the record mostly the overhead of as many objects.
 */
interface PackedPages {
  paths: Joined;
  routes: Joined;
  deps: Uint32Array;
  ends: Uint32Array;
}

function packPages(paths: Joined, routes: Joined, states: PageState[]): PackedPages {
  const ends = new Uint32Array(states.length);
  let end = 0;
  for (let i = 0; i < states.length; i++) ends[i] = end += states[i].deps.length;
  const deps = new Uint32Array(end);
  for (let i = 0; i < states.length; i++) deps.set(states[i].deps, ends[i] - states[i].deps.length);
  return { paths, routes, deps, ends };
}

/** The pages of a packed record; each page's deps a view into the one array. */
function unpackPages(packed: PackedPages): Map<string, PageState> {
  const [paths, routes] = [split(packed.paths), split(packed.routes)];
  const pages = new Map<string, PageState>();
  for (let i = 0, start = 0; i < paths.length; start = packed.ends[i++]) pages.set(paths[i], { route: routes[i], deps: packed.deps.subarray(start, packed.ends[i]) });
  return pages;
}

/** A list of strings as one, with its length (an empty list and a list of one empty string join alike). */
interface Joined {
  text: string;
  count: number;
}

/** Separates the parts of a joined string: no file name, key or fingerprint holds it (checked when saving). */
const separator = '\0';
const join = (list: string[]): Joined => ({ text: list.join(separator), count: list.length });
const split = ({ text, count }: Joined): string[] => (count ? text.split(separator) : []);

export function loadRecord(file: string): BuildRecord | undefined {
  try {
    const saved = v8.deserialize(fs.readFileSync(file)) as SavedRecord;
    if (saved.format !== recordFormat) return undefined;
    if (Array.isArray(saved.keys)) return { ...(saved as Omit<BuildRecord, 'keys'>), keys: KeyTable.of(saved.keys) };
    const packed = saved.files as { paths: Joined; hashes: Joined; fields: Joined };
    const [paths, hashes, fields] = [split(packed.paths), split(packed.hashes), split(packed.fields)];
    const files = new Map<string, FileState>();
    for (let i = 0; i < paths.length; i++) files.set(paths[i], fields[i] ? { hash: hashes[i], fields: fields[i] } : { hash: hashes[i] });
    return { ...saved, keys: KeyTable.joined(saved.keys), files, pages: unpackPages(saved.pages as PackedPages) };
  } catch {
    return undefined;
  }
}

/** A record as it is saved (recordFile), for loadRecord to read back. */
export function encodeRecord(record: BuildRecord): Buffer {
  const states = [...record.files.values()];
  const pages = [...record.pages.values()];
  const lists = [[...record.files.keys()], states.map((s) => s.hash), states.map((s) => s.fields ?? ''), [...record.pages.keys()], pages.map((p) => p.route)];
  // Saved as they are in the unlikely case that a string holds the separator.
  const keys = record.keys.pack();
  const packable = keys && lists.every((list) => list.every((text) => !text.includes(separator)));
  const [paths, hashes, fields, pagePaths, routes] = lists.map(join);
  const saved: SavedRecord = packable ? { ...record, keys, files: { paths, hashes, fields }, pages: packPages(pagePaths, routes, pages) } : { ...record, keys: record.keys.toArray() };
  return v8.serialize(saved);
}

/** A short hash of a text, for fingerprints: not a secret, only a name for what went in. */
const sha1 = (text: string) => hash('sha1', text, 'base64url');

/**
 * A short fingerprint of a value: small values as they are, larger ones hashed. A long text is hashed as it
 * is, marked so it cannot pass for a hashed JSON text: escaping a post's body into JSON first would only add
 * work.
 */
function fingerprint(value: unknown): string {
  if (typeof value === 'string' && value.length > 46) return `~${sha1(value)}`;
  const json = JSON.stringify(value) ?? 'undefined';
  return json.length <= 48 ? json : sha1(json);
}

export function routeHash(page: Page): string {
  const { data: _data, ...route } = page;
  return fingerprint(route);
}

const hashes = new WeakMap<SourceFile, string>();

/** A hash of a content file's bytes and of the facts its placeholders name, computed once per loaded file. */
function fileHash(file: SourceFile): string {
  if (file.factsKey === undefined) return file.textHash;
  let known = hashes.get(file);
  if (known === undefined) hashes.set(file, (known = sha1(`${file.textHash}\0${file.factsKey}`)));
  return known;
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
    now.fields =
      before?.hash === now.hash && before.fields
        ? before.fields
        : fieldsText(entryFields(entry).map(([field, value]) => [field, fingerprint(value)]));
  }
  const lists = new Map<string, string[]>();
  for (const name of trackedLists) lists.set(name, (model[name] as { file: string }[]).map((e) => e.file));
  for (const name of trackedMenus) lists.set(`menus.${name}`, model.menus[name].map((e) => e.file));
  return { files: state, lists };
}

/** An entry's fields, with a post's body, which is its class's getter rather than a field of its own (model.ts). */
function entryFields(entry: object): [string, unknown][] {
  const fields = Object.entries(entry);
  if ('body' in entry && !Object.hasOwn(entry, 'body')) fields.push(['body', (entry as { body: unknown }).body]);
  return fields;
}

/**
 * The record this build makes for the next one, filled in as the build carries out its plan (plan.ts): a kept
 * page's state carries over as it was, a rendered page's is what it read this time. The key table and the
 * groups carry over only from a record of the same build key, whose pages' deps stay valid.
 */
export class NextRecord {
  private readonly keys: KeyTable;
  private readonly pages = new Map<string, PageState>();
  private readonly derived = new Map<string, string>();
  private readonly groups: Map<number, Uint32Array>;
  private readonly groupIndex = new Map<Set<Dep>, number>();
  private groupsByMembers?: Map<string, number>;
  private renders = 0;
  private assetKeys?: Map<number, string>;
  /** Keys whose asset files assetsOf has named already in this build. */
  private assetsSeen?: Uint8Array;
  /** Asset keys no kept page has asked for yet: once there are none, no page can name a file not copied already. */
  private assetsLeft = 0;

  constructor(private readonly changes: Changes) {
    const { previous } = changes;
    this.keys = changes.usable ? previous!.keys : KeyTable.of();
    this.groups = changes.usable ? previous!.groups : new Map();
  }

  /**
   * Keeps the pages the plan keeps: in the output, in this record, and with the asset files their markup asked
   * for copied again (`copyAsset`), since nothing else asks for them now. Returns the pages to render: those
   * the plan renders, and any the output will not keep after all (when in doubt, render).
   */
  keep(planned: readonly Planned[], output: Output, copyAsset: (name: string) => void): Page[] {
    const toRender: Page[] = [];
    for (const { page, action } of planned) {
      if (action === 'render' || !output.keep(page.file)) {
        toRender.push(page);
        continue;
      }
      this.pages.set(page.path, this.changes.previous!.pages.get(page.path)!);
      for (const name of this.assetsOf(page)) copyAsset(name);
    }
    return toRender;
  }

  /**
   * The asset files (assets/...) a kept page's markup asked for; only those no page kept before it in this
   * build asked for, since each is copied once. Thousands of kept pages share the same few keys and groups, so
   * each key is looked at once, not once per page.
   */
  private assetsOf(page: Page): string[] {
    if (!this.assetKeys) {
      const prefix = assetKey('');
      this.assetKeys = new Map(this.keys.startingWith(prefix).map(([i, key]) => [i, key.slice(prefix.length)]));
      this.assetsSeen = new Uint8Array(this.keys.length);
      this.assetsLeft = this.assetKeys.size;
    }
    const names: string[] = [];
    if (this.assetsLeft === 0) return names;
    const { deps } = this.changes.previous!.pages.get(page.path)!;
    const seen = this.assetsSeen!;
    // Indexed, and the keys seen already passed over here (most of them, after the first pages), as in
    // Changes.whyRender (plan.ts).
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

  /** Records what a rendered page read. */
  rendered(page: Page, deps: Set<Dep>): void {
    this.renders++;
    // Its keys are looked for first among those it read last time: a page rendered again reads the same
    // keys, mostly, and the few it renders need not index the whole table.
    const last = this.changes.usable ? this.changes.previous!.pages.get(page.path) : undefined;
    this.pages.set(page.path, { route: this.changes.route(page), deps: this.encode(deps, last && this.near(last.deps)) });
  }

  /**
   * An output file made from `inputs` (not a page): kept from the last output when its inputs are the same,
   * otherwise made with `produce` and emitted. `inputs` may be a function, with `ofRoutes` when they are
   * made of the routes and the site's settings alone: while no route can have changed (Changes.routesKept),
   * they are the last build's and are not made at all (the sitemap's are as many as the pages).
   */
  async derive(output: Output, file: string, inputs: string | (() => string), produce: () => string | Uint8Array | Promise<string | Uint8Array>, ofRoutes = false): Promise<void> {
    const last = this.changes.usable ? this.changes.previous!.derived.get(file) : undefined;
    const hash = ofRoutes && this.changes.routesKept && last ? last : sha1(typeof inputs === 'string' ? inputs : inputs());
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
    const { changed, previous } = this.changes;
    return !!changed && this.changes.count === 0 && this.renders === 0 && this.pages.size === previous!.pages.size && this.keys.length === changed.length;
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
    return { format: recordFormat, key: this.changes.key, ...this.changes.state, keys: this.keys, pages: this.pages, derived: this.derived, groups: this.groups };
  }
}
