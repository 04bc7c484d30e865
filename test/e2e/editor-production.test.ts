// The content editor as it runs on the live site, in Chromium. There Decap writes each file itself, in the
// browser, through /admin/formats.js; Decap's in-memory `test-repo` backend (part of its bundle) goes through
// the same code as the GitHub and git-gateway backends (Backend.persistEntry: the preSave event, then
// entryToRaw with the collection's format), and keeps what it saves in window.repoFiles, where this suite
// reads it. Real repository files saved unchanged must come back byte for byte, and one changed value must
// change one line. Then the sign-in: the built /admin/ served with the production _headers applied as Netlify
// applies them (every matching rule), Netlify's OAuth provider and GitHub's API stubbed, and Decap's pop-up
// handshake carried through to the signed-in editor.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, launchArgs, startSite, type Site } from './browser.ts';
import { listFiles, repoRoot } from '../helpers/project.ts';
import { readHeaders } from '../../generator/serve/static.ts';
import { pathPattern, type HeaderRule } from '../../generator/output/security.ts';

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


test.before(async () => {
  site = await startSite();
  origin = site.url.replace('127.0.0.1', host);
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...launchArgs, `--host-resolver-rules=MAP ${host} 127.0.0.1`, `--unsafely-treat-insecure-origin-as-secure=${origin}`] });
  fs.mkdirSync(shots, { recursive: true });
});
test.after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await site?.close();
});

async function newPage(setup?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await context.route((url) => url.host !== new URL(origin).host && url.host !== new URL(site.url).host, (route) => route.abort('blockedbyclient'));
  await setup?.(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) problems.push(m.text());
    else if (m.type() === 'error' && !/Failed to load resource|persistLocalDraftBackup/.test(m.text())) problems.push(m.text());
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
 * Publishes and waits until the test-repo backend has written the file: it replaces the file's object in its
 * tree, so a mark set on the old one is gone (a save can leave the same text behind).
 */
async function publish(page: Page, rel: string): Promise<string> {
  const parts = rel.split('/');
  await page.evaluate((parts) => (parts.reduce((at: any, part) => at?.[part], (window as any).repoFiles).unsaved = true), parts);
  await page.getByRole('button', { name: 'Publish' }).click();
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
  ['a city', 'content/cities/perth.json', '#/collections/cities/entries/perth', async (page) => page.getByLabel('Population')],
  ['a service whose short arrays stand on one line', 'content/services/payslips.json', '#/collections/services/entries/payslips', async (page) => page.getByLabel('Service name')],
  ['the business facts', 'content/facts.json', '#/collections/settings/entries/facts', async (page) => page.getByLabel('Display', { exact: true }).first()],
  [
    'the plans',
    'content/plans.json',
    '#/collections/settings/entries/plans',
    async (page) => {
      await page.locator('[class*=SortableListItem]').filter({ hasText: 'Self-Service Extract' }).locator('button').first().click();
      return page.getByLabel('Price', { exact: true }).first();
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * What Netlify's OAuth provider does once GitHub has signed the editor in (its /auth/done page, in the pop-up,
 * on https://api.netlify.com): say "authorizing:github" to the opener, wait for the opener to answer from the
 * site, then hand it the token. Decap's side is decap-cms-lib-auth's netlify-auth.js: it checks that each
 * message comes from base_url, echoes the first, and takes the token from the second. The page's title says
 * whether it still has its opener.
 */
const providerPage = `<!doctype html><title>Authorizing</title><script>
  document.title = window.opener ? 'has-opener' : 'no-opener';
  window.addEventListener('message', function answer(event) {
    if (event.data !== 'authorizing:github') return;
    window.removeEventListener('message', answer);
    event.source.postMessage('authorization:github:success:' + JSON.stringify({ token: 'stub-github-token', provider: 'github' }), event.origin);
  });
  if (window.opener) window.opener.postMessage('authorizing:github', '*');
</script>`;

/** The editor on a Netlify-like server with `rules`, the OAuth provider and GitHub's API stubbed; Login with GitHub clicked. */
async function signIn(rules: HeaderRule[]): Promise<{ page: Page; popup: Page; github: string[]; close(): Promise<void> }> {
  const netlify = await netlifyLike(rules);
  const github: string[] = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await context.route((url) => url.host !== new URL(netlify.url).host && url.host !== 'api.netlify.com' && url.host !== 'api.github.com', (route) => route.abort('blockedbyclient'));
  await context.route('https://api.netlify.com/**', (route) => {
    const url = new URL(route.request().url());
    assert.is(url.pathname, '/auth');
    assert.is(url.searchParams.get('provider'), 'github');
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
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`sign-in page error: ${error.message}`));
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) problems.push(`sign-in: ${m.text()}`);
  });
  const response = await page.goto(`${netlify.url}/admin/`);
  assert.is(response!.status(), 200);
  const login = page.getByRole('button', { name: 'Login with GitHub' });
  await login.waitFor();
  const [popup] = await Promise.all([page.waitForEvent('popup'), login.click()]);
  await popup.waitForLoadState();
  return { page, popup, github, close: netlify.close };
}

test('sign-in on the live site: the GitHub pop-up\'s handshake reaches /admin/ under the production headers, and the editor opens signed in', async () => {
  const rules = readHeaders(path.join(site.fixture.root, 'dist'));
  const { page, popup, github, close } = await signIn(rules);
  try {
    const response = await page.request.get(page.url());
    assert.is(response.headers()['cross-origin-opener-policy'], 'same-origin-allow-popups', 'one COOP header, the editor\'s');
    assert.match(response.headers()['content-security-policy'], /^default-src 'self'; script-src 'self' 'unsafe-eval';/);
    // The pop-up kept its link to the editor, the handshake ran, and Decap closed the pop-up and signed in.
    await page.getByText('Collections').first().waitFor();
    assert.ok(popup.isClosed(), 'Decap closes the pop-up once it has the token');
    assert.not.ok(await page.getByRole('button', { name: 'Login with GitHub' }).isVisible());
    assert.ok(github.includes('GET /user token stub-github-token'), JSON.stringify(github));
    assert.ok(github.some((call) => call.startsWith('GET /repos/example/wattle-translations-site ')), JSON.stringify(github));
    assert.ok(await page.evaluate(() => JSON.parse(localStorage.getItem('decap-cms-user') ?? '{}').token === 'stub-github-token'));
    await page.screenshot({ path: path.join(shots, 'editor-signed-in-github-1280.png') });
  } finally {
    await close();
  }
});

test('with the old headers (the site-wide Cross-Origin-Opener-Policy: same-origin on /admin/ too) the pop-up loses the editor and sign-in cannot finish', async () => {
  const current = readHeaders(path.join(site.fixture.root, 'dist'));
  const old: HeaderRule[] = [{ path: '/*', headers: [['Cross-Origin-Opener-Policy', 'same-origin']] }, ...current.map((rule) => ({ ...rule, headers: rule.headers.filter(([name]) => name !== 'Cross-Origin-Opener-Policy') }))];
  const { page, popup, github, close } = await signIn(old);
  try {
    assert.is(await popup.title(), 'no-opener');
    assert.ok(await page.getByRole('button', { name: 'Login with GitHub' }).isVisible());
    assert.equal(github, []);
    await popup.close();
  } finally {
    await close();
  }
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

test('no console errors and no Content-Security-Policy violations', () => {
  assert.equal(problems, []);
});

test.run();
