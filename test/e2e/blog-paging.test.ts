// The paged blog in Chromium, with and without JavaScript: the filter's links lead to each category's pages,
// the pager moves between pages, and with scripts the filter of a paged blog stays links (no page holds every
// post to filter in place). The one-page blog's in-place filter is tested in islands.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launch, open, startSite, trackPages, wake, type Site } from './browser.ts';
import { readThrough, violations, violationsWithoutJavaScript } from './axe.ts';

const test = suite('the paged blog in the browser');
const categories = ['Immigration', 'Legal', 'Education', 'Translation', 'Business'];

/** 60 short posts besides the real 5: 65 in all, 13 in each category, so both the blog and each category page at 12. */
function post(n: number): string {
  const day = String((n % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(n / 28) % 12) + 1).padStart(2, '0');
  return `---\ntitle: "Preparing document set ${n} for a certified translation"\nexcerpt: "What to scan, what to send and what the authority expects to see, for document set ${n}."\ndate: "${day}/${month}/2019"\nauthor: "Test Writer, Editor"\ncategory: "${categories[n % 5]}"\nimage:\n  src: "blog/naati-vs-standard-translations-differences.svg"\n  alt: "Two documents side by side"\nicon: "file-text"\n---\n\nSet ${n} says what to prepare.\n`;
}

let browser: Browser;
let site: Site;
const { pages, problems } = trackPages(test);

test.before(async () => {
  [browser, site] = await Promise.all([
    launch(),
    startSite({}, (f) => {
      for (let n = 1; n <= 60; n++) f.write(`content/blog/set-${n}.md`, post(n));
    }),
  ]);
});
test.after(async () => {
  await browser?.close();
  await site?.close();
});

async function visit(path: string, options: Parameters<typeof open>[3] = {}): Promise<Page> {
  const p = await open(browser, site, path, options);
  pages.push(p);
  return p.page;
}

const path = (page: Page) => new URL(page.url()).pathname;
const cardCategories = (page: Page) => page.locator('.post-grid .post-card .category-badge').allTextContents();

for (const javaScript of [false, true]) {
  const how = javaScript ? 'with JavaScript' : 'without JavaScript';
  test(`${how}: the filter's links lead to a category's pages, and the pager through them`, async () => {
    const page = await visit('/blog/page/2', { javaScript, width: javaScript ? 1280 : 375 });
    if (javaScript) await wake(page, 'blog-filter');
    const filter = page.getByRole('navigation', { name: 'Filter by topic' });
    assert.is(await filter.getByRole('link').count(), 6);
    assert.is(await page.getByRole('button', { name: 'Legal', exact: true }).count(), 0, 'a paged blog filters by links, not in place');
    assert.is(await filter.getByRole('link', { name: 'All' }).getAttribute('aria-current'), 'page');
    assert.is(await page.locator('.post-grid .post-card').count(), 12);

    await filter.getByRole('link', { name: 'Legal' }).click();
    await page.waitForURL(/\/blog\/category\/legal$/);
    assert.is(await page.getByRole('heading', { level: 1 }).textContent(), 'Legal Guides');
    assert.is(await page.getByRole('navigation', { name: 'Filter by topic' }).getByRole('link', { name: 'Legal' }).getAttribute('aria-current'), 'page');
    assert.equal(new Set(await cardCategories(page)), new Set(['Legal']));
    assert.is((await cardCategories(page)).length, 12);

    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    assert.ok(await pager.getByText('Page 1 of 2').isVisible());
    await pager.getByRole('link', { name: 'Older posts' }).click();
    await page.waitForURL(/\/blog\/category\/legal\/page\/2$/);
    assert.is((await cardCategories(page)).length, 1, '13 Legal posts: one on the second page');
    assert.is(await page.title(), 'Legal Guides – Page 2 of 2 | Wattle Translations');
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Newer posts' }).click();
    await page.waitForURL(/\/blog\/category\/legal$/);

    await page.getByRole('navigation', { name: 'Filter by topic' }).getByRole('link', { name: 'All' }).click();
    await page.waitForURL(/\/blog$/);
    assert.ok(await page.locator('#featured-heading').isVisible(), 'the blog\'s first page has its featured post');
    await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Page 6 of 6' }).click();
    await page.waitForURL(/\/blog\/page\/6$/);
    assert.is(await page.locator('.post-grid .post-card').count(), 5, '65 posts: 5 on the last page');
    assert.is(path(page), '/blog/page/6');
  });
}

test('with JavaScript, the paged blog\'s filter fetches a category\'s page ahead when the pointer reaches its link', async () => {
  const page = await visit('/blog', { width: 1280 });
  await wake(page, 'blog-filter');
  await page.getByRole('navigation', { name: 'Filter by topic' }).getByRole('link', { name: 'Education' }).hover();
  await page.waitForFunction(() => !!document.querySelector('link[rel="prefetch"][href$="/blog/category/education"]'));
});

test('a paged list and a category\'s later page have no WCAG 2.1 A or AA violations at 375 and 1280 px, with and without JavaScript', async () => {
  const found: string[] = [];
  for (const width of [375, 1280])
    for (const address of ['/blog/page/3', '/blog/category/legal/page/2']) {
      const page = await visit(address, { width, bypassCSP: true });
      await readThrough(page);
      found.push(...(await violations(page, `${width} ${address}`)));
      const plain = await visit(address, { width, javaScript: false });
      found.push(...(await violationsWithoutJavaScript(plain, `${width} ${address} without JavaScript`)));
    }
  assert.equal(found, []);
});

test('no page logged a console error, a page error or a hydration warning', () => {
  assert.equal(problems, []);
});

test.run();
