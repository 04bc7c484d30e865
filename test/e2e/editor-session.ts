// The editor under `site serve` as the editor suites drive it: one dev server (watching, as a person runs it, so a
// save reaches the site through the same rebuild as any edit) on a fixture with its own images, one Chromium, and
// pages signed in to the local backend. Every page's uncaught errors and console errors are collected in
// `problems`, which each suite checks last.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import { launch, stopBrowsers, within } from './browser.ts';
import { serve, type DevServer } from '../../generator/serve/server.ts';
import { silentLogger } from '../../generator/log.ts';
import { copyCode, fixture, repoRoot, type Fixture } from '../helpers/project.ts';

export const shots = path.join(repoRoot, 'reports/screenshots');

export class EditorSession {
  readonly problems: string[] = [];
  private readonly contexts: BrowserContext[] = [];

  private constructor(readonly browser: Browser, readonly site: Fixture, readonly dev: DevServer) {}

  static async start(): Promise<EditorSession> {
    const site = fixture();
    // Its own images, so that an upload lands in the fixture, not in the repository.
    copyCode(site, ['assets']);
    try {
      const [browser, dev] = await Promise.all([launch(), serve({ root: site.root, port: 0, host: '127.0.0.1', watch: true, logger: silentLogger })]);
      fs.mkdirSync(shots, { recursive: true });
      return new EditorSession(browser, site, dev);
    } catch (error) {
      site.remove();
      throw error;
    }
  }

  /**
   * A page in a context of its own; `hasTouch` for a phone's taps (Playwright's tap needs it), `isMobile` for a
   * phone's browser (its viewport meta tag honoured, scroll bars that take no room).
   */
  async newPage(viewport = { width: 1280, height: 900 }, { hasTouch = false, isMobile = false } = {}): Promise<Page> {
    const context = await this.browser.newContext({ viewport, hasTouch, isMobile });
    this.contexts.push(context);
    // Decap's 5 MB script takes four or five seconds to start on a quiet 2-core machine, several times that on a busy one.
    context.setDefaultNavigationTimeout(90_000);
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    // An uncaught error or promise rejection on the page, such as one from a refused save.
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`));
    page.on('console', (m) => {
      // Decap reports a refused save on the console as well as on screen; the refusal tests check the screen.
      if (m.type() === 'error' && !/API_ERROR|Failed to load resource|persistLocalDraftBackup/.test(m.text())) this.problems.push(m.text());
      if (/Content Security Policy/.test(m.text())) this.problems.push(m.text());
    });
    return page;
  }

  /** The editor signed in to the local backend, at an address inside it (#/collections/...). */
  async editor(hash: string, viewport?: { width: number; height: number }, options?: { hasTouch?: boolean; isMobile?: boolean }): Promise<Page> {
    const page = await this.newPage(viewport, options);
    await page.goto(`${this.dev.url}/admin/`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Collections').first().waitFor();
    await page.goto(`${this.dev.url}/admin/${hash}`);
    return page;
  }

  /**
   * Each test's pages go with it: an open page reloads on a rebuild, and a dozen editors booting at once would
   * slow the next test's pages on a busy machine.
   */
  async closePages(): Promise<void> {
    // Playwright sets no time limit on closing a context, and a stuck one would hold the suite to its runner's limit.
    for (const c of this.contexts.splice(0)) await within(10_000, c.close().catch(() => {}));
  }

  async close(): Promise<void> {
    await this.closePages();
    await stopBrowsers(this.browser);
    await this.dev.close();
    this.site.remove();
  }
}

/**
 * A suite of editor tests sharing one session, started before the first and closed after the last, each test's
 * pages closed after it; `session()` is that session once started.
 */
export function editorSuite(name: string) {
  const test = suite(name);
  let session: EditorSession | undefined;
  test.before(async () => {
    session = await EditorSession.start();
  });
  test.after.each(() => session!.closePages());
  test.after(() => session?.close());
  return { test, session: () => session! };
}

export async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
}

export async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Whether an element (the first `selector` matches, or the first whose text `text` matches) is on top at its centre
 * and towards its four corners (elementFromPoint; inside a round button's edge), and where it is.
 */
export function onTop(page: Page, selector: string, text?: RegExp) {
  return page.evaluate(([selector, text]) => {
    const el = [...document.querySelectorAll(selector)].find((e) => !text || new RegExp(text).test(e.textContent ?? ''))!;
    const r = el.getBoundingClientRect();
    const points = [0.5, 0.2, 0.8].flatMap((x) => [0.5, 0.2, 0.8].map((y) => [r.left + r.width * x, r.top + r.height * y]));
    const covered = points.map(([x, y]) => document.elementFromPoint(x, y)).filter((p) => !p || !(p === el || el.contains(p)));
    return { top: r.top, bottom: r.bottom, onTop: covered.length === 0, under: covered.map((p) => (p?.closest('#site-refusal') ? 'the refusal panel' : p?.textContent?.slice(0, 40) ?? 'nothing')) };
  }, [selector, text?.source] as const);
}
