// What each page was made from, so the dev server re-renders only the pages an edit can change.
//
// While a page renders, the site model it sees is a proxy that records what the template reads: a singleton
// or page-copy file by its path, a collection (languages, cities, ...) by its folder, since a page that lists
// a collection changes when any member is added, removed or edited. The page's own entry (the city of a city
// page) is recorded by its file. Parts rendered once and shared (the header, the footer) carry their
// dependencies to every page that uses them.
import type { SiteModel } from '../content/model.ts';
import type { Page } from '../routes.ts';

/** Model fields and the content file or folder each comes from. */
const sources: Record<string, string> = {
  settings: 'content/site.json',
  navigation: 'content/navigation.json',
  shared: 'content/shared.json',
  plans: 'content/plans.json',
  facts: 'content/facts.json',
  testimonials: 'content/testimonials.json',
  faq: 'content/faq.json',
  contactForm: 'content/contact-form.json',
  languages: 'content/languages/',
  target: 'content/languages/',
  languageGroups: 'content/languages/',
  cities: 'content/cities/',
  services: 'content/services/',
  posts: 'content/blog/',
  prose: 'content/pages/',
};

/** Menus are derived from whole collections: a language becoming popular changes them. */
const menuSources = ['content/navigation.json', 'content/languages/', 'content/services/'];

export class DependencyTracker {
  private current: Set<string> | undefined;
  /** Dependencies recorded per page address in the last build. */
  readonly pages = new Map<string, Set<string>>();

  /** The model as templates should see it while tracking. */
  wrap(model: SiteModel): SiteModel {
    const record = (dep: string) => this.current?.add(dep);
    const pages = new Proxy(model.pages, {
      get(target, key) {
        if (typeof key === 'string') record(`content/pages/${key}.json`);
        return Reflect.get(target, key);
      },
    });
    return new Proxy(model, {
      get(target, key) {
        if (typeof key === 'string') {
          if (key === 'pages') return pages;
          if (key === 'menus') menuSources.forEach(record);
          else if (key === 'languageGroups') record('content/language-groups.json');
          const source = sources[key];
          if (source) record(source);
        }
        return Reflect.get(target, key);
      },
    });
  }

  /** Runs a page's render, recording what it reads. */
  during<T>(page: Page, render: () => T): T {
    const deps = new Set<string>();
    if (page.source) deps.add(page.source);
    this.current = deps;
    try {
      return render();
    } finally {
      this.current = undefined;
      this.pages.set(page.path, deps);
    }
  }

  /** Adds dependencies recorded elsewhere (a shared part) to the page being rendered. */
  add(deps: Iterable<string>): void {
    for (const dep of deps) this.current?.add(dep);
  }

  /** Runs work with a fresh record and returns what it read, also adding it to the current page. */
  capture<T>(work: () => T): { value: T; deps: Set<string> } {
    const outer = this.current;
    const deps = new Set<string>();
    this.current = deps;
    try {
      return { value: work(), deps };
    } finally {
      this.current = outer;
      this.add(deps);
    }
  }
}

/** Whether a page recorded as depending on `deps` can change when `changed` content paths change. */
export function affected(deps: Set<string> | undefined, changed: string[]): boolean {
  if (!deps) return true;
  return changed.some((file) => deps.has(file) || deps.has(file.slice(0, file.lastIndexOf('/') + 1)));
}
