// Drafts under `site serve`, in Chromium: a draft's page carries a banner that says how to publish it, and a
// link to a draft in a list carries a "Draft" tag (the dev server's stylesheet, content/drafts.ts). Screenshots
// of the draft's page at 375 and 1280 px go to reports/screenshots/ for a person to look at.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, open, startSite, type Site } from './browser.ts';
import { replaceIn } from '../helpers/failure.ts';
import { repoRoot } from '../helpers/project.ts';

const test = suite('drafts in the browser');
const post = 'translating-business-documents-australian-market';
const shots = path.join(repoRoot, 'reports/screenshots');

let browser: Browser;
let site: Site;
test.before(async () => {
  [browser, site] = await Promise.all([launch(), startSite({}, (f) => replaceIn(f, `content/blog/${post}.md`, '---\n', '---\ndraft: true\n'))]);
  fs.mkdirSync(shots, { recursive: true });
});
test.after(async () => {
  await browser?.close();
  await site?.close();
});

for (const width of [375, 1280]) {
  test(`a draft's page shows the draft banner at the top, at ${width} px`, async () => {
    const { page, problems, close } = await open(browser, site, `/blog/${post}`, { width });
    try {
      const banner = page.locator('.draft-banner');
      assert.ok(await banner.isVisible());
      assert.match(await banner.innerText(), /Draft/i);
      assert.match(await banner.innerText(), `content/blog/${post}.md`);
      const box = (await banner.boundingBox())!;
      assert.is(box.y, 0, 'the banner is the first thing on the page');
      assert.ok(box.width >= width - 1 && box.width <= width, `the banner spans the page: ${box.width} px`);
      // Its text wraps inside the screen: nothing scrolls sideways.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
      assert.is(await banner.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(254, 243, 199)');
      assert.is(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex, nofollow');
      await page.screenshot({ path: path.join(shots, `draft-post-${width}.png`) });
      assert.equal(problems, []);
    } finally {
      await close();
    }
  });
}

for (const width of [375, 1280]) {
  test(`a link to a draft in the blog list is tagged "Draft"; a published one is not, at ${width} px`, async () => {
    const { page, problems, close } = await open(browser, site, '/blog', { width });
    try {
      const tag = (href: string) => page.locator(`a[href="${href}"]`).first().evaluate((el) => getComputedStyle(el, '::before').content);
      assert.is(await tag(`/blog/${post}`), '"Draft"');
      assert.is(await tag('/blog/naati-vs-standard-translations-differences'), 'none');
      await page.locator(`a[href="/blog/${post}"]`).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `draft-in-blog-list-${width}.png`) });
      assert.equal(problems, []);
    } finally {
      await close();
    }
  });
}

test.run();
