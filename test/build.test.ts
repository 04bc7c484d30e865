// The build as a whole: what it writes, that it writes the same bytes twice, that a failure leaves the last
// good output alone, and that dropping a content file in (or taking it out) changes every place it appears.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { build } from '../generator/build.ts';
import { StagedOutput } from '../generator/output/staged.ts';
import { finishRemovals, removeInBackground } from '../generator/output/cleanup.ts';
import { currentFile, lastOutput, readManifest, spareFolder, takeSpare, writeManifest, type Manifest } from '../generator/output/spare.ts';
import { generateProject } from '../bench/generate.ts';
import type { Entry } from '../generator/output/tree.ts';
import { compileTemplates } from '../generator/render/templates.ts';
import { resolveProject, toolRoot } from '../generator/project.ts';
import { BuildFailure } from '../generator/errors.ts';
import { silentLogger } from '../generator/log.ts';
import { copyCode, fixture, listFiles, type Fixture } from './helpers/project.ts';
import { failureOf } from './helpers/failure.ts';
import { headersFor, parseHeaders } from '../generator/output/header-rules.ts';

const test = suite('build');

let site: Fixture;
let out: string;

test.before(async () => {
  site = fixture();
  out = path.join(site.root, 'dist');
  await build({ root: site.root, logger: silentLogger });
});
test.after(() => site.remove());

const html = (rel: string) => fs.readFileSync(path.join(out, rel), 'utf8');

test('writes a page for every route, with clean-URL folders', () => {
  for (const file of ['index.html', 'services.html', 'services/passports.html', 'cities/gold-coast.html', 'languages.html', 'tagalog-filipino.html', 'cook-islands-maori.html', 'blog/naati-vs-standard-translations-differences.html', 'privacy-policy.html', 'terms.html', 'sitemap.html', 'admin/tawkto-setup.html', '404.html']) {
    assert.ok(fs.existsSync(path.join(out, file)), `${file} is missing`);
  }
  assert.not.ok(fs.existsSync(path.join(out, 'english.html')), 'the target language has no page');
});

test('every page is a complete document with lang, title, description and an absolute canonical address', () => {
  const page = html('services/passports.html');
  assert.match(page, /^<!doctype html><html lang="en-AU">/);
  assert.match(page, /<title>Passport Translation \| Details Pages &amp; Stamps<\/title>/);
  assert.match(page, /<meta name="description" content="[^"]{50,160}"\/>/);
  assert.match(page, /<link rel="canonical" href="https:\/\/www\.example\.com\/services\/passports"\/>/);
  assert.match(page, /<meta property="og:title" content="Passport Translation/);
  assert.match(page, /<meta name="twitter:card" content="summary_large_image"\/>/);
});

test('JSON-LD is parseable and escapes < so no string can close its script element', () => {
  const page = html('services/passports.html');
  const blocks = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]);
  assert.ok(blocks.length > 0);
  for (const block of blocks) {
    assert.not.ok(block.includes('<'), 'raw < in JSON-LD');
    JSON.parse(block);
  }
});

test('the admin page is noindex and left out of the sitemap; the sitemap lists absolute addresses with lastmod', () => {
  assert.match(html('admin/tawkto-setup.html'), /<meta name="robots" content="noindex, nofollow"\/>/);
  const sitemap = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
  assert.not.ok(sitemap.includes('/admin/'));
  assert.not.ok(sitemap.includes('/404'));
  assert.match(sitemap, /<loc>https:\/\/www\.example\.com\/services\/passports<\/loc><lastmod>2026-11-20<\/lastmod>/);
  assert.match(sitemap, /<loc>https:\/\/www\.example\.com\/blog\/naati-vs-standard-translations-differences<\/loc><lastmod>2026-09-22<\/lastmod>/);
  const pages = listFiles(out).filter((f) => f.endsWith('.html') && !f.startsWith('admin/') && !f.endsWith('404.html'));
  assert.is((sitemap.match(/<url>/g) ?? []).length, pages.length);
});

test('robots.txt names the sitemap; _redirects sends passports-ids to passports; _headers sets the security headers', () => {
  assert.match(fs.readFileSync(path.join(out, 'robots.txt'), 'utf8'), /Sitemap: https:\/\/www\.example\.com\/sitemap\.xml/);
  assert.match(fs.readFileSync(path.join(out, '_redirects'), 'utf8'), /^\/services\/passports-ids \/services\/passports 301$/m);
  const headers = fs.readFileSync(path.join(out, '_headers'), 'utf8');
  for (const name of ['Content-Security-Policy', 'X-Content-Type-Options: nosniff', 'Referrer-Policy', 'Permissions-Policy', 'Strict-Transport-Security', 'X-Frame-Options: DENY']) {
    assert.ok(headers.includes(name), name);
  }
  assert.match(headers, /\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
  assert.not.match(headers, /script-src[^;]*'unsafe-inline'/);
});

test("the not-found page, which the host sends at every address it has no file for, carries the pages' policy in its head", () => {
  // _headers rules are matched against the address asked for (/no-such-page), never /404: none of them reaches it.
  const pagePolicy = new Map(headersFor(parseHeaders(fs.readFileSync(path.join(out, '_headers'), 'utf8')), '/contact')).get('Content-Security-Policy')!;
  const page = html('404.html');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/.exec(page);
  assert.ok(meta, 'the not-found page has a policy of its own');
  // frame-ancestors is ignored (with a warning) in a document; X-Frame-Options on /* keeps the page out of frames.
  assert.is(meta![1], pagePolicy.replace(/; frame-ancestors 'none'$/, ''));
  assert.ok(meta!.index < page.search(/<link|<script/), 'before anything the page loads');
  assert.not.match(html('contact.html'), /http-equiv="Content-Security-Policy"/, 'a page the rules reach has one policy, not two');
});

test("the pages' policy allows what each third party's own CSP guide asks for, and no host nothing loads", () => {
  const policy = new Map(headersFor(parseHeaders(fs.readFileSync(path.join(out, '_headers'), 'utf8')), '/contact')).get('Content-Security-Policy')!;
  const directive = (name: string) => (new RegExp(`(?:^|; )${name} ([^;]+)`).exec(policy)?.[1].split(' ') ?? []).sort();
  const reviews = 'https://widget.reviews.example.net';
  // Google Analytics 4 through the tag manager (Google's "Use Tag Manager with a Content Security Policy").
  assert.equal(directive('img-src'), ["'self'", 'data:', reviews, 'https://*.tawk.to', 'https://*.google-analytics.com', 'https://*.googletagmanager.com'].sort());
  assert.equal(directive('connect-src'), ["'self'", reviews, 'https://*.tawk.to', 'wss://*.tawk.to', 'https://www.google.com', 'https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'].sort());
  // reCAPTCHA's frames (its FAQ), the chat's and the review widget's; not www.recaptcha.net, which the site never loads from.
  assert.equal(directive('frame-src'), ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/', 'https://*.tawk.to', reviews].sort());
  // The site's font is its own file; the chat brings its own.
  assert.equal(directive('font-src'), ["'self'", 'https://*.tawk.to'].sort());
  assert.not.match(policy, /fonts\.gstatic\.com|recaptcha\.net|www\.gstatic\.com(?!\/recaptcha\/)/, 'no host nothing on the pages loads');
});

test('the blog has an RSS feed linked from its pages', () => {
  const feed = fs.readFileSync(path.join(out, 'blog/feed.xml'), 'utf8');
  assert.match(feed, /<rss version="2\.0"/);
  assert.is((feed.match(/<item>/g) ?? []).length, 5);
  assert.match(html('blog.html'), /<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/blog\/feed\.xml"\/>/);
});

test("the feed's post bodies name the site's pages by full address: a feed reader has no page to resolve /pricing against", () => {
  const feed = fs.readFileSync(path.join(out, 'blog/feed.xml'), 'utf8');
  assert.match(feed, /href="https:\/\/www\.example\.com\/pricing"/);
  assert.not.match(feed, /(href|src)="\/(?!\/)/);
});

test("the feed names each post's writer in dc:creator: RSS's <author> must hold an email address, and posts give none", () => {
  const feed = fs.readFileSync(path.join(out, 'blog/feed.xml'), 'utf8');
  assert.not.match(feed, /<author>/);
  // The name as the post's structured data gives it, without the role shown under the post's heading.
  assert.match(feed, '<dc:creator>Priya Raman</dc:creator>');
  assert.is((feed.match(/<dc:creator>/g) ?? []).length, 5);
});

test("the feed resolves a post's page-relative links against the post's own address, as its page does", async () => {
  const own = fixture();
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  own.write(post, `${own.read(post)}\nSee [the questions we answer](../faq) and [a guide for legal work](choose-right-translation-service-legal-documents).\n`);
  try {
    await build({ root: own.root, logger: silentLogger });
    const feed = fs.readFileSync(path.join(own.root, 'dist/blog/feed.xml'), 'utf8');
    assert.match(feed, 'href="https://www.example.com/faq"');
    assert.match(feed, 'href="https://www.example.com/blog/choose-right-translation-service-legal-documents"');
    assert.not.match(feed, /(href|src)="(?![a-z]+:)/);
  } finally {
    own.remove();
  }
});

test("the feed's lastBuildDate is its newest change: an older post updated since the newest was published counts", async () => {
  const own = fixture();
  const post = 'content/blog/document-translation-guide-international-students.md';
  own.write(post, own.read(post).replace('date: "07/07/2026"\n', 'date: "07/07/2026"\nupdated: "02/11/2026"\n'));
  try {
    await build({ root: own.root, logger: silentLogger });
    const feed = fs.readFileSync(path.join(own.root, 'dist/blog/feed.xml'), 'utf8');
    assert.match(feed, '<lastBuildDate>Mon, 02 Nov 2026 00:00:00 GMT</lastBuildDate>');
    assert.match(fs.readFileSync(path.join(own.root, 'dist/sitemap.xml'), 'utf8'), '/blog/document-translation-guide-international-students</loc><lastmod>2026-11-02<');
  } finally {
    own.remove();
  }
});

test('assets have content-hashed names and pages refer to them', () => {
  const assets = listFiles(path.join(out, 'assets'));
  const css = assets.filter((f) => f.endsWith('.css'));
  assert.is(css.length, 1);
  assert.match(css[0], /^site\.[0-9a-f]{10}\.css$/);
  for (const file of assets) assert.match(file, file.startsWith('js/') ? /\.[A-Z0-9]{8}\.js$/ : /\.[0-9a-f]{10}(-\d+)?\.[a-z0-9]+$/, file);
  assert.ok(html('index.html').includes(`href="/assets/${css[0]}"`));
});

test('build output never carries the dev server reload client', () => {
  for (const file of listFiles(out).filter((f) => f.endsWith('.html'))) assert.not.ok(html(file).includes('__site'), file);
});

test('two builds of the same input are byte-identical', async () => {
  const second = path.join(site.root, 'dist-again');
  await build({ root: site.root, out: second, logger: silentLogger });
  assert.equal(listFiles(second), listFiles(out));
  assert.is(digest(second), digest(out));
  fs.rmSync(second, { recursive: true });
});

test('a SOURCE_DATE_EPOCH that names no date fails the build, naming the variable and its value, and the output stays as it was; an empty one is unset', async () => {
  const before = digest(out);
  const saved = process.env.SOURCE_DATE_EPOCH;
  try {
    for (const [value, problem] of [
      ['99999999999999', 'which is after the year 9999'],
      ['abc', 'which is not a whole number of seconds'],
      ['-5', 'which is not a whole number of seconds'],
      ['1764547200.5', 'which is not a whole number of seconds'],
    ]) {
      process.env.SOURCE_DATE_EPOCH = value;
      const errors = await failureOf(site, () => {});
      assert.equal(errors.map((e) => [e.code, e.headline]), [['BUILD_DATE_INVALID', `SOURCE_DATE_EPOCH is "${value}", ${problem}`]], value);
      assert.match(errors[0].hint!, /1764547200/);
    }
    assert.is(digest(out), before);
    process.env.SOURCE_DATE_EPOCH = '';
    await build({ root: site.root, logger: silentLogger });
    assert.is(digest(out), before, 'an empty SOURCE_DATE_EPOCH builds as an unset one');
  } finally {
    if (saved === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = saved;
  }
});

/** Every file and folder under a folder (folders with a trailing slash), so an empty folder left behind shows. */
function tree(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/') + (e.isDirectory() ? '/' : ''))
    .sort();
}

const digest = (dir: string) => {
  const hash = createHash('sha256');
  for (const file of listFiles(dir)) hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  return hash.digest('hex');
};

test('a rebuild starts from an earlier output: unchanged files keep their time, edits and tampering are put right', async () => {
  const mtime = (rel: string) => fs.statSync(path.join(out, rel)).mtimeMs;
  await build({ root: site.root, logger: silentLogger }); // the output before it becomes the spare
  const kept = mtime('privacy-policy.html');
  // Tamper with this output, which the build after next starts from.
  fs.writeFileSync(path.join(out, 'EXTRA.txt'), 'not from the build');
  fs.appendFileSync(path.join(out, 'cities/perth.html'), '<p>edited by hand');
  fs.rmSync(path.join(out, 'faq.html'));
  fs.mkdirSync(path.join(out, 'services/empty-folder/deeper'), { recursive: true });
  site.editJson('content/cities/sydney.json', (d) => (d.population = '5.4 million'));
  try {
    await build({ root: site.root, logger: silentLogger });
    await build({ root: site.root, logger: silentLogger });
    assert.match(html('cities/sydney.html'), /5\.4 million/);
    assert.is(mtime('privacy-policy.html'), kept, 'an unchanged page is not written again');
    const fresh = path.join(site.root, 'dist-fresh');
    await build({ root: site.root, out: fresh, logger: silentLogger, recycle: false });
    assert.equal(tree(out), tree(fresh));
    assert.is(digest(out), digest(fresh));
    fs.rmSync(fresh, { recursive: true });
  } finally {
    site.editJson('content/cities/sydney.json', (d) => (d.population = '5.3 million'));
  }
  await build({ root: site.root, logger: silentLogger });
  assert.match(html('cities/sydney.html'), /5\.3 million/);
});

test('front matter is parsed again when a post changes, even by one character of the same length', async () => {
  const rel = 'content/blog/choose-right-translation-service-legal-documents.md';
  const page = 'blog/choose-right-translation-service-legal-documents.html';
  const original = site.read(rel);
  assert.ok(fs.readdirSync(path.join(site.root, '.cache/content')).some((f) => /^files-\d+\.v8$/.test(f)), 'the loaded content is kept');
  try {
    site.write(rel, original.replace('title: "How to Choose', 'title: "How to Pick  '));
    await build({ root: site.root, logger: silentLogger });
    assert.match(html(page), /<h1[^>]*>How to Pick {3}the Right/);
    site.write(rel, original.replace('title: "How to Choose', 'title: "How to Chose '));
    await build({ root: site.root, logger: silentLogger });
    assert.match(html(page), /<h1[^>]*>How to Chose {2}the Right/);
  } finally {
    site.write(rel, original);
  }
  await build({ root: site.root, logger: silentLogger });
  assert.match(html(page), /<h1[^>]*>How to Choose the Right/);
});

test('the writer thread starts from the spare too: it writes what changed and removes what the new output lacks', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-writer-'));
  const target = path.join(root, 'out');
  const write = async (files: Record<string, string>) => {
    const output = new StagedOutput(target, { threaded: true, spare: path.join(root, 'spare') });
    for (const [file, text] of Object.entries(files)) output.emit(file, text);
    await output.commit();
    return output.stats;
  };
  // Files every output has with the same bytes, so that each spare is mostly current (one that is not is
  // dropped: the next test).
  const same = { 'k/1.txt': 'K', 'k/2.txt': 'K', 'k/3.txt': 'K' };
  try {
    const first = { ...same, 'a/index.html': 'A', 'b/index.html': 'B', 'c.txt': 'C' };
    assert.equal(await write(first), { written: 6, kept: 0, removed: 0 });
    // With no output before it, the first build leaves no spare; the next has none to start from.
    const spareTree = path.join(root, 'spare', 'tree');
    assert.not.ok(fs.existsSync(spareTree));
    assert.equal(await write(first), { written: 6, kept: 0, removed: 0 });
    // The output it replaced is the spare now, whole.
    assert.equal(tree(spareTree), tree(target));
    assert.equal(fs.readdirSync(root).sort(), ['out', 'spare'], 'no staging folder is left beside the output');
    // Starts from that spare: a and k are kept, b and d written, c removed; the spare's output stays whole.
    assert.equal(await write({ ...same, 'a/index.html': 'A', 'b/index.html': 'B2', 'd/x/y.txt': 'D' }), { written: 2, kept: 4, removed: 1 });
    assert.is(fs.readFileSync(path.join(spareTree, 'b/index.html'), 'utf8'), 'B', 'the replaced output, now the spare, is as it was');
    assert.ok(fs.existsSync(path.join(spareTree, 'c.txt')));
    fs.writeFileSync(path.join(target, 'extra.txt'), 'added by hand');
    // Starts from the first output: a and k are kept, b rewritten, c removed.
    assert.equal(await write({ ...same, 'a/index.html': 'A', 'b/index.html': 'B3' }), { written: 1, kept: 4, removed: 1 });
    // Starts from the second (with the hand-made file): d and its folders and extra.txt go.
    assert.equal(await write({ ...same, 'a/index.html': 'A', 'b/index.html': 'B3', 'e.txt': 'E' }), { written: 2, kept: 4, removed: 1 });
    assert.equal(tree(target), ['a/', 'a/index.html', 'b/', 'b/index.html', 'e.txt', 'k/', 'k/1.txt', 'k/2.txt', 'k/3.txt']);
    assert.is(fs.readFileSync(path.join(target, 'b/index.html'), 'utf8'), 'B3');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

for (const threaded of [false, true]) {
  test(`a first build leaves no spare; the next keeps pages from its output, and a build that fails leaves no folder (${threaded ? 'writer thread' : 'this thread'})`, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-first-'));
    const target = path.join(root, 'out');
    const spare = path.join(root, 'spare');
    try {
      const failed = new StagedOutput(target, { threaded, spare });
      failed.emit('a/index.html', 'A');
      await failed.discard();
      assert.equal(fs.readdirSync(root), [], 'no staging folder is left');

      const first = new StagedOutput(target, { threaded, spare });
      for (let i = 0; i < 20; i++) first.emit(`p/${i}/index.html`, `page ${i}`);
      await first.commit();
      assert.not.ok(fs.existsSync(path.join(spare, 'tree')), 'no spare: a cold build makes none');

      const next = new StagedOutput(target, { threaded, spare });
      for (let i = 0; i < 20; i++) assert.ok(i === 7 || next.keep(`p/${i}/index.html`));
      next.emit('p/7/index.html', 'page 7, edited');
      await next.commit();
      assert.equal(next.stats, { written: 20, kept: 0, removed: 0 }, 'each page kept is linked from the last output into an empty folder');
      assert.is(fs.readFileSync(path.join(target, 'p/7/index.html'), 'utf8'), 'page 7, edited');
      assert.equal(tree(path.join(spare, 'tree')), tree(target), 'the replaced output is the spare');
      assert.is(fs.readFileSync(path.join(spare, 'tree', 'p/7/index.html'), 'utf8'), 'page 7', 'the replaced output, linked to the new one, is unchanged');

      // An output restored as a copy (a host's build cache), with its spare: neither is the folder its manifest
      // names, so the copy's files are kept by their times, and no spare is kept (its copy would be no use).
      for (const dir of [target, path.join(spare, 'tree')]) {
        fs.cpSync(dir, `${dir}-copy`, { recursive: true, preserveTimestamps: true });
        fs.rmSync(dir, { recursive: true });
        fs.renameSync(`${dir}-copy`, dir);
      }
      const restored = new StagedOutput(target, { threaded, spare });
      for (let i = 0; i < 20; i++) assert.ok(restored.keep(`p/${i}/index.html`));
      await restored.commit();
      await finishRemovals();
      assert.equal(restored.stats, { written: 20, kept: 0, removed: 0 }, 'each page linked from the copy into an empty folder');
      assert.not.ok(fs.existsSync(path.join(spare, 'tree')), 'no spare: the copy was not ours');
      assert.equal(fs.readdirSync(root).sort(), ['out', 'spare']);
      assert.is(fs.readFileSync(path.join(target, 'p/7/index.html'), 'utf8'), 'page 7, edited');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

for (const threaded of [false, true]) {
  test(`the manifest records every folder's time, so a spare from an untouched output is not searched for strays (${threaded ? 'writer thread' : 'this thread'})`, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-folders-'));
    const target = path.join(root, 'out');
    const spare = path.join(root, 'spare');
    let before: Record<string, string> = {};
    // As a build would: what is as it was is kept from the last output, the rest emitted.
    const write = async (files: Record<string, string>) => {
      const output = new StagedOutput(target, { threaded, spare });
      for (const [file, text] of Object.entries(files)) if (before[file] !== text || !output.keep(file)) output.emit(file, text);
      await output.commit();
      await finishRemovals();
      before = files;
      return output.stats;
    };
    /** The folder times a manifest records are those of every folder in the tree it describes, and no others. */
    const recordsFolders = (dir: string, manifestFile: string, withRoot: boolean) => {
      const folders = new Map(readManifest(manifestFile)!.folders);
      const actual = tree(dir).filter((rel) => rel.endsWith('/')).map((rel) => rel.slice(0, -1));
      assert.equal([...folders.keys()].filter((rel) => rel !== '').sort(), actual, `the folders of ${path.basename(dir)}`);
      for (const rel of withRoot ? ['', ...actual] : actual) assert.is(folders.get(rel), fs.statSync(path.join(dir, rel)).mtimeMs, `the time of ${rel || 'the root'}`);
    };
    const check = async () => {
      recordsFolders(target, currentFile(spare), true);
      if (fs.existsSync(path.join(spare, 'tree'))) recordsFolders(path.join(spare, 'tree'), path.join(spare, 'tree.json'), false);
      assert.ok((await lastOutput(target, spare))!.complete, 'the output as the build left it is complete');
    };
    const same = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k/${i}/index.html`, 'K']));
    try {
      await write({ ...same, 'a/index.html': 'A', 'b/c/index.html': 'C', 'top.txt': 'T' });
      await check(); // no spare yet
      // Into an empty folder: a file changed, a folder and a file gone, a new folder two levels deep.
      await write({ ...same, 'a/index.html': 'A2', 'top.txt': 'T', 'n/m/index.html': 'N' });
      await check();
      // Taken from the first output, complete: what it lacks is made, what it has over is removed.
      assert.equal(await write({ ...same, 'a/index.html': 'A2', 'top.txt': 'T', 'n/m/index.html': 'N', 'b/c/index.html': 'C' }), { written: 2, kept: 10, removed: 0 });
      await check();
      // A file where a folder was, and a folder where a file was.
      await write({ ...same, 'a/index.html': 'A2', 'top.txt/x.html': 'X', 'n/m': 'M' });
      assert.is(fs.readFileSync(path.join(target, 'n/m'), 'utf8'), 'M', 'the file that replaced a folder of the spare is there');
      await check();
      // A stray added by hand deep in the output: the output is not complete, so once it is the spare it is
      // searched, and the stray does not ship.
      fs.writeFileSync(path.join(target, 'k/3/stray.html'), 'added by hand');
      assert.not.ok((await lastOutput(target, spare))!.complete, 'an output with a stray is not complete');
      await write({ ...same, 'a/index.html': 'A3', 'top.txt/x.html': 'X', 'n/m': 'M' });
      assert.is(readManifest(path.join(spare, 'tree.json'))!.folders, undefined, 'the spare made from it has no folder times');
      await write({ ...same, 'a/index.html': 'A4', 'top.txt/x.html': 'X', 'n/m': 'M' });
      assert.equal(tree(target), ['a/', 'a/index.html', 'k/', ...Object.keys(same).flatMap((f) => [f.slice(0, -'index.html'.length), f]), 'n/', 'n/m', 'top.txt/', 'top.txt/x.html'].sort());
      await check();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

for (const count of [12, 2100]) {
  test(`the last output (${count} files) is checked against its manifest before a build keeps any of it, when asked to check first`, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-last-'));
    const target = path.join(root, 'out');
    const spare = path.join(root, 'spare');
    try {
      const first = new StagedOutput(target, { threaded: true, spare });
      for (let i = 0; i < count; i++) first.emit(`p/${i}/index.html`, `page ${i}`);
      await first.commit();
      fs.appendFileSync(path.join(target, 'p/1/index.html'), ' edited by hand');
      fs.rmSync(path.join(target, 'p/2/index.html'));
      // Same size, another time: a copy that did not keep the time, or an edit that kept the size.
      fs.utimesSync(path.join(target, 'p/3/index.html'), new Date(), new Date(Date.now() - 60_000));
      const last = await lastOutput(target, spare);
      assert.ok(last);
      assert.is(last.manifest.files.length, count);
      assert.equal([...last.stale].sort(), ['p/1/index.html', 'p/2/index.html', 'p/3/index.html']);

      const next = new StagedOutput(target, { threaded: true, spare, checkFirst: true });
      assert.is(next.keep('p/1/index.html'), false);
      assert.is(next.keep('p/2/index.html'), false);
      assert.is(next.keep('p/3/index.html'), false);
      assert.is(next.keep('p/4/index.html'), true);
      await next.discard();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

test('the build after a cold one links each page it keeps from the last output, and a failed build leaves no staging folder', async () => {
  // Enough posts for the writer thread (threadedFrom).
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-staged-build-'));
  try {
    generateProject(root, toolRoot, 650);
    const dist = path.join(root, 'dist');
    const spareTree = path.join(spareFolder(resolveProject(root), dist), 'tree');
    await build({ root, logger: silentLogger });
    assert.ok(listFiles(dist).length > 700);
    assert.not.ok(fs.existsSync(spareTree), 'a cold build leaves no spare');
    const before = new Map(listFiles(dist).map((file) => [file, fs.statSync(path.join(dist, file)).ino]));

    const post = path.join(root, 'content/blog/guide-7.md');
    fs.appendFileSync(post, '\nA sentence added to the seventh guide.\n');
    const edited = await build({ root, logger: silentLogger });
    assert.match(edited.summary, /\(1 rendered, \d+ kept\)/);
    // No spare to start from: every page is placed in an empty folder, the kept ones as links.
    assert.ok(edited.writes && edited.writes.kept === 0 && edited.writes.written > 700, JSON.stringify(edited.writes));
    assert.match(fs.readFileSync(path.join(dist, 'blog/guide-7.html'), 'utf8'), /A sentence added to the seventh guide\./);
    // Each page kept is the very file of the last output, linked; the replaced output is the spare now.
    const other = 'blog/guide-8.html';
    assert.is(fs.statSync(path.join(dist, other)).ino, before.get(other));
    assert.equal(listFiles(dist), [...before.keys()]);
    assert.ok(fs.existsSync(spareTree));
    assert.equal(fs.readdirSync(root).filter((name) => name.startsWith('dist.')), [], 'no staging folder is left beside the output');

    // Without a spare, a build that fails makes its staging folder all the same, and removes it.
    fs.rmSync(spareTree, { recursive: true });
    fs.writeFileSync(post, fs.readFileSync(post, 'utf8').replace(/^title: .*$/m, 'title: [unclosed'));
    await build({ root, logger: silentLogger }).then(
      () => assert.unreachable('the build should fail'),
      (error) => assert.instance(error, BuildFailure),
    );
    await finishRemovals();
    assert.equal(fs.readdirSync(root).filter((name) => name.startsWith('dist.')), [], 'the failed build left no staging folder');
    assert.match(fs.readFileSync(path.join(dist, 'blog/guide-7.html'), 'utf8'), /A sentence added to the seventh guide\./, 'the last good output is untouched');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('with no output, or none this tool left, there is no last output to check', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-last-'));
  try {
    assert.is(await lastOutput(path.join(root, 'out'), path.join(root, 'spare')), undefined);
    fs.mkdirSync(path.join(root, 'out'));
    assert.is(await lastOutput(path.join(root, 'out'), path.join(root, 'spare')), undefined);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a spare that holds less than half of the current output as it is is not taken: the build starts empty', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-spare-'));
  const spare = path.join(root, 'spare');
  const entry = (text: string): Entry => [createHash('sha1').update(text).digest('base64url'), text.length, 0];
  const make = (files: Record<string, string>) => {
    fs.mkdirSync(path.join(spare, 'tree'), { recursive: true });
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(spare, 'tree', file), text);
    writeManifest(path.join(spare, 'tree.json'), { ino: fs.statSync(path.join(spare, 'tree')).ino, files: Object.entries(files).map(([file, text]) => [file, entry(text)]) });
  };
  const current = (files: Record<string, string>): Manifest => ({ ino: 0, files: Object.entries(files).map(([file, text]) => [file, entry(text)]) });
  try {
    make({ 'a.txt': 'A', 'b.txt': 'B', 'c.txt': 'C' });
    assert.ok(takeSpare(spare, path.join(root, 'staging-1'), current({ 'a.txt': 'A', 'b.txt': 'B', 'c.txt': 'C2' })), 'two of three the same: taken');
    assert.ok(fs.existsSync(path.join(root, 'staging-1', 'a.txt')));
    make({ 'a.txt': 'A', 'b.txt': 'B', 'c.txt': 'C' });
    assert.is(takeSpare(spare, path.join(root, 'staging-2'), current({ 'a.txt': 'A2', 'b.txt': 'B2', 'c.txt': 'C' })), undefined, 'one of three the same: not taken');
    assert.not.ok(fs.existsSync(path.join(root, 'staging-2')));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('compiled templates are reused while their sources are unchanged, the form schema they embed included', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-templates-'));
  try {
    fs.mkdirSync(path.join(root, 'content'));
    fs.cpSync(path.resolve('functions'), path.join(root, 'functions'), { recursive: true });
    const project = resolveProject(root);
    const first = await compileTemplates(project);
    const again = await compileTemplates(project);
    assert.ok(again.cached, 'the second compile reuses the first');
    assert.is(again.hash, first.hash);
    assert.ok(again.inputs.every((file) => fs.existsSync(file)), 'every input is a real file');
    const schema = path.join(root, 'functions/enquiry.schema.json');
    fs.writeFileSync(schema, fs.readFileSync(schema, 'utf8').replace('"maxLength": 100,', '"maxLength": 120,'));
    const changed = await compileTemplates(project);
    assert.not.ok(changed.cached, 'a schema edit compiles again');
    assert.is.not(changed.hash, first.hash);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a failed build leaves the previous output untouched and no staging folder behind', async () => {
  const before = listFiles(out);
  const index = html('index.html');
  site.editJson('content/cities/perth.json', (d) => (d.population = 2300000));
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.unreachable('the build should fail');
  } catch (error) {
    assert.instance(error, BuildFailure);
  }
  assert.equal(listFiles(out), before);
  assert.is(html('index.html'), index);
  assert.equal(fs.readdirSync(site.root).filter((n) => n.startsWith('dist.')), []);
  site.editJson('content/cities/perth.json', (d) => (d.population = '2.3 million'));
});

test('two sources of one output file (OUTPUT_TWICE: one picture saved as twin.jpg and twin.jpeg) are both named, and the output stays as it was', async () => {
  const g = fixture();
  copyCode(g, ['assets']);
  const { default: sharp } = await import('sharp');
  const jpg = path.join(g.root, 'assets/images/cities/twin.jpg');
  await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } }).jpeg().toFile(jpg);
  try {
    await build({ root: g.root, logger: silentLogger });
    const before = listFiles(path.join(g.root, 'dist'));
    const [twice] = await failureOf(g, () => fs.copyFileSync(jpg, path.join(g.root, 'assets/images/cities/twin.jpeg')));
    assert.is(twice.code, 'OUTPUT_TWICE');
    assert.match(twice.headline, /^assets\/images\/cities\/twin\.\w+-40\.jpg is written twice, by assets\/images\/cities\/twin\.jpeg and assets\/images\/cities\/twin\.jpg: /);
    assert.match(twice.hint!, /rename or remove one of the two/);
    assert.equal(listFiles(path.join(g.root, 'dist')), before);
  } finally {
    g.remove();
  }
});

test('a named pipe where the build reads a file fails it, naming the file, rather than waiting for ever; the output stays as it was', async () => {
  const own = fixture();
  copyCode(own, ['assets', 'templates', 'islands', 'functions']);
  const ownOut = path.join(own.root, 'dist');
  // esbuild and lightningcss would wait on a pipe a template or main.css imports, and on any island; esbuild, ajv
  // and the compile caches on the form's schema and on a file a template imports from another folder.
  const importedBy: Record<string, [string, string]> = {
    'assets/css/pipe.css': ['assets/css/main.css', '@import "./pipe.css";\n'],
    'templates/pipe.tsx': ['templates/index.tsx', "import './pipe.tsx';\n"],
    'shared/pipe.json': ['templates/index.tsx', "import '../shared/pipe.json';\n"],
  };
  try {
    await build({ root: own.root, logger: silentLogger });
    const before = listFiles(ownOut);
    const index = fs.readFileSync(path.join(ownOut, 'index.html'), 'utf8');
    // Each named as content errors are, from the project's folder.
    for (const rel of ['content/blog/pipe.md', 'content/schemas/pipe.schema.json', 'assets/css/pipe.css', 'templates/pipe.tsx', 'islands/pipe.ts', 'functions/enquiry.schema.json', 'shared/pipe.json']) {
      const abs = path.join(own.root, rel);
      const original = fs.existsSync(abs) ? own.read(rel) : undefined;
      fs.rmSync(abs, { force: true });
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      execFileSync('mkfifo', [abs]);
      const [importer, line] = importedBy[rel] ?? [];
      const text = importer && own.read(importer);
      if (importer) own.write(importer, text + line);
      const errors = await build({ root: own.root, logger: silentLogger }).then(() => [], (error: BuildFailure) => error.errors);
      fs.rmSync(abs);
      if (original !== undefined) own.write(rel, original);
      if (importer) own.write(importer, text);
      assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [`NOT_A_FILE ${rel} is not a regular file (a named pipe)`], rel);
    }
    assert.equal(listFiles(ownOut), before);
    assert.is(fs.readFileSync(path.join(ownOut, 'index.html'), 'utf8'), index);
    assert.equal(fs.readdirSync(own.root).filter((n) => n.startsWith('dist.')), []);
    // A file the last compile read, since replaced by a pipe: the check of the kept compile must not wait on it.
    own.write('shared/data.json', '{}');
    own.write('templates/index.tsx', own.read('templates/index.tsx') + "import '../shared/data.json';\n");
    await build({ root: own.root, logger: silentLogger });
    fs.rmSync(path.join(own.root, 'shared/data.json'));
    execFileSync('mkfifo', [path.join(own.root, 'shared/data.json')]);
    const errors = await build({ root: own.root, logger: silentLogger }).then(() => [], (error: BuildFailure) => error.errors);
    assert.equal(errors.map((e) => `${e.code} ${e.headline}`), ['NOT_A_FILE shared/data.json is not a regular file (a named pipe)']);
  } finally {
    own.remove();
  }
});

test('a staging folder left by a killed build is removed by the next build', async () => {
  const stale = path.join(site.root, 'dist.tmp-999999-abc');
  fs.mkdirSync(path.join(stale, 'services'), { recursive: true });
  fs.writeFileSync(path.join(stale, 'index.html'), 'half a site');
  await build({ root: site.root, logger: silentLogger });
  assert.not.ok(fs.existsSync(stale));
});

test('the last output, left aside by a build killed between the two renames of its commit, is put back, not deleted', async () => {
  const before = listFiles(out);
  const index = html('index.html');
  // The moment between the renames: the output moved aside under a process that has ended, the new one not yet in place.
  const aside = path.join(site.root, 'dist.old-999999-abc');
  fs.renameSync(out, aside);
  const file = path.join(site.root, 'templates/pages/home.tsx');
  copyCode(site);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('const copy = site.pages.home;', "const copy = site.pages.home;\n  if (copy) throw new Error('broken on purpose');"));
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.unreachable('the build should fail');
  } catch (error) {
    assert.is((error as BuildFailure).errors?.[0].code, 'RENDER_FAILED');
  } finally {
    for (const part of ['templates', 'islands', 'functions']) fs.rmSync(path.join(site.root, part), { recursive: true });
  }
  assert.not.ok(fs.existsSync(aside));
  assert.equal(listFiles(out), before);
  assert.is(html('index.html'), index);
});

test('a render failure also leaves the previous output untouched', async () => {
  const before = html('index.html');
  copyCode(site);
  const file = path.join(site.root, 'templates/pages/home.tsx');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('const copy = site.pages.home;', "const copy = site.pages.home;\n  if (copy) throw new Error('broken on purpose');"));
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.unreachable('the build should fail');
  } catch (error) {
    assert.instance(error, BuildFailure);
    assert.is((error as BuildFailure).errors[0].code, 'RENDER_FAILED');
  } finally {
    for (const part of ['templates', 'islands', 'functions']) fs.rmSync(path.join(site.root, part), { recursive: true });
  }
  assert.is(html('index.html'), before);
});

test('templates that do not export what the generator needs fail the build naming the file and the export, not with a stack', async () => {
  const before = html('index.html');
  copyCode(site);
  const file = path.join(site.root, 'templates/index.tsx');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^export \{ social \} from .*$/m, ''));
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.unreachable('the build should fail');
  } catch (error) {
    assert.instance(error, BuildFailure);
    assert.equal((error as BuildFailure).errors.map((e) => [e.code, e.file, e.headline]), [['TEMPLATE_MISSING_EXPORT', 'templates/index.tsx', 'templates/index.tsx does not export social']]);
  } finally {
    for (const part of ['templates', 'islands', 'functions']) fs.rmSync(path.join(site.root, part), { recursive: true });
  }
  assert.is(html('index.html'), before);
});

test('the checks across files are skipped only while what they read is unchanged: an image taken away fails the next build', async () => {
  const own = fixture();
  try {
    fs.cpSync(path.join(process.cwd(), 'assets'), path.join(own.root, 'assets'), { recursive: true });
    await build({ root: own.root, logger: silentLogger });
    await build({ root: own.root, logger: silentLogger });
    fs.rmSync(path.join(own.root, 'assets/images/cities/adelaide.svg'));
    try {
      await build({ root: own.root, logger: silentLogger });
      assert.unreachable('the build should fail');
    } catch (error) {
      assert.instance(error, BuildFailure);
      assert.equal(
        (error as BuildFailure).errors.map((e) => [e.code, e.file]),
        [['CONTENT_MISSING_IMAGE', 'content/cities/adelaide.json']],
      );
    }
  } finally {
    own.remove();
  }
});

test('dropping in a city creates its page and adds it to the index, the sitemaps and nowhere else', async () => {
  const city = site.json('content/cities/geelong.json') as Record<string, any>;
  site.write(
    'content/cities/ballarat.json',
    JSON.stringify({ ...city, name: 'Ballarat', order: 13, population: '120,000', suburbs: 'Wendouree, Sebastopol, Alfredton and every suburb in between', seo: { title: 'Certified Translations Ballarat | 100% Online', description: 'NAATI certified translations for Ballarat residents, ordered online and delivered by email as a secure PDF. Same price for every language.' } }, null, 2),
  );
  await build({ root: site.root, logger: silentLogger });
  assert.match(html('cities/ballarat.html'), /NAATI Certified Translations in Ballarat/);
  assert.match(html('cities.html'), /href="\/cities\/ballarat"/);
  assert.match(html('sitemap.html'), /href="\/cities\/ballarat"/);
  assert.match(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), /<loc>https:\/\/www\.example\.com\/cities\/ballarat<\/loc>/);

  site.write('content/cities/ballarat.json', null);
  await build({ root: site.root, logger: silentLogger });
  assert.not.ok(fs.existsSync(path.join(out, 'cities/ballarat')));
  assert.not.match(html('cities.html'), /ballarat/);
  assert.not.match(html('sitemap.html'), /ballarat/);
  assert.not.match(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), /ballarat/);
});

test('dropping in a popular language puts it in the language index, the picker group, menus and sitemaps', async () => {
  site.write(
    'content/languages/tetum.json',
    JSON.stringify({ $schema: '../schemas/language.schema.json', code: 'tet', name: 'Tetum', nativeName: 'Tetun', region: 'Asia', countryCode: 'tl', order: 71 }, null, 2),
  );
  await build({ root: site.root, logger: silentLogger });
  assert.match(html('tetum.html'), /<title>Tetum NAATI Certified Translation Services \| From \$44\.95 \+ Service Fee \(\$54\.90 in total\)<\/title>/);
  assert.match(html('languages.html'), /href="\/tetum"/);
  assert.match(html('sitemap.html'), /href="\/tetum"/);
  assert.match(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), /\/tetum</);
  assert.not.match(html('index.html'), /href="\/tetum"/, 'not popular: not on the home page picker default tab or menus');

  site.write('content/languages/tetum.json', null);
  await build({ root: site.root, logger: silentLogger });
  assert.not.ok(fs.existsSync(path.join(out, 'tetum')));
  assert.not.match(html('languages.html'), /tetum/);
});

test('dropping in a service and a blog post adds them to their indexes and sitemaps; removing them takes them out', async () => {
  const service = site.json('content/services/payslips.json') as Record<string, any>;
  site.write('content/services/tax-returns.json', JSON.stringify({ ...service, order: 25, title: 'Tax Return Translation', card: { ...service.card, title: 'Tax Returns' }, seo: { title: 'Tax Return Translation | NAATI Certified', description: 'NAATI certified translation of overseas tax returns and assessments for visas, loans and Services Australia. Same price for every language.' } }, null, 2));
  const post = site.read('content/blog/naati-vs-standard-translations-differences.md').replace(/title: "[^"]+"/, 'title: "How to Read a Certified Translation"').replace(/\n {2}title: "[^"]+"/, '\n  title: "How to Read a Certified Translation"');
  site.write('content/blog/how-to-read-a-certified-translation.md', post);
  await build({ root: site.root, logger: silentLogger });
  assert.match(html('services.html'), /href="\/services\/tax-returns"/);
  assert.match(html('blog.html'), /href="\/blog\/how-to-read-a-certified-translation"/);
  assert.match(fs.readFileSync(path.join(out, 'blog/feed.xml'), 'utf8'), /how-to-read-a-certified-translation/);
  assert.match(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), /\/services\/tax-returns</);

  site.write('content/services/tax-returns.json', null);
  site.write('content/blog/how-to-read-a-certified-translation.md', null);
  await build({ root: site.root, logger: silentLogger });
  assert.not.match(html('services.html'), /tax-returns/);
  assert.not.match(html('blog.html'), /how-to-read/);
  assert.not.match(fs.readFileSync(path.join(out, 'blog/feed.xml'), 'utf8'), /how-to-read/);
});

test('a post dated the ISO way, or with a YAML date or timestamp, is shown as dd/mm/yyyy and dated yyyy-mm-dd in the sitemap', async () => {
  const post = site
    .read('content/blog/naati-vs-standard-translations-differences.md')
    .replace(/title: "[^"]+"/, 'title: "Dates as People Write Them"')
    .replace(/\n {2}title: "[^"]+"/, '\n  title: "Dates as People Write Them"')
    .replace('date: "22/09/2026"', 'date: 2026-09-23\nupdated: 2026-10-01T09:30:00+10:00');
  site.write('content/blog/dates-as-people-write-them.md', post);
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.match(html('blog.html'), /<time dateTime="2026-09-23">23\/09\/2026<\/time>|<time datetime="2026-09-23">23\/09\/2026<\/time>/);
    assert.match(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), /dates-as-people-write-them\/?<\/loc>\s*<lastmod>2026-10-01</);
  } finally {
    site.write('content/blog/dates-as-people-write-them.md', null);
  }
});

test('a post from before the year 1000 is dated with four digits (0999) in every output, and is the oldest', async () => {
  const post = site
    .read('content/blog/naati-vs-standard-translations-differences.md')
    .replace(/title: "[^"]+"/, 'title: "An Old Charter"')
    .replace(/\n {2}title: "[^"]+"/, '\n  title: "An Old Charter"')
    .replace('date: "22/09/2026"', 'date: "18/08/0999"\nupdated: 0999-09-22');
  site.write('content/blog/an-old-charter.md', post);
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.match(html('blog.html'), /<time dateTime="0999-08-18">18\/08\/0999<\/time>/);
    const page = html('blog/an-old-charter.html');
    assert.match(page, /"datePublished":"0999-08-18","dateModified":"0999-09-22"/);
    assert.match(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), /an-old-charter<\/loc><lastmod>0999-09-22</);
    assert.not.match(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), /blog<\/loc><lastmod>0999/, 'the blog is as new as its newest post');
    const feed = fs.readFileSync(path.join(out, 'blog/feed.xml'), 'utf8');
    assert.not.match(feed, /Invalid Date/);
    const last = feed.split('<item>').at(-1)!;
    assert.match(last, /an-old-charter/, 'the last item');
    assert.match(last, /<pubDate>Sun, 18 Aug 0999 00:00:00 GMT<\/pubDate>/);
  } finally {
    site.write('content/blog/an-old-charter.md', null);
  }
});

test('a content file that starts with a byte-order mark builds as the same file without one', async () => {
  const files = ['content/cities/perth.json', 'content/blog/naati-vs-standard-translations-differences.md', 'content/facts.json'];
  // The editor's data reads the fact files too: with a mark, their facts were missing from its picker.
  const pages = ['cities/perth.html', 'blog/naati-vs-standard-translations-differences.html', 'admin/editor.json'];
  await build({ root: site.root, logger: silentLogger });
  const before = pages.map(html);
  const texts = files.map((rel) => site.read(rel));
  try {
    files.forEach((rel, i) => site.write(rel, `\uFEFF${texts[i]}`));
    await build({ root: site.root, logger: silentLogger });
    pages.forEach((page, i) => assert.ok(html(page) === before[i], `${page} differs`));
  } finally {
    files.forEach((rel, i) => site.write(rel, texts[i]));
  }
});

test('a U+FFFD written in a UTF-8 file is a character like any other, not a sign of another encoding', async () => {
  const file = 'content/blog/naati-vs-standard-translations-differences.md';
  const text = site.read(file);
  try {
    site.write(file, text.replace(/\n\n([A-Z])/, '\n\nThe sign \uFFFD marks an unreadable character. $1'));
    await build({ root: site.root, logger: silentLogger });
    assert.ok(html('blog/naati-vs-standard-translations-differences.html').includes('The sign \uFFFD marks an unreadable character.'));
  } finally {
    site.write(file, text);
  }
});

test('a service in the navigation menu set appears in the header menus; national ID only in the mobile one', () => {
  const page = html('index.html');
  const desktop = /<nav class="nav-desktop"[\s\S]*?<\/nav>/.exec(page)![0];
  const mobile = /<nav class="nav-mobile-panel"[\s\S]*?<\/nav>/.exec(page)![0];
  assert.match(desktop, /href="\/services\/birth-certificates"/);
  assert.not.match(desktop, /href="\/services\/national-id-card"/);
  assert.match(mobile, /href="\/services\/national-id-card"/);
});

test('a replaced output is deleted even where no rm command can be started (the background rm fails to spawn)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-rm-'));
  const old = path.join(dir, 'dist.old');
  fs.mkdirSync(path.join(old, 'blog'), { recursive: true });
  fs.writeFileSync(path.join(old, 'blog', 'index.html'), 'old page');
  // spawn() reports a missing command later, as an 'error' event, not by throwing.
  const savedPath = process.env.PATH;
  process.env.PATH = path.join(dir, 'no-bin');
  try {
    removeInBackground(old);
  } finally {
    process.env.PATH = savedPath;
  }
  await finishRemovals();
  assert.not.ok(fs.existsSync(old), 'the folder is still there');
  fs.rmSync(dir, { recursive: true, force: true });
});

test.run();
