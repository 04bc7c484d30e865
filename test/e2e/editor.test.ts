// The content editor at /admin under `site serve`, in Chromium: a city edited and seen on its page after the
// reload, an invalid value refused with the build's own message and the file left alone, and a new blog post
// written, listed on /blog and in the sitemap; a required field left empty held back by Decap with no uncaught
// error; the form's end clear of the buttons that float over it, and of the refusal panel while it is open; a refused
// field's message on its own lines just above its label; a refused post's Text marked beside it, typed in
// Markdown mode and through switches between Rich Text and Markdown; the floating buttons above the panel while it
// is open, the field it names brought into view, each of its problems a button to its field (focused), a refused
// field inside an object or a list item marked and reached by its path, not as the first field of its name; and
// Decap's notices clear of the toolbar, shown once; its notice of a refusal closed once the panel shows it, its
// other notices left as they are.
// Screenshots at 1280 px (and 375 px for the phone layout) go to reports/screenshots/editor-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { launch } from './browser.ts';
import { serve, type DevServer, type RebuildOutcome } from '../../generator/serve/server.ts';
import { silentLogger } from '../../generator/log.ts';
import { copyCode, fixture, repoRoot, type Fixture } from '../helpers/project.ts';

const test = suite('content editor in the browser');
const shots = path.join(repoRoot, 'reports/screenshots');

let browser: Browser;
let site: Fixture;
let dev: DevServer;
const contexts: BrowserContext[] = [];
const problems: string[] = [];

test.before(async () => {
  site = fixture();
  // Its own images, so that an upload lands in the fixture, not in the repository.
  copyCode(site, ['assets']);
  // Watching, as a person runs it: a save reaches the site through the same rebuild as any edit.
  [browser, dev] = await Promise.all([launch(), serve({ root: site.root, port: 0, host: '127.0.0.1', watch: true, logger: silentLogger })]);
  fs.mkdirSync(shots, { recursive: true });
});
// Each test's pages go with it: an open page reloads on a rebuild, and a dozen editors booting at once would
// slow the next test's pages on a busy machine.
test.after.each(async () => {
  for (const c of contexts.splice(0)) await c.close();
});
test.after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await dev?.close();
  site?.remove();
});

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  // Decap's 5 MB script takes four or five seconds to start on a quiet 2-core machine, several times that on a busy one.
  context.setDefaultNavigationTimeout(90_000);
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  // An uncaught error or promise rejection on the page, such as one from a refused save.
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (m) => {
    // Decap reports a refused save on the console as well as on screen; the refusal test checks the screen.
    if (m.type() === 'error' && !/API_ERROR|Failed to load resource|persistLocalDraftBackup/.test(m.text())) problems.push(m.text());
    if (/Content Security Policy/.test(m.text())) problems.push(m.text());
  });
  return page;
}

/** The editor signed in to the local backend, at an address inside it (#/collections/...). */
async function editor(hash: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(viewport);
  await page.goto(`${dev.url}/admin/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Collections').first().waitFor();
  await page.goto(`${dev.url}/admin/${hash}`);
  return page;
}

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now').click();
}

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('the editor lists the collections generated from the schemas, with readable labels and hints', async () => {
  const page = await editor('#/collections/settings');
  for (const label of ['Business and settings', 'Blog posts', 'Cities', 'Services', 'Languages', 'Page copy', 'Long pages']) {
    await page.getByRole('link', { name: label }).first().waitFor();
  }
  await page.getByText('Plans and prices').waitFor();
  await page.screenshot({ path: path.join(shots, 'editor-collections-1280.png') });
  await page.goto(`${dev.url}/admin/#/collections/services/entries/passports`);
  await page.getByLabel('Service name').waitFor();
  // A description from the schema shows under its field.
  await page.getByText('Position on /services.', { exact: true }).first().waitFor();
  await page.screenshot({ path: path.join(shots, 'editor-service-1280.png') });
});

test('on a phone (375 px) the entry editor fits the screen: no sideways scroll, Publish and every field within reach', async () => {
  const page = await editor('#/collections/cities/entries/perth', { width: 375, height: 800 });
  await page.getByLabel('Population').waitFor();
  const width = () => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  const fits = await width();
  assert.ok(fits.scroll <= fits.inner, `the page is no wider than the screen: ${fits.scroll} > ${fits.inner}`);
  const inside = async (name: string, box: { x: number; y: number; width: number; height: number } | null) => {
    assert.ok(box, `${name} is shown`);
    assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= 375 && box.y + box.height <= 800, `${name} is inside the screen: ${JSON.stringify(box)}`);
  };
  await inside('Publish', await page.getByRole('button', { name: 'Published' }).boundingBox());
  await inside('Delete entry', await page.getByRole('button', { name: 'Delete entry' }).boundingBox());
  await page.screenshot({ path: path.join(shots, 'editor-city-375.png') });
  // A field further down, scrolled to, is whole on the screen and takes typing.
  const population = page.getByLabel('Population');
  await population.scrollIntoViewIfNeeded();
  await inside('Population', await population.boundingBox());
  await population.fill('2.3 million people');
  assert.is(await population.inputValue(), '2.3 million people');
  const after = await width();
  assert.ok(after.scroll <= after.inner, `still no wider than the screen: ${after.scroll} > ${after.inner}`);
  // The collection list and the media library fit too.
  const lists = await editor('#/collections/cities', { width: 375, height: 800 });
  await lists.getByText('Adelaide').first().waitFor();
  const list = await lists.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  assert.ok(list.scroll <= list.inner, `the collection list fits: ${list.scroll} > ${list.inner}`);
  await lists.getByText('Media', { exact: true }).first().click();
  await lists.getByText('logo.svg', { exact: true }).first().waitFor();
  const media = await lists.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  assert.ok(media.scroll <= media.inner, `the media library fits: ${media.scroll} > ${media.inner}`);
  await inside('Upload', await lists.getByRole('button', { name: 'Upload' }).boundingBox());
});

test('the form ends clear of the floating buttons: scrolled to its end, the last field\'s label, message and hint are on top, not under "Insert a fact" or the preview buttons', async () => {
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
    // The FAQ page's last field, left empty: Decap's message goes beside its label.
    await page.getByLabel('Order button', { exact: true }).fill('');
    // On a phone the preview is under the form, or hidden with the toggle: then the form's end is the page's end.
    for (const preview of width < 768 ? ['shown', 'hidden'] : ['shown']) {
      // The toggle draws the form afresh, without the message: published again, it is back.
      if (preview === 'hidden') await page.getByTitle('Toggle preview').click();
      await publish(page);
      await page.getByText('Order button is required.').waitFor();
      // Decap's notice (at the foot, over the form's end, until it goes after eight seconds): closed now.
      await page.locator('.Toastify__close-button').click();
      await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      const seen = await formEnd(page);
      await page.screenshot({ path: path.join(shots, `editor-form-end-${width}${preview === 'hidden' ? '-no-preview' : ''}.png`) });
      const where = `at ${width} px, preview ${preview}`;
      assertLastFieldClear(seen, where, ['Order button', 'Order button is required.']);
    }
  }
});

test('the form ends clear of the refusal panel: while it is open, the last field the panel names can be scrolled above it; hidden, the form\'s end is as before', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
    const field = page.getByLabel('Order button', { exact: true });
    await field.waitFor();
    const room = () => page.evaluate(() => getComputedStyle(document.querySelector('[class*="-ControlPaneContainer"]:not([class*="-PreviewPaneContainer"])')!).paddingBottom);
    const roomBefore = await room();
    // The FAQ page's last field, naming no fact: the local backend refuses the save, and the panel names the field.
    await field.fill('{{ no such fact }}');
    const panel = page.locator('#site-refusal');
    for (const preview of width < 768 ? ['shown', 'hidden'] : ['shown']) {
      // On a phone the panel lies over the preview toggle: hidden first, then shown again by publishing again.
      if (preview === 'hidden') {
        await panel.getByRole('button', { name: 'Hide' }).click();
        await page.getByTitle('Toggle preview').click();
      }
      await publish(page);
      await panel.waitFor();
      await page.locator('[data-site-problem]').first().waitFor();
      assert.match(await panel.innerText(), /Order button: \{\{ no such fact \}\} names no fact/);
      // Decap's own notice of the refusal is closed as soon as the panel shows it (notices.ts).
      await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
      await page.waitForTimeout(300);
      const seen = await formEnd(page);
      const name = `editor-refusal-end-${width}${preview === 'hidden' ? '-no-preview' : ''}.png`;
      await page.screenshot({ path: path.join(shots, name) });
      const where = `at ${width} px, preview ${preview}, refusal panel open`;
      assertLastFieldClear(seen, where, ['Order button', /^Order button: \{\{ no such fact \}\} names no fact\. /]);
    }
    await panel.getByRole('button', { name: 'Hide' }).click();
    await panel.waitFor({ state: 'detached' });
    assert.is(await room(), roomBefore, `at ${width} px: with the panel hidden, the form's end has its room for the floating buttons only`);
  }
  assert.is(site.read(file), before);
});

test('a refused field\'s message stands on its own full-width lines just above the field\'s label, which keeps its one-line look, at 375 and 1280 px, for a field of the page and one in a list', async () => {
  const cases = [
    { entry: 'pages/entries/faq', label: 'Order button', value: '{{ no such fact }}', file: 'content/pages/faq.json' },
    { entry: 'settings/entries/plans', label: 'Price', value: '44.95', file: 'content/plans.json', open: 'Self-Service Extract' },
  ];
  for (const width of [375, 1280]) {
    for (const c of cases) {
      const before = site.read(c.file);
      const page = await editor(`#/collections/${c.entry}`, { width, height: width < 768 ? 800 : 900 });
      if (c.open) await page.locator('[class*=SortableListItem]').filter({ hasText: c.open }).locator('button').first().click();
      const field = page.getByLabel(c.label, { exact: true }).first();
      await field.waitFor();
      const id = await field.evaluate((el) => el.id);
      // The field's label and control found by the control's id; the message beside the field (not the panel's copy).
      const layout = () =>
        page.evaluate((id) => {
          const label = document.querySelector(`label[for="${id}"]`)!;
          const note = [...document.querySelectorAll('[data-site-problem]')].find((n) => !n.closest('#site-refusal'));
          // Inline, not a helper: a named function here would be compiled to call tsx's __name, unknown in the page.
          return { label: label.getBoundingClientRect().toJSON() as DOMRect, input: document.getElementById(id)!.getBoundingClientRect().toJSON() as DOMRect, note: note?.getBoundingClientRect().toJSON() as DOMRect | undefined };
        }, id);
      const unrefused = await layout();
      await field.fill(c.value);
      await publish(page);
      await page.locator('#site-refusal').waitFor();
      await page.locator('[data-site-problem]').first().waitFor();
      await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const seen = await layout();
      const where = `${c.label} at ${width} px: ${JSON.stringify(seen)}`;
      assert.ok(seen.note, `${where}: the message is beside the field`);
      const note = seen.note!;
      assert.is(seen.label.height, unrefused.label.height, `${where}: the label keeps its one-line height (${unrefused.label.height} px)`);
      assert.ok(note.left <= seen.input.left + 0.5 && note.right >= seen.input.right - 0.5, `${where}: the message is as wide as the input`);
      const apart = (a: DOMRect, b: DOMRect) => a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5 || a.right <= b.left + 0.5 || b.right <= a.left + 0.5;
      assert.ok(apart(note, seen.label) && apart(note, seen.input), `${where}: the message covers neither the label nor the input`);
      // Where Decap puts its own message for a field (beside the label, above the input), just above the label.
      assert.ok(note.bottom <= seen.label.top + 0.5 && seen.label.top - note.bottom <= 12, `${where}: the message is just above the label`);
      await page.screenshot({ path: path.join(shots, `editor-refusal-beside-${c.label.toLowerCase().replace(/ /g, '-')}-${width}.png`) });
      assert.is(site.read(c.file), before);
    }
  }
});

/**
 * The refusal beside a post's Text (Decap's Markdown widget, which has nothing under its label's id): the
 * messages outside the panel, the one just above the label, and the outline round the editing area (the
 * editor with its toolbar), whichever of Rich Text and Markdown it shows.
 */
function textMarks(page: Page) {
  return page.evaluate(() => {
    const label = document.querySelector('label[for^="body-field-"]')!;
    const notes = [...document.querySelectorAll<HTMLElement>('[data-site-problem]')].filter((n) => !n.closest('#site-refusal'));
    const editing = document.querySelector('[data-slate-editor="true"]')!;
    const outlined = [...document.querySelectorAll<HTMLElement>('[data-site-marked]')].find((el) => el.contains(editing) && !el.contains(label));
    return {
      notes: notes.map((n) => n.innerText),
      note: notes[0]?.getBoundingClientRect().toJSON() as DOMRect | undefined,
      label: label.getBoundingClientRect().toJSON() as DOMRect,
      outline: outlined && `${getComputedStyle(outlined).outlineWidth} ${getComputedStyle(outlined).outlineStyle} ${getComputedStyle(outlined).outlineColor}`,
      outlined: outlined?.getBoundingClientRect().toJSON() as DOMRect | undefined,
      editing: editing.getBoundingClientRect().toJSON() as DOMRect,
    };
  });
}

function assertTextMarked(seen: Awaited<ReturnType<typeof textMarks>>, where: string, words: RegExp): void {
  where = `${where}: ${JSON.stringify(seen)}`;
  assert.is(seen.notes.length, 1, `${where}: one message beside the Text field`);
  assert.match(seen.notes[0], words, `${where}: the message names the problem`);
  assert.ok(seen.note!.bottom <= seen.label.top + 0.5 && seen.label.top - seen.note!.bottom <= 12, `${where}: the message is just above the label`);
  assert.match(seen.outline ?? '', /2px solid rgb\(192, 57, 43\)/, `${where}: the editing area is outlined`);
  const area = seen.outlined!;
  assert.ok(area.left <= seen.editing.left && area.right >= seen.editing.right && area.top >= seen.label.bottom - 0.5 && area.bottom >= seen.editing.bottom, `${where}: the outline goes round the editing area, below the label`);
}

/** The switch between "Rich Text" and "Markdown" in the Text field's toolbar (the labels themselves do not toggle it). */
async function switchTextMode(page: Page, to: 'Markdown' | 'Rich Text'): Promise<void> {
  await page.getByText('Markdown', { exact: true }).locator('..').getByRole('switch').click();
  await page.waitForFunction((raw) => document.querySelector(raw ? '.cms-editor-raw [data-slate-editor="true"]' : '.cms-editor-visual [data-slate-editor="true"]') !== null, to === 'Markdown');
}

/** The immigration post open at `width`, `typed` put at the end of its Text in Markdown mode, and published (refused). */
async function publishedInMarkdown(width: number, typed: string): Promise<Page> {
  const page = await editor('#/collections/blog/entries/naati-certified-translations-immigration', { width, height: width < 768 ? 800 : 900 });
  await page.getByLabel('Title', { exact: true }).waitFor();
  await switchTextMode(page, 'Markdown');
  const text = page.locator('.cms-editor-raw [data-slate-editor="true"]', { hasText: '## Why Home Affairs' });
  await text.waitFor();
  // At the end of the text; Slate takes the browser's selection into its own at most every 100 ms.
  await text.click();
  await page.keyboard.press('Control+End');
  await page.waitForTimeout(250);
  await page.keyboard.type(typed);
  await page.waitForFunction((typed) => (document.querySelector('[data-slate-editor="true"]')?.textContent ?? '').includes(typed.trim()), typed);
  await publish(page);
  await page.locator('#site-refusal').waitFor();
  return page;
}

test('a post\'s Text refused under site serve: typed in Markdown mode, the message stands above the Text label and the editor is outlined, at 375 and 1280 px', async () => {
  const file = 'content/blog/naati-certified-translations-immigration.md';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await publishedInMarkdown(width, ' {{ no such fact }}');
    const panel = page.locator('#site-refusal');
    assert.match(await panel.innerText(), /Text: \{\{ no such fact \}\} names no fact/);
    await page.locator('label[for^="body-field-"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    assertTextMarked(await textMarks(page), `in Markdown mode at ${width} px`, /^Text: \{\{ no such fact \}\} names no fact/);
    assert.is(site.read(file), before);
  }
});

test('a post\'s Text refused, then switched between Rich Text and Markdown: the new editor is outlined each time, and the message stays one, at 375 and 1280 px', async () => {
  const file = 'content/blog/naati-certified-translations-immigration.md';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await publishedInMarkdown(width, ' [our prices](/no-such-page)');
    await page.locator('[data-site-problem]').first().waitFor();
    const words = /^Text: links to \/no-such-page/;
    for (const to of ['Rich Text', 'Markdown', 'Rich Text'] as const) {
      await switchTextMode(page, to);
      await page.locator('label[for^="body-field-"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      assertTextMarked(await textMarks(page), `switched to ${to} at ${width} px`, words);
      await page.screenshot({ path: path.join(shots, `editor-text-switched-${to === 'Markdown' ? 'markdown' : 'rich-text'}-${width}.png`) });
    }
    assert.is(site.read(file), before);
  }
});

/**
 * Whether an element (the first `selector` matches, or the first whose text `text` matches) is on top at its centre
 * and towards its four corners (elementFromPoint; inside a round button's edge), and where it is.
 */
function onTop(page: Page, selector: string, text?: RegExp) {
  return page.evaluate(([selector, text]) => {
    const el = [...document.querySelectorAll(selector)].find((e) => !text || new RegExp(text).test(e.textContent ?? ''))!;
    const r = el.getBoundingClientRect();
    const points = [0.5, 0.2, 0.8].flatMap((x) => [0.5, 0.2, 0.8].map((y) => [r.left + r.width * x, r.top + r.height * y]));
    const covered = points.map(([x, y]) => document.elementFromPoint(x, y)).filter((p) => !p || !(p === el || el.contains(p)));
    return { top: r.top, bottom: r.bottom, onTop: covered.length === 0, under: covered.map((p) => (p?.closest('#site-refusal') ? 'the refusal panel' : p?.textContent?.slice(0, 40) ?? 'nothing')) };
  }, [selector, text?.source] as const);
}

test('while the refusal panel is open the floating buttons ("Insert a fact", and on a phone the preview and scroll-sync buttons) stand above it, on top and clickable; hidden, they go back to their place', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
    const field = page.getByLabel('Order button', { exact: true });
    await field.waitFor();
    const buttons = ['body > button[title^="Put a price"]', ...(width < 800 ? ['[class*="-ViewControls"] > button:first-child', '[class*="-ViewControls"] > button:last-child'] : [])];
    const places = await Promise.all(buttons.map((b) => onTop(page, b)));
    await field.fill('{{ no such fact }}');
    await publish(page);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    // Decap's own notice of the refusal is closed as soon as the panel shows it (notices.ts).
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    await page.waitForTimeout(300);
    const panelTop = await panel.evaluate((el) => el.getBoundingClientRect().top);
    await page.screenshot({ path: path.join(shots, `editor-refusal-buttons-${width}.png`) });
    for (const [i, b] of buttons.entries()) {
      const seen = await onTop(page, b);
      assert.ok(seen.onTop, `at ${width} px, ${b} is on top while the panel is open: ${JSON.stringify(seen)}`);
      if (width < 800) assert.ok(seen.bottom <= panelTop, `at ${width} px, ${b} is above the panel (${seen.bottom} > ${panelTop})`);
      else assert.is(seen.top, places[i].top, `at ${width} px, ${b} stays where it was`);
    }
    // Clickable: the preview toggle does what it says while the panel is open.
    if (width < 800) {
      await page.getByTitle('Toggle preview').click({ timeout: 5000 });
      await page.getByTitle('Toggle preview').click({ timeout: 5000 });
    }
    await panel.getByRole('button', { name: 'Hide' }).click();
    await panel.waitFor({ state: 'detached' });
    for (const [i, b] of buttons.entries()) assert.is((await onTop(page, b)).top, places[i].top, `at ${width} px, ${b} is back in its place with the panel hidden`);
  }
  assert.is(site.read(file), before);
});

test('on a phone and at 1280 px, the field the refusal panel names is brought into view with its message\'s top and its label readable, under neither the toolbar nor the panel', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
    const field = page.getByLabel('Order button', { exact: true });
    await field.waitFor();
    const id = await field.evaluate((el) => el.id);
    // Scrolled back to the form's top first: the field is out of view when Publish is pressed.
    await field.fill('{{ no such fact }}');
    await page.evaluate(() => {
      for (let el: Element | null = document.querySelector('[class*="-ControlPaneContainer"]'); el; el = el.parentElement) el.scrollTop = 0;
    });
    await publish(page);
    await page.locator('#site-refusal').waitFor();
    // Decap's own notice of the refusal is closed as soon as the panel shows it (notices.ts).
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    await page.waitForTimeout(800);
    const seen = await page.evaluate((id) => {
      const label = document.querySelector(`label[for="${id}"]`)!;
      const note = [...document.querySelectorAll('[data-site-problem]')].find((n) => !n.closest('#site-refusal'))!;
      const toolbar = document.querySelector('[class*="-ToolbarContainer"]')!.getBoundingClientRect();
      const panel = document.getElementById('site-refusal')!.getBoundingClientRect();
      const input = document.getElementById(id)!.getBoundingClientRect();
      const n = note.getBoundingClientRect();
      const l = label.getBoundingClientRect();
      // Inline, not a named helper (tsx would compile it to call __name, unknown in the page).
      const [noteLeft, noteMiddle, labelLeft, labelMiddle] = ([[n.left + 8, n.top + 4, note], [n.left + n.width / 2, n.top + 4, note], [l.left + 4, l.top + l.height / 2, label], [l.left + l.width / 2, l.top + l.height / 2, label]] as [number, number, Element][]).map(([x, y, el]) => {
        const p = document.elementFromPoint(x, y);
        return !!p && (p === el || el.contains(p));
      });
      return {
        toolbarBottom: toolbar.bottom, panelTop: panel.top, note: n.toJSON() as DOMRect, label: l.toJSON() as DOMRect, inputBottom: input.bottom,
        noteTopOnTop: noteLeft && noteMiddle,
        labelOnTop: labelLeft && labelMiddle,
      };
    }, id);
    await page.screenshot({ path: path.join(shots, `editor-refusal-brought-into-view-${width}.png`) });
    const where = `at ${width} px: ${JSON.stringify(seen)}`;
    assert.ok(seen.note.top >= seen.toolbarBottom - 0.5 && seen.note.top < seen.panelTop, `${where}: the message's top is on screen, below the toolbar and above the panel`);
    assert.ok(seen.noteTopOnTop, `${where}: the message's top is on top`);
    assert.ok(seen.labelOnTop && seen.label.bottom <= seen.panelTop + 0.5, `${where}: the label is on screen and on top`);
    // When the message, label and input fit between the toolbar and the panel, they show whole.
    if (seen.inputBottom - seen.note.top <= seen.panelTop - seen.toolbarBottom) assert.ok(seen.inputBottom <= seen.panelTop + 0.5, `${where}: the field shows whole`);
  }
  assert.is(site.read(file), before);
});

/**
 * Where a refused field is (found by its control's id), against the room the form shows it in: its message beside
 * it (just before the part that holds its label), label and input; the top of the form's visible area (its
 * scrolling box's top, or the screen's) and the panel's top; whether the message's top and the label are on top
 * (elementFromPoint); and whether the control has the keyboard focus.
 */
function refusedField(page: Page, id: string) {
  return page.evaluate((id) => {
    const input = document.getElementById(id)!;
    const label = document.querySelector(`label[for="${id}"]`)!;
    let part: Element = label;
    while (part.parentElement && !part.parentElement.contains(input)) part = part.parentElement;
    const note = part.previousElementSibling!;
    let scroller = input.parentElement!;
    while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
    const n = note.getBoundingClientRect();
    const l = label.getBoundingClientRect();
    const i = input.getBoundingClientRect();
    const covered = ([[n.left + 8, n.top + 4, note], [n.left + n.width / 2, n.top + 4, note], [l.left + 4, l.top + l.height / 2, label], [l.left + l.width / 2, l.top + l.height / 2, label]] as [number, number, Element][]).filter(([x, y, el]) => {
      const p = document.elementFromPoint(x, y);
      return !p || !(p === el || el.contains(p));
    });
    return {
      isNote: note.hasAttribute('data-site-problem'),
      viewTop: Math.max(scroller.getBoundingClientRect().top, 0),
      panelTop: document.getElementById('site-refusal')!.getBoundingClientRect().top,
      noteTop: n.top,
      labelBottom: l.bottom,
      inputTop: i.top,
      inputBottom: i.bottom,
      onTop: covered.length === 0,
      focused: document.activeElement === input,
    };
  }, id);
}

/** The field shown between the form's visible top and the panel: its message's top, its label, and its input when they fit. */
function inView(seen: Awaited<ReturnType<typeof refusedField>>): boolean {
  const fits = seen.inputBottom - seen.noteTop <= seen.panelTop - seen.viewTop;
  return seen.isNote && seen.noteTop >= seen.viewTop - 0.5 && seen.labelBottom <= seen.panelTop + 0.5 && seen.onTop && (!fits || seen.inputBottom <= seen.panelTop + 0.5);
}

test('each problem in the refusal panel that names a field takes you to it: clicked, or pressed with Enter, it brings the field into view and puts the keyboard focus in it, at 375 and 1280 px', async () => {
  const file = 'content/pages/home.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/pages/entries/home', { width, height: width < 768 ? 800 : 900 });
    // Two fields far apart on the home page's long form: one near its top, one near its end.
    const fields = [page.getByLabel(/^Small heading above the title/), page.getByLabel('Sample caption', { exact: true })];
    const ids: string[] = [];
    for (const field of fields) {
      await field.fill('{{ no such fact }}');
      ids.push(await field.evaluate((el) => el.id));
    }
    await page.evaluate(() => {
      for (let el: Element | null = document.querySelector('[class*="-ControlPaneContainer"]'); el; el = el.parentElement) el.scrollTop = 0;
    });
    await publish(page);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    // Decap's own notice of the refusal is closed as soon as the panel shows it (notices.ts).
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    await page.waitForTimeout(800);
    const [eyebrow, caption] = [panel.getByRole('button', { name: /^Small heading above the title: \{\{ no such fact \}\} names no fact/ }), panel.getByRole('button', { name: /^Sample caption: \{\{ no such fact \}\} names no fact/ })];
    const where = (what: string, seen: unknown) => `at ${width} px, ${what}: ${JSON.stringify(seen)}`;
    let seen = await refusedField(page, ids[0]);
    assert.ok(inView(seen), where('the first field is brought into view after the refusal', seen));
    seen = await refusedField(page, ids[1]);
    assert.not.ok(inView(seen), where('the second field is out of view until its problem is clicked', seen));
    // The panel's own Hide button, and one for each problem.
    assert.is(await panel.getByRole('button').count(), 3, `at ${width} px, a button for each problem: ${await panel.innerText()}`);
    await caption.click();
    await page.waitForTimeout(300);
    seen = await refusedField(page, ids[1]);
    await page.screenshot({ path: path.join(shots, `editor-refusal-panel-jump-${width}.png`) });
    assert.ok(inView(seen), where('the clicked problem\'s field is in view', seen));
    assert.ok(seen.focused, where('the clicked problem\'s field has the focus', seen));
    // From the keyboard: the first problem focused, Enter pressed.
    await eyebrow.focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    seen = await refusedField(page, ids[0]);
    assert.ok(inView(seen), where('the first problem, pressed with Enter, brings its field back into view', seen));
    assert.ok(seen.focused, where('the first problem, pressed with Enter, focuses its field', seen));
    assert.is(site.read(file), before);
  }
});

/**
 * A field of the form found by its path, through the objects and lists that hold it: the label named `name` in
 * the object (or list item) named by `path`, each step a field's label within the one before (by its `for`), an
 * index the n-th item of that list. Returns the control's id, and the id of the form's first control of the same
 * name elsewhere (the one a match by name alone would find).
 */
function nestedIds(page: Page, path: (string | number)[], name: string) {
  return page.evaluate(
    ({ path, name }) => {
      let scope: Element = document.body;
      for (const step of path) {
        if (typeof step === 'number') scope = scope.querySelector('[class*=SortableListItem]')!.parentElement!.children[step];
        else scope = document.getElementById(scope.querySelector<HTMLLabelElement>(`label[for^="${step}-field-"]`)!.htmlFor)!;
      }
      const id = scope.querySelector<HTMLLabelElement>(`label[for^="${name}-field-"]`)!.htmlFor;
      const other = [...document.querySelectorAll<HTMLLabelElement>(`label[for^="${name}-field-"]`)].map((l) => l.htmlFor).find((i) => i !== id)!;
      return { id, other };
    },
    { path, name },
  );
}

test('a refused field nested in an object or a list item, whose name other fields share, is marked beside that field and not the first of its name, and the panel takes you to it, at 375 and 1280 px', async () => {
  const file = 'content/pages/home.json';
  const before = site.read(file);
  // The features' Heading (the hero's comes first), and the second feature's Title (the search listing's and the
  // first feature's come first): each the only problem of its save.
  const cases = [
    { path: ['features'], name: 'heading', label: 'Heading', pointer: '/features/heading' },
    { path: ['features', 'items', 1], name: 'title', label: 'Title', pointer: '/features/items/1/title' },
  ];
  for (const width of [375, 1280]) {
    for (const c of cases) {
      const page = await editor('#/collections/pages/entries/home', { width, height: width < 768 ? 800 : 900 });
      await page.getByLabel(/^Small heading above the title/).waitFor();
      const ids = await nestedIds(page, c.path, c.name);
      // A list's items are shown folded: the second feature opened, as a person would.
      if (!(await page.locator(`#${ids.id}`).isVisible())) await page.locator(`#${ids.id}`).evaluate((el) => el.closest<HTMLElement>('[class*=SortableListItem]')!.querySelector('button')!.click());
      await page.locator(`#${ids.id}`).fill('{{ no such fact }}');
      await publish(page);
      const panel = page.locator('#site-refusal');
      await panel.waitFor();
      await page.locator('.Toastify__close-button').click();
      await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
      const where = (what: string, seen: unknown) => `${c.pointer} at ${width} px, ${what}: ${JSON.stringify(seen)}`;
      // Each control's message (the element just before the part that holds its label) and outline.
      const marks = () =>
        page.evaluate((list) => {
          return list.map((id) => {
            const input = document.getElementById(id)!;
            const label = document.querySelector(`label[for="${id}"]`)!;
            let part: Element = label;
            while (part.parentElement && !part.parentElement.contains(input)) part = part.parentElement;
            const note = part.previousElementSibling;
            const isNote = !!note?.hasAttribute('data-site-problem');
            return { isNote, text: isNote ? note!.textContent : null, gap: isNote ? label.getBoundingClientRect().top - note!.getBoundingClientRect().bottom : null, outline: input.style.outline, focused: document.activeElement === input };
          });
        }, [ids.id, ids.other]);
      const [mine, other] = await marks();
      assert.ok(mine.isNote && /names no fact/.test(mine.text ?? ''), where('the message is beside the refused field', mine));
      assert.ok(mine.gap !== null && mine.gap >= -0.5 && mine.gap <= 12, where('the message is just above its label', mine));
      assert.match(mine.outline, /solid/, where('the refused field is outlined', mine));
      assert.not.ok(other.isNote, where(`no message beside the other ${c.label}`, other));
      assert.is(other.outline, '', where(`the other ${c.label} is not outlined`, other));
      assert.is(await page.locator('[data-site-problem]').count(), 2, `${c.pointer} at ${width} px: one message beside a field, one in the panel`);
      await page.locator(`#${ids.other}`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await panel.getByRole('button', { name: new RegExp(`^${c.label}: \\{\\{ no such fact \\}\\} names no fact`) }).click();
      await page.waitForTimeout(300);
      const [after] = await marks();
      assert.ok(after.focused, where('the panel\'s problem focuses the refused field', after));
      const seen = await refusedField(page, ids.id);
      assert.ok(inView(seen), where('the panel\'s problem brings the refused field into view', seen));
      await page.screenshot({ path: path.join(shots, `editor-refusal-nested-${c.name}-${width}.png`) });
      assert.is(site.read(file), before);
    }
  }
});

test('a post\'s Text named in the refusal panel: activated, it brings the Text field into view and puts the keyboard focus in its editor, in Markdown mode and after a switch to Rich Text, at 375 and 1280 px', async () => {
  const file = 'content/blog/naati-certified-translations-immigration.md';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await publishedInMarkdown(width, ' {{ no such fact }}');
    const panel = page.locator('#site-refusal');
    // Decap's own notice of the refusal is closed as soon as the panel shows it (notices.ts).
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    for (const mode of ['Markdown', 'Rich Text'] as const) {
      if (mode === 'Rich Text') await switchTextMode(page, mode);
      // Scrolled back to the form's top: the Text field is out of view when its problem is clicked.
      await page.evaluate(() => {
        for (let el: Element | null = document.querySelector('[class*="-ControlPaneContainer"]'); el; el = el.parentElement) el.scrollTop = 0;
      });
      await panel.getByRole('button', { name: /^Text: \{\{ no such fact \}\} names no fact/ }).click();
      await page.waitForTimeout(300);
      const seen = await page.evaluate(() => {
        const label = document.querySelector('label[for^="body-field-"]')!;
        const note = [...document.querySelectorAll('[data-site-problem]')].find((n) => !n.closest('#site-refusal'))!;
        let scroller = label.parentElement!;
        while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
        const l = label.getBoundingClientRect();
        const p = document.elementFromPoint(l.left + 4, l.top + l.height / 2);
        return {
          viewTop: Math.max(scroller.getBoundingClientRect().top, 0),
          panelTop: document.getElementById('site-refusal')!.getBoundingClientRect().top,
          noteTop: note.getBoundingClientRect().top,
          labelBottom: l.bottom,
          labelOnTop: !!p && (p === label || label.contains(p)),
          focused: document.activeElement?.getAttribute('data-slate-editor') === 'true' ? (document.activeElement.closest('.cms-editor-raw') ? 'Markdown' : 'Rich Text') : document.activeElement?.outerHTML.slice(0, 80),
        };
      });
      const where = `in ${mode} mode at ${width} px: ${JSON.stringify(seen)}`;
      assert.ok(seen.noteTop >= seen.viewTop - 0.5 && seen.labelBottom <= seen.panelTop + 0.5 && seen.labelOnTop, `${where}: the message's top and the label are in view`);
      assert.is(seen.focused, mode, `${where}: the editor has the focus`);
    }
    assert.is(site.read(file), before);
  }
});

test('Decap\'s notice of a required field left empty covers neither Publish nor the toolbar, and pressed twice, shows once, at 375 and 1280 px', async () => {
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/cities/entries/perth', { width, height: width < 768 ? 800 : 900 });
    const population = page.getByLabel('Population');
    await population.fill('');
    await publish(page);
    await page.getByText("Oops, you've missed a required field.", { exact: false }).first().waitFor();
    await page.waitForTimeout(800);
    const publishButton = '[class*="-ToolbarContainer"] [class*="-PublishButton"], [class*="-ToolbarContainer"] [class*="-ToolbarDropdown"] button';
    const first = await onTop(page, publishButton, /Publish/);
    assert.ok(first.onTop, `at ${width} px, Publish is on top with the notice showing: ${JSON.stringify(first)}`);
    await page.getByRole('button', { name: 'Publish' }).click({ timeout: 5000 });
    await page.getByText('Publish now').click({ timeout: 5000 });
    await page.waitForTimeout(800);
    const second = await onTop(page, publishButton, /Publish/);
    assert.ok(second.onTop, `at ${width} px, Publish is on top after it was pressed twice: ${JSON.stringify(second)}`);
    await page.screenshot({ path: path.join(shots, `editor-required-notice-${width}.png`) });
    const shown = await page.evaluate(() => [...document.querySelectorAll('.Toastify__toast')].filter((t) => t.getClientRects().length > 0 && getComputedStyle(t).visibility !== 'hidden').length);
    assert.is(shown, 1, `at ${width} px, one notice shows after Publish is pressed twice`);
    const toolbar = await page.evaluate(() => {
      const bar = document.querySelector('[class*="-ToolbarContainer"]')!.getBoundingClientRect();
      const toast = [...document.querySelectorAll('.Toastify__toast')].find((t) => t.getClientRects().length > 0 && getComputedStyle(t).visibility !== 'hidden')!.getBoundingClientRect();
      return { bar: bar.bottom, toast: toast.top };
    });
    assert.ok(toolbar.toast >= toolbar.bar, `at ${width} px, the notice is below the toolbar: ${JSON.stringify(toolbar)}`);
  }
  assert.is(site.read(file), before);
});

test('a notice hidden by a newer one never shows again: Publish pressed twice with a required field empty, the first "missed a required field" does not come back when the second goes, at 375 and 1280 px', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
    await page.getByLabel('Order button', { exact: true }).fill('');
    await publish(page);
    const missed = page.locator('.Toastify__toast').filter({ hasText: "Oops, you've missed a required field." });
    await missed.waitFor();
    const older = await missed.getAttribute('id');
    await page.waitForTimeout(2000);
    await publish(page);
    // Which notices show, each time that changes, until both have had their eight seconds and gone.
    const shown = await page.evaluate(() => new Promise<string[]>((resolve) => {
      const log: string[] = [];
      const timer = setInterval(() => {
        const now = [...document.querySelectorAll('.Toastify__toast')].filter((t) => t.getClientRects().length > 0 && getComputedStyle(t).visibility !== 'hidden').map((t) => t.id).join(' ');
        if (log.at(-1) !== now) log.push(now);
      }, 50);
      setTimeout(() => {
        clearInterval(timer);
        resolve(log);
      }, 13_000);
    }));
    const newer = shown.findIndex((ids) => ids.split(' ').some((id) => id && id !== older));
    assert.ok(newer >= 0, `at ${width} px, the second notice shows: ${JSON.stringify(shown)}`);
    assert.ok(shown.slice(newer).every((ids) => !ids.split(' ').includes(older!)), `at ${width} px, the first notice (${older}) does not show once the second has: ${JSON.stringify(shown)}`);
    assert.is(await page.locator('.Toastify__toast').count(), 0, `at ${width} px, both notices have gone from the page`);
  }
  assert.is(site.read(file), before);
});

test('a refused save shows in the refusal panel only: Decap\'s own notice of it closes within moments and the panel stays; a required-field notice still shows, at 375 and 1280 px', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
    const field = page.getByLabel('Order button', { exact: true });
    await field.fill('{{ no such fact }}');
    await publish(page);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    // Decap's notice of the refusal, in its own words, would stay eight seconds: it goes once it has played its
    // closing animation, and from the page, not only from sight (a notice merely hidden never went away).
    const raw = () => page.evaluate(() => [...document.querySelectorAll('.Toastify__toast')].filter((t) => /Failed to persist entry|Not saved/.test(t.textContent ?? '')).length);
    const gone = await page.waitForFunction(() => ![...document.querySelectorAll('.Toastify__toast')].some((t) => /Failed to persist entry|Not saved/.test(t.textContent ?? '')), undefined, { timeout: 3000 }).then(() => true, () => false);
    assert.ok(gone, `at ${width} px, Decap's notice of the refusal has gone within three seconds (${await raw()} left)`);
    await page.waitForTimeout(1000);
    assert.is(await raw(), 0, `at ${width} px, it does not come back`);
    assert.ok(await panel.isVisible(), `at ${width} px, the panel stays`);
    assert.match(await panel.innerText(), /Not saved: fix these, then publish again[^]*Order button: \{\{ no such fact \}\} names no fact/);
    // What the notice told a screen reader, the panel tells it: that the entry was not saved, then why.
    assert.match(await panel.getByRole('alert').first().innerText(), /^Not saved/);
    await page.screenshot({ path: path.join(shots, `editor-refusal-no-notice-${width}.png`) });
    // Decap's notice of a field it holds back itself is not the panel's: it stays as Decap shows it. Emptied as
    // staff do (fill('') leaves the value as it was here).
    await field.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await publish(page);
    const missed = page.locator('.Toastify__toast').filter({ hasText: "Oops, you've missed a required field." });
    await missed.waitFor();
    await page.waitForTimeout(2000);
    assert.ok(await missed.isVisible(), `at ${width} px, the required-field notice still shows two seconds on`);
    await page.screenshot({ path: path.join(shots, `editor-refusal-then-required-${width}.png`) });
  }
  assert.is(site.read(file), before);
});

/** What shows of the last field, scrolled to the form's end: each part's text, whether it is (partly) on the screen and on top. */
function formEnd(page: Page) {
  return page.evaluate(() => {
    const form = document.querySelector('[class*="-ControlPaneContainer"]:not([class*="-PreviewPaneContainer"])')!;
    let scroller = form.parentElement!;
    while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
    scroller.scrollTop += form.getBoundingClientRect().bottom - Math.min(scroller.getBoundingClientRect().bottom, innerHeight);
    // The last top-level field: the last field that is not inside another.
    const last = [...form.querySelectorAll('[class*="-ControlContainer"]')].filter((f) => !f.parentElement!.closest('[class*="-ControlContainer"]')).at(-1)!;
    const parts = [...last.querySelectorAll('label, [class*="-ControlHint"], [class*="-ControlErrorsList"] li, [data-site-problem] p, input')].filter((e) => e.getBoundingClientRect().height > 0);
    const view = { top: scroller.getBoundingClientRect().top, bottom: Math.min(scroller.getBoundingClientRect().bottom, innerHeight) };
    // Its middle and both ends, at the top, middle and foot of what is on the screen of it (a message taller than
    // the room above the panel runs off the top): a button in a corner covers the start or the end of a line.
    return parts.map((e) => {
      const r = e.getBoundingClientRect();
      const top = Math.max(r.top, view.top);
      const bottom = Math.min(r.bottom, view.bottom);
      const partly = bottom - top > 4;
      const points = [top + 2, (top + bottom) / 2, bottom - 2].flatMap((y) => [r.left + 4, r.left + r.width / 2, r.right - 4].map((x) => document.elementFromPoint(x, y)));
      const over = partly ? points.find((p) => !p || (p !== e && !e.contains(p))) : undefined;
      const shown = r.top >= view.top && r.bottom <= view.bottom;
      const panel = over?.closest('#site-refusal') ? 'the refusal panel' : undefined;
      return { text: e.textContent || e.getAttribute('id') || e.tagName, shown, partly, onTop: partly && over === undefined, over: panel || over?.closest('button')?.textContent || over?.tagName };
    });
  });
}

function assertLastFieldClear(seen: Awaited<ReturnType<typeof formEnd>>, where: string, texts: (string | RegExp)[]): void {
  const covered = seen.filter((p) => p.partly && !p.onTop).map((p) => `${p.text} (under ${p.over})`);
  assert.equal(covered, [], `${where}: nothing of the last field is under another element`);
  assert.ok(seen.at(-1)!.shown, `${where}: the form's last line is on the screen: ${JSON.stringify(seen.at(-1))}`);
  for (const text of texts) assert.ok(seen.some((p) => (typeof text === 'string' ? p.text === text : text.test(p.text)) && p.onTop), `${where}: "${text}" is on the screen and on top: ${JSON.stringify(seen)}`);
}

test('changing a city population writes that one value to disk, and the open city page reloads with it', async () => {
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  const cityPage = await newPage();
  await cityPage.goto(`${dev.url}/cities/perth`);
  assert.ok((await cityPage.locator('main').innerText()).includes('2.3 million'));

  const page = await editor('#/collections/cities/entries/perth');
  await page.getByLabel('Population').fill('2.4 million');
  await page.screenshot({ path: path.join(shots, 'editor-city-1280.png') });
  // Decap scrolls inside its own pane, so the lists get a picture of their own.
  await page.getByText('Popular documents', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'editor-city-lists-1280.png') });
  // The rebuild the save starts takes as long as the machine is busy: it is waited for as the event it is,
  // and only the open page's reload after it is given a time limit.
  const rebuilt = new Promise<RebuildOutcome>((resolve) => dev.onRebuild((outcome) => (!outcome.ok || outcome.changed.includes('cities/perth.html')) && resolve(outcome)));
  await publish(page);
  await until(() => site.read(file) !== before, 'perth.json to change');
  assert.is(site.read(file), before.replace('"population": "2.3 million"', '"population": "2.4 million"'), 'only the population changed, in the file\'s own layout');
  assert.ok((await rebuilt).ok, 'the save was rebuilt');
  await cityPage.waitForFunction(() => document.querySelector('main')?.innerText.includes('2.4 million'), undefined, { timeout: 20_000 });
});

test('a number where a price is required is refused with the build\'s message, and the file is unchanged', async () => {
  const file = 'content/plans.json';
  const before = site.read(file);
  const page = await editor('#/collections/settings/entries/plans');
  await page.locator('[class*=SortableListItem]').filter({ hasText: 'Self-Service Extract' }).locator('button').first().click();
  await page.getByLabel('Price', { exact: true }).first().fill('44.95');
  await publish(page);
  // The refusal stays on screen in plain words, beside the field and in a panel, with the file, line and
  // field's path as a detail: not only in Decap's notice, which goes after ten seconds.
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Price: “44\.95” does not have the expected form\. A price in Australian dollars, such as \$44\.95\./);
  const note = page.locator('[data-site-problem]').first();
  assert.match(await note.innerText(), /^Price: “44\.95” does not have the expected form/);
  assert.match((await note.locator('code').textContent()) ?? '', /^content\/plans\.json:\d+:\d+ \/plans\/0\/price$/);
  await page.getByText('Failed to persist entry', { exact: false }).first().waitFor({ state: 'detached', timeout: 3000 });
  assert.ok(await panel.isVisible(), 'still shown after Decap\'s notice has gone');
  await page.screenshot({ path: path.join(shots, 'editor-refused-1280.png') });
  assert.is(site.read(file), before);
});

test('a required field left empty: Decap marks it and keeps the entry unsaved, with no uncaught error on the page; any other rejection still counts', async () => {
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  for (const width of [1280, 375]) {
    const page = await editor('#/collections/cities/entries/perth', { width, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const population = page.getByLabel('Population');
    await population.fill('');
    await publish(page);
    // Decap's own "fix the errors" state: the field's message beside its label, and its notice.
    await page.getByText('Population is required.').waitFor();
    await page.getByText("Oops, you've missed a required field.", { exact: false }).first().waitFor();
    // Published twice: each attempt is the same field check.
    await publish(page);
    await population.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(shots, `editor-required-empty-${width}.png`) });
    assert.equal(errors, [], `no uncaught error at ${width} px`);
    assert.is(site.read(file), before);
    // Narrow: a rejection with a reason, or one with none while the form shows no field errors, is still reported.
    await page.evaluate(() => void Promise.reject(new Error('another failure')));
    await until(() => errors.length === 1, 'the other failure to be reported');
    await population.fill('2.3 million');
    await page.getByText('Population is required.').waitFor({ state: 'detached' });
    await page.evaluate(() => void Promise.reject());
    await until(() => errors.length === 2, 'a rejection with no reason, outside the field check, to be reported');
    // Those two were made on purpose; any other still counts.
    problems.splice(0, problems.length, ...problems.filter((p) => !/^page error: (another failure|undefined)$/.test(p)));
  }
});

test('a new blog post with a new picture: an ASCII file name, the picture saved and processed like any other, on /blog and in the sitemap', async () => {
  const page = await editor('#/collections/blog/new');
  await page.getByLabel('Title', { exact: true }).fill('Partner visa checklist: café receipts and te reo Māori letters');
  await page.getByLabel('Excerpt').fill('Which relationship documents need a certified translation for a partner visa, and how to prepare them.');
  // A date picker: the browser's own, which cannot offer a day that does not exist; the file gets dd/mm/yyyy.
  await page.getByLabel('Date', { exact: true }).fill('2026-11-20');
  await page.getByLabel('Author').fill('Priya Raman, Senior Translation Coordinator');
  await page.getByLabel('Category').click();
  await page.getByText('Immigration', { exact: true }).click();
  // A picture from the staff member's computer, uploaded with the post.
  const picture = path.join(site.root, 'partner-visa.png');
  await sharp({ create: { width: 1200, height: 750, channels: 3, background: '#2d6a8f' } }).png().toFile(picture);
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type="file"]').setInputFiles(picture);
  await page.getByText('partner-visa.png').first().waitFor();
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await page.getByLabel(/^Picture description/).fill('A passport beside a translated marriage certificate');
  // Icons are a searchable list of the valid names.
  await page.getByLabel('Icon').fill('heart-hand');
  await page.getByText('heart-handshake', { exact: true }).click();
  const body = page.locator('[data-slate-editor="true"]').first();
  await body.click();
  await page.keyboard.type('Bring every page of your marriage certificate, and a translation of each one.');
  await page.screenshot({ path: path.join(shots, 'editor-new-post-1280.png'), fullPage: true });
  await publish(page);

  const file = 'content/blog/partner-visa-checklist-cafe-receipts-and-te-reo-maori-letters.md';
  await until(() => fs.existsSync(path.join(site.root, file)), `${file} to be written`);
  const text = site.read(file);
  assert.match(text, /^---\ntitle: "Partner visa checklist: café receipts and te reo Māori letters"\n/);
  assert.match(text, /\ndate: "20\/11\/2026"\n/);
  // Uploaded to the one media library, assets/images/, where the build reads every picture.
  assert.match(text, /\n {2}src: "partner-visa\.png"\n/);
  assert.ok(fs.existsSync(path.join(site.root, 'assets/images/partner-visa.png')), 'the upload is in assets/images/');
  assert.match(text, /\nicon: "heart-handshake"\n/);
  assert.match(text, /\n---\n\nBring every page of your marriage certificate, and a translation of each one\.\n$/);
  await dev.settled();
  const blog = await newPage();
  await blog.goto(`${dev.url}/blog/partner-visa-checklist-cafe-receipts-and-te-reo-maori-letters`);
  // The upload went through the build's image pipeline: modern formats at the site's widths.
  // The image and the post are two writes, so the watcher may rebuild twice; the open page reloads itself after
  // each rebuild, until the one that includes the picture.
  await blog.locator('picture.article-image source[type="image/avif"]').first().waitFor({ state: 'attached', timeout: 60_000 });
  const sources = await blog.locator('picture.article-image source').evaluateAll((els) => els.map((e) => e.getAttribute('srcset') ?? ''));
  assert.ok(sources.some((s) => /partner-visa.*\.avif/.test(s)), `an AVIF of the upload: ${sources.join(' | ')}`);
  // sharp's outputs of the upload are in the build, as for any other picture.
  const built = fs.readdirSync(path.join(site.root, 'dist/assets/images')).filter((n) => n.startsWith('partner-visa.'));
  for (const ext of ['avif', 'webp']) assert.ok(built.some((n) => n.endsWith(`.${ext}`)), `a ${ext} of the upload in dist/assets/images: ${built.join(', ')}`);
  const sitemap = fs.readFileSync(path.join(site.root, 'dist/sitemap.xml'), 'utf8');
  assert.match(sitemap, /\/blog\/partner-visa-checklist-cafe-receipts-and-te-reo-maori-letters<\/loc>/);
});

test('a file whose bytes are not the image its name says is refused at the upload, named with what is wrong, not kept as a draft until Publish', async () => {
  const page = await editor('#/collections/blog/new');
  await page.getByLabel('Title', { exact: true }).waitFor();
  // Text saved under an image's name: with an entry open, Decap keeps an upload in the browser until Publish.
  const fake = path.join(site.root, 'not-really.png');
  fs.writeFileSync(fake, 'meeting notes, not a picture\n');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type="file"]').setInputFiles(fake);
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Not uploaded[\s\S]*not-really\.png: its content is not a PNG image/);
  // Not in the library, not even as a draft; a real picture chosen after it goes in as before.
  const picture = path.join(site.root, 'real-picture.png');
  await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2d6a8f' } }).png().toFile(picture);
  await page.locator('input[type="file"]').setInputFiles(picture);
  await page.getByText('real-picture.png').first().waitFor();
  assert.is(await page.getByRole('dialog').getByText('not-really.png').count(), 0, 'the refused file is not in the media library');
  assert.not.ok(fs.existsSync(path.join(site.root, 'assets/images/not-really.png')));
});

test('deleting a language a city uses is refused, naming the city, and the refusal stays on screen', async () => {
  const file = 'content/languages/swahili.json';
  const before = site.read(file);
  const page = await editor('#/collections/languages/entries/swahili');
  await page.getByLabel('Name', { exact: true }).first().waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete entry' }).click();
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /content\/cities\/newcastle\.json still refers to content\/languages\/swahili\.json/);
  // A problem in another file has no field on this form to go to: plain text, the panel's one button is Hide.
  assert.is(await panel.getByRole('button').count(), 1);
  await page.screenshot({ path: path.join(shots, 'editor-delete-refused-1280.png') });
  assert.is(site.read(file), before);
});

test('a value changed and changed back, saved each time, leaves the file byte-identical to how it began', async () => {
  // payslips.json keeps short arrays on one line, which Decap's two-space JSON would spread out. Decap will not
  // publish an entry with no change, so the round trip is two saves.
  const file = 'content/services/payslips.json';
  const before = site.read(file);
  const page = await editor('#/collections/services/entries/payslips');
  const name = page.getByLabel('Service name');
  const original = await name.inputValue();
  await name.fill(`${original} and wage slips`);
  await publish(page);
  await until(() => site.read(file) !== before, 'the first save');
  assert.is(site.read(file), before.replace(`"serviceName": ${JSON.stringify(original)}`, `"serviceName": ${JSON.stringify(`${original} and wage slips`)}`));
  const again = await editor('#/collections/services/entries/payslips');
  const field = again.getByLabel('Service name');
  assert.is(await field.inputValue(), `${original} and wage slips`);
  await field.fill(original);
  await publish(again);
  await until(() => site.read(file) === before, 'the second save to restore the file byte for byte');
});

test('two tabs on one entry: the later save is refused saying the file changed, not written over the earlier one; a tab saves twice', async () => {
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  const [first, second] = await Promise.all([editor('#/collections/cities/entries/perth'), editor('#/collections/cities/entries/perth')]);
  await Promise.all([first.getByLabel('Population').waitFor(), second.getByLabel('Population').waitFor()]);
  await second.getByLabel('Population').fill('2.6 million');
  await publish(second);
  await until(() => site.read(file) !== before, 'the second tab\'s save');
  const saved = site.read(file);
  assert.ok(saved.includes('"population": "2.6 million"'));
  await first.getByLabel('Tagline').fill('Changed in the first tab');
  await publish(first);
  await first.getByText(/perth\.json has changed since you opened it/).first().waitFor();
  assert.is(site.read(file), saved, 'the second tab\'s change is still there, and the first tab\'s is not written over it');
  // The refusal names no field, and stays on screen in the editor's own panel after Decap's notice has gone.
  const panel = first.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /content\/cities\/perth\.json has changed since you opened it \(saved in another tab or window, or by hand\)\. Your changes are still in the form/);
  // It names no field: plain text, the panel's one button is Hide.
  assert.is(await panel.getByRole('button').count(), 1);
  await first.getByText('Failed to persist entry', { exact: false }).first().waitFor({ state: 'detached', timeout: 3000 });
  assert.ok(await panel.isVisible(), 'still shown after Decap\'s notice has gone');
  assert.is(await first.getByLabel('Tagline').inputValue(), 'Changed in the first tab', 'what was typed is still in the form');
  await first.screenshot({ path: path.join(shots, 'editor-conflict-refused-1280.png') });
  // The tab that saved saves again: its own save is not taken for someone else's.
  // Typed as staff do, the old value selected first.
  await second.getByLabel('Population').click();
  await second.keyboard.press('ControlOrMeta+A');
  await second.keyboard.type('2.7 million');
  await publish(second);
  await until(() => site.read(file).includes('"population": "2.7 million"'), 'the second tab\'s second save');
  assert.is(site.read(file), before.replace(/"population": "[^"]+"/, '"population": "2.7 million"'));
  fs.writeFileSync(path.join(site.root, file), before);
});

test('two tabs on one entry: deleting it in the tab opened before the other saved is refused saying the file changed, and the newer work stays; a file already gone is named as gone', async () => {
  const file = 'content/blog/delete-me.md';
  const opened = site.read('content/blog/naati-certified-translations-immigration.md').replace(/featured: true\n/, '');
  site.write(file, opened);
  await dev.settled();
  const [first, second] = await Promise.all([editor('#/collections/blog/entries/delete-me'), editor('#/collections/blog/entries/delete-me', { width: 375, height: 800 })]);
  await Promise.all([first.getByLabel('Excerpt').waitFor(), second.getByLabel('Excerpt').waitFor()]);
  await second.getByLabel('Excerpt').fill('Saved in the second tab, after the first opened the post.');
  await publish(second);
  await until(() => site.read(file) !== opened, 'the second tab\'s save');
  const saved = site.read(file);
  first.once('dialog', (dialog) => void dialog.accept());
  await first.getByRole('button', { name: 'Delete entry' }).click();
  const panel = first.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /content\/blog\/delete-me\.md has changed since you opened it \(saved in another tab or window, or by hand\)\. Reload the page to see it as it is now/);
  await first.screenshot({ path: path.join(shots, 'editor-delete-conflict-1280.png') });
  assert.is(site.read(file), saved, 'the second tab\'s work is not deleted');
  // The tab that saved deletes it: its own save is not taken for someone else's. Then it is gone from under the first.
  second.once('dialog', (dialog) => void dialog.accept());
  await second.getByRole('button', { name: 'Delete entry' }).click();
  await until(() => !fs.existsSync(path.join(site.root, file)), 'the second tab\'s deletion');
  first.once('dialog', (dialog) => void dialog.accept());
  await first.getByRole('button', { name: 'Delete entry' }).click();
  await first.getByText(/delete-me\.md is not there any more/).first().waitFor();
  assert.match(await panel.innerText(), /content\/blog\/delete-me\.md is not there any more \(deleted or renamed in another tab or window, or by hand\)\. Reload the page to see the entries as they are now\./);
  await first.setViewportSize({ width: 375, height: 800 });
  const fits = await first.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth, panel: document.getElementById('site-refusal')!.getBoundingClientRect().right }));
  assert.ok(fits.scroll <= fits.inner && fits.panel <= fits.inner, `the refusal fits a phone: ${JSON.stringify(fits)}`);
  await first.screenshot({ path: path.join(shots, 'editor-delete-gone-375.png') });
});

test('saving while the server is down: a clear message stays on screen, what was typed stays in the form, and publishing again once it is back saves it', async () => {
  const file = 'content/cities/adelaide.json';
  const before = site.read(file);
  const page = await editor('#/collections/cities/entries/adelaide');
  await page.getByLabel('Population').fill('1.5 million');
  const logged = problems.length;
  // The server stops answering (site serve stopped, or this computer offline): every call to it fails.
  await page.route(/\/admin\/api\/v1/, (route) => route.abort('connectionrefused'));
  await publish(page);
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Not saved\s+The editor could not reach the server, so nothing was written\. Check that site serve is still running/);
  assert.match(await panel.innerText(), /Your changes are still in the form/);
  assert.not.match(await panel.innerText(), /TypeError|Failed to fetch/);
  await page.getByText('Failed to persist entry', { exact: false }).first().waitFor({ state: 'detached', timeout: 3000 });
  assert.ok(await panel.isVisible(), 'still shown after Decap\'s notice has gone');
  assert.is(await page.getByLabel('Population').inputValue(), '1.5 million');
  assert.is(site.read(file), before);
  await page.screenshot({ path: path.join(shots, 'editor-server-down-1280.png') });
  // Decap logs the failed fetch this test caused on purpose; any other error still counts.
  const own = problems.splice(logged).filter((p) => !/^TypeError: Failed to fetch\n[^]*persistEntry/.test(p));
  problems.push(...own);
  await page.unroute(/\/admin\/api\/v1/);
  await publish(page);
  await until(() => site.read(file) !== before, 'the save once the server answers');
  await panel.waitFor({ state: 'detached' });
  assert.is(site.read(file), before.replace(/"population": "[^"]+"/, '"population": "1.5 million"'));
  site.write(file, before);
});

test('changing the address from one entry straight to another shows the other entry, not an empty form', async () => {
  const page = await editor('#/collections/cities/entries/perth');
  await page.getByLabel('Population').waitFor();
  assert.is(await page.getByLabel('Name', { exact: true }).first().inputValue(), 'Perth');
  await page.goto(`${dev.url}/admin/#/collections/cities/entries/newcastle`);
  await page.waitForFunction(() => (document.querySelector('input[id^="name-field-"]') as HTMLInputElement | null)?.value === 'Newcastle', undefined, { timeout: 30_000 });
  assert.ok((await page.getByLabel('Population').inputValue()).length > 0, 'the form is filled');
});

test('one media library: existing pictures show as real thumbnails, the Media tab and an image field list every folder, and a picture picked from a folder keeps its folder', async () => {
  const page = await editor('#/collections/cities/entries/perth');
  await page.getByLabel('Tagline').waitFor();
  // The field's thumbnail is Perth's picture (1200 px wide), not Decap's empty placeholder.
  const thumb = page.locator('img[role="presentation"]').first();
  await page.waitForFunction(() => ((document.querySelector('img[role="presentation"]') as HTMLImageElement | null)?.naturalWidth ?? 0) >= 1200, undefined, { timeout: 20_000 });
  await thumb.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'editor-thumbnail-1280.png') });
  await page.getByText('Choose different image').first().click();
  await page.getByPlaceholder('Search...').fill('passports');
  await page.getByText('services/passports.svg').first().click();
  await page.screenshot({ path: path.join(shots, 'editor-media-library-1280.png') });
  await page.getByRole('button', { name: 'Choose selected' }).click();
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  await publish(page);
  await until(() => site.read(file) !== before, 'perth.json to change');
  assert.is(site.json<{ image: { src: string } }>(file).image.src, 'services/passports.svg');
  site.write(file, before);
  // The Media tab lists the same pictures, folders and all.
  const media = await editor('#/collections/cities');
  await media.getByText('Media', { exact: true }).first().click();
  await media.getByText('logo.svg', { exact: true }).first().waitFor();
  // The list shows what fits; the search finds the rest.
  await media.getByPlaceholder('Search...').fill('perth');
  await media.getByText('cities/perth.svg').first().waitFor();
  await media.screenshot({ path: path.join(shots, 'editor-media-tab-1280.png') });
});

test('the preview is the entry\'s own page (its template and the site\'s CSS), and a change shows in it before saving', async () => {
  const page = await editor('#/collections/cities/entries/perth');
  const tagline = page.getByLabel('Tagline');
  await tagline.waitFor();
  const frame = page.frameLocator('#preview-pane').frameLocator('iframe[data-site-page="/cities/perth"]');
  // The page's own parts: the breadcrumb and the city's heading, drawn with the site's stylesheet.
  await frame.getByRole('heading', { level: 1 }).filter({ hasText: 'Perth' }).waitFor();
  await frame.getByText('Perth, Western Australia').first().waitFor();
  const styled = await frame.locator('link[rel="stylesheet"]').first().getAttribute('href');
  assert.match(styled ?? '', /^\/assets\/.+\.css$/);
  await tagline.fill('Certified translations for all of Western Australia, checked before you save');
  await frame.getByText('Certified translations for all of Western Australia, checked before you save').waitFor();
  assert.is(await frame.getByText('no matter the time difference').count(), 0, 'the old text is gone from the preview');
  await page.screenshot({ path: path.join(shots, 'editor-preview-1280.png') });
  assert.is(site.read('content/cities/perth.json').includes('checked before you save'), false, 'nothing was saved');
});

test('a new post is previewed in the post page\'s own template: what is typed shows, no other post\'s words do, and what is not filled in yet is marked', async () => {
  const page = await editor('#/collections/blog/new');
  const title = page.getByLabel('Title', { exact: true });
  await title.waitFor();
  const frame = page.frameLocator('#preview-pane').frameLocator('iframe[data-site-new-page="content/blog"]');
  await frame.getByText('New page — as it will look once saved').waitFor();
  // The post page's own parts, drawn with the site's stylesheet; the form is empty, so each part says so.
  await frame.getByRole('heading', { level: 1, name: 'Title: not filled in yet' }).waitFor();
  assert.match((await frame.locator('link[rel="stylesheet"]').first().getAttribute('href')) ?? '', /^\/assets\/.+\.css$/);
  for (const part of ['Category', 'Author', 'Picture', 'Text']) assert.is(await frame.getByText(`${part}: not filled in yet`).count(), 1, `${part} is marked as not filled in yet`);
  await title.fill('Translating a payslip for a home loan application');
  await page.getByLabel('Author').fill('Sam Nguyen, Translation Coordinator');
  await page.getByLabel('Date', { exact: true }).fill('2026-11-27');
  await page.getByLabel('Category').click();
  await page.getByText('Immigration', { exact: true }).click();
  await page.locator('[data-slate-editor="true"]').first().click();
  await page.keyboard.type('Lenders read every line of a payslip, so the translation keeps each figure where the original has it.');
  const article = frame.locator('article.article');
  await article.locator('.article-header h1', { hasText: 'Translating a payslip for a home loan application' }).waitFor();
  await article.locator('.article-body p', { hasText: 'Lenders read every line of a payslip' }).waitFor();
  await article.locator('.post-meta', { hasText: 'Sam Nguyen, Translation Coordinator' }).waitFor();
  await article.locator('.post-meta .category-badge', { hasText: 'Immigration' }).waitFor();
  await article.locator('.post-meta time[datetime="2026-11-27"]', { hasText: '27/11/2026' }).waitFor();
  assert.is(await frame.getByText('Picture: not filled in yet').count(), 1, 'the picture not chosen yet is marked');
  // No title or paragraph of any other post shows as this one's: the article holds no other post's title, and
  // the page none of their text ("More guides" links to other posts by their titles, as every post page does).
  const articleText = (await article.innerText()).replace(/\s+/g, ' ');
  const pageText = (await frame.locator('body').innerText()).replace(/\s+/g, ' ');
  const posts = fs.readdirSync(path.join(site.root, 'content/blog')).filter((n) => n.endsWith('.md'));
  assert.ok(posts.length >= 4, 'the fixture has posts to use as the skeleton');
  let checked = 0;
  for (const name of posts) {
    const text = site.read(`content/blog/${name}`);
    const postTitle = /^title: "(.*)"$/m.exec(text)![1];
    assert.not.ok(articleText.includes(postTitle), `the title of ${name} is not in the new post's article`);
    const paragraphs = text.split(/\n---\n/)[1].split(/\n\s*\n/).map((b) => b.trim()).filter((b) => b && !/[[\]*_`#>|-]/.test(b));
    for (const words of paragraphs) assert.not.ok(pageText.includes(words.slice(0, 60)), `text of ${name} is not in the preview: ${words.slice(0, 60)}`);
    checked += paragraphs.length;
  }
  assert.ok(checked >= 20, `enough of the other posts' paragraphs were looked for (${checked})`);
  await page.screenshot({ path: path.join(shots, 'editor-new-post-preview-1280.png') });
  await page.setViewportSize({ width: 1280, height: 2000 });
  await page.screenshot({ path: path.join(shots, 'editor-new-post-page-1280.png') });
  assert.is(fs.readdirSync(path.join(site.root, 'content/blog')).length, posts.length, 'nothing was saved');
});

test('a new city is previewed in the city page\'s template: its name in every heading the template makes from it, no other city\'s words', async () => {
  const page = await editor('#/collections/cities/new');
  const name = page.getByLabel('Name', { exact: true }).first();
  await name.waitFor();
  const frame = page.frameLocator('#preview-pane').frameLocator('iframe[data-site-new-page="content/cities"]');
  await frame.getByText('New page — as it will look once saved').waitFor();
  await name.fill('Ballarat');
  await page.getByLabel('State name').click();
  await page.getByText('Victoria', { exact: true }).click();
  await page.getByLabel('Tagline').fill('Certified translations for Ballarat and the Goldfields, ordered online');
  await page.getByLabel('Population').fill('120,000');
  // A language by its code, drawn as the site draws it.
  await page.getByLabel('Languages').fill('Italian');
  await page.getByText('Italian (it)', { exact: true }).click();
  const main = frame.locator('main');
  await main.locator('#languages a.language-card[href="/italian"]', { hasText: 'Italian' }).waitFor();
  await main.getByRole('heading', { level: 1, name: 'NAATI Certified Translations in Ballarat' }).waitFor();
  await main.locator('.eyebrow', { hasText: 'Ballarat, Victoria' }).waitFor();
  await main.getByText('Certified translations for Ballarat and the Goldfields, ordered online').waitFor();
  await main.locator('#about dd', { hasText: '120,000' }).waitFor();
  await main.getByRole('heading', { name: 'Popular languages in Ballarat' }).waitFor();
  for (const part of ['Description', 'Suburbs served', 'Picture']) assert.ok((await main.getByText(`${part}: not filled in yet`).count()) >= 1, `${part} is marked as not filled in yet`);
  // The skeleton city's own words are gone from the page: its name, state, and every text of its file.
  const shown = (await main.innerText()).replace(/\s+/g, ' ');
  const texts: string[] = [];
  const facts = site.read('content/facts.json');
  for (const name of fs.readdirSync(path.join(site.root, 'content/cities'))) {
    const city = site.json<Record<string, unknown>>(`content/cities/${name}`);
    const walk = (v: unknown): void => void (typeof v === 'string' ? texts.push(v) : v && typeof v === 'object' ? Object.values(v).forEach(walk) : undefined);
    walk({ tagline: city.tagline, description: city.description, suburbs: city.suburbs, localGuide: city.localGuide, localNotes: city.localNotes, popularDocuments: city.popularDocuments });
    // A city a fact names (the team works on Melbourne time) shows on every city's page.
    if (!facts.includes(String(city.name))) assert.not.ok(shown.includes(String(city.name)), `${String(city.name)} does not show on the new city's page`);
  }
  const long = texts.filter((t) => t.length > 30 && !t.includes('{{'));
  assert.ok(long.length > 50, `other cities' texts were looked for (${long.length})`);
  for (const t of long) assert.not.ok(shown.includes(t.slice(0, 50)), `no other city's text: ${t.slice(0, 50)}`);
  await page.screenshot({ path: path.join(shots, 'editor-new-city-preview-1280.png') });
  // The whole new page: the pane as tall as the page.
  await page.setViewportSize({ width: 1280, height: 4400 });
  await page.screenshot({ path: path.join(shots, 'editor-new-city-page-1280.png') });
});

test('no console errors and no Content-Security-Policy violations in the editor', () => {
  assert.equal(problems, []);
});

test.run();
