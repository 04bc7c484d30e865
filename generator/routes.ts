// Every page of the site as data: address, output file, template, head fields and what the template needs.
// Pure: the model in, pages out; nothing here touches the disk.
import type { CityEntry, LanguageEntry, PostEntry, ProseEntry, ServiceEntry, SiteModel } from './content/model.ts';

export type Page =
  | PageOf<'home'>
  | PageOf<'services'>
  | PageOf<'service', { service: ServiceEntry }>
  | PageOf<'cities'>
  | PageOf<'city', { city: CityEntry }>
  | PageOf<'languages'>
  | PageOf<'language', { language: LanguageEntry }>
  | PageOf<'process'>
  | PageOf<'pricing'>
  | PageOf<'blog'>
  | PageOf<'post', { post: PostEntry }>
  | PageOf<'faq'>
  | PageOf<'contact'>
  | PageOf<'prose', { prose: ProseEntry }>
  | PageOf<'sitemap'>
  | PageOf<'tawkto-setup'>
  | PageOf<'not-found'>;

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
}

export type PageOf<K extends string, D = unknown> = PageBase & { kind: K } & (unknown extends D ? { data?: undefined } : { data: D });

export interface Redirect {
  from: string;
  to: string;
  status: 301 | 302;
}

/** Top-level addresses that single-segment routes (languages, prose pages) must not take. */
export const reservedSegments = [
  'admin',
  'assets',
  'blog',
  'cities',
  'contact',
  'faq',
  'languages',
  'pricing',
  'process',
  'services',
  'sitemap',
  '404',
  'index',
  'icons',
  'robots.txt',
  'sitemap.xml',
  '.netlify',
  '__site',
];

export function fileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

export function languageTitle(language: LanguageEntry, model: SiteModel): string {
  return `${language.name} NAATI Certified Translation Services | From ${model.settings.startingPrice} + Service Fee`;
}

export function routes(model: SiteModel): { pages: Page[]; redirects: Redirect[] } {
  const updated = model.settings.updated;
  const copy = model.pages;
  const pages: Page[] = [];
  const add = <P extends Page>(page: Omit<P, 'file' | 'indexable' | 'lastmod'> & Partial<Pick<P, 'indexable' | 'lastmod'>>) =>
    pages.push({ indexable: true, lastmod: updated, file: fileFor(page.path), ...page } as Page);
  const seo = (s: { title: string; description: string; keywords?: string[] }) => ({ title: s.title, description: s.description, keywords: s.keywords });

  add({ kind: 'home', path: '/', ...seo(copy.home.seo), source: 'content/pages/home.json' });
  add({ kind: 'services', path: '/services', ...seo(copy.services.seo), source: 'content/pages/services.json' });
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
  add({ kind: 'cities', path: '/cities', ...seo(copy.cities.seo), source: 'content/pages/cities.json' });
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
  add({ kind: 'languages', path: '/languages', ...seo(copy.languages.seo), source: 'content/pages/languages.json' });
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
  add({ kind: 'process', path: '/process', ...seo(copy.process.seo), source: 'content/pages/process.json' });
  add({ kind: 'pricing', path: '/pricing', ...seo(copy.pricing.seo), source: 'content/pages/pricing.json' });
  add({
    kind: 'blog',
    path: '/blog',
    ...seo(copy.blog.seo),
    lastmod: model.posts.reduce((latest, p) => (p.isoUpdated > latest ? p.isoUpdated : latest), updated),
    source: 'content/pages/blog.json',
  });
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
  add({ kind: 'faq', path: '/faq', ...seo(copy.faq.seo), source: 'content/pages/faq.json' });
  add({ kind: 'contact', path: '/contact', ...seo(copy.contact.seo), source: 'content/pages/contact.json' });
  for (const prose of model.prose) {
    add({ kind: 'prose', path: prose.url, ...seo(prose.seo), lastmod: prose.updated, source: prose.file, data: { prose } });
  }
  add({ kind: 'sitemap', path: '/sitemap', ...seo(copy.sitemap.seo), source: 'content/pages/sitemap.json' });
  add({ kind: 'tawkto-setup', path: '/admin/tawkto-setup', ...seo(copy['tawkto-setup'].seo), indexable: false, source: 'content/pages/tawkto-setup.json' });
  pages.push({
    kind: 'not-found',
    path: '/404',
    file: '404.html',
    ...seo(copy['not-found'].seo),
    indexable: false,
    lastmod: updated,
    source: 'content/pages/not-found.json',
  });

  const redirects: Redirect[] = model.services.flatMap((service) =>
    (service.aliases ?? []).map((alias) => ({ from: `/services/${alias}`, to: service.url, status: 301 as const })),
  );
  return { pages, redirects };
}
