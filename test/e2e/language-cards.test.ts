// Language cards in Chromium: a native name written right to left (Arabic, Hebrew, Persian, Urdu...) starts
// under the English name, as a left-to-right one does, on the languages page, a city page and in the picker.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { open, useBrowserAndSite, wake, type Site } from './browser.ts';

const test = suite('language cards');
let browser: Browser;
let site: Site;

useBrowserAndSite(test, (b, s) => ([browser, site] = [b, s]));

/** Each card's English name and native name as their left edges, in px, for every card with a native name. */
const edges = (root: string) =>
  [...document.querySelectorAll(`${root} .language-card`)].flatMap((card) => {
    const name = card.querySelector('strong')!;
    const native = card.querySelector('strong + span[lang]');
    if (!native) return [];
    const range = document.createRange();
    range.selectNodeContents(native);
    return [{ name: name.textContent!, rtl: native.getAttribute('dir') === 'rtl', left: Math.round(name.getBoundingClientRect().left), nativeLeft: Math.round(range.getBoundingClientRect().left) }];
  });

for (const width of [375, 1280]) {
  for (const path of ['/languages', '/cities/sydney', '/']) {
    test(`${width} px, ${path}: every native name, right to left or not, starts where the English name starts`, async () => {
      const { page, close, problems } = await open(browser, site, path, { width, reducedMotion: 'reduce' });
      if (path === '/') await wake(page, 'language-picker');
      const cards = await page.evaluate(edges, path === '/' ? '.language-picker' : 'main');
      await close();
      assert.ok(cards.some((c) => c.rtl), `a right-to-left native name on ${path}`);
      assert.equal(cards.filter((c) => Math.abs(c.left - c.nativeLeft) > 1), [], path);
      assert.equal(problems, []);
    });
  }
}

test.run();
