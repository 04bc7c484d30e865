// Accessibility, in Chromium with axe-core: zero WCAG 2.1 A and AA violations on every page type at 375 px
// and with menus, dialogs, form errors and toasts open; reflow at 320 px; tap targets; and the keyboard: a
// skip link first, every control reachable, focus always visible.
// axe runs as a visitor meets the page, motion and all (no reduced-motion request): once right after load,
// while the hero is still rising, and again after a reader's scroll to the end, while the last sections are
// still moving into place. Every page at 1280 px is in accessibility-every-page.test.ts (its own
// process, so its time limit is its own); the pages with a form, without JavaScript, in accessibility-no-js.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { readThrough, violations, violationsMidAnimation } from './axe.ts';
import { open, useBrowserAndSite, wake, type Site, type TestPage } from './browser.ts';

const test = suite('accessibility');
let browser: Browser;
let site: Site;

useBrowserAndSite(test, (b, s) => ([browser, site] = [b, s]));

const pageTypes = ['/', '/services', '/services/drivers-licence', '/cities', '/cities/perth', '/languages', '/arabic', '/process', '/pricing', '/blog', '/blog/naati-certified-translations-immigration', '/faq', '/contact', '/privacy-policy', '/terms', '/sitemap', '/admin/tawkto-setup', '/no-such-page'];

test('reflow (WCAG 1.4.10): no page scrolls sideways at 320 px', async () => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, reducedMotion: 'reduce' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (r) => r.abort());
  const page = await context.newPage();
  const problems: string[] = [];
  const paths = (await (await fetch(`${site.url}/sitemap.xml`)).text()).match(/<loc>[^<]+<\/loc>/g)!.map((l) => new URL(l.replace(/<\/?loc>/g, '')).pathname);
  for (const path of [...paths, '/no-such-page']) {
    await page.goto(site.url + path, { waitUntil: 'load' });
    const wide = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return null;
      const culprit = [...document.querySelectorAll('main *')].find((e) => e.getBoundingClientRect().right > width + 1 && e.checkVisibility());
      return `${document.documentElement.scrollWidth} px wide${culprit ? `, first at <${culprit.tagName.toLowerCase()} class="${culprit.getAttribute('class') ?? ''}">` : ''}`;
    });
    if (wide) problems.push(`${path}: ${wide}`);
  }
  await context.close();
  assert.equal(problems, []);
});

test('every page type at 375 px has no violations, right after load and after a reader scrolls through it with its islands awake', async () => {
  const problems: string[] = [];
  for (const path of pageTypes) {
    const p = await open(browser, site, path, { width: 375, bypassCSP: true });
    problems.push(...(await violations(p.page, `375 ${path} at load`)));
    for (const island of await p.page.locator('site-island[data-wake="visible"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.island!))) await wake(p.page, island);
    await p.page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await readThrough(p.page);
    problems.push(...(await violations(p.page, `375 ${path} after scrolling`)));
    await p.close();
  }
  assert.equal(problems, []);
});

test('open states have no violations: the mobile menu, a dropdown, the dialog, form errors, a toast, the review popup', async () => {
  const problems: string[] = [];
  const menu = await open(browser, site, '/services', { width: 375, bypassCSP: true });
  await menu.page.locator('.nav-mobile-toggle').click();
  for (const summary of await menu.page.locator('.mobile-section > summary').all()) await summary.click();
  problems.push(...(await violations(menu.page, 'mobile menu open')));
  await menu.close();

  const dropdown = await open(browser, site, '/', { bypassCSP: true });
  await dropdown.page.getByRole('button', { name: 'Languages' }).click();
  problems.push(...(await violations(dropdown.page, 'languages dropdown open')));
  await dropdown.close();

  const dialog = await open(browser, site, '/process', { bypassCSP: true });
  await wake(dialog.page, 'demo-order');
  await dialog.page.getByRole('button', { name: 'Try Our Translation Service' }).click();
  await dialog.page.getByRole('dialog').waitFor();
  problems.push(...(await violations(dialog.page, 'demo dialog open')));
  await dialog.page.getByRole('button', { name: 'Leave a Review' }).click();
  await dialog.page.getByText('Review Invitation Sent').waitFor();
  problems.push(...(await violationsMidAnimation(dialog.page, 'toast shown')));
  await dialog.close();

  const form = await open(browser, site, '/contact', { width: 375, bypassCSP: true });
  await wake(form.page, 'contact-form');
  await form.page.getByRole('button', { name: 'Send Message' }).click();
  await form.page.locator('.field-error').first().waitFor();
  problems.push(...(await violations(form.page, 'contact form with errors')));
  await form.page.clock.install();
  await form.page.reload();
  await form.page.clock.runFor(6000);
  await form.page.locator('.review-popup').waitFor();
  problems.push(...(await violationsMidAnimation(form.page, 'review popup shown')));
  await form.close();
  assert.equal(problems, []);
});

test('headings: on every page type none sits inside a control, where its role is lost, and none skips a level', async () => {
  const problems: string[] = [];
  for (const path of pageTypes) {
    const p = await open(browser, site, path, { reducedMotion: 'reduce' });
    const found = await p.page.evaluate(() => {
      const out: string[] = [];
      let previous = 0;
      for (const h of document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')) {
        const level = Number(h.getAttribute('aria-level') ?? h.tagName[1]);
        const text = h.textContent!.trim().slice(0, 40);
        // A summary or button has presentational children: a heading in it is no heading to a screen reader.
        const control = h.closest('summary, button, [role=button]');
        if (control) out.push(`<h${level}> "${text}" is inside a <${control.tagName.toLowerCase()}>`);
        if (level > previous + 1) out.push(`<h${level}> "${text}" follows an <h${previous}>`);
        previous = level;
      }
      return out;
    });
    problems.push(...found.map((problem) => `${path}: ${problem}`));
    await p.close();
  }
  assert.equal(problems, []);
});

test('FAQ questions are a list of disclosures that open without JavaScript', async () => {
  const p = await open(browser, site, '/faq', { javaScript: false });
  const lists = p.page.locator('#general .faq-list');
  assert.is(await lists.evaluate((list) => list.tagName), 'UL');
  assert.is(await lists.getByRole('listitem').count(), 4);
  const first = lists.getByRole('listitem').first();
  await first.locator('summary').click();
  assert.ok(await first.locator('.faq-answer').isVisible());
  await p.close();
});

/** Visible controls smaller than 44 x 44 px; a whole-card link counts as its card, inline links in running text are exempt. */
async function smallTargets(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]')) {
      if (!el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions) || el.closest('.sr-only, .skip-link')) continue;
      const parent = el.parentElement!;
      // WCAG 2.5.5 exempts a link inside a sentence: its size is set by the line of text.
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && parent.textContent!.trim() !== el.textContent!.trim()) continue;
      const box = (el.classList.contains('card-link') ? el.closest('.card')! : el).getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      if (box.width < 44 || box.height < 44) small.push(`<${el.tagName.toLowerCase()}> "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" is ${Math.round(box.width)} x ${Math.round(box.height)} px`);
    }
    return small;
  });
  return found.map((problem) => `${label}: ${problem}`);
}

test('tap targets at 375 px are at least 44 x 44 px on every page type and in the open mobile menu', async () => {
  const problems: string[] = [];
  for (const path of pageTypes) {
    const p = await open(browser, site, path, { width: 375, reducedMotion: 'reduce' });
    for (const island of await p.page.locator('site-island[data-wake="visible"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.island!))) await wake(p.page, island);
    problems.push(...(await smallTargets(p.page, path)));
    await p.close();
  }
  const menu = await open(browser, site, '/', { width: 375, reducedMotion: 'reduce' });
  await menu.page.locator('.nav-mobile-toggle').click();
  for (const summary of await menu.page.locator('.mobile-section > summary').all()) await summary.click();
  problems.push(...(await smallTargets(menu.page, 'mobile menu')));
  await menu.close();
  assert.equal(problems, []);
});

test('tap targets at 375 px in what opens over the page: the review popup and a toast', async () => {
  const problems: string[] = [];
  const popup = await open(browser, site, '/contact', { width: 375, reducedMotion: 'reduce' });
  await popup.page.clock.install();
  await popup.page.reload();
  await popup.page.clock.runFor(6000);
  await popup.page.locator('.review-popup').waitFor();
  problems.push(...(await smallTargets(popup.page, 'review popup')).filter((problem) => problem.includes('Close review')));
  await popup.close();

  const toast = await open(browser, site, '/process', { width: 375, reducedMotion: 'reduce' });
  await wake(toast.page, 'demo-order');
  await toast.page.getByRole('button', { name: 'Try Our Translation Service' }).click();
  await toast.page.getByRole('button', { name: 'Leave a Review' }).click();
  await toast.page.getByText('Review Invitation Sent').waitFor();
  const inToast = await toast.page.locator('.toast button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent!.trim()));
  problems.push(...(await smallTargets(toast.page, 'toast')).filter((problem) => inToast.some((name) => problem.includes(`"${name}"`))));
  await toast.close();
  assert.equal(problems, []);
});

test('link lists at 375 px: each link stands apart from the next, so a title that wraps does not read as one with the one below', async () => {
  const problems: string[] = [];
  for (const path of ['/blog/naati-certified-translations-immigration', '/sitemap', '/admin/tawkto-setup']) {
    const p = await open(browser, site, path, { width: 375, reducedMotion: 'reduce' });
    problems.push(
      ...(await p.page.locator('.link-list').evaluateAll((lists, path) =>
        lists.flatMap((list) => {
          // A link on one line is a 44 px target with room above and below its text; one that wraps fills its box.
          const boxes = [...list.querySelectorAll(':scope > li > a')].map((a) => ({ text: a.textContent!.trim().slice(0, 40), box: a.getBoundingClientRect(), wraps: a.getBoundingClientRect().height > 45 }));
          return boxes.slice(1).flatMap((next, i) => {
            const above = boxes[i];
            // Only links one above the other in a column; a gap of a few pixels is what tells two titles apart.
            if (Math.abs(next.box.left - above.box.left) > 1 || !(above.wraps || next.wraps)) return [];
            const gap = next.box.top - above.box.bottom;
            return gap < 8 ? [`${path}: "${next.text}" starts ${Math.round(gap)} px below "${above.text}"`] : [];
          });
        }), path)),
    );
    await p.close();
  }
  assert.equal(problems, []);
});

test('tablet and laptop widths: the logo keeps its size, the menu fits the header and the Start Now button covers no content', async () => {
  const problems: string[] = [];
  for (const width of [768, 900, 1024, 1280, 1440]) {
    const p = await open(browser, site, '/services/birth-certificates', { width, reducedMotion: 'reduce' });
    const found = await p.page.evaluate(() => {
      const out: string[] = [];
      // Where each box's content ends: its right edge less its padding. (No named functions in here: the
      // test runner's transform would wrap them in a helper the page lacks.)
      const [barRight, ...containerRights] = [document.querySelector('.header-bar')!, ...document.querySelectorAll('main .container')].map(
        (el) => el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight),
      );
      const logo = document.querySelector('.header-bar .brand img')!.getBoundingClientRect();
      if (logo.width < 40) out.push(`the logo is ${logo.width} px wide`);
      const nav = document.querySelector('.nav-desktop')!.getBoundingClientRect();
      if (nav.right > barRight + 0.5) out.push(`the menu ends at ${Math.round(nav.right)} px, past the header's ${Math.round(barRight)} px`);
      const button = document.querySelector('.floating-start')!.getBoundingClientRect();
      const widest = Math.max(...containerRights);
      if (button.left < widest - 0.5) out.push(`the Start Now button starts at ${Math.round(button.left)} px, over content reaching ${Math.round(widest)} px`);
      return out;
    });
    problems.push(...found.map((problem) => `${width} px: ${problem}`));
    await p.close();
  }
  assert.equal(problems, []);
});

test('forced colours (Windows high contrast): every control of the contact and blog pages still shows where focus is', async () => {
  const problems: string[] = [];
  for (const path of ['/contact', '/blog']) {
    const p = await open(browser, site, path, { reducedMotion: 'reduce' });
    for (const island of await p.page.locator('site-island[data-wake="visible"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.island!))) await wake(p.page, island);
    await p.page.emulateMedia({ forcedColors: 'active' });
    const found = await p.page.evaluate(() => {
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary')) {
        if (!el.checkVisibility() || el.tabIndex < 0) continue;
        el.focus({ focusVisible: true } as FocusOptions);
        // Forced colours drop box shadows and repaint borders, so only an outline is left to show focus.
        const style = getComputedStyle(el.classList.contains('card-link') ? el.closest('.card')! : el);
        const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
        if (!outlined) out.push(`<${el.tagName.toLowerCase()} name="${el.getAttribute('name') ?? ''}"> "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      }
      return out;
    });
    problems.push(...found.map((problem) => `${path}: ${problem} shows no outline when focused`));
    await p.close();
  }
  assert.equal(problems, []);
});

test('forced colours: the carousel dots, the current dot, the chosen tab, category and menu item stay visible', async () => {
  const problems: string[] = [];
  // Each pair: a marked element and an unmarked one beside it, which must look different in forced colours.
  const pairs: [path: string, island: string, marked: string, plain: string][] = [
    ['/', 'testimonial-carousel', '.carousel-dot[aria-current="true"]', '.carousel-dot:not([aria-current])'],
    ['/', 'language-picker', '.chip-button[aria-selected="true"]', '.chip-button[aria-selected="false"]'],
    ['/blog', 'blog-filter', '.chip-button[aria-pressed="true"]', '.chip-button[aria-pressed="false"]'],
    ['/blog', '', '.nav-desktop .nav-link.active', '.nav-desktop .nav-link:not(.active)'],
  ];
  for (const [path, island, marked, plain] of pairs) {
    const p = await open(browser, site, path, { reducedMotion: 'reduce' });
    if (island) await wake(p.page, island);
    await p.page.emulateMedia({ forcedColors: 'active' });
    // The colours change by transition (short with reduced motion, yet a busy machine may read one midway). A
    // transition that another replaces is cancelled (its `finished` rejects), so the wait goes on until none runs;
    // endless animations are not waited for.
    await p.page.evaluate(async () => {
      for (let round = 0; round < 20; round++) {
        const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        if (!running.length) return;
        await Promise.allSettled(running.map((a) => a.finished));
      }
    });
    const found = await p.page.evaluate(([marked, plain]) => {
      const canvas = getComputedStyle(document.body).backgroundColor;
      // What is painted (the dots draw themselves in ::after). No named functions in here: the test
      // runner's transform would wrap them in a helper the page lacks.
      const [a, b] = [document.querySelector(marked)!, document.querySelector(plain)!].map((el) => {
        const s = getComputedStyle(el, el.classList.contains('carousel-dot') ? '::after' : null);
        return { background: s.backgroundColor, text: `${s.color} ${s.textDecorationLine}`, border: s.borderColor };
      });
      const out: string[] = [];
      if (JSON.stringify(a) === JSON.stringify(b)) out.push(`${marked} looks the same as ${plain}`);
      if (marked.includes('carousel-dot') && b.background === canvas) out.push('the dots are the colour of the page');
      return out;
    }, [marked, plain]);
    problems.push(...found.map((problem) => `${path}: ${problem}`));
    await p.close();
  }
  assert.equal(problems, []);
});

// A phone's larger text setting is the browser's default font size, which the site's rem sizes follow.
async function withTextSize(path: string, pixels: number): Promise<TestPage> {
  const p = await open(browser, site, path, { width: 375, reducedMotion: 'reduce' });
  const cdp = await p.page.context().newCDPSession(p.page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: pixels } });
  await p.page.reload();
  return p;
}

test('text at 150% and 200% on a phone: the menu button stays on the screen, the header does not scroll sideways, and the skip link stays out of sight until focused', async () => {
  const problems: string[] = [];
  for (const pixels of [24, 32]) {
    const p = await withTextSize('/', pixels);
    const page = p.page;
    const found = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const header = document.querySelector('.site-header')!;
      const toggle = document.querySelector('.nav-mobile-toggle')!.getBoundingClientRect();
      const skip = document.querySelector('.skip-link')!.getBoundingClientRect();
      return [
        toggle.right > width && `the menu button ends at ${Math.round(toggle.right)} px, past the screen's ${width}`,
        header.scrollWidth > header.clientWidth && `the header is ${header.scrollWidth} px wide`,
        skip.bottom > 0 && `the skip link shows ${Math.round(skip.bottom)} px of itself before it is focused`,
      ].filter(Boolean);
    });
    problems.push(...found.map((problem) => `${pixels} px text: ${problem}`));
    await p.close();
  }
  assert.equal(problems, []);
});

test('text at 200% on a phone: ordinary words in the site name, headings, buttons and language names wrap whole, and the page still does not scroll sideways', async () => {
  const problems: string[] = [];
  // The services' callout sets its words beside an icon; the language cards hold "Tagalog/Filipino".
  for (const path of ['/', '/faq', '/blog', '/services/passports', '/languages']) {
    const p = await withTextSize(path, 32);
    const found = await p.page.evaluate(() => {
      const out: string[] = [];
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width) out.push(`${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
      const range = document.createRange();
      for (const el of document.querySelectorAll('.brand-name, h1, h2, h3, .button, .language-card strong')) {
        if (!el.checkVisibility()) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Letters only (with a closing mark): an address or a path may break at its @ or /.
          for (const word of node.textContent!.matchAll(/[\p{L}\p{M}'’]+[?!.,:;]?/gu)) {
            range.setStart(node, word.index!);
            range.setEnd(node, word.index! + word[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(`"${word[0]}" in <${el.tagName.toLowerCase()}> is broken over ${lines.size} lines`);
          }
        }
      }
      return out;
    });
    problems.push(...found.map((problem) => `${path}: ${problem}`));
    await p.close();
  }
  assert.equal(problems, []);
});

test('text at 200% on a phone: an email address wraps only after its @ or before a dot, and its link is still named by the address', async () => {
  const p = await withTextSize('/contact', 32);
  const found = await p.page.evaluate(() => {
    const out: string[] = [];
    const range = document.createRange();
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="mailto:"]')) {
      // The line each character of the address's text sits on, and where a new line starts.
      const lineOf: number[] = [];
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          lineOf.push(Math.round(range.getBoundingClientRect().top));
        }
      }
      const text = link.textContent!.trim();
      const starts = lineOf.flatMap((top, i) => (i > 0 && top > lineOf[i - 1] ? [i] : []));
      const inWord = starts.filter((i) => text[i - 1] !== '@' && text[i] !== '.');
      if (inWord.length) out.push(`${text} breaks as ${[0, ...starts].map((s, k) => text.slice(s, starts[k] ?? text.length)).join(' / ')}`);
    }
    return out;
  });
  // A break point is not part of the name a screen reader reads out.
  const address = (await p.page.locator('a[href^="mailto:"]').first().getAttribute('href'))!.slice('mailto:'.length);
  const named = await p.page.getByRole('link', { name: address, exact: true }).count();
  await p.close();
  assert.equal(found, []);
  assert.is(named, 2, `the contact card's and the footer's links are named "${address}"`);
});

test('text at 150% on a phone: no page type scrolls sideways', async () => {
  const problems: string[] = [];
  for (const path of pageTypes) {
    const p = await withTextSize(path, 24);
    const wide = await p.page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return document.documentElement.scrollWidth > width ? `${document.documentElement.scrollWidth} px wide on a ${width} px screen` : null;
    });
    if (wide) problems.push(`${path}: ${wide}`);
    await p.close();
  }
  assert.equal(problems, []);
});

test('keyboard: the skip link comes first and moves focus to the main content', async () => {
  const p = await open(browser, site, '/services/passports');
  await p.page.keyboard.press('Tab');
  const focused = await p.page.evaluate(() => ({ text: document.activeElement!.textContent, top: document.activeElement!.getBoundingClientRect().top }));
  assert.is(focused.text, 'Skip to main content');
  assert.ok(focused.top >= 0, 'it is on screen when focused');
  await p.page.keyboard.press('Enter');
  assert.is(await p.page.evaluate(() => document.activeElement!.id || document.activeElement!.tagName), 'main');
  await p.close();
});

for (const [width, path] of [[1280, '/'], [1280, '/contact'], [375, '/pricing'], [1280, '/blog'], [375, '/arabic']] as const) {
  test(`keyboard at ${width} px on ${path}: every control is reachable by Tab and shows where focus is`, async () => {
    const p = await open(browser, site, path, { width, reducedMotion: 'reduce' });
    for (const island of await p.page.locator('site-island[data-wake="visible"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.island!))) await wake(p.page, island);
    await p.page.evaluate(() => window.scrollTo(0, 0));
    const controls = await p.page.evaluate(() => {
      // Inactive tabs (tabindex -1) are reached with the arrow keys, as the ARIA tabs pattern has it.
      const all = [...document.querySelectorAll<HTMLElement>('a[href]:not([tabindex="-1"]), button:not([tabindex="-1"]), input, select, textarea, summary, [tabindex="0"]')];
      return all.filter((el) => el.getClientRects().length > 0 && !el.closest('[inert], [hidden], details:not([open]) > :not(summary)') && getComputedStyle(el).visibility !== 'hidden').length;
    });
    const reached = new Set<string>();
    const unfocused: string[] = [];
    for (let i = 0; i < controls + 20; i++) {
      await p.page.keyboard.press('Tab');
      const info = await p.page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        if (!el || el === document.body) return undefined;
        // The indicator is on the control itself, or on the card a whole-card link stands for. (No named
        // functions in here: the test runner's transform would wrap them in a helper the page lacks.)
        const card = el.classList.contains('card-link') ? el.closest('.card') : null;
        const visible = [el, card].some((node) => {
          if (!node) return false;
          const style = getComputedStyle(node);
          return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        });
        const id = `${el.tagName}#${el.id}.${el.className}|${el.getAttribute('href') ?? ''}|${el.textContent?.trim().slice(0, 30)}|${[...document.querySelectorAll('*')].indexOf(el)}`;
        return { id, visible, label: `${el.tagName} ${el.textContent?.trim().slice(0, 40)}` };
      });
      if (!info) continue;
      reached.add(info.id);
      if (!info.visible) unfocused.push(info.label);
    }
    assert.equal(unfocused, [], 'focus is visible on every control');
    assert.ok(reached.size >= controls, `reached ${reached.size} of ${controls} controls`);
    await p.close();
  });
}

test.run();
