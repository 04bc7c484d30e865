// The content editor at /admin under `site serve`, checked with axe-core as the site's pages are (WCAG 2.1 A
// and AA, axe.ts): the collection list, the media library, a JSON page's and a Markdown post's editor, a refused
// save with the site's refusal panel (and with the refused field's item folded, its bar saying so) and Decap's
// notice of a required field left empty, at 375 px (staff on phones) and at 1280 px; the Markdown toolbar's two
// menus, each one button (not a button inside a button), worked with the keys and a click or tap, ringed when the
// keys focus them but not after a click or tap, and disabled with the rest of the toolbar in Markdown mode (a tap
// or a click on either then takes no focus, opens nothing and leaves no ring); and the names the site gives
// Decap's icon-only controls (control-names.ts), as they change; and, on a touch screen, only the current
// collection highlighted in the sidebar after a tap elsewhere and Back, while a mouse still sees Decap's hover. One
// dev server, one signed-in page per width, moved from screen to screen. Screenshots go to reports/screenshots/editor-a11y-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, stopBrowsers } from './browser.ts';
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
  await stopBrowsers(browser);
  await dev?.close();
  site?.remove();
});

/** axe's violations on the page, once what fades or slides in (a modal, a notice) has stopped; spinners go on for ever. */
async function problems(page: Page, label: string): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  return violations(page, label);
}

/** The editor signed in to the local backend; below 768 px on a touch screen, as a phone is. */
async function signedIn(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 800 : 900 }, bypassCSP: true, hasTouch: width < 768 });
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

/**
 * The characters of an element's text that its font cannot draw: each, drawn on a canvas in the element's font,
 * comes out as the box drawn for U+0378, a code point Unicode leaves unassigned (so that no font has it).
 */
async function undrawable(page: Page, selector: string): Promise<string[]> {
  // Inline, not named helpers: tsx would compile a named function to call __name, unknown in the page.
  return page.locator(selector).first().evaluate((el) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 64;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.font = getComputedStyle(el).font;
    context.textBaseline = 'middle';
    const characters = [...new Set(el.textContent ?? '')].filter((c) => c.trim());
    const drawn = ['\u0378', ...characters].map((c) => {
      context.clearRect(0, 0, 64, 64);
      context.fillText(c, 8, 32);
      return context.getImageData(0, 0, 64, 64).data.join();
    });
    return characters.filter((c, i) => drawn[i + 1] === drawn[0]).map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`);
  });
}

/** What lies over what in a collection's list: Decap's list and grid view buttons against the cards and "Sort by". */
async function listControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll('[class*="-ListCard"]')].map((el) => el.getBoundingClientRect());
    const sortBy = [...document.querySelectorAll('button, [role="button"]')].find((el) => el.textContent?.trim() === 'Sort by')!.getBoundingClientRect();
    // A card and the link inside it share a box, so each overlap is said once.
    const found = [...document.querySelectorAll('button[aria-label$="view option"]')].flatMap((button) => {
      const b = button.getBoundingClientRect();
      const name = button.getAttribute('aria-label');
      const middle = (b.top + b.bottom) / 2;
      return [
        ...cards.filter((c) => b.left < c.right && c.left < b.right && b.top < c.bottom && c.top < b.bottom).map(() => `${name} over a card`),
        ...(middle < sortBy.top || middle > sortBy.bottom ? [`${name} not in the row with "Sort by" (${Math.round(middle)} px down, it ${Math.round(sortBy.top)} to ${Math.round(sortBy.bottom)})`] : []),
        ...(b.bottom > cards[0].top ? [`${name} not above the first card`] : []),
      ];
    });
    return [...new Set(found)];
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px a collection's list has its list and grid view buttons in the row with "Sort by", over no card, and its new entry button's words all drawn`, async () => {
    const page = await signedIn(width);
    await screen(page, '#/collections/blog');
    await page.locator('[class*="-ListCard"]').nth(1).waitFor();
    const create = '[class*="-CollectionTopNewButton"]';
    const words = await page.locator(create).textContent();
    const found = [...(await listControls(page)), ...(await undrawable(page, create)).map((c) => `${c} in "${words}" drawn as a missing glyph`)];
    await page.screenshot({ path: path.join(shots, `editor-a11y-blog-list-${width}.png`), fullPage: true });
    await page.context().close();
    assert.equal(found, []);
  });
}

test('at 375 px, after a tap on another collection and Back, only the current collection is highlighted in the sidebar', async () => {
  const page = await signedIn(375);
  await screen(page, '#/collections/blog');
  await page.locator('[class*="-ListCard"]').first().waitFor();
  await page.locator('[class*="-SidebarNavLink"]', { hasText: 'Languages' }).tap();
  await page.locator('[class*="-SidebarNavLink"].sidebar-active', { hasText: 'Languages' }).waitFor();
  await page.goBack();
  // Back once Decap has drawn the list afresh (the address changes first, and the cards of both lists are alike).
  await page.locator('[class*="-SidebarNavLink"].sidebar-active', { hasText: 'Blog posts' }).waitFor();
  await page.locator('[class*="-ListCard"]').first().waitFor();
  // Each collection drawn as the one shown is: its background and the colour of its edge.
  const highlighted = await page.evaluate(() => {
    const links = [...document.querySelectorAll('[class*="-SidebarNavLink"]')];
    const looks = links.map((a) => `${getComputedStyle(a).backgroundColor} ${getComputedStyle(a).borderLeftColor}`);
    const current = looks[links.findIndex((a) => a.classList.contains('sidebar-active'))];
    return links.filter((a, i) => looks[i] === current).map((a) => a.textContent);
  });
  await page.screenshot({ path: path.join(shots, 'editor-a11y-sidebar-after-back-375.png') });
  await page.context().close();
  assert.equal(highlighted, ['Blog posts']);
});

test('at 1280 px with a mouse, a collection pointed at in the sidebar is still highlighted', async () => {
  const page = await signedIn(1280);
  await screen(page, '#/collections/blog');
  await page.locator('[class*="-ListCard"]').first().waitFor();
  const languages = page.locator('[class*="-SidebarNavLink"]', { hasText: 'Languages' });
  const look = () => languages.evaluate((a) => getComputedStyle(a).backgroundColor);
  const plain = await look();
  await languages.hover();
  const pointed = await look();
  await page.context().close();
  assert.not.equal(pointed, plain);
});

/**
 * The Markdown toolbar's two menu buttons as Chromium gives them to a screen reader (its accessibility tree, which
 * leaves out what is inert or hidden): each button's name, whether it says it opens a menu and whether it is open.
 */
async function toolbarMenuButtons(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; role?: { value: string }; name?: { value: string }; properties?: { name: string; value: { value: unknown } }[] }[] };
  await cdp.detach();
  return nodes
    .filter((n) => !n.ignored && n.role?.value === 'button' && /^(Headings|Add Component)$/.test(n.name?.value ?? ''))
    .map((n) => `${n.name!.value} ${(n.properties ?? []).filter((p) => /hasPopup|expanded|disabled/.test(p.name)).map((p) => `${p.name}=${p.value.value}`).join(' ')}`);
}

/**
 * Runs `act` (a click in the text, a heading chosen), then waits for Decap to draw the Markdown toolbar afresh, as it
 * does a moment after each change of the text or of the selection in it: a new element, its menus shut, focus not in
 * it. A key or a press on the toolbar before then went to the one being taken away, and the test failed on a fast
 * machine only. Should no new toolbar come within two seconds, the one shown stays and the test goes on with it.
 */
async function thenToolbarRedrawn(page: Page, act: () => Promise<unknown>): Promise<void> {
  const toolbar = '[class*="-EditorControlBar"] [class*="-ToolbarContainer"]';
  const before = await page.evaluateHandle((selector) => document.querySelector(selector), toolbar);
  await act();
  await page.waitForFunction(([selector, old]) => document.querySelector(selector) !== old, [toolbar, before] as const, { timeout: 2000 }).catch(() => {});
  await before.dispose();
}

/** The two menu buttons' focus rings as drawn: each one's outline (when it has a style) and box shadow, and its icon's. */
async function menuRings(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[class*="-ToolbarDropdownWrapper"] [role="button"][aria-haspopup]')].map((menu) =>
      [menu, menu.querySelector('button')]
        .map((el) => {
          const style = getComputedStyle(el!);
          const outline = style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0 ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`;
          return `outline ${outline}, shadow ${style.boxShadow}`;
        })
        .join(' / '),
    ),
  );
}

for (const width of [375, 1280]) {
  test(`at ${width} px the Markdown toolbar's Headings and Add Component menus are one button each, no control inside another: named, one Tab stop, opened and chosen from with the keys and by ${width < 768 ? 'a tap' : 'a click'}, Escape back to the button`, async () => {
    const page = await signedIn(width);
    await screen(page, '#/collections/blog/entries/naati-certified-translations-immigration');
    const box = page.locator('[data-slate-editor="true"]').first();
    await box.waitFor();
    const nested = (await problems(page, `${width} Markdown toolbar`)).filter((line) => /nested-interactive/.test(line));
    assert.equal(nested, [], 'no interactive control inside another');
    assert.equal(await toolbarMenuButtons(page), ['Headings hasPopup=menu expanded=false', 'Add Component hasPopup=menu expanded=false'], 'one button per menu, named, saying it opens a menu');
    const headings = page.locator('[class*="-ToolbarDropdownWrapper"] [aria-haspopup]').first();
    const add = page.locator('[class*="-ToolbarDropdownWrapper"] [aria-haspopup]').last();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    const count = (tag: string) => box.locator(tag).count();
    const grown = (tag: string, n: number) => page.waitForFunction(([tag, n]) => document.querySelectorAll(`[data-slate-editor="true"] ${tag}`).length === n, [tag, n] as const);

    // The keys: one Tab stop per menu; Enter opens it on its first item, the arrows move, Escape shuts it and
    // the focus is back on the button; Space opens it again and Enter on an item chooses it.
    await thenToolbarRedrawn(page, () => box.locator('p').first().click());
    await headings.focus();
    await page.keyboard.press('Tab');
    assert.is(await page.evaluate(() => document.activeElement?.closest('[aria-haspopup]') ?? null), null, 'Tab from the Headings button goes on past it, not to a button inside it');
    await headings.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Heading 1' }).waitFor();
    assert.is(await focused(), 'Heading 1');
    assert.equal(await toolbarMenuButtons(page), ['Headings hasPopup=menu expanded=true', 'Add Component hasPopup=menu expanded=false'], 'the screen reader hears it is open');
    await page.keyboard.press('ArrowDown');
    assert.is(await focused(), 'Heading 2');
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem').first().waitFor({ state: 'detached' });
    assert.is(await focused(), 'Headings', 'Escape puts the focus back on the Headings button');
    await page.keyboard.press(' ');
    // The menu shows its items a moment before its first takes the focus: an arrow key before then went to the
    // button, and Enter shut the menu with nothing chosen.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Heading 1');
    const h2 = await count('h2');
    await page.keyboard.press('ArrowDown');
    await thenToolbarRedrawn(page, () => page.keyboard.press('Enter'));
    await grown('h2', h2 + 1);
    await add.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: 'Code Block' }).waitFor();
    await page.keyboard.press('Escape');
    assert.is(await focused(), 'Add Component');

    // The pointer, on the icon as a person aims (its middle and near its top and foot): the menu opens, an item is chosen.
    const press = async (x: number, y: number) => (width < 768 ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
    for (const [menu, item] of [[headings, 'Heading 1'], [add, 'Code Block']] as const) {
      for (const at of [0.5, 0.1, 0.9]) {
        await menu.scrollIntoViewIfNeeded();
        const icon = (await menu.locator('button').boundingBox())!;
        await press(icon.x + icon.width / 2, icon.y + icon.height * at);
        await page.getByRole('menuitem', { name: item }).waitFor({ timeout: 3000 });
        await page.keyboard.press('Escape');
        await page.getByRole('menuitem').first().waitFor({ state: 'detached' });
      }
    }
    await thenToolbarRedrawn(page, () => box.locator('p').first().click());
    const h3 = await count('h3');
    await headings.scrollIntoViewIfNeeded();
    const icon = (await headings.locator('button').boundingBox())!;
    await press(icon.x + icon.width / 2, icon.y + icon.height / 2);
    const choice = page.getByRole('menuitem', { name: 'Heading 3' });
    await choice.waitFor();
    await page.screenshot({ path: path.join(shots, `editor-a11y-toolbar-menus-${width}.png`) });
    const item = (await choice.boundingBox())!;
    await press(item.x + item.width / 2, item.y + item.height / 2);
    await grown('h3', h3 + 1);

    // In Markdown mode Decap disables the toolbar's buttons: the icons open nothing, as before.
    await page.getByRole('switch', { name: 'Markdown mode', exact: true }).click();
    await page.locator('.cms-editor-raw [data-slate-editor="true"]').waitFor();
    await add.scrollIntoViewIfNeeded();
    const off = (await add.locator('button').boundingBox())!;
    await press(off.x + off.width / 2, off.y + off.height / 2);
    await page.waitForTimeout(300);
    assert.is(await page.getByRole('menuitem').count(), 0, 'in Markdown mode a press on the Add Component icon opens nothing');
    await page.context().close();
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px ${width < 768 ? 'a tap' : 'a click'} on the Headings or Add Component icon leaves no focus ring round it; Tab to it shows one`, async () => {
    const page = await signedIn(width);
    await screen(page, '#/collections/blog/entries/naati-certified-translations-immigration');
    await page.locator('[data-slate-editor="true"]').first().waitFor();
    const menus = page.locator('[class*="-ToolbarDropdownWrapper"] [role="button"][aria-haspopup]');
    const focusedMenu = () => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup') ? document.activeElement.getAttribute('aria-label') : null);
    const none = 'outline none, shadow none / outline none, shadow none';
    const press = async (x: number, y: number) => (width < 768 ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
    for (const [i, name, item] of [[0, 'Headings', 'Heading 1'], [1, 'Add Component', 'Code Block']] as const) {
      const menu = menus.nth(i);
      await menu.scrollIntoViewIfNeeded();
      const icon = (await menu.locator('button').boundingBox())!;
      // Opened by the pointer, the focus is on the menu button (react-aria-menubutton leaves it there) with no ring.
      await press(icon.x + icon.width / 2, icon.y + icon.height / 2);
      await page.getByRole('menuitem', { name: item }).waitFor();
      assert.is(await focusedMenu(), name);
      assert.is((await menuRings(page))[i], none, `no ring round ${name} while its menu is open from ${width < 768 ? 'a tap' : 'a click'}`);
      if (i === 0) await page.screenshot({ path: path.join(shots, `editor-a11y-toolbar-pressed-${width}.png`) });
      // Shut by the pointer too: still focused, still no ring.
      await press(icon.x + icon.width / 2, icon.y + icon.height / 2);
      await page.getByRole('menuitem').first().waitFor({ state: 'detached' });
      assert.is(await focusedMenu(), name);
      assert.is((await menuRings(page))[i], none, `no ring round ${name} once its menu is shut by ${width < 768 ? 'a tap' : 'a click'}`);
      // Reached with the keys, it shows one.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      assert.is(await focusedMenu(), name);
      assert.match((await menuRings(page))[i], /^outline (?!none)/, `a ring round ${name} when Tab reaches it`);
      if (i === 0) await page.screenshot({ path: path.join(shots, `editor-a11y-toolbar-tabbed-${width}.png`) });
    }
    await page.context().close();
  });
}

test('in Markdown mode, where Decap disables the toolbar, the Headings and Add Component menu buttons are disabled too: no Tab stop, said to be disabled, no menu from the keys; back in rich text they work again', async () => {
  const page = await signedIn(1280);
  await screen(page, '#/collections/blog/entries/naati-certified-translations-immigration');
  await page.locator('.cms-editor-visual [data-slate-editor="true"]').waitFor();
  const menus = page.locator('[class*="-ToolbarDropdownWrapper"] [role="button"][aria-haspopup]');
  const toggle = page.getByRole('switch', { name: 'Markdown mode', exact: true });
  const states = () => menus.evaluateAll((els) => els.map((el) => `${el.getAttribute('aria-label')} tabindex=${el.getAttribute('tabindex')} aria-disabled=${el.getAttribute('aria-disabled')} cursor=${getComputedStyle(el).cursor}`));
  const focused = () => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.getAttribute('title') ?? ''}`);
  /** What Tab stops on from the start of the toolbar's buttons to the Markdown switch after them. */
  const tabStops = async () => {
    // Tab goes on from a focused element to the next in the page, so the row of buttons is made focusable (by a
    // script only) for a moment, as the place to start from.
    await menus.first().evaluate((el) => {
      const row = el.closest('[class*="-ToolbarDropdownWrapper"]')!.parentElement!;
      row.tabIndex = -1;
      row.focus();
      row.removeAttribute('tabindex');
    });
    const stops: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const at = await focused();
      if (at.endsWith('Markdown mode')) return stops;
      stops.push(at);
    }
    throw new Error(`Tab never reached the Markdown switch: ${stops.join(', ')}`);
  };
  const keysOpenNothing = async () => {
    for (const key of ['Enter', ' ', 'ArrowDown']) {
      for (const i of [0, 1]) {
        await menus.nth(i).focus();
        await page.keyboard.press(key);
        await page.waitForTimeout(200);
        // Open, the Headings menu is empty in Markdown mode (Decap leaves out its items), so its opening is seen by aria-expanded.
        const open = await page.locator('[class*="-ToolbarDropdownWrapper"] [aria-expanded="true"], [role="menu"], [role="menuitem"]').count();
        assert.is(open, 0, `${key === ' ' ? 'Space' : key} on ${await menus.nth(i).getAttribute('aria-label')} opens no menu in Markdown mode`);
      }
    }
  };

  await toggle.click();
  await page.locator('.cms-editor-raw [data-slate-editor="true"]').waitFor();
  // Given a moment (the names are set a frame after Decap draws), then compared, so that a failure shows them.
  await page.waitForFunction(() => document.querySelectorAll('[class*="-ToolbarDropdownWrapper"] [role="button"][aria-disabled="true"]').length === 2, null, { timeout: 5000 }).catch(() => {});
  assert.equal(await states(), ['Headings tabindex=-1 aria-disabled=true cursor=auto', 'Add Component tabindex=-1 aria-disabled=true cursor=auto']);
  assert.equal(await toolbarMenuButtons(page), ['Headings disabled=true hasPopup=menu expanded=false', 'Add Component disabled=true hasPopup=menu expanded=false'], 'each said to be disabled, once');
  assert.equal((await tabStops()).filter((stop) => /Headings|Add Component/.test(stop)), [], 'Tab passes the disabled menu buttons');
  await page.screenshot({ path: path.join(shots, 'editor-a11y-toolbar-markdown-mode-1280.png') });
  await keysOpenNothing();
  // React drawing the button again puts back its tabindex (and no aria-disabled): they are disabled again at once.
  await menus.first().evaluate((el) => {
    el.setAttribute('tabindex', '0');
    el.removeAttribute('aria-disabled');
  });
  await page.waitForFunction(() => document.querySelector('[class*="-ToolbarDropdownWrapper"] [role="button"][aria-haspopup]')?.getAttribute('aria-disabled') === 'true', null, { timeout: 5000 }).catch(() => {});
  assert.equal(await states(), ['Headings tabindex=-1 aria-disabled=true cursor=auto', 'Add Component tabindex=-1 aria-disabled=true cursor=auto']);
  await keysOpenNothing();

  await toggle.click();
  await page.locator('.cms-editor-visual [data-slate-editor="true"]').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[class*="-ToolbarDropdownWrapper"] [role="button"][aria-disabled="true"]').length === 0);
  assert.equal(await states(), ['Headings tabindex=0 aria-disabled=null cursor=pointer', 'Add Component tabindex=0 aria-disabled=null cursor=pointer']);
  assert.equal(await toolbarMenuButtons(page), ['Headings hasPopup=menu expanded=false', 'Add Component hasPopup=menu expanded=false']);
  const stops = (await tabStops()).filter((stop) => /Headings|Add Component/.test(stop));
  assert.equal(stops, ['SPAN Headings', 'SPAN Add Component'], 'Tab stops on each menu button again');
  await menus.first().focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Heading 1' }).waitFor();
  await page.keyboard.press('Escape');
  await menus.last().focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('menuitem', { name: 'Code Block' }).waitFor();
  await page.context().close();
});

for (const width of [375, 1280]) {
  const touch = width < 768;
  test(`in Markdown mode at ${width} px ${touch ? 'a tap' : 'a click'} on the disabled Headings or Add Component menu button, on its icon or beside it, takes no focus, opens no menu and leaves no ring`, async () => {
    const page = await signedIn(width);
    await screen(page, '#/collections/blog/entries/naati-certified-translations-immigration');
    await page.locator('.cms-editor-visual [data-slate-editor="true"]').waitFor();
    const menus = page.locator('[class*="-ToolbarDropdownWrapper"] [role="button"][aria-haspopup]');
    const toggle = page.getByRole('switch', { name: 'Markdown mode', exact: true });
    if (touch) await toggle.tap();
    else await toggle.click();
    const raw = page.locator('.cms-editor-raw [data-slate-editor="true"]');
    await raw.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[class*="-ToolbarDropdownWrapper"] [role="button"][aria-disabled="true"]').length === 2, null, { timeout: 5000 }).catch(() => {});
    const press = async (x: number, y: number) => (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
    // Where the focus is, and whether it is on or inside a menu button; what is open.
    const state = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        const menus = [...document.querySelectorAll('[class*="-ToolbarDropdownWrapper"] [role="button"][aria-haspopup]')];
        return {
          onMenu: menus.some((m) => m === active || m.contains(active)),
          inEditor: !!active?.closest('.cms-editor-raw'),
          expanded: menus.map((m) => m.getAttribute('aria-expanded')).filter((v) => v === 'true').length,
          menus: document.querySelectorAll('[role="menu"], [role="menuitem"]').length,
        };
      });
    const none = 'outline none, shadow none / outline none, shadow none';
    // Staff were typing in the Markdown text when they reached for the toolbar.
    await raw.click({ position: { x: 20, y: 10 } });
    for (const i of [0, 1]) {
      const name = await menus.nth(i).getAttribute('aria-label');
      await menus.nth(i).scrollIntoViewIfNeeded();
      const span = (await menus.nth(i).boundingBox())!;
      const icon = (await menus.nth(i).locator('button').boundingBox())!;
      // The icon's middle and its corners, and the span's own edge round it where it is bigger.
      const points = [[icon.x + icon.width / 2, icon.y + icon.height / 2], [icon.x + 2, icon.y + 2], [icon.x + icon.width - 2, icon.y + icon.height - 2], [span.x + 1, span.y + span.height / 2]];
      for (const [x, y] of points) {
        await press(x, y);
        await page.waitForTimeout(300);
        const seen = await state();
        const where = `${touch ? 'a tap' : 'a click'} at (${Math.round(x - span.x)}, ${Math.round(y - span.y)}) in ${name} at ${width} px: ${JSON.stringify(seen)}`;
        assert.not.ok(seen.onMenu, `${where}: the disabled menu button takes no focus`);
        assert.ok(seen.inEditor, `${where}: the focus stays in the Markdown text`);
        assert.is(seen.expanded, 0, `${where}: no menu button says it is open`);
        assert.is(seen.menus, 0, `${where}: no menu opens`);
        assert.equal(await menuRings(page), [none, none], `${where}: no ring`);
      }
    }
    await page.screenshot({ path: path.join(shots, `editor-a11y-toolbar-markdown-pressed-${width}.png`) });
    await page.context().close();
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
