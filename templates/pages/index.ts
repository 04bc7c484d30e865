// The template of each kind of page: its component and, for the pages of entries, its head (title, description,
// keywords), worded here rather than by the generator. Page copies and prose pages take their head from content.
import type { ReactElement } from 'react';
import type { SiteModel } from '../../generator/content/model.ts';
import type { Head, Page, PageKind } from '../../generator/routes.ts';
import { BlogPage } from './blog.tsx';
import { CitiesPage } from './cities.tsx';
import { CityPage, cityHead } from './city.tsx';
import { ContactPage } from './contact.tsx';
import { FaqPage } from './faq.tsx';
import { HomePage } from './home.tsx';
import { LanguagePage, languageHead } from './language.tsx';
import { LanguagesPage } from './languages.tsx';
import { NotFoundPage } from './not-found.tsx';
import { PostPage, postHead } from './post.tsx';
import { PricingPage } from './pricing.tsx';
import { ProcessPage } from './process.tsx';
import { ProsePage } from './prose.tsx';
import { ServicePage, serviceHead } from './service.tsx';
import { ServicesPage } from './services.tsx';
import { SitemapPage } from './sitemap.tsx';
import { TawktoSetupPage } from './tawkto-setup.tsx';

/** What a page of a kind carries for its template. */
export type DataOf<K extends PageKind> = Extract<Page, { kind: K }>['data'];

export interface PageModule<K extends PageKind> {
  Page: (props: { data: DataOf<K> }) => ReactElement;
  /** The page's head, when content does not give it (the route's `head`). */
  head?: (data: DataOf<K>, site: SiteModel) => Head;
}

export type PageModules = { [K in PageKind]: PageModule<K> };

export const pageModules: PageModules = {
  home: { Page: HomePage },
  services: { Page: ServicesPage },
  service: { Page: ServicePage, head: serviceHead },
  cities: { Page: CitiesPage },
  city: { Page: CityPage, head: cityHead },
  languages: { Page: LanguagesPage },
  language: { Page: LanguagePage, head: languageHead },
  process: { Page: ProcessPage },
  pricing: { Page: PricingPage },
  blog: { Page: BlogPage },
  post: { Page: PostPage, head: postHead },
  faq: { Page: FaqPage },
  contact: { Page: ContactPage },
  prose: { Page: ProsePage },
  sitemap: { Page: SitemapPage },
  'tawkto-setup': { Page: TawktoSetupPage },
  'not-found': { Page: NotFoundPage },
};

/** A page's template and head, typed by its kind. */
export function pageView<K extends PageKind>(kind: K, data: DataOf<K>, site: SiteModel): { Page: PageModule<K>['Page']; head: Head | undefined } {
  const module: PageModule<K> = pageModules[kind];
  return { Page: module.Page, head: module.head?.(data, site) };
}
