// Markdown rendering: correct HTML, a content-addressed cache that is reused and never stale, and worker
// threads that give the same result as rendering in the main thread. Also the bundle patches
// (bin/bundle-patches.js): remark bundled with them writes what it does unpatched.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MarkdownSession, markdownRuntime } from '../generator/markdown/render.ts';
import { BuildFailure } from '../generator/errors.ts';
import { markdownWorkers } from '../generator/markdown/threads.ts';
import { resolveProject, toolRoot, type Project } from '../generator/project.ts';
import { loadEsbuild, stopEsbuild } from '../generator/esbuild.ts';
import { markdownToHtml } from '../generator/markdown/processor.ts';
import { patchPlugin, patchSource, patches } from '../bin/bundle-patches.js';

const test = suite('markdown');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-markdown-'));
fs.mkdirSync(path.join(root, 'content'));
const project = resolveProject(root);
test.after(() => fs.rmSync(root, { recursive: true, force: true }));
// Two worker threads for large batches whatever the machine's core count, so every test means the same on
// one core as on sixteen.
process.env.SITE_MARKDOWN_THREADS = '2';

/** Renders texts and saves the cache in one go, as a build does: the HTML is taken before saving lets it go. */
async function renderMarkdown(project: Project, texts: string[]) {
  const session = new MarkdownSession(project);
  await session.render(texts);
  const html = new Map(texts.map((text) => [text, session.html.get(text)]));
  session.save();
  return { html, stats: session.stats };
}

const post = (n: number) => `## Section ${n}\n\nParagraph with **bold**, *italic* and [a link](/services).\n\n- one\n- two ${n}\n`;

test('renders Markdown to HTML', async () => {
  const { html } = await renderMarkdown(project, ['# Title\n\nSome *text* and a [link](/contact).\n\n- a\n- b']);
  assert.is(html.get('# Title\n\nSome *text* and a [link](/contact).\n\n- a\n- b'), '<h1>Title</h1>\n<p>Some <em>text</em> and a <a href="/contact">link</a>.</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>');
});

test('a second build takes everything from the cache, even in a new process', async () => {
  const texts = [post(1), post(2), post(3)];
  const first = await renderMarkdown(project, texts);
  assert.is(first.stats.rendered, 3);
  const second = await renderMarkdown(project, texts);
  assert.equal(second.stats, { total: 3, cached: 3, rendered: 0, workers: 0, rescued: 0 });
  assert.ok(fs.readdirSync(path.join(root, '.cache/markdown')).some((f) => /^rendered-\d+\.v8$/.test(f)), 'the cache is on disk');
});

test("saving lets go of the session's HTML, which stays in the cache for the next build", async () => {
  const session = new MarkdownSession(project);
  await session.render([post(50)]);
  assert.match(session.html.get(post(50))!, /<h2>Section 50<\/h2>/);
  session.save();
  assert.is(session.html.get(post(50)), undefined);
  assert.is((await renderMarkdown(project, [post(50)])).stats.cached, 1);
});

test('changed text is rendered again, never served from the cache', async () => {
  const changed = post(1).replace('bold', 'strong');
  const { html, stats } = await renderMarkdown(project, [changed]);
  assert.is(stats.rendered, 1);
  assert.match(html.get(changed)!, /<strong>strong<\/strong>/);
});

test('large batches render in worker threads with the same result as the main thread', async () => {
  const texts = Array.from({ length: 400 }, (_, i) => post(1000 + i));
  const { html, stats } = await renderMarkdown(project, texts);
  assert.is(stats.rendered, 400);
  assert.is(stats.workers, 2);
  const direct = await renderMarkdown(resolveProject(fs.mkdtempSync(path.join(os.tmpdir(), 'site-markdown-'))), texts.slice(0, 3));
  for (const text of texts.slice(0, 3)) assert.is(html.get(text), direct.html.get(text));
  assert.match(html.get(texts[399])!, /<li>two 1399<\/li>/);
});

test('texts asked for while the workers are busy are rendered on this thread, all of them, correctly', async () => {
  const session = new MarkdownSession(project);
  const posts = Array.from({ length: 400 }, (_, i) => post(5000 + i));
  const others = Array.from({ length: 200 }, (_, i) => post(9000 + i));
  const ready: string[] = [];
  await Promise.all([session.render(posts), session.render(others, (texts) => ready.push(...texts))]);
  assert.is(session.stats.workers, 2, 'the posts went to workers');
  assert.is(session.stats.rendered, 600);
  assert.equal(ready.sort(), [...others].sort(), 'every other text was handed over');
  assert.match(session.html.get(others[7])!, /<h2>Section 9007<\/h2>/);
  assert.match(session.html.get(posts[399])!, /<li>two 5399<\/li>/);
});

/** Every slug the feed hands over, in the order it does. */
async function fedSlugs(ready: AsyncIterable<string[]>): Promise<string[]> {
  const slugs: string[] = [];
  for await (const batch of ready) slugs.push(...batch);
  return slugs;
}

test('posts fed one at a time: each slug arrives once, in workers, with the HTML render() gives', async () => {
  const cachedBody = post(3);
  await renderMarkdown(project, [cachedBody]);
  const session = new MarkdownSession(project);
  const feed = session.feed();
  const arrived = fedSlugs(feed.ready);
  const bodies = new Map<string, string>();
  for (let i = 0; i < 400; i++) bodies.set(`post-${i}`, post(20000 + i));
  // Two posts with one body, and one whose body is in the cache.
  bodies.set('twin-a', post(29999));
  bodies.set('twin-b', post(29999));
  bodies.set('cached', cachedBody);
  for (const [slug, body] of bodies) feed.add(slug, body);
  // Texts asked for while the feed's workers run are rendered here, as with render().
  const others = session.render([post(31000), post(31001)]);
  feed.close();
  await others;
  assert.equal((await arrived).sort(), [...bodies.keys()].sort());
  assert.is(session.stats.workers, 2);
  assert.equal({ total: session.stats.total, cached: session.stats.cached, rendered: session.stats.rendered }, { total: 404, cached: 1, rendered: 403 });
  for (const slug of ['post-0', 'post-399', 'twin-b', 'cached']) assert.is(session.html.get(bodies.get(slug)!), markdownToHtml(bodies.get(slug)!));
  assert.is(session.html.get(post(31001)), markdownToHtml(post(31001)));
});

test('a few posts fed are rendered on this thread once the feed closes', async () => {
  const session = new MarkdownSession(project);
  const feed = session.feed();
  const arrived = fedSlugs(feed.ready);
  for (let i = 0; i < 20; i++) feed.add(`small-${i}`, post(30000 + i));
  feed.close();
  assert.is((await arrived).length, 20);
  assert.is(session.stats.workers, 0);
  assert.is(session.html.get(post(30007)), markdownToHtml(post(30007)));
});

test('posts fed and render() given the same texts use as many threads: 200 texts, two threads either way', async () => {
  const texts = Array.from({ length: 200 }, (_, i) => post(32000 + i));
  const fed = new MarkdownSession(project);
  const feed = fed.feed();
  const arrived = fedSlugs(feed.ready);
  texts.forEach((text, i) => feed.add(`two-${i}`, text));
  feed.close();
  assert.is((await arrived).length, 200);
  const rendered = new MarkdownSession(resolveProject(fs.mkdtempSync(path.join(os.tmpdir(), 'site-markdown-'))));
  await rendered.render(texts);
  assert.equal([fed.stats.workers, rendered.stats.workers], [2, 2]);
  for (const text of [texts[0], texts[199]]) assert.is(fed.html.get(text), rendered.html.get(text));
});

test('worker threads: one per 150 texts, up to four, leaving the main thread a core while it renders pages', () => {
  const on = (cores: number) => ({ cores });
  // Waiting for the texts (render()), every core; rendering pages meanwhile (posts, feed), all but one.
  assert.equal([markdownWorkers(4000, false, on(2)), markdownWorkers(4000, true, on(2))], [2, 1]);
  // On one core, none either way: the texts are rendered on the main thread.
  assert.equal([markdownWorkers(4000, false, on(1)), markdownWorkers(4000, true, on(1))], [0, 0]);
  assert.equal([markdownWorkers(4000, false, on(16)), markdownWorkers(4000, true, on(16))], [4, 4]);
  assert.equal([markdownWorkers(200, true, on(8)), markdownWorkers(450, true, on(8))], [2, 3]);
  // A number of threads the runtime sets (SITE_MARKDOWN_THREADS), 0 for none, whatever the texts or cores.
  assert.equal([markdownWorkers(4000, true, { threads: 0, cores: 8 }), markdownWorkers(10, false, { threads: 3, cores: 2 })], [0, 3]);
});

test('a SITE_MARKDOWN_THREADS or SITE_MARKDOWN_WORKER_HEAP_MB that is no whole number is refused, naming the variable and its value', () => {
  const saved = { threads: process.env.SITE_MARKDOWN_THREADS, heap: process.env.SITE_MARKDOWN_WORKER_HEAP_MB };
  try {
    for (const [name, value] of [['SITE_MARKDOWN_THREADS', 'abc'], ['SITE_MARKDOWN_THREADS', '-1'], ['SITE_MARKDOWN_THREADS', '1.5'], ['SITE_MARKDOWN_WORKER_HEAP_MB', 'lots'], ['SITE_MARKDOWN_WORKER_HEAP_MB', '0']]) {
      process.env.SITE_MARKDOWN_THREADS = '2';
      delete process.env.SITE_MARKDOWN_WORKER_HEAP_MB;
      process.env[name] = value;
      try {
        markdownRuntime();
        assert.unreachable(`${name}=${value} was taken`);
      } catch (error) {
        assert.instance(error, BuildFailure, `${name}=${value}`);
        const [problem] = (error as BuildFailure).errors;
        assert.is(problem.code, 'SETTING_NOT_A_NUMBER');
        assert.match(problem.headline, `${name} is "${value}"`);
      }
    }
    // Unset or empty: chosen by the work and the cores; a number: as given.
    process.env.SITE_MARKDOWN_THREADS = '';
    process.env.SITE_MARKDOWN_WORKER_HEAP_MB = '64';
    assert.equal([markdownRuntime().threads, markdownRuntime().workerHeapMb], [undefined, 64]);
    process.env.SITE_MARKDOWN_THREADS = '0';
    assert.is(markdownRuntime().threads, 0);
  } finally {
    process.env.SITE_MARKDOWN_THREADS = saved.threads;
    if (saved.heap === undefined) delete process.env.SITE_MARKDOWN_WORKER_HEAP_MB;
    else process.env.SITE_MARKDOWN_WORKER_HEAP_MB = saved.heap;
  }
});

test('a feed closed with nothing in it ends at once', async () => {
  const session = new MarkdownSession(project);
  const feed = session.feed();
  feed.close();
  assert.equal(await fedSlugs(feed.ready), []);
});

test("a fed post too large for a worker's heap is rendered here, and every post still arrives", async () => {
  process.env.SITE_MARKDOWN_WORKER_HEAP_MB = '32';
  try {
    const huge = Array.from({ length: 12000 }, (_, i) => `- fed item **${i}** with [a link](/services/${i})`).join('\n');
    const session = new MarkdownSession(project);
    const feed = session.feed();
    const arrived = fedSlugs(feed.ready);
    for (let i = 0; i < 300; i++) feed.add(`p-${i}`, post(40000 + i));
    feed.add('huge', huge);
    for (let i = 300; i < 400; i++) feed.add(`p-${i}`, post(40000 + i));
    feed.close();
    const slugs = await arrived;
    assert.is(slugs.length, 401);
    assert.is(session.stats.workers, 2);
    assert.ok(session.stats.rescued >= 1, 'the batch holding the large text was rescued');
    assert.is(session.html.get(huge), markdownToHtml(huge));
    assert.is(session.html.get(post(40399)), markdownToHtml(post(40399)));
  } finally {
    delete process.env.SITE_MARKDOWN_WORKER_HEAP_MB;
  }
});

test('identical texts are rendered once', async () => {
  const { stats } = await renderMarkdown(project, [post(7777), post(7777)]);
  assert.is(stats.total, 1);
});


test('a text too large for a worker\'s heap is rendered on the main thread instead, and every text gets its HTML', async () => {
  // A worker's heap set small for the test: 32 MB makes a 12,000-item list too big for it.
  process.env.SITE_MARKDOWN_WORKER_HEAP_MB = '32';
  try {
    const huge = Array.from({ length: 12000 }, (_, i) => `- item **${i}** with [a link](/services/${i})`).join('\n');
    const texts = [...Array.from({ length: 200 }, (_, i) => post(1000 + i)), huge];
    const { html, stats } = await renderMarkdown(project, texts);
    assert.is(stats.workers, 2);
    // At least the batch holding the large text; a worker still compiling its own code may need a rescue too.
    assert.ok(stats.rescued >= 1, 'the batch holding the large text was rescued');
    assert.is(texts.filter((text) => html.get(text) !== undefined).length, texts.length);
    const { markdownToHtml } = await import('../generator/markdown/processor.ts');
    assert.is(html.get(huge), markdownToHtml(huge));
    assert.is(html.get(texts[0]), markdownToHtml(texts[0]));
  } finally {
    delete process.env.SITE_MARKDOWN_WORKER_HEAP_MB;
  }
});

// Markdown that exercises every construct the patched handlers see: what the site's editors write and more.
const edgeCases = `Setext heading
===

# ATX *heading* with \`code\` #

Text with **strong _nested emphasis_**, a [link](/a "title"), a [reference][ref], an ![image](/i.png "t"),
an autolink <https://example.com>, an entity &amp; &copy; &#35;, a hard break  
and a backslash\\
break.

[ref]: https://example.com/ref  'Ref title'
[REF]: https://example.com/second-definition-of-the-same-label

> [quoted]: /defined-inside-a-quote
- [listed]: /defined-inside-a-list

[quoted] and [listed] are defined inside a quote and a list.

> A quote with a list:
> 1. one
> 2. two
>
>    still two

- loose item

- another, with a nested list:
  * deep \`x\`
  * deeper

      indented code in a list

\`\`\`ts title="x"
const fenced = '<not html>';
\`\`\`

    indented code

<div class="raw">Raw <em>HTML</em> block</div>

Inline <span>html</span> and *unclosed emphasis, ***mixed** strong*.

---
Final paragraph with a footnote-like [^1] and trailing spaces.  
`;

/** The patches, all to remark's packages. */
const markdownPatches = patches;

/** The site's own Markdown files (content/), as text. */
const siteMarkdown = () =>
  fs
    .readdirSync(path.join(toolRoot, 'content'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => fs.readFileSync(path.join(toolRoot, 'content', f), 'utf8'));

/**
 * Bundles an entry with the patches, as the CLI is bundled, into the test's folder: the file, the names of the
 * patches made and the warnings of those no longer found.
 */
async function bundleWithPatches(name: string, entry: { entryPoints: string[] } | { stdin: { contents: string; resolveDir: string } }) {
  const esbuild = await loadEsbuild();
  const outfile = path.join(root, name);
  const warnings: string[] = [];
  const applied: string[] = [];
  try {
    await esbuild.build({
      ...entry,
      absWorkingDir: toolRoot,
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      // Bundled CommonJS packages call require() for Node's built-ins.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      plugins: [patchPlugin((message: string) => warnings.push(message), (patch: string) => applied.push(patch))],
      logLevel: 'error',
    });
  } finally {
    await stopEsbuild();
  }
  return { outfile, applied, warnings };
}

test('a bundle patch whose text is no longer found is skipped, and the file left as it is', () => {
  const patch = patches[0];
  const target = path.join(toolRoot, 'node_modules', ...patch.module.split('/'));
  const source = fs.readFileSync(target, 'utf8');
  assert.equal(patchSource(target, source).applied, [patch.name]);
  const changed = source.replace(patch.find, '/* gone */');
  assert.is.not(changed, source);
  const result = patchSource(target, changed);
  assert.equal(result.missed, [patch.name]);
  assert.equal(result.applied, []);
  assert.is(result.source, changed);
});

test('the bundle patches apply to the installed packages, and the patched processor writes the same HTML', async () => {
  for (const patch of patches) {
    const target = path.join(toolRoot, 'node_modules', ...patch.module.split('/'));
    assert.ok(patch.file.test(target), `${patch.name}: its pattern finds ${patch.module}`);
    assert.equal(patchSource(target, fs.readFileSync(target, 'utf8')).missed, [], `${patch.name}: still applies`);
  }

  const { outfile, applied, warnings } = await bundleWithPatches('patched-processor.mjs', { entryPoints: ['generator/markdown/processor.ts'] });
  assert.equal(warnings, []);
  assert.equal(applied.sort(), markdownPatches.map((p) => p.name).sort(), 'the bundle holds every patch to remark');
  const patched = (await import(outfile)) as { markdownToHtml: (markdown: string) => string };

  // Runs of plain characters are consumed at once (a patch), up to what micromark's preprocessor makes codes of
  // their own (line endings, tabs, NUL) and to the characters constructs start with.
  const variants = [
    edgeCases.replace(/\n/g, '\r\n'),
    edgeCases.replace(/\n/g, '\r'),
    edgeCases.replace(/  /g, '\t'),
    edgeCases.replace(/e/g, '\0').replace(/o/g, '\u{1F600}'),
    `> lazy\ncontinuation of a quote\n- and a list item\nwhose line is lazy too\n\n${'word '.repeat(4000)}*end*\n`,
  ];
  const texts = [edgeCases, ...variants, ...siteMarkdown()];
  assert.ok(texts.length >= 8, `${texts.length} texts`);
  for (const text of texts) assert.is(patched.markdownToHtml(text), markdownToHtml(text));
  // Random texts from pieces of Markdown syntax, plain words and the characters micromark treats apart (a fixed
  // seed, so a failure names a text that can be replayed).
  const pieces = ['a', 'word ', '  ', '\t', '\n', '\n\n', '\r\n', '\r', '\0', '*', '_', '**', '`', '```', '~~~', '[', ']', '(', ')', '![', '<', '>', '&amp;', '&', '# ', '- ', '1. ', '> ', '    ', '---', '===', '\\', 'http://x.y', '<div>', '</div>', '[a]: /u', '|', '\u{1F600}', 'é', '  \n'];
  let seed = 13;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = 0; i < 3000; i++) {
    const text = Array.from({ length: 1 + Math.floor(random() * 40) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    assert.is(patched.markdownToHtml(text), markdownToHtml(text), JSON.stringify(text));
  }
  // One compiler serves every document (a patch): each part of the edge cases, written right after each other
  // part, is written as on its own.
  const parts = edgeCases.split(/\n{2,}/);
  for (const before of parts) {
    for (const part of parts) {
      patched.markdownToHtml(before);
      assert.is(patched.markdownToHtml(part), markdownToHtml(part), `after ${JSON.stringify(before.slice(0, 30))}`);
    }
  }
});

test.run();
