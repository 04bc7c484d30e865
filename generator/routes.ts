// Every page of the site as data: address, output file, template, head fields and what the template needs.
// Pure: the model in, pages out; nothing here touches the disk.
import { entriesOf, plainKinds, type CityEntry, type Entry, type LanguageEntry, type PlainKind, type PostEntry, type ProseEntry, type ServiceEntry, type SiteModel } from './content/model.ts';
import { entryPath, rules, type DataOf, type PageCopyName } from './content/kinds.ts';
import { outputFileOf } from './address.ts';

export type Page =
  /** The pages made from a copy in content/pages/, one for each in the kinds table. */
  | PageOf<PageCopyName>
  | PageOf<'service', { service: ServiceEntry }>
  | PageOf<'city', { city: CityEntry }>
  | PageOf<'language', { language: LanguageEntry }>
  | PageOf<'post', { post: PostEntry }>
  | PageOf<'prose', { prose: ProseEntry }>
  /** The pages of any other kind of the table: one an entry. */
  | { [K in PlainKind]: PageOf<K, { entry: Entry<DataOf<K>> }> }[PlainKind];

export type PageKind = Page['kind'];

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
  status: 301 | 302;
}

/** Top-level addresses that single-segment routes (languages, prose pages) must not take. */
export const reservedSegments: readonly string[] = rules.reservedSegments;

/**
 * Fields of the model's entries that routes() never reads: while these are all that changed in the content,
 * every page's route is as it was (incremental/policy.ts), and an edit to a post's body hashes no route.
 */
export const routeFreeFields: ReadonlySet<string> = new Set(['body', 'words']);

export function routes(model: SiteModel): { pages: Page[]; redirects: Redirect[] } {
  const updated = model.settings.updated;
  const copy = model.pages;
  const pages: Page[] = [];
  const add = <P extends Page>(page: Omit<P, 'file' | 'indexable' | 'lastmod'> & Partial<Pick<P, 'indexable' | 'lastmod'>>) =>
    pages.push({ indexable: true, lastmod: updated, file: outputFileOf(page.path), ...page } as Page);
  const seo = (s: Head): { head: Head } => ({ head: { title: s.title, description: s.description, keywords: s.keywords } });
  // A page made from its copy in content/pages/: its address, file and indexing come from the kinds table.
  const fromCopy = <N extends PageCopyName>(name: N) => ({ kind: name, ...rules.copyPages.get(name)!, ...seo(copy[name].seo) });
  // The pages of entries: their heads are worded by their kinds' templates.

  add(fromCopy('home'));
  add(fromCopy('services'));
  for (const service of model.services) {
    add({
      kind: 'service',
      path: service.url,
      source: service.file,
      data: { service },
    });
  }
  add(fromCopy('cities'));
  for (const city of model.cities) {
    add({
      kind: 'city',
      path: city.url,
      source: city.file,
      data: { city },
    });
  }
  add(fromCopy('languages'));
  for (const language of model.languages) {
    add({
      kind: 'language',
      path: language.url,
      source: language.file,
      data: { language },
    });
  }
  add(fromCopy('process'));
  add(fromCopy('pricing'));
  add({ ...fromCopy('blog'), lastmod: model.posts.reduce((latest, p) => (p.isoUpdated > latest ? p.isoUpdated : latest), updated) });
  for (const post of model.posts) {
    add({
      kind: 'post',
      path: post.url,
      lastmod: post.isoUpdated,
      source: post.file,
      data: { post },
    });
  }
  add(fromCopy('faq'));
  add(fromCopy('contact'));
  for (const prose of model.prose) {
    add({ kind: 'prose', path: prose.url, ...seo(prose.seo), lastmod: prose.updated, source: prose.file, data: { prose } });
  }
  // A page for each entry of the kinds the model lists as they are (typed per kind in Page; a loop over kinds cannot say so).
  for (const kind of plainKinds) {
    for (const entry of entriesOf(model, kind)) pages.push({ kind, path: entry.url, file: outputFileOf(entry.url), indexable: true, lastmod: updated, source: entry.file, data: { entry } } as unknown as Page);
  }
  add(fromCopy('sitemap'));
  add(fromCopy('tawkto-setup'));
  add(fromCopy('not-found'));

  const redirects: Redirect[] = model.services.flatMap((service) =>
    (service.aliases ?? []).map((alias) => ({ from: entryPath('service', alias), to: service.url, status: 301 as const })),
  );
  return { pages, redirects };
}
