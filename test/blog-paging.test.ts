// The blog's paged lists (templates/pages/blog-pages.ts, templates/pages/blog.tsx): page addresses and links,
// rel prev/next, canonical URLs, titles, the sitemap, category pages, the filter's plain links, the HTML budget
// failing the build, and incremental builds re-rendering the right lists when posts come and go.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type BuildResult } from '../generator/build.ts';
import { BuildFailure } from '../generator/errors.ts';
import { silentLogger } from '../generator/log.ts';
import { blogListings, categorySlug, listingPath, paginate } from '../templates/pages/blog-pages.ts';
import type { SiteModel } from '../generator/content/model.ts';
import { pagerNumbers } from '../templates/pages/blog.tsx';
import { fixture, repoRoot, type Fixture } from './helpers/project.ts';

const test = suite('blog paging');
const base = 'https://www.example.com';
const categories = ['Immigration', 'Legal', 'Education', 'Translation', 'Business'];

/** A short post: n decides its date (newer for a larger n), category and words. */
function post(n: number, category = categories[n % 5], excerpt = `A short guide, number ${n}, on preparing documents for a certified translation.`): string {
  const day = String((n % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(n / 28) % 12) + 1).padStart(2, '0');
  return `---\ntitle: "Paging guide ${n}"\nexcerpt: "${excerpt}"\ndate: "${day}/${month}/2019"\nauthor: "Test Writer, Editor"\ncategory: "${category}"\nimage:\n  src: "blog/naati-vs-standard-translations-differences.svg"\n  alt: "Two documents side by side"\nicon: "file-text"\n---\n\nGuide ${n} says what to prepare before ordering a translation.\n`;
}

test('paginate: pages of the given size, the last one shorter, and one empty page for no items', () => {
  assert.equal(paginate([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  assert.equal(paginate([1, 2, 3, 4], 2), [[1, 2], [3, 4]]);
  assert.equal(paginate([], 12), [[]]);
  assert.throws(() => paginate([1], 0), /at least 1/);
  assert.is(listingPath('/blog', 1), '/blog');
  assert.is(listingPath('/blog', 2), '/blog/page/2');
  assert.is(listingPath('/blog/category/legal', 3), '/blog/category/legal/page/3');
  assert.is(categorySlug('Immigration'), 'immigration');
  // The pager: first, last and two either side of the current page, with gaps marked 0.
  assert.equal(pagerNumbers(1, 1), [1]);
  assert.equal(pagerNumbers(1, 3), [1, 2, 3]);
  assert.equal(pagerNumbers(10, 40), [1, 0, 8, 9, 10, 11, 12, 0, 40]);
  assert.equal(pagerNumbers(4, 7), [1, 2, 3, 4, 5, 6, 7]);
});

test('blogListings: a category with no posts keeps one page, for the filter\'s link, kept out of search engines', () => {
  const paging = JSON.parse(fs.readFileSync(path.join(repoRoot, 'content/pages/blog.json'), 'utf8')).paging;
  const posts = Array.from({ length: 25 }, (_, i) => ({ category: i % 2 ? 'Legal' : 'Education', isoUpdated: `2026-01-${String(i + 1).padStart(2, '0')}` }));
  const model = { pages: { blog: { paging: { ...paging, postsPerPage: 12 } } }, settings: { updated: '2025-06-30' }, posts } as unknown as SiteModel;
  const pages = blogListings(model, { path: '/blog', title: 'Blog', description: 'The blog' });
  const at = (address: string) => pages.find((p) => p.path === address)!;
  assert.equal(pages.map((p) => p.path), ['/blog', '/blog/page/2', '/blog/page/3', '/blog/category/immigration', '/blog/category/legal', '/blog/category/education', '/blog/category/education/page/2', '/blog/category/translation', '/blog/category/business']);
  assert.equal(at('/blog/page/3').listing.positions, [24]);
  assert.equal(at('/blog/category/legal').listing.positions, [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23]);
  assert.equal([at('/blog/category/immigration').indexable, at('/blog/category/immigration').listing.positions, at('/blog/category/immigration').listing.count], [false, [], 1]);
  assert.ok(at('/blog/category/legal').indexable);
  // The first page dates from the newest post; a later page from its own newest.
  assert.equal([at('/blog').lastmod, at('/blog/page/3').lastmod, at('/blog/category/translation').lastmod], ['2026-01-25', '2026-01-25', '2025-06-30']);
  assert.is(at('/blog/page/2').lastmod, '2026-01-24');
});

let site: Fixture;
let first: BuildResult;
const dist = () => path.join(site.root, 'dist');
const html = (address: string) => fs.readFileSync(path.join(dist(), address === '/' ? 'index.html' : `${address.slice(1)}.html`), 'utf8');
const exists = (address: string) => fs.existsSync(path.join(dist(), `${address.slice(1)}.html`));
const links = (page: string, rel: string) => [...page.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"`, 'g'))].map((m) => m[1]);
const cards = (page: string) => [...page.matchAll(/<li class="card post-card" data-category="([^"]+)">[\s\S]*?<a href="([^"]+)" class="card-link">/g)].map((m) => ({ category: m[1], href: m[2] }));
const title = (page: string) => /<title>([^<]*)<\/title>/.exec(page)![1].replace(/&amp;/g, '&');
const description = (page: string) => /<meta name="description" content="([^"]*)"/.exec(page)![1];

test.before(async () => {
  site = fixture();
  // 30 posts besides the real 5: 35 in all, 7 in each category; 5 a page makes 7 pages of the blog and 2 of each category.
  for (let n = 1; n <= 30; n++) site.write(`content/blog/paging-guide-${n}.md`, post(n));
  site.editJson('content/pages/blog.json', (d) => (d.paging.postsPerPage = 5));
  first = await build({ root: site.root, logger: silentLogger });
});
test.after(() => site.remove());

test('the blog pages its posts: /blog and /blog/page/2 to /7, every post once, newest first', () => {
  const addresses = ['/blog', ...[2, 3, 4, 5, 6, 7].map((n) => `/blog/page/${n}`)];
  for (const a of addresses) assert.ok(exists(a), a);
  assert.not.ok(exists('/blog/page/8'));
  assert.not.ok(exists('/blog/page/1'), 'page 1 is /blog itself');
  const listed = addresses.flatMap((a) => cards(html(a)).map((c) => c.href));
  assert.is(listed.length, 35);
  assert.equal(listed, first.model.posts.map((p) => p.url), 'every post once, in the model\'s order (newest first)');
  assert.equal(addresses.map((a) => cards(html(a)).length), [5, 5, 5, 5, 5, 5, 5]);
  // The featured post is on the first page only.
  assert.match(html('/blog'), /id="featured-heading"/);
  assert.not.match(html('/blog/page/2'), /id="featured-heading"/);
});

test('each page links its neighbours (rel prev/next in the head and the pager) and names itself canonical', () => {
  const at = (n: number) => (n === 1 ? '/blog' : `/blog/page/${n}`);
  for (let n = 1; n <= 7; n++) {
    const page = html(at(n));
    assert.equal(links(page, 'canonical'), [`${base}${at(n)}`], `${at(n)} canonical`);
    assert.equal(links(page, 'prev'), n > 1 ? [`${base}${at(n - 1)}`] : [], `${at(n)} prev`);
    assert.equal(links(page, 'next'), n < 7 ? [`${base}${at(n + 1)}`] : [], `${at(n)} next`);
    // The pager's own links, written as the site writes every link: no trailing slash, no host.
    const pager = /<nav class="pager"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? '';
    assert.match(pager, new RegExp(`<p class="pager-where">Page ${n} of 7</p>`));
    if (n > 1) assert.match(pager, new RegExp(`href="${at(n - 1)}" rel="prev"`));
    if (n < 7) assert.match(pager, new RegExp(`href="${at(n + 1)}" rel="next"`));
    assert.match(pager, new RegExp(`href="${at(n)}" aria-current="page"`));
    assert.not.match(pager, /href="[^"]*\/"/, 'no link ends in a slash');
  }
});

test('titles and descriptions differ from page to page, in the copy\'s words', () => {
  const pages = first.pages.filter((p) => p.kind === 'blog');
  assert.is(new Set(pages.map((p) => p.head!.title)).size, pages.length);
  assert.is(new Set(pages.map((p) => p.head!.description)).size, pages.length);
  assert.is(title(html('/blog')), 'Translation Guides and News | Wattle Translations Blog', 'page 1 keeps its title');
  assert.is(title(html('/blog/page/2')), 'Blog – Page 2 of 7 | Wattle Translations');
  assert.is(title(html('/blog/category/legal')), 'Legal Guides | Wattle Translations Blog');
  assert.is(title(html('/blog/category/legal/page/2')), 'Legal Guides – Page 2 of 2 | Wattle Translations');
  assert.match(description(html('/blog/category/legal/page/2')), /^Page 2 of 2 of our translation team&#x27;s guides on translating contracts/);
  for (const p of pages) assert.ok(p.head!.title.length < 60 && p.head!.description.length >= 50 && p.head!.description.length < 160, `${p.path}: ${p.head!.title} / ${p.head!.description}`);
});

test('each category has its own pages, listing its posts alone, with the filter as plain links marking it current', () => {
  for (const category of categories) {
    const first = `/blog/category/${category.toLowerCase()}`;
    const pages = [first, `${first}/page/2`];
    assert.not.ok(exists(`${first}/page/3`));
    const listed = pages.flatMap((a) => cards(html(a)));
    assert.is(listed.length, 7, category);
    assert.ok(listed.every((c) => c.category === category), category);
    assert.equal(links(html(first), 'next'), [`${base}${first}/page/2`]);
    assert.equal(links(html(`${first}/page/2`), 'prev'), [`${base}${first}`]);
    assert.equal(links(html(`${first}/page/2`), 'canonical'), [`${base}${first}/page/2`]);
    for (const a of pages) {
      const filter = /<nav class="filter-buttons" aria-label="Filter by topic">([\s\S]*?)<\/nav>/.exec(html(a))![1];
      const items = [...filter.matchAll(/<a class="chip chip-button" href="([^"]+)"( aria-current="page")?>([^<]+)<\/a>/g)].map((m) => [m[3], m[1], !!m[2]]);
      assert.equal(items, [['All', '/blog', false], ...categories.map((c) => [c, `/blog/category/${c.toLowerCase()}`, c === category])], a);
    }
  }
  // On the blog's own pages All is current; the paged blog's filter gets no counts, so it never filters in place.
  assert.match(html('/blog/page/3'), /href="\/blog" aria-current="page">All</);
  assert.not.match(html('/blog'), /&quot;counts&quot;/);
});

test('sitemap.xml lists every page of the blog and of each category, and nothing else new', () => {
  const xml = fs.readFileSync(path.join(dist(), 'sitemap.xml'), 'utf8');
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(base.length));
  const lists = urls.filter((u) => u === '/blog' || u.startsWith('/blog/page/') || u.startsWith('/blog/category/'));
  const expected = ['/blog', ...[2, 3, 4, 5, 6, 7].map((n) => `/blog/page/${n}`), ...categories.flatMap((c) => [`/blog/category/${c.toLowerCase()}`, `/blog/category/${c.toLowerCase()}/page/2`])];
  assert.equal(lists.sort(), expected.sort());
  assert.is(new Set(urls).size, urls.length, 'each address once');
});

test('the HTML sitemap lists each category with posts by its heading, beside the posts, as sitemap.xml does', () => {
  const map = fs.readFileSync(path.join(dist(), 'sitemap.html'), 'utf8');
  const blog = map.match(/<h2 id="sm-blog">Blog<\/h2>[\s\S]*?<\/ul>/)?.[0] ?? '';
  for (const c of categories) assert.match(blog, `<a href="/blog/category/${c.toLowerCase()}">${c} Guides</a>`, c);
  // The first page of each: later pages are reached from it, as the blog's own later pages are from /blog.
  assert.not.match(blog, '/page/');
});

test('a post added re-renders the lists it reaches; one removed takes its page off; the plan says why', async () => {
  // Newest of all and in Legal: every list page shifts (pages name their posts by position in the blog), while
  // pages that list no posts are kept.
  site.write('content/blog/paging-newest.md', post(900, 'Legal').replace(/date: "[^"]+"/, 'date: "30/11/2026"'));
  const added = await build({ root: site.root, logger: silentLogger, explain: true });
  const action = (address: string) => added.plan.find((p) => p.page.path === address)?.action;
  assert.is(action('/blog'), 'render');
  assert.is(action('/blog/page/8'), 'render', 'a new page for the 36th post');
  assert.is(action('/blog/category/legal'), 'render');
  assert.is(action('/blog/category/legal/page/2'), 'render');
  const reason = (address: string) => added.plan.find((p) => p.page.path === address)?.reason;
  assert.is(reason('/blog/category/legal'), 'its route changed (address, file, title or, for a list, the posts it lists)');
  assert.is(reason('/blog/page/8'), 'a new page');
  assert.is(action('/faq'), 'keep');
  assert.equal(cards(html('/blog'))[0].href, '/blog/paging-newest');
  assert.equal(cards(html('/blog/category/legal'))[0].href, '/blog/paging-newest');
  assert.equal(links(html('/blog/page/7'), 'next'), [`${base}/blog/page/8`]);
  assert.match(fs.readFileSync(path.join(dist(), 'sitemap.xml'), 'utf8'), /<loc>https:\/\/www\.example\.com\/blog\/page\/8<\/loc>/);

  site.write('content/blog/paging-newest.md', null);
  const removed = await build({ root: site.root, logger: silentLogger });
  assert.not.ok(exists('/blog/page/8'), 'the emptied page is gone');
  assert.equal(links(html('/blog/page/7'), 'next'), []);
  assert.not.ok(cards(html('/blog')).some((c) => c.href === '/blog/paging-newest'));
  assert.not.ok(cards(html('/blog/category/legal')).some((c) => c.href === '/blog/paging-newest'));
  assert.not.match(fs.readFileSync(path.join(dist(), 'sitemap.xml'), 'utf8'), /blog\/page\/8/);
  assert.is(removed.plan.find((p) => p.page.path === '/faq')?.action, 'keep');
});

test('a post moved to another category moves between the two categories\' pages', async () => {
  const moved = first.model.posts.find((p) => p.slug === 'paging-guide-6')!;
  assert.is(moved.category, 'Legal');
  site.write('content/blog/paging-guide-6.md', post(6, 'Business'));
  const result = await build({ root: site.root, logger: silentLogger });
  const inCategory = (slug: string) => [`/blog/category/${slug}`, `/blog/category/${slug}/page/2`].filter(exists).flatMap((a) => cards(html(a)).map((c) => c.href));
  assert.not.ok(inCategory('legal').includes('/blog/paging-guide-6'));
  assert.ok(inCategory('business').includes('/blog/paging-guide-6'));
  assert.is(result.plan.find((p) => p.page.path === '/blog/category/education')?.action, 'keep');
});

test('a list over the HTML budget fails the build, naming the page, its size and the budget, and keeps the last output', async () => {
  const before = html('/blog');
  // Excerpts that do not compress (each its own run of hex), all on one page: far over 40 KB gzipped.
  const noise = (n: number) => Array.from({ length: 6 }, (_, i) => createHash('sha256').update(`${n} ${i}`).digest('base64')).join(' ');
  for (let n = 100; n < 300; n++) site.write(`content/blog/heavy-${n}.md`, post(n, undefined, `Heavy ${noise(n)}.`));
  site.editJson('content/pages/blog.json', (d) => (d.paging.postsPerPage = 500));
  let failure: unknown;
  try {
    await build({ root: site.root, logger: silentLogger });
  } catch (error) {
    failure = error;
  }
  assert.instance(failure, BuildFailure);
  const problems = (failure as BuildFailure).errors.filter((e) => e.code === 'PAGE_TOO_HEAVY');
  const blog = problems.find((e) => e.page === '/blog');
  assert.ok(blog, `the blog's page is named: ${(failure as Error).message}`);
  assert.match(blog!.message, /^is \d+\.\d KB of gzipped HTML, over the budget of 40\.0 KB$/);
  assert.is(blog!.file, 'content/pages/blog.json');
  assert.match(blog!.hint ?? '', /paging\.postsPerPage/);
  assert.ok(Number(/is ([\d.]+) KB/.exec(blog!.message)![1]) > 40);
  assert.is(html('/blog'), before, 'the last good output stays');
});

test.run();
