// What a build remembers for the next one: the state of every content file, the order of every tracked
// list, and for each page the keys it read (tracker.ts) and a hash of its route. The next build, in the same
// process (`site serve`) or a later one (`site build`, kept in .cache/), compares that state with its own and
// re-renders only the pages that read something that differs. Anything it cannot compare, it treats as changed.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { hash } from 'node:crypto';
import type { SourceFile } from '../content/load.ts';
import type { SiteModel } from '../content/model.ts';
import type { Page } from '../routes.ts';
import { discardCacheFile, outputKey, writeCacheFile } from '../cache.ts';
import { trackedLists, trackedMenus } from './tracker.ts';

/** Records of another format are ignored. */
export const recordFormat = 8;

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

function fieldsMap(text: string | undefined): Map<string, string> {
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
  private readonly added: string[] = [];

  private constructor(
    private readonly saved: Joined,
    private readonly list?: string[],
  ) {}

  /** A table of the keys as one text (Joined), as a packed record holds them. */
  static joined(saved: Joined): KeyTable {
    return new KeyTable(saved);
  }

  /** A table of keys given one by one (a record saved unpacked, or a new table). */
  static of(keys: string[] = []): KeyTable {
    return new KeyTable({ text: '', count: 0 }, [...keys]);
  }

  get length(): number {
    return (this.list ? this.list.length : this.saved.count) + this.added.length;
  }

  /** The key at an index. */
  at(i: number): string {
    if (this.list) return i < this.list.length ? this.list[i] : this.added[i - this.list.length];
    if (i >= this.saved.count) return this.added[i - this.saved.count];
    const starts = (this.starts ??= startsOf(this.saved));
    const end = i + 1 < this.saved.count ? starts[i + 1] - 1 : this.saved.text.length;
    return this.saved.text.slice(starts[i], end);
  }

  /** A key's index, or -1. */
  indexOf(key: string): number {
    if (this.index || this.list) return this.indexed().get(key) ?? -1;
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
    if (this.list) {
      this.list.forEach((key, i) => key.startsWith(prefix) && found.push([i, key]));
    } else {
      const { text } = this.saved;
      for (let at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + 1)) {
        if (at > 0 && text.charCodeAt(at - 1) !== 0) continue;
        const end = text.indexOf(separator, at);
        found.push([this.indexAt(at), text.slice(at, end < 0 ? text.length : end)]);
      }
    }
    const before = this.length - this.added.length;
    this.added.forEach((key, i) => key.startsWith(prefix) && found.push([before + i, key]));
    return found;
  }

  toArray(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }

  /** The keys as a packed record saves them, or undefined when one holds the separator. */
  pack(): Joined | undefined {
    if (this.list) return this.list.some((key) => key.includes(separator)) || this.added.some((key) => key.includes(separator)) ? undefined : join([...this.list, ...this.added]);
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

export function recordFile(cache: string, out: string): string {
  return path.join(cache, 'incremental', `${outputKey(out)}.bin`);
}

/**
 * The record as it is saved: the key table and the files' states as a few long strings rather than hundreds
 * of thousands of short ones. V8 reads one string and splits it several times
 * faster than it reads the strings one by one, and a split string's parts are cheap for the collector.
 */
type SavedRecord = Omit<BuildRecord, 'keys' | 'files' | 'pages'> &
  (
    | { keys: string[]; files: Map<string, FileState>; pages: Map<string, PageState> }
    | { keys: Joined; files: { paths: Joined; hashes: Joined; fields: Joined }; pages: PackedPages }
  );

/**
 * The pages' states as the record saves them: paths and routes joined, and every page's deps in one array,
 * page after page (`ends`: where each page's end). Serialising twenty thousand small typed arrays, one per
 * page, and reading them back, took most of the record's time.
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

export function saveRecord(file: string, record: BuildRecord): void {
  writeCacheFile(file, encodeRecord(record));
}

/** A record as saveRecord writes it. */
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

export function forgetRecord(file: string): void {
  discardCacheFile(file);
}

/**
 * A short fingerprint of a value: small values as they are, larger ones hashed. A long text is hashed as it
 * is, marked so it cannot pass for a hashed JSON text: escaping a post's body into JSON first took four times
 * as long.
 */
function fingerprint(value: unknown): string {
  if (typeof value === 'string' && value.length > 46) return `~${hash('sha1', value, 'base64url')}`;
  const json = JSON.stringify(value) ?? 'undefined';
  return json.length <= 48 ? json : hash('sha1', json, 'base64url');
}

export function inputsHash(inputs: string): string {
  return hash('sha1', inputs, 'base64url');
}

export function routeHash(page: Page): string {
  const { data: _data, ...route } = page;
  return fingerprint(route);
}

const hashes = new WeakMap<SourceFile, string>();

/** A hash of a content file's bytes and of the facts its placeholders name, computed once per loaded file. */
export function fileHash(file: SourceFile): string {
  if (file.factsKey === undefined) return file.textHash;
  let known = hashes.get(file);
  if (known === undefined) hashes.set(file, (known = hash('sha1', `${file.textHash}\0${file.factsKey}`, 'base64url')));
  return known;
}

/** Whether a content file is as the build that made `record` read it. */
export function unchangedSince(record: BuildRecord | undefined, file: SourceFile): boolean {
  return record?.files.get(file.path)?.hash === fileHash(file);
}

/** The state of the content as a record keeps it. Fields are fingerprinted only for files whose bytes changed. */
export function contentState(files: SourceFile[], model: SiteModel, previous?: BuildRecord): Pick<BuildRecord, 'files' | 'lists'> {
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

/** The keys (tracker.ts) whose values differ between two states of the content. */
export function changedKeys(before: Pick<BuildRecord, 'files' | 'lists'>, after: Pick<BuildRecord, 'files' | 'lists'>): Set<string> {
  const changed = new Set<string>();
  const fileChanged = (file: string) => {
    changed.add(file);
    changed.add(file.slice(0, file.lastIndexOf('/') + 1));
  };
  for (const [file, now] of after.files) {
    const was = before.files.get(file);
    if (was?.hash === now.hash) continue;
    fileChanged(file);
    const wasFields = fieldsMap(was?.fields);
    const nowFields = fieldsMap(now.fields);
    for (const field of new Set([...wasFields.keys(), ...nowFields.keys()])) {
      if (wasFields.get(field) !== nowFields.get(field)) changed.add(`${file}#${field}`);
    }
  }
  for (const [file, was] of before.files) {
    if (after.files.has(file)) continue;
    fileChanged(file);
    for (const field of fieldsMap(was.fields).keys()) changed.add(`${file}#${field}`);
  }
  for (const name of new Set([...before.lists.keys(), ...after.lists.keys()])) {
    const was = before.lists.get(name) ?? [];
    const now = after.lists.get(name) ?? [];
    if (was.length !== now.length) changed.add(`list:${name}#length`);
    for (let i = 0; i < Math.max(was.length, now.length); i++) if (was[i] !== now[i]) changed.add(`list:${name}@${i}`);
  }
  return changed;
}
