// Signing in to the editor, and keeping everyone else out, in Chromium.
// On the live site: the built /admin/ served with the production _headers applied as Netlify applies them (the
// headers of every matching rule), Netlify's OAuth provider and GitHub's API stubbed on their own addresses,
// and Decap's pop-up handshake carried through to the signed-in editor; with the old site-wide
// Cross-Origin-Opener-Policy the same steps cannot finish. Under `site serve`: a page of another site and a
// rebound host name try the local editor's API, and nothing is read or written.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, launchArgs, startSite, stopBrowsers, within, type Site } from './browser.ts';
import { repoRoot } from '../helpers/project.ts';
import { readHeaders } from '../../generator/serve/static.ts';
import { pathPattern, type HeaderRule } from '../../generator/output/security.ts';

const test = suite('editor sign-in, and the local editor kept to its own page');
const shots = path.join(repoRoot, 'reports/screenshots');
// A name of the attacker's, pointed at this machine as DNS rebinding would.
const evil = 'evil.example';

let browser: Browser;
let site: Site;
const contexts: BrowserContext[] = [];
const problems: string[] = [];

const startBrowser = () => chromium.launch({ executablePath: chromiumPath, args: [...launchArgs, `--host-resolver-rules=MAP ${evil} 127.0.0.1`] });

/**
 * A new browser context. Chromium has been seen, on a loaded machine, never to answer the request for one, and
 * Playwright sets no time limit on it: the suite then hung until the runner stopped it. A request that stalls
 * for a minute is given up, and a fresh Chromium asked once more.
 */
async function newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  for (let attempt = 1; ; attempt++) {
    const asked = browser.newContext(options);
    const context = await within(60_000, asked);
    if (context) {
      contexts.push(context);
      return context;
    }
    if (attempt === 2) throw new Error('Chromium opened no new browser context within a minute, twice');
    asked.then((late) => late.close(), () => {});
    // A stalled Chromium that does not close now is killed by its PID after the last test.
    await within(10_000, browser.close().catch(() => {}));
    browser = await startBrowser();
  }
}

test.before(async () => {
  site = await startSite();
  browser = await startBrowser();
  fs.mkdirSync(shots, { recursive: true });
});
test.after(async () => {
  for (const c of contexts) await within(10_000, c.close().catch(() => {}));
  await stopBrowsers(browser);
  await site?.close();
});

/** Stops a test's own server, ending its connections: an open page's keep-alive would otherwise hold close() open. */
function stop(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}

/**
 * The built site as Netlify serves it: each file of dist/ at its address, with the headers of EVERY _headers
 * rule whose path matches (matched as Netlify matches them), a header set by two rules sent twice.
 */
async function netlifyLike(rules: HeaderRule[]): Promise<{ url: string; close(): Promise<void> }> {
  const dist = path.join(site.fixture.root, 'dist');
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.yml': 'text/yaml', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    let file = path.join(dist, pathname);
    if (!file.startsWith(dist)) return void res.writeHead(400).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    for (const rule of rules) if (pathPattern(rule.path).test(pathname)) for (const [name, value] of rule.headers) res.appendHeader(name, value);
    res.setHeader('Content-Type', types[path.extname(file)] ?? 'application/octet-stream');
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => stop(server),
  };
}

/**
 * What Netlify's OAuth provider does once GitHub has signed the editor in (its /auth/done page, in the pop-up,
 * on https://api.netlify.com): say "authorizing:github" to the opener, wait for the opener to answer from the
 * site, then hand it the token. Decap's side is decap-cms-lib-auth's netlify-auth.js: it checks that each
 * message comes from base_url, echoes the first, and takes the token from the second, then closes the pop-up.
 * Before it starts, the page tells the test through a request of its own whether it still has its opener: once
 * Decap has closed the pop-up nothing can be asked of it, so the answer must already be in hand.
 */
// Not named `opener`: a global of that name would replace window.opener.
const providerPage = `<!doctype html><title>Authorizing</title><script>
  var linked = window.opener ? 'has-opener' : 'no-opener';
  window.addEventListener('message', function answer(event) {
    if (event.data !== 'authorizing:github') return;
    window.removeEventListener('message', answer);
    event.source.postMessage('authorization:github:success:' + JSON.stringify({ token: 'stub-github-token', provider: 'github' }), event.origin);
  });
  fetch('/test/opener?' + linked).then(function () {
    if (window.opener) window.opener.postMessage('authorizing:github', '*');
  });
</script>`;

/** The editor with Login with GitHub clicked, and what the emulated Netlify and GitHub saw of it. */
interface SigningIn {
  page: Page;
  popup: Page;
  /** Whether the pop-up had its opener when its page loaded: 'has-opener' or 'no-opener'. */
  opener(): Promise<string>;
  /** Requests that reached api.netlify.com other than the provider page's report, as "path provider". */
  netlifyCalls: string[];
  /** Requests that reached api.github.com, as "METHOD path authorization". */
  github: string[];
}

/** Bounds a wait on this process's own events, which Playwright's time limits do not cover. */
async function inTime<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  const done = await within(ms, work.then((value) => ({ value })));
  if (!done) throw new Error(`${what} within ${ms / 1000} s`);
  return done.value;
}

/**
 * Serves the editor on a Netlify-like server with `rules`, stubs the OAuth provider and GitHub's API, clicks
 * Login with GitHub and hands the result to `check`. Whatever happens, the browser context and the server are
 * closed before it returns: a listening server left behind keeps this process alive after the last test, and
 * the runner then waits out the suite's whole time limit.
 */
async function signIn(rules: HeaderRule[], check: (signingIn: SigningIn) => Promise<void>): Promise<void> {
  const netlify = await netlifyLike(rules);
  let context: BrowserContext | undefined;
  try {
    const github: string[] = [];
    const netlifyCalls: string[] = [];
    let reported!: (opener: string) => void;
    const opener = new Promise<string>((resolve) => (reported = resolve));
    context = await newContext({ viewport: { width: 1280, height: 900 } });
    // Decap's 5 MB script takes several times longer to start on a busy machine than on a quiet one.
    context.setDefaultNavigationTimeout(90_000);
    context.setDefaultTimeout(60_000);
    await context.route((url) => url.host !== new URL(netlify.url).host && url.host !== 'api.netlify.com' && url.host !== 'api.github.com', (route) => route.abort('blockedbyclient'));
    await context.route('https://api.netlify.com/**', (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/test/opener') {
        reported(url.search.slice(1));
        return route.fulfill({ status: 204 });
      }
      netlifyCalls.push(`${url.pathname} ${url.searchParams.get('provider')}`);
      return route.fulfill({ status: 200, contentType: 'text/html', body: providerPage });
    });
    await context.route('https://api.github.com/**', (route) => {
      const url = new URL(route.request().url());
      github.push(`${route.request().method()} ${url.pathname} ${route.request().headers().authorization ?? ''}`);
      const json = (status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(body) });
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE' } });
      if (url.pathname === '/user') return json(200, { login: 'staff-member', name: 'Staff Member', avatar_url: '' });
      if (url.pathname === '/repos/example/wattle-translations-site') return json(200, { name: 'wattle-translations-site', full_name: 'example/wattle-translations-site', owner: { login: 'example' }, permissions: { admin: false, push: true, pull: true }, default_branch: 'main', fork: false });
      // Listing the content: an empty repository answers "not found" to every tree, which Decap shows as no entries.
      return json(404, { message: 'Not Found' });
    });
    // The pop-up's errors too: it may have come and gone before this process hears of it.
    context.on('weberror', (error) => problems.push(`sign-in page error: ${error.error().message}`));
    const page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) problems.push(`sign-in: ${m.text()}`);
    });
    const response = await page.goto(`${netlify.url}/admin/`);
    assert.is(response!.status(), 200);
    const login = page.getByRole('button', { name: 'Login with GitHub' });
    await login.waitFor();
    // Only the pop-up's arrival is waited for here, not its load: on a busy machine Decap may already have
    // closed it by the time this process hears of it, and Playwright refuses any wait on a closed page.
    const [popup] = await Promise.all([page.waitForEvent('popup'), login.click()]);
    await check({ page, popup, opener: () => inTime(60_000, opener, 'the GitHub pop-up did not load the provider\'s page'), netlifyCalls, github });
  } finally {
    if (context) await within(10_000, context.close().catch(() => {}));
    await netlify.close();
  }
}

test('sign-in on the live site: the GitHub pop-up\'s handshake reaches /admin/ under the production headers, and the editor opens signed in', async () => {
  const rules = readHeaders(path.join(site.fixture.root, 'dist'));
  await signIn(rules, async ({ page, popup, opener, netlifyCalls, github }) => {
    const response = await page.request.get(page.url());
    assert.is(response.headers()['cross-origin-opener-policy'], 'same-origin-allow-popups', 'one COOP header, the editor\'s');
    assert.match(response.headers()['content-security-policy'], /^default-src 'self'; script-src 'self' 'unsafe-eval';/);
    assert.is(await opener(), 'has-opener', 'the pop-up keeps its link to the editor, or the handshake cannot start');
    assert.equal(netlifyCalls, ['/auth github'], 'the pop-up asks Netlify to sign in with GitHub');
    // The handshake ran, and Decap signed in and closed the pop-up.
    const signedIn = await page.getByText('Collections').first().waitFor().then(() => true, () => false);
    assert.ok(signedIn, `the editor opens signed in once the pop-up has handed over the token; GitHub was asked ${JSON.stringify(github)}`);
    // Closing a window finishes after window.close() returns, and the browser tells of it on its own schedule:
    // the close is waited for (it must come), not read at the moment the editor shows.
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 30_000 }).catch(() => {});
    assert.ok(popup.isClosed(), 'Decap closes the pop-up once it has the token');
    assert.not.ok(await page.getByRole('button', { name: 'Login with GitHub' }).isVisible());
    assert.ok(github.includes('GET /user token stub-github-token'), JSON.stringify(github));
    assert.ok(github.some((call) => call.startsWith('GET /repos/example/wattle-translations-site ')), JSON.stringify(github));
    assert.ok(await page.evaluate(() => JSON.parse(localStorage.getItem('decap-cms-user') ?? '{}').token === 'stub-github-token'));
    await page.screenshot({ path: path.join(shots, 'editor-signed-in-github-1280.png') });
  });
});

test('with the old headers (the site-wide Cross-Origin-Opener-Policy: same-origin on /admin/ too) the pop-up loses the editor and sign-in cannot finish', async () => {
  const current = readHeaders(path.join(site.fixture.root, 'dist'));
  const old: HeaderRule[] = [{ path: '/*', headers: [['Cross-Origin-Opener-Policy', 'same-origin']] }, ...current.map((rule) => ({ ...rule, headers: rule.headers.filter(([name]) => name !== 'Cross-Origin-Opener-Policy') }))];
  await signIn(old, async ({ page, opener, github }) => {
    assert.is(await opener(), 'no-opener');
    assert.ok(await page.getByRole('button', { name: 'Login with GitHub' }).isVisible());
    assert.equal(github, []);
  });
});

test('the production _headers give /admin/ one policy of each kind, the editor\'s, whichever way a host joins matching rules', () => {
  const rules = readHeaders(path.join(site.fixture.root, 'dist'));
  for (const address of ['/admin', '/admin/', '/admin/index.html']) {
    const headers = rules.filter((rule) => pathPattern(rule.path).test(address)).flatMap((rule) => rule.headers);
    const names = headers.map(([name]) => name.toLowerCase());
    assert.equal(names.filter((name, i) => names.indexOf(name) !== i), [], address);
    assert.equal(headers.filter(([name]) => name === 'Cross-Origin-Opener-Policy').map(([, value]) => value), ['same-origin-allow-popups'], address);
    assert.match(headers.find(([name]) => name === 'Content-Security-Policy')![1], /connect-src 'self' blob: https:\/\/api\.github\.com;/, address);
  }
  const built = fs.readFileSync(path.join(site.fixture.root, 'dist/admin/config.yml'), 'utf8');
  assert.match(built, /^backend:\n {2}name: "github"\n {2}repo: "example\/wattle-translations-site"\n {2}branch: "main"\n {2}base_url: "https:\/\/api\.netlify\.com"\n {2}auth_endpoint: "auth"\n/m);
  assert.not.ok(fs.existsSync(path.join(site.fixture.root, 'dist/admin/netlify-identity-widget.js')), 'no Identity widget');
});


/** A save that would send enquiries to the attacker, and a deletion, as JSON an attacker's page would post. */
function attackBodies(): string[] {
  const data = JSON.parse(site.fixture.read('content/site.json'));
  data.email = 'attacker@evil.example';
  return [
    JSON.stringify({ action: 'persistEntry', params: { dataFiles: [{ path: 'content/site.json', raw: JSON.stringify(data, null, 2) }], assets: [] } }),
    JSON.stringify({ action: 'deleteFile', params: { path: 'content/testimonials.json' } }),
  ];
}

/** Statuses of the answers the local editor gave to a page's requests, as Chromium saw them. */
function editorAnswers(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/admin/api/') || url.pathname === '/admin/config.yml') seen.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  return seen;
}

test('a page of another site cannot use the local editor: a no-cors fetch, a JSON fetch and a text/plain form post are all refused', async () => {
  const before = ['content/site.json', 'content/testimonials.json'].map((rel) => site.fixture.read(rel));
  const api = `${site.url}/admin/api/v1`;
  const [save, remove] = attackBodies();
  // The attacker's page: what it sends is what any page may send to 127.0.0.1 without asking.
  const attacker = `<!doctype html><title>attacking</title>
<iframe name="sink"></iframe>
<form method="post" action="${api}?token=guessed" enctype="text/plain" target="sink">
<input type="hidden" name='${remove.slice(0, -1)}, "x": "' value='"}'>
</form>
<script>
  (async () => {
    const tried = [];
    tried.push(await fetch(${JSON.stringify(api)}, { method: 'POST', mode: 'no-cors', body: ${JSON.stringify(save)} }).then((r) => 'no-cors ' + r.type, (e) => 'no-cors failed'));
    tried.push(await fetch(${JSON.stringify(api)}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(save)} }).then((r) => 'json ' + r.status, (e) => 'json blocked'));
    tried.push(await fetch(${JSON.stringify(`${site.url}/admin/config.yml`)}).then((r) => r.text(), (e) => 'config blocked'));
    document.forms[0].submit();
    window.tried = tried;
    document.title = 'done';
  })();
</script>`;
  const server = http.createServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(attacker));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const context = await newContext();
    const page = await context.newPage();
    const answers = editorAnswers(page);
    const formPosted = page.waitForResponse((r) => r.url().startsWith(`${api}?token=guessed`));
    await page.goto(`http://${evil}:${(server.address() as { port: number }).port}/`);
    await page.waitForFunction(() => document.title === 'done');
    const posted = await formPosted;
    assert.is(posted.status(), 403);
    assert.equal(await page.evaluate(() => (window as any).tried), ['no-cors opaque', 'json blocked', 'config blocked']);
    // The two posts a page may send unasked reached the server and were refused there; the JSON fetch stopped at
    // its preflight and the read of config.yml at the missing CORS answer (Chromium reports neither as a response).
    assert.equal(answers, ['POST /admin/api/v1 403', 'POST /admin/api/v1 403']);
    assert.equal(['content/site.json', 'content/testimonials.json'].map((rel) => site.fixture.read(rel)), before);
  } finally {
    await stop(server);
  }
});

test('DNS rebinding: a page opened under another name that leads to this server can read nothing and write nothing', async () => {
  const before = site.fixture.read('content/site.json');
  const context = await newContext();
  const page = await context.newPage();
  const answers = editorAnswers(page);
  // The attacker's name now leads to 127.0.0.1, so the page and the editor are "same-origin" to the browser.
  await page.goto(`http://${evil}:${new URL(site.url).port}/`);
  const tried = await page.evaluate(async (bodies) => {
    const config = await fetch('/admin/config.yml').then((r) => `${r.status} ${r.headers.get('content-type')}`);
    const text = await fetch('/admin/config.yml').then((r) => r.text());
    const read = await fetch('/admin/api/v1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'getEntry', params: { path: 'content/site.json' } }) }).then(async (r) => `${r.status} ${await r.text()}`);
    const write = await fetch('/admin/api/v1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: bodies[0] }).then((r) => r.status);
    return { config, text, read, write };
  }, attackBodies());
  assert.is(tried.config, '403 application/json; charset=utf-8');
  assert.not.ok(/token|local_backend/.test(tried.text), tried.text);
  assert.match(tried.read, /^403 /);
  assert.not.ok(tried.read.includes('hello@example.com'));
  assert.is(tried.write, 403);
  assert.ok(answers.length >= 4 && answers.every((a) => a.endsWith(' 403')), JSON.stringify(answers));
  assert.is(site.fixture.read('content/site.json'), before);
});

test('no Content-Security-Policy violations and no page errors while signing in', () => {
  assert.equal(problems, []);
});

test.run();
