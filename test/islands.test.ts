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
import { budgets } from '../generator/render/page-scripts.ts';
import { copyCode, fixture, type Fixture } from './helpers/project.ts';

const test = suite('islands');
let site: Fixture;
let result: BuildResult;
const html = (file: string) => fs.readFileSync(path.join(site.root, 'dist', file), 'utf8');

test.before(async () => {
  site = fixture();
  result = await build({ root: site.root, logger: silentLogger });
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
  for (const file of ['index.html', 'blog/index.html', 'process/index.html']) {
    for (const [, props] of html(file).matchAll(/data-props="([^"]*)"/g)) assert.not.ok(props.includes('<'), file);
  }
});

test('pages with islands load the loader as a module script; every page loads the small site script; none blocks rendering', () => {
  const home = html('index.html');
  assert.match(home, /<script type="module" src="\/assets\/js\/loader\.[A-Z0-9]+\.js"><\/script><\/head>/);
  for (const file of ['index.html', 'services/passports/index.html', 'chinese/index.html']) {
    const page = html(file);
    const scripts = [...page.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    for (const tag of scripts) assert.ok(/type="(module|application\/json|application\/ld\+json)"/.test(tag), `${file}: ${tag}`);
    assert.match(page, /<script type="module" src="\/assets\/js\/site\.[A-Z0-9]+\.js"><\/script>/);
  }
});

test('islands that wake later are not preloaded', () => {
  assert.not.match(html('index.html'), /rel="modulepreload"/);
});

test('the summary reports JavaScript per page type, within budget', () => {
  const weights = result.summary;
  assert.ok(weights.length > 0);
  for (const file of ['index.html', 'blog/index.html', 'process/index.html', 'services/passports/index.html']) {
    const page = html(file);
    const urls = [...page.matchAll(/(?:src|href)="(\/assets\/js\/[^"]+)"/g)].map((m) => m[1]);
    const atLoad = [...page.matchAll(/<script type="module" src="(\/assets\/js\/[^"]+)"/g)].map((m) => m[1]);
    const gz = (url: string) => gzipSync(fs.readFileSync(path.join(site.root, 'dist', url))).length;
    assert.ok(atLoad.reduce((n, u) => n + gz(u), 0) < budgets.load, file);
    assert.ok(urls.length >= 1);
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
    assert.is(problem.file, '/process');
    assert.match(problem.message, /^ships [\d.]+ KB in all \(budget 25\.0 KB\) of gzipped JavaScript$/);
    assert.match(problem.hint!, /Islands on the page: demo-order, review-popup/);
  } finally {
    heavy.remove();
  }
});

test.run();
