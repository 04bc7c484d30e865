// Incremental builds are a clean build, byte for byte. One project is built, then edited at random, a few
// edits at a time (content fields, posts added, deleted and renamed, a template, the stylesheet, a schema, an
// image, site.json), and built again keeping what it can; after every round its output is compared with a
// clean build of the same files in another folder. A failure names the seed and the edits, so
//   SITE_EQUIVALENCE_SEEDS=7 npm test -- incremental
// replays it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildResult } from '../generator/build.ts';
import { silentLogger } from '../generator/log.ts';
import { nothingToBuild } from '../generator/incremental/unchanged.ts';
import { encodeRecord, loadRecord, recordFile, recordFormat, routeHash, type BuildRecord } from '../generator/incremental/record.ts';
import { routeFreeFields, routes } from '../generator/routes.ts';
import { BuildFailure, formatFailure } from '../generator/errors.ts';
import { stripVTControlCharacters } from 'node:util';
import { threadedFrom } from '../generator/output/writer.ts';
import { copyCode, fixture, listFiles, type Fixture } from './helpers/project.ts';

const test = suite('incremental');

const seeds = (process.env.SITE_EQUIVALENCE_SEEDS ?? '1,2,3').split(',').map(Number);
const rounds = 4;
const editsPerRound = 3;
/**
 * How often each kind of edit is drawn. Edits to templates, the stylesheet, schemas and images change what
 * every page depends on and so render everything; content edits are drawn more often, since they are what
 * exercises keeping pages.
 */
const weights: Record<string, number> = { 'content field': 6, 'new post': 2, 'deleted post': 2, 'renamed file': 2, 'site.json': 1, template: 1, css: 1, island: 1, schema: 1, image: 1 };

/** mulberry32: a small seeded generator, so a failing sequence of edits can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Editor {
  f: Fixture;
  pick<T>(list: T[]): T;
  n: number;
}

const files = (f: Fixture, dir: string, ext: string) =>
  fs.readdirSync(path.join(f.root, dir)).filter((name) => name.endsWith(ext)).sort().map((name) => `${dir}/${name}`);
const added = (f: Fixture) => files(f, 'content/blog', '.md').filter((rel) => path.basename(rel).startsWith('added-'));

function newPost(e: Editor): string {
  const source = e.pick(files(e.f, 'content/blog', '.md'));
  const day = String(1 + Math.floor(e.n % 28)).padStart(2, '0');
  const month = String(1 + (e.n % 12)).padStart(2, '0');
  const text = e.f
    .read(source)
    .replace(/^title: .*$/m, `title: "Added post ${e.n}"`)
    .replace(/^date: .*$/m, `date: "${day}/${month}/${2024 + (e.n % 3)}"`);
  const rel = `content/blog/added-${e.n}.md`;
  e.f.write(rel, text);
  return `new post ${rel} (from ${source})`;
}

/** Each edit changes the fixture and says what it did. */
const edits: Record<string, (e: Editor) => string> = {
  'content field'(e) {
    const kind = e.pick(['city', 'language', 'service', 'post title', 'post body']);
    if (kind === 'city') {
      const rel = e.pick(files(e.f, 'content/cities', '.json'));
      e.f.editJson(rel, (d) => (d.population = `${e.n}.${e.n % 10} million`));
      return `population of ${rel}`;
    }
    if (kind === 'language') {
      const rel = e.pick(files(e.f, 'content/languages', '.json').filter((r) => !r.endsWith('english.json')));
      e.f.editJson(rel, (d) => (d.localContent ? (d.localContent.subtitle = `Edited subtitle ${e.n}.`) : (d.nativeName = `Edited ${e.n}`)));
      return `local content of ${rel}`;
    }
    if (kind === 'service') {
      const rel = e.pick(files(e.f, 'content/services', '.json'));
      e.f.editJson(rel, (d) => (d.description = `${d.description} Edited ${e.n}.`));
      return `card description of ${rel}`;
    }
    const rel = e.pick(files(e.f, 'content/blog', '.md'));
    const text = e.f.read(rel);
    if (kind === 'post title') e.f.write(rel, text.replace(/^title: "/m, `title: "Edit ${e.n} `));
    else e.f.write(rel, `${text.trimEnd()}\n\nA paragraph added by edit ${e.n}.\n`);
    return `${kind} of ${rel}`;
  },
  'new post': newPost,
  'deleted post'(e) {
    const list = added(e.f);
    if (!list.length) return newPost(e);
    const rel = e.pick(list);
    e.f.write(rel, null);
    return `deleted ${rel}`;
  },
  'renamed file'(e) {
    const list = added(e.f);
    if (!list.length) return newPost(e);
    const rel = e.pick(list);
    const to = `content/blog/added-${e.n}-renamed.md`;
    fs.renameSync(path.join(e.f.root, rel), path.join(e.f.root, to));
    return `renamed ${rel} to ${to}`;
  },
  template(e) {
    const rel = 'templates/pages/post.tsx';
    e.f.write(rel, e.f.read(rel).replace(/More guides( \d+)?/, `More guides ${e.n}`));
    return `template ${rel}`;
  },
  css(e) {
    const rel = 'assets/css/main.css';
    e.f.write(rel, `${e.f.read(rel).trimEnd()}\n.edit-${e.n} { margin: ${e.n}px; }\n`);
    return `stylesheet ${rel}`;
  },
  island(e) {
    // An export of the island's entry, so its bundle (and every page's script tags) change with each edit.
    const rel = 'islands/newsletter.ts';
    const text = e.f.read(rel).replace(/\nexport const edition = \d+;\n$/, '\n');
    e.f.write(rel, `${text.trimEnd()}\nexport const edition = ${e.n};\n`);
    return `island ${rel}`;
  },
  schema(e) {
    const rel = 'content/schemas/city.schema.json';
    e.f.editJson(rel, (d) => (d.description = `${d.description} (${e.n})`));
    return `schema ${rel}`;
  },
  image(e) {
    const rel = e.pick(files(e.f, 'assets/images/cities', '.svg'));
    const text = e.f.read(rel);
    const colour = `#${(0x100000 + e.n * 7919).toString(16).slice(-6)}`;
    e.f.write(rel, text.replace(/#[0-9a-fA-F]{6}\b/, colour));
    return `image ${rel}`;
  },
  'site.json'(e) {
    e.f.editJson('content/site.json', (d) => (d.tagline = `${d.tagline.replace(/ \(\d+\)$/, '')} (${e.n})`));
    return 'tagline in content/site.json';
  },
};

/** A build's outcome: its files and their bytes, or the failure's text. */
async function outcome(root: string, clean: boolean): Promise<{ result?: BuildResult; files?: Map<string, Buffer>; error?: string }> {
  try {
    const result = await build({ root, logger: silentLogger, recycle: !clean });
    const dist = path.join(root, 'dist');
    return { result, files: new Map(listFiles(dist).map((rel) => [rel, fs.readFileSync(path.join(dist, rel))])) };
  } catch (error) {
    const text = error instanceof BuildFailure ? stripVTControlCharacters(formatFailure(error)) : String((error as Error).message);
    return { error: text.replace(new RegExp(root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'), '<root>') };
  }
}

/** A clean build of the project's current files in a folder of its own (sharing only the image caches). */
async function cleanBuild(f: Fixture) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-clean-'));
  try {
    for (const part of ['content', 'templates', 'islands', 'functions', 'assets']) fs.cpSync(path.join(f.root, part), path.join(root, part), { recursive: true });
    // Encoded images are content-addressed (the hash of their source bytes and settings), so sharing them
    // changes no output; it spares each round the seconds of encoding.
    for (const cache of ['images', 'social', 'flags']) {
      const from = path.join(f.root, '.cache', cache);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(root, '.cache', cache), { recursive: true });
    }
    return await outcome(root, true);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** What `site build` would print instead of building, if nothing changed. */
const unchanged = (root: string) => {
  const found = nothingToBuild({ root });
  return 'unchanged' in found ? found.unchanged : undefined;
};

let site: Fixture;
test.before(async () => {
  site = fixture();
  copyCode(site, ['templates', 'islands', 'functions', 'assets']);
  await build({ root: site.root, logger: silentLogger });
});
test.after(() => site.remove());

test('the record reads back as it was saved: empty lists, empty strings, and a string holding the separator', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-record-'));
  const record = (keys: string[], files: [string, { hash: string; fields?: string }][]): BuildRecord => ({
    format: recordFormat,
    key: { 'the templates': 'k' },
    files: new Map(files),
    lists: new Map([['posts', ['content/blog/a.md']]]),
    keys,
    pages: new Map(keys.length ? [['/', { route: 'r', deps: Uint32Array.of(0, 2) }], ['/a', { route: '', deps: new Uint32Array(0) }], ['/b', { route: 'r2', deps: Uint32Array.of(1) }]] : []),
    derived: new Map([['sitemap.xml', 'd']]),
    groups: new Map([[2, Uint32Array.of(1)]]),
    validated: 'v',
  });
  try {
    const file = path.join(dir, 'record.bin');
    for (const original of [
      record([], []),
      record([''], [['content/site.json', { hash: '' }]]),
      record(['content/a.md', 'content/a.md#title', '', 'group:3'], [['content/a.md', { hash: 'h1', fields: 'title\u0001"A"\u0002date\u0001"x"' }], ['content/b.json', { hash: 'h2' }]]),
      record(['content/odd\0name.md'], [['content/odd\0name.md', { hash: 'h' }]]),
    ]) {
      fs.writeFileSync(file, encodeRecord(original));
      const loaded = loadRecord(file)!;
      assert.equal(loaded, original);
      // Each key is found by its index and its index by the key, in the table as loaded.
      original.keys.forEach((key, i) => {
        assert.is(loaded.keys.at(i), key);
        assert.is(loaded.keys.indexOf(key), i);
      });
      assert.is(loaded.keys.indexOf('not a key'), -1);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a build with nothing changed renders nothing and writes the same output', async () => {
  const before = listFiles(path.join(site.root, 'dist'));
  const { result } = await outcome(site.root, false);
  assert.is(result!.rendered, 0);
  assert.equal(listFiles(path.join(site.root, 'dist')), before);
  assert.match(result!.summary, `${result!.pages.length} kept`);
});

test('editing one post renders that post and no other page', async () => {
  const rel = 'content/blog/naati-vs-standard-translations-differences.md';
  site.write(rel, `${site.read(rel).trimEnd()}\n\nOne more sentence.\n`);
  const { result, error } = await outcome(site.root, false);
  assert.ok(result, error);
  assert.is(result!.rendered, 1, result!.summary);
  assert.match(fs.readFileSync(path.join(site.root, 'dist/blog/naati-vs-standard-translations-differences.html'), 'utf8'), 'One more sentence.');
});

test('editing a post again and again adds nothing to the record: the post reads the same keys, its shared parts the same groups', async () => {
  const rel = 'content/blog/naati-vs-standard-translations-differences.md';
  const file = recordFile(path.join(site.root, '.cache'), path.join(site.root, 'dist'));
  const sizes = () => {
    const record = loadRecord(file)!;
    return { keys: record.keys.length, groups: record.groups.size, pages: record.pages.size };
  };
  const edit = async (n: number) => {
    site.write(rel, `${site.read(rel).trimEnd()}\n\nEdit number ${n}.\n`);
    const { result, error } = await outcome(site.root, false);
    assert.ok(result, error);
    assert.is(result!.rendered, 1, result!.summary);
  };
  await edit(1);
  const before = sizes();
  await edit(2);
  await edit(3);
  assert.equal(sizes(), before);
});

test('the plan names, before anything renders, the pages to render and why; the others are kept', async () => {
  const rel = 'content/blog/naati-vs-standard-translations-differences.md';
  site.write(rel, `${site.read(rel).trimEnd()}\n\nA sentence for the plan.\n`);
  const page = path.join(site.root, 'dist/faq.html');
  fs.appendFileSync(page, '<!-- changed by hand -->');
  const { result, error } = await outcome(site.root, false);
  assert.ok(result, error);
  const rendered = result!.plan.filter((p) => p.action === 'render');
  const reasons = new Map(rendered.map((p) => [p.page.path, p.reason]));
  assert.match(reasons.get('/blog/naati-vs-standard-translations-differences') ?? '', new RegExp(`^${rel}(#\\w+)? changed$`));
  assert.is(reasons.get('/faq'), 'the last output does not hold its file as it was written');
  assert.is(result!.rendered, rendered.length, result!.summary);
  assert.is(result!.plan.length, result!.pages.length);
  assert.ok(result!.plan.filter((p) => p.action === 'keep').every((p) => p.reason === 'nothing it read has changed'));
});

test('a page changed by hand in the output is rendered again, not kept', async () => {
  const page = path.join(site.root, 'dist/faq.html');
  fs.appendFileSync(page, '<!-- changed by hand -->');
  const { result, error } = await outcome(site.root, false);
  assert.ok(result, error);
  assert.is(result!.rendered, 1, result!.summary);
  assert.not.match(fs.readFileSync(page, 'utf8'), 'changed by hand');
});

/** Runs `work` with the output written by a worker thread and the last output checked as pages are kept. */
async function withThreads(work: () => Promise<void>): Promise<void> {
  const saved = threadedFrom.pages;
  threadedFrom.pages = 0;
  try {
    await work();
  } finally {
    threadedFrom.pages = saved;
  }
}

/** The files of the project's output that differ from a clean build of its files, or that only one of them has. */
async function differences(f: Fixture): Promise<string[]> {
  const dist = path.join(f.root, 'dist');
  const own = new Map(listFiles(dist).map((rel) => [rel, fs.readFileSync(path.join(dist, rel))]));
  const clean = (await cleanBuild(f)).files!;
  return [...new Set([...own.keys(), ...clean.keys()])].filter((rel) => !own.get(rel) || !clean.get(rel)?.equals(own.get(rel)!)).sort();
}

test('a file changed by hand in the output is made again when the writer thread checks what it keeps: one the spare shares, one it does not, and a stray', async () => {
  await withThreads(async () => {
    const build = async (rendered: number) => {
      const { result, error } = await outcome(site.root, false);
      assert.ok(result, error);
      assert.is(result!.rendered, rendered, result!.summary);
    };
    await build(0);
    // Kept by the last two builds: the output and the spare hold the same file, so both change.
    const faq = path.join(site.root, 'dist/faq.html');
    fs.appendFileSync(faq, '<!-- changed by hand -->');
    await build(1);
    assert.not.match(fs.readFileSync(faq, 'utf8'), 'changed by hand');
    // Rendered by the last build: the spare holds the page as it was before, so it would be linked from the output.
    const rel = 'content/blog/naati-vs-standard-translations-differences.md';
    site.write(rel, `${site.read(rel).trimEnd()}\n\nA sentence for the writer thread.\n`);
    await build(1);
    const post = path.join(site.root, 'dist/blog/naati-vs-standard-translations-differences.html');
    fs.appendFileSync(post, '<!-- changed by hand -->');
    await build(1);
    assert.match(fs.readFileSync(post, 'utf8'), 'A sentence for the writer thread.');
    assert.not.match(fs.readFileSync(post, 'utf8'), 'changed by hand');
    // A file added to the output by hand does not ship, in this build or after it.
    fs.writeFileSync(path.join(site.root, 'dist/blog/stray.html'), 'not ours');
    await build(0);
    await build(0);
    assert.equal(await differences(site), []);
  });
});

/** A thread's name; empty if it has ended since the folder was listed. */
function readThreadName(task: string): string {
  try {
    return fs.readFileSync(`/proc/self/task/${task}/comm`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The threads of this process (Linux), once their number has held for a second: a build ends its worker threads
 * without waiting for them, and on a loaded machine one that has finished its work can take that long to be gone
 * (with half a second, a full CI beside other work once counted the last build's threads as still there, and
 * four fewer after). A worker thread the build started and did not end is one more.
 */
async function threadCount(): Promise<number> {
  if (process.platform !== 'linux') return 0;
  let last = -1;
  let steady = 0;
  for (let i = 0; i < 300 && steady < 10; i++) {
    // libvips' own pool (sharp's image work) is left out: its threads start and end by themselves, idle or not.
    const now = fs.readdirSync('/proc/self/task').filter((task) => !readThreadName(task).startsWith('libvips')).length;
    steady = now === last ? steady + 1 : 0;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

test('a build whose cache cannot be written fails, and leaves no staging folder or thread behind; so does its clean-up failing the same way', async () => {
  await withThreads(async () => {
    const ok = await outcome(site.root, false);
    assert.ok(ok.result, ok.error);
    const cache = path.join(site.root, '.cache/markdown');
    const aside = `${cache}.aside`;
    const rel = 'content/blog/naati-vs-standard-translations-differences.md';
    const text = site.read(rel);
    const before = fs.readFileSync(path.join(site.root, 'dist/index.html'));
    const threadsBefore = await threadCount();
    // A file where the Markdown cache's folder should be: saving the cache fails, and again as the failed build
    // keeps what its workers finished (MarkdownSession.cancel), which once skipped the rest of the clean-up
    // and left the writer thread keeping the process alive.
    fs.renameSync(cache, aside);
    fs.writeFileSync(cache, 'not a folder');
    site.write(rel, `${text.trimEnd()}\n\nA sentence the cache cannot keep.\n`);
    try {
      const failed = await outcome(site.root, false);
      assert.not.ok(failed.result);
      assert.match(failed.error!, /EEXIST|ENOTDIR/);
      assert.equal(fs.readdirSync(site.root).filter((name) => name.startsWith('dist.')), [], 'no staging folder left beside dist/');
      assert.ok(fs.readFileSync(path.join(site.root, 'dist/index.html')).equals(before), 'dist/ as the last build left it');
      assert.is(await threadCount(), threadsBefore, 'no thread of the build outlives it');
    } finally {
      fs.rmSync(cache, { force: true });
      fs.renameSync(aside, cache);
      site.write(rel, text);
    }
    const again = await outcome(site.root, false);
    assert.ok(again.result, again.error);
  });
});

test('an edit to content alone reuses the islands, images and flags of the last build; an edit to an island makes them again', async () => {
  const compiled = path.join(site.root, '.cache', 'islands');
  const body = async (text: string) => {
    const rel = 'content/blog/naati-vs-standard-translations-differences.md';
    site.write(rel, `${site.read(rel).trimEnd()}\n\n${text}\n`);
    return build({ root: site.root, logger: silentLogger });
  };
  await body('A sentence before the islands are compiled away.');
  // With the compiled islands gone, a build that ran the islands stage would compile them again.
  fs.rmSync(compiled, { recursive: true, force: true });
  await body('A sentence that needs no island.');
  assert.not.ok(fs.existsSync(compiled), 'the islands were compiled again for a content edit');
  const rel = 'islands/newsletter.ts';
  const island = site.read(rel);
  site.write(rel, `${island.trimEnd()}\nexport const edition = 1;\n`);
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.ok(fs.existsSync(compiled), 'an edited island was not compiled');
  } finally {
    site.write(rel, island);
  }
  await build({ root: site.root, logger: silentLogger });
  assert.equal(await differences(site), []);
});

test('an edit to content reuses the social cards while the titles they carry are the same, and makes them again when one changes', async () => {
  const cards = path.join(site.root, '.cache', 'social');
  const card = () => /<meta property="og:image" content="[^"]*\/(assets\/social\/services-card[^"]*)"/.exec(site.read('dist/services.html'))?.[1];
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  site.write(post, `${site.read(post).trimEnd()}\n\nA sentence the cards do not carry.\n`);
  await build({ root: site.root, logger: silentLogger });
  const before = card();
  assert.ok(before, 'the services page names its card');
  // With the cards' cache gone, a build that ran the social stage would draw them again.
  fs.rmSync(cards, { recursive: true, force: true });
  site.write(post, `${site.read(post).trimEnd()}\n\nAnother sentence the cards do not carry.\n`);
  await build({ root: site.root, logger: silentLogger });
  assert.not.ok(fs.existsSync(cards), 'the cards were drawn again for an edit they do not show');
  const rel = 'content/pages/services.json';
  const copy = site.read(rel);
  site.write(rel, copy.replace('Certified Translation for Every Official Document', 'Certified Translation for Every Document You Hold'));
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.ok(fs.existsSync(cards), 'a changed heading did not draw the cards again');
    assert.is.not(card(), before, 'the services card still carries the old heading');
    assert.equal(await differences(site), []);
  } finally {
    site.write(rel, copy);
  }
  await build({ root: site.root, logger: silentLogger });
  assert.equal(await differences(site), []);
});

test('an edit to content the cards show but no heading carries (the starting price) draws them again', async () => {
  const card = () => /<meta property="og:image" content="[^"]*\/(assets\/social\/services-card[^"]*)"/.exec(site.read('dist/services.html'))?.[1];
  await build({ root: site.root, logger: silentLogger });
  const before = card();
  assert.ok(before, 'the services page names its card');
  const rel = 'content/plans.json';
  const plans = site.read(rel);
  assert.ok(plans.includes('"price": "$44.95"'), 'the self-service plan costs $44.95');
  site.write(rel, plans.replace('"price": "$44.95"', '"price": "$45.95"'));
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.is.not(card(), before, 'the services card still shows the old price');
    assert.equal(await differences(site), []);
    // The card shows the total, so the service fee alone changes it too.
    const changed = card();
    site.write(rel, plans.replace('"price": "$44.95"', '"price": "$45.95"').replace('"serviceFee": "$9.95"', '"serviceFee": "$10.95"'));
    await build({ root: site.root, logger: silentLogger });
    assert.is.not(card(), changed, 'the services card still shows the old total');
    assert.equal(await differences(site), []);
  } finally {
    site.write(rel, plans);
  }
  await build({ root: site.root, logger: silentLogger });
});

test('routes read none of the fields the policy takes to leave every route as it was', async () => {
  const result = await build({ root: site.root, logger: silentLogger });
  const { model } = result;
  const before = result.pages.map((page) => [page.path, routeHash(page)]);
  const entries: object[] = [...model.posts, ...model.prose, ...model.languages, ...model.cities, ...model.services];
  for (const entry of entries) {
    for (const field of routeFreeFields) Object.defineProperty(entry, field, { value: field === 'words' ? 1 : 'A different value', enumerable: true, configurable: true, writable: true });
  }
  assert.equal(routes(model).pages.map((page) => [page.path, routeHash(page)]), before);
});

test('site build with nothing changed since the last build stops at once, and says what it kept', async () => {
  const result = await build({ root: site.root, logger: silentLogger });
  const said = unchanged(site.root);
  assert.ok(said, 'nothing changed, yet site build would build');
  assert.match(said!, `${result.pages.length} pages (0 rendered, ${result.pages.length} kept)`);
  assert.match(said!, 'nothing changed since the last build');
  assert.equal(nothingToBuild({ root: site.root, clean: true }), {}, '--clean always builds');
  assert.ok('inputs' in nothingToBuild({ root: site.root, out: 'elsewhere' }), 'another output folder has no build of its own yet');
});

test('site build builds when anything changed: an input anywhere in the project, the environment, or the output folder', async () => {
  const dist = path.join(site.root, 'dist');
  const changes: [string, () => () => void][] = [
    ['a content file touched', () => { const rel = 'content/faq.json'; const text = site.read(rel); site.write(rel, text); return () => {}; }],
    ['a new file at the project root', () => { site.write('notes.txt', 'a note'); return () => fs.rmSync(path.join(site.root, 'notes.txt')); }],
    ['a template', () => { const rel = 'templates/pages/post.tsx'; site.write(rel, site.read(rel) + '\n'); return () => {}; }],
    ['SOURCE_DATE_EPOCH', () => { process.env.SOURCE_DATE_EPOCH = '1795000000'; return () => delete process.env.SOURCE_DATE_EPOCH; }],
    ['a page edited in the output', () => { fs.appendFileSync(path.join(dist, 'faq.html'), '<!-- by hand -->'); return () => {}; }],
    ['a file added deep in the output', () => { fs.writeFileSync(path.join(dist, 'blog', 'stray.html'), 'stray'); return () => {}; }],
    ['a file removed from the output', () => { fs.rmSync(path.join(dist, 'sitemap.xml')); return () => {}; }],
    ['the output folder replaced by a copy', () => { fs.cpSync(dist, `${dist}-copy`, { recursive: true, preserveTimestamps: true }); fs.rmSync(dist, { recursive: true }); fs.renameSync(`${dist}-copy`, dist); return () => {}; }],
  ];
  for (const [name, change] of changes) {
    await build({ root: site.root, logger: silentLogger });
    assert.ok(unchanged(site.root), `before: ${name}`);
    const undo = change();
    try {
      assert.is(unchanged(site.root), undefined, `${name}: site build would not build`);
    } finally {
      undo();
    }
  }
  await build({ root: site.root, logger: silentLogger });
  assert.not.ok(fs.existsSync(path.join(dist, 'blog', 'stray.html')), 'the stray file is gone');
  assert.ok(fs.existsSync(path.join(dist, 'sitemap.xml')), 'the removed file is back');
});

test('a content file changed with its size and time kept fails the build that reads it, and the next build reads it afresh', async () => {
  const rel = 'content/blog/naati-vs-standard-translations-differences.md';
  const abs = path.join(site.root, rel);
  // A whole second, which setting the time back reproduces exactly.
  const time = Math.floor(Date.now() / 1000) - 60;
  fs.utimesSync(abs, time, time);
  await build({ root: site.root, logger: silentLogger });
  const text = site.read(rel);
  const changed = text.replace('NAATI', 'naati');
  assert.ok(changed !== text && changed.length === text.length);
  fs.writeFileSync(abs, changed);
  fs.utimesSync(abs, time, time);
  // A template edit renders every page, so every post's text is needed.
  const template = 'templates/pages/post.tsx';
  site.write(template, `${site.read(template)}\n`);
  const failed = await outcome(site.root, false);
  assert.ok(failed.error, 'the build should fail');
  assert.match(failed.error!, rel);
  assert.match(failed.error!, 'changed while the build was reading it');
  const again = await outcome(site.root, false);
  assert.ok(again.result, again.error);
  assert.match(fs.readFileSync(path.join(site.root, 'dist/blog/naati-vs-standard-translations-differences.html'), 'utf8'), 'naati');
});

test('links are checked again when what they point to goes, in files that did not change', async () => {
  // A new post links to another post; both build. Then the target is deleted: the linking post, unchanged,
  // must fail the build, as it would a clean one.
  const target = 'content/blog/naati-vs-standard-translations-differences.md';
  const linking = 'content/blog/links-to-another.md';
  const saved = site.read(target);
  site.write(linking, site.read(target).replace(/^title: .*$/m, 'title: "Links to another"') + '\nSee [the other guide](/blog/naati-vs-standard-translations-differences).\n');
  try {
    const built = await outcome(site.root, false);
    assert.ok(built.result, built.error);
    site.write(target, null);
    const failed = await outcome(site.root, false);
    assert.ok(failed.error, 'the build should fail: an unchanged post links to a deleted one');
    assert.match(failed.error!, linking);
    assert.match(failed.error!, '/blog/naati-vs-standard-translations-differences');
  } finally {
    site.write(target, saved);
    site.write(linking, null);
  }
  const restored = await outcome(site.root, false);
  assert.ok(restored.result, restored.error);
});

test("_headers and the editor's index of references follow what they are made from, as a clean build has them", async () => {
  // The policy names the reviews widget's host; the index holds each file's links and slugs, kept in the content
  // snapshot for a file without placeholders and worked out afresh for one with them.
  const post = 'content/blog/choose-right-translation-service-legal-documents.md';
  const service = 'content/services/birth-certificates.json';
  const saved = ['content/site.json', post, service].map((rel) => [rel, site.read(rel)] as const);
  assert.not.match(saved[1][1], '{{', 'the post has no placeholder');
  assert.match(saved[2][1], '{{', 'the service has placeholders');
  try {
    site.editJson('content/site.json', (d) => (d.integrations.reviews.scriptUrl = 'https://reviews.other-host.example.org/widget.js'));
    site.write(post, `${saved[1][1].trimEnd()}\n\nSee [what each plan costs](/pricing).\n`);
    site.editJson(service, (d) => (d.related = [...d.related].reverse()));
    const incremental = await outcome(site.root, false);
    assert.ok(incremental.files, incremental.error);
    const clean = await cleanBuild(site);
    assert.ok(clean.files, clean.error);
    const text = (o: typeof clean, file: string) => o.files!.get(file)!.toString('utf8');
    assert.match(text(incremental, '_headers'), 'https://reviews.other-host.example.org');
    assert.is(text(incremental, '_headers'), text(clean, '_headers'));
    const index = JSON.parse(text(incremental, 'admin/references.json'));
    assert.ok(index.entries[post].uses.some(([key]: [string]) => key === 'page:/pricing'), 'the link added to the post is in the index');
    // The blog's 404 rule (/blog/:slug) is a pattern the host answers with a not-found page, not a page to link to.
    assert.match(text(incremental, '_redirects'), /^\/blog\/:slug \/blog\/404\.html 404$/m);
    assert.equal(index.pages.filter((address: string) => address.includes(':')), [], 'no 404 rule is an address the editor lets a link name');
    assert.equal(index.entries[service].uses.filter(([key]: [string]) => key.startsWith('service:')).map(([key]: [string]) => key), [...JSON.parse(saved[2][1]).related].reverse().map((slug: string) => `service:${slug}`));
    assert.is(text(incremental, 'admin/references.json'), text(clean, 'admin/references.json'));
  } finally {
    for (const [rel, text] of saved) site.write(rel, text);
    await outcome(site.root, false);
  }
  assert.not.match(site.read('dist/_headers'), 'other-host');
});

test("the editor's configuration follows the content files, and still offers a collection whose folder was emptied, as a clean build does", async () => {
  const posts = files(site, 'content/blog', '.md');
  const saved = posts.map((rel) => [rel, site.read(rel)] as const);
  try {
    for (const rel of posts) fs.rmSync(path.join(site.root, rel));
    const incremental = await outcome(site.root, false);
    assert.ok(incremental.files, incremental.error);
    const clean = await cleanBuild(site);
    assert.ok(clean.files, clean.error);
    const config = (o: typeof clean) => o.files!.get('admin/config.yml')!.toString('utf8');
    // Editors can still write the first post.
    assert.match(config(clean), /label: "Blog posts"[^]*?folder: "content\/blog"[^]*?create: true/);
    assert.is(config(incremental), config(clean));
  } finally {
    for (const [rel, text] of saved) site.write(rel, text);
    await outcome(site.root, false);
  }
  assert.match(site.read('dist/admin/config.yml'), 'Blog posts');
});

test('site build --clean ignores every cache: every page, text and image is made afresh, and every cache folder goes', async () => {
  // Caches the build itself does not read go too: those of the functions `site serve` runs, say.
  const strays = ['functions', 'test'].map((dir) => path.join(site.root, '.cache', dir, 'clean-test.marker'));
  for (const file of strays) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'made by the test');
  }
  const result = await build({ root: site.root, logger: silentLogger, clean: true });
  for (const file of strays) assert.not.ok(fs.existsSync(file), `${file} was cleared`);
  assert.is(result.rendered, result.pages.length);
  assert.is(result.markdown.rendered, result.markdown.total);
  assert.is(result.images.cached, 0);
  assert.ok(result.images.processed > 0);
});

// The last seed runs again with the output written by a worker thread and checked as pages are kept from it,
// as in a site of thousands of pages.
for (const [seed, threaded] of [...seeds.map((seed) => [seed, false] as const), [seeds[seeds.length - 1] + 100, true] as const]) {
  test(`random edits, seed ${seed}${threaded ? ', writer thread' : ''}: every incremental build equals a clean build`, () => (threaded ? withThreads : (work: () => Promise<void>) => work())(async () => {
    const rng = random(seed);
    const log: string[] = [];
    let n = seed * 100;
    const names = Object.entries(weights).flatMap(([name, weight]) => Array<string>(weight).fill(name));
    for (let round = 1; round <= rounds; round++) {
      for (let i = 0; i < editsPerRound; i++) {
        const name = names[Math.floor(rng() * names.length)];
        n++;
        log.push(`round ${round}: ${edits[name]({ f: site, n, pick: (list) => list[Math.floor(rng() * list.length)] })}`);
      }
      assert.is(unchanged(site.root), undefined, `site build would skip edits: ${log.slice(-editsPerRound).join('; ')}`);
      const incremental = await outcome(site.root, false);
      const clean = await cleanBuild(site);
      if (!incremental.error) assert.ok(unchanged(site.root), 'after a build, nothing has changed');
      const replay = `seed ${seed} (replay with SITE_EQUIVALENCE_SEEDS=${seed}); edits so far:\n  ${log.join('\n  ')}`;
      assert.is(incremental.error, clean.error, `the builds ended differently, ${replay}`);
      if (!clean.files) continue;
      const only = (a: Map<string, Buffer>, b: Map<string, Buffer>) => [...a.keys()].filter((rel) => !b.has(rel));
      assert.equal({ onlyIncremental: only(incremental.files!, clean.files), onlyClean: only(clean.files, incremental.files!) }, { onlyIncremental: [], onlyClean: [] }, `different files, ${replay}`);
      for (const [rel, bytes] of clean.files) assert.ok(bytes.equals(incremental.files!.get(rel)!), `${rel} differs, ${replay}`);
      log.push(`round ${round}: ${incremental.result!.rendered} of ${incremental.result!.pages.length} pages rendered`);
    }
  }));
}

test.run();
