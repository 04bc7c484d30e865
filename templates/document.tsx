import { renderToStaticMarkup } from 'react-dom/server';
import type { DocumentProps } from '../generator/render/contract.ts';
import { Render, absolute, useRender } from './context.ts';
import { Footer, FloatingButton } from './components/footer.tsx';
import { Header } from './components/header.tsx';
import { pageView } from './pages/index.ts';
import type { Head } from '../generator/routes.ts';
import { DraftBanner } from './components/draft-banner.tsx';
import { Island } from './components/island.tsx';
import { sharedMarkup } from './components/shared.tsx';
import { scriptJson } from './context.ts';
import { chatSnippetSource } from './pages/tawkto-setup.tsx';

/** Pages whose sections reveal 100 px before they scroll into view (blog and service pages), not only once 10% shows. */
const earlyReveal = new Set(['blog', 'post', 'service', 'services']);

/** A complete HTML document: head, skip link, header, the page, footer and the floating button. */
export function Document({ page, site, assets, markdown }: DocumentProps) {
  const { Page, head } = pageView(page.kind, page.data, site);
  const words = head ?? page.head;
  if (!words) throw new Error(`The page ${page.path} has no title: its content gives no "seo" and its kind's template (templates/pages/index.ts) no head()`);
  return (
    <Render.Provider value={{ page, site, assets, markdown }}>
      <html lang={site.settings.locale}>
        <DocumentHead head={words} />
        <body data-reveal-margin={earlyReveal.has(page.kind) ? '100px' : undefined}>
          <a className="skip-link" href="#main">
            Skip to main content
          </a>
          <DraftBanner />
          <Header />
          <main id="main" tabIndex={-1}>
            <Page data={page.data} />
          </main>
          <Footer />
          <FloatingButton />
          <Island name="review-popup" wake="idle" props={{ scriptUrl: site.settings.integrations.reviews.scriptUrl, businessUnitId: site.settings.integrations.reviews.businessUnitId }} />
        </body>
      </html>
    </Render.Provider>
  );
}

/**
 * The head: the tags every page shares (rendered once per build, like the header) and then the page's own. Half
 * of a short page's elements are in its head, so reusing the shared half is a large part of rendering fast.
 */
function DocumentHead({ head }: { head: Head }) {
  const context = useRender();
  const common = sharedMarkup(context, 'head', SiteHeadTags, {});
  // The shared markup is reused without rendering it again, so say here that every page loads the site script.
  context.assets.script('site');
  const own = renderToStaticMarkup(
    <Render.Provider value={context}>
      <PageHeadTags head={head} />
    </Render.Provider>,
  );
  return <head dangerouslySetInnerHTML={{ __html: common + own }} />;
}

/** Tags the same on every page, the character set first. */
function SiteHeadTags() {
  const { site, assets } = useRender();
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="preload" href={assets.file('fonts/inter-latin-wght-normal.woff2')} as="font" type="font/woff2" crossOrigin="" />
      <link rel="stylesheet" href={assets.stylesheet} />
      <link rel="icon" href={assets.icons.svg} type="image/svg+xml" />
      <link rel="icon" href={assets.icons.png32} sizes="32x32" type="image/png" />
      <link rel="apple-touch-icon" href={assets.icons.appleTouch} />
      <link rel="manifest" href={assets.icons.manifest} />
      <meta name="theme-color" content="#12305a" />
      <script type="module" src={assets.script('site')} />
      <script
        type="application/json"
        id="site-config"
        dangerouslySetInnerHTML={{ __html: scriptJson({ analyticsId: site.settings.integrations.analyticsId, chatSrc: chatSnippetSource(site.settings.integrations.chat.propertyId, site.settings.integrations.chat.widgetId) }) }}
      />
      <meta property="og:site_name" content={site.settings.name} />
      <meta property="og:locale" content={site.settings.locale.replace('-', '_')} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

/** The page's own tags: title, description, canonical address, feed link and sharing tags. */
function PageHeadTags({ head }: { head: Head }) {
  const { site, page, assets } = useRender();
  const url = absolute(site, page.path);
  const blog = page.kind === 'blog' || page.kind === 'post';
  const card = assets.social(page.kind);
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.keywords && head.keywords.length > 0 && <meta name="keywords" content={head.keywords.join(', ')} />}
      {!page.indexable && <meta name="robots" content="noindex, nofollow" />}
      {/* A page kept out of search engines names no canonical address: noindex with a canonical are conflicting signals. */}
      {page.indexable && <link rel="canonical" href={url} />}
      {page.kind === 'blog' && page.listing.prev && <link rel="prev" href={absolute(site, page.listing.prev)} />}
      {page.kind === 'blog' && page.listing.next && <link rel="next" href={absolute(site, page.listing.next)} />}
      {blog && <link rel="alternate" type="application/rss+xml" title={`${site.settings.name} blog`} href="/blog/feed.xml" />}
      <meta property="og:type" content={page.kind === 'post' ? 'article' : 'website'} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      {page.kind !== 'not-found' && <meta property="og:url" content={url} />}
      <meta property="og:image" content={`${site.settings.baseUrl}${card.url}`} />
      <meta property="og:image:width" content={String(card.width)} />
      <meta property="og:image:height" content={String(card.height)} />
      {/* One card per kind of page: its alt text says what the card shows, not this page's title. */}
      <meta property="og:image:alt" content={card.alt} />
      <meta name="twitter:image" content={`${site.settings.baseUrl}${card.url}`} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
    </>
  );
}
