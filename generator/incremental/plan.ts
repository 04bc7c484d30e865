// The plan: for every page, before anything renders, whether it is rendered or kept from the last output, and
// why. This is the one place that decides "this page need not be re-rendered", for `site build` (whose record is
// kept in .cache/) and `site serve` (whose record is kept in memory); `site build --explain` prints it.
//
// A page is kept only when the last build's record is for the same tool, templates, assets, schemas and build
// date (the build key), its route is the same, none of the keys it read has changed, and the output still holds
// the file as that build wrote it. Otherwise it is rendered: when in doubt, render. Output files that are not
// pages (the sitemap, the feed, the editor's files) follow the same rule through NextRecord.derive (record.ts).
import { routeFreeFields, type Page } from '../routes.ts';
import { fieldsMap, routeHash, type BuildRecord, type FileState } from './record.ts';

export interface Planned {
  page: Page;
  action: 'render' | 'keep';
  reason: string;
}

/**
 * Everything every page's markup depends on besides content, by what a person would say changed ("the templates")
 * and a hash of it: when a part changes, every page is rendered, and --explain names the part.
 */
export type BuildKey = Record<string, string>;

/** The parts of two build keys that differ, by name. */
function differing(last: BuildKey, next: BuildKey): string[] {
  return [...new Set([...Object.keys(last), ...Object.keys(next)])].filter((part) => last[part] !== next[part]);
}

/** The content's state as a record keeps it (contentState in record.ts). */
export type ContentState = Pick<BuildRecord, 'files' | 'lists'>;

/**
 * What has changed since the last build's record, and so why a page must be rendered. Computed once, before
 * the plan; the next record (NextRecord in record.ts) is made on the same terms.
 */
export class Changes {
  /**
   * For each key of the last record's table, whether it changed (1); undefined when that record cannot be used
   * at all (there is none, or it has another build key).
   */
  readonly changed?: Uint8Array;
  /** How many keys changed. */
  readonly count: number = 0;
  /** Whether no page's route can have changed since the last build (routesUnchanged): none is hashed to compare. */
  readonly routesKept: boolean = false;
  private readonly routes = new Map<string, string>();
  /** The parts of the build key that differ from the last record's, in words: why every page renders. */
  private readonly keyChanged: string = '';

  /**
   * `previous`: the last build's record, if any. `key`: this build's build key. `state`: this build's content
   * state (record.ts contentState).
   */
  constructor(
    readonly previous: BuildRecord | undefined,
    readonly key: BuildKey,
    readonly state: ContentState,
  ) {
    const parts = previous ? differing(previous.key, key) : [];
    this.keyChanged = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
    if (!previous || parts.length) return;
    const { keys, groups } = previous;
    const changed = changedKeys(previous, state);
    this.count = changed.size;
    this.changed = new Uint8Array(keys.length);
    // A few changed keys are looked up in the table one by one; many, through a map of all of it.
    const all = changed.size > 64 ? new Map(keys.map((key, i) => [key, i])) : undefined;
    for (const key of changed) {
      const i = all ? (all.get(key) ?? -1) : keys.indexOf(key);
      if (i >= 0) this.changed[i] = 1;
    }
    // A group has changed when one of its members has; members always stand before their group.
    for (const [i, members] of [...groups].sort(([a], [b]) => a - b)) {
      for (const member of members) if (this.changed[member]) this.changed[i] = 1;
    }
    this.routesKept = routesUnchanged(changed, previous, state);
  }

  /** The last record when it was made with this build's key, so that its pages' keys can be compared at all. */
  get last(): BuildRecord | undefined {
    return this.changed && this.previous;
  }

  /** A hash of a page's route, made once per build. */
  route(page: Page): string {
    let hash = this.routes.get(page.path);
    if (hash === undefined) this.routes.set(page.path, (hash = routeHash(page)));
    return hash;
  }

  /** Why a page must be rendered, or undefined when its last rendering stands (if the output still holds it). */
  whyRender(page: Page): string | undefined {
    if (!this.previous) return 'no record of an earlier build';
    if (!this.changed) return `${this.keyChanged} changed`;
    const last = this.previous.pages.get(page.path);
    if (!last) return 'a new page';
    if (!this.routesKept && last.route !== this.route(page)) return 'its route changed (address, file, title or, for a list, the posts it lists)';
    // Indexed, not for-of: this runs for every page early in a build, before V8 has optimised it, and until
    // then a typed array's iterator is slow.
    const { deps } = last;
    const changed = this.changed;
    for (let i = 0; i < deps.length; i++) if (changed[deps[i]]) return `${this.changedKey(deps[i])} changed`;
    return undefined;
  }

  /** The name of a changed key; for a group (a shared part's keys), of a changed member. */
  private changedKey(i: number): string {
    for (const member of this.previous!.groups.get(i) ?? []) if (this.changed![member]) return this.changedKey(member);
    return this.previous!.keys[i];
  }
}

/** `inLastOutput`: whether the last output still holds a file as the last build wrote it. */
export function plan(changes: Pick<Changes, 'whyRender'>, pages: readonly Page[], inLastOutput: (file: string) => boolean): Planned[] {
  return pages.map((page) => {
    const why = changes.whyRender(page);
    if (why !== undefined) return { page, action: 'render', reason: why };
    if (!inLastOutput(page.file)) return { page, action: 'render', reason: 'the last output does not hold its file as it was written' };
    return { page, action: 'keep', reason: 'nothing it read has changed' };
  });
}

/** The plan as lines for `site build --explain`: each page rendered with its reason, and a count of those kept. */
export function explain(planned: readonly Planned[]): string[] {
  const rendered = planned.filter((p) => p.action === 'render');
  const lines = rendered.map((p) => `  render ${p.page.path}: ${p.reason}`);
  lines.push(`  keep ${planned.length - rendered.length} pages: nothing they read has changed`);
  return lines;
}

/** The keys (tracker.ts) whose values differ between two states of the content. */
function changedKeys(before: ContentState, after: ContentState): Set<string> {
  const changed = new Set<string>();
  // A file added, changed or removed: it, its folder and each field of its entry that differs.
  const fileChanged = (file: string, was: FileState | undefined, now?: FileState) => {
    changed.add(file);
    changed.add(file.slice(0, file.lastIndexOf('/') + 1));
    const wasFields = fieldsMap(was?.fields);
    const nowFields = fieldsMap(now?.fields);
    for (const field of new Set([...wasFields.keys(), ...nowFields.keys()])) {
      if (wasFields.get(field) !== nowFields.get(field)) changed.add(`${file}#${field}`);
    }
  };
  for (const [file, now] of after.files) {
    const was = before.files.get(file);
    if (was?.hash !== now.hash) fileChanged(file, was, now);
  }
  for (const [file, was] of before.files) if (!after.files.has(file)) fileChanged(file, was);
  for (const name of new Set([...before.lists.keys(), ...after.lists.keys()])) {
    const was = before.lists.get(name) ?? [];
    const now = after.lists.get(name) ?? [];
    if (was.length !== now.length) changed.add(`list:${name}#length`);
    for (let i = 0; i < Math.max(was.length, now.length); i++) if (was[i] !== now[i]) changed.add(`list:${name}@${i}`);
  }
  return changed;
}

/**
 * Whether every change to the content since the last build is to fields of entries that routes() never reads
 * (routeFreeFields: a post's body, say): then every route is the same as the last build's. Any other change
 * (a file that is not an entry, such as site.json, or an entry added, removed or moved in a list) says no.
 */
function routesUnchanged(changed: Set<string>, before: BuildRecord, after: ContentState): boolean {
  for (const key of changed) {
    if (key.startsWith('list:')) return false;
    const field = key.indexOf('#');
    if (field >= 0) {
      if (!routeFreeFields.has(key.slice(field + 1))) return false;
    } else if (!key.endsWith('/') && !(before.files.get(key)?.fields && after.files.get(key)?.fields)) return false;
  }
  return true;
}
