// What a kinds table is made of (content/kinds.ts is the site's): the shapes of kinds and the helpers that
// write them. generator/content/kinds.ts derives the rules from a table.
import type { Head } from '../routes.ts';

/**
 * A kind's data type, carried for TypeScript alone: `one('plans')` in model.ts is typed `T.ServicePlans`
 * from here. Never set at run time.
 */
interface Typed<D> {
  readonly data?: D;
}

/** One file at the top of content/, such as site.json. */
export interface SingletonSpec<D = unknown> extends Typed<D> {
  shape: 'singleton';
  file: string;
  schema: string;
  /** The field of the site model made from it, which pages that read the field depend on. */
  model: string;
}

/**
 * A folder of files of one schema, each an entry named by its file (cities/perth.json), each with a page of its
 * own: the kind's name is its pages' kind, whose template is templates/pages/<kind>.tsx.
 */
export interface CollectionSpec<D = unknown, M extends string = string> extends Typed<D> {
  shape: 'collection';
  folder: string;
  ext: '.json' | '.md';
  schema: string;
  /** The field of the site model that lists the entries. */
  model: M;
  /** Where an entry's page lives: its slug follows this ('/cities/', or '/' for the top level). */
  route: string;
  /** A feed the build writes for the collection. */
  feed?: string;
  /** Whether its pages are also reached from their addresses in capitals (/Chinese), by a 301 each. */
  capitalised?: boolean;
}

/**
 * The copy of a page the site always has, content/pages/<name>.json with schema page-<name>. `P`: the pages it
 * makes itself (`pages`), typed as its hook gives them, so routes know what each carries for its template.
 */
export interface PageCopySpec<D = unknown, P extends CopyPage = CopyPage> extends Typed<D> {
  path: string;
  /** A page with its own output file instead of the address rule's (the host's 404 page). */
  file?: string;
  /** Listed in the sitemap and open to search engines; true unless said. */
  indexable?: boolean;
  /**
   * The collection the page lists: its entries' pages follow it, and it is as new as its newest entry. '*': it
   * lists every page (the HTML sitemap), and comes after those of the kinds no other copy lists.
   */
  lists?: string;
  /**
   * A copy that makes several pages of its own (the blog's paged lists): given the model and its first page's
   * address and head, it returns each page. Without it, the copy is one page.
   */
  pages?: (model: never, first: CopyFirstPage) => P[];
}

/** The first page of a page copy, as its content words it: its address and its head (title, description, keywords). */
export interface CopyFirstPage extends Head {
  path: string;
}

/** One of the pages a page copy makes, with what its template needs (`listing`). */
export interface CopyPage extends CopyFirstPage {
  indexable: boolean;
  lastmod: string;
  listing: unknown;
  /**
   * A not-found page of a part of the site: the host sends it, with status 404, at any address one segment below
   * this prefix that names no file (a _redirects rule of status 404, which a file at the address shadows).
   */
  notFoundUnder?: string;
}

export interface PageCopiesSpec {
  shape: 'page-copy';
  folder: string;
  ext: '.json';
  pages: Record<string, PageCopySpec>;
}

/** Long-form Markdown pages: every <slug>.md in the folder becomes /<slug>. */
export interface ProseSpec<D = unknown> extends Typed<D> {
  shape: 'prose';
  folder: string;
  ext: '.md';
  schema: string;
  model: string;
  route: string;
  /** Pages every site must have. */
  required: readonly string[];
}

export type KindSpec = SingletonSpec | CollectionSpec | PageCopiesSpec | ProseSpec;

export interface Registry {
  kinds: Record<string, KindSpec>;
  /** Files the build writes at the top level besides pages, which content may link to. */
  generated: readonly string[];
  /** Top-level folders of the output that are no content kind's: assets, the editor, the host's and the dev server's own. */
  outputFolders: readonly string[];
  /** Addresses under a prefix that search engines are kept out of (robots.txt and an X-Robots-Tag header). */
  private: readonly { prefix: string }[];
}

export const singleton = <D>(file: string, model: string): SingletonSpec<D> => ({ shape: 'singleton', file, schema: file.replace(/\.json$/, '.schema.json'), model });

/** Names a kind's data type for TypeScript alone: `data: of<T.City>()`. */
export const of = <D>(): D | undefined => undefined;

export const collection = <const M extends string, D = unknown>(
  kind: string,
  folder: string,
  ext: '.json' | '.md',
  model: M,
  route: string,
  more: { feed?: string; schema?: string; capitalised?: boolean; data?: D } = {},
): CollectionSpec<D, M> => ({
  shape: 'collection',
  folder,
  ext,
  schema: more.schema ?? `${kind}.schema.json`,
  model,
  route,
  ...(more.feed ? { feed: more.feed } : {}),
  ...(more.capitalised ? { capitalised: true } : {}),
});

export const page = <D, P extends CopyPage = CopyPage>(path: string, more: Pick<PageCopySpec<D, P>, 'file' | 'indexable' | 'lists' | 'pages'> = {}): PageCopySpec<D, P> => ({ path, ...more });

export const prose = <D>(folder: string, route: string, required: readonly string[]): ProseSpec<D> => ({
  shape: 'prose',
  folder,
  ext: '.md',
  schema: 'prose-page.schema.json',
  model: 'prose',
  route,
  required,
});
