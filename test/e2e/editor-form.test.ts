// The editor's form as staff see it, on a phone (375 px) and at 1280 px, under `site serve` in Chromium: it fits
// the screen, and its end is clear of the buttons that float over it and of the refusal panel while it is open; a
// refused field's message on its own lines just above its label; a refused post's Text marked beside it, typed in
// Markdown mode and through switches between Rich Text and Markdown; the floating buttons above the panel while it
// is open, the field it names brought into view clear of them, each of its problems a button to its field
// (focused), a refused field inside an object or a list item marked and reached by its path, not as the first field
// of its name; a refused field inside a folded list item told of on the item's bar (outlined, in words on it and
// in its fold button's name), which the refusal brings into view, and unfolded by its problem in the panel, and
// the same for a field inside a folded object (the tag above its bar, its label, shown too), inside a folded item
// in a folded object and inside a whole list folded by its bar, folded by a tap on a phone or a click, and the
// words on a folded item's or object's bar unfolding it when tapped or clicked; a select's × tapped or clicked,
// clearing it without moving the form (a required one then refused by Decap's own message); and a refused field
// changed afterwards losing its message and outline, its problem in the panel said to be changed.
// Decap's notices are editor-notices.test.ts's. Screenshots go to reports/screenshots/editor-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Fixture } from '../helpers/project.ts';
import { EditorSession, onTop, publish, shots, until } from './editor-session.ts';

const test = suite('the content editor\'s form and its refusals');

let session: EditorSession;
let site: Fixture;

test.before(async () => {
  session = await EditorSession.start();
  ({ site } = session);
});
test.after.each(() => session.closePages());
test.after(() => session?.close());

function editor(hash: string, viewport?: { width: number; height: number }): Promise<Page> {
  return session.editor(hash, viewport);
}

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
    // Hidden with the form at its end, the panel's room stays until the visitor scrolls back up (notices.ts), so
    // the fields on the screen do not drop; back at the top, only the floating buttons' room is left.
    await page.evaluate(() => {
      let scroller = document.querySelector('[class*="-ControlPaneContainer"]:not([class*="-PreviewPaneContainer"])')!.parentElement!;
      while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
      scroller.scrollTop = 0;
    });
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--site-refusal-height') === '', undefined, { timeout: 5000 }).catch(() => {});
    assert.is(await room(), roomBefore, `at ${width} px: with the panel hidden and the form scrolled back up, the form's end has its room for the floating buttons only`);
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

/** The form scrolled back to its top (every box round it that scrolls). */
function scrollFormToTop(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (let el: Element | null = document.querySelector('[class*="-ControlPaneContainer"]'); el; el = el.parentElement) el.scrollTop = 0;
  });
}

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
    await scrollFormToTop(page);
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

/**
 * A refused field (found by its control's id) against the buttons that float over the form ("Insert a fact", and
 * below 800 px the preview and scroll-sync buttons): its box from its message's top to its end (label, input, the
 * "On the site" line and hint under it), the room it is brought into (the form's visible top to the panel's top),
 * and each floating button whose box meets the field's.
 */
function fieldAndButtons(page: Page, id: string) {
  return page.evaluate((id) => {
    const input = document.getElementById(id)!;
    const label = document.querySelector(`label[for="${id}"]`)!;
    let part: Element = label;
    while (part.parentElement && !part.parentElement.contains(input)) part = part.parentElement;
    const note = part.previousElementSibling!.getBoundingClientRect();
    const f = part.parentElement!.getBoundingClientRect();
    const field = { top: note.top, bottom: f.bottom, left: f.left, right: f.right };
    let scroller = input.parentElement!;
    while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
    const over = [...document.querySelectorAll<HTMLElement>('#site-insert-fact, [class*="-ViewControls"] > button')]
      .map((b) => ({ name: b.textContent || b.title, r: b.getBoundingClientRect() }))
      .filter(({ r }) => r.height > 0 && r.bottom > field.top && r.top < field.bottom && r.right > field.left && r.left < field.right)
      .map(({ name, r }) => `${name} ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
    return { field, viewTop: Math.max(scroller.getBoundingClientRect().top, 0), panelTop: document.getElementById('site-refusal')!.getBoundingClientRect().top, over };
  }, id);
}

test('a refused field brought into view from above it ends clear of the floating buttons: on a phone they stand over the form just above the panel, and none covers the field\'s input or the lines under it, at 375 and 1280 px', async () => {
  const file = 'content/pages/home.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/pages/entries/home', { width, height: width < 768 ? 800 : 900 });
    // The free translating note's link, near the home page's end, with a hint under its input; an address without
    // its "/", whose message is short, and the only problem, so that the panel is short too: the field, message and
    // all, fits the room above the buttons, and is brought in from below by the least scroll.
    const field = page.getByLabel('Link to', { exact: true }).last();
    await field.fill('terms');
    const id = await field.evaluate((el) => el.id);
    await scrollFormToTop(page);
    await publish(page);
    await page.locator('#site-refusal').waitFor();
    // Decap's own notice of the refusal is closed as soon as the panel shows it (notices.ts).
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    await page.waitForTimeout(800);
    const seen = await fieldAndButtons(page, id);
    await page.screenshot({ path: path.join(shots, `editor-refusal-clear-of-buttons-${width}.png`) });
    const where = `at ${width} px: ${JSON.stringify(seen)}`;
    assert.ok(seen.field.bottom - seen.field.top <= seen.panelTop - seen.viewTop, `${where}: the field fits the room above the panel (else this test proves nothing)`);
    assert.ok(seen.field.top >= seen.viewTop - 0.5 && seen.field.bottom <= seen.panelTop + 0.5, `${where}: the field is brought into view whole`);
    assert.equal(seen.over, [], `${where}: no floating button stands over the field`);
    assert.is(site.read(file), before);
  }
});

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
    await scrollFormToTop(page);
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
 * A field's marks from a refusal, found by its control's id: our message just before the part that holds its
 * label, the control's outline, and Decap's own messages (the list right after the label).
 */
function fieldMarks(page: Page, id: string) {
  return page.evaluate((id) => {
    const input = document.getElementById(id)!;
    const label = document.querySelector(`label[for="${id}"]`)!;
    let part: Element = label;
    while (part.parentElement && !part.parentElement.contains(input)) part = part.parentElement;
    const note = part.previousElementSibling;
    const isNote = !!note?.hasAttribute('data-site-problem');
    return { note: isNote ? note!.textContent : null, outline: input.style.outline, marked: input.hasAttribute('data-site-marked'), decap: [...document.querySelectorAll(`label[for="${id}"] + ul > li`)].map((li) => li.textContent) };
  }, id);
}

test('a refused field changed afterwards loses its message and outline, and its problem in the panel says it was changed and is checked again at the next Publish; the other field keeps its own; publishing again shows only what is still wrong, at 375 and 1280 px', async () => {
  const file = 'content/pages/home.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/pages/entries/home', { width, height: width < 768 ? 800 : 900 });
    const eyebrow = page.getByLabel(/^Small heading above the title/);
    const caption = page.getByLabel('Sample caption', { exact: true });
    const ids: string[] = [];
    const was: string[] = [];
    for (const field of [eyebrow, caption]) {
      was.push(await field.inputValue());
      await field.fill('{{ no such fact }}');
      ids.push(await field.evaluate((el) => el.id));
    }
    await publish(page);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    const lines = () => panel.getByRole('button').filter({ hasNotText: /^Hide$/ }).evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    const where = (what: string, seen: unknown) => `at ${width} px, ${what}: ${JSON.stringify(seen)}`;
    let marks = await Promise.all(ids.map((id) => fieldMarks(page, id)));
    assert.ok(marks.every((m) => m.note && m.marked), where('both refused fields are marked', marks));
    // The caption put right, as staff would: all of it selected and typed over.
    await caption.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(was[1]);
    await page.waitForTimeout(200);
    marks = await Promise.all(ids.map((id) => fieldMarks(page, id)));
    assert.is(marks[1].note, null, where('the changed field has no message beside it', marks[1]));
    assert.is(marks[1].outline, '', where('the changed field is not outlined', marks[1]));
    assert.not.ok(marks[1].marked, where('the changed field is not marked', marks[1]));
    assert.match(marks[0].note ?? '', /names no fact/, where('the field not changed keeps its message', marks[0]));
    assert.match(marks[0].outline, /solid/, where('the field not changed keeps its outline', marks[0]));
    // In the panel, said in words (the button's name), not by its look only.
    const changed = panel.getByRole('button', { name: /Sample caption: \{\{ no such fact \}\} names no fact/ });
    const name = (await changed.getAttribute('aria-label')) ?? (await changed.innerText());
    assert.match(name, /changed/i, where('the changed problem says it was changed', name));
    assert.match(name, /Publish checks it again/, where('and that Publish checks it again', name));
    const kept = panel.getByRole('button', { name: /^Small heading above the title: \{\{ no such fact \}\} names no fact/ });
    assert.not.match(await kept.innerText(), /changed/i, `at ${width} px: the problem not changed is as it was`);
    assert.is(await panel.locator('h2').innerText(), 'Not saved: fix these, then publish again', `at ${width} px: while one problem is untouched the heading is as it was`);
    await changed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, `editor-refusal-changed-${width}.png`) });
    // Published again with the caption right: only the small heading is refused.
    await publish(page);
    await page.waitForFunction(() => !/Sample caption/.test(document.getElementById('site-refusal')?.textContent ?? 'Sample caption'), undefined, { timeout: 30_000 });
    const after = await lines();
    assert.is(after.length, 1, where('the panel names only what is still wrong', after));
    assert.match(after[0], /^Small heading above the title: \{\{ no such fact \}\} names no fact/, where('the problem left', after));
    assert.not.match(after[0], /changed/i, where('the problem left is not marked changed', after));
    marks = await Promise.all(ids.map((id) => fieldMarks(page, id)));
    assert.ok(marks[0].note && marks[0].marked && marks[1].note === null && !marks[1].marked, where('the marks are those of the problem left', marks));
    assert.is(site.read(file), before);
  }
});

test('a price refused for its value, then emptied: only Decap\'s "Price is required." is beside it, and the panel says every problem was changed until the next Publish, at 375 and 1280 px', async () => {
  const file = 'content/plans.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/settings/entries/plans', { width, height: width < 768 ? 800 : 900 });
    await page.locator('[class*=SortableListItem]').filter({ hasText: 'Self-Service Extract' }).locator('button').first().click();
    const price = page.getByLabel('Price', { exact: true }).first();
    await price.waitFor();
    const id = await price.evaluate((el) => el.id);
    await price.fill('44.95');
    await publish(page);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    await page.locator('[data-site-problem]').first().waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    const where = (what: string, seen: unknown) => `at ${width} px, ${what}: ${JSON.stringify(seen)}`;
    let marks = await fieldMarks(page, id);
    assert.match(marks.note ?? '', /Price: “44\.95”/, where('the price is refused for its value', marks));
    // Emptied as staff would, key by key.
    await price.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(200);
    marks = await fieldMarks(page, id);
    assert.is(marks.note, null, where('the emptied price has no message of ours beside it', marks));
    assert.not.ok(marks.marked || marks.outline, where('the emptied price is not outlined', marks));
    const text = await panel.innerText();
    assert.match(text, /changed/i, where('the panel says the problem was changed', text));
    assert.match(text, /Not saved/, where('the panel still says the plans were not saved', text));
    assert.match(await panel.locator('h2').innerText(), /changed/i, where('the heading says every problem was changed', text));
    await page.screenshot({ path: path.join(shots, `editor-refusal-all-changed-${width}.png`) });
    // Decap's own check refuses the empty price before any server sees it: its message is the only one beside it.
    await publish(page);
    await page.getByText('Price is required.').first().waitFor();
    marks = await fieldMarks(page, id);
    assert.equal(marks.decap, ['Price is required.'], where('Decap\'s message is beside the price', marks));
    assert.is(marks.note, null, where('ours is not', marks));
    const beside = await page.evaluate(() => [...document.querySelectorAll('[data-site-problem]')].filter((n) => !n.closest('#site-refusal')).length);
    assert.is(beside, 0, where('no message of ours is beside any field', marks));
    assert.match(await panel.innerText(), /changed/i, where('the panel still shows the problem as changed', await panel.innerText()));
    assert.is(site.read(file), before);
  }
});

test('a post\'s Text refused, then a character of it deleted (Markdown mode): its message and the outline round the editor go, and its problem in the panel says it was changed, at 375 and 1280 px', async () => {
  const file = 'content/blog/naati-certified-translations-immigration.md';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await publishedInMarkdown(width, ' {{ no such fact }}');
    const panel = page.locator('#site-refusal');
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    assertTextMarked(await textMarks(page), `in Markdown mode at ${width} px`, /^Text: \{\{ no such fact \}\} names no fact/);
    // A character deleted: Slate cancels the browser's own editing (and with it the input event) for it.
    await page.locator('.cms-editor-raw [data-slate-editor="true"]').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(200);
    const seen = await textMarks(page);
    const where = `at ${width} px: ${JSON.stringify(seen)}`;
    assert.equal(seen.notes, [], `${where}: no message beside the Text field`);
    assert.is(seen.outline, undefined, `${where}: the editor is not outlined`);
    assert.match(await panel.getByRole('button', { name: /Text: \{\{ no such fact \}\} names no fact/ }).innerText(), /^Changed: Publish checks it again\./, `${where}: the panel says the Text was changed`);
    assert.is(site.read(file), before);
  }
});

/**
 * The refusal panel for `message`, as Decap shows a refused save: the build refuses no choice a select's list
 * offers, so a refusal of one is put on the page, and taken away once the panel has read it.
 */
async function refusalShown(page: Page, message: string) {
  await page.evaluate((message) => {
    const notice = document.createElement('div');
    notice.id = 'made-refusal';
    notice.textContent = message;
    document.body.append(notice);
  }, message);
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  await page.locator('#made-refusal').evaluate((el) => el.remove());
  return panel;
}

test('a refused choice in Decap\'s select widget, which has no input of its own, changed by picking another option: its message and outline go, and its problem in the panel says it was changed; opening the list alone changes nothing, at 375 and 1280 px', async () => {
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/cities/entries/perth', { width, height: width < 768 ? 800 : 900 });
    const state = page.getByLabel('State', { exact: true });
    await state.waitFor();
    const id = await state.evaluate((el) => el.id);
    const panel = await refusalShown(page, 'Not saved: content/cities/perth.json:4:12 /state must be equal to one of the allowed values.');
    const where = (what: string, seen: unknown) => `at ${width} px, ${what}: ${JSON.stringify(seen)}`;
    let marks = await fieldMarks(page, id);
    assert.ok(marks.note && marks.marked, where('the State is marked', marks));
    await state.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'VIC' }).waitFor();
    marks = await fieldMarks(page, id);
    assert.ok(marks.note && marks.marked, where('with its list open, the State is still marked', marks));
    await page.getByRole('option', { name: 'VIC' }).click();
    await page.waitForTimeout(200);
    marks = await fieldMarks(page, id);
    assert.ok(marks.note === null && !marks.marked && !marks.outline, where('another State picked, its marks are gone', marks));
    assert.match(await panel.getByRole('button', { name: /State: must be equal to one of the allowed values/ }).innerText(), /^Changed: Publish checks it again\./, where('the panel says the State was changed', await panel.innerText()));
  }
});

test('a refused choice in Decap\'s select widget cleared with its × (react-select\'s clear button, which acts on a press and fires no input or click on an option): its message and outline go, and its problem in the panel says it was changed, as when another option is picked, at 375 and 1280 px', async () => {
  for (const width of [375, 1280]) {
    // Gold Coast's Preposition ("on") is optional, so its list has the × that empties it.
    const page = await editor('#/collections/cities/entries/gold-coast', { width, height: width < 768 ? 800 : 900 });
    const preposition = page.getByLabel(/^Preposition/);
    await preposition.waitFor();
    const id = await preposition.evaluate((el) => el.id);
    const panel = await refusalShown(page, 'Not saved: content/cities/gold-coast.json:4:18 /preposition must be equal to one of the allowed values.');
    const where = (what: string, seen: unknown) => `at ${width} px, ${what}: ${JSON.stringify(seen)}`;
    let marks = await fieldMarks(page, id);
    assert.ok(marks.note && marks.marked, where('the Preposition is marked', marks));
    // The × is the select's first indicator (the last is the arrow that opens the list); it shows only while there
    // is a choice to clear.
    const field = page.locator(`label[for="${id}"]`).locator('xpath=../..');
    await field.locator('[class*="indicatorContainer"]').first().click();
    await page.waitForTimeout(200);
    assert.is(await field.getByText('on', { exact: true }).count(), 0, where('the choice is cleared', await field.innerText()));
    marks = await fieldMarks(page, id);
    assert.ok(marks.note === null && !marks.marked && !marks.outline, where('cleared, its marks are gone', marks));
    assert.match(await panel.getByRole('button', { name: /Preposition: must be equal to one of the allowed values/ }).innerText(), /^Changed: Publish checks it again\./, where('the panel says the Preposition was changed', await panel.innerText()));
  }
});

/**
 * A select widget's field (by its input's id) as the form shows it: the choices it shows, where its box is on the
 * screen, the form's scroll and the page's, and Decap's own messages under its label.
 */
function selectState(page: Page, id: string) {
  return page.evaluate((id) => {
    const input = document.getElementById(id)!;
    const label = document.querySelector(`label[for="${id}"]`)!;
    let part: Element = label;
    while (part.parentElement && !part.parentElement.contains(input)) part = part.parentElement;
    const box = part.nextElementSibling ?? part.parentElement!;
    const shown = box.cloneNode(true) as HTMLElement;
    for (const el of shown.querySelectorAll('[role="listbox"], [aria-live], [id$="-live-region"]')) el.remove();
    let scroller: Element | null = input.parentElement;
    while (scroller && !(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement;
    return {
      shown: shown.textContent ?? '',
      top: Math.round(label.getBoundingClientRect().top),
      formScroll: Math.round(scroller?.scrollTop ?? 0),
      pageScroll: Math.round(scrollY),
      decap: [...document.querySelectorAll(`label[for="${id}"] + ul > li`)].map((li) => li.textContent),
    };
  }, id);
}

test('a select widget\'s × (react-select\'s clear button) tapped on a phone (375 px, touch) or clicked (1280 px) clears the choice without moving the form; for a required list of choices (a service\'s Plans), Publish then shows Decap\'s own "Plans is required." under it', async () => {
  const file = 'content/services/academic-transcripts.json';
  const before = site.read(file);
  const cases = [
    // Optional: Gold Coast's Preposition ("on").
    { hash: '#/collections/cities/entries/gold-coast', label: /^Preposition/, choice: 'on', required: false },
    // Required, several choices allowed: the service's Plans (["full"] in the file, shown by the plan's name),
    // whose × is there because it is a list.
    { hash: '#/collections/services/entries/academic-transcripts', label: /^Plans/, choice: 'Full Document', required: true },
  ];
  for (const width of [375, 1280]) {
    const touch = width < 768;
    for (const c of cases) {
      const page = await session.editor(c.hash, { width, height: touch ? 800 : 900 }, { hasTouch: touch });
      const input = page.getByLabel(c.label);
      await input.waitFor();
      const id = await input.evaluate((el) => el.id);
      const field = page.locator(`label[for="${id}"]`).locator('xpath=../..');
      // In the middle of the screen, where a jump either way would show.
      await input.evaluate((el) => el.closest('[class*="-ControlContainer"], div')!.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(300);
      const where = (what: string, seen: unknown) => `${c.choice} at ${width} px, ${what}: ${JSON.stringify(seen)}`;
      const start = await selectState(page, id);
      assert.ok(start.shown.includes(c.choice), where('the choice shows before', start));
      const clear = field.locator('[class*="indicatorContainer"]').first();
      const box = (await clear.boundingBox())!;
      if (touch) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(400);
      const after = await selectState(page, id);
      assert.not.ok(after.shown.includes(c.choice), where('the choice is cleared', after));
      assert.equal([after.top, after.formScroll, after.pageScroll], [start.top, start.formScroll, start.pageScroll], where('the form did not move', { start, after }));
      assert.is(await page.getByRole('option').count(), 0, where('no list of options opened', after));
      if (c.required) {
        await publish(page);
        await page.getByText('Plans is required.').first().waitFor();
        const refused = await selectState(page, id);
        assert.equal(refused.decap, ['Plans is required.'], where('Decap\'s own message is under the Plans label', refused));
        await page.screenshot({ path: path.join(shots, `editor-select-cleared-required-${width}.png`) });
        assert.is(site.read(file), before, 'nothing was written');
      } else await page.screenshot({ path: path.join(shots, `editor-select-cleared-${width}.png`) });
      await session.closePages();
    }
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
      // Decap's own notice of the refusal is closed as soon as the panel shows it (notices.ts).
      await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
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

/**
 * What shows of a fold bar (a list item's, or the top bar of an object or list widget), as staff see it: its fold
 * button's accessible name and whether it says the bar's item or object is unfolded, the bar's outline, its words
 * that a field inside was refused (their text, size, whether they show, their pointer, whether they are on top,
 * and that they are hidden from screen readers, whose fold button says it), whether the bar's controls and words
 * each lie whole within it, the small tag above it (the label of the object or list it is in: its text, where it
 * is, and whether it is on top at its centre), and where the bar and what follows it (an item's summary) are
 * against the form's visible area (its scrolling box's top to the refusal panel's top). Passed to a locator's
 * evaluate as it is: Playwright sends the evaluated function's own source, so it names no other function.
 */
function measureBar(bar: Element) {
  const button = bar.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
  const style = getComputedStyle(bar);
  const r = bar.getBoundingClientRect();
  const words = bar.querySelector<HTMLElement>('[data-site-refused-words]');
  const w = words?.getBoundingClientRect();
  const hit = w && document.elementFromPoint(w.left + w.width / 2, w.top + w.height / 2);
  let widget = bar.parentElement;
  while (widget && !/-field-\d+$/.test(widget.id)) widget = widget.parentElement;
  const tag = widget && document.querySelector(`label[for="${widget.id}"]`);
  const t = tag?.getBoundingClientRect();
  const onTag = t && document.elementFromPoint(t.left + t.width / 2, t.top + t.height / 2);
  let scroller: Element | null = bar.parentElement;
  while (scroller && !(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement;
  return {
    name: button.getAttribute('aria-label'),
    expanded: button.getAttribute('aria-expanded'),
    outline: `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`,
    shown: r.height > 0,
    height: r.height,
    inside: [...bar.children, ...bar.querySelectorAll('button')].every((c) => {
      const b = c.getBoundingClientRect();
      return b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5 && b.left >= r.left - 0.5 && b.right <= r.right + 0.5;
    }),
    words: words && w ? { text: words.textContent, width: w.width, height: w.height, visibility: getComputedStyle(words).visibility, cursor: getComputedStyle(words).cursor, ariaHidden: words.getAttribute('aria-hidden'), onTop: !!hit && words.contains(hit) } : null,
    tag: tag && t ? { text: tag.textContent, top: t.top, bottom: t.bottom, onTop: !!onTag && tag.contains(onTag) } : null,
    top: r.top,
    bottom: r.bottom,
    summaryBottom: bar.nextElementSibling?.getBoundingClientRect().bottom ?? r.bottom,
    viewTop: Math.max(scroller?.getBoundingClientRect().top ?? 0, 0),
    viewBottom: Math.min(document.getElementById('site-refusal')?.getBoundingClientRect().top ?? innerHeight, innerHeight),
  };
}

/** The bar of the list item whose summary starts with `summary` (found by its fold button's name, as control-names.ts gives it), measured. */
function itemBar(page: Page, summary: string) {
  const name = new RegExp(`^(Expand|Collapse) ${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  // A bar in a folded item or object is hidden, and measured all the same (its name says it is marked).
  return page.getByRole('button', { name, includeHidden: true }).first().locator('xpath=..').evaluate(measureBar);
}

/** The form scrolled to its end (below 800 px the preview under it too). */
function scrollFormToEnd(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (let el: Element | null = document.querySelector('[class*="-ControlPaneContainer"]'); el; el = el.parentElement) el.scrollTop = el.scrollHeight;
  });
}

/** The FAQ's first group and its first question, each with the refused field's item folded round it. */
const group = 'General';
const question = 'What is a NAATI certified translation?';

/**
 * On the FAQ settings page, the first group's first answer made to name no fact, opened as a person would (each
 * list's items are shown folded), then both items folded again: the field is inside an item inside a folded item.
 * Returns the answer's control's id.
 */
async function answerRefusedFolded(page: Page): Promise<string> {
  await page.getByRole('button', { name: `Expand ${group}`, exact: true }).click();
  await page.getByRole('button', { name: `Expand ${question}`, exact: true }).click();
  const { id } = await nestedIds(page, ['groups', 0, 'items', 0], 'answer');
  await page.locator(`#${id}`).fill('{{ no such fact }}');
  await page.getByRole('button', { name: `Collapse ${question}`, exact: true }).click();
  await page.getByRole('button', { name: `Collapse ${group}`, exact: true }).click();
  return id;
}

test('a refused field inside a folded list item: the item\'s bar is outlined, says in words that a field inside was refused (its fold button\'s name too) and is brought into view, an item without problems is not marked; the panel\'s problem unfolds the items round it and brings the field into view with the focus; unfolded, or changed, the bar\'s marks go, at 375 and 1280 px', async () => {
  const file = 'content/faq.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/settings/entries/faq', { width, height: width < 768 ? 800 : 900 });
    const id = await answerRefusedFolded(page);
    // The last group opened (at 1280 px the form is then longer than the screen) and the form scrolled to its end,
    // away from the first group: the refusal brings that group's bar into view, as it would a field on show.
    await page.getByRole('button', { name: 'Expand Pricing questions', exact: true }).click();
    await scrollFormToEnd(page);
    const where = (what: string, seen: unknown) => `at ${width} px, ${what}: ${JSON.stringify(seen)}`;
    let bar = await itemBar(page, group);
    assert.ok(bar.top < bar.viewTop || bar.summaryBottom > bar.viewBottom, where('before Publish the group\'s bar is out of view', bar));
    await publish(page);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    await page.waitForTimeout(300);
    const red = /^2px solid rgb\(192, 57, 43\)$/;
    bar = await itemBar(page, group);
    assert.is(bar.name, `Expand ${group} — a field inside was refused`, where('the folded group\'s fold button says a field inside was refused', bar));
    assert.match(bar.outline, red, where('the folded group\'s bar is outlined', bar));
    assert.ok(bar.shown, where('the folded group\'s bar is on the screen', bar));
    assert.ok(bar.top >= bar.viewTop - 0.5 && bar.summaryBottom <= bar.viewBottom + 0.5, where('the refusal brings the folded group\'s bar and its summary into view', bar));
    // With the small tag above the list that the group is in (its label, Groups), on top: not under the toolbar.
    assert.is(bar.tag?.text, 'Groups', where('the tag above the group\'s list is its label', bar));
    assert.ok(bar.tag!.top >= bar.viewTop - 0.5 && bar.tag!.onTop, where('the tag above the group\'s list is in view and on top', bar));
    assert.is(bar.words?.text, 'A field inside was refused', where('the folded group\'s bar says so in words', bar));
    assert.ok(bar.words!.width > 0 && bar.words!.height > 0 && bar.words!.visibility === 'visible' && bar.words!.onTop, where('its words show, on top', bar));
    // Said once to a screen reader: by the fold button's name, which is what it meets first.
    assert.is(bar.words!.ariaHidden, 'true', where('its words are not read a second time', bar));
    const inner = await itemBar(page, question);
    assert.is(inner.name, `Expand ${question} — a field inside was refused`, where('the folded question inside it says so too', inner));
    // Another group and another question of the same group hold no problem.
    const others = await page.evaluate(() => [...document.querySelectorAll('button[aria-expanded]')].map((b) => b.getAttribute('aria-label')!));
    assert.is(others.filter((n) => /refused/.test(n)).length, 2, where('only the two items round the field say so', others));
    const clean = await itemBar(page, 'Payment');
    assert.is(clean.name, 'Expand Payment', where('a group without problems is not marked', clean));
    assert.not.match(clean.outline, red, where('a group without problems is not outlined', clean));
    assert.is(clean.words, null, where('a group without problems has no words of a refusal', clean));
    // Decap's bar keeps its one row, with its fold, drag and remove controls and the words each whole within it.
    assert.is(bar.height, clean.height, where('the marked bar is as high as the others', { bar, clean }));
    assert.ok(bar.inside, where('the bar\'s controls and words lie within it', bar));
    await page.screenshot({ path: path.join(shots, `editor-refusal-folded-${width}.png`) });
    await panel.getByRole('button', { name: /^Answer: \{\{ no such fact \}\} names no fact/ }).click();
    await page.waitForTimeout(500);
    const seen = await refusedField(page, id);
    await page.screenshot({ path: path.join(shots, `editor-refusal-folded-unfolded-${width}.png`) });
    assert.ok(inView(seen), where('the panel\'s problem unfolds the items and brings the field into view, its message beside it', seen));
    assert.ok(seen.focused, where('the panel\'s problem focuses the field', seen));
    bar = await itemBar(page, group);
    assert.is(bar.name, `Collapse ${group}`, where('unfolded, the group\'s bar loses its mark', bar));
    assert.not.match(bar.outline, red, where('unfolded, the group\'s bar is not outlined', bar));
    assert.is(bar.words, null, where('unfolded, the group\'s bar loses its words', bar));
    assert.is((await itemBar(page, question)).name, `Collapse ${question}`);
    // Changed, the field loses its mark, and so does the bar once the group is folded again.
    await page.keyboard.type(' ');
    await page.getByRole('button', { name: `Collapse ${group}`, exact: true }).click();
    await page.waitForTimeout(300);
    bar = await itemBar(page, group);
    assert.is(bar.name, `Expand ${group}`, where('the field changed, the folded group is not marked', bar));
    assert.not.match(bar.outline, red, where('the field changed, the folded group is not outlined', bar));
    assert.is(bar.words, null, where('the field changed, the folded group has no words of a refusal', bar));
    assert.is(site.read(file), before);
  }
});

test('a folded item\'s words that a field inside was refused unfold it as its fold button does: tapped on a phone (375 px) or clicked (1280 px), the group and then the question in it open, their marks go and the refused field shows; the words stay hidden from screen readers and the bar one 26 px row', async () => {
  const file = 'content/faq.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const touch = width < 768;
    const page = await session.editor('#/collections/settings/entries/faq', { width, height: touch ? 800 : 900 }, { hasTouch: touch });
    const id = await answerRefusedFolded(page);
    await publish(page);
    await page.locator('#site-refusal').waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    await page.waitForTimeout(300);
    const where = (what: string, seen: unknown) => `at ${width} px, ${what}: ${JSON.stringify(seen)}`;
    for (const summary of [group, question]) {
      const bar = await itemBar(page, summary);
      assert.is(bar.name, `Expand ${summary} — a field inside was refused`, where(`${summary} is folded and marked`, bar));
      assert.is(bar.height, 26, where(`${summary}'s bar is one 26 px row`, bar));
      assert.is(bar.words?.ariaHidden, 'true', where(`${summary}'s words are hidden from screen readers`, bar));
      const words = page.getByRole('button', { name: bar.name!, exact: true }).locator('xpath=..').locator('[data-site-refused-words]');
      await words.scrollIntoViewIfNeeded();
      if (touch) await words.tap();
      else await words.click();
      await page.waitForTimeout(300);
      const after = await itemBar(page, summary);
      assert.is(after.expanded, 'true', where(`the words ${touch ? 'tapped' : 'clicked'} unfold ${summary}`, after));
      assert.is(after.name, `Collapse ${summary}`, where(`unfolded, ${summary}'s bar loses its mark`, after));
      assert.is(after.words, null, where(`unfolded, ${summary}'s bar loses its words`, after));
      assert.is(bar.words?.cursor, 'pointer', where(`${summary}'s words showed the pointer a control does`, bar));
      // The focus where a click on the fold button leaves it: on the button, without a ring.
      const focus = await page.evaluate(() => [document.activeElement?.getAttribute('aria-label'), document.activeElement?.matches(':focus-visible')]);
      assert.equal(focus, [`Collapse ${summary}`, false], where(`the focus is on ${summary}'s fold button, without a ring`, focus));
    }
    // Unfolded, the refused answer is drawn with its message beside it (the panel's problem is what brings it into view).
    assert.ok(await page.locator(`#${id}`).isVisible(), `at ${width} px, the refused answer shows`);
    const seen = await refusedField(page, id);
    assert.ok(seen.isNote && seen.inputBottom > seen.inputTop, where('the refused answer shows with its message', seen));
    await page.screenshot({ path: path.join(shots, `editor-refusal-folded-words-${width}.png`) });
    assert.is(site.read(file), before);
  }
});

/**
 * The top bar of the object or list widget named `name` (the form's first of that name), measured as an item's:
 * Decap draws it as the widget's first child, its fold button first in it.
 */
async function widgetBar(page: Page, name: string) {
  const id = await page.locator(`label[for^="${name}-field-"]`).first().getAttribute('for');
  return page.locator(`[id="${id}"] > :first-child`).evaluate(measureBar);
}

/** The fold button on the top bar of the object or list widget named `name` (the form's first of that name). */
async function widgetFold(page: Page, name: string) {
  const id = await page.locator(`label[for^="${name}-field-"]`).first().getAttribute('for');
  return page.locator(`[id="${id}"] > :first-child button`).first();
}

test('a refused field inside a folded object (Decap\'s object widget folded by the fold button on its bar, tapped on a phone or clicked): the object\'s bar is outlined, says in words that a field inside was refused (its fold button\'s name too) and is brought into view; the panel\'s problem unfolds it and brings the field into view with the focus; unfolded, the bar\'s marks go, at 375 and 1280 px', async () => {
  const file = 'content/pages/home.json';
  const before = site.read(file);
  // The Hero's own Heading; the second feature's Title in an unfolded item of the Features' list; and the same
  // Title with its item folded again, a folded item inside the folded object.
  const cases = [
    { object: 'hero', label: 'Hero', path: ['hero'], name: 'heading', field: 'Heading', itemFolded: false },
    { object: 'features', label: 'Features', path: ['features', 'items', 1], name: 'title', field: 'Title', itemFolded: false },
    { object: 'features', label: 'Features', path: ['features', 'items', 1], name: 'title', field: 'Title', itemFolded: true },
  ];
  const red = /^2px solid rgb\(192, 57, 43\)$/;
  for (const width of [375, 1280]) {
    const touch = width < 768;
    for (const c of cases) {
      const page = await session.editor('#/collections/pages/entries/home', { width, height: touch ? 800 : 900 }, { hasTouch: touch });
      await page.getByLabel(/^Small heading above the title/).waitFor();
      const press = async (target: Locator) => (touch ? target.tap() : target.click());
      const ids = await nestedIds(page, c.path, c.name);
      const field = page.locator(`#${ids.id}`);
      const itemFold = field.locator('xpath=ancestor::*[contains(@class, "SortableListItem")][1]').locator('button').first();
      if (!(await field.isVisible())) await press(itemFold);
      await field.fill('{{ no such fact }}');
      if (c.itemFolded) {
        await press(itemFold);
        await field.waitFor({ state: 'hidden' });
      }
      await press(await widgetFold(page, c.object));
      await field.waitFor({ state: 'hidden' });
      await scrollFormToEnd(page);
      const shot = `${c.object}${c.itemFolded ? '-item-folded' : ''}-${width}`;
      const where = (what: string, seen: unknown) => `${c.object}${c.itemFolded ? ' (its item folded too)' : ''} at ${width} px, ${what}: ${JSON.stringify(seen)}`;
      await publish(page);
      const panel = page.locator('#site-refusal');
      await panel.waitFor();
      await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
      await page.waitForTimeout(300);
      let bar = await widgetBar(page, c.object);
      await page.screenshot({ path: path.join(shots, `editor-refusal-folded-object-${shot}.png`) });
      assert.match(bar.outline, red, where('the folded object\'s bar is outlined', bar));
      assert.is(bar.words?.text, 'A field inside was refused', where('the folded object\'s bar says so in words', bar));
      assert.ok(bar.words!.width > 0 && bar.words!.height > 0 && bar.words!.visibility === 'visible' && bar.words!.onTop, where('its words show, on top', bar));
      assert.is(bar.words!.ariaHidden, 'true', where('its words are not read a second time', bar));
      assert.is(bar.name, `Expand ${c.label} — a field inside was refused`, where('the folded object\'s fold button says a field inside was refused', bar));
      assert.ok(bar.inside, where('the bar\'s fold button and words lie within it', bar));
      assert.ok(bar.top >= bar.viewTop - 0.5 && bar.bottom <= bar.viewBottom + 0.5, where('the refusal brings the folded object\'s bar into view', bar));
      // With the small tag above it (the object's label, which says what the bar folds), on top: not under the toolbar.
      assert.is(bar.tag?.text, c.label, where('the tag above the bar is the object\'s label', bar));
      assert.ok(bar.tag!.top >= bar.viewTop - 0.5 && bar.tag!.onTop, where('the tag above the folded object\'s bar is in view and on top', bar));
      // The folded item inside, hidden with the object, is marked too, for when the object is unfolded by hand.
      if (c.itemFolded) assert.is((await itemBar(page, '{{ no such fact }}')).name, 'Expand {{ no such fact }} — a field inside was refused', where('the folded item inside says so too', bar));
      const line = panel.getByRole('button', { name: new RegExp(`^${c.field}: \\{\\{ no such fact \\}\\} names no fact`) });
      await press(line);
      await page.waitForTimeout(500);
      const seen = await refusedField(page, ids.id);
      assert.ok(inView(seen), where('the panel\'s problem unfolds the object and brings the field into view, its message beside it', seen));
      assert.ok(seen.focused, where('the panel\'s problem focuses the field', seen));
      if (c.itemFolded) assert.is((await itemBar(page, '{{ no such fact }}')).name, 'Collapse {{ no such fact }}', where('the panel\'s problem unfolds the item inside too', seen));
      bar = await widgetBar(page, c.object);
      assert.is(bar.name, `Collapse ${c.label}`, where('unfolded, the object\'s bar loses its mark', bar));
      assert.not.match(bar.outline, red, where('unfolded, the object\'s bar is not outlined', bar));
      assert.is(bar.words, null, where('unfolded, the object\'s bar loses its words', bar));
      assert.is(site.read(file), before);
      await session.closePages();
    }
  }
});

test('a folded object\'s words that a field inside was refused unfold it as its fold button does: tapped on a phone (375 px) or clicked (1280 px) on the Hero\'s bar, the Hero opens, its marks go and the refused Heading shows with its message; the focus is on its fold button, without a ring', async () => {
  const file = 'content/pages/home.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const touch = width < 768;
    const page = await session.editor('#/collections/pages/entries/home', { width, height: touch ? 800 : 900 }, { hasTouch: touch });
    await page.getByLabel(/^Small heading above the title/).waitFor();
    const press = async (target: Locator) => (touch ? target.tap() : target.click());
    const { id } = await nestedIds(page, ['hero'], 'heading');
    const field = page.locator(`#${id}`);
    await field.fill('{{ no such fact }}');
    const fold = await widgetFold(page, 'hero');
    await press(fold);
    await field.waitFor({ state: 'hidden' });
    await publish(page);
    await page.locator('#site-refusal').waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    await page.waitForTimeout(300);
    const where = (what: string, seen: unknown) => `at ${width} px, ${what}: ${JSON.stringify(seen)}`;
    const bar = await widgetBar(page, 'hero');
    assert.is(bar.name, 'Expand Hero — a field inside was refused', where('the Hero is folded and marked', bar));
    assert.is(bar.words?.cursor, 'pointer', where('its words show the pointer a control does', bar));
    assert.is(bar.words?.ariaHidden, 'true', where('its words are hidden from screen readers', bar));
    const words = fold.locator('xpath=ancestor::*[@data-site-refused-inside][1]').locator('[data-site-refused-words]');
    await words.scrollIntoViewIfNeeded();
    await press(words);
    await page.waitForTimeout(300);
    const after = await widgetBar(page, 'hero');
    assert.is(after.expanded, 'true', where(`the words ${touch ? 'tapped' : 'clicked'} unfold the Hero`, after));
    assert.is(after.name, 'Collapse Hero', where('unfolded, the Hero\'s bar loses its mark', after));
    assert.is(after.words, null, where('unfolded, the Hero\'s bar loses its words', after));
    const focus = await page.evaluate(() => [document.activeElement?.getAttribute('aria-label'), document.activeElement?.matches(':focus-visible')]);
    assert.equal(focus, ['Collapse Hero', false], where('the focus is on the Hero\'s fold button, without a ring', focus));
    assert.ok(await field.isVisible(), `at ${width} px, the refused Heading shows`);
    const seen = await refusedField(page, id);
    assert.ok(seen.isNote && seen.inputBottom > seen.inputTop, where('the refused Heading shows with its message', seen));
    await page.screenshot({ path: path.join(shots, `editor-refusal-folded-object-words-${width}.png`) });
    assert.is(site.read(file), before);
    await session.closePages();
  }
});

test('a refused field inside a whole list folded by the fold button on the list\'s bar (tapped on a phone, clicked at 1280 px): the folded item that holds it is outlined and says so, and is brought into view; the panel\'s problem unfolds it and brings the field into view with the focus, at 375 and 1280 px', async () => {
  const file = 'content/pages/home.json';
  const before = site.read(file);
  const red = /^2px solid rgb\(192, 57, 43\)$/;
  for (const width of [375, 1280]) {
    const touch = width < 768;
    const page = await session.editor('#/collections/pages/entries/home', { width, height: touch ? 800 : 900 }, { hasTouch: touch });
    await page.getByLabel(/^Small heading above the title/).waitFor();
    const press = async (target: Locator) => (touch ? target.tap() : target.click());
    // The Features' items, shown folded: the list's bar unfolds them all, and folds them all again.
    const fold = await widgetFold(page, 'items');
    await press(fold);
    const ids = await nestedIds(page, ['features', 'items', 1], 'title');
    const field = page.locator(`#${ids.id}`);
    await field.waitFor();
    await field.fill('{{ no such fact }}');
    await press(fold);
    await field.waitFor({ state: 'hidden' });
    await scrollFormToEnd(page);
    const where = (what: string, seen: unknown) => `at ${width} px, ${what}: ${JSON.stringify(seen)}`;
    await publish(page);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `editor-refusal-folded-list-${width}.png`) });
    const bar = await itemBar(page, '{{ no such fact }}');
    assert.match(bar.outline, red, where('the folded item\'s bar is outlined', bar));
    assert.is(bar.words?.text, 'A field inside was refused', where('the folded item\'s bar says so in words', bar));
    assert.is(bar.name, 'Expand {{ no such fact }} — a field inside was refused', where('its fold button says so', bar));
    assert.ok(bar.top >= bar.viewTop - 0.5 && bar.summaryBottom <= bar.viewBottom + 0.5, where('the refusal brings the folded item\'s bar into view', bar));
    await press(panel.getByRole('button', { name: /^Title: \{\{ no such fact \}\} names no fact/ }));
    await page.waitForTimeout(500);
    const seen = await refusedField(page, ids.id);
    assert.ok(inView(seen), where('the panel\'s problem unfolds the item and brings the field into view, its message beside it', seen));
    assert.ok(seen.focused, where('the panel\'s problem focuses the field', seen));
    assert.is(site.read(file), before);
    await session.closePages();
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
      await scrollFormToTop(page);
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

test('no console errors and no Content-Security-Policy violations in the editor', () => {
  assert.equal(session.problems, []);
});

test.run();
