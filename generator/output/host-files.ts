// The files beside the pages that hosts, crawlers and feed readers read: sitemap.xml, robots.txt, the blog's
// RSS feed and _redirects (_headers is security.ts's).
import type { SiteModel } from '../content/model.ts';
import { compare } from '../errors.ts';
import { rules } from '../content/kinds.ts';
import type { Page, Redirect } from '../routes.ts';
import type { MarkdownLookup } from '../render/contract.ts';
import type { NextRecord } from '../incremental/record.ts';

export async function sitemapXml(model: SiteModel, pages: Page[]): Promise<string> {
  const { SitemapStream, streamToPromise } = await import('sitemap');
  const links = pages
    .filter((p) => p.indexable)
    .map((p) => ({ url: p.path, lastmod: p.lastmod }))
    .sort((a, b) => compare(a.url, b.url));
  const stream = new SitemapStream({ hostname: model.settings.baseUrl, lastmodDateOnly: true, xmlns: { news: false, xhtml: false, image: false, video: false } });
  const xml = streamToPromise(stream);
  // Written in one go: piping from Readable.from hands the stream one link per tick, twice as slow for thousands.
  for (const link of links) stream.write(link);
  stream.end();
  return (await xml).toString();
}

export function robotsTxt(model: SiteModel): string {
  return ['User-agent: *', 'Allow: /', ...rules.robotsRules, '', `Sitemap: ${model.settings.baseUrl}/sitemap.xml`, ''].join('\n');
}

export function redirectsFile(redirects: Redirect[]): string {
  return redirects.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n') + '\n';
}

/** The posts the feed carries, the newest 30: feed readers poll it often, and need the newest posts, not the whole archive. */
export function feedPosts(model: SiteModel) {
  return model.posts.slice(0, 30);
}

/** The blog's RSS feed; `markdown` holds the HTML of the bodies of the posts it carries. */
export async function blogFeed(model: SiteModel, markdown: MarkdownLookup): Promise<string> {
  const { Feed } = await import('feed');
  const base = model.settings.baseUrl;
  // RSS has no base address: a reader resolves /pricing or ../faq against its own site, or not at all.
  const addressNotAbsolute = /(\s(?:href|src)=")(?![a-z][a-z0-9+.-]*:)([^"]*)/gi;
  // The channel last changed with the newest change to a post it carries, which need not be the newest post's: an
  // older post updated since counts too (posts are in order of publication, not of their last change).
  const posts = feedPosts(model);
  const newest = posts.reduce<string | undefined>((latest, post) => (latest === undefined || post.isoUpdated > latest ? post.isoUpdated : latest), undefined) ?? model.settings.updated;
  const feed = new Feed({
    title: `${model.settings.name} blog`,
    description: model.pages.blog.seo.description,
    id: `${base}/blog`,
    link: `${base}/blog`,
    language: model.settings.locale,
    copyright: `© ${newest.slice(0, 4)} ${model.settings.legalName}`,
    updated: new Date(`${newest}T00:00:00Z`),
    feedLinks: { rss: `${base}/blog/feed.xml` },
  });
  for (const post of posts) {
    feed.addItem({
      title: post.title,
      id: `${base}${post.url}`,
      link: `${base}${post.url}`,
      description: post.excerpt,
      content: markdown
        .get(post.body)
        ?.replace(addressNotAbsolute, (_, attribute: string, address: string) => attribute + new URL(address, `${base}${post.url}`).href),
      // RSS's <author> must be an email address, and posts give none: the name goes in Dublin Core's creator.
      extensions: [{ name: 'dc:creator', objects: { _text: post.authorName } }],
      date: new Date(`${post.isoDate}T00:00:00Z`),
      category: [{ name: post.category }],
    });
  }
  return feed.rss2();
}

/** What the sitemap is made from. */
export function sitemapInputs(model: SiteModel, pages: Page[]): string {
  return JSON.stringify([model.settings.baseUrl, pages.map((p) => [p.path, p.lastmod, p.indexable])]);
}

/** What the blog feed is made from: the newest posts (their bodies by their files' hashes) and the site's names. */
export function feedInputs(model: SiteModel, record: NextRecord): string {
  const s = model.settings;
  // Every field but the body, which stands in by the file's hash: a post's body is its class's getter, not an own
  // field (content/model.ts), so JSON leaves it out and does not read it.
  const posts = feedPosts(model).map((post) => [post, record.contentHash(post.file)]);
  return JSON.stringify([s.name, s.legalName, s.baseUrl, s.updated, model.pages.blog.seo.description, posts]);
}
