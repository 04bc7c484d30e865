// `site serve` as a visitor's browser and an editor see it: clean URLs, 404s, redirects, headers, functions,
// rebuilds on save with a reload event, errors reported while the last good site stays up, and templates and
// functions that change without a restart.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import http from 'node:http';
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { serve, type DevServer } from '../generator/serve/server.ts';
import { staticHandler } from '../generator/serve/static.ts';
import { silentLogger } from '../generator/log.ts';
import { copyCode, fixture, repoRoot, type Fixture } from './helpers/project.ts';

const test = suite('serve');

let f: Fixture;
let dev: DevServer;
const events: { event: string; data: any }[] = [];
let stream: AbortController;
/** Called with each line of the dev server's build progress ("building: content · 0.0 s"). */
let onProgress = (_line: string) => {};
let closed = false;

async function listen(url: string) {
  stream = new AbortController();
  const response = await fetch(`${url}/__site/events`, { signal: stream.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value);
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted at the end of the suite
    }
  })();
}

/** Waits for the next event of a kind after those already seen. */
async function next(kind: string, timeout = 10000) {
  const seen = events.length;
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const hit = events.slice(seen).find((e) => e.event === kind);
    if (hit) return hit.data;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no ${kind} event within ${timeout} ms`);
}

test.before(async () => {
  f = fixture({
    'functions/echo.ts': `export default async (request: Request, context: { ip: string }) => new Response(JSON.stringify({ method: request.method, body: request.method === 'POST' ? await request.json() : null, ip: context.ip, version: 1 }), { status: 200, headers: { 'content-type': 'application/json' } });\n`,
  });
  copyCode(f);
  dev = await serve({ root: f.root, port: 0, host: "127.0.0.1", logger: process.env.DEBUG_SERVE ? undefined : { ...silentLogger, progress: (line) => onProgress(line) } });
  await listen(dev.url);
});

test.after(async () => {
  stream.abort();
  if (!closed) await dev.close();
  f.remove();
});

/** What the events stream sends a browser that connects now, up to and with its first error report. */
async function errorReport(base: string): Promise<string> {
  const events = await fetch(`${base}/__site/events`, { signal: AbortSignal.timeout(10_000) });
  const reader = events.body!.getReader();
  let text = '';
  while (!text.includes('event: error-report')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the events stream ended without an error report: ${text}`);
    text += new TextDecoder().decode(value);
  }
  await reader.cancel();
  return text;
}

const get = (p: string, init?: RequestInit) => fetch(`${dev.url}${p}`, { redirect: 'manual', ...init });

test("a project's own copy of the functions runs: their imports of the generator's code are found in the generator", async () => {
  const g = fixture();
  copyCode(g, ['functions']);
  const own = await serve({ root: g.root, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
  try {
    const res = await fetch(`${own.url}/.netlify/functions/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"a@example.com"}' });
    assert.is(res.status, 200, await res.text());
  } finally {
    await own.close();
    g.remove();
  }
});

test('serves clean URLs with the reload client added', async () => {
  const res = await get('/services/birth-certificates');
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'text/html; charset=utf-8');
  const body = await res.text();
  assert.match(body, /<h1 id="page-heading"[^>]*>Birth Certificate Translation<\/h1>/);
  // With the file sent, so that the page reloads when that file changes (the 404 page's, at an address with none).
  assert.match(body, /<script type="module" async src="\/__site\/client\.js\?since=\d+&file=services%2Fbirth-certificates\.html"><\/script><\/body>/);
  assert.match(await (await get('/no-such-page')).text(), /client\.js\?since=\d+&file=404\.html"/);
  assert.is((await get('/')).status, 200);
});

test('answers each page at one address, as Netlify does: /a/b is a/b.html, /a/b/ is sent there with a 301', async () => {
  assert.ok(fs.existsSync(path.join(f.root, 'dist/services/birth-certificates.html')), 'the page is written as a/b.html');
  assert.not.ok(fs.existsSync(path.join(f.root, 'dist/services/birth-certificates', 'index.html')));
  const slash = await get('/services/birth-certificates/?ref=x');
  assert.is(slash.status, 301);
  assert.is(slash.headers.get('location'), '/services/birth-certificates?ref=x', 'the query is kept');
  for (const encoded of ['/services/birth-certificates%2F', '/services/birth-certificates%2f/']) {
    const res = await get(encoded);
    assert.is(res.status, 301, encoded);
    assert.is(res.headers.get('location'), '/services/birth-certificates', `${encoded}: sent to the page, not to itself`);
  }
  assert.is((await get('/services/birth-certificates.html')).status, 200, 'the file name answers too, as on Netlify');
  assert.is((await get('/index.html')).status, 200);
  // The editor is a folder of its own (admin/index.html): the host sends /admin on to /admin/.
  const admin = await get('/admin');
  assert.is(admin.status, 301);
  assert.is(admin.headers.get('location'), '/admin/');
  assert.is((await get('/admin/')).status, 200);
  assert.is((await get('/admin/tawkto-setup')).status, 200);
});

test('addresses the host refuses or keeps to itself: bad encoding and NUL bytes get 400, _headers and _redirects 404', async () => {
  for (const bad of ['/%E0%A4%A', '/services/%E0%A4%A', '/%C0', '/a%00b', '/assets/x%00.css', '/services/passports%00.html']) {
    for (const method of ['GET', 'HEAD', 'POST']) {
      const res = await get(bad, { method });
      assert.is(res.status, 400, `${method} ${bad}`);
    }
  }
  for (const hidden of ['/_headers', '/_redirects', '/_headers/', '/%5Fredirects']) {
    const res = await get(hidden);
    assert.is(res.status, 404, hidden);
    assert.match(await res.text(), /Page Not Found/, `${hidden}: the site's own 404 page`);
  }
  assert.is((await get('/')).status, 200, 'the server is still up');
});

/** A request for `target` sent as it is written: fetch() would resolve dot segments before sending it. */
function raw(target: string, method = 'GET', body?: string, headers: Record<string, string> = {}): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${dev.url}/`, { method, path: target, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on('error', reject).end(body);
  });
}

test('runs of slashes are one slash, as on Netlify: a path starting with // names no host', async () => {
  const home = await raw('//');
  assert.is(home.status, 200, '// is the home page, not a server error');
  assert.match(home.body, /<link rel="canonical" href="https:\/\/[^"/]+\/"\/>/);
  const page = await raw('//services/birth-certificates');
  assert.is(page.status, 200);
  assert.match(page.body, /<link rel="canonical" href="[^"]+\/services\/birth-certificates"\/>/, 'the page named, not the home page');
  for (const target of ['//services/birth-certificates/', '/.//services/birth-certificates/', '/services//birth-certificates//']) {
    const slash = await raw(target);
    assert.is(slash.status, 301, target);
    assert.is(slash.location, '/services/birth-certificates', `${target}: sent on within this site, never to //services`);
  }
  const fn = await raw('//.netlify/functions/echo', 'POST', '{"hello":"slashes"}');
  assert.is(fn.status, 200, 'the function is reached');
  assert.equal(JSON.parse(fn.body).body, { hello: 'slashes' });
});

test('a Host header no URL can hold is refused by the functions alone; pages do not read it', async () => {
  for (const host of ['a b', 'example.com:99999', '[::1']) {
    const page = await raw('/services/birth-certificates', 'GET', undefined, { host });
    assert.is(page.status, 200, `${host}: the page`);
    assert.match(page.body, /<link rel="canonical" href="[^"]+\/services\/birth-certificates"\/>/);
    assert.is((await raw('/.netlify/functions/echo', 'POST', '{}', { host })).status, 403, `${host}: the function`);
  }
});

test('the functions refuse a Host that is not this server\'s own (DNS rebinding), as the editor does', async () => {
  const post = (host: string) => raw('/.netlify/functions/echo', 'POST', '{"hello":"host"}', { host, 'content-type': 'application/json' });
  const evil = await post('evil.example');
  assert.is(evil.status, 403, 'a page of another site, rebound to 127.0.0.1, posts nothing');
  assert.match(evil.body, /this machine's own addresses/);
  for (const host of [new URL(dev.url).host, `localhost:${new URL(dev.url).port}`]) {
    const own = await post(host);
    assert.is(own.status, 200, `${host}: this server's own`);
    assert.equal(JSON.parse(own.body).body, { hello: 'host' });
  }
});

test('an unknown path answers 404 with the site\'s own Page Not Found page', async () => {
  const res = await get('/no/such/page');
  assert.is(res.status, 404);
  assert.match(await res.text(), /<h1 id="page-heading">Page Not Found<\/h1>/);
  assert.is((await get('/assets/missing.css')).status, 404);
  // A name longer than the file system holds is as unknown as any other.
  const long = 'a'.repeat(300);
  for (const address of [`/${long}`, `/cities/${long}/`, `/assets/${long}.css`]) {
    const res = await get(address);
    assert.is(res.status, 404, address);
    assert.match(await res.text(), /Page Not Found/, address);
  }
});

test('a file with a trailing slash answers 404, as on Netlify (netlify dev answers each of these with its 404 page)', async () => {
  const dist = path.join(f.root, 'dist');
  const first = (folder: string, pattern: RegExp) => `/${folder}/${fs.readdirSync(path.join(dist, folder)).find((name) => pattern.test(name))}`;
  const files = ['/robots.txt', '/sitemap.xml', '/blog/feed.xml', '/favicon.ico', first('assets', /\.css$/), first('assets/js', /\.js$/), first('assets/icons', /\.png$/), first('assets/flags', /\.webp$/), '/services/passports.html'];
  for (const file of files) {
    assert.is((await get(file)).status, 200, file);
    for (const address of [`${file}/`, `${file}%2F`]) {
      const res = await get(address);
      assert.is(res.status, 404, address);
      assert.match(await res.text(), /Page Not Found/, address);
    }
  }
});

test('_redirects rules are honoured', async () => {
  const res = await get('/services/passports-ids');
  assert.is(res.status, 301);
  assert.is(res.headers.get('location'), '/services/passports');
  // Netlify decodes the address before it matches a rule: an encoded form of it is sent on too, not a 404.
  for (const address of ['/services/passports%2Dids', '/services/passports%2dids/', '/%73ervices/passports-ids']) {
    const encoded = await get(address);
    assert.is(encoded.status, 301, address);
    assert.is(encoded.headers.get('location'), '/services/passports', address);
  }
});

test("a language page's address in capitals is sent to its lowercase address with a 301, as on Netlify", async () => {
  // SPEC §2, Language landing page: the language is looked up by case-insensitive name.
  for (const [address, location] of [['/Chinese', '/chinese'], ['/CHINESE', '/chinese'], ['/Chinese/', '/chinese'], ['/Chinese?ref=x', '/chinese?ref=x'], ['/Tagalog-Filipino', '/tagalog-filipino'], ['/TAGALOG-FILIPINO', '/tagalog-filipino'], ['/Cook-Islands-Maori', '/cook-islands-maori']]) {
    const res = await get(address);
    assert.is(res.status, 301, address);
    assert.is(res.headers.get('location'), location, address);
  }
  const page = await get('/Chinese', { redirect: 'follow' });
  assert.is(page.status, 200);
  assert.match(await page.text(), /NAATI Certified Chinese Translation Services/);
  assert.is((await get('/chinese')).status, 200, 'the lowercase address is the page itself, not sent anywhere');
});

test('a _redirects rule without ! is shadowed by a page at its address, as Netlify shadows it', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-shadow-'));
  fs.writeFileSync(path.join(root, 'chinese.html'), '<p>Chinese</p>');
  fs.writeFileSync(path.join(root, 'french.html'), '<p>French</p>');
  fs.writeFileSync(path.join(root, '_redirects'), '/chinese /french 301\n/french /chinese 301!\n');
  const server = http.createServer(staticHandler({ root }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const at = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
  try {
    assert.is((await fetch(`${at}/chinese`, { redirect: 'manual' })).status, 200, 'shadowed by chinese.html');
    const forced = await fetch(`${at}/french`, { redirect: 'manual' });
    assert.is(forced.status, 301, 'a forced rule (301!) applies over the page');
    assert.is(forced.headers.get('location'), '/chinese');
  } finally {
    server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a file of a type the file server does not know is sent with the type Netlify gives it', async () => {
  const icon = await get('/favicon.ico');
  assert.is(icon.status, 200);
  assert.is(icon.headers.get('content-type'), 'image/x-icon');
  assert.is((await get('/favicon.ico', { method: 'HEAD' })).headers.get('content-type'), 'image/x-icon', 'HEAD');
});

test('the headers of _headers are applied', async () => {
  const page = await get('/contact');
  assert.match(page.headers.get('content-security-policy')!, /script-src 'self'/);
  assert.is(page.headers.get('x-content-type-options'), 'nosniff');
  assert.is(page.headers.get('x-frame-options'), 'DENY');
  // An address with encoded letters is the same page, with the same headers.
  const editor = await get('/admin/');
  assert.match(editor.headers.get('content-security-policy')!, /'unsafe-eval'/);
  for (const [address, same] of [['/%63ontact', page], ['/%61dmin/', editor]] as const) {
    const res = await get(address);
    assert.is(res.status, 200, address);
    assert.is(res.headers.get('content-security-policy'), same.headers.get('content-security-policy'), address);
  }
  const html = await page.text();
  const css = /href="(\/assets\/site\.[0-9a-f]+\.css)"/.exec(html)![1];
  const asset = await get(css);
  assert.is(asset.status, 200);
  assert.is(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
});

test('POST /.netlify/functions/<name> runs functions/<name>.ts in-process with the Web Request API', async () => {
  const res = await get('/.netlify/functions/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: 'world' }) });
  assert.is(res.status, 200);
  const body = await res.json();
  assert.equal(body, { method: 'POST', body: { hello: 'world' }, ip: body.ip, version: 1 });
  assert.match(body.ip, /127\.0\.0\.1/);
  assert.is((await get('/.netlify/functions/nothing-here', { method: 'POST' })).status, 404);
});

test('saving a content file rebuilds and reports the changed pages', async () => {
  const rebuilt = next('rebuilt');
  f.editJson('content/cities/perth.json', (d) => (d.population = '2.4 million'));
  const { changed } = await rebuilt;
  assert.ok(changed.includes('cities/perth.html'), changed.join(', '));
  assert.not.ok(changed.includes('services/passports.html'), 'unchanged pages are not rewritten');
  assert.match(await (await get('/cities/perth')).text(), /2\.4 million/);
});

test('a page whose reload client connects after a rebuild is told what that rebuild changed', async () => {
  // The page is served, a rebuild finishes, and only then does its script connect: on a busy machine, or while
  // a browser is still loading the page.
  const since = /client\.js\?since=(\d+)&/.exec(await (await get('/cities/canberra')).text())![1];
  const client = await (await get(`/__site/client.js?since=${since}`)).text();
  assert.match(client, new RegExp(`let since = ${since};`));
  assert.match(client, /new EventSource\("\/__site\/events\?run=" \+ run \+ '&since=' \+ since\)/);
  const rebuilt = next('rebuilt');
  f.editJson('content/cities/canberra.json', (d) => (d.population = '480,000'));
  const { build } = await rebuilt;
  const late = await fetch(`${dev.url}/__site/events?since=${since}`, { signal: AbortSignal.timeout(10_000) });
  const reader = late.body!.getReader();
  let text = '';
  while (!text.includes('event: rebuilt')) text += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  assert.match(text, /"changed":\[[^\]]*"cities\/canberra\.html"/);
  assert.match(text, new RegExp(`"build":${build}\\}`), 'with the build it brings the page to');
  // A page served after that rebuild is told nothing on connecting.
  const current = /client\.js\?since=(\d+)&/.exec(await (await get('/cities/canberra')).text())![1];
  assert.is(Number(current), Number(since) + 1);
  const quiet = await fetch(`${dev.url}/__site/events?since=${current}`);
  const quietReader = quiet.body!.getReader();
  assert.not.match(new TextDecoder().decode((await quietReader.read()).value), /rebuilt/);
  await quietReader.cancel();
});

test('a page left open while the server was restarted reloads when its client reconnects, as it may be out of date', async () => {
  // The browser's EventSource reconnects by itself to the new server, which counts its builds from 0 again: a
  // page served by the last server, edits made while none ran, were taken for current.
  const client = await (await get('/__site/client.js?since=0')).text();
  const run = /const run = "([^"]+)";/.exec(client)?.[1];
  assert.ok(run, 'the client names the server run it came from');
  const first = async (query: string) => {
    const res = await fetch(`${dev.url}/__site/events?${query}`, { signal: AbortSignal.timeout(10_000) });
    const reader = res.body!.getReader();
    const text = new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    return text;
  };
  const builds = /client\.js\?since=(\d+)&/.exec(await (await get('/cities/canberra')).text())![1];
  assert.match(await first(`since=${builds}&run=an-earlier-run`), /event: rebuilt\ndata: \{"changed":null,/);
  assert.not.match(await first(`since=${builds}&run=${run}`), /rebuilt/);
});

test('an edit re-renders only the pages that read what changed, and they are correct', async () => {
  const outcome = new Promise<{ ok: boolean; changed: string[]; rendered: number }>((resolve) => dev.onRebuild(resolve));
  f.editJson('content/cities/hobart.json', (d) => (d.tagline = 'Certified translations for Hobart and all of Tasmania, delivered by email'));
  const { ok, changed, rendered } = await outcome;
  assert.ok(ok);
  // The city page alone shows the tagline: the index reads other fields of each city (tracked field by field).
  assert.ok(rendered >= 1 && rendered < 10, `rendered ${rendered} pages`);
  assert.ok(changed.includes('cities/hobart.html'), changed.join(', '));
  assert.match(await (await get('/cities/hobart')).text(), /Certified translations for Hobart and all of Tasmania, delivered by email/);
  assert.match(await (await get('/services/passports')).text(), /<h1 id="page-heading"/, 'pages kept from the last build are still served');
});

test('an edit to a fact file re-renders every page, since any page may name a fact', async () => {
  const outcome = new Promise<{ ok: boolean; changed: string[] }>((resolve) => dev.onRebuild(resolve));
  f.editJson('content/facts.json', (d) => Object.assign(d.hours, { opens: '08:00', closes: '18:00' }));
  const { ok, changed } = await outcome;
  assert.ok(ok);
  // The city template never reads facts.json: Darwin's page shows the hours only through its own text.
  assert.ok(changed.includes('cities/darwin.html'), changed.join(', '));
  assert.match(await (await get('/cities/darwin')).text(), /Our team works Monday to Friday, 8am to 6pm Melbourne time\./);
});

test('a content edit keeps the islands, images and flags of the last build, and they are still served', async () => {
  const outcome = new Promise<{ ok: boolean; changed: string[] }>((resolve) => dev.onRebuild(resolve));
  f.editJson('content/cities/darwin.json', (d) => (d.population = '150,000'));
  const { ok, changed } = await outcome;
  assert.ok(ok);
  assert.equal(changed.filter((file) => file.startsWith('assets/')), [], 'no asset was written again');
  const html = await (await get('/languages')).text();
  const assets = [/src="(\/assets\/js\/[^"]+\.js)"/, /src="(\/assets\/flags\/[^"]+)"/, /src="(\/assets\/images\/[^"]+)"/].map((pattern) => pattern.exec(html)?.[1]);
  for (const asset of assets) {
    assert.ok(asset, `the languages page refers to ${String(asset)}`);
    assert.is((await get(asset!)).status, 200, asset!);
  }
});

test('a change that reaches the header (a service title in the menu) re-renders every page', async () => {
  const rebuilt = next('rebuilt');
  f.editJson('content/services/birth-certificates.json', (d) => (d.card.title = 'Birth & Family Certificates'));
  const { changed } = await rebuilt;
  for (const page of ['index.html', 'services/passports.html', 'blog.html', 'cities/perth.html', 'tagalog-filipino.html']) assert.ok(changed.includes(page), page);
  const desktopMenu = (html: string) => /<div class="dropdown" id="menu-services">[\s\S]*?<\/div>/.exec(html)![0];
  assert.match(desktopMenu(await (await get('/cities/perth')).text()), /Birth &amp; Family Certificates/);
  const restored = next('rebuilt');
  f.editJson('content/services/birth-certificates.json', (d) => (d.card.title = 'Birth Certificates'));
  await restored;
  assert.not.match(desktopMenu(await (await get('/cities/perth')).text()), /Family Certificates/);
});

test('a language becoming popular joins the popular group on the languages page', async () => {
  const rebuilt = next('rebuilt');
  f.editJson('content/languages/german.json', (d) => (d.popularInAustralia = true));
  const { changed } = await rebuilt;
  assert.ok(changed.includes('languages.html'));
  const popular = /<section id="popular"[\s\S]*?<\/section>/.exec(await (await get('/languages')).text())![0];
  assert.match(popular, /href="\/german"/);
  const restored = next('rebuilt');
  f.editJson('content/languages/german.json', (d) => (d.popularInAustralia = false));
  await restored;
});

test('a content error is reported to the browser, and the last good site keeps being served', async () => {
  const report = next('error-report');
  const good = f.read('content/cities/perth.json');
  f.write('content/cities/perth.json', good.replace('"state": "WA",', '"state": "WA"'));
  const { message, errors } = await report;
  assert.match(message, /content\/cities\/perth\.json:\d+:\d+ is not valid JSON: comma expected/);
  assert.not.match(message, /\u001b\[/, 'no terminal colour codes in the browser');
  // Each problem as data for the overlay: where, what, the frame and the hint.
  assert.is(errors.length, 1);
  const [error] = errors;
  assert.is(error.code, 'CONTENT_JSON_SYNTAX');
  assert.is(error.title, 'The file is not valid JSON');
  assert.is(error.file, 'content/cities/perth.json');
  assert.is(error.message, 'is not valid JSON: comma expected');
  assert.ok(error.line > 1 && error.column > 1, `${error.line}:${error.column}`);
  assert.match(error.frame, new RegExp(`> ${error.line} \\|   "stateName"`));
  assert.match(error.hint, /^JSON needs double quotes/);
  // A browser that connects while the build is broken is told at once.
  const first = await errorReport(dev.url);
  assert.match(first, /"code":"CONTENT_JSON_SYNTAX"/);
  const res = await get('/cities/perth');
  assert.is(res.status, 200);
  assert.match(await res.text(), /2\.4 million/);
  const fixed = next('rebuilt');
  f.write('content/cities/perth.json', good.replace('2.4 million', '2.3 million'));
  await fixed;
  assert.match(await (await get('/cities/perth')).text(), /2\.3 million/);
});

test('a named pipe dropped into content/ is reported, not read: the server goes on answering', async () => {
  const report = next('error-report');
  execFileSync('mkfifo', [path.join(f.content, 'blog', 'pipe.md')]);
  const { errors } = await report;
  assert.equal(errors.map((e: { code: string; file: string }) => `${e.code} ${e.file}`), ['NOT_A_FILE content/blog/pipe.md']);
  assert.is((await get('/blog')).status, 200);
  const fixed = next('rebuilt');
  fs.rmSync(path.join(f.content, 'blog', 'pipe.md'));
  await fixed;
});

test('an island edited while the content is broken is built once the content is fixed', async () => {
  // The failed build's changes count again in the next: an edit confined to content/ would otherwise keep the
  // islands of the last good build, made before the island changed.
  const report = next('error-report', 60000);
  const good = f.read('content/cities/perth.json');
  const island = f.read('islands/newsletter.ts');
  f.write('content/cities/perth.json', good.replace('"state": "WA",', '"state": "WA"'));
  f.write('islands/newsletter.ts', `${island.trimEnd()}\n(globalThis as { siteMarker?: string }).siteMarker = 'edited-while-broken';\n`);
  await report;
  await dev.settled();
  const fixed = next('rebuilt', 60000);
  f.write('content/cities/perth.json', good);
  await fixed;
  await dev.settled();
  const scripts = fs.readdirSync(path.join(f.root, 'dist', 'assets', 'js')).map((name) => fs.readFileSync(path.join(f.root, 'dist', 'assets', 'js', name), 'utf8'));
  assert.ok(scripts.some((text) => text.includes('edited-while-broken')), 'the edited island is served');
  const restored = next('rebuilt', 60000);
  f.write('islands/newsletter.ts', island);
  await restored;
  await dev.settled();
});

test('a template edit takes effect without a restart', async () => {
  const rebuilt = next('rebuilt');
  const file = path.join(f.root, 'templates/pages/not-found.tsx');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('<p className="lead">{text}</p>', '<p className="lead">{text} Try the search.</p>'));
  const { changed } = await rebuilt;
  assert.ok(changed.includes('404.html'));
  assert.match(await (await get('/missing')).text(), /Try the search\./);
});

test('a shared template that throws on every page is one problem in the browser, naming the other pages, as in the terminal', async () => {
  const report = next('error-report');
  const good = f.read('templates/components/footer.tsx');
  f.write('templates/components/footer.tsx', good.replace('export function Footer() {', 'export function Footer() {\n  throw new Error("footer broke");'));
  try {
    const { message, errors } = await report;
    const pages = Number(/(\d+) problems in render/.exec(message)![1]);
    assert.ok(pages > 100, `${pages}`);
    assert.is(errors.length, 1, 'the overlay lists the cause once, not once per page');
    assert.is(errors[0].message, 'footer broke');
    assert.is(errors[0].morePages.length, pages - 1);
    assert.ok(errors[0].morePages.includes('/faq'));
    // Each page is made from its own content file: the hint of the first is not the hint of the rest.
    assert.is(errors[0].hints[0], 'The page is made from content/pages/home.json.');
    assert.ok(errors[0].hints.includes('The page is made from content/cities/perth.json.'), errors[0].hints.join('\n'));
  } finally {
    const fixed = next('rebuilt');
    f.write('templates/components/footer.tsx', good);
    await fixed;
  }
});

test('a function edit takes effect without a restart', async () => {
  // The watcher's report of the edit (which drops the compiled function) comes with a rebuild: settled() alone
  // can return before a loaded machine's watcher has reported anything.
  const rebuilt = next('rebuilt');
  const file = path.join(f.root, 'functions/echo.ts');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('version: 1', 'version: 2'));
  await rebuilt;
  await dev.settled();
  const res = await get('/.netlify/functions/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  assert.is((await res.json()).version, 2);
});

test('a syntax error saved into a function is reported on save, at its file and line, as a build failure is; the fix clears it', async () => {
  const file = path.join(f.root, 'functions/echo.ts');
  const good = fs.readFileSync(file, 'utf8');
  const report = next('error-report');
  fs.writeFileSync(file, `${good}{{{\n`);
  try {
    const { message, errors } = await report;
    assert.equal(errors.map((e: { code: string; file: string; line: number }) => `${e.code} ${e.file}:${e.line}`), ['FUNCTION_FAILED functions/echo.ts:3']);
    assert.match(message, /functions\/echo\.ts:3:\d+/);
  } finally {
    const fixed = next('rebuilt');
    fs.writeFileSync(file, good);
    await fixed;
    await dev.settled();
  }
  assert.is((await get('/.netlify/functions/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status, 200);
});

test('two functions that fail to compile are each reported, one problem per function', async () => {
  const report = next('error-report');
  f.write('functions/broken-a.ts', 'export default async () => {{{\n');
  f.write('functions/broken-b.ts', 'export default async () => new Response(;\n');
  try {
    await report;
    await dev.settled();
    // The last report: the two saves may have been built apart.
    const { message, errors } = events.filter((e) => e.event === 'error-report').at(-1)!.data;
    assert.equal(errors.map((e: { code: string; file: string; line: number }) => `${e.code} ${e.file}:${e.line}`), ['FUNCTION_FAILED functions/broken-a.ts:2', 'FUNCTION_FAILED functions/broken-b.ts:1']);
    assert.match(message, /2 problems in functions/);
  } finally {
    const fixed = next('rebuilt');
    f.write('functions/broken-a.ts', null);
    f.write('functions/broken-b.ts', null);
    await fixed;
    await dev.settled();
  }
});

test('a watched folder deleted and put back is watched again', async () => {
  // The islands import functions/lib, so every build fails while functions/ is gone.
  const functions = path.join(f.root, 'functions');
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'site-functions-'));
  fs.cpSync(functions, copy, { recursive: true });
  try {
    const broken = next('error-report', 60000);
    fs.rmSync(functions, { recursive: true });
    await broken;
    await dev.settled();
    const restored = next('rebuilt', 60000);
    fs.cpSync(copy, functions, { recursive: true });
    await restored;
    await dev.settled();
    const edited = next('rebuilt', 60000);
    const file = path.join(functions, 'echo.ts');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/version: \d+/, 'version: 3'));
    await edited;
    await dev.settled();
    const res = await get('/.netlify/functions/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.is((await res.json()).version, 3, 'an edit in the folder put back is seen');
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test('a folder of the project\'s own that appears while serving (assets/ copied in to change the design) is used and watched', async () => {
  // The fixture has no assets/ and uses the generator's; a project may copy them in to make them its own.
  const assets = path.join(f.root, 'assets');
  try {
    const copied = next('rebuilt', 30000);
    fs.cpSync(path.join(repoRoot, 'assets'), assets, { recursive: true });
    await copied;
    await dev.settled();
    const edited = next('rebuilt', 30000);
    fs.appendFileSync(path.join(assets, 'css/main.css'), '\n.own-design-marker { outline: 3px solid red }\n');
    await edited;
    const href = /href="(\/assets\/[^"]+\.css)"/.exec(await (await get('/')).text())![1];
    assert.match(await (await get(href)).text(), /own-design-marker/);
  } finally {
    const removed = next('rebuilt', 30000);
    fs.rmSync(assets, { recursive: true, force: true });
    await removed.catch(() => {});
    await dev.settled();
  }
});

test('a save made while the first build runs, before the watcher is up, is built', async () => {
  const g = fixture();
  let saved = false;
  const logger = {
    ...silentLogger,
    // Once the content is read, as the templates compile: the save is too late for this build.
    progress: (line: string) => {
      if (saved || !/^building: .*templates/.test(line)) return;
      saved = true;
      g.editJson('content/cities/perth.json', (d) => (d.tagline = 'Saved while the server started'));
    },
  };
  const server = await serve({ root: g.root, port: 0, host: '127.0.0.1', logger });
  try {
    assert.ok(saved, 'the file was saved during the first build');
    await new Promise((r) => setTimeout(r, 200));
    await server.settled();
    assert.match(await (await fetch(`${server.url}/cities/perth`)).text(), /Saved while the server started/);
  } finally {
    await server.close();
    g.remove();
  }
});

test('a file renamed while the first build runs, before the watcher is up, is noticed though its time is old', async () => {
  // A file right in content/: no folder the startup check lists changes its time, and a rename keeps the file's.
  const g = fixture();
  let renamed = false;
  const logger = {
    ...silentLogger,
    progress: (line: string) => {
      if (renamed || !/^building: .*templates/.test(line)) return;
      renamed = true;
      fs.renameSync(path.join(g.content, 'faq.json'), path.join(g.content, 'faq-old.json'));
    },
  };
  const server = await serve({ root: g.root, port: 0, host: '127.0.0.1', logger });
  const outcomes: boolean[] = [];
  server.onRebuild((outcome) => outcomes.push(outcome.ok));
  try {
    assert.ok(renamed, 'the file was renamed during the first build');
    await new Promise((r) => setTimeout(r, 200));
    await server.settled();
    assert.equal(outcomes, [false], 'the rebuild finds content/faq.json gone and content/faq-old.json unknown');
  } finally {
    await server.close();
    g.remove();
  }
});

test('the output folder deleted while serving (rm -rf dist/, git clean) is made whole by the next build', async () => {
  fs.rmSync(path.join(f.root, 'dist'), { recursive: true });
  const rebuilt = next('rebuilt');
  f.editJson('content/cities/darwin.json', (d) => (d.tagline = 'Certified translations for Darwin, made again'));
  await rebuilt;
  for (const address of ['/', '/cities/sydney', '/cities/darwin', '/admin/']) assert.is((await get(address)).status, 200, address);
  const href = /href="(\/assets\/[^"]+\.css)"/.exec(await (await get('/')).text())![1];
  assert.is((await get(href)).status, 200, href);
});

test('a new content file becomes a page while serving, and its removal takes it away', async () => {
  const added = next('rebuilt');
  const city = f.json<Record<string, any>>('content/cities/geelong.json');
  f.write('content/cities/ballarat.json', JSON.stringify({ ...city, name: 'Ballarat', order: 13, seo: undefined }, null, 2));
  await added;
  assert.is((await get('/cities/ballarat')).status, 200);
  const removed = next('rebuilt');
  f.write('content/cities/ballarat.json', null);
  const { changed } = await removed;
  assert.ok(changed.includes('cities/ballarat.html'));
  assert.is((await get('/cities/ballarat')).status, 404);
});

test('a folder renamed under a watched folder is one rebuild, though the watcher reports the files gone a moment later', async () => {
  const added = next('rebuilt');
  for (const name of ['a', 'b']) f.write(`templates/spare/${name}.tsx`, `export const ${name} = 1;\n`);
  await added;
  await dev.settled();
  const outcomes: boolean[] = [];
  let counting = true;
  dev.onRebuild((outcome) => counting && outcomes.push(outcome.ok));
  try {
    fs.renameSync(path.join(f.root, 'templates/spare'), path.join(f.root, 'templates/spare-renamed'));
    for (let look = 0; look < 3; look++) {
      await new Promise((r) => setTimeout(r, 300));
      await dev.settled();
    }
    assert.equal(outcomes, [true]);
  } finally {
    counting = false;
    fs.rmSync(path.join(f.root, 'templates/spare-renamed'), { recursive: true });
    await new Promise((r) => setTimeout(r, 300));
    await dev.settled();
  }
});

test('settled() returns when an edit lands while it waits, however the timing falls', async () => {
  // The bug this guards against spun on microtasks forever, so no timer of this thread could fail the test:
  // a watchdog thread stops the process with a message instead.
  const watchdog = new Worker(
    `const fs = require('node:fs'); setTimeout(() => { fs.writeSync(2, 'settled() never returned: the dev server is stuck\\n'); process.kill(process.pid, 'SIGKILL'); }, 60000);`,
    { eval: true },
  );
  try {
    const file = path.join(f.root, 'content/cities/perth.json');
    const original = fs.readFileSync(file, 'utf8');
    // The watcher sees a write some milliseconds after it; waiting 0-49 ms before asking sweeps the moment of
    // asking across the time the change waits for its debounce timer.
    for (let wait = 0; wait < 50; wait++) {
      fs.writeFileSync(file, original + ' '.repeat(wait % 3));
      await new Promise((r) => setTimeout(r, wait));
      await dev.settled();
    }
    fs.writeFileSync(file, original);
    await dev.settled();
  } finally {
    await watchdog.terminate();
  }
});

test('a function already broken when the server starts is reported at once, in the terminal and the overlay, and the site is served', async () => {
  const g = fixture();
  copyCode(g);
  for (const name of ['deliver-enquiries', 'send-email', 'subscribe']) g.write(`functions/${name}.ts`, null);
  g.write('functions/broken.ts', 'export default async () => {{{\n');
  const printed: string[] = [];
  const server = await serve({ root: g.root, port: 0, host: '127.0.0.1', logger: { ...silentLogger, error: (m) => printed.push(stripVTControlCharacters(m)) } });
  try {
    assert.match(printed.join('\n'), /functions\/broken\.ts:2:1 Unexpected end of file/);
    assert.match(printed.join('\n'), /\[FUNCTION_FAILED\]/);
    assert.is((await fetch(`${server.url}/cities/perth`)).status, 200, 'the site is served');
    const text = await errorReport(server.url);
    assert.match(text, /"code":"FUNCTION_FAILED","title":"[^"]*","file":"functions\/broken\.ts"/);
    const outcome = () => new Promise<boolean>((resolve) => server.onRebuild((o) => resolve(o.ok)));
    const edited = outcome();
    g.editJson('content/cities/perth.json', (d) => (d.tagline = 'Edited while a function is broken'));
    assert.is(await edited, false, 'a content save does not hide the broken function');
    const fixed = outcome();
    g.write('functions/broken.ts', 'export default async () => new Response("fixed");\n');
    assert.is(await fixed, true);
  } finally {
    await server.close();
    g.remove();
  }
});

test('a function already broken is reported by site serve --no-watch too, which serves the site all the same', async () => {
  const g = fixture();
  copyCode(g);
  for (const name of ['deliver-enquiries', 'send-email', 'subscribe']) g.write(`functions/${name}.ts`, null);
  g.write('functions/broken.ts', 'export default async () => {{{\n');
  const printed: string[] = [];
  try {
    const server = await serve({ root: g.root, port: 0, host: '127.0.0.1', watch: false, logger: { ...silentLogger, error: (m) => printed.push(m) } });
    assert.match(printed.join('\n'), /\[FUNCTION_FAILED\]/);
    assert.is((await fetch(`${server.url}/cities/perth`)).status, 200);
    await server.close();
  } finally {
    g.remove();
  }
});

test('two sources writing one output file on the first build (OUTPUT_TWICE) leave the server up with the error page, as other failures do', async () => {
  const g = fixture();
  copyCode(g, ['assets']);
  // One JPEG saved as twin.jpg and again as twin.jpeg: the same files come from both.
  const twin = path.join(g.root, 'assets/images/cities/twin.jpeg');
  await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } }).jpeg().toFile(path.join(g.root, 'assets/images/cities/twin.jpg'));
  fs.copyFileSync(path.join(g.root, 'assets/images/cities/twin.jpg'), twin);
  try {
    const server = await serve({ root: g.root, port: 0, host: '127.0.0.1', logger: silentLogger });
    try {
      const res = await fetch(`${server.url}/`);
      assert.is(res.status, 500);
      assert.match(await res.text(), /twin\.\w+-40\.jpg is written twice.*\[OUTPUT_TWICE\]/);
      assert.match(await (await fetch(`${server.url}/`)).text(), /is written twice, by assets\/images\/cities\/twin\.jpeg and assets\/images\/cities\/twin\.jpg/);
      const fixed = new Promise<boolean>((resolve) => server.onRebuild((o) => resolve(o.ok)));
      fs.rmSync(twin);
      assert.is(await fixed, true);
      assert.is((await fetch(`${server.url}/`)).status, 200);
    } finally {
      await server.close();
    }
  } finally {
    g.remove();
  }
});

test('a second source of an output file added while serving (twin.jpeg beside twin.jpg) fails the rebuild with OUTPUT_TWICE naming both, not kept silently', async () => {
  const g = fixture();
  copyCode(g, ['assets']);
  const jpg = path.join(g.root, 'assets/images/cities/twin.jpg');
  await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } }).jpeg().toFile(jpg);
  try {
    const server = await serve({ root: g.root, port: 0, host: '127.0.0.1', logger: silentLogger });
    try {
      assert.is((await fetch(`${server.url}/`)).status, 200);
      const failed = new Promise<boolean>((resolve) => server.onRebuild((o) => resolve(o.ok)));
      fs.copyFileSync(jpg, path.join(g.root, 'assets/images/cities/twin.jpeg'));
      assert.is(await failed, false);
      // The last good site is still served; the browser is told of the failure.
      assert.is((await fetch(`${server.url}/`)).status, 200);
      const report = await errorReport(server.url);
      assert.match(report, /"code":"OUTPUT_TWICE"/);
      assert.match(report, /twin\.\w+-40\.jpg is written twice, by assets\/images\/cities\/twin\.jpeg and assets\/images\/cities\/twin\.jpg/);
    } finally {
      await server.close();
    }
  } finally {
    g.remove();
  }
});

test('while the first build fails, the editor of the last good output is served, without the overlay, so staff can fix the content in it', async () => {
  const g = fixture();
  try {
    await (await serve({ root: g.root, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger })).close();
    g.editJson('content/cities/perth.json', (d) => (d.population = 2300000));
    const server = await serve({ root: g.root, port: 0, host: '127.0.0.1', logger: silentLogger });
    try {
      assert.is((await fetch(`${server.url}/cities/perth`)).status, 500);
      const admin = await fetch(`${server.url}/admin/`);
      assert.is(admin.status, 200);
      const html = await admin.text();
      assert.match(html, /<script src="\/admin\/decap-cms\.js"><\/script>/);
      assert.not.match(html, /__site\/client\.js/, 'no overlay covers the editor');
      assert.is((await fetch(`${server.url}/admin/editor.js`)).status, 200);
      const api = /local_backend:\n {2}url: "([^"]+)"/.exec(await (await fetch(`${server.url}/admin/config.yml`)).text())![1];
      const fixed = new Promise<boolean>((resolve) => server.onRebuild((o) => resolve(o.ok)));
      const perth = g.json<Record<string, unknown>>('content/cities/perth.json');
      const raw = JSON.stringify({ ...perth, population: '2.3 million' }, null, 2);
      const body = JSON.stringify({ action: 'persistEntry', params: { dataFiles: [{ path: 'content/cities/perth.json', raw }], assets: [] } });
      assert.is((await fetch(api, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).status, 200, 'the fix is saved');
      assert.is(await fixed, true);
      assert.is((await fetch(`${server.url}/cities/perth`)).status, 200);
    } finally {
      await server.close();
    }
  } finally {
    g.remove();
  }
});

test('site serve on a project whose first build fails stays up: every address shows the error page with the overlay\'s client, and a fix reloads into the site', async () => {
  const broken = fixture();
  broken.editJson('content/cities/perth.json', (d) => (d.population = 2300000));
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/site.js'), '--root', broken.root, 'serve', '--port', '0'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const until = async (what: string, done: () => boolean | Promise<boolean>) => {
      const limit = Date.now() + 60_000;
      while (!(await done())) {
        if (child.exitCode !== null || Date.now() > limit) throw new Error(`${what}: exit ${child.exitCode}\n${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until('serving', () => /serving (http:\S+)/.test(out) && /watching/.test(out));
    const url = /serving (http:\S+)/.exec(out)![1];
    // The error as `site build` prints it.
    assert.match(err, /content\/cities\/perth\.json/);
    assert.match(err, /\[CONTENT_SCHEMA\w*\]/);
    for (const address of ['/', '/cities/perth', '/no-such-page']) {
      const res = await fetch(`${url}${address}`);
      assert.is(res.status, 500, address);
      const html = await res.text();
      assert.match(html, /content\/cities\/perth\.json/);
      assert.match(html, /<script type="module" async src="\/__site\/client\.js\?since=0"><\/script><\/body>/);
    }
    // The stream is read through the rebuild after the fix, a whole build of the site: on a loaded machine that
    // can take longer than 10 s, so it is given the minute the start is given.
    const events = await fetch(`${url}/__site/events`, { signal: AbortSignal.timeout(60_000) });
    const reader = events.body!.getReader();
    let text = '';
    while (!text.includes('event: error-report')) text += new TextDecoder().decode((await reader.read()).value);
    assert.match(text, /"file":"content\/cities\/perth\.json"/);
    broken.editJson('content/cities/perth.json', (d) => (d.population = '2.3 million'));
    while (!text.includes('event: rebuilt')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    assert.match(text, /event: rebuilt\ndata: \{"changed":null,"build":1\}/, 'every open page reloads');
    const home = await fetch(`${url}/cities/perth`);
    assert.is(home.status, 200);
    assert.match(await home.text(), /2\.3 million/);
    // A page served while the build was broken, connecting only now, reloads too.
    const late = await fetch(`${url}/__site/events?since=0`, { signal: AbortSignal.timeout(60_000) });
    const lateReader = late.body!.getReader();
    let lateText = '';
    while (!lateText.includes('event: rebuilt')) lateText += new TextDecoder().decode((await lateReader.read()).value);
    await lateReader.cancel();
    assert.match(lateText, /"changed":null/);
    child.kill('SIGINT');
    assert.is(await exited, 0);
  } finally {
    child.kill('SIGKILL');
    await exited;
    broken.remove();
  }
});

// Last: it closes the server.
test('close() waits for the rebuild under way, so stopping the server never leaves the output half written', async () => {
  const outcomes: boolean[] = [];
  dev.onRebuild((outcome) => outcomes.push(outcome.ok));
  let closing: Promise<void> | undefined;
  const started = new Promise<void>((resolve) => {
    onProgress = (line) => {
      if (closing || !line.startsWith('building:')) return;
      closing = dev.close();
      closed = true;
      resolve();
    };
  });
  const file = 'content/services/passports.json';
  const service = JSON.parse(f.read(file));
  f.write(file, JSON.stringify({ ...service, title: 'Passports While Closing' }, null, 2));
  await started;
  await closing;
  assert.equal(outcomes, [true], 'the rebuild ended before close() did');
  assert.match(fs.readFileSync(path.join(f.root, 'dist', 'services', 'passports.html'), 'utf8'), /Passports While Closing/);
});

test.run();
