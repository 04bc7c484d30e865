// Images never shift the layout: Chromium's layout-shift entries at 375 px while the page loads and is
// scrolled through, on the home page, a city page and a language page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { launch, open, startSite, type Site } from './browser.ts';

const test = suite('images in the browser');
let browser: Browser;
let site: Site;

test.before(async () => {
  [browser, site] = await Promise.all([launch(), startSite()]);
});
test.after(async () => {
  await browser.close();
  await site.close();
});

for (const path of ['/', '/cities/sydney', '/arabic']) {
  test(`${path} at 375 px: no layout shift from images`, async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    await context.addInitScript(() => {
      (window as any).__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as any[]) {
          (window as any).__shifts.push({ value: entry.value, recent: entry.hadRecentInput, sources: (entry.sources ?? []).map((s: any) => s.node?.nodeName ?? '?') });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
    for (let y = 0; y < 12; y++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(120);
    }
    await page.waitForTimeout(400);
    const shifts = (await page.evaluate(() => (window as any).__shifts)) as { value: number; recent: boolean; sources: string[] }[];
    const fromImages = shifts.filter((s) => s.sources.some((n) => n === 'IMG' || n === 'PICTURE'));
    assert.equal(fromImages, [], 'no shift caused by an image');
    const total = shifts.filter((s) => !s.recent).reduce((sum, s) => sum + s.value, 0);
    assert.ok(total < 0.02, `cumulative layout shift ${total.toFixed(4)}: ${JSON.stringify(shifts)}`);
    await context.close();
  });
}

test.run();
