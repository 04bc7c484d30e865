// The pure core called directly, without a build: the page address rule, routes(), buildModel(), crossCheck()
// and headerRules(). Inputs are the real content loaded once from a fixture copy, or a handful of files made
// here, then altered in memory.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanPath, outputFileOf, requestPathsOf } from '../generator/address.ts';
import { reloadClient } from '../generator/serve/reload-client.ts';
import { loadContent, type SourceFile } from '../generator/content/load.ts';
import { resolveFacts } from '../generator/content/facts.ts';
import { buildModel, type SiteModel } from '../generator/content/model.ts';
import { classify } from '../generator/content/kinds.ts';
import { cmsConfig } from '../generator/admin/cms-config.ts';
import { crossCheck } from '../generator/content/cross-check.ts';
import { parseDate } from '../generator/content/dates.ts';
import { wordCount } from '../generator/content/text.ts';
import { routes } from '../generator/routes.ts';
import { headerRules, headersFor, pathPattern } from '../generator/output/security.ts';
import { resolveProject } from '../generator/project.ts';
import { inputStamp } from '../generator/incremental/unchanged.ts';
import { fixture, pathOfOutputFile } from './helpers/project.ts';
import { absolute } from '../templates/context.ts';
import { builtPage } from '../functions/lib/answer-page.ts';
import http from 'node:http';
import os from 'node:os';
import { servicePrice } from '../templates/components/plans.tsx';
import { LiveOutput } from '../generator/output/live.ts';
import { hashedName } from '../generator/assets/assets.ts';
import { inSmallLetters } from '../islands/lib/small-letters.ts';

const test = suite('units');

const site = fixture();
const project = resolveProject(site.root);
const loaded = loadContent(project);
const real: SourceFile[] = resolveFacts(loaded.files).files;

/** A content file made in memory, classified by its path as the loader would. */
function file(rel: string, data: unknown, body?: string): SourceFile {
  const source = classify(rel);
  if (!source) throw new Error(`${rel} is not a content path`);
  const text = body === undefined ? JSON.stringify(data, null, 2) : `---\n---\n${body}`;
  return { path: `content/${rel}`, rel, source, text, data, body, words: body?.split(/\s+/).length, textHash: rel, mtimeMs: 0, size: text.length };
}

/** The real content with some files' data changed (copies: the loaded files stay as they are) or files added. */
function altered(edits: Record<string, (data: any) => void>, added: SourceFile[] = []): SourceFile[] {
  const out = real.map((f) => {
    const edit = edits[f.rel];
    if (!edit) return f;
    const data = structuredClone(f.data);
    edit(data);
    // A copy that keeps the prototype: a loaded file's text is its class's getter (content/load.ts).
    return Object.assign(Object.create(Object.getPrototypeOf(f) as object, Object.getOwnPropertyDescriptors(f)) as SourceFile, { data });
  });
  return [...out, ...added];
}

function check(files: SourceFile[]) {
  const model = buildModel(files);
  const { pages, redirects } = routes(model);
  return crossCheck(project, files, model, pages, redirects).map((e) => ({ code: e.code, file: e.file, pointer: e.pointer }));
}

const realModel = buildModel(real);
const perthLanguages = (real.find((f) => f.rel === 'cities/perth.json')!.data as { languages: string[] }).languages;

test('the address rule: a page at /a/b is a/b.html (Netlify answers it there without a redirect), and back', () => {
  assert.is(outputFileOf('/'), 'index.html');
  assert.is(outputFileOf(''), 'index.html');
  assert.is(outputFileOf('/services/passports'), 'services/passports.html');
  assert.is(outputFileOf('/services/passports/'), 'services/passports.html');
  assert.is(outputFileOf('/services/passports.html'), 'services/passports.html');
  assert.is(outputFileOf('/404'), '404.html');
  assert.is(pathOfOutputFile('index.html'), '/');
  assert.is(pathOfOutputFile('services/passports.html'), '/services/passports');
  assert.is(pathOfOutputFile('admin/index.html'), undefined, "the editor's folder is not a site page");
  assert.is(pathOfOutputFile('assets/main.css'), undefined);
  for (const path of ['/', '/faq', '/services/passports', '/404']) assert.is(pathOfOutputFile(outputFileOf(path)), path);
  assert.is(cleanPath('/blog//'), '/blog');
  assert.equal(requestPathsOf('/admin'), ['/admin', '/admin/', '/admin/index.html']);
});

test("templates' absolute addresses follow the same rule: only the home page's ends in /", () => {
  const model = { settings: { baseUrl: 'https://example.com.au' } } as SiteModel;
  assert.is(absolute(model, '/'), 'https://example.com.au/');
  assert.is(absolute(model, '/faq'), 'https://example.com.au/faq');
  assert.is(absolute(model, '/services/passports'), 'https://example.com.au/services/passports');
  assert.is(absolute(model, '/blog/feed.xml'), 'https://example.com.au/blog/feed.xml');
});

test('the reload client names the open page by the same rule', () => {
  const listeners: string[] = [];
  class EventSource {
    addEventListener(name: string) {
      listeners.push(name);
    }
  }
  const client = (pathname: string) => new Function('EventSource', 'location', 'document', `${reloadClient(0, 'r', null)}\nreturn here();`)(EventSource, { pathname }, { addEventListener() {} });
  assert.is(client('/'), 'index.html');
  assert.is(client('/cities/perth'), 'cities/perth.html');
  assert.is(client('/cities/perth/'), 'cities/perth.html');
  assert.ok(listeners.includes('rebuilt'));
});

test('the reload client reloads for the open page, the file it was sent from, a stylesheet or a script, never for a picture alone', () => {
  const reloads = (pathname: string, changed: string[] | null, sent: string | null = null) => {
    const handlers = new Map<string, (event: { data: string }) => void>();
    class EventSource {
      addEventListener(name: string, handler: (event: { data: string }) => void) {
        handlers.set(name, handler);
      }
    }
    let reloaded = false;
    const location = { pathname, reload: () => void (reloaded = true) };
    new Function('EventSource', 'location', 'document', reloadClient(0, 'r', sent))(EventSource, location, { addEventListener() {} });
    handlers.get('rebuilt')!({ data: JSON.stringify({ changed }) });
    return reloaded;
  };
  assert.ok(reloads('/cities/perth', ['cities/perth.html']));
  assert.ok(reloads('/admin/', ['admin/editor.js']));
  assert.ok(reloads('/cities/perth', ['assets/css/site.0123456789.css']));
  assert.not.ok(reloads('/cities/perth', ['cities/sydney.html']));
  assert.not.ok(reloads('/admin/', ['assets/images/partner-visa.0123456789-640.avif', 'blog/new-post.html']));
  // A price changed from the editor changes every page and the 404 page: the editor, with its form, stays.
  assert.not.ok(reloads('/admin/', ['cities/perth.html', '404.html', 'admin/editor.json'], 'admin/index.html'));
  assert.not.ok(reloads('/cities/perth', ['404.html'], 'cities/perth.html'));
  // An address with no page shows the 404 page, and reloads when it changes.
  assert.ok(reloads('/no-such-page', ['404.html'], '404.html'));
  // Told of builds further back than the server remembers, the page cannot know it is current.
  assert.ok(reloads('/cities/perth', null));
});

test('the reload client lets its event stream go while the page is out of sight, and asks from the last build it heard of', () => {
  // A browser opens six connections to a server (HTTP/1.1): six tabs each holding a stream kept a seventh from loading.
  const sources: { url: string; closed: boolean; handlers: Map<string, (event: { data: string }) => void> }[] = [];
  class EventSource {
    closed = false;
    handlers = new Map<string, (event: { data: string }) => void>();
    constructor(readonly url: string) {
      sources.push(this);
    }
    addEventListener(name: string, handler: (event: { data: string }) => void) {
      this.handlers.set(name, handler);
    }
    close() {
      this.closed = true;
    }
  }
  let onVisibility = () => {};
  const document = { hidden: false, addEventListener: (_name: string, handler: () => void) => (onVisibility = handler) };
  const location = { pathname: '/cities/perth', reload() {} };
  new Function('EventSource', 'location', 'document', reloadClient(4, 'r', null))(EventSource, location, document);
  assert.equal(sources.map((s) => s.url), ['/__site/events?run=r&since=4']);
  sources[0].handlers.get('rebuilt')!({ data: JSON.stringify({ changed: ['cities/sydney.html'], build: 5 }) });
  document.hidden = true;
  onVisibility();
  assert.ok(sources[0].closed, 'a page out of sight holds no connection');
  assert.is(sources.length, 1);
  document.hidden = false;
  onVisibility();
  assert.equal(sources.map((s) => s.url), ['/__site/events?run=r&since=4', '/__site/events?run=r&since=5'], 'seen again, it asks from the last build it heard of');
  onVisibility();
  assert.is(sources.length, 2, 'one stream at a time');
  // A page opened out of sight (a tab opened in the background) connects once it is seen.
  const hidden = { hidden: true, addEventListener: (_name: string, handler: () => void) => (onVisibility = handler) };
  new Function('EventSource', 'location', 'document', reloadClient(7, 'r', null))(EventSource, location, hidden);
  assert.is(sources.length, 2);
  hidden.hidden = false;
  onVisibility();
  assert.is(sources[2].url, '/__site/events?run=r&since=7');
});

test('buildModel: entries get slugs, addresses and order; the target language stands apart', () => {
  const model = buildModel([
    file('site.json', { name: 'Test' }),
    file('plans.json', { plans: [{ id: 'basic', price: '$49' }, { id: 'full', price: '$69' }] }),
    file('pages/home.json', { seo: { title: 'Home' } }),
    file('languages/maori.json', { name: 'Māori', code: 'mi', order: 2, region: 'Oceania' }),
    file('languages/arabic.json', { name: 'Arabic', code: 'ar', order: 1, region: 'Middle East', direction: 'rtl' }),
    file('languages/english.json', { name: 'English', code: 'en', order: 0, region: 'Europe', isTarget: true }),
    file('services/passports.json', { order: 1, pricing: {} }),
    file('services/payslips.json', { order: 0, pricing: { startingPrice: '$39' } }),
    file('cities/perth.json', { name: 'Perth', order: 1, preposition: 'in', languages: [] }),
    file('blog/older.md', { title: 'Older', date: '02/01/2026', author: 'Sam Lee' }, 'one two'),
    file('blog/newer.md', { title: 'Newer', date: '01/02/2026', updated: '03/02/2026', author: 'Ana Cruz, Senior Translator' }, 'one two three'),
  ]);
  assert.equal(model.languages.map((l) => [l.slug, l.url, l.dir, l.file]), [
    ['arabic', '/arabic', 'rtl', 'content/languages/arabic.json'],
    ['maori', '/maori', 'ltr', 'content/languages/maori.json'],
  ]);
  assert.is(model.target?.code, 'en');
  assert.equal(model.services.map((s) => [s.slug, s.url, servicePrice(s, model.plans)]), [
    ['payslips', '/services/payslips', '$39'],
    ['passports', '/services/passports', '$69'],
  ]);
  assert.equal(model.cities.map((c) => [c.url, c.inCity]), [['/cities/perth', 'in Perth']]);
  assert.equal(model.posts.map((p) => [p.url, p.isoDate, p.isoUpdated, p.words, p.authorName]), [
    ['/blog/newer', '2026-02-01', '2026-02-03', 3, 'Ana Cruz'],
    ['/blog/older', '2026-01-02', '2026-01-02', 2, 'Sam Lee'],
  ]);
  assert.is(model.settings.name, 'Test');
  assert.equal(model.pages.home, { seo: { title: 'Home' } });
});

test('parseDate: a year below 1000 keeps four digits, and the years 0 to 99 have their own leap days', () => {
  assert.equal(parseDate('18/08/999'), { problem: 'is not a date: write it as dd/mm/yyyy, such as 22/09/2026, or as yyyy-mm-dd' });
  assert.equal(parseDate('18/08/0999'), { iso: '0999-08-18' });
  assert.equal(parseDate('0050-01-02'), { iso: '0050-01-02' });
  assert.equal(parseDate('29/02/0000'), { iso: '0000-02-29' });
  assert.equal(parseDate('29/02/0100'), { problem: 'is not a real date: February 0100 has 28 days' });
});

test('wordCount: the words a reader reads, not the Markdown around them (reading times, wordCount in structured data)', () => {
  const markdown = [
    '## Why it matters',
    '',
    '- **Fast:** see [our prices](/pricing "Prices") or <https://example.com>',
    '* one',
    '1. two',
    '10) three',
    '',
    '> A quote — with a dash & more.',
    '',
    '| Plan | Price |',
    '|------|------:|',
    '| Extract | {{plans.extract.price}} |',
    '',
    '```md',
    'code words',
    '```',
    '',
    '<div class="note">Held <em>here</em></div> <!-- not shown -->',
    '![a picture](/images/x.svg)',
    'A {{verbatim: AUD $40–90}} figure, 2 pages.',
    '',
    '[prices]: /pricing',
    '***',
  ].join('\n');
  const read = 'Why it matters Fast: see our prices or https://example.com one two three A quote with a dash more. Plan Price Extract $59.95 code words Held here A AUD $40–90 figure, 2 pages.';
  assert.is(wordCount(markdown), read.split(' ').length);
  assert.is(wordCount('Plain words, four here.'), 4);
  assert.is(wordCount(' \n## \n- \n<!-- -->\n'), 0);
  // A long run of symbols is passed over at once: a pattern that tried it at every position took minutes here.
  assert.is(wordCount(`${'-'.repeat(200_000)} ${'a '.repeat(20_000)}`), 20_000);
});

test('classify knows every path the editor can save, a new entry\'s too: its checks (islands/admin/checks.ts) find each schema by it', () => {
  const { collections } = cmsConfig(project, {}) as { collections: { folder?: string; extension?: string; files?: { file: string }[] }[] };
  const paths = collections.flatMap((c) => (c.files ? c.files.map((f) => f.file) : [`${c.folder}/a-new-entry.${c.extension}`]));
  assert.ok(paths.length > 20);
  assert.equal(paths.filter((p) => !classify(p.replace(/^content\//, ''))), []);
});

test('routes: every page has its address, kind and output file; aliases become redirects', () => {
  const { pages, redirects } = routes(realModel);
  const byPath = new Map(pages.map((p) => [p.path, p]));
  assert.is(byPath.get('/')?.kind, 'home');
  assert.is(byPath.get('/')?.file, 'index.html');
  assert.is(byPath.get('/services/passports')?.kind, 'service');
  assert.is(byPath.get('/services/passports')?.file, 'services/passports.html');
  assert.is(byPath.get('/cities/perth')?.source, 'content/cities/perth.json');
  assert.is(byPath.get('/maori')?.kind, 'language');
  assert.is(byPath.get('/terms')?.kind, 'prose');
  assert.is(byPath.get('/404')?.file, '404.html');
  for (const hidden of ['/404', '/admin/tawkto-setup']) assert.is(byPath.get(hidden)?.indexable, false, hidden);
  assert.ok(pages.filter((p) => p.kind !== 'not-found').every((p) => p.file === outputFileOf(p.path) && p.indexable === !p.path.startsWith('/admin/')));
  assert.is(pages.filter((p) => p.kind === 'post').length, realModel.posts.length);
  assert.is(byPath.get('/blog')?.lastmod, realModel.settings.updated);
  assert.ok(redirects.some((r) => r.from === '/services/passports-ids' && r.to === '/services/passports' && r.status === 301));
});

test('routes: the blog index is as new as its newest post', () => {
  const post = real.find((f) => f.source.kind === 'post')!;
  const model = buildModel(altered({ [post.rel]: (d) => (d.updated = '01/12/2099') }));
  assert.is(routes(model).pages.find((p) => p.kind === 'blog')?.lastmod, '2099-12-01');
  assert.is(routes(model).pages.find((p) => p.path === `/blog/${post.rel.slice(5, -3)}`)?.lastmod, '2099-12-01');
});

test('routes: a prose page named like a language gives two pages at one address (which crossCheck refuses)', () => {
  const model = buildModel([...real, file('pages/maori.md', { title: 'Māori', seo: { title: 'x', description: 'y' }, updated: '2026-01-01' }, 'Text')]);
  const { pages } = routes(model);
  assert.equal(pages.filter((p) => p.path === '/maori').map((p) => p.kind).sort(), ['language', 'prose']);
});

test('crossCheck: the real content passes', () => {
  assert.equal(check(real), []);
});

test('crossCheck: a city naming a language nobody has', () => {
  const problems = check(altered({ 'cities/perth.json': (d) => d.languages.push('xx') }));
  assert.equal(problems, [{ code: 'CONTENT_UNKNOWN_REFERENCE', file: 'content/cities/perth.json', pointer: `/languages/${perthLanguages.length}` }]);
});

test('crossCheck: two languages with one code are reported once, on the later one', () => {
  const problems = check(altered({ 'languages/maori.json': (d) => (d.code = 'ar') }));
  // In list order: Arabic (3) before Māori (68).
  assert.equal(problems, [{ code: 'CONTENT_DUPLICATE_CODE', file: 'content/languages/maori.json', pointer: '/code' }]);
});

test('crossCheck: addresses that collide', () => {
  const prose = (slug: string) => file(`pages/${slug}.md`, { title: slug, seo: { title: 'x', description: 'y' }, updated: '2026-01-01' }, 'Text');
  assert.equal(check(altered({}, [prose('maori')])), [{ code: 'CONTENT_ROUTE_COLLISION', file: 'content/languages/maori.json', pointer: '/name' }]);
  assert.equal(check(altered({}, [prose('pricing')])), [{ code: 'CONTENT_ROUTE_COLLISION', file: 'content/pages/pricing.md', pointer: '' }]);
  const alias = check(altered({ 'services/passports.json': (d) => d.aliases.push('payslips') }));
  assert.equal(alias, [{ code: 'CONTENT_ROUTE_COLLISION', file: 'content/services/passports.json', pointer: '/aliases/1' }]);
});

test('headerRules: the site policy for pages, the editor policy for /admin/ alone, long caching for hashed assets', () => {
  const rules = headerRules(realModel);
  const csp = (pathname: string) => headersFor(rules, pathname).filter(([k]) => k === 'Content-Security-Policy').map(([, v]) => v);
  const header = (pathname: string, name: string) => headersFor(rules, pathname).filter(([k]) => k === name).map(([, v]) => v);
  const reviews = new URL(realModel.settings.integrations.reviews.scriptUrl).origin;

  const [page] = csp('/services/passports');
  assert.is(csp('/services/passports').length, 1);
  assert.match(page, new RegExp(`script-src 'self' [^;]*${reviews.replace(/\./g, '\\.')}`));
  assert.not.match(page, /unsafe-eval/);
  assert.match(page, /frame-ancestors 'none'/);

  for (const editor of ['/admin', '/admin/', '/admin/index.html']) {
    // One policy only, the editor's: no rule for the site's pages matches the editor's page.
    const policies = csp(editor);
    assert.is(policies.length, 1, editor);
    assert.match(policies[0], /script-src 'self' 'unsafe-eval'/, editor);
    assert.not.match(policies[0], new RegExp(reviews.replace(/\./g, '\\.')), editor);
    assert.equal(header(editor, 'Cross-Origin-Opener-Policy'), ['same-origin-allow-popups'], editor);
  }
  assert.equal(header('/services/passports', 'Cross-Origin-Opener-Policy'), ['same-origin']);
  assert.equal(csp('/admin/tawkto-setup'), [page]);
  assert.equal(header('/admin/tawkto-setup', 'X-Robots-Tag'), ['noindex, nofollow']);
  assert.equal(header('/services/passports', 'X-Robots-Tag'), []);

  assert.equal(header('/assets/main-1a2b3c.css', 'Cache-Control'), ['public, max-age=31536000, immutable']);
  assert.equal(header('/services/passports', 'Cache-Control'), []);
  assert.equal(header('/admin/', 'Cache-Control'), ['no-cache']);

  // GitHub's API only when editors sign in with GitHub.
  assert.match(csp('/admin/').at(-1)!, /connect-src 'self' blob: https:\/\/api\.github\.com;/);
  const local = { ...realModel, settings: { ...realModel.settings, editor: undefined } } as SiteModel;
  const localPolicy = headersFor(headerRules(local), '/admin/').filter(([k]) => k === 'Content-Security-Policy').at(-1)![1];
  assert.match(localPolicy, /connect-src 'self' blob:;/);
});

test('headerRules: no header is set twice for any address, whichever way a host joins matching rules', () => {
  const rules = headerRules(realModel);
  const { pages } = routes(realModel);
  const addresses = [...pages.flatMap((p) => [p.path, `${p.path}/`.replace('//', '/'), `/${p.file}`]), '/admin', '/admin/', '/admin/index.html', '/assets/site.0123456789.css', '/services/missing', '/unknown'];
  for (const address of addresses) {
    const names = headersFor(rules, address).map(([name]) => name.toLowerCase());
    assert.equal(names.filter((name, i) => names.indexOf(name) !== i), [], address);
    if (address !== '/unknown' && !address.startsWith('/admin/index') && address !== '/admin' && address !== '/admin/') {
      assert.equal(headersFor(rules, address).filter(([k]) => k === 'Cross-Origin-Opener-Policy').map(([, v]) => v), ['same-origin'], address);
    }
  }
  // Netlify's matching (netlify/build headers-parser, getForRegExp): case-insensitive, an optional trailing slash,
  // and a standalone * that also matches the bare folder and anything that starts with its name.
  assert.ok(pathPattern('/blog/*').test('/blog'));
  assert.ok(pathPattern('/blog/*').test('/blog.html'));
  assert.ok(pathPattern('/malay/*').test('/malayalam'));
  assert.ok(pathPattern('/admin/').test('/ADMIN'));
  assert.not.ok(pathPattern('/admin/').test('/admin/index.html'));
  assert.ok(pathPattern('/:lang').test('/arabic/'));
  assert.not.ok(pathPattern('/:lang').test('/arabic/x'));
});

test.after(() => site.remove());
test('loadContent follows a linked folder but not a link back up the tree', () => {
  const f = fixture();
  try {
    const before = loadContent(resolveProject(f.root)).files.length;
    assert.ok(before > 100);
    fs.symlinkSync('..', path.join(f.content, 'blog', 'up'));
    fs.mkdirSync(path.join(f.root, 'more'));
    fs.writeFileSync(path.join(f.root, 'more', 'linked-post.md'), f.read('content/blog/naati-vs-standard-translations-differences.md'));
    fs.symlinkSync(path.join(f.root, 'more'), path.join(f.content, 'blog', 'more'));
    const after = loadContent(resolveProject(f.root));
    // Nothing is read through the loop; the linked folder's post is found (a post there is an unknown file).
    assert.is(after.files.length, before);
    assert.not.ok([...after.files.map((file) => file.path), ...after.errors.map((e) => e.file)].some((file) => file?.startsWith('content/blog/up/')));
    assert.equal(after.errors.map((e) => [e.file, e.code]), [['content/blog/more/linked-post.md', 'CONTENT_UNKNOWN_FILE']]);
  } finally {
    f.remove();
  }
});

test('loadContent finds the same files with the inputs\' stamp as without it, through a linked folder too', () => {
  const f = fixture();
  try {
    const project = resolveProject(f.root);
    const paths = (result: ReturnType<typeof loadContent>) => [...result.files.map((file) => file.path), ...result.errors.map((e) => `${e.file} ${e.code}`)].sort();
    // What the content stage leaves out: hidden files and folders, READMEs, the schemas folder.
    fs.mkdirSync(path.join(f.content, '.drafts'));
    fs.writeFileSync(path.join(f.content, '.drafts', 'draft.md'), '---\ntitle: x\n---\n');
    fs.writeFileSync(path.join(f.content, 'blog', '.notes.md'), 'notes');
    fs.writeFileSync(path.join(f.content, 'README.md'), '# Content');
    fs.writeFileSync(path.join(f.content, 'blog', 'README.md'), '# Posts');
    fs.writeFileSync(path.join(f.content, 'blog', 'stray.json'), '{}');
    const walked = loadContent(project);
    const seen = inputStamp(project, path.join(f.root, 'dist')).content;
    assert.equal(paths(loadContent(project, undefined, seen)), paths(walked));
    assert.ok(paths(walked).includes('content/blog/stray.json CONTENT_UNKNOWN_FILE'));
    assert.not.ok(paths(walked).some((file) => file.includes('README') || file.includes('/.')));
    // A linked folder, which the stamp's walk follows by other rules.
    fs.mkdirSync(path.join(f.root, 'more'));
    fs.writeFileSync(path.join(f.root, 'more', 'linked.json'), '{}');
    fs.symlinkSync(path.join(f.root, 'more'), path.join(f.content, 'blog', 'more'));
    const linked = inputStamp(project, path.join(f.root, 'dist')).content;
    assert.ok(paths(loadContent(project, undefined, linked)).includes('content/blog/more/linked.json CONTENT_UNKNOWN_FILE'));
  } finally {
    f.remove();
  }
});

test('loadContent reports a content file that is a link to nothing, naming where it leads, with or without the inputs\' stamp', () => {
  const f = fixture();
  try {
    const project = resolveProject(f.root);
    const nowhere = path.join(f.root, 'moved', 'ballarat.json');
    fs.symlinkSync(nowhere, path.join(f.content, 'cities', 'ballarat.json'));
    for (const seen of [undefined, inputStamp(project, path.join(f.root, 'dist')).content]) {
      const { errors } = loadContent(project, undefined, seen);
      assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [`CONTENT_DANGLING_LINK content/cities/ballarat.json is a symbolic link to ${nowhere}, which does not exist`]);
    }
  } finally {
    f.remove();
  }
});

test("loadContent looks once at each file it reads (the stamp's look stands for its own), and names a named pipe with or without the stamp", () => {
  const f = fixture();
  try {
    const project = resolveProject(f.root);
    execFileSync('mkfifo', [path.join(f.content, 'blog', 'pipe.md')]);
    const post = path.join(f.content, 'blog', 'naati-vs-standard-translations-differences.md');
    for (const seen of [undefined, inputStamp(project, path.join(f.root, 'dist')).content]) {
      // No snapshot: every file is read.
      fs.rmSync(project.cache, { recursive: true, force: true });
      const real = fs.statSync;
      const spied = fs as { statSync: typeof real };
      let looks = 0;
      spied.statSync = ((abs: fs.PathLike, ...rest: []) => ((looks += Number(abs === post)), real(abs, ...rest))) as typeof real;
      let result: ReturnType<typeof loadContent>;
      try {
        result = loadContent(project, undefined, seen);
      } finally {
        spied.statSync = real;
      }
      assert.equal(result.errors.map((e) => `${e.code} ${e.headline}`), ['NOT_A_FILE content/blog/pipe.md is not a regular file (a named pipe)']);
      assert.is(looks, seen ? 0 : 1, seen ? 'with the stamp' : 'without it');
    }
  } finally {
    f.remove();
  }
});

test('a form answer reads the built page it belongs to, the home page too: from the site\'s address, or from disk under site serve', async () => {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url!);
    response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'", 'x-frame-options': 'DENY', 'set-cookie': 'a=b' }).end(`<p>page ${request.url}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const request = new Request(`${origin}/api/subscribe`, { method: 'POST' });
    assert.is((await builtPage(request, {}, {}, '/')).text, '<p>page /</p>');
    assert.is((await builtPage(request, {}, {}, '/blog')).text, '<p>page /blog</p>');
    const contact = await builtPage(request, {}, {}, '/contact/');
    assert.is(contact.text, '<p>page /contact</p>');
    // The page's own security headers come along (a policy without frame-ancestors gets it); nothing else does.
    assert.equal(contact.headers, { 'content-security-policy': "default-src 'self'; frame-ancestors 'none'", 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
    assert.equal(asked, ['/', '/blog', '/contact'], 'each page at the address it answers without a redirect');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  const pages = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pages-'));
  try {
    fs.writeFileSync(path.join(pages, 'index.html'), 'home');
    fs.writeFileSync(path.join(pages, 'blog.html'), 'blog');
    const request = new Request('http://127.0.0.1:1/api/subscribe', { method: 'POST' });
    fs.writeFileSync(path.join(pages, '_headers'), "/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'\n  X-Content-Type-Options: nosniff\n/admin/*\n  Content-Security-Policy: default-src 'none'\n/blog/\n  Referrer-Policy: no-referrer\n");
    assert.is((await builtPage(request, {}, { SITE_PAGES_DIR: pages }, '/')).text, 'home');
    const blog = await builtPage(request, {}, { SITE_PAGES_DIR: pages }, '/blog');
    assert.is(blog.text, 'blog');
    assert.is(blog.headers['content-security-policy'], "default-src 'self'; frame-ancestors 'none'", "the site's rule, not the editor's");
    assert.is(blog.headers['referrer-policy'], 'no-referrer', "the page's own rule adds to the site's");
    assert.is((await builtPage(request, {}, { SITE_PAGES_DIR: pages }, '/missing')).text, undefined);
  } finally {
    fs.rmSync(pages, { recursive: true, force: true });
  }
});

test('the dev server\'s output: a rebuild whose writing fails partway leaves no file taken for what it held before', () => {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'live-'));
  try {
    const first = new LiveOutput(target, new Map());
    first.emit('a.txt', 'old');
    first.emit('gone.txt', 'old');
    const { hashes } = first.commit();
    // The second build writes a.txt, then fails on b.txt (a folder stands where it goes); the server keeps the
    // first build's hashes, as it does after any failed build.
    fs.mkdirSync(path.join(target, 'b.txt', 'x'), { recursive: true });
    const second = new LiveOutput(target, hashes);
    second.emit('a.txt', 'new');
    second.emit('gone.txt', 'new');
    second.emit('b.txt', 'b');
    assert.throws(() => second.commit());
    fs.rmSync(path.join(target, 'b.txt'), { recursive: true });
    // The next build makes a.txt as the first did, and gone.txt no more.
    const third = new LiveOutput(target, hashes);
    assert.not.ok(third.canKeep('a.txt'), 'a.txt holds what the failed build wrote, not what the first did');
    third.emit('a.txt', 'old');
    const { changed } = third.commit();
    assert.is(fs.readFileSync(path.join(target, 'a.txt'), 'utf8'), 'old');
    assert.not.ok(fs.existsSync(path.join(target, 'gone.txt')), 'a file the failed build wrote is still removed when no longer made');
    // b.txt too: a write that fails may leave part of a file behind, and the third build makes none.
    assert.equal(changed, ['a.txt', 'b.txt', 'gone.txt']);
  } finally {
    fs.rmSync(target, { recursive: true, force: true });
  }
});

test('hashedName puts the hash before the extension, and after the whole name when there is none', () => {
  const bytes = Buffer.from('x');
  const hash = hashedName('a.txt', bytes).slice(2, 12);
  assert.match(hash, /^[0-9a-f]{10}$/);
  assert.is(hashedName('assets/site.css', bytes), `assets/site.${hash}.css`);
  assert.is(hashedName('assets/fonts/LICENSE', bytes), `assets/fonts/LICENSE.${hash}`);
  assert.is(hashedName('assets/archive.tar.gz', bytes), `assets/archive.tar.${hash}.gz`);
});

test('the not-found page offers an address with capitals in small letters, with no slash after it; an address with none gets no offer', () => {
  assert.is(inSmallLetters('/ArAbIc'), '/arabic');
  assert.is(inSmallLetters('/chinese-SIMPLIFIED'), '/chinese-simplified');
  assert.is(inSmallLetters('/Blog/Some-Post/'), '/blog/some-post');
  assert.is(inSmallLetters('/no-such-page'), undefined);
  assert.is(inSmallLetters('/'), undefined);
  // A %-escape's hex digits are the same byte in either case: /c%C3%A9line has no capitals of its own.
  assert.is(inSmallLetters('/c%C3%A9line'), undefined);
  assert.is(inSmallLetters('/C%C3%A9line'), '/c%c3%a9line');
});

test("the not-found page's offer in small letters is always an address on the site itself, never another host's", () => {
  // An address starting with two slashes (https://site//WWW.GOOGLE.COM/x) is another host's when fetched or linked.
  const own = 'https://www.example.com';
  for (const pathname of ['//WWW.GOOGLE.COM/Search', '///Evil.Example/x', '//Chinese', '/Chinese', '/Blog//Post']) {
    const offer = inSmallLetters(pathname);
    if (offer !== undefined) assert.is(new URL(offer, own).origin, own, `${pathname} -> ${offer}`);
  }
  assert.is(inSmallLetters('/Chinese'), '/chinese', 'an ordinary address is still offered');
});

test.run();
