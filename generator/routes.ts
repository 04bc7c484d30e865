// Every page of the site as data: address, output file, template, head fields and what the template needs.
// Pure: the model in, pages out; nothing here touches the disk.
import type { CityEntry, LanguageEntry, PostEntry, ProseEntry, ServiceEntry, SiteModel } from './content/model.ts';
import { entryPath, rules, type PageCopyName } from './content/kinds.ts';
import { outputFileOf } from './address.ts';

export type Page =
  /** The pages made from a copy in content/pages/, one for each in the kinds table. */
  | PageOf<PageCopyName>
  | PageOf<'service', { service: ServiceEntry }>
  | PageOf<'city', { city: CityEntry }>
  | PageOf<'language', { language: LanguageEntry }>
  | PageOf<'post', { post: PostEntry }>
  | PageOf<'prose', { prose: ProseEntry }>;

export type PageKind = Page['kind'];

interface PageBase {
  /** The address: / or /services/birth-certificates (no trailing slash). */
  path: string;
  /** The output file under the output folder. */
  file: string;
  title: string;
  description: string;
  keywords?: string[];
  /** Listed in sitemap.xml and open to search engines. */
  indexable: boolean;
  /** YYYY-MM-DD: the sitemap's lastmod. */
  lastmod: string;
  /** The content file a page is mostly made from, for error messages. */
  source?: string;
  /** Made from a draft, shown by the dev server alone (content/drafts.ts). */
  draft?: boolean;
}

export type PageOf<K extends string, D = unknown> = PageBase & { kind: K } & (unknown extends D ? { data?: undefined } : { data: D });

export interface Redirect {
  from: string;
  to: string;
  status: 301 | 302;
}

/** Top-level addresses that single-segment routes (languages, prose pages) must not take. */
export const reservedSegments: readonly string[] = rules.reservedSegments;

export function languageTitle(language: LanguageEntry, model: SiteModel): string {
  return `${language.name} NAATI Certified Translation Services | From ${model.settings.startingPrice} + Service Fee`;
}

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
  const seo = (s: { title: string; description: string; keywords?: string[] }) => ({ title: s.title, description: s.description, keywords: s.keywords });
  // A page made from its copy in content/pages/: its address, file and indexing come from the kinds table.
  const fromCopy = <N extends PageCopyName>(name: N) => ({ kind: name, ...rules.copyPages.get(name)!, ...seo(copy[name].seo) });

  add(fromCopy('home'));
  add(fromCopy('services'));
  for (const service of model.services) {
    add({
      kind: 'service',
      path: service.url,
      title: service.seo.title ?? `${service.title} | ${model.settings.name}`,
      description: service.seo.description ?? service.serviceDescription,
      keywords: service.seo.keywords,
      source: service.file,
      data: { service },
    });
  }
  add(fromCopy('cities'));
  for (const city of model.cities) {
    add({
      kind: 'city',
      path: city.url,
      title: city.seo?.title ?? `Certified Translations ${city.inCity}, ${city.state}`,
      description: city.seo?.description ?? `${city.tagline ?? city.description[0]}`.slice(0, 160),
      source: city.file,
      data: { city },
    });
  }
  add(fromCopy('languages'));
  for (const language of model.languages) {
    add({
      kind: 'language',
      path: language.url,
      title: languageTitle(language, model),
      description:
        language.seo?.description ??
        `NAATI certified ${language.name} to English translations accepted by Australian authorities, from ${model.settings.startingPrice} + service fee.`,
      keywords: language.seo?.keywords ?? [`${language.name} translation`, `NAATI ${language.name} translator`, `certified ${language.name} translation`],
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
      title: post.seo?.title ?? post.title,
      description: post.seo?.description ?? post.excerpt,
      keywords: post.seo?.keywords,
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
  add(fromCopy('sitemap'));
  add(fromCopy('tawkto-setup'));
  add(fromCopy('not-found'));

  const redirects: Redirect[] = model.services.flatMap((service) =>
    (service.aliases ?? []).map((alias) => ({ from: entryPath('service', alias), to: service.url, status: 301 as const })),
  );
  return { pages, redirects };
}
