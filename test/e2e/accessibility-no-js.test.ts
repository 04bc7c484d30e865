// Every page that holds a form, with JavaScript off: the HTML a static host serves, as it is, passes the Nu HTML
// Checker, and axe finds no WCAG 2.1 A or AA violation at 1280 and 375 px in a browser with scripts disabled.
// A visitor whose scripts fail or are blocked must still be able to reach the business.
// The pages are found by looking for <form> in the built HTML, so a form added to any page is covered at once.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { build } from '../../generator/build.ts';
import { silentLogger } from '../../generator/log.ts';
import { staticHandler } from '../../generator/serve/static.ts';
import { fixture, type Fixture } from '../helpers/project.ts';
import { nuChecker } from '../helpers/tools.ts';
import { violationsWithoutJavaScript } from './axe.ts';
import { launch } from './browser.ts';

const test = suite('accessibility without JavaScript');
let site: Fixture;
let server: http.Server;
let origin: string;
let browser: Browser;
let formPages: { path: string; notFound: boolean }[] = [];
let served: string;

test.before(async () => {
  site = fixture();
  const result = await build({ root: site.root, logger: silentLogger });
  const dist = path.join(site.root, 'dist');
  formPages = result.pages
    .filter((page) => /<form[\s>]/.test(fs.readFileSync(path.join(dist, page.file), 'utf8')))
    .map((page) => ({ path: page.path, notFound: page.kind === 'not-found' }));
  // Served as a static host serves it: the same handler as `site serve`, without the dev server's reload script.
  server = http.createServer(staticHandler({ root: dist }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  served = fs.mkdtempSync(path.join(os.tmpdir(), 'site-no-js-'));
  browser = await launch();
});

test.after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  site?.remove();
  if (served) fs.rmSync(served, { recursive: true, force: true });
});

test('the pages with a form are found in the built HTML, among them contact, pricing and blog', () => {
  const found = formPages.map((p) => p.path);
  for (const expected of ['/contact', '/pricing', '/blog']) assert.ok(found.includes(expected), `${expected} holds a form (found: ${found.join(', ')})`);
});

test('the served HTML of every page with a form passes the Nu HTML Checker', async () => {
  const names = new Map<string, string>();
  for (const page of formPages) {
    const response = await fetch(origin + page.path);
    assert.is(response.status, page.notFound ? 404 : 200, `${page.path} is served`);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/, `${page.path} is served as HTML`);
    const name = `${page.path.slice(1).replace(/\//g, '-') || 'home'}.html`;
    fs.writeFileSync(path.join(served, name), await response.text());
    names.set(name, page.path);
  }
  const checker = nuChecker();
  if ('reason' in checker) throw new Error(checker.reason);
  const run = spawnSync('java', ['-jar', checker.jar, '--errors-only', '--format', 'json', served], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  assert.ok(run.stderr.trim().startsWith('{'), `the checker ran: ${run.error?.message ?? run.stderr.slice(0, 200)}`);
  const messages = (JSON.parse(run.stderr) as { messages: { url: string; lastLine: number; message: string; extract?: string }[] }).messages;
  const report = messages.map((m) => `${names.get(path.basename(m.url)) ?? m.url}:${m.lastLine} ${m.message} «${m.extract ?? ''}»`);
  assert.equal(report, []);
});

for (const width of [1280, 375]) {
  test(`at ${width} px with JavaScript off, every page with a form has no WCAG 2.1 A or AA violations`, async () => {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 740 : 900 }, javaScriptEnabled: false });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const page = await context.newPage();
    const problems: string[] = [];
    for (const { path: pathname } of formPages) {
      await page.goto(origin + pathname, { waitUntil: 'load' });
      assert.is(await page.evaluate(() => document.documentElement.classList.contains('js')), false, `${pathname}: the page's scripts did not run`);
      problems.push(...(await violationsWithoutJavaScript(page, `${width} ${pathname} without JavaScript`)));
    }
    await context.close();
    assert.equal(problems, []);
  });
}

test('with JavaScript off, /contact shows no Start Chat button, which could not start the chat, and says to email or phone instead', async () => {
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${origin}/contact`, { waitUntil: 'load' });
    const shown = { button: await page.locator('[data-start-chat]').isVisible(), note: await page.getByText('The chat needs JavaScript').isVisible() };
    // With scripts on, the button starts the chat, and the note is not there.
    assert.equal(shown, javaScriptEnabled ? { button: true, note: false } : { button: false, note: true }, `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`);
    await context.close();
  }
});

test.run();
