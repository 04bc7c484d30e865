// `site serve`'s reload in Chromium: a page open at the address of a post not yet built shows the 404 page, and
// reloads into the post once its build finishes, even when that build finishes before the page's reload
// client has connected (a busy machine, a slow page).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { launch } from './browser.ts';
import { serve, type DevServer } from '../../generator/serve/server.ts';
import { silentLogger } from '../../generator/log.ts';
import { fixture, type Fixture } from '../helpers/project.ts';

const test = suite('reload in the browser');

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

test.run();
