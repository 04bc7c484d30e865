// `site serve` in Chromium. The build error overlay: a content file broken while a page is open shows each
// problem with its file, line and column, the message, the hint and the code frame; fixing the file takes
// the overlay away with a reload. The reload: a page open at the address of a post not yet built shows the 404
// page, and reloads into the post once its build finishes, even when that build finishes before the page's
// reload client has connected (a busy machine, a slow page).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launch } from './browser.ts';
import { serve, type DevServer } from '../../generator/serve/server.ts';
import { silentLogger } from '../../generator/log.ts';
import { fixture, type Fixture } from '../helpers/project.ts';

const test = suite('dev server in the browser');

let browser: Browser;
let site: Fixture;
let dev: DevServer;

test.before(async () => {
  site = fixture();
  [browser, dev] = await Promise.all([launch(), serve({ root: site.root, port: 0, host: '127.0.0.1', watch: true, logger: silentLogger })]);
});
test.after(async () => {
  await browser?.close();
  await dev?.close();
  site?.remove();
});

test('a broken content file shows where, what, the frame and the hint; the fix takes it away', async () => {
  const context = await browser.newContext();
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  await page.goto(`${dev.url}/cities/perth`);
  // The client connects to the event stream after load; a report sent before that is replayed on connect.
  const good = site.read('content/cities/perth.json');
  const line = good.split('\n').findIndex((l) => l.includes('"state": "WA",')) + 2;
  site.write('content/cities/perth.json', good.replace('"state": "WA",', '"state": "WA"'));

  const dialog = page.getByRole('alertdialog', { name: /Build failed/ });
  await dialog.waitFor({ timeout: 30000 });
  assert.ok(await dialog.evaluate((node) => node.getRootNode() instanceof ShadowRoot && (node.getRootNode() as ShadowRoot).activeElement === node), 'the dialog has focus');
  assert.is(await dialog.getByRole('heading', { level: 2 }).textContent(), 'Build failed: 1 problem');
  assert.is(await dialog.getByRole('heading', { level: 3 }).textContent(), 'The file is not valid JSON CONTENT_JSON_SYNTAX');
  assert.is(await dialog.locator('.where').textContent(), `content/cities/perth.json:${line}:3`);
  assert.is(await dialog.locator('.message').textContent(), 'is not valid JSON: comma expected');
  const frame = (await dialog.locator('pre.frame').textContent())!;
  assert.match(frame, new RegExp(`> ${line} \\|   "stateName"`));
  assert.match(frame, /\n\s+\| {3}\^/);
  assert.match((await dialog.locator('.hint').textContent())!, /^Hint: JSON needs double quotes/);

  const reloaded = page.waitForEvent('load');
  site.write('content/cities/perth.json', good);
  await reloaded;
  assert.is(await page.getByRole('alertdialog').count(), 0);
  await context.close();
});

test('at 375 px a long line of the code frame is not wrapped, so the caret stays under the column it names', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  await page.goto(`${dev.url}/cities/perth`);
  const good = site.read('content/cities/perth.json');
  // A stray word at the end of the long suburbs line: the caret falls far along a line wider than a phone.
  site.write('content/cities/perth.json', good.replace(/("suburbs": "[^"]+")/, '$1 x'));
  try {
    const frame = page.getByRole('alertdialog', { name: /Build failed/ }).locator('pre.frame');
    await frame.waitFor({ timeout: 30000 });
    // Where the caret and the character above it are drawn. (Text, not a function: tsx names the arrow functions
    // of a function handed to evaluate(), with a helper the page lacks.)
    type Box = { x: number; y: number; height: number };
    const [marked, caret] = (await page.evaluate(`(() => {
      const text = document.querySelector('site-error-overlay').shadowRoot.querySelector('pre.frame').firstChild;
      const lines = text.textContent.split('\\n');
      const line = lines.findIndex((l) => l.trimStart().startsWith('>'));
      const column = lines[line + 1].indexOf('^');
      return [line, line + 1].map((n) => {
        const start = lines.slice(0, n).reduce((sum, l) => sum + l.length + 1, 0) + column;
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + 1);
        const box = range.getBoundingClientRect();
        return { x: Math.round(box.left), y: Math.round(box.top), height: box.height };
      });
    })()`)) as Box[];
    assert.is(caret.x, marked.x, 'the caret is at the x of the character it names');
    assert.ok(caret.y - marked.y < 1.5 * marked.height, `the caret is on the row below that character (${caret.y - marked.y} px down)`);
  } finally {
    const reloaded = page.waitForEvent('load');
    site.write('content/cities/perth.json', good);
    await reloaded;
    await context.close();
  }
});

test('a project whose first build fails shows the overlay at every address, and the fix reloads into the site', async () => {
  const broken = fixture();
  broken.editJson('content/cities/perth.json', (d) => (d.population = 2300000));
  const server = await serve({ root: broken.root, port: 0, host: '127.0.0.1', watch: true, logger: silentLogger });
  const context = await browser.newContext();
  try {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    await page.goto(`${server.url}/cities/perth`);
    const dialog = page.getByRole('alertdialog', { name: /Build failed/ });
    await dialog.waitFor({ timeout: 30000 });
    assert.is(await dialog.locator('.where').textContent(), 'content/cities/perth.json:7:17 /population');
    assert.match((await dialog.locator('.note').textContent())!, /^No build has succeeded yet/);
    const reloaded = page.waitForEvent('load', { timeout: 60000 });
    broken.editJson('content/cities/perth.json', (d) => (d.population = '2.3 million'));
    await reloaded;
    assert.is(await page.getByRole('alertdialog').count(), 0);
    assert.match((await page.textContent('main'))!, /2\.3 million/);
  } finally {
    await context.close();
    await server.close();
    broken.remove();
  }
});

for (const width of [375, 1280]) {
  test(`at ${width} px: a new post's page, open before its build and connected after it, reloads into the post`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    // The reload client is held back until the post's build has finished.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/__site/client.js*', async (route) => {
      await held;
      await route.continue();
    });
    const slug = `written-at-${width}`;
    await page.goto(`${dev.url}/blog/${slug}`, { waitUntil: 'commit' });
    await page.locator('h1').waitFor();
    assert.match(await page.title(), /^Page Not Found/);

    const built = new Promise<void>((resolve) => dev.onRebuild((outcome) => outcome.changed.includes(`blog/${slug}.html`) && resolve()));
    const post = site.read('content/blog/naati-certified-translations-immigration.md').replace('featured: true\n', '');
    site.write(`content/blog/${slug}.md`, post.replace(/^title: .*$/m, `title: "Written at ${width} pixels"`));
    await built;
    release();
    // The page's own load waited for the held script, so the reload is seen by what the page shows.
    const heading = `Written at ${width} pixels`;
    await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, heading, { timeout: 30_000 });
    assert.not.match(await page.title(), /^Page Not Found/);
    await context.close();
  });
}

test('a change to the 404 page reloads a page that shows it, and no other page', async () => {
  const context = await browser.newContext();
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
  const open = async (address: string) => {
    const page = await context.newPage();
    await page.goto(`${dev.url}${address}`);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/__site/client.js')));
    // A reload would take this away: what a form holds, typed and not yet sent, goes the same way.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    return page;
  };
  const missing = await open('/no-page-here');
  const perth = await open('/cities/perth');
  const editor = await open('/admin/');
  const built = new Promise<void>((resolve) => dev.onRebuild((outcome) => outcome.changed.includes('404.html') && resolve()));
  const copy = site.read('content/pages/not-found.json');
  site.editJson('content/pages/not-found.json', (d) => (d.text = `${d.text} Or ring us.`));
  try {
    await built;
    await missing.waitForFunction(() => document.querySelector('.lead')?.textContent?.endsWith('Or ring us.'), undefined, { timeout: 30_000 });
    // The other pages heard the same rebuild (the 404 page's reload came from it) and kept their state.
    for (const page of [perth, editor]) assert.ok(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept), page.url());
  } finally {
    site.write('content/pages/not-found.json', copy);
    await context.close();
  }
});

test('pages out of sight let their event streams go, so a seventh tab loads; one seen again reloads for what changed meanwhile', async () => {
  const context = await browser.newContext();
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
  // Headless Chromium shows every page at once; a tab put behind the next one is hidden here as a browser hides it.
  // (The script is text: tsx names the arrow functions of a function handed to evaluate(), with a helper the page lacks.)
  const show = (page: Page, visible: boolean) =>
    page.evaluate(`Object.defineProperty(document, 'hidden', { configurable: true, value: ${!visible} });
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: '${visible ? 'visible' : 'hidden'}' });
      document.dispatchEvent(new Event('visibilitychange'));`);
  const pages: Page[] = [];
  // Chromium opens six connections to a server over HTTP/1.1; each page holding its stream used one up for good.
  for (let tab = 1; tab <= 8; tab++) {
    const page = await context.newPage();
    await page.goto(`${dev.url}/cities/perth`, { timeout: 15_000 });
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/__site/client.js')));
    await show(page, false);
    pages.push(page);
  }
  const built = new Promise<void>((resolve) => dev.onRebuild((outcome) => outcome.changed.includes('cities/perth.html') && resolve()));
  site.editJson('content/cities/perth.json', (d) => (d.population = '2.6 million'));
  await built;
  const reloaded = pages[0].waitForEvent('load', { timeout: 15_000 });
  await show(pages[0], true);
  await reloaded;
  assert.match((await pages[0].textContent('main'))!, /2\.6 million/);
  await context.close();
});

test.run();
