import type { PageKind } from '../../generator/routes.ts';
import { BlogPage } from './blog.tsx';
import { CitiesPage } from './cities.tsx';
import { CityPage } from './city.tsx';
import { ContactPage } from './contact.tsx';
import { FaqPage } from './faq.tsx';
import { HomePage } from './home.tsx';
import { LanguagePage } from './language.tsx';
import { LanguagesPage } from './languages.tsx';
import { NotFoundPage } from './not-found.tsx';
import { PostPage } from './post.tsx';
import { PricingPage } from './pricing.tsx';
import { ProcessPage } from './process.tsx';
import { ProsePage } from './prose.tsx';
import { ServicePage } from './service.tsx';
import { ServicesPage } from './services.tsx';
import { SitemapPage } from './sitemap.tsx';
import { TawktoSetupPage } from './tawkto-setup.tsx';

/** The template of each kind of page. */
export const pageComponents: Record<PageKind, unknown> = {
  home: HomePage,
  services: ServicesPage,
  service: ServicePage,
  cities: CitiesPage,
  city: CityPage,
  languages: LanguagesPage,
  language: LanguagePage,
  process: ProcessPage,
  pricing: PricingPage,
  blog: BlogPage,
  post: PostPage,
  faq: FaqPage,
  contact: ContactPage,
  prose: ProsePage,
  sitemap: SitemapPage,
  'tawkto-setup': TawktoSetupPage,
  'not-found': NotFoundPage,
};
