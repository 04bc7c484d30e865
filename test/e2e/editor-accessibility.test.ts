// The content editor at /admin under `site serve`, checked with axe-core as the site's pages are (WCAG 2.1 A
// and AA, axe.ts): the collection list, the media library, a JSON page's and a Markdown post's editor, a refused
// save with the site's refusal panel (and with the refused field's item folded, its bar saying so) and Decap's
// notice of a required field left empty, at 375 px (staff on phones) and at 1280 px; and the names the site gives
// Decap's icon-only controls (control-names.ts), as they change. One dev server, one signed-in page per width,
// moved from screen to screen. Screenshots go to reports/screenshots/editor-a11y-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch } from './browser.ts';
import { violations } from './axe.ts';
import { serve, type DevServer } from '../../generator/serve/server.ts';
import { silentLogger } from '../../generator/log.ts';
import { copyCode, fixture, repoRoot, type Fixture } from '../helpers/project.ts';

const test = suite('content editor accessibility');
const shots = path.join(repoRoot, 'reports/screenshots');

let browser: Browser;
let site: Fixture;
let dev: DevServer;

test.before(async () => {
  site = fixture();
  // Its own images, for the media library.
  copyCode(site, ['assets']);
  [browser, dev] = await Promise.all([launch(), serve({ root: site.root, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger })]);
  fs.mkdirSync(shots, { recursive: true });
});
test.after(async () => {
  await browser?.close();
  await dev?.close();
  site?.remove();
});

/**
 * Violations inside Decap's own widgets that the site cannot fix safely. Decap takes no names from its config,
 * so islands/admin/control-names.ts names its icon-only controls as it draws them; what is left here could only be
 * mended by fighting Decap's components on every render. Each is one rule on elements matching one selector; any
 * other element with the same rule still fails.
 */
const decapOwn: { rule: string; on: string; why: string }[] = [
  {
    rule: 'nested-interactive',
    on: '[class*="-ToolbarDropdownWrapper"] [role="button"][aria-haspopup]',
    why:
      'the Markdown toolbar\'s Headings and Add component menus: react-aria-menubutton\'s role="button" span around ' +
      'the toolbar\'s button. The span is the menu button (its keys open the menu, Escape or a choice focuses it ' +
      'again) and React writes its aria-expanded afresh at each opening, so taking its role away would leave that ' +
      'on a plain span and send focus to an element with no role',
  },
];

/** axe's violations on the page, less those of Decap's own widgets listed above. */
async function problems(page: Page, label: string): Promise<string[]> {
  // Colours are measured once what fades or slides in (a modal, a notice) has stopped; spinners go on for ever.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const found = await violations(page, label);
  const kept: string[] = [];
  for (const line of found) {
    const [, rule, target] = /^.*?: ([\w-]+) \(.*\) at (.*)$/.exec(line) ?? [];
    const own = decapOwn.filter((d) => d.rule === rule).map((d) => d.on);
    const excused = own.length > 0 && (await page.evaluate(([sel, ons]) => ons.some((on) => document.querySelector(sel)?.matches(on)), [target, own] as const));
    if (!excused) kept.push(line);
  }
  return kept;
}

/** The editor signed in to the local backend. */
async function signedIn(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 800 : 900 }, bypassCSP: true });
  // Decap's 5 MB script takes several seconds to start on a busy 2-core machine.
  context.setDefaultNavigationTimeout(90_000);
  context.setDefaultTimeout(60_000);
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  // Leaving the refused entry with its changes unsaved asks first.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${dev.url}/admin/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Collections').first().waitFor();
  return page;
}

/**
 * Another screen of the editor, loaded afresh (a modal such as the media library does not outlive it): a new
 * query string makes it a whole page load, not a move within Decap.
 */
let loads = 0;
async function screen(page: Page, hash: string): Promise<void> {
  await page.goto(`${dev.url}/admin/?load=${++loads}${hash}`);
}

for (const width of [375, 1280]) {
  test(`at ${width} px: no violations on the collection list, the media library, a JSON page, a Markdown post and a refused save`, async () => {
    const found: string[] = [];
    const page = await signedIn(width);

    await screen(page, '#/collections/cities');
    await page.getByText('Adelaide').first().waitFor();
    found.push(...(await problems(page, `${width} collection list`)));
    await page.screenshot({ path: path.join(shots, `editor-a11y-list-${width}.png`) });

    await page.getByText('Media', { exact: true }).first().click();
    await page.getByText('logo.svg', { exact: true }).first().waitFor();
    // The first card as drawn once its thumbnail is in: axe measures its name's colour against the card.
    await page.waitForFunction(() => [...document.querySelectorAll('[class*="-Card"]')].some((card) => card.textContent === 'logo.svg' && card.querySelector('img')?.complete));
    found.push(...(await problems(page, `${width} media library`)));
    await page.screenshot({ path: path.join(shots, `editor-a11y-media-${width}.png`) });

    await screen(page, '#/collections/pages/entries/home');
    await page.locator('#preview-pane').waitFor();
    await page.locator('label[for^="title-field-"]').first().waitFor();
    found.push(...(await problems(page, `${width} JSON page (home)`)));
    await page.screenshot({ path: path.join(shots, `editor-a11y-page-${width}.png`) });

    await screen(page, '#/collections/blog/entries/naati-certified-translations-immigration');
    await page.locator('#preview-pane').waitFor();
    await page.locator('[data-slate-editor="true"]').first().waitFor();
    found.push(...(await problems(page, `${width} Markdown post`)));
    await page.screenshot({ path: path.join(shots, `editor-a11y-post-${width}.png`) });

    // A refused save: Decap's "Unsaved Changes" badge and Publish button, and the site's panel (Decap's notice of
    // the refusal is closed as soon as the panel shows it, by notices.ts).
    await screen(page, '#/collections/settings/entries/plans');
    const fold = page.locator('[class*=SortableListItem]').filter({ hasText: 'Self-Service Extract' }).locator('button').first();
    await fold.click();
    const price = page.getByLabel('Price', { exact: true }).first();
    await price.fill('44.95');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    await page.locator('#site-refusal').waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    found.push(...(await problems(page, `${width} refused save`)));
    await page.screenshot({ path: path.join(shots, `editor-a11y-refused-${width}.png`) });
    // The refused field's item folded again: its bar's words that a field inside was refused (control-names.ts).
    await fold.click();
    await page.locator('[data-site-refused-words]').first().waitFor();
    found.push(...(await problems(page, `${width} refused field in a folded item`)));
    await page.screenshot({ path: path.join(shots, `editor-a11y-refused-folded-${width}.png`) });
    await fold.click();
    // A required field left empty: Decap's own error notice (which still shows for what the panel does not), and
    // its red marks on the field (its label, "Price is required." and its hint).
    await price.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    await page.locator('.Toastify__toast--error').waitFor();
    await page.getByText('Price is required.').first().waitFor();
    found.push(...(await problems(page, `${width} required field left empty`)));
    await page.screenshot({ path: path.join(shots, `editor-a11y-required-notice-${width}.png`) });
    await page.context().close();
    assert.equal(found, []);
  });
}

test('Decap\'s icon-only controls are named for what they do to which item, and the names follow a fold, an edited summary and the Markdown switch', async () => {
  const page = await signedIn(1280);
  await screen(page, '#/collections/settings/entries/faq');
  const preview = page.locator('iframe#preview-pane');
  await preview.waitFor();
  assert.equal(await preview.getAttribute('title'), 'Preview of this entry');

  // The first group of questions, folded as Decap opens a list: its bar's buttons named by its summary (its Title).
  const expand = page.getByRole('button', { name: 'Expand General', exact: true });
  await expand.waitFor();
  assert.equal(await expand.getAttribute('aria-expanded'), 'false');
  await page.getByRole('button', { name: 'Remove General', exact: true }).waitFor();
  const move = page.getByRole('button', { name: 'Move General', exact: true });
  await move.waitFor();
  // dnd-kit's own instructions for moving it by keyboard are still what describes the handle.
  assert.match((await move.getAttribute('aria-describedby')) ?? '', /^DndDescribedBy-/);
  await expand.click();
  const collapse = page.getByRole('button', { name: 'Collapse General', exact: true });
  await collapse.waitFor();
  assert.equal(await collapse.getAttribute('aria-expanded'), 'true');
  // The summary edited: the names say the new one.
  await page.getByLabel('Title', { exact: true }).first().fill('General questions');
  await page.getByRole('button', { name: 'Collapse General questions', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Remove General questions', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Move General questions', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Collapse General questions', exact: true }).click();
  await page.getByRole('button', { name: 'Expand General questions', exact: true }).waitFor();

  // A post's Text: the rich-text box is named by its label, and the switch says whether it is in Markdown mode.
  await screen(page, '#/collections/blog/entries/naati-certified-translations-immigration');
  await page.locator('[data-slate-editor="true"]').first().waitFor();
  const label = page.locator('label[for^="body-field-"]');
  const text = (await label.textContent())?.trim() ?? '';
  assert.ok(text.length > 0, 'the Text field has a label');
  const box = page.getByRole('textbox', { name: text, exact: true });
  assert.equal(await box.getAttribute('data-slate-editor'), 'true');
  assert.equal(await box.getAttribute('aria-labelledby'), await label.getAttribute('id'));
  const toggle = page.getByRole('switch', { name: 'Markdown mode', exact: true });
  assert.equal(await toggle.getAttribute('aria-checked'), 'false');
  for (const [raw, checked] of [[true, 'true'], [false, 'false']] as const) {
    await toggle.click();
    await page.waitForFunction((r) => document.querySelector(r ? '.cms-editor-raw [data-slate-editor="true"]' : '.cms-editor-visual [data-slate-editor="true"]') !== null, raw);
    await page.waitForFunction((c) => document.querySelector('[role="switch"][aria-label="Markdown mode"]')?.getAttribute('aria-checked') === c, checked);
    // Each mode draws its own editor: the new one is named too.
    assert.equal(await page.getByRole('textbox', { name: text, exact: true }).count(), 1, `the Text box named in ${raw ? 'Markdown' : 'rich-text'} mode`);
  }
  await page.context().close();
});

test.run();
