// Browser tests: the site served by `site serve` from a fixture copy, Debian's Chromium driven by
// playwright-core, every host but 127.0.0.1 blocked and the third parties the site uses replaced by stubs.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Test } from 'uvu';
import { serve, type DevServer } from '../../generator/serve/server.ts';
import { silentLogger } from '../../generator/log.ts';
import { fixture, type Fixture } from '../helpers/project.ts';

export const chromiumPath = '/usr/bin/chromium';
export const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Site {
  url: string;
  fixture: Fixture;
  dev: DevServer;
  close(): Promise<void>;
}

export async function startSite(changes: Record<string, string | null> = {}, prepare?: (f: Fixture) => void): Promise<Site> {
  const f = fixture(changes);
  prepare?.(f);
  const dev = await serve({ root: f.root, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
  return {
    url: dev.url,
    fixture: f,
    dev,
    async close() {
      await dev.close();
      f.remove();
    },
  };
}

/**
 * Starts Chromium and the site (a fixture of the real content) before a suite's tests, hands both to `ready`,
 * and stops them after. Register a suite's own `before` first when the site depends on it (environment).
 */
export function useBrowserAndSite(test: Test, ready: (browser: Browser, site: Site) => void): void {
  let browser: Browser | undefined;
  let site: Site | undefined;
  test.before(async () => {
    [browser, site] = await Promise.all([launch(), startSite()]);
    ready(browser, site);
  });
  test.after(async () => {
    await browser?.close();
    await site?.close();
  });
}

/**
 * Pages a suite opens, closed after each test, with their console problems collected for a last test to
 * assert: uvu runs after.each again when a test fails, and a second throw from it would abort the suite
 * without a report.
 */
export function trackPages(test: Test): { pages: TestPage[]; problems: string[] } {
  const tracked = { pages: [] as TestPage[], problems: [] as string[] };
  test.after.each(async (state) => {
    for (const p of tracked.pages.splice(0)) {
      tracked.problems.push(...p.problems.map((problem) => `${state.__test__}: ${problem}`));
      await p.close();
    }
  });
  return tracked;
}

export async function launch(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: chromiumPath, args: launchArgs });
}

/** `work`, or undefined once `ms` have passed without it settling. */
export function within<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  return Promise.race([work, sleep(ms, undefined, { ref: false })]);
}

/**
 * The Chromiums this process launched that are still running, by PID. Playwright starts each detached, as the
 * leader of a process group holding its helpers and renderers, so one kill of that group stops them all.
 */
function ourChromiums(): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      // "pid (name) state ppid ..."; the name may hold spaces and brackets of its own.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return name === 'chromium' && ppid === process.pid ? [Number(entry)] : [];
    } catch {
      // Gone since the listing.
      return [];
    }
  });
}

/**
 * Closes `browser`, giving it ten seconds, then kills by PID any Chromium this process launched that is still
 * running (one that would not close, or one given up for a fresh one), so that how long the suite takes to
 * end after its last test is set here, not by how long Playwright waits before it kills one itself.
 */
export async function stopBrowsers(browser: Browser | undefined): Promise<void> {
  if (browser) await within(10_000, browser.close().catch(() => {}));
  for (const pid of ourChromiums()) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Ended on its own meanwhile.
    }
  }
}

export interface Stubs {
  /** Reviews the review provider's stub returns; an empty list means no reviews. */
  reviews?: { stars: number; consumer?: { displayName?: string }; text?: string; content?: string }[];
  /** Make the provider's createInvitation fail. */
  invitationFails?: boolean;
  /** Leave a third party unreachable, as if blocked or down. */
  unreachable?: ('reviews' | 'chat' | 'analytics' | 'captcha')[];
  /** Milliseconds the stubbed createInvitation takes. */
  invitationDelay?: number;
  /** Hold each invitation until the test calls window.__releaseInvitation(): the page stays mid-send for as long as the test needs. */
  invitationHeld?: boolean;
}

export const defaultReviews = [
  { stars: 5, consumer: { displayName: 'Mai N.' }, text: 'Fast, clear and accepted by Home Affairs first time.' },
  { stars: 5, consumer: { displayName: '' }, text: 'My transcript translation was ready the next morning.' },
  { stars: 4, consumer: { displayName: 'Arjun P.' }, content: 'Helpful team who fixed a spelling within minutes.' },
];

function reviewsStub(stubs: Stubs): string {
  return `window.ReviewsWidget = {
    init(options) { window.__reviewsInit = options; },
    getProductReviews(options) { setTimeout(() => options.success(${JSON.stringify(stubs.reviews ?? defaultReviews)}), 10); },
    createInvitation(payload) {
      window.__invitations = (window.__invitations || []).concat([payload]);
      return new Promise((resolve, reject) => {
        const settle = () => ${stubs.invitationFails ? "reject(new Error('rejected by the stub'))" : 'resolve({ ok: true })'};
        ${stubs.invitationHeld ? 'window.__releaseInvitation = settle;' : `setTimeout(settle, ${stubs.invitationDelay ?? 50});`}
      });
    },
    render(element) { element.innerHTML = '<p class="stub-widget">4.9 out of 5 from reviews (stub)</p>'; },
  };`;
}

// reCAPTCHA: renders a stand-in box; tests call window.__captcha.callback(token) to "tick" it.
const captchaStub = `window.grecaptcha = {
  ready(callback) { setTimeout(callback, 0); },
  render(element, parameters) { window.__captcha = parameters; window.__captchaRenderedAt = performance.now(); element.innerHTML = '<div class="stub-captcha">I am not a robot (stub)</div>'; return 1; },
  reset() { window.__captchaResets = (window.__captchaResets || 0) + 1; },
};`;

const chatStub = `window.Tawk_API = window.Tawk_API || {}; window.Tawk_API.maximize = () => { window.__chatOpened = (window.__chatOpened || 0) + 1; }; window.__chatLoaded = true;`;

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and hydration warnings seen so far. */
  problems: string[];
  close(): Promise<void>;
}

export async function open(
  browser: Browser,
  site: Site,
  path: string,
  options: { width?: number; stubs?: Stubs; javaScript?: boolean; reducedMotion?: 'reduce' | 'no-preference'; bypassCSP?: boolean } = {},
): Promise<TestPage> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 740 : 900 },
    javaScriptEnabled: options.javaScript ?? true,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    // Tools injected into pages (axe) are inline scripts, which the site's policy rightly refuses.
    bypassCSP: options.bypassCSP ?? false,
  });
  const stubs = options.stubs ?? {};
  const unreachable = new Set(stubs.unreachable ?? []);
  const blocked = new Set<string>();
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, async (route) => {
    const url = route.request().url();
    const js = (body: string) => route.fulfill({ status: 200, contentType: 'text/javascript', body });
    if (url.startsWith('https://widget.reviews.example.net/') && !unreachable.has('reviews')) return js(reviewsStub(stubs));
    if (url.startsWith('https://embed.tawk.to/') && !unreachable.has('chat')) return js(chatStub);
    if (url.startsWith('https://www.googletagmanager.com/') && !unreachable.has('analytics')) return js('window.__gtmLoaded = true;');
    if (url.startsWith('https://www.google.com/recaptcha/api.js') && !unreachable.has('captcha')) return js(captchaStub);
    blocked.add(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // A request this harness blocked is reported by the browser itself; anything else is the site's.
    if (message.type() === 'error' && text.startsWith('Failed to load resource') && blocked.has(message.location().url)) return;
    // Chromium logs every failed response; the forms' own failures are handled and shown on the page.
    if (message.type() === 'error' && text.startsWith('Failed to load resource') && message.location().url.includes('/.netlify/functions/')) return;
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`console ${message.type()}: ${text}`);
  });
  await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
  return { page, context, problems, close: () => context.close() };
}

/** Scrolls an element into view and waits until its island has started. */
export async function wake(page: Page, island: string): Promise<void> {
  const marker = page.locator(`site-island[data-island="${island}"]`).first();
  await marker.evaluate((el) => (el.firstElementChild ?? el).scrollIntoView({ block: 'center' }));
  await page.waitForFunction((name) => document.querySelector(`site-island[data-island="${name}"]`)?.hasAttribute('data-mounted'), island);
  await page.waitForTimeout(50);
}
