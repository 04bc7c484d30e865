// The built site on Netlify's own local emulation of its host: netlify-cli's `netlify dev --offline`, serving
// dist/ with Netlify's redirect, header and function handling, and the site's real functions bundled by it.
// netlify-cli is not a dependency of the site: test/helpers/netlify-cli.ts installs it outside the repository.
//
// Two things it cannot show, and how they are covered here instead:
// - Edge functions need Deno, which netlify-cli downloads from dl.deno.land even with --offline (the only
//   network here is the npm registry), so `netlify dev` stops with "fetch failed". The site has no edge
//   functions, so they are switched off (--internal-disable-edge-functions, the CLI's switch for machines
//   without Deno); everything the site uses is emulated as on Netlify.
// - Its static server answers /a/b and /a/b/ alike (it tries a/b.html, then a/b/index.html, for either form);
//   Netlify's CDN does not: /a/b with only a/b/index.html is a 301 to /a/b/, and /a/b/ with a/b.html is a 301
//   to /a/b (Netlify support guide "How can I alter trailing slash behaviour in my URLs? Will enabling Pretty
//   URLs help?", answers.netlify.com/t/31191, and the measured table of github.com/slorber/trailing-slash-guide).
//   So every address the site names is also checked against those documented rules, file by file.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { build } from '../../generator/build.ts';
import { silentLogger } from '../../generator/log.ts';
import { staticHandler } from '../../generator/serve/static.ts';
import { copyCode, fixture, listFiles, pathOfOutputFile, repoRoot, type Fixture } from '../helpers/project.ts';
import { startCaptchaStub, startMailSink, type CaptchaStub, type MailSink } from '../helpers/mail.ts';
import { netlifyCli, netlifyCliVersion } from '../helpers/netlify-cli.ts';
import { chromium } from 'playwright-core';
import { chromiumPath, launchArgs } from './browser.ts';

const test = suite('netlify emulation');
const cli = netlifyCli();

let site: Fixture;
let dist: string;
let routed = 0;
let sink: MailSink;
let netlify: ChildProcess;
let origin: string;
let output = '';
let configHome: string;
let captcha: CaptchaStub;
let startup = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Resolves once `netlify dev`'s output (from character `from` on) matches every pattern; rejects with its output if it stops first. */
function said(child: ChildProcess, patterns: RegExp[], from = 0): Promise<void> {
  return new Promise((resolve, reject) => {
    const stopped = (code: number | null) => reject(new Error(`netlify dev stopped (exit ${code}) before it said ${patterns.join(', ')}:\n${output}`));
    const check = () => {
      if (!patterns.every((p) => p.test(output.slice(from)))) return;
      child.stdout!.off('data', check);
      child.stderr!.off('data', check);
      child.off('exit', stopped);
      resolve();
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', stopped);
    check();
  });
}

const get = (p: string, init: RequestInit = {}) => fetch(`${origin}${p}`, { redirect: 'manual', ...init });
const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'etag', 'age', 'content-length', 'x-nf-request-id'].includes(name)));

if ('reason' in cli) {
  test.skip(`netlify-cli could not be had, so the site was not run on Netlify's emulation: ${cli.reason}`, () => {});
  console.log(`» netlify emulation skipped: ${cli.reason}`);
} else {
  const bin = cli.bin;
  const functionNames = ['send-email', 'subscribe', 'deliver-enquiries'];

  test.before(async () => {
    sink = await startMailSink();
    captcha = await startCaptchaStub();
    // The project as Netlify sees it: netlify.toml, the functions and the code they import, and the build.
    site = fixture();
    copyCode(site, ['templates', 'islands', 'functions', 'assets']);
    for (const file of ['netlify.toml', 'package.json', 'tsconfig.json']) fs.copyFileSync(path.join(repoRoot, file), path.join(site.root, file));
    fs.cpSync(path.join(repoRoot, 'generator'), path.join(site.root, 'generator'), { recursive: true });
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(site.root, 'node_modules'));
    const t0 = Date.now();
    routed = (await build({ root: site.root, logger: silentLogger })).pages.length;
    dist = path.join(site.root, 'dist');
    const built = Date.now();

    // Its own settings folder (telemetry off), so nothing is written to the home folder.
    configHome = fs.mkdtempSync(path.join(os.tmpdir(), 'site-netlify-config-'));
    fs.mkdirSync(path.join(configHome, 'netlify'));
    fs.writeFileSync(path.join(configHome, 'netlify', 'config.json'), JSON.stringify({ telemetryDisabled: true }));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const env: Record<string, string | undefined> = { ...process.env, XDG_CONFIG_HOME: configHome, SMTP_URL: sink.url, RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: captcha.url, RATE_LIMIT_PER_MINUTE: '100', ENQUIRY_RETRY_MS: '1', BROWSER: 'none' };
    for (const local of ['SITE_DATA_DIR', 'SITE_PAGES_DIR', 'SITE_DEV_OUTBOX', 'NODE_ENV']) delete env[local];
    netlify = spawn(
      process.execPath,
      ['--import', path.join(repoRoot, 'test/helpers/loopback-only.mjs'), bin, 'dev', '--offline', '--internal-disable-edge-functions', '--dir', 'dist', '--functions', 'functions', '--port', String(port), '--no-open', '--skip-gitignore'],
      { cwd: site.root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    netlify.stdout!.on('data', (d) => (output += d));
    netlify.stderr!.on('data', (d) => (output += d));
    await said(netlify, [/Local dev server ready|Server now ready on/, ...functionNames.map((name) => new RegExp(`Loaded function ${name}\\b`))]);
    startup = `built in ${((built - t0) / 1000).toFixed(1)} s; netlify dev ready with its functions loaded ${((Date.now() - built) / 1000).toFixed(1)} s later`;
  });

  test.after(async () => {
    if (netlify?.pid && netlify.exitCode === null) {
      const exited = new Promise((resolve) => netlify.once('exit', resolve));
      process.kill(-netlify.pid, 'SIGTERM');
      await exited;
    }
    await sink?.close();
    await captcha?.close();
    site?.remove();
    if (configHome) fs.rmSync(configHome, { recursive: true, force: true });
  });

  test('the build plugin is accepted and every function loads', () => {
    for (const name of functionNames) assert.match(output, new RegExp(`Loaded function ${name}\\b`), name);
    assert.not.match(output, /Invalid event|Plugin "[^"]*" internal error/, 'netlify.toml and its build plugin are accepted');
    console.log(`» netlify-cli ${netlifyCliVersion}: ${startup}`);
  });

  test('every page, and every address the pages name, answers 200 at exactly that address, with no redirect', async () => {
    const baseUrl = JSON.parse(fs.readFileSync(path.join(site.content, 'site.json'), 'utf8')).baseUrl as string;
    const files = listFiles(dist);
    const pages = files.filter((f) => f.endsWith('.html') && f !== 'admin/index.html');
    const targets = new Map<string, string>(); // address -> the first page naming it
    const name = (address: string | undefined, from: string) => {
      if (!address) return;
      let local = address.trim();
      if (local.startsWith(baseUrl)) local = local.slice(baseUrl.length) || '/';
      if (!local.startsWith('/') || local.startsWith('//')) return;
      local = local.split('#')[0];
      if (local && !targets.has(local)) targets.set(local, from);
    };
    for (const file of pages) {
      const page = pathOfOutputFile(file)!;
      name(page, `${file} (its own address)`);
      const html = parse(fs.readFileSync(path.join(dist, file), 'utf8'));
      for (const el of html.querySelectorAll('a[href], link[href]')) name(el.getAttribute('href'), file);
      for (const el of html.querySelectorAll('script[src], img[src], source[src]')) name(el.getAttribute('src'), file);
      for (const el of html.querySelectorAll('img[srcset], source[srcset]')) for (const candidate of el.getAttribute('srcset')!.split(',')) name(candidate.trim().split(/\s+/)[0], file);
      for (const el of html.querySelectorAll('meta[content]')) name(el.getAttribute('content'), file);
      // Structured data: every address in it (url, @id, item, logo, image).
      for (const el of html.querySelectorAll('script[type="application/ld+json"]')) {
        const walk = (value: unknown): void => {
          if (typeof value === 'string') name(value, `${file} (structured data)`);
          else if (value && typeof value === 'object') Object.values(value).forEach(walk);
        };
        walk(JSON.parse(el.textContent));
      }
    }
    for (const feed of ['sitemap.xml', 'blog/feed.xml']) for (const [, address] of fs.readFileSync(path.join(dist, feed), 'utf8').matchAll(/<(?:loc|link|id)>([^<]+)<\//g)) name(address, feed);
    for (const [, address] of fs.readFileSync(path.join(dist, 'robots.txt'), 'utf8').matchAll(/^Sitemap:\s*(\S+)/gm)) name(address, 'robots.txt');
    // The form endpoints take posts only; they are tried with posts below.
    for (const address of [...targets.keys()]) if (address.startsWith('/.netlify/functions/')) targets.delete(address);

    // Netlify's documented rules for page addresses (see the top of this file): /a/b needs a/b.html, /a/b/ needs
    // a/b/index.html; the other file alone means a 301.
    const exists = (rel: string) => files.includes(rel);
    const byRule: string[] = [];
    for (const address of targets.keys()) {
      if (address === '/' || path.posix.extname(address) !== '') continue;
      const clean = address.replace(/\/+$/, '');
      const direct = address.endsWith('/') ? exists(`${clean.slice(1)}/index.html`) : exists(`${clean.slice(1)}.html`);
      if (!direct) byRule.push(`${address} (named by ${targets.get(address)})`);
    }

    const answers = new Map<string, number>();
    const queue = [...targets.keys()];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let address = queue.shift(); address !== undefined; address = queue.shift()) {
          const res = await get(address, { method: 'GET' });
          await res.arrayBuffer();
          answers.set(address, res.status);
        }
      }),
    );
    const redirects = [...answers].filter(([, status]) => status >= 300 && status < 400);
    const failed = [...answers].filter(([, status]) => status !== 200).map(([address, status]) => `${address}: ${status} (named by ${targets.get(address)})`);
    const pageAddresses = [...targets.keys()].filter((a) => a === '/' || path.posix.extname(a) === '');
    console.log(`» netlify dev: ${pages.length} pages checked, ${targets.size} addresses they name (${pageAddresses.length} pages, ${targets.size - pageAddresses.length} files) fetched, ${redirects.length} redirects met, ${failed.length} not 200; by Netlify's documented trailing-slash rules, ${byRule.length} would redirect`);
    assert.is(pages.length, routed, 'every page the build routed is a file');
    assert.ok(routed >= 124, `the whole site (${routed} pages)`);
    assert.equal(failed, []);
    assert.is(redirects.length, 0);
    assert.equal(byRule, [], "addresses Netlify's CDN would answer with a 301");
  });

  test("headers: a page has every header _headers gives it; the editor at /admin/ has the editor's policy", async () => {
    const rules = fs.readFileSync(path.join(dist, '_headers'), 'utf8');
    const matching = (address: string) =>
      rules
        .split(/\n(?=\S)/)
        .map((block) => block.split('\n'))
        .filter(([pattern]) => pattern.trim() === address || (pattern.trim().endsWith('*') && address.startsWith(pattern.trim().slice(0, -1))))
        .flatMap(([, ...lines]) => lines.filter((l) => l.includes(':')).map((l) => l.slice(0, l.indexOf(':')).trim().toLowerCase()));
    const page = await get('/services/passports');
    assert.is(page.status, 200);
    const pageHeaders = headersOf(page);
    for (const header of matching('/services/passports')) assert.ok(pageHeaders[header], `${header} on a page`);
    assert.match(pageHeaders['content-security-policy'], /default-src 'self'/);
    assert.is(pageHeaders['x-content-type-options'], 'nosniff');
    console.log(`» netlify dev, headers on a page: ${Object.keys(pageHeaders).sort().join(', ')}`);

    const admin = await get('/admin/');
    assert.is(admin.status, 200);
    const adminHeaders = headersOf(admin);
    for (const header of matching('/admin/')) assert.ok(adminHeaders[header], `${header} on /admin/`);
    assert.match(adminHeaders['content-security-policy'], /'unsafe-eval'/, "the editor's policy is the one in force");
    assert.match(adminHeaders['x-robots-tag'], /noindex/);
    console.log(`» netlify dev, headers on /admin/: ${Object.keys(adminHeaders).sort().join(', ')}`);
  });

  test("an unknown address gets /*'s headers only, no Cross-Origin-Opener-Policy, and the pages' policy in the 404 page's head; /admin/ keeps same-origin-allow-popups", async () => {
    // The host matches _headers against the address asked for, so the 404 page there gets what `/*` gives; COOP
    // stays off `/*` (generator/output/security.ts says why) and a browser takes COOP from no <meta>.
    const ruleHeaders = ['x-content-type-options', 'referrer-policy', 'permissions-policy', 'strict-transport-security', 'x-frame-options'];
    for (const address of ['/no-such-page', '/no/such/page']) {
      const missing = await get(address);
      assert.is(missing.status, 404, address);
      const missingHeaders = headersOf(missing);
      for (const header of ruleHeaders) assert.ok(missingHeaders[header], `${header} at ${address}`);
      assert.is(missingHeaders['x-frame-options'], 'DENY');
      assert.is(missingHeaders['cross-origin-opener-policy'], undefined, `no COOP at ${address}`);
      assert.is(missingHeaders['content-security-policy'], undefined, `no CSP header at ${address}`);
      assert.match(await missing.text(), /<meta http-equiv="Content-Security-Policy" content="default-src 'self'/, `the pages' policy in the head at ${address}`);
      if (address === '/no-such-page') console.log(`» netlify dev, headers at an unknown address: ${Object.keys(missingHeaders).sort().join(', ')}`);
    }
    assert.is(headersOf(await get('/admin/'))['cross-origin-opener-policy'], 'same-origin-allow-popups', '/admin/');
    assert.is(headersOf(await get('/services/passports'))['cross-origin-opener-policy'], 'same-origin', 'a page');
  });

  test("a file's address with a trailing slash: `site serve` answers as netlify dev does", async () => {
    const first = (folder: string, pattern: RegExp) => `/${folder}/${fs.readdirSync(path.join(dist, folder)).find((name) => pattern.test(name))}`;
    const files = ['/robots.txt', '/sitemap.xml', '/blog/feed.xml', '/favicon.ico', first('assets', /\.css$/), first('assets/js', /\.js$/), first('assets/icons', /\.png$/), first('assets/flags', /\.webp$/), '/services/passports.html'];
    const server = http.createServer(staticHandler({ root: dist }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const ours = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    const answer = async (res: Response) => (await res.arrayBuffer(), `${res.status} ${res.headers.get('location') ?? ''}`);
    try {
      for (const address of files.flatMap((file) => [file, `${file}/`, `${file}%2F`])) {
        const mine = await answer(await fetch(`${ours}${address}`, { redirect: 'manual' }));
        // /blog/feed.xml/ meets the blog's not-found rule (/blog/:slug, status 404). netlify dev lets a file shadow
        // a rule when path.resolve finds it, and that drops the trailing slash, so it sends the feed; a file is no
        // folder on the host, so nothing shadows the rule there, and `site serve` sends the blog's 404 page.
        if (/^\/blog\/[^/]+\/$/.test(decodeURIComponent(address))) assert.is(mine, '404 ', address);
        else assert.is(mine, await answer(await get(address)), address);
      }
    } finally {
      server.close();
    }
  });

  test("a language page's address in capitals: a 301 to its lowercase address on the host, no loop, and `site serve` answers alike", async () => {
    // SPEC §2, Language landing page: looked up by case-insensitive name. The host matches paths, files and
    // _redirects rules alike, with their case; a rule without ! is shadowed by a file at its address, so the
    // lowercase address is never sent on even where a host matched rules without case.
    const addresses = ['/Chinese', '/CHINESE', '/Chinese/', '/Chinese?ref=x', '/Tagalog-Filipino', '/TAGALOG-FILIPINO', '/Cook-Islands-Maori', '/chinese', '/tagalog-filipino'];
    const server = http.createServer(staticHandler({ root: dist }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const ours = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    const answer = async (res: Response) => (await res.arrayBuffer(), `${res.status} ${(res.headers.get('location') ?? '').replace(origin, '')}`);
    try {
      for (const address of addresses) {
        const host = await answer(await get(address));
        const lower = address.toLowerCase().replace(/\/(?=$|\?)/, '');
        assert.is(host, address === lower ? '200 ' : `301 ${lower}`, `netlify dev: ${address}`);
        assert.is(await answer(await fetch(`${ours}${address}`, { redirect: 'manual' })), host, `site serve: ${address}`);
      }
      const followed = await fetch(`${origin}/CHINESE`);
      assert.is(followed.status, 200);
      assert.match(await followed.text(), /NAATI Certified Chinese Translation Services/);
      // Any other mix of capitals has no rule: Netlify matches _redirects paths with their case (its documentation,
      // "Paths are case-sensitive"), so the host sends the site's not-found page, and `site serve` the same.
      for (const address of ['/cHiNeSe', '/chinesE', '/tagalog-FILIPINO']) {
        const host = await get(address);
        assert.is(host.status, 404, `netlify dev: ${address}`);
        assert.match(await host.text(), /Page Not Found/, `netlify dev: ${address}`);
        const ourAnswer = await fetch(`${ours}${address}`, { redirect: 'manual' });
        assert.is(ourAnswer.status, 404, `site serve: ${address}`);
        assert.match(await ourAnswer.text(), /Page Not Found/, `site serve: ${address}`);
      }
    } finally {
      server.close();
    }
  });

  test("a language page's address in any other mix of capitals: the host's 404 page links the page in small letters, in a browser", async () => {
    // No _redirects rule can match without case (Netlify: "Paths are case-sensitive"; no rule option for it), so
    // the not-found page's script asks the host for the address in small letters and links it when it is a page.
    const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
    try {
      const context = await browser.newContext();
      await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
      for (const [address, offered] of [
        ['/ArAbIc', '/arabic'],
        ['/cHiNeSe?ref=x', '/chinese?ref=x'],
        ['/chinese-SIMPLIFIED', null],
      ] as const) {
        const page = await context.newPage();
        const answer = await page.goto(`${origin}${address}`);
        assert.is(answer?.status(), 404, address);
        await page.waitForFunction(() => document.querySelector('[data-not-found]')?.hasAttribute('data-not-found-ready'));
        const link = page.locator('[data-not-found-lowercase] a');
        if (offered) {
          assert.is(await link.getAttribute('href'), offered, address);
          await link.click();
          await page.waitForURL(`${origin}${offered}`);
          assert.match(await page.title(), /NAATI Certified/, `${address}: the link leads to the page`);
        } else assert.not.ok(await link.isVisible(), `${address}: no page in small letters, no link`);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });

  test("a missing blog post, without JavaScript: a 404 that says Blog post not found; the blog's own pages unchanged; `site serve` alike", async () => {
    // SPEC §2 Blog: a missing post shows Blog post not found. Netlify serves a 404 page of a path's own with a
    // _redirects rule of status 404, shadowed by any file at the address (its docs, Redirect options, "Custom 404
    // page handling"); `:slug` is one segment, so deeper addresses keep the site's not-found page.
    const server = http.createServer(staticHandler({ root: dist }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const ours = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    const heading = async (res: Response) => `${res.status} ${/<h1[^>]*>([^<]*)<\/h1>/.exec(await res.text())?.[1] ?? ''}`;
    try {
      const blogPages = listFiles(dist).filter((f) => f.startsWith('blog/') && f.endsWith('.html') && f !== 'blog/404.html').map((f) => pathOfOutputFile(f)!);
      assert.ok(blogPages.length >= 10, `the posts and category pages (${blogPages.length})`);
      for (const address of [...blogPages, '/blog', '/blog/feed.xml']) {
        assert.is((await get(address)).status, 200, `netlify dev: ${address}`);
        assert.is((await fetch(`${ours}${address}`, { redirect: 'manual' })).status, 200, `site serve: ${address}`);
      }
      // A post asked for with a slash after it is the post on both (a link to #top resolves so from /blog/x/).
      for (const address of blogPages.filter((a) => a !== '/blog')) {
        assert.is.not((await get(`${address}/`)).status, 404, `netlify dev: ${address}/`);
        const ourAnswer = await fetch(`${ours}${address}/`, { redirect: 'manual' });
        assert.is(`${ourAnswer.status} ${ourAnswer.headers.get('location')}`, `301 ${address}`, `site serve: ${address}/`);
      }
      for (const [address, expected] of [
        ['/blog/no-such-post', '404 Blog post not found'],
        ['/blog/no-such-post/', '404 Blog post not found'],
        ['/blog/category/nope', '404 Page Not Found'],
        ['/blog/tag/x/y', '404 Page Not Found'],
        ['/no-such-page', '404 Page Not Found'],
      ]) {
        assert.is(await heading(await get(address)), expected, `netlify dev: ${address}`);
        assert.is(await heading(await fetch(`${ours}${address}`, { redirect: 'manual' })), expected, `site serve: ${address}`);
      }
      const missing = await (await get('/blog/no-such-post')).text();
      assert.match(missing, /href="\/blog"[^>]*>[^]*?Back to all posts/, 'a way back to the blog');
    } finally {
      server.close();
    }
  });

  const post = (endpoint: string, body: string, type: string, extra: Record<string, string> = {}) =>
    get(`/.netlify/functions/${endpoint}`, { method: 'POST', body, headers: { 'Content-Type': type, Origin: origin, ...extra } });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const mailed = async (subject: string) => {
    for (let i = 0; i < 100 && !sink.received.some((m) => m.mail.subject?.includes(subject)); i++) await new Promise((r) => setTimeout(r, 50));
    return sink.received.filter((m) => m.mail.subject?.includes(subject)).length;
  };

  test('the contact form posted natively is answered with its page, thanked, and mailed', async () => {
    const res = await post('send-email', form({ name: 'Tom Nguyen', email: 'tom@example.org', phone: '0491 570 156', enquiryType: 'quote', subject: 'Native post on Netlify', message: 'Could you quote for forty pages of bank statements?' }), 'application/x-www-form-urlencoded', { Accept: 'text/html' });
    assert.is(res.status, 200);
    const answerHeaders = headersOf(res);
    assert.match(answerHeaders['content-type'], /^text\/html/);
    const html = await res.text();
    assert.match(html, /Thank You for Your Message/);
    assert.match(html, /<header class="site-header"/, 'in the site design: the built page was read from the host at its own address');
    assert.is(await mailed('Native post on Netlify'), 1);
    console.log(`» netlify dev, headers on a function's HTML answer: ${Object.keys(answerHeaders).sort().join(', ')}`);
  });

  test('the contact form posted with JavaScript (JSON, as the island sends it) is mailed', async () => {
    const res = await post('send-email', JSON.stringify({ name: 'Tom Nguyen', email: 'tom@example.org', subject: 'Island post on Netlify', message: 'Could you quote for forty pages of bank statements?', recaptcha: 'good-token' }), 'application/json', { 'Idempotency-Key': '3b0f2a52-5c1e-4d7a-9d7e-2a9c8e3f1b01' });
    const answerHeaders = headersOf(res);
    assert.equal(await res.json(), { ok: true });
    assert.is(res.status, 200);
    assert.match(answerHeaders['content-type'], /^application\/json/);
    assert.is(await mailed('Island post on Netlify'), 1);
    console.log(`» netlify dev, headers on a function's JSON answer: ${Object.keys(answerHeaders).sort().join(', ')}`);
  });

  test("a function's own headers, which are all Netlify sends with its answers (_headers does not apply to them)", async () => {
    // netlify dev adds the _headers rules to function answers as well; Netlify's documentation says custom
    // headers apply only to files it serves, not to URLs handled by a function (docs.netlify.com, "Custom
    // headers", Limitations). So what the function sets itself is what visitors get; this lists it.
    const { default: sendEmail } = (await import(path.join(repoRoot, 'functions/send-email.ts'))) as { default: (request: Request) => Promise<Response> };
    const endpoint = `${origin}/.netlify/functions/send-email`;
    const asJson = await sendEmail(new Request(endpoint, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json', Origin: origin } }));
    const asPage = await sendEmail(new Request(endpoint, { method: 'POST', body: form({ name: 'T' }), headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', Origin: origin } }));
    assert.is(asJson.status, 400);
    assert.match(asJson.headers.get('content-type')!, /^application\/json/);
    assert.is(asPage.status, 400);
    assert.match(asPage.headers.get('content-type')!, /^text\/html/);
    console.log(`» on Netlify, a function's JSON answer carries only its own headers: ${[...asJson.headers.keys()].sort().join(', ')}`);
    console.log(`» on Netlify, a function's HTML answer page carries only its own headers: ${[...asPage.headers.keys()].sort().join(', ')}`);
  });

  test('the newsletter posted natively and with JavaScript keeps the address in Netlify Blobs', async () => {
    const from = output.length;
    const native = await post('subscribe', form({ email: 'ana@example.org', website: '' }), 'application/x-www-form-urlencoded', { Accept: 'text/html' });
    assert.is(native.status, 200);
    const html = await native.text();
    assert.match(html, /<header class="site-header"/, 'the blog page, read from the host');
    assert.match(html, /<title>Thank you for signing up \| /);
    const island = await post('subscribe', JSON.stringify({ email: 'ben@example.org', website: '' }), 'application/json', { Accept: 'application/json' });
    assert.is(island.status, 200);
    assert.is((await island.json()).ok, true);
    // The function logs in netlify dev's worker thread, which passes it on to netlify dev's output after the
    // answer may have gone: the test waits for its two lines, whatever they say, rather than reading the output at once.
    await said(netlify, [/subscribe: [\s\S]*subscribe: /], from);
    assert.match(output, /subscribe: a new address was kept[\s\S]*subscribe: a new address was kept/, 'both kept');
  });

  test('an enquiry the mail server refused waits in Netlify Blobs; the scheduled function delivers it', async () => {
    sink.refuse = true;
    const from = output.length;
    const res = await post('send-email', JSON.stringify({ name: 'Tom Nguyen', email: 'tom@example.org', subject: 'Queued on Netlify', message: 'Could you quote for forty pages of bank statements?', recaptcha: 'good-token' }), 'application/json', { 'Idempotency-Key': '9c4f0e1d-6a2b-4f3c-8d5e-7b1a0c2d3e4f' });
    assert.is(res.status, 202);
    assert.equal(await res.json(), { ok: true, queued: true });
    sink.refuse = false;
    // netlify dev runs a scheduled function on request (answering with a note of its own, not the function's body).
    const run = await get('/.netlify/functions/deliver-enquiries', { method: 'POST' });
    assert.is(run.status, 200);
    await run.arrayBuffer();
    assert.is(await mailed('Queued on Netlify'), 1);
    // Its report is logged in netlify dev's worker thread and may reach the output after the answer.
    await said(netlify, [/deliver-enquiries: /], from);
    assert.match(output, /deliver-enquiries: 1 delivered, 0 failed \(to be retried\), 0 newly held, 0 waiting/);
  });
}

test.run();
