// The island pipeline as built output: markers with escaped props, the loader only where islands are, preload
// only for what wakes at load, hashed module files, and the JavaScript budgets enforced per page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { build, type BuildResult } from '../generator/build.ts';
import { BuildFailure } from '../generator/errors.ts';
import { silentLogger } from '../generator/log.ts';
import { PageScripts, budgets } from '../generator/render/page-scripts.ts';
import type { ClientScripts } from '../generator/assets/islands.ts';
import { copyCode, fixture, type Fixture } from './helpers/project.ts';

const test = suite('islands');
let site: Fixture;
let result: BuildResult;
const logged: string[] = [];
const html = (file: string) => fs.readFileSync(path.join(site.root, 'dist', file), 'utf8');

test.before(async () => {
  site = fixture();
  result = await build({ root: site.root, logger: { ...silentLogger, info: (line) => logged.push(line) } });
});
test.after(() => site.remove());

test('an island renders in place inside a marker naming its module, its props and when it wakes', () => {
  const page = html('index.html');
  const marker = /<site-island data-island="language-picker" data-wake="visible" data-src="(\/assets\/js\/language-picker\.[A-Z0-9]+\.js)" data-props="([^"]*)">/.exec(page);
  assert.ok(marker, 'the picker marker');
  assert.ok(fs.existsSync(path.join(site.root, 'dist', marker![1])));
  const props = JSON.parse(marker![2].replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;/g, "'"));
  assert.is(props.languages.length, 69);
  assert.match(page.slice(marker!.index), /^<site-island[^>]*><div class="language-picker">/, 'the component is rendered inside it on the server');
});

test('no raw < can appear inside a marker\'s props', () => {
  for (const file of ['index.html', 'blog.html', 'process.html']) {
    for (const [, props] of html(file).matchAll(/data-props="([^"]*)"/g)) assert.not.ok(props.includes('<'), file);
  }
});

test('pages with islands load the loader as a module script; every page loads the small site script; none blocks rendering', () => {
  const home = html('index.html');
  assert.match(home, /<script type="module" src="\/assets\/js\/loader\.[A-Z0-9]+\.js"><\/script><\/head>/);
  for (const file of ['index.html', 'services/passports.html', 'chinese.html']) {
    const page = html(file);
    const scripts = [...page.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    for (const tag of scripts) assert.ok(/type="(module|application\/json|application\/ld\+json)"/.test(tag), `${file}: ${tag}`);
    assert.match(page, /<script type="module" src="\/assets\/js\/site\.[A-Z0-9]+\.js"><\/script>/);
  }
});

test('each page marks exactly the islands its templates place, each with when it wakes', () => {
  const islands = (file: string) => [...html(file).matchAll(/<site-island data-island="([^"]+)" data-wake="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`).sort();
  assert.equal(islands('index.html'), ['language-picker visible', 'review-popup idle', 'reviews-widget visible', 'testimonial-carousel visible']);
  assert.equal(islands('blog.html'), ['blog-filter visible', 'newsletter visible', 'review-popup idle']);
  assert.equal(islands('process.html'), ['demo-order visible', 'review-popup idle']);
  assert.equal(islands('contact.html'), ['contact-form visible', 'review-popup idle']);
  assert.equal(islands('services/passports.html'), ['review-popup idle']);
});

test('the blog filter enhances the grid in the page: its props hold counts, not the posts, and every card names its category', () => {
  const page = html('blog.html');
  const props = JSON.parse(page.match(/data-island="blog-filter"[^>]*data-props="([^"]*)"/)![1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  assert.equal(Object.keys(props).sort(), ['categories', 'counts', 'current', 'grid', 'icons', 'labels', 'listed']);
  assert.equal(props.counts, { Immigration: 1, Legal: 1, Education: 1, Translation: 1, Business: 1 });
  const grid = page.match(new RegExp(`<ul id="${props.grid}"[^>]*>(.*?)</ul></div></section>`))![1];
  assert.equal([...grid.matchAll(/<li class="card post-card" data-category="([^"]+)"/g)].map((m) => m[1]).sort(), ['Business', 'Education', 'Immigration', 'Legal', 'Translation']);
  assert.not.ok(page.includes('&quot;excerpt&quot;'), 'no post is repeated as island props');
});

test("the review invitation's product links a page and an image the site really has, at the site's own address", () => {
  const page = html('process.html');
  const props = JSON.parse(page.match(/data-island="demo-order"[^>]*data-props="([^"]*)"/)![1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  const { productUrl, imageUrl } = props.invitation.product;
  const baseUrl = JSON.parse(fs.readFileSync(path.join(site.root, 'content/site.json'), 'utf8')).baseUrl;
  for (const url of [productUrl, imageUrl]) {
    assert.ok(url.startsWith(`${baseUrl}/`), `${url} is on the site`);
    const file = url.slice(baseUrl.length + 1);
    assert.ok(fs.existsSync(path.join(site.root, 'dist', file)) || fs.existsSync(path.join(site.root, 'dist', `${file}.html`)), `${url} is built`);
  }
  assert.match(imageUrl, /\.png$/);
});

test('an island woken at load is preloaded with the chunks it imports; islands woken later are not', () => {
  const entry = (url: string, statics: string[] = []) => ({ url, gzip: 0, statics, dynamics: [] });
  const client: ClientScripts = {
    entries: new Map([
      ['loader', entry('/loader.js')],
      ['now', entry('/now.js', ['/shared.js'])],
      ['later', entry('/later.js', ['/later-chunk.js'])],
    ]),
    sizes: new Map(),
    islands: ['now', 'later'],
    inputs: [],
  };
  const scripts = new PageScripts(client);
  scripts.begin();
  scripts.island('now', 'load');
  scripts.island('later', 'visible');
  const loader = '<script type="module" src="/loader.js"></script>';
  assert.is(scripts.finish('<head></head>'), `<head><link rel="modulepreload" href="/now.js"/><link rel="modulepreload" href="/shared.js"/>${loader}</head>`);
  scripts.begin();
  scripts.island('later', 'visible');
  scripts.island('later', 'load');
  assert.match(scripts.finish('<head></head>'), '<link rel="modulepreload" href="/later.js"/><link rel="modulepreload" href="/later-chunk.js"/>', 'the earliest wake of an island placed twice counts');
  scripts.begin();
  assert.is(scripts.finish('<head></head>'), '<head></head>', 'a page without islands gets no loader');
});

test('no built page preloads a module, since none of the site\'s islands wakes at load', () => {
  for (const page of result.pages) assert.not.match(html(page.file), /rel="modulepreload"/, page.file);
});

test('the summary gives each page\'s gzipped JavaScript at load and in all, as its files measure, within budget', () => {
  const line = logged.find((l) => l.includes('JavaScript, gzipped, at load / in all'));
  assert.ok(line, logged.join('\n'));
  const dir = path.join(site.root, 'dist');
  const gz = (url: string) => gzipSync(fs.readFileSync(path.join(dir, url)), { level: 9 }).length;
  // A module and every module it imports, statically or not: what the browser may fetch once it runs.
  const closure = (url: string, dynamic: boolean, seen = new Set<string>()): Set<string> => {
    if (seen.has(url)) return seen;
    seen.add(url);
    const code = fs.readFileSync(path.join(dir, url), 'utf8');
    const imports = [...code.matchAll(dynamic ? /(?:from|import)\s*\(?\s*"\.\/([^"]+)"/g : /(?:from|import)\s*"\.\/([^"]+)"/g)].map((m) => m[1]);
    for (const file of imports) closure(`/assets/js/${file}`, dynamic, seen);
    return seen;
  };
  const sum = (urls: Set<string>) => [...urls].reduce((total, url) => total + gz(url), 0);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const [kind, file] of [['home', 'index.html'], ['blog', 'blog.html'], ['process', 'process.html'], ['pricing', 'pricing.html']]) {
    const page = html(file);
    const atLoad = new Set<string>();
    for (const [, url] of page.matchAll(/<script type="module" src="([^"]+)"/g)) closure(url, false, atLoad);
    const all = new Set(atLoad);
    for (const [, url] of page.matchAll(/<site-island [^>]*data-src="([^"]+)"/g)) closure(url, true, all);
    assert.match(line!, `${kind} ${kb(sum(atLoad))}/${kb(sum(all))} KB`, file);
    assert.ok(sum(atLoad) <= budgets.load && sum(all) <= budgets.total, file);
  }
});

test('React runs as preact/compat in the browser: no react-dom in any module', () => {
  const dir = path.join(site.root, 'dist/assets/js');
  for (const file of fs.readdirSync(dir)) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    assert.not.ok(text.includes('react-dom.production'), file);
    assert.not.ok(text.includes('__SECRET_INTERNALS'), file);
  }
});

test('an island over the budget fails the build with a report naming the page', async () => {
  const heavy = fixture();
  try {
    copyCode(heavy, ['islands', 'functions']);
    // 40 KB of incompressible data (a SHA-256 chain in base64) makes /process heavier than every budget allows.
    const blocks: Buffer[] = [createHash('sha256').update('seed').digest()];
    while (blocks.length * 32 < 30 * 1024) blocks.push(createHash('sha256').update(blocks[blocks.length - 1]).digest());
    const noise = Buffer.concat(blocks).toString('base64');
    const file = path.join(heavy.root, 'islands/demo-order.tsx');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("export function orderReference(): string {", `const noise = \`${noise}\`;\nexport function orderReference(): string {\n  if (noise.length === 0) return '';`));
    await build({ root: heavy.root, logger: silentLogger });
    assert.unreachable('the build should fail');
  } catch (error) {
    assert.instance(error, BuildFailure);
    const [problem] = (error as BuildFailure).errors;
    assert.is(problem.code, 'BUDGET_EXCEEDED');
    assert.is(problem.page, '/process');
    assert.is(problem.file, 'content/pages/process.json');
    assert.match(problem.headline, /^\/process \(content\/pages\/process\.json\) ships /);
    assert.match(problem.message, /^ships [\d.]+ KB in all \(budget 25\.0 KB\) of gzipped JavaScript$/);
    assert.match(problem.hint!, /Islands on the page: demo-order, review-popup/);
  } finally {
    heavy.remove();
  }
});

test.run();
