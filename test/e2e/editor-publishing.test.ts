// What staff type while an entry is being published, under `site serve` in Chromium, at 375 and 1280 px: a new
// entry, which Decap loads afresh once saved and draws the form from, loses nothing typed while it saves (the form
// takes no typing then, and says so); a refused save gives the form back, editable, with what was typed in it.
// The save is held at the server until the test has typed, so the window is as long as a slow connection's.
// Screenshots go to reports/screenshots/editor-publishing-*.png.
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { editorSuite, publish, shots, until } from './editor-session.ts';

const { test, session } = editorSuite('publishing in the content editor');

/** Holds the page's next save at the server until `release` is called; `arrived` settles once it has been sent. */
async function holdSave(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sent!: () => void;
  const arrived = new Promise<void>((resolve) => (sent = resolve));
  await page.route(/\/admin\/api\/v1/, async (route) => {
    if (route.request().postDataJSON()?.action === 'persistEntry') {
      sent();
      await held;
    }
    await route.continue();
  });
  return { arrived, release };
}

/** Clicks where `selector`'s element is and types `text` at its end, as staff would, whether or not the form takes it. */
async function typeAt(page: Page, selector: string, text: string): Promise<void> {
  const box = (await page.locator(selector).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height / 2, 12));
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test('a new post: what is typed in the form while it is published is not lost when Decap draws the form from the saved post; the form says it is held, then takes typing again, at 375 and 1280 px', async () => {
  for (const width of [375, 1280]) {
    const page = await session().editor('#/collections/blog/new', { width, height: width < 768 ? 800 : 900 });
    const title = `Partner visa checklist at ${width}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Excerpt').fill('Which relationship documents need a certified translation.');
    await page.getByLabel('Date', { exact: true }).fill('2026-11-20');
    await page.getByLabel('Author').fill('Priya Raman, Senior Translation Coordinator');
    await page.getByLabel('Category').click();
    await page.getByText('Immigration', { exact: true }).click();
    const picture = path.join(session().site.root, `partner-visa-${width}.png`);
    await sharp({ create: { width: 1200, height: 750, channels: 3, background: '#2d6a8f' } }).png().toFile(picture);
    await page.getByRole('button', { name: 'Choose an image' }).click();
    await page.locator('input[type="file"]').setInputFiles(picture);
    await page.getByText(`partner-visa-${width}.png`).first().waitFor();
    await page.getByRole('button', { name: 'Choose selected' }).click();
    await page.getByLabel(/^Picture description/).fill('A passport beside a translated marriage certificate');
    await page.getByLabel('Icon').fill('heart-hand');
    await page.getByText('heart-handshake', { exact: true }).click();
    await page.locator('[data-slate-editor="true"]').first().click();
    await page.keyboard.type('Bring every page of your marriage certificate.');
    const excerpt = '[id^="excerpt-field-"]';
    await page.locator(excerpt).scrollIntoViewIfNeeded();

    const save = await holdSave(page);
    await publish(page);
    await save.arrived;
    await typeAt(page, excerpt, ' Typed while publishing.');
    // What the field shows staff once they have typed: it must still show that once the save is through.
    const shown = await page.locator(excerpt).inputValue();
    const status = await page.evaluate(() => ({ text: document.querySelector('[role="status"]#site-publishing')?.textContent ?? '', box: document.getElementById('site-publishing')?.getBoundingClientRect().toJSON() as DOMRect | undefined }));
    await page.screenshot({ path: path.join(shots, `editor-publishing-held-${width}.png`) });
    save.release();
    const file = `content/blog/partner-visa-checklist-at-${width}.md`;
    await until(() => fs.existsSync(path.join(session().site.root, file)), `${file} to be written`);
    await page.waitForURL(/#\/collections\/blog\/entries\//);
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-site-publishing'));
    await page.locator('[class*="-ToolbarContainer"]').getByText('Changes saved').waitFor();
    assert.is(await page.locator(excerpt).inputValue(), shown, `at ${width} px, the excerpt shows what it showed while the post was being published`);
    assert.is(status.text, 'Publishing… the form is back in a moment.', `at ${width} px, the form says it is held while the post is published`);
    assert.ok(status.box && status.box.left >= 0 && status.box.right <= width && status.box.height > 0, `at ${width} px, the status is on the screen: ${JSON.stringify(status.box)}`);
    // The form is back: typing goes in, and the status has gone.
    await page.locator(excerpt).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Typed after.');
    assert.ok((await page.locator(excerpt).inputValue()).endsWith(' Typed after.'), `at ${width} px, the form takes typing again`);
    assert.is(await page.locator('#site-publishing').textContent(), '', `at ${width} px, the status has gone`);
    await page.screenshot({ path: path.join(shots, `editor-publishing-back-${width}.png`) });
  }
});

test('a refused save gives the form back: editable, with what was typed in it, and the refusal panel saying why, at 375 and 1280 px', async () => {
  const file = 'content/pages/faq.json';
  const before = session().site.read(file);
  for (const width of [375, 1280]) {
    const page = await session().editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
    const field = page.getByLabel('Order button', { exact: true });
    await field.fill('{{ no such fact }}');
    const save = await holdSave(page);
    await publish(page);
    await save.arrived;
    const id = await field.evaluate((el) => el.id);
    await typeAt(page, `#${id}`, ' and more');
    const shown = await field.inputValue();
    save.release();
    await page.locator('#site-refusal').waitFor();
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-site-publishing'));
    assert.is(await field.inputValue(), shown, `at ${width} px, the field shows what it showed while the save was under way`);
    assert.match(shown, /^\{\{ no such fact \}\}/, `at ${width} px, what staff typed before Publish is still there`);
    assert.is(await page.locator('[inert]').count(), 0, `at ${width} px, nothing on the page is left inert`);
    await field.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('!');
    assert.ok((await field.inputValue()).endsWith('!'), `at ${width} px, the form takes typing again`);
    await page.screenshot({ path: path.join(shots, `editor-publishing-refused-${width}.png`) });
  }
  assert.is(session().site.read(file), before);
});

test('no console errors and no Content-Security-Policy violations in the editor', () => {
  assert.equal(session().problems, []);
});

test.run();
