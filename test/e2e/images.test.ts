// Images never shift the layout: Chromium's layout-shift entries at 375 px while the page loads and is
// scrolled through, on the home page, a city page and a language page. And they sit where the design puts
// them: card artwork across the card's full width at its top (or full height beside it), nothing stretched or squashed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { open, useBrowserAndSite, type Site } from './browser.ts';

const test = suite('images in the browser');
let browser: Browser;
let site: Site;

useBrowserAndSite(test, (b, s) => ([browser, site] = [b, s]));

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

for (const width of [375, 1280]) {
  test(`at ${width} px: card images span their card's edge, and no image is distorted`, async () => {
    const problems: string[] = [];
    for (const path of ['/', '/services', '/cities', '/cities/perth', '/arabic', '/blog', '/blog/naati-certified-translations-immigration', '/faq']) {
      const p = await open(browser, site, path, { width, reducedMotion: 'reduce' });
      await p.page.evaluate(async () => {
        for (const img of document.images) img.loading = 'eager';
        await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
      });
      problems.push(
        ...(await p.page.evaluate(() => {
          const found: string[] = [];
          for (const image of document.querySelectorAll<HTMLElement>('.card-image')) {
            const card = image.closest('.card')!.getBoundingClientRect();
            const box = image.getBoundingClientRect();
            // At the card's top left, across its whole width, or down its whole height beside the text.
            const corner = Math.max(Math.abs(box.left - card.left), Math.abs(box.top - card.top));
            const spans = Math.min(Math.abs(card.right - box.right), Math.abs(card.bottom - box.bottom));
            if (corner > 2 || spans > 2) found.push(`${location.pathname}: .card-image is ${Math.round(box.width)}x${Math.round(box.height)} at ${Math.round(box.left - card.left)},${Math.round(box.top - card.top)} in a ${Math.round(card.width)} px card`);
            if (box.height > box.width) found.push(`${location.pathname}: .card-image taller than wide (${Math.round(box.width)}x${Math.round(box.height)})`);
          }
          for (const img of document.querySelectorAll<HTMLImageElement>('main img')) {
            const box = img.getBoundingClientRect();
            if (!box.width || !img.naturalWidth || ['cover', 'contain'].includes(getComputedStyle(img).objectFit)) continue;
            const drawn = box.width / box.height;
            const natural = img.naturalWidth / img.naturalHeight;
            if (Math.abs(drawn / natural - 1) > 0.03) found.push(`${location.pathname}: ${img.currentSrc.split('/').pop()} drawn at ${drawn.toFixed(2)}:1, is ${natural.toFixed(2)}:1`);
          }
          return found;
        })),
      );
      await p.close();
    }
    assert.equal(problems, []);
  });
}

test.run();
