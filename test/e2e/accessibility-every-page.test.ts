// Accessibility of every page of the site at 1280 px, in Chromium with axe-core (WCAG 2.1 A and AA), as a
// visitor meets it, motion and all: right after load, while the hero is still rising, and again after a
// reader's scroll to the end, while the last sections are still moving into place.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { readThrough, violations } from './axe.ts';
import { useBrowserAndSite, type Site } from './browser.ts';

const test = suite('accessibility of every page');
let browser: Browser;
let site: Site;

useBrowserAndSite(test, (b, s) => ([browser, site] = [b, s]));

test('every page at 1280 px has no WCAG 2.1 A or AA violations, right after load and after a reader scrolls through it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (r) => r.abort());
  const page = await context.newPage();
  const problems: string[] = [];
  const paths = site.dev && (await (await fetch(`${site.url}/sitemap.xml`)).text()).match(/<loc>[^<]+<\/loc>/g)!.map((l) => l.replace(/<\/?loc>/g, '').replace('https://www.example.com', '') || '/');
  assert.ok(paths.length >= 120);
  for (const path of [...paths, '/admin/tawkto-setup', '/no-such-page']) {
    await page.goto(site.url + path, { waitUntil: 'load' });
    problems.push(...(await violations(page, `1280 ${path} at load`)));
    await readThrough(page);
    problems.push(...(await violations(page, `1280 ${path} after scrolling`)));
  }
  await context.close();
  assert.equal(problems, []);
});

test.run();
