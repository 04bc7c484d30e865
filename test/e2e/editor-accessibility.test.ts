// The content editor at /admin under `site serve`, checked with axe-core as the site's pages are (WCAG 2.1 A
// and AA, axe.ts): the collection list, the media library, a JSON page's and a Markdown post's editor, a refused
// save with the site's refusal panel and Decap's notice of a required field left empty, at 375 px (staff on
// phones) and at 1280 px. One dev server, one signed-in page per width, moved from screen to screen. Screenshots
// go to reports/screenshots/editor-a11y-*.png.
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
 * Violations inside Decap's own widgets that the site cannot fix through Decap's configuration or its own CSS
 * (Decap sets no name and takes none from its config; patching its DOM as it renders is not a fix). Each is
 * one rule on elements matching one selector; any other element with the same rule still fails.
 */
const decapOwn: { rule: string; on: string; why: string }[] = [
  { rule: 'button-name', on: '[class*="-TopBarButton"]', why: 'a list item\'s collapse and remove buttons: an icon and no name (decap-cms-widget-list, ListItemTopBar)' },
  { rule: 'aria-command-name', on: '[aria-roledescription="sortable"]', why: 'a list item\'s drag handle: dnd-kit\'s role="button" with no name (ListItemTopBar\'s DragHandle)' },
  { rule: 'frame-title', on: 'iframe#preview-pane', why: 'the preview pane\'s frame has no title (EditorPreviewPane); the site\'s own frames inside it have one' },
  { rule: 'aria-input-field-name', on: '[data-slate-editor="true"]', why: 'the Markdown widget\'s rich-text box (Slate) is role="textbox" with no name: its label has no for= to point at a div' },
  { rule: 'button-name', on: '[class*="-ToolbarToggle"][role="switch"]', why: 'the Markdown widget\'s rich text / Markdown switch: no name' },
  { rule: 'aria-required-attr', on: '[class*="-ToolbarToggle"][role="switch"]', why: 'the same switch has no aria-checked' },
  { rule: 'nested-interactive', on: '[class*="-ToolbarDropdownWrapper"] [role="button"][aria-haspopup]', why: 'the Markdown toolbar\'s Headings and Add component menus: a role="button" span around a button' },
  { rule: 'image-alt', on: '[class*="-CardImage"]', why: 'the media library\'s thumbnails: an <img> with no alt, beside its file name (MediaLibraryCard)' },
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
    await page.locator('[class*=SortableListItem]').filter({ hasText: 'Self-Service Extract' }).locator('button').first().click();
    const price = page.getByLabel('Price', { exact: true }).first();
    await price.fill('44.95');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    await page.locator('#site-refusal').waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    found.push(...(await problems(page, `${width} refused save`)));
    await page.screenshot({ path: path.join(shots, `editor-a11y-refused-${width}.png`) });
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

test.run();
