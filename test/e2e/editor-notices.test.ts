// Decap's notices in the editor, on a phone (375 px) and at 1280 px, under `site serve` in Chromium: a notice of a
// required field left empty covers neither Publish, the toolbar, that field nor its label, nor on a phone the
// buttons floating at the foot, from its first frame; on a phone it lies over the form and the field being edited
// stays still as a notice shows and goes; pressed twice, it shows once, and one hidden by a newer one never shows
// again; a notice of a refused save closes once the refusal panel shows it, other notices are left as they are; the
// refusal panel hidden with the form scrolled to its end leaves the fields where they were. Screenshots go to
// reports/screenshots/editor-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { maxUploadBytes, megabytes } from '../../generator/assets/image-check.ts';
import type { Fixture } from '../helpers/project.ts';
import { EditorSession, onTop, publish, shots } from './editor-session.ts';

const test = suite('the content editor\'s notices');

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

/**
 * The FAQ page in the editor at `width`, its Order button emptied and left where staff left it: just above the
 * floating buttons (on a phone, where the browser puts the field typed in above its keyboard), or just under the
 * toolbar. Its input's id comes back with the page.
 */
async function orderButtonEmptied(width: number, at: 'top' | 'foot') {
  const page = await editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
  const field = page.getByLabel('Order button', { exact: true });
  await field.fill('');
  const id = await field.evaluate((el) => el.id);
  await page.evaluate(({ id, at }) => {
    const input = document.getElementById(id)!;
    const label = document.querySelector(`label[for="${id}"]`)!;
    let scroller = input.parentElement!;
    while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
    if (at === 'foot') scroller.scrollTop += input.getBoundingClientRect().bottom - (innerHeight - 84);
    else scroller.scrollTop += label.getBoundingClientRect().top - (Math.max(scroller.getBoundingClientRect().top, 0) + 8);
  }, { id, at });
  return { page, id };
}

/**
 * Decap's notice that shows (the newest; older ones are hidden) against a field it marked (found by its control's
 * id): the field's label, Decap's message beside it and its input, and which of them the notice's box meets; the
 * notice's distance from the screen's foot, and the toolbar's foot.
 */
function noticeAndField(page: Page, id: string) {
  return page.evaluate((id) => {
    const toast = [...document.querySelectorAll('.Toastify__toast')].filter((t) => t.getClientRects().length > 0 && getComputedStyle(t).visibility !== 'hidden').at(-1);
    // The notice's place, not its sliding box: its container's, which holds the newest notice alone in its flow.
    const n = toast?.parentElement!.getBoundingClientRect();
    const label = document.querySelector(`label[for="${id}"]`)!;
    const parts = { label, message: label.nextElementSibling!, input: document.getElementById(id)! };
    const covered = Object.entries(parts).filter(([, el]) => {
      const r = el.getBoundingClientRect();
      return !!n && r.height > 0 && r.bottom > n.top && r.top < n.bottom && r.right > n.left && r.left < n.right;
    }).map(([name]) => name);
    return {
      text: toast?.textContent ?? '',
      notice: n?.toJSON() as DOMRect | undefined,
      fromFoot: n && innerHeight - n.bottom,
      toolbarBottom: document.querySelector('[class*="-ToolbarContainer"]')!.getBoundingClientRect().bottom,
      field: { label: label.getBoundingClientRect().top, input: parts.input.getBoundingClientRect().bottom, message: parts.message.textContent },
      covered,
    };
  }, id);
}

test('Decap\'s notice of a required field left empty covers neither that field nor its label, wherever on the screen the field is, at 375 and 1280 px; at 1280 px it stays at the foot', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    for (const at of ['foot', 'top'] as const) {
      const { page, id } = await orderButtonEmptied(width, at);
      await publish(page);
      await page.getByText('Order button is required.').waitFor();
      await page.locator('.Toastify__toast').filter({ hasText: "Oops, you've missed a required field." }).waitFor();
      await page.waitForTimeout(800);
      const seen = await noticeAndField(page, id);
      await page.screenshot({ path: path.join(shots, `editor-required-notice-field-at-${at}-${width}.png`) });
      const where = `at ${width} px, the field at the ${at}: ${JSON.stringify(seen)}`;
      assert.match(seen.text, /missed a required field/, `${where}: the notice shows`);
      assert.ok(seen.field.label >= 0 && seen.field.input <= (width < 768 ? 800 : 900), `${where}: the field is on the screen`);
      assert.equal(seen.covered, [], `${where}: the notice covers none of the field's label, message and input`);
      assert.ok(seen.notice!.top >= seen.toolbarBottom, `${where}: the notice is below the toolbar`);
      if (width >= 800) assert.ok(Math.abs(seen.fromFoot! - 72) <= 1, `${where}: the notice is at the foot, 72 px up, as before`);
    }
  }
  assert.is(site.read(file), before);
});

/**
 * What the notice that shows lies over: each of the editor's controls and labels (the toolbar's, the form's and the
 * buttons that float over it) that is on the screen where the notice is, and is under the notice there, not over it.
 * A control scrolled out of its box is not on the screen, so each is taken as far as the boxes round it show it.
 * Given a field (its control's id), the form's controls are that field's only: on a phone the notice lies over the
 * form, clear of the field being edited.
 */
function underNotice(page: Page, field?: string) {
  return page.evaluate((field) => {
    const toast = [...document.querySelectorAll('.Toastify__toast')].filter((t) => t.getClientRects().length > 0 && getComputedStyle(t).visibility !== 'hidden').at(-1);
    const n = toast?.parentElement!.getBoundingClientRect();
    const own = field ? document.getElementById(field)!.closest('[class*="-ControlContainer"]')! : undefined;
    const controls = [...document.querySelectorAll('[class*="-EditorContainer"] :is(a[href], button, input, textarea, select, label, [role="combobox"], [role="switch"], [contenteditable="true"]), #site-insert-fact, #site-preview-jump')].filter((el) => !own || !el.closest('[class*="-ControlPaneContainer"]:not([class*="-PreviewPaneContainer"])') || own.contains(el));
    const covered: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      let [top, bottom, left, right] = [r.top, r.bottom, r.left, r.right];
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflow === 'visible') continue;
        const b = up.getBoundingClientRect();
        [top, bottom, left, right] = [Math.max(top, b.top), Math.min(bottom, b.bottom), Math.max(left, b.left), Math.min(right, b.right)];
      }
      if (!n) continue;
      [top, bottom, left, right] = [Math.max(top, n.top), Math.min(bottom, n.bottom), Math.max(left, n.left), Math.min(right, n.right)];
      if (bottom - top < 2 || right - left < 2) continue;
      const points = [0.1, 0.5, 0.9].flatMap((x) => [0.1, 0.5, 0.9].map((y) => document.elementFromPoint(left + (right - left) * x, top + (bottom - top) * y)));
      if (points.some((p) => p?.closest('.Toastify__toast-container'))) covered.push(`${el.tagName} ${(el.textContent || el.getAttribute('aria-label') || el.id).trim().slice(0, 30)}`);
    }
    return {
      text: toast?.textContent ?? '',
      notice: n?.toJSON() as DOMRect | undefined,
      toolbarBottom: document.querySelector('[class*="-ToolbarContainer"]')!.getBoundingClientRect().bottom,
      covered,
    };
  }, field);
}

test('on a phone (375 px) Decap\'s notice of a required field left empty covers none of the toolbar\'s controls, the buttons floating at the foot, nor the field emptied, for its eight seconds: it lies over the rest of the form; at 1280 px it stays at the foot, 72 px up', async () => {
  const file = 'content/cities/perth.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    const page = await editor('#/collections/cities/entries/perth', { width, height: width < 768 ? 800 : 900 });
    const population = page.getByLabel('Population');
    await population.fill('');
    await publish(page);
    await page.locator('.Toastify__toast').filter({ hasText: "Oops, you've missed a required field." }).waitFor();
    await page.waitForTimeout(800);
    const seen = await underNotice(page, width < 800 ? await population.evaluate((el) => el.id) : undefined);
    await page.screenshot({ path: path.join(shots, `editor-required-notice-room-${width}.png`) });
    const where = `at ${width} px: ${JSON.stringify(seen)}`;
    assert.match(seen.text, /missed a required field/, `${where}: the notice shows`);
    assert.equal(seen.covered, [], `${where}: the notice covers no control or label`);
    if (width < 800) assert.ok(seen.notice!.top >= seen.toolbarBottom, `${where}: the notice is below the toolbar`);
    else assert.ok(Math.abs(900 - seen.notice!.bottom - 72) <= 1, `${where}: the notice is at the foot, 72 px up, as before`);
  }
  assert.is(site.read(file), before);
});

test('Decap\'s notice of a required field left empty shows in its place from its first frame: sampled on every animation frame from its insertion, its box never moves and is never over the toolbar or the field emptied, at 375 and 1280 px, the field refused at the form\'s top or its foot', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  for (const width of [375, 1280]) {
    for (const at of ['top', 'foot'] as const) {
      const { page, id } = await orderButtonEmptied(width, at);
      await page.evaluate((id) => {
        // From the moment a notice is put in the page, on each frame before it is painted: the box of its place (its
        // container, which holds it in the flow while it slides in), the toolbar's foot and the box of the field
        // emptied (its label, Decap's message, its input). This observer is made after the editor's, so each frame's sample is taken after the editor
        // has done what it does for that frame.
        // (A property, not a named function: tsx would wrap a named one in a helper the page does not have.)
        const w = window as unknown as { noticeFrames: { top: number; bottom: number; left: number; right: number; toolbar: number; field: { top: number; bottom: number; left: number; right: number } }[]; sampleNotice: () => void };
        const field = document.getElementById(id)!.closest('[class*="-ControlContainer"]')!;
        w.noticeFrames = [];
        const observer = new MutationObserver(() => {
          const toast = document.querySelector('.Toastify__toast');
          if (!toast) return;
          observer.disconnect();
          let left = 30;
          w.sampleNotice = () => {
            const box = toast.parentElement!.getBoundingClientRect();
            w.noticeFrames.push({ top: box.top, bottom: box.bottom, left: box.left, right: box.right, toolbar: document.querySelector('[class*="-ToolbarContainer"]')!.getBoundingClientRect().bottom, field: field.getBoundingClientRect().toJSON() });
            if (--left > 0 && toast.isConnected) requestAnimationFrame(w.sampleNotice);
          };
          requestAnimationFrame(w.sampleNotice);
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }, id);
      await publish(page);
      await page.locator('.Toastify__toast').filter({ hasText: "Oops, you've missed a required field." }).waitFor();
      await page.waitForTimeout(1500);
      const frames = await page.evaluate(() => (window as unknown as { noticeFrames: { top: number; bottom: number; left: number; right: number; toolbar: number; field: { top: number; bottom: number; left: number; right: number } }[] }).noticeFrames);
      const where = `at ${width} px, the field at the ${at}: ${JSON.stringify(frames)}`;
      assert.ok(frames.length >= 20, `${where}: sampled for twenty frames or more`);
      const last = frames.at(-1)!;
      assert.ok(frames.every((f) => Math.abs(f.top - last.top) < 1 && Math.abs(f.bottom - last.bottom) < 1), `${where}: the notice is in one place from its first frame`);
      assert.ok(frames.every((f) => f.top >= f.toolbar), `${where}: in no frame is the notice over the toolbar`);
      assert.ok(frames.every((f) => f.bottom <= f.field.top || f.top >= f.field.bottom || f.right <= f.field.left || f.left >= f.field.right), `${where}: in no frame is the notice over the field emptied`);
    }
  }
  assert.is(site.read(file), before);
});

/**
 * Samples, on every animation frame until stopped, the top of the first element `selector` finds (none while there
 * is none) and whether one of Decap's notices or the refusal panel is on the page.
 */
function sampleTops(page: Page, selector: string) {
  return page.evaluate((selector) => {
    // (Properties, not named functions: tsx would wrap a named one in a helper the page does not have.)
    const w = window as unknown as { tops: { top?: number; notice: boolean; panel: boolean }[]; sampleTop: () => void; sampling: boolean };
    w.tops = [];
    w.sampling = true;
    w.sampleTop = () => {
      w.tops.push({ top: document.querySelector(selector)?.getBoundingClientRect().top, notice: !!document.querySelector('.Toastify__toast'), panel: !!document.getElementById('site-refusal') });
      if (w.sampling) requestAnimationFrame(w.sampleTop);
    };
    requestAnimationFrame(w.sampleTop);
  }, selector);
}

function sampledTops(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { tops: { top?: number; notice: boolean; panel: boolean }[]; sampling: boolean };
    w.sampling = false;
    return w.tops;
  });
}

/** The FAQ page in the editor at `width`, its Order button naming no fact, published: the refusal panel that shows. */
async function refusedOrderButton(width: number) {
  const page = await editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
  await page.getByLabel('Order button', { exact: true }).fill('{{ no such fact }}');
  await publish(page);
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  return { page, panel };
}

test('on a phone (375 px, touch) the field being edited stays still while a notice shows and goes: "Entry saved" after a valid change, and Decap\'s notice of a refused one, which closes as the refusal panel shows', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  const page = await session.editor('#/collections/pages/entries/faq', { width: 375, height: 800 }, { hasTouch: true, isMobile: true });
  const field = page.getByLabel('Order button', { exact: true });
  await field.tap();
  await field.press('End');
  await field.type('!');
  const id = await field.evaluate((el) => el.id);
  // A valid change: its label sampled from before Publish until well after "Entry saved" has gone.
  await sampleTops(page, `label[for="${id}"]`);
  await publish(page);
  const saved = page.locator('.Toastify__toast').filter({ hasText: 'Entry saved' });
  await saved.waitFor();
  const seen = await underNotice(page, id);
  await page.screenshot({ path: path.join(shots, 'editor-notice-still-saved-375.png') });
  await saved.waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForTimeout(500);
  const valid = await sampledTops(page);
  const tops = valid.map((f) => f.top!);
  assert.ok(valid.some((f) => f.notice) && !valid.at(-1)!.notice, `the notice showed and went: ${JSON.stringify(valid)}`);
  assert.ok(Math.max(...tops) - Math.min(...tops) <= 1, `the field's label stays still before, while and after "Entry saved" shows (${Math.min(...tops)} to ${Math.max(...tops)}): ${JSON.stringify([...new Set(tops)])}`);
  assert.equal(seen.covered, [], `"Entry saved" covers neither the field nor the toolbar's controls and the floating buttons: ${JSON.stringify(seen)}`);
  // A refused change: the message put above the field (outside the panel) sampled from its first frame on. The sample
  // on the frame it is put in is taken before the panel's ResizeObserver brings it into view, in the same frame,
  // before the paint, so the frames that count begin with the next.
  await field.type(' {{ no such fact }}');
  await sampleTops(page, '[class*="-ControlPaneContainer"] [data-site-problem]');
  await publish(page);
  await page.locator('#site-refusal').waitFor();
  await page.waitForFunction(() => ![...document.querySelectorAll('.Toastify__toast')].some((t) => /Failed to persist entry|Not saved/.test(t.textContent ?? '')), undefined, { timeout: 5000 });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(shots, 'editor-notice-still-refused-375.png') });
  const refused = (await sampledTops(page)).filter((f) => f.top !== undefined);
  assert.ok(refused.some((f) => f.notice) && refused.length > 10, `Decap's notice of the refusal showed while the field's message was on the page: ${JSON.stringify(refused)}`);
  const counted = refused.slice(1).map((f) => f.top!);
  assert.ok(Math.max(...counted) - Math.min(...counted) <= 1, `the refused field's message stays still as Decap's notice shows and goes (${Math.min(...counted)} to ${Math.max(...counted)}): ${JSON.stringify([...new Set(refused.map((f) => f.top))])}`);
  site.write(file, before);
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
    const { page, panel } = await refusedOrderButton(width);
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
    await page.getByLabel('Order button', { exact: true }).click();
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

test('a picture refused at the upload, with the media library open: the panel naming the file is on top of the library, readable and its Hide button clickable, on a phone (375 px, where the library fills the screen) and at 1280 px', async () => {
  const fake = path.join(site.root, 'meeting-notes.png');
  fs.writeFileSync(fake, 'meeting notes, not a picture\n');
  for (const width of [375, 1280]) {
    const phone = width < 768;
    const page = await session.editor('#/collections/blog/entries/naati-certified-translations-immigration', { width, height: phone ? 800 : 900 }, { hasTouch: phone });
    await page.getByRole('button', { name: 'Choose different image' }).click();
    await page.getByRole('button', { name: 'Choose selected' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(fake);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    assert.match(await panel.innerText(), /Not uploaded[\s\S]*meeting-notes\.png: its content is not a PNG image/);
    await page.screenshot({ path: path.join(shots, `editor-upload-refused-${width}.png`) });
    const seen = await onTop(page, '#site-refusal');
    assert.ok(seen.onTop, `${width} px: the refusal panel is on top of the media library, not under ${JSON.stringify(seen.under)}`);
    assert.ok(await page.getByRole('button', { name: 'Choose selected' }).isVisible(), `${width} px: the library is still open`);
    await (phone ? panel.getByRole('button', { name: 'Hide' }).tap() : panel.getByRole('button', { name: 'Hide' }).click());
    await panel.waitFor({ state: 'hidden' });
  }
});

test('a picture larger than the editor takes is refused at the upload, naming it and the limit, and the entry keeps what was typed, on a phone (375 px, touch) and at 1280 px', async () => {
  // A JPEG as a camera saves one at full size, 32 MB: Decap took it as a draft and only Publish was refused.
  const big = path.join(site.root, 'harbour-at-dawn.jpg');
  const bytes = Buffer.alloc(32 * 1024 * 1024);
  Buffer.from('ffd8ffe000104a464946', 'hex').copy(bytes);
  fs.writeFileSync(big, bytes);
  const title = 'Certified translations for a partner visa';
  for (const width of [375, 1280]) {
    const phone = width < 768;
    const page = await session.editor('#/collections/blog/new', { width, height: phone ? 800 : 900 }, { hasTouch: phone });
    const titleField = page.getByLabel('Title', { exact: true });
    await titleField.fill(title);
    const choose = page.getByRole('button', { name: 'Choose an image' });
    await (phone ? choose.tap() : choose.click());
    await page.getByRole('button', { name: 'Choose selected' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(big);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    assert.match(await panel.innerText(), new RegExp(`Not uploaded[\\s\\S]*harbour-at-dawn\\.jpg: it is 32 MB, larger than the ${megabytes(maxUploadBytes)} MB the editor takes for a picture`));
    await page.screenshot({ path: path.join(shots, `editor-upload-too-large-${width}.png`) });
    assert.is(await page.getByRole('dialog').getByText('harbour-at-dawn.jpg').count(), 0, `${width} px: the refused picture is not in the media library, not even as a draft`);
    // The library closed as staff close it, the form is as it was.
    const close = page.getByRole('dialog').getByRole('button', { name: 'Close' });
    await (phone ? close.tap() : close.click());
    await page.getByRole('button', { name: 'Choose selected' }).waitFor({ state: 'hidden' });
    assert.is(await titleField.inputValue(), title, `${width} px: the title typed before the upload is still there`);
    assert.ok(await page.getByRole('button', { name: 'Choose an image' }).isVisible(), `${width} px: the picture field is still empty, ready for a smaller one`);
  }
});

/**
 * Scrolls the box that scrolls the form by `by` px, or to the form's very end (its own container's foot, with the
 * room kept for the panel; on a phone the preview follows the form in that box), and gives the form's last label
 * shown, its top on the screen, and how far the box is from its end.
 */
function scrollForm(page: Page, by: number | 'end') {
  return page.evaluate((by) => {
    const labels = [...document.querySelectorAll('[class*="-ControlPaneContainer"] label')].filter((l) => l.getClientRects().length > 0);
    const last = labels[labels.length - 1]!;
    let scroller = last.parentElement!;
    while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
    const form = last.closest('[class*="-ControlPaneContainer"]:not([class*="-PreviewPaneContainer"])')!;
    scroller.scrollTop += by === 'end' ? form.getBoundingClientRect().bottom - Math.min(scroller.getBoundingClientRect().bottom, innerHeight) : by;
    return { label: last.textContent, top: last.getBoundingClientRect().top, fromEnd: scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop };
  }, by);
}

const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

test('the refusal panel hidden with the form scrolled to its end: the last field stays where it was, at 375 and 1280 px', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  const moved: { width: number; label: string | null; panelHeight: number; before: number; after: number }[] = [];
  for (const width of [375, 1280]) {
    const { page, panel } = await refusedOrderButton(width);
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    const panelHeight = await panel.evaluate((el) => el.getBoundingClientRect().height);
    await scrollForm(page, 'end');
    await frames(page);
    const shown = await scrollForm(page, 0);
    await page.screenshot({ path: path.join(shots, `editor-refusal-hide-before-${width}.png`) });
    await panel.getByRole('button', { name: 'Hide' }).click();
    await panel.waitFor({ state: 'detached' });
    await frames(page);
    const hidden = await scrollForm(page, 0);
    await page.screenshot({ path: path.join(shots, `editor-refusal-hide-after-${width}.png`) });
    moved.push({ width, label: shown.label, panelHeight, before: shown.top, after: hidden.top });
    // The room kept for the panel does not stay once the visitor scrolls back up past it.
    await scrollForm(page, -400);
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--site-refusal-height') === '', undefined, { timeout: 5000 });
  }
  for (const m of moved) assert.is(m.after, m.before, `at ${m.width} px, the last field (${m.label}) stays put as the panel (${m.panelHeight} px high) is hidden: ${m.before} -> ${m.after}`);
  assert.is(site.read(file), before);
});

test('no console errors and no Content-Security-Policy violations in the editor', () => {
  assert.equal(session.problems, []);
});

test.run();
