// /admin/formats.js, the code Decap writes files with on the live site, run as the browser runs it (the bundle
// the build emits, in a fresh context with a stand-in for Decap's CMS object): an existing file keeps its
// layout through the preSave event, a new one gets the repository's canonical layout. The whole path through
// Decap in Chromium is test/e2e/editor-production.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import vm from 'node:vm';
import { formatsScript } from '../generator/admin/admin-files.ts';
import { stopEsbuild } from '../generator/esbuild.ts';
import { fixture, type Fixture } from './helpers/project.ts';

interface Format {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>, sortedKeys?: string[]): string;
}

const test = suite('editor formats in the browser');
let site: Fixture;
const formats = new Map<string, Format>();
let preSave: (event: { entry: { get(key: string): unknown } }) => void;
/** Files the stand-in proxy backend loads, by path. */
const stored = new Map<string, string>();
let proxy: { getEntry(path: string): Promise<{ file: { path: string }; data: string }> };

test.before(async () => {
  site = fixture();
  const CMS = {
    registerCustomFormat: (name: string, _extension: string, format: Format) => formats.set(name, format),
    registerEventListener: ({ name, handler }: { name: string; handler: typeof preSave }) => {
      if (name === 'preSave') preSave = handler;
    },
    // Decap's registered backends, which formats.js changes before Decap makes one; only proxy is here.
    getBackend: (name: string) => (name === 'proxy' ? proxyBackend : undefined),
  };
  const proxyBackend = { init: () => ({ getEntry: async (path: string) => ({ file: { path }, data: stored.get(path)! }) }) };
  vm.runInNewContext(await formatsScript(), { CMS });
  proxy = proxyBackend.init();
});
test.after(async () => {
  site?.remove();
  await stopEsbuild();
});

/** What Decap's preSave hands listeners: an Immutable map of the entry. */
function saving(entry: { raw?: string; path?: string; newRecord?: boolean }): void {
  preSave({ entry: { get: (key: string) => (entry as Record<string, unknown>)[key] } });
}

/** The data as Decap holds it past eight keys: another order. */
function shuffled(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).reverse());
}

/** The editor's fields for a collection are its schema's properties, in order (cms-config.ts). */
function schemaOrder(schema: string): string[] {
  return Object.keys(site.json<{ properties: Record<string, unknown> }>(`content/schemas/${schema}`).properties);
}

test('an existing JSON file saved unchanged comes back byte for byte, short arrays on one line included', () => {
  const json = formats.get('site-json')!;
  for (const rel of ['content/services/payslips.json', 'content/cities/perth.json', 'content/plans.json', 'content/facts.json']) {
    const raw = site.read(rel);
    saving({ raw, path: rel });
    assert.ok(json.toFile(shuffled(json.fromFile(raw))) === raw, rel);
  }
});

test('an edit changes only its own line', () => {
  const json = formats.get('site-json')!;
  const raw = site.read('content/cities/perth.json');
  const data = json.fromFile(raw);
  saving({ raw, path: 'content/cities/perth.json' });
  const text = json.toFile(shuffled({ ...data, population: '2.4 million' }));
  assert.is(text, raw.replace(`"population": ${JSON.stringify(data.population)}`, '"population": "2.4 million"'));
});

test('a new entry, and any write not announced by preSave, is canonical: $schema first, fields in schema order, two spaces, final newline', () => {
  const json = formats.get('site-json')!;
  const cityFields = schemaOrder('city.schema.json');
  const data: Record<string, unknown> = { ...json.fromFile(site.read('content/cities/perth.json')), name: 'Alice Springs' };
  const canonical = `${JSON.stringify(Object.fromEntries(Object.keys(data).sort((a, b) => cityFields.indexOf(a) - cityFields.indexOf(b)).map((k) => [k, data[k]])), null, 2)}\n`;
  saving({ raw: '', newRecord: true });
  assert.is(json.toFile(shuffled(data), cityFields), canonical);
  assert.ok(canonical.startsWith('{\n  "$schema": "../schemas/city.schema.json",\n  "name": "Alice Springs",'));
  // preSave's text is used once: Decap's local draft backups also call toFile, with no save under way.
  saving({ raw: site.read('content/cities/perth.json'), path: 'content/cities/perth.json' });
  json.toFile(data, cityFields);
  assert.is(json.toFile(shuffled(data), cityFields), canonical);
});

test('a blog post keeps its front matter lines and body; an edit rewrites only the key it changed', () => {
  const md = formats.get('site-md')!;
  const postFields = [...schemaOrder('blog-post.schema.json'), 'body'];
  const rel = 'content/blog/naati-certified-translations-immigration.md';
  const raw = site.read(rel);
  const data = md.fromFile(raw);
  assert.type(data.body, 'string');
  assert.is(data.date, /\ndate: "([^"]+)"/.exec(raw)![1]);
  saving({ raw, path: rel });
  assert.ok(md.toFile(shuffled(data), postFields) === raw);
  saving({ raw, path: rel });
  const edited = md.toFile({ ...data, title: 'A new title' }, postFields);
  assert.is(edited, raw.replace(/^title: .*$/m, 'title: "A new title"'));
});

test('an unquoted date in front matter is the text written, as the build reads it: 0050 is not 1950, nor 31 February 3 March', () => {
  const md = formats.get('site-md')!;
  const data = md.fromFile('---\ndate: 0050-01-02\nupdated: 2026-02-31\n---\n\nText\n');
  assert.equal([data.date, data.updated], ['0050-01-02', '2026-02-31']);
});

test('a new blog post is front matter in the blog schema\'s order, strings double-quoted, then the body', () => {
  const md = formats.get('site-md')!;
  const postFields = [...schemaOrder('blog-post.schema.json'), 'body'];
  saving({ raw: '', newRecord: true });
  const text = md.toFile({ body: 'Bring every page.', icon: 'heart', image: { src: 'blog/a.svg', alt: 'A passport' }, title: 'Partner visas', date: '20/11/2026' }, postFields);
  assert.is(text, '---\ntitle: "Partner visas"\ndate: "20/11/2026"\nimage:\n  src: "blog/a.svg"\n  alt: "A passport"\nicon: "heart"\n---\n\nBring every page.\n');
});

test('an entry whose YAML aliases write out past the build\'s limit, or hold themselves, is refused as it loads, naming the file and the field; any other entry loads', async () => {
  const laughs = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]', ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefg'[i]}`).join(',')}]`)];
  stored.set('content/blog/laughs.md', `---\ntitle: "Laughs"\n${laughs.join('\n')}\n---\n\nText.\n`);
  stored.set('content/blog/round.md', '---\ntitle: "Round"\nlinks: &links ["a", *links]\n---\n\nText.\n');
  stored.set('content/blog/plain.md', '---\ntitle: "Plain"\ntags: &t ["a", "b"]\nmore: *t\n---\n\nText.\n');
  const refusal = (path: string) => proxy.getEntry(path).then(() => 'loaded', (error: Error) => error.message);
  assert.match(await refusal('content/blog/laughs.md'), /^content\/blog\/laughs\.md \/d holds more than 10,000 values once its YAML aliases \(\*name\) are written out\. The editor does not open it/);
  assert.match(await refusal('content/blog/round.md'), /^content\/blog\/round\.md \/links holds itself through a YAML alias/);
  assert.is(await refusal('content/blog/plain.md'), 'loaded');
});

test('an entry whose text its format cannot read is refused as it loads, naming the file, the problem and its line, not opened with an empty form', async () => {
  stored.set('content/blog/colon.md', '---\ntitle: "Colon"\ndescription: Costs: $70\n---\n\nText.\n');
  stored.set('content/blog/open.md', '---\ntitle: "Open"\n\nText with no closing line.\n');
  stored.set('content/site.json', '{ "name": "Site", }\n');
  stored.set('content/empty.json', '');
  const refusal = (path: string) => proxy.getEntry(path).then(() => 'loaded', (error: Error) => error.message);
  assert.match(await refusal('content/blog/colon.md'), /^content\/blog\/colon\.md has front matter that is not valid YAML: .+ at line 3, column \d+\. The editor does not open it: its form would be empty, and publishing that would write over the file\./);
  assert.match(await refusal('content/blog/open.md'), /^content\/blog\/open\.md has front matter that no line of --- closes, with its text below\. The editor does not open it/);
  assert.match(await refusal('content/site.json'), /^content\/site\.json is not valid JSON: .+\. The editor does not open it/);
  assert.match(await refusal('content/empty.json'), /^content\/empty\.json is not valid JSON: /);
});

test('a file that starts with a byte-order mark, which the build reads, loads and opens with its fields', async () => {
  stored.set('content/marked.json', '\uFEFF{ "name": "Marked" }\n');
  stored.set('content/blog/marked.md', '\uFEFF---\ntitle: "Marked"\n---\n\nText.\n');
  const loads = (path: string) => proxy.getEntry(path).then(() => 'loaded', (error: Error) => error.message);
  assert.is(await loads('content/marked.json'), 'loaded');
  assert.is(await loads('content/blog/marked.md'), 'loaded');
  // Made in the script's own context: compared as JSON, not by prototype.
  assert.is(JSON.stringify(formats.get('site-json')!.fromFile(stored.get('content/marked.json')!)), '{"name":"Marked"}');
  assert.is(JSON.stringify(formats.get('site-md')!.fromFile(stored.get('content/blog/marked.md')!)), '{"title":"Marked","body":"\\nText.\\n"}');
});

test('a file that starts with a byte-order mark is saved in its own layout and keeps the mark: unchanged, and with one value edited', () => {
  const json = formats.get('site-json')!;
  const service = `\uFEFF${site.read('content/services/payslips.json')}`;
  const data = json.fromFile(service);
  saving({ raw: service, path: 'content/services/payslips.json' });
  assert.ok(json.toFile(shuffled(data)) === service, 'JSON saved unchanged');
  saving({ raw: service, path: 'content/services/payslips.json' });
  const related = [...(data.related as string[]), 'passports'];
  assert.is(json.toFile(shuffled({ ...data, related })), service.replace('"visa-documents"]', '"visa-documents", "passports"]'));
  const md = formats.get('site-md')!;
  const post = `\uFEFF${site.read('content/blog/naati-certified-translations-immigration.md')}`;
  const fields = md.fromFile(post);
  saving({ raw: post, path: 'content/blog/naati-certified-translations-immigration.md' });
  assert.ok(md.toFile(shuffled(fields)) === post, 'post saved unchanged');
  saving({ raw: post, path: 'content/blog/naati-certified-translations-immigration.md' });
  assert.is(md.toFile({ ...fields, title: 'A new title' }), post.replace(/^title: .*$/m, 'title: "A new title"'));
});

test.run();
