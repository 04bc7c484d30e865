// The site's kinds of content: where each kind's files live, the schema that checks them, the field of the
// site model made from them, the addresses their pages take and what the host must be told about them. A kind
// with a page per entry (a collection) has its template in templates/pages/<kind>.tsx. The generator derives
// everything else from this table (generator/content/kinds.ts).
import { collection, of, page, prose, singleton, type Registry } from '../generator/content/kind-spec.ts';
import type * as T from '../generator/content/types.ts';
import { blogListings, type ListingPage } from '../templates/pages/blog-pages.ts';
import type { CopyFirstPage, CopyPage } from '../generator/content/kind-spec.ts';

interface NotFoundCopyPage extends CopyPage {
  /** Whether it is the blog's, for a missing post, in the words of the copy's blogPost. */
  listing: { post: boolean };
}

/** The site's not-found page, and the blog's for a post's address (/blog/{slug}) that names no post. */
function notFoundPages(model: { settings: { updated: string } }, first: CopyFirstPage): NotFoundCopyPage[] {
  const common = { ...first, indexable: false, lastmod: model.settings.updated };
  return [
    { ...common, listing: { post: false } },
    { ...common, path: '/blog/404', listing: { post: true }, notFoundUnder: '/blog/' },
  ];
}

export const registry = {
  kinds: {
    site: singleton<T.SiteSettings>('site.json', 'settings'),
    navigation: singleton<T.Navigation>('navigation.json', 'navigation'),
    'language-groups': singleton<T.LanguageGroups>('language-groups.json', 'languageGroups'),
    plans: singleton<T.ServicePlans>('plans.json', 'plans'),
    facts: singleton<T.BusinessFacts>('facts.json', 'facts'),
    testimonials: singleton<T.Testimonials>('testimonials.json', 'testimonials'),
    faq: singleton<T.FAQGroups>('faq.json', 'faq'),
    shared: singleton<T.SharedCopy>('shared.json', 'shared'),
    'contact-form': singleton<T.ContactFormCopy>('contact-form.json', 'contactForm'),
    'page-copy': {
      shape: 'page-copy',
      folder: 'pages',
      ext: '.json',
      pages: {
        home: page<T.HomePage>('/'),
        services: page<T.ServicesPage>('/services', { lists: 'service' }),
        cities: page<T.CitiesPage>('/cities', { lists: 'city' }),
        languages: page<T.LanguagesPage>('/languages', { lists: 'language' }),
        process: page<T.HowItWorksPage>('/process'),
        pricing: page<T.PricingPage>('/pricing'),
        // The blog lists its posts a page at a time, and each category on pages of its own.
        blog: page<T.BlogPage, ListingPage>('/blog', { lists: 'post', pages: blogListings }),
        faq: page<T.FAQPage>('/faq'),
        contact: page<T.ContactPage>('/contact'),
        sitemap: page<T.HTMLSitemapPage>('/sitemap', { lists: '*' }),
        'tawkto-setup': page<T.LiveChatSetupPage>('/admin/tawkto-setup', { indexable: false }),
        // The host's not-found page, and the blog's at a post's address that names no post (SPEC: Blog post not found).
        'not-found': page<T.NotFoundPage, NotFoundCopyPage>('/404', { file: '404.html', indexable: false, pages: notFoundPages }),
      },
    },
    'prose-page': prose<T.ProsePageFrontMatter>('pages', '/', ['privacy-policy', 'terms']),
    // A language's page is also found from its name typed in capitals (/Chinese), as SPEC's lookup ignores case.
    language: collection('language', 'languages', '.json', 'languages', '/', { capitalised: true, data: of<T.Language>() }),
    city: collection('city', 'cities', '.json', 'cities', '/cities/', { data: of<T.City>() }),
    service: collection('service', 'services', '.json', 'services', '/services/', { data: of<T.Service>() }),
    post: collection('post', 'blog', '.md', 'posts', '/blog/', { feed: '/blog/feed.xml', schema: 'blog-post.schema.json', data: of<T.BlogPostFrontMatter>() }),
  },
  generated: ['/sitemap.xml', '/robots.txt'],
  outputFolders: ['admin', 'assets', 'icons', '.netlify', '__site'],
  private: [{ prefix: '/admin/' }],
} satisfies Registry;

