// What each page was made from, so a build re-renders only the pages a change can reach.
//
// While a page renders, the site model it sees is a proxy that records what the template reads, as keys:
//   content/site.json              a whole file (a singleton, a page copy, the page's own entry)
//   content/languages/             a whole folder (something derived from a whole collection)
//   content/blog/a.md#title        one top-level field of one entry of a collection
//   list:posts@3                   which entry stands at a position of a list
//   list:posts#length              how long a list is
// So a post page that shows the three newest other posts depends on their titles and positions, not on the
// body of every post, and editing one post re-renders that post alone. Parts rendered once and shared (the
// header, the footer) are recorded once, as a group of keys, and every page that uses one records the group.

import type { SiteModel } from '../content/model.ts';
import { rules } from '../content/kinds.ts';

/** Model fields that are lists of collection entries, tracked entry by entry and field by field. */
export const trackedLists = rules.listFields as readonly ListField[];
/** The model's lists of entries that come from a file each. */
type ListField = { [K in keyof SiteModel]-?: SiteModel[K] extends { file: string }[] ? K : never }[keyof SiteModel];

interface Entry {
  file: string;
}

/** A key, or a group of keys read by a shared part (recorded once, read by many pages). */
export type Dep = string | Set<Dep>;

export class DependencyTracker {
  private current: Set<Dep> | undefined;
  private entries = new WeakMap<object, object>();

  /** The model as templates should see it while tracking. */
  wrap(model: SiteModel): SiteModel {
    const lists = new Map<string, unknown[]>();
    const list = (name: string, items: unknown[]) => {
      let proxy = lists.get(name);
      if (!proxy) lists.set(name, (proxy = this.list(name, items as Entry[])));
      return proxy;
    };
    const pages = new Proxy(model.pages, {
      get: (target, key) => {
        if (typeof key === 'string') this.note(rules.copyPages.get(key)?.source ?? `content/pages/${key}.json`);
        return Reflect.get(target, key);
      },
    });
    const menus = new Proxy(model.menus, {
      get: (target, key) => {
        this.note('content/navigation.json');
        const value = Reflect.get(target, key);
        return typeof key === 'string' && Array.isArray(value) ? list(`menus.${key}`, value) : value;
      },
    });
    return new Proxy(model, {
      get: (target, key) => {
        const value = Reflect.get(target, key);
        if (typeof key !== 'string') return value;
        if (key === 'pages') return pages;
        if (key === 'menus') return menus;
        if (key === 'target') return value && this.entry(value as Entry);
        if ((trackedLists as readonly string[]).includes(key)) return list(key, value as unknown[]);
        // Model fields read as a whole: the content file or folder each comes from (the kinds table).
        for (const source of rules.wholeSources[key] ?? []) this.note(source);
        return value;
      },
    });
  }

  private list(name: string, items: Entry[]): Entry[] {
    const length = `list:${name}#length`;
    // Each key made once: a page that lists thousands of posts reads tens of thousands of keys, and a string
    // made again is hashed again by the set it goes into.
    const positions: string[] = [];
    return new Proxy(items, {
      get: (target, key, receiver) => {
        if (typeof key === 'string') {
          if (key === 'length') this.note(length);
          else if (isIndex(key)) {
            const at = Number(key);
            this.note((positions[at] ??= `list:${name}@${key}`));
            const item = target[at];
            return item && this.entry(item);
          }
        }
        // Array methods run against the proxy, so they read positions and the length through it too.
        return Reflect.get(target, key, receiver);
      },
    });
  }

  /** An entry of a collection that records each field read as `file#field`. */
  private entry<T extends Entry>(item: T): T {
    let proxy = this.entries.get(item) as T | undefined;
    if (!proxy) {
      const fields = new Map<string, string>();
      proxy = new Proxy(item, {
        get: (target, key) => {
          if (typeof key === 'string') {
            let field = fields.get(key);
            if (field === undefined) fields.set(key, (field = `${target.file}#${key}`));
            this.note(field);
          }
          return Reflect.get(target, key);
        },
      });
      this.entries.set(item, proxy);
    }
    return proxy;
  }

  /** Records a key for the page being rendered (an asset file it asked for, say). */
  note(key: string): void {
    this.current?.add(key);
  }

  /** Adds the group of keys a shared part read to the page being rendered. */
  add(group: Set<Dep>): void {
    this.current?.add(group);
  }

  /**
   * Runs work with a fresh record (holding `own` first, if given: a page's own content file) and returns what it
   * read, also adding it to the page being rendered, if any.
   */
  capture<T>(work: () => T, own?: string): { value: T; deps: Set<Dep> } {
    const outer = this.current;
    const deps = new Set<Dep>(own ? [own] : []);
    this.current = deps;
    try {
      return { value: work(), deps };
    } finally {
      this.current = outer;
      this.add(deps);
    }
  }
}

function isIndex(key: string): boolean {
  const c = key.charCodeAt(0);
  return c >= 48 && c <= 57 && String(Number(key)) === key;
}

/** The key of a file an asset lookup copied into the output for a page (fonts, say). */
export const assetKey = (name: string) => `asset:${name}`;
