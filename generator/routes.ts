// Every page of the site as data: address, output file, template, head fields and what the template needs.
// Pure: the model in, pages out; nothing here touches the disk.
import { entriesOf, kindsWithPages, type EntryOf, type ProseEntry, type SiteModel } from './content/model.ts';
import { entryPath, registry, rules, type CollectionKind, type PageCopyName } from './content/kinds.ts';
import type { CopyPage } from './content/kind-spec.ts';
import { outputFileOf } from './address.ts';

export type Page =
  /** The pages made from a copy in content/pages/, one for each in the kinds table. */
  | PageOf<Exclude<PageCopyName, 'blog' | 'not-found'>>
  /** The blog's listing pages, /blog and its later and category pages (templates/pages/blog-pages.ts). */
  | (PageOf<'blog'> & { listing: CopyListing<'blog'> })
  /** The host's not-found page, and the blog's for a missing post (content/kinds.ts). */
  | (PageOf<'not-found'> & { listing: CopyListing<'not-found'> })
  | PageOf<'prose', { entry: ProseEntry }>
  /** A page for each entry of a collection, of the collection's kind. */
  | { [K in CollectionKind]: PageOf<K, { entry: EntryOf<K> }> }[CollectionKind];

export type PageKind = Page['kind'];

/** What each page a copy makes itself (its `pages` hook in the kinds table) carries for its template. */
type CopyListing<N extends PageCopyName> = NonNullable<(typeof registry.kinds)['page-copy']['pages'][N]['pages']> extends (...args: never[]) => (infer P extends CopyPage)[] ? P['listing'] : never;

interface PageBase {
  /** The address: / or /services/birth-certificates (no trailing slash). */
  path: string;
  /** The output file under the output folder. */
  file: string;
  /**
   * The head as content words it (a page copy's or prose page's `seo`). A kind whose template words its head
   * (templates/pages/<kind>.tsx, `head`) has none here.
   */
  head?: Head;
  /** Listed in sitemap.xml and open to search engines. */
  indexable: boolean;
  /** YYYY-MM-DD: the sitemap's lastmod. */
  lastmod: string;
  /** The content file a page is mostly made from, for error messages. */
  source?: string;
  /** Made from a draft, shown by the dev server alone (content/drafts.ts). */
  draft?: boolean;
}

/** What a page is made from, for error messages: its content file, or its address for a page content makes none of. */
export function pageSource(page: Pick<PageBase, 'path' | 'source'>): string {
  return page.source ?? `the page ${page.path}`;
}

/** A page's title, description and keywords. */
export interface Head {
  title: string;
  description: string;
  keywords?: string[];
}

export type PageOf<K extends string, D = unknown> = PageBase & { kind: K } & (unknown extends D ? { data?: undefined } : { data: D });

export interface Redirect {
  from: string;
  to: string;
  /** 404: `to` is a not-found page, sent with that status (Netlify's custom 404 for a path). */
  status: 301 | 302 | 404;
}

/**
 * Fields of the model's entries that routes() never reads: while these are all that changed in the content,
 * every page's route is as it was (incremental/plan.ts), and an edit to a post's body hashes no route.
 */
export const routeFreeFields: ReadonlySet<string> = new Set(['body', 'words']);

export function routes(model: SiteModel): { pages: Page[]; redirects: Redirect[] } {
  const updated = model.settings.updated;
  const head = (s: Head): Head => ({ title: s.title, description: s.description, keywords: s.keywords });
  const lastmodOf = (entry: object) => ('isoUpdated' in entry && typeof entry.isoUpdated === 'string' ? entry.isoUpdated : updated);
  const at = (path: string) => ({ path, file: outputFileOf(path), indexable: true });
  const pages: Page[] = [];
  const redirects: Redirect[] = [];
  const notFound: Redirect[] = [];
  const listed = new Set<string>();
  // A page for each entry of a collection, whose head its template words (typed per kind in Page; a loop over
  // kinds cannot say so), and a redirect from each address an entry had before.
  const entryPages = (kind: CollectionKind) => {
    if (listed.has(kind)) return;
    listed.add(kind);
    for (const entry of entriesOf(model, kind)) {
      pages.push({ kind, ...at(entry.url), lastmod: lastmodOf(entry), source: entry.file, data: { entry } } as unknown as Page);
      const aliases = 'aliases' in entry && Array.isArray(entry.aliases) ? (entry.aliases as string[]) : [];
      for (const alias of aliases) redirects.push({ from: entryPath(kind, alias), to: entry.url, status: 301 });
      if (registry.kinds[kind].capitalised) for (const from of capitalised(entry.url)) redirects.push({ from, to: entry.url, status: 301 });
    }
  };
  // The prose pages and the pages of the collections no copy lists, once.
  let rest = false;
  const restPages = () => {
    if (rest) return;
    rest = true;
    for (const prose of model.prose) pages.push({ kind: 'prose', ...at(prose.url), head: head(prose.seo), lastmod: prose.updated, source: prose.file, data: { entry: prose } });
    for (const kind of kindsWithPages) entryPages(kind);
  };
  // The pages made from the copies in content/pages/ (address, file and indexing from the kinds table), each
  // followed by the pages of the collection it lists, and as new as its newest entry. A copy that lists every
  // page (the HTML sitemap) comes after the rest.
  for (const [key, copy] of rules.copyPages) {
    const name = key as PageCopyName;
    if (copy.lists === '*') restPages();
    const kind = copy.lists && copy.lists !== '*' ? (copy.lists as CollectionKind) : undefined;
    const lastmod = kind ? entriesOf(model, kind).reduce((latest, e) => (lastmodOf(e) > latest ? lastmodOf(e) : latest), updated) : updated;
    const words = head(model.pages[name].seo);
    if (copy.pages) {
      const own = copy.pages(model as never, { path: copy.path, ...words });
      for (const p of own) {
        pages.push({ kind: name, ...at(p.path), indexable: p.indexable, source: copy.source, lastmod: p.lastmod, head: head(p), listing: p.listing } as Page);
        if (p.notFoundUnder) notFound.push({ from: `${p.notFoundUnder}:slug`, to: `/${outputFileOf(p.path)}`, status: 404 });
      }
    } else pages.push({ kind: name, path: copy.path, file: copy.file, indexable: copy.indexable, source: copy.source, lastmod, head: words } as Page);
    if (kind) entryPages(kind);
  }
  restPages();
  // Last: a rule is tried in order, and these send what no other rule or file answers to a not-found page.
  return { pages, redirects: [...redirects, ...notFound] };
}

/**
 * An address in the capitals people type from a name (/Chinese, /CHINESE, /Tagalog-Filipino, /Tagalog-filipino),
 * for a kind whose pages are looked up without case: the host matches paths and _redirects rules with their
 * case. None is forced (no !): a rule gives way to a file at its address, so even a host that matched rules
 * without case would serve /chinese itself and never send it on to itself.
 */
function capitalised(path: string): string[] {
  const [, route, slug] = /^(.*\/)([^/]*)$/.exec(path)!;
  const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const forms = new Set([upperFirst(slug), slug.split('-').map(upperFirst).join('-'), slug.toUpperCase()]);
  forms.delete(slug);
  return [...forms].map((form) => `${route}${form}`);
}
