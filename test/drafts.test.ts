// Drafts (content/drafts.ts): `draft: true` keeps an entry out of `site build` everywhere (its page, lists,
// menus, sitemap.xml, the HTML sitemap, the feed), while the dev server's build shows it, marked and noindex.
// A published page that leads to a draft fails the build, naming the draft. Flipping a draft to published and
// back keeps incremental output equal to a clean build.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../generator/build.ts';
import { silentLogger } from '../generator/log.ts';
import { explain } from '../generator/incremental/plan.ts';
import { nothingToBuild } from '../generator/incremental/unchanged.ts';
import { draftStylesheet } from '../generator/content/drafts.ts';
import { cmsConfig } from '../generator/admin/cms-config.ts';
import { BuildFailure, type SiteError } from '../generator/errors.ts';
import { resolveProject } from '../generator/project.ts';
import { replaceIn, sharedFailure } from './helpers/failure.ts';
import { fixture, listFiles, repoRoot, type Fixture } from './helpers/project.ts';

const test = suite('drafts');

const post = 'translating-business-documents-australian-market';
const postFile = `content/blog/${post}.md`;
const cityFile = 'content/cities/wollongong.json';

const makeDraft = (f: Fixture) => {
  replaceIn(f, postFile, '---\n', '---\ndraft: true\n');
  f.editJson(cityFile, (d) => Object.assign(d, { draft: true }));
};
const publish = (f: Fixture) => {
  replaceIn(f, postFile, '---\ndraft: true\n', '---\n');
  f.editJson(cityFile, (d) => delete d.draft);
};

const outputText = (f: Fixture, out = 'dist') => {
  const dir = path.join(f.root, out);
  return new Map(listFiles(dir).filter((rel) => /\.(html|xml|json|txt)$/.test(rel)).map((rel) => [rel, fs.readFileSync(path.join(dir, rel), 'utf8')]));
};


/** The output files of a clean build of the fixture's current files, in a folder of its own, that differ from its dist/. */
async function differencesFromClean(f: Fixture): Promise<string[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-drafts-clean-'));
  try {
    fs.cpSync(path.join(f.root, 'content'), path.join(root, 'content'), { recursive: true });
    for (const cache of ['images', 'social', 'flags']) {
      const from = path.join(f.root, '.cache', cache);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(root, '.cache', cache), { recursive: true });
    }
    await build({ root, logger: silentLogger });
    const read = (dir: string) => new Map(listFiles(dir).map((rel) => [rel, fs.readFileSync(path.join(dir, rel))]));
    const own = read(path.join(f.root, 'dist'));
    const clean = read(path.join(root, 'dist'));
    return [...new Set([...own.keys(), ...clean.keys()])].filter((rel) => !own.get(rel) || !clean.get(rel)?.equals(own.get(rel)!)).sort();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

let f: Fixture;
test.before(async () => {
  f = fixture();
  await build({ root: f.root, logger: silentLogger });
});
test.after(() => f.remove());

test('site build leaves drafts out everywhere, and the incremental build equals a clean one', async () => {
  const before = outputText(f);
  assert.ok(before.has(`blog/${post}.html`) && before.has('cities/wollongong.html'), 'both pages exist while published');
  assert.ok([...before.values()].some((text) => text.includes(`/blog/${post}`)), 'the post is linked while published');
  makeDraft(f);
  const result = await build({ root: f.root, logger: silentLogger, explain: true });
  const out = outputText(f);
  assert.not.ok(out.has(`blog/${post}.html`), 'no page for the draft post');
  assert.not.ok(out.has('cities/wollongong.html'), 'no page for the draft city');
  // No page, list, menu, sitemap or feed names either draft.
  const naming = [...out].filter(([, text]) => text.includes(`/blog/${post}`) || text.includes('/cities/wollongong')).map(([rel]) => rel);
  assert.equal(naming, []);
  assert.not.match(out.get('blog/feed.xml')!, post);
  assert.not.match(out.get('sitemap.xml')!, post);
  assert.not.ok(result.pages.some((p) => p.draft || p.source === postFile || p.source === cityFile));
  // --explain says why the lists were made again.
  const lines = explain(result.plan).join('\n');
  assert.match(lines, /render \/blog: .*changed/);
  assert.match(lines, /render \/cities: .*changed/);
  assert.equal(await differencesFromClean(f), []);
});

test("site serve's build shows drafts in their pages and lists, marked as drafts, noindex and out of sitemap.xml", async () => {
  const out = 'dist-serve';
  const result = await build({ root: f.root, out, logger: silentLogger, drafts: true, recycle: false });
  const text = outputText(f, out);
  const page = text.get(`blog/${post}.html`)!;
  assert.ok(page, 'the draft post has its page');
  assert.match(page, '<meta name="robots" content="noindex, nofollow"/>');
  assert.match(page, /<div class="draft-banner" role="note"><strong>Draft<\/strong>.*content\/blog\/translating-business-documents-australian-market\.md/);
  assert.ok(text.has('cities/wollongong.html'));
  assert.match(text.get('cities/wollongong.html')!, 'draft-banner');
  // A published page has no banner.
  assert.not.match(text.get('blog.html')!, 'draft-banner');
  // Lists have the drafts; the dev server's stylesheet tags every link to them.
  assert.match(text.get('blog.html')!, `href="/blog/${post}"`);
  assert.match(text.get('cities.html')!, 'href="/cities/wollongong"');
  assert.match(text.get('sitemap.html')!, `href="/blog/${post}"`);
  assert.not.match(text.get('sitemap.xml')!, post);
  const css = draftStylesheet(result.pages);
  assert.match(css, `a[href="/blog/${post}"]::before`);
  assert.match(css, 'a[href="/cities/wollongong"]::before');
  assert.not.match(css, 'a[href="/blog"]');
  fs.rmSync(path.join(f.root, out), { recursive: true, force: true });
});

test("an output the dev server built with drafts is never taken for site build's", async () => {
  // The dev server's first build is staged into dist/ like `site build`'s, and records its stamp.
  await build({ root: f.root, logger: silentLogger, drafts: true });
  assert.ok(fs.existsSync(path.join(f.root, `dist/blog/${post}.html`)));
  assert.not.ok('unchanged' in nothingToBuild({ root: f.root }), 'site build builds again');
  await build({ root: f.root, logger: silentLogger });
  assert.not.ok(fs.existsSync(path.join(f.root, `dist/blog/${post}.html`)));
});

test('publishing the drafts again brings back their pages, and the incremental build equals a clean one', async () => {
  publish(f);
  const result = await build({ root: f.root, logger: silentLogger });
  const out = outputText(f);
  assert.ok(out.has(`blog/${post}.html`) && out.has('cities/wollongong.html'));
  assert.match(out.get('blog/feed.xml')!, post);
  assert.match(out.get('sitemap.xml')!, `/blog/${post}<`);
  assert.match(explain(result.plan).join('\n'), new RegExp(`render /blog/${post}: `));
  assert.equal(await differencesFromClean(f), []);
  // And back to a draft: the page goes again.
  makeDraft(f);
  await build({ root: f.root, logger: silentLogger });
  assert.not.ok(fs.existsSync(path.join(f.root, `dist/blog/${post}.html`)));
  assert.equal(await differencesFromClean(f), []);
  publish(f);
});

test('under the dev server, a flip re-renders the page: the banner and noindex go when published and come back', async () => {
  const out = 'dist-live';
  const page = () => f.read(`${out}/blog/${post}.html`);
  makeDraft(f);
  const first = await build({ root: f.root, out, logger: silentLogger, drafts: true, recycle: false });
  assert.match(page(), 'draft-banner');
  // The dev server's state after each build (BuildResult.next), with the files the watcher saw change.
  const changed = new Set([path.join(f.root, postFile), path.join(f.root, cityFile)]);
  publish(f);
  const published = await build({ root: f.root, out, logger: silentLogger, drafts: true, live: { ...first.next, changed } });
  assert.ok(published.changed.includes(`blog/${post}.html`), published.changed.join(', '));
  assert.not.match(page(), 'draft-banner');
  assert.not.match(page(), 'noindex');
  assert.match(f.read(`${out}/sitemap.xml`), `/blog/${post}<`);
  assert.is(draftStylesheet(published.pages), '', 'no drafts, no stylesheet: the dev server links none');
  makeDraft(f);
  const again = await build({ root: f.root, out, logger: silentLogger, drafts: true, live: { ...published.next, changed } });
  assert.ok(again.changed.includes(`blog/${post}.html`));
  assert.match(page(), 'draft-banner');
  assert.not.match(f.read(`${out}/sitemap.xml`), post);
  publish(f);
  fs.rmSync(path.join(f.root, out), { recursive: true, force: true });
});

test('draft: false publishes', async () => {
  replaceIn(f, postFile, '---\n', '---\ndraft: false\n');
  await build({ root: f.root, logger: silentLogger });
  assert.ok(fs.existsSync(path.join(f.root, `dist/blog/${post}.html`)));
  replaceIn(f, postFile, '---\ndraft: false\n', '---\n');
});

test('a link from a published page to a draft fails the build, naming the file and the draft', async () => {
  const linking = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await sharedFailure(f, (f) => {
    replaceIn(f, postFile, '---\n', '---\ndraft: true\n');
    f.write(linking, `${f.read(linking).trimEnd()}\n\nSee also [business documents](/blog/${post}).\n`);
  });
  assert.is(errors.length, 1, errors.map((e) => e.message).join('\n'));
  const [error] = errors;
  assert.is(error.code, 'CONTENT_LINK_TO_DRAFT');
  assert.is(error.file, linking);
  assert.ok(error.line! > 1);
  assert.is(error.message, `links to /blog/${post}, a draft (${postFile}) that the build leaves out`);
  assert.match(error.hint!, 'delete its `draft: true` line');
});

test('a published entry that names a draft by its code fails the build, naming the draft', async () => {
  const errors = await sharedFailure(f, (f) => {
    const code = f.json<{ languages: string[] }>('content/cities/perth.json').languages[0];
    const language = fs.readdirSync(path.join(f.root, 'content/languages')).find((name) => f.json(`content/languages/${name}`).code === code)!;
    f.editJson(`content/languages/${language}`, (d) => Object.assign(d, { draft: true }));
  });
  const perth = errors.find((e) => e.file === 'content/cities/perth.json');
  assert.ok(perth, errors.map((e) => `${e.file}: ${e.message}`).join('\n'));
  assert.is(perth!.code, 'CONTENT_DRAFT_REFERENCE');
  assert.match(perth!.message, /^names the language "[a-z-]+", a draft \(content\/languages\/[a-z-]+\.json\) that the build leaves out$/);
  assert.is(perth!.pointer, '/languages/0');
});

/** The errors of the dev server's build (drafts kept) of the shared fixture changed by `prepare`, its files put back after. */
async function servedFailure(prepare: (f: Fixture) => void): Promise<SiteError[]> {
  const saved = new Map(listFiles(f.content).map((rel) => [rel, f.read(`content/${rel}`)]));
  const out = path.join(f.root, 'dist-served');
  try {
    prepare(f);
    await build({ root: f.root, out, logger: silentLogger, drafts: true, recycle: false });
  } catch (error) {
    if (error instanceof BuildFailure) return error.errors;
    throw error;
  } finally {
    for (const rel of listFiles(f.content)) if (!saved.has(rel)) f.write(`content/${rel}`, null);
    for (const [rel, text] of saved) if (f.read(`content/${rel}`) !== text) f.write(`content/${rel}`, text);
    fs.rmSync(out, { recursive: true, force: true });
  }
  throw new Error('the build succeeded but should have failed');
}

test("a draft that takes a published page's address is named as the cause, with the published file as the other party", async () => {
  // A draft prose page at the address of a published language's page.
  const prose = await servedFailure((f) => f.write('content/pages/maori.md', f.read('content/pages/terms.md').replace('---\n', '---\ndraft: true\n')));
  assert.equal(prose.map((e) => [e.code, e.file, e.pointer, e.message]), [['CONTENT_ROUTE_COLLISION', 'content/pages/maori.md', '', '/maori is already content/languages/maori.json']]);
  // A draft service whose page is at a published service's alias.
  const service = await servedFailure((f) => {
    const alias = f.json<{ aliases: string[] }>('content/services/passports.json').aliases[0];
    f.write(`content/services/${alias}.json`, f.read('content/services/payslips.json'));
    f.editJson(`content/services/${alias}.json`, (d) => Object.assign(d, { draft: true, order: 999, aliases: [] }));
  });
  assert.equal(service.map((e) => [e.code, e.file, e.pointer, e.message]), [['CONTENT_ROUTE_COLLISION', 'content/services/passports-ids.json', '', '/services/passports-ids is already an alias of content/services/passports.json']]);
});

test('a draft is still validated: draft must be true or false', async () => {
  const errors = await sharedFailure(f, (f) => replaceIn(f, postFile, '---\n', '---\ndraft: yes\n'));
  assert.is(errors[0].code, 'CONTENT_SCHEMA');
  assert.is(errors[0].file, postFile);
  assert.match(errors[0].hint ?? '', 'Turn it off (false) to publish it.');
});

test("the editor offers a Draft tick box on every kind that can be a draft, with the schema's hint", () => {
  const config = cmsConfig(resolveProject(repoRoot), {}) as { collections: { name: string; fields?: { name: string; label: string; widget: string; hint?: string }[] }[] };
  const withDraft = config.collections.filter((c) => c.fields?.some((f) => f.name === 'draft')).map((c) => c.name).sort();
  assert.equal(withDraft, ['blog', 'cities', 'languages', 'pages-md', 'services']);
  const draft = config.collections.find((c) => c.name === 'blog')!.fields!.find((f) => f.name === 'draft')!;
  assert.is(draft.label, 'Draft');
  assert.is(draft.widget, 'boolean');
  assert.match(draft.hint!, 'this entry stays off the live site');
});

test.run();
