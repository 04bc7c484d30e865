// The content editor as it runs on the live site, in Chromium. There Decap writes each file itself, in the
// browser, through /admin/formats.js; Decap's in-memory `test-repo` backend (part of its bundle) goes through
// the same code as the GitHub backend (Backend.persistEntry: the preSave event, then
// entryToRaw with the collection's format), and keeps what it saves in window.repoFiles, where this suite
// reads it. Real repository files saved unchanged must come back byte for byte, and one changed value must
// change one line. (Signing in is editor-signin.test.ts.)
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, launchArgs, startSite, stopBrowsers, within, type Site } from './browser.ts';
import { listFiles, repoRoot } from '../helpers/project.ts';

const test = suite('content editor on the live site: Decap writes the files in the browser');
const shots = path.join(repoRoot, 'reports/screenshots');
// The site is also reached under a name of its own, as on the live site.
const host = 'editor.test';

let browser: Browser;
let site: Site;
/** The site under its own name: the editor and the widget need a secure context, which the flag below grants. */
let origin: string;
const contexts: BrowserContext[] = [];
const problems: string[] = [];
let refusing = false;


test.before(async () => {
  site = await startSite();
  origin = site.url.replace('127.0.0.1', host);
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...launchArgs, `--host-resolver-rules=MAP ${host} 127.0.0.1`, `--unsafely-treat-insecure-origin-as-secure=${origin}`] });
  fs.mkdirSync(shots, { recursive: true });
});
test.after(async () => {
  for (const c of contexts) await within(10_000, c.close().catch(() => {}));
  await stopBrowsers(browser);
  await site?.close();
});

async function newPage(setup?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await context.route((url) => url.host !== new URL(origin).host && url.host !== new URL(site.url).host, (route) => route.abort('blockedbyclient'));
  await setup?.(context);
  const page = await context.newPage();
  // A refused save ends in Decap rejecting a promise with its own action object ("Object"): expected while a
  // test is refusing one.
  // Decap asks before it publishes a draft.
  page.on('dialog', (dialog) => void dialog.accept());
  page.on('pageerror', (error) => {
    if (!(refusing && error.message === 'Object')) problems.push(`page error: ${error.message}`);
  });
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) problems.push(m.text());
    // Decap logs the refusal it shows while a test is refusing a save or a deletion.
    else if (m.type() === 'error' && !/Failed to load resource|persistLocalDraftBackup/.test(m.text()) && !(refusing && /Not (saved|deleted):/.test(m.text()))) problems.push(m.text());
  });
  return page;
}

/** The editor on the test-repo backend, holding the seeded files, at an address inside it. */
async function testRepoEditor(hash: string): Promise<Page> {
  const built = fs.readFileSync(path.join(site.fixture.root, 'dist/admin/config.yml'), 'utf8');
  const config = built.replace(/^backend:\n(?: {2}.*\n)+/m, 'backend:\n  name: "test-repo"\n');
  assert.match(built, /^backend:\n {2}name: "github"\n/m);
  assert.match(config, /^backend:\n {2}name: "test-repo"\nsite_url:/m);
  const tree: Record<string, any> = {};
  // Every content file, as the test-repo backend's tree (folders are objects, files { content, path }): Decap
  // reads all the files of a files collection when it opens one of them.
  for (const rel of listFiles(site.fixture.content).filter((f) => !f.startsWith('schemas/')).map((f) => `content/${f}`)) {
    const parts = rel.split('/');
    let at = tree;
    for (const part of parts.slice(0, -1)) at = at[part] ??= {};
    at[parts.at(-1)!] = { content: site.fixture.read(rel), path: rel };
  }
  const page = await newPage(async (context) => {
    await context.route(`${origin}/admin/config.yml`, (route) => route.fulfill({ status: 200, contentType: 'text/yaml', body: config }));
    await context.addInitScript((files) => {
      (window as any).repoFiles = files;
    }, tree);
  });
  await page.goto(`${origin}/admin/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Collections').first().waitFor();
  await page.goto(`${origin}/admin/${hash}`);
  return page;
}

/** What the test-repo backend holds for a file now. */
function saved(page: Page, rel: string): Promise<string> {
  return page.evaluate((parts) => parts.reduce((at: any, part) => at?.[part], (window as any).repoFiles)?.content, rel.split('/'));
}

/**
 * Publishes through review, as staff do on the live site (editorial workflow): Save makes a draft, which leaves
 * the published file alone (on GitHub: a branch and a pull request, with a deploy preview); Ready, then Publish
 * now, merges it. Waits until the test-repo backend has written the file: it replaces the file's object in its
 * tree, so a mark set on the old one is gone (a save can leave the same text behind).
 */
async function publish(page: Page, rel: string): Promise<string> {
  const parts = rel.split('/');
  const marked = () => page.evaluate((parts) => parts.reduce((at: any, part) => at?.[part], (window as any).repoFiles)?.unsaved === true, parts);
  await page.evaluate((parts) => (parts.reduce((at: any, part) => at?.[part], (window as any).repoFiles).unsaved = true), parts);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: /^Status: Draft/ }).waitFor();
  assert.ok(await marked(), 'a draft leaves the published file alone');
  await page.getByRole('button', { name: /^Status: / }).click();
  await page.getByText('Ready', { exact: true }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
  await page.waitForFunction((parts) => parts.reduce((at: any, part) => at?.[part], (window as any).repoFiles)?.unsaved === undefined, parts);
  return saved(page, rel);
}

/** Opens the entry again, as Decap reads it from the backend now. */
async function reopen(page: Page, hash: string): Promise<void> {
  await page.goto(`${origin}/admin/#/`);
  await page.getByText('Collections').first().waitFor();
  await page.goto(`${origin}/admin/${hash}`);
}

/** The lines that differ between two texts of the same number of lines, as [before, after] pairs. */
function changedLines(before: string, after: string): [string, string][] {
  const a = before.split('\n');
  const b = after.split('\n');
  assert.is(b.length, a.length, 'the same number of lines');
  return a.flatMap((line, i): [string, string][] => (line === b[i] ? [] : [[line, b[i]]]));
}

const unchanged: [name: string, rel: string, hash: string, field: (page: Page) => Promise<ReturnType<Page['getByLabel']>>][] = [
  // Each edit is one the build accepts: on the live site the browser refuses any other before a draft is made.
  ['a city', 'content/cities/perth.json', '#/collections/cities/entries/perth', async (page) => page.getByLabel('Tagline')],
  ['a service whose short arrays stand on one line', 'content/services/payslips.json', '#/collections/services/entries/payslips', async (page) => page.getByLabel('Service name')],
  ['the business facts', 'content/facts.json', '#/collections/settings/entries/facts', async (page) => page.getByLabel('Reply within', { exact: true }).first()],
  [
    'the plans',
    'content/plans.json',
    '#/collections/settings/entries/plans',
    async (page) => {
      await page.locator('[class*=SortableListItem]').filter({ hasText: 'Self-Service Extract' }).locator('button').first().click();
      return page.getByLabel('Name', { exact: true }).first();
    },
  ],
  ['a blog post (front matter and Markdown)', 'content/blog/naati-certified-translations-immigration.md', '#/collections/blog/entries/naati-certified-translations-immigration', async (page) => page.getByLabel('Title', { exact: true })],
];

for (const [name, rel, hash, field] of unchanged) {
  // Decap publishes only an entry that differs from what it loaded, so "saved unchanged" is an edit saved and
  // then undone and saved again, the second time from the file as the first save left it.
  test(`${name}: an edit saved and undone leaves the file byte for byte as it was, and the edit changed one line`, async () => {
    const original = site.fixture.read(rel);
    const page = await testRepoEditor(hash);
    const input = await field(page);
    await input.waitFor();
    const value = await input.inputValue();
    await input.fill(`${value} (edited)`);
    const edited = await publish(page, rel);
    const changed = changedLines(original, edited);
    assert.is(changed.length, 1, `one line changed, not ${JSON.stringify(changed)}`);
    assert.is(changed[0][1], changed[0][0].replace(value, `${value} (edited)`));
    await reopen(page, hash);
    const again = await field(page);
    await again.waitFor();
    assert.is(await again.inputValue(), `${value} (edited)`);
    await again.fill(value);
    const text = await publish(page, rel);
    assert.ok(text === original, `${rel} is not as it was:\n${JSON.stringify(changedLines(original, text))}`);
  });
}

test('a changed population changes that one line of the city file and nothing else', async () => {
  const rel = 'content/cities/perth.json';
  const original = site.fixture.read(rel);
  const page = await testRepoEditor('#/collections/cities/entries/perth');
  const population = page.getByLabel('Population');
  await population.waitFor();
  const value = await population.inputValue();
  assert.ok(original.includes(`"population": ${JSON.stringify(value)}`));
  await population.fill('2.4 million');
  await page.screenshot({ path: path.join(shots, 'editor-test-repo-city-1280.png') });
  const text = await publish(page, rel);
  assert.equal(changedLines(original, text), [[`  "population": ${JSON.stringify(value)},`, '  "population": "2.4 million",']]);
});

test('on the live site a control character pasted into a field is refused in the browser, as the build would refuse it', async () => {
  const rel = 'content/cities/perth.json';
  const original = site.fixture.read(rel);
  const page = await testRepoEditor('#/collections/cities/entries/perth');
  const tagline = page.getByLabel('Tagline');
  await tagline.waitFor();
  refusing = true;
  // Word's line break, as text pasted from it carries.
  await tagline.fill('Certified translations for Perth\u000band Western Australia');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Tagline: holds the control character U\+000B, which no page or feed may carry\. Delete it/);
  assert.is(await saved(page, rel), original, 'nothing was committed');
  refusing = false;
});

test('on the live site a post whose text is emptied (or left as markup alone) is refused in the browser, as the build would refuse it', async () => {
  const rel = 'content/blog/naati-certified-translations-immigration.md';
  const original = site.fixture.read(rel);
  const page = await testRepoEditor('#/collections/blog/entries/naati-certified-translations-immigration');
  await page.getByLabel('Title', { exact: true }).waitFor();
  refusing = true;
  // The text as Markdown, as staff who write it so see it: all of it replaced by a heading's mark alone.
  // The switch between the labels "Rich Text" and "Markdown" (the labels themselves do not toggle it).
  await page.getByText('Markdown', { exact: true }).locator('..').getByRole('switch').click();
  // Markdown once the editor shows the marks themselves; its text is then emptied, again should a key reach the
  // editor while it is drawn anew.
  const editor = page.locator('[data-slate-editor="true"]', { hasText: '## Why Home Affairs' });
  await editor.waitFor();
  // Slate takes the browser's selection into its own at most every 100 ms (slate-react throttles its
  // selectionchange handler), and each time it draws the editor it sets the browser's selection back to its own.
  // A Delete pressed while Control+A's selection is not yet Slate's deletes one character at the caret the click
  // left; so Delete waits until the whole text is still selected after that throttle.
  const allSelected = () =>
    page.evaluate(() => {
      // Inline, not a helper: a named function here would be compiled to call tsx's __name, unknown in the page.
      const text = (document.querySelector('[data-slate-editor="true"]')?.textContent ?? '').replace(/[\s\uFEFF]/g, '');
      return text.length > 0 && (getSelection()?.toString() ?? '').replace(/[\s\uFEFF]/g, '') === text;
    });
  for (let tries = 0; tries < 10 && (await editor.count()) > 0; tries++) {
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.waitForTimeout(250);
    if (await allSelected()) await page.keyboard.press('Delete');
  }
  assert.is((await page.locator('[data-slate-editor="true"]').innerText()).trim(), '', 'the text is empty');
  // A heading mark with no words is no text either (content/text.ts, wordCount).
  await page.keyboard.type('## ');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Text: has no text after its front matter: its page would be empty\. Write the post or page below/);
  // Beside the field too, as for any other field, though Decap's Markdown widget has nothing with its label's id:
  // the message just above the label, inside the Text field, and the editing area outlined.
  await page.locator('[data-site-problem]').first().waitFor();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
    await page.locator('label[for^="body-field-"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const seen = await page.evaluate(() => {
      const label = document.querySelector('label[for^="body-field-"]')!;
      const note = [...document.querySelectorAll<HTMLElement>('[data-site-problem]')].find((n) => !n.closest('#site-refusal'));
      const editing = document.querySelector('[data-slate-editor="true"]')!;
      // The field: the smallest block holding both the message and the label.
      let field = note?.parentElement ?? null;
      while (field && !field.contains(label)) field = field.parentElement;
      const marked = [...document.querySelectorAll<HTMLElement>('[data-site-marked]')];
      const outlined = marked.find((el) => el.contains(editing) && !el.contains(label));
      return {
        note: note && { text: note.innerText, rect: note.getBoundingClientRect().toJSON() as DOMRect },
        label: label.getBoundingClientRect().toJSON() as DOMRect,
        fieldLabels: field ? field.querySelectorAll('label[for*="-field-"]').length : 0,
        fieldHoldsEditor: field?.contains(editing) ?? false,
        outline: outlined && `${getComputedStyle(outlined).outlineWidth} ${getComputedStyle(outlined).outlineStyle} ${getComputedStyle(outlined).outlineColor}`,
        outlinedRect: outlined?.getBoundingClientRect().toJSON() as DOMRect | undefined,
        editingRect: editing.getBoundingClientRect().toJSON() as DOMRect,
      };
    });
    const where = `at ${width} px: ${JSON.stringify(seen)}`;
    assert.ok(seen.note, `${where}: a message beside the Text field`);
    assert.match(seen.note!.text, /^Text: has no text after its front matter/);
    assert.ok(seen.note!.rect.bottom <= seen.label.top + 0.5 && seen.label.top - seen.note!.rect.bottom <= 12, `${where}: the message is just above the label`);
    assert.ok(seen.fieldHoldsEditor && seen.fieldLabels === 1, `${where}: the message is inside the Text field, not another`);
    assert.match(seen.outline ?? '', /2px solid rgb\(192, 57, 43\)/, `${where}: the Markdown editor's area is outlined`);
    const area = seen.outlinedRect!;
    assert.ok(area.left <= seen.editingRect.left && area.right >= seen.editingRect.right && area.bottom >= seen.editingRect.bottom && area.top < seen.label.bottom + 200, `${where}: the outline goes round the editing area`);
    await page.screenshot({ path: `/tmp/md-note-${width}.png` });
  }
  assert.is(await saved(page, rel), original, 'nothing was committed');
  assert.is(await page.evaluate(() => Object.keys((window as any).repoFilesUnpublished ?? {}).length), 0, 'no draft was made');
  refusing = false;
});

test('on the live site a wrong price is refused in the browser with the build\'s words, beside the field, before any draft is made', async () => {
  const rel = 'content/plans.json';
  const original = site.fixture.read(rel);
  const page = await testRepoEditor('#/collections/settings/entries/plans');
  await page.locator('[class*=SortableListItem]').filter({ hasText: 'Self-Service Extract' }).locator('button').first().click();
  const price = page.getByLabel('Price', { exact: true }).first();
  refusing = true;
  await price.fill('44.95');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Price: “44\.95” does not have the expected form\. A price in Australian dollars, such as \$44\.95\./);
  // Beside the field too, with the file and the field's path as a detail.
  const note = page.locator('[data-site-problem]').first();
  assert.match(await note.innerText(), /Price: “44\.95” does not have the expected form/);
  assert.match(await note.locator('code').textContent() ?? '', /^content\/plans\.json \/plans\/0\/price$/);
  // Still there after Decap's own notice has gone (closed as soon as the panel shows the refusal, not after ten seconds).
  await page.getByText('Failed to persist entry', { exact: false }).first().waitFor({ state: 'detached', timeout: 3000 });
  assert.ok(await panel.isVisible());
  await page.screenshot({ path: path.join(shots, 'editor-live-refused-1280.png') });
  assert.is(await saved(page, rel), original, 'nothing was committed');
  assert.is(await page.evaluate(() => Object.keys((window as any).repoFilesUnpublished ?? {}).length), 0, 'no draft was made');
  refusing = false;
  // The right form goes through review and is published.
  const again = await testRepoEditor('#/collections/settings/entries/plans');
  await again.locator('[class*=SortableListItem]').filter({ hasText: 'Self-Service Extract' }).locator('button').first().click();
  await again.getByLabel('Price', { exact: true }).first().fill('$46.95');
  const text = await publish(again, rel);
  assert.equal(changedLines(original, text), [['      "price": "$44.95",', '      "price": "$46.95",']]);
});

test('on the live site the build\'s checks across files run in the browser: deleting a language a city uses is refused naming the city, and a link to no page is refused', async () => {
  const rel = 'content/languages/swahili.json';
  const page = await testRepoEditor('#/collections/languages/entries/swahili');
  await page.getByLabel('Native name').waitFor();
  refusing = true;
  await page.getByRole('button', { name: /Delete published entry/ }).click();
  const panel = page.locator('#site-refusal');
  await panel.waitFor();
  const text = await panel.innerText();
  assert.match(text, /content\/cities\/newcastle\.json/);
  assert.match(text, /names the language “?"?sw/);
  await page.screenshot({ path: path.join(shots, 'editor-live-delete-refused-1280.png') });
  assert.ok(await saved(page, rel), 'the language file is still there');
  // A post whose text links to a page the site does not have: refused before any draft.
  const post = await testRepoEditor('#/collections/blog/entries/naati-certified-translations-immigration');
  const title = post.getByLabel('Title', { exact: true });
  await title.waitFor();
  await post.evaluate(() => {
    const editor = document.querySelector('[data-slate-editor="true"]') as HTMLElement | null;
    editor?.focus();
  });
  await post.locator('[data-slate-editor="true"]').first().click();
  await post.keyboard.press('Control+End');
  await post.keyboard.type(' See [the fees](/no-such-page).');
  await post.getByRole('button', { name: 'Save', exact: true }).click();
  const refused = post.locator('#site-refusal');
  await refused.waitFor();
  assert.match(await refused.innerText(), /links to \/no-such-page, which is not a page of the site/);
  assert.is(await post.evaluate(() => Object.keys((window as any).repoFilesUnpublished ?? {}).length), 0, 'no draft was made');
  refusing = false;
});

test('a date that does not exist cannot be entered: the date field is a date picker, and the file keeps a real day', async () => {
  const rel = 'content/blog/naati-certified-translations-immigration.md';
  const original = site.fixture.read(rel);
  const page = await testRepoEditor('#/collections/blog/entries/naati-certified-translations-immigration');
  const date = page.getByLabel('Date', { exact: true });
  await date.waitFor();
  assert.is(await date.getAttribute('type'), 'date');
  const before = await date.inputValue();
  // 31 February: the browser's picker takes no such day (Playwright is refused the value, as a person's typing is).
  await date.fill('2026-02-31').catch(() => {});
  assert.is.not(await date.inputValue(), '2026-02-31');
  await date.fill('2026-02-28');
  await page.screenshot({ path: path.join(shots, 'editor-live-date-1280.png') });
  const text = await publish(page, rel);
  assert.match(text, /\ndate: "28\/02\/2026"\n/);
  assert.not.match(text, /31\/02/);
  assert.ok(before.length > 0 && original.length > 0);
});

test('no console errors and no Content-Security-Policy violations', () => {
  assert.equal(problems, []);
});

test.run();
