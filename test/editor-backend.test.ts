// The editor's local backend, over HTTP as Decap calls it: files read and written in their own layout (an
// unchanged save is byte-identical), and a save the build would reject refused with the build's message and
// nothing written.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import { localEditor, localConfig, apiPath } from '../generator/admin/local-backend.ts';
import { jsonInLayout, markdownInLayout } from '../generator/admin/keep-layout.ts';
import { resolveProject } from '../generator/project.ts';
import { silentLogger } from '../generator/log.ts';
import { copyCode, fixture, repoRoot, type Fixture } from './helpers/project.ts';

const test = suite('editor local backend');
let site: Fixture;
let server: http.Server;
let url: string;

test.before(async () => {
  site = fixture();
  // Its own images, so that an upload lands in the fixture, not in the repository.
  copyCode(site, ['assets']);
  fs.mkdirSync(path.join(site.root, 'dist/admin'), { recursive: true });
  fs.writeFileSync(path.join(site.root, 'dist/admin/config.yml'), 'backend:\n  name: "github"\n');
  const editor = localEditor(resolveProject(site.root), path.join(site.root, 'dist'), silentLogger);
  server = http.createServer((req, res) => editor.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
test.after(async () => {
  await new Promise((resolve) => server.close(resolve));
  site.remove();
});

async function call(action: string, params: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${apiPath}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action, params }) });
  return { status: response.status, body: await response.json() };
}

/** What Decap's own JSON format would send: the same data, two-space, keys in another order. */
function asDecapWouldSend(text: string): string {
  const data = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.entries(data).reverse()), null, 2);
}

test('every content file survives an unchanged save byte for byte, in both layouts kept', () => {
  const files = fg.sync('content/**/*.{json,md}', { cwd: repoRoot, ignore: ['content/schemas/**'] });
  assert.ok(files.length > 120);
  for (const rel of files) {
    const text = fs.readFileSync(path.join(repoRoot, rel), 'utf8');
    if (rel.endsWith('.json')) assert.is(jsonInLayout(text, JSON.parse(text)), text, rel);
    else {
      const parsed = matter(text, {});
      assert.is(markdownInLayout(text, parsed.data, parsed.data, parsed.content), text, rel);
    }
  }
});

test('a body rewritten by the rich-text editor keeps the file\'s own lines: only the new paragraph shows in the diff', () => {
  const rel = 'content/blog/naati-certified-translations-immigration.md';
  const text = fs.readFileSync(path.join(repoRoot, rel), 'utf8');
  const parsed = matter(text, {});
  assert.ok(/^- /m.test(parsed.content), 'the post has "-" bullets');
  // What the rich-text mode hands back: "*" bullets, nested items four spaces in, one paragraph added.
  const rewritten = parsed.content.replace(/^(\s*)- /gm, (_m, indent: string) => `${indent.replace(/  /g, '    ')}* `).replace(/\n\n/, '\n\nA paragraph added in the editor.\n\n');
  const saved = markdownInLayout(text, parsed.data, parsed.data, rewritten);
  const added = saved.split('\n').filter((line) => !text.split('\n').includes(line));
  assert.equal(added, ['A paragraph added in the editor.']);
  assert.is(saved.split('\n').length, text.split('\n').length + 2);
});

test('fields the editor left empty are left out of the file, and an empty value the file had stays', () => {
  const post = markdownInLayout(undefined, undefined, { title: 'A title', updated: '', seo: { title: '', keywords: [] }, featured: null }, 'Text.');
  assert.is(post, '---\ntitle: "A title"\n---\n\nText.\n');
  assert.is(jsonInLayout('{\n  "a": "",\n  "b": 1\n}\n', { a: '', b: 1, c: null, d: [] }), '{\n  "a": "",\n  "b": 1\n}\n');
});

test('info says what the local backend is; the served config points Decap at it', async () => {
  const { status, body } = await call('info', {});
  assert.is(status, 200);
  assert.equal(body.publish_modes, ['simple']);
  const config = await (await fetch(`${url}/admin/config.yml`)).text();
  assert.match(config, /^backend:\n {2}name: "github"\nlocal_backend:\n {2}url: "http:\/\/127\.0\.0\.1:\d+\/admin\/api\/v1"\n$/);
  // "View Live" opens the page on this server, not on the public address.
  assert.is(localConfig('site_url: "https://www.example.com"\ndisplay_url: "https://www.example.com"\n', 'http://127.0.0.1:4321'), 'site_url: "http://127.0.0.1:4321"\ndisplay_url: "http://127.0.0.1:4321"\n');
});

test('entries are listed and read as their files', async () => {
  const { body } = await call('entriesByFolder', { folder: 'content/cities', extension: 'json', depth: 1 });
  assert.is(body.length, 12);
  const perth = body.find((e: any) => e.file.path === 'content/cities/perth.json');
  assert.is(perth.data, site.read('content/cities/perth.json'));
});

test('an unchanged save through the API leaves the file byte-identical, whatever order Decap sends', async () => {
  for (const rel of ['content/services/payslips.json', 'content/site.json', 'content/pages/contact.json']) {
    const before = site.read(rel);
    const { status } = await call('persistEntry', { dataFiles: [{ path: rel, raw: asDecapWouldSend(before), slug: 'x' }], assets: [], options: {} });
    assert.is(status, 200, rel);
    assert.is(site.read(rel), before, rel);
  }
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const before = site.read(post);
  const parsed = matter(before, {});
  // Decap writes YAML its own way: unquoted strings, other key order.
  const raw = `---\n${Object.entries(parsed.data).reverse().map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')}\n---\n${parsed.content.trim()}\n`;
  assert.is((await call('persistEntry', { dataFiles: [{ path: post, raw }], assets: [] })).status, 200);
  assert.is(site.read(post), before);
});

test('an edit changes only its own line', async () => {
  const rel = 'content/cities/darwin.json';
  const before = site.read(rel);
  const data = JSON.parse(before);
  data.population = '150,000';
  assert.is((await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] })).status, 200);
  assert.is(site.read(rel), before.replace(/"population": "[^"]+"/, '"population": "150,000"'));
});

test('a number where text is required is refused with the build\'s message, and nothing is written', async () => {
  const rel = 'content/cities/perth.json';
  const before = site.read(rel);
  const data = JSON.parse(before);
  data.population = 2300000;
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] });
  assert.is(status, 422);
  assert.is(body.error, 'Not saved: content/cities/perth.json:7:17 /population must be string. The population as text, such as 5.3 million or 147,000.');
  assert.is(site.read(rel), before);
});

test('a save that breaks a rule across files is refused too', async () => {
  const rel = 'content/cities/hobart.json';
  const before = site.read(rel);
  const data = JSON.parse(before);
  data.languages[0] = 'xx';
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] });
  assert.is(status, 422);
  assert.match(body.error, /^Not saved: content\/cities\/hobart\.json:\d+:\d+ \/languages\/0 /);
  assert.match(body.error, /"xx"/);
  assert.is(site.read(rel), before);
});

test('a new entry is written as two-space JSON with $schema first, and a new post in the house style', async () => {
  const city = JSON.parse(site.read('content/cities/darwin.json'));
  const { $schema, ...rest } = city;
  const created = { ...rest, $schema, name: 'Alice Springs', order: 13 };
  const rel = 'content/cities/alice-springs.json';
  const raw = JSON.stringify(Object.fromEntries(Object.entries(created).sort(([a], [b]) => (a === '$schema' ? -1 : b === '$schema' ? 1 : 0))), null, 2);
  const result = await call('persistEntry', { dataFiles: [{ path: rel, raw }], assets: [] });
  assert.is(result.status, 200, JSON.stringify(result.body));
  const text = site.read(rel);
  assert.ok(text.startsWith('{\n  "$schema": "../schemas/city.schema.json",\n  "name": "Alice Springs"'));
  assert.ok(text.endsWith('}\n'));
  fs.rmSync(path.join(site.root, rel));
});

test('deleting a language a city names is refused, naming the city, and nothing is deleted', async () => {
  const rel = 'content/languages/swahili.json';
  const before = site.read(rel);
  const { status, body } = await call('deleteFiles', { paths: [rel] });
  assert.is(status, 422);
  assert.match(body.error, /^Not deleted: content\/cities\/newcastle\.json still refers to content\/languages\/swahili\.json\. Change it first\./);
  assert.is(site.read(rel), before);
  // A file nothing names goes.
  const spare = 'content/blog/spare-post.md';
  fs.writeFileSync(path.join(site.root, spare), site.read('content/blog/naati-certified-translations-immigration.md').replace(/featured: true\n/, ''));
  assert.is((await call('deleteFiles', { paths: [spare] })).status, 200);
  assert.not.ok(fs.existsSync(path.join(site.root, spare)));
});

test('renaming an entry others refer to is refused, and both names stay as they were', async () => {
  const rel = 'content/languages/swahili.json';
  const before = site.read(rel);
  const data = JSON.parse(before);
  data.code = 'swa';
  const moved = 'content/languages/kiswahili.json';
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, newPath: moved, raw: JSON.stringify(data, null, 2) }], assets: [] });
  assert.is(status, 422, JSON.stringify(body));
  assert.match(body.error, /content\/cities\/newcastle\.json/);
  assert.is(site.read(rel), before);
  assert.not.ok(fs.existsSync(path.join(site.root, moved)));
});

test('a new post saved with a new image writes both; a refused one leaves no image behind', async () => {
  const post = site.read('content/blog/naati-certified-translations-immigration.md').replace('featured: true\n', '').replace('blog/naati-certified-translations-immigration.svg', 'blog/new-picture.png');
  // A 1x1 PNG, as a browser would send an upload.
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const asset = { path: 'assets/images/blog/new-picture.png', content: png, encoding: 'base64' };
  const image = path.join(resolveProject(site.root).assets, 'images/blog/new-picture.png');
  const refused = await call('persistEntry', { dataFiles: [{ path: 'content/blog/picture-post.md', raw: post.replace(/^date: .*$/m, 'date: "31/13/2026"') }], assets: [asset] });
  assert.is(refused.status, 422);
  assert.not.ok(fs.existsSync(image), 'the refused save left no image');
  const saved = await call('persistEntry', { dataFiles: [{ path: 'content/blog/picture-post.md', raw: post }], assets: [asset] });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  assert.ok(fs.existsSync(image));
  assert.match(site.read('content/blog/picture-post.md'), /src: "blog\/new-picture\.png"/);
  fs.rmSync(path.join(site.root, 'content/blog/picture-post.md'));
  fs.rmSync(image);
});

test('paths outside content/ and assets/images/ are refused', async () => {
  for (const p of ['package.json', 'content/schemas/city.schema.json', '../outside.json']) {
    const { status, body } = await call('getEntry', { path: p });
    assert.is(status, 403, p);
    assert.match(body.error, /outside content\/ and assets\/images\//);
  }
});

test.run();
