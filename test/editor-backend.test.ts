// The editor's local backend, over HTTP as Decap calls it: files read and written in their own layout (an
// unchanged save is byte-identical), and a save the build would reject refused with the build's message and
// nothing written.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import { localEditor, localConfig, apiPath } from '../generator/admin/local-backend.ts';
import { isLoopback, networkNotice } from '../generator/admin/request-guard.ts';
import { jsonInLayout, markdownInLayout } from '../generator/admin/keep-layout.ts';
import { resolveProject } from '../generator/project.ts';
import { maxUploadBytes, megabytes } from '../generator/assets/image-check.ts';
import { silentLogger } from '../generator/log.ts';
import { copyCode, fixture, repoRoot, type Fixture } from './helpers/project.ts';

const test = suite('editor local backend');
let site: Fixture;
let server: http.Server;
let url: string;
/** The API's address with this server's token, as config.yml gives it to the editor's page. */
let api: string;

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
  api = /url: "([^"]+)"/.exec(await (await fetch(`${url}/admin/config.yml`)).text())![1];
});
test.after(async () => {
  await new Promise((resolve) => server.close(resolve));
  site.remove();
});

async function call(action: string, params: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const response = await fetch(api, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action, params }) });
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

test('comments in front matter stay where they are: above the first key, and above a key whose neighbour changed', () => {
  const text = '---\n# Checked by legal: keep the title as it is\ntitle: "A"\n\n# The day the post goes live\ndate: "18/08/2026"\nexcerpt: "E"\n# end of the fields\n---\n\nBody.\n';
  const before = matter(text, {}).data;
  assert.is(markdownInLayout(text, before, { ...before }, 'Body.'), text, 'saved unchanged');
  const retitled = markdownInLayout(text, before, { ...before, title: 'B' }, 'Body.');
  assert.is(retitled, text.replace('title: "A"', 'title: "B"'));
  const redated = markdownInLayout(text, before, { ...before, date: '19/08/2026' }, 'Body.');
  assert.is(redated, text.replace('18/08/2026', '19/08/2026'));
});

test('a list the file writes on one line stays on one line: when items are added, and when a key is added after it', () => {
  const rel = 'content/services/payslips.json';
  const text = fs.readFileSync(path.join(repoRoot, rel), 'utf8');
  const data = JSON.parse(text);
  assert.match(text, /\n {4}"plans": \["full"\],\n/);
  assert.match(text, /\n {2}"related": \["employment-certificate", "bank-statements", "visa-documents"\]\n\}\n$/);
  data.pricing.plans.push('extract');
  data.related.push('passports');
  // The Draft tick box: a key the file does not have yet, added after "related".
  data.draft = true;
  const expected = text
    .replace('"plans": ["full"],', '"plans": ["full", "extract"],')
    .replace(/"visa-documents"\]\n\}\n$/, '"visa-documents", "passports"],\n  "draft": true\n}\n');
  assert.is(jsonInLayout(text, data), expected);
});

test('a post whose lines end in CRLF keeps CRLF on every line, the lines written anew and the body included', () => {
  const text = fs.readFileSync(path.join(repoRoot, 'content/blog/naati-certified-translations-immigration.md'), 'utf8').replace(/\n/g, '\r\n');
  const parsed = matter(text, {});
  assert.is(markdownInLayout(text, parsed.data, parsed.data, parsed.content), text, 'saved unchanged');
  const saved = markdownInLayout(text, parsed.data, { ...parsed.data, date: '19/08/2026' }, `${parsed.content}\r\nA paragraph added in the editor.\r\n`);
  assert.is(saved, `${text.replace(/^date: .*\r$/m, 'date: "19/08/2026"\r')}\r\nA paragraph added in the editor.\r\n`);
});

test('a file that starts with a byte-order mark keeps it and its layout: saved unchanged, and with a value changed', () => {
  const json = `\uFEFF${fs.readFileSync(path.join(repoRoot, 'content/services/payslips.json'), 'utf8')}`;
  const data = JSON.parse(json.slice(1));
  assert.is(jsonInLayout(json, data), json, 'JSON saved unchanged');
  data.related.push('passports');
  assert.is(jsonInLayout(json, data), json.replace('"visa-documents"]', '"visa-documents", "passports"]'));
  const post = `\uFEFF${fs.readFileSync(path.join(repoRoot, 'content/blog/naati-certified-translations-immigration.md'), 'utf8')}`;
  const parsed = matter(post.slice(1), {});
  assert.is(markdownInLayout(post, parsed.data, parsed.data, parsed.content), post, 'post saved unchanged');
  const redated = markdownInLayout(post, parsed.data, { ...parsed.data, date: '19/08/2026' }, parsed.content);
  assert.is(redated, post.replace(/^date: .*$/m, 'date: "19/08/2026"'));
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
  assert.match(config, /^backend:\n {2}name: "github"\nlocal_backend:\n {2}url: "http:\/\/127\.0\.0\.1:\d+\/admin\/api\/v1\?token=[\w-]{32}"\n$/);
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

test('a price typed by hand is refused as site check would refuse it, naming the field and the fact to write; named by its placeholder, or already on disk, it is saved', async () => {
  const rel = 'content/cities/hobart.json';
  const before = site.read(rel);
  const price = site.json<{ plans: { id: string; price: string }[] }>('content/plans.json').plans.find((plan) => plan.id === 'self-service')!.price;
  const withTagline = (tagline: string) => JSON.stringify({ ...JSON.parse(before), tagline }, null, 2);
  const typed = await call('persistEntry', { dataFiles: [{ path: rel, raw: withTagline(`Certified from ${price} a page.`) }], assets: [] });
  assert.is(typed.status, 422);
  assert.match(typed.body.error, new RegExp(`^Not saved: content/cities/hobart\\.json:\\d+:\\d+ /tagline \\${price} is a price typed by hand\\. Write \\{\\{plans\\.self-service\\.price\\}\\}`));
  assert.is(site.read(rel), before, 'the file is unchanged');
  const named = await call('persistEntry', { dataFiles: [{ path: rel, raw: withTagline('Certified from {{plans.self-service.price}} a page.') }], assets: [] });
  assert.is(named.status, 200, named.body.error);
  // One already on disk is the build's (and site check's) to report: a save of another field is not refused for it.
  fs.writeFileSync(path.join(site.root, rel), `${withTagline(`Certified from ${price} a page.`)}\n`);
  const other = JSON.parse(site.read(rel));
  other.population = '250,000';
  const unrelated = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(other, null, 2) }], assets: [] });
  assert.is(unrelated.status, 200, unrelated.body.error);
  site.write(rel, before);
});

test("a new draft at a published page's address is refused naming the draft as the cause and the published file as the other party", async () => {
  const rel = 'content/pages/maori.md';
  const raw = site.read('content/pages/terms.md').replace('---\n', '---\ndraft: true\n');
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw }], assets: [] });
  assert.is(status, 422);
  assert.match(body.error, /^Not saved: content\/pages\/maori\.md(:\d+:\d+)? \/maori is already content\/languages\/maori\.json\./);
  assert.not.ok(fs.existsSync(path.join(site.root, rel)));
});

test('making a draft of an entry published pages name is refused, naming them: `site build` leaves drafts out, and those pages would fail it', async () => {
  // The dev server builds drafts too, so a check only as it builds let the save through, and the next build failed.
  const rel = 'content/services/passports.json';
  const before = site.read(rel);
  const raw = before.replace(/\n\}\n$/, ',\n  "draft": true\n}\n');
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw }], assets: [] });
  assert.is(status, 422);
  assert.match(body.error, /^Not saved: /);
  assert.match(body.error, /content\/navigation\.json/);
  assert.match(body.error, /draft/i);
  assert.is(site.read(rel), before, 'the file is unchanged');
  // A draft nothing names is saved as before.
  const post = 'content/blog/naati-certified-translations-immigration.md';
  const saved = await call('persistEntry', { dataFiles: [{ path: post, raw: site.read(post).replace('---\n', '---\ndraft: true\n') }], assets: [] });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  fs.writeFileSync(path.join(site.root, post), site.read(post).replace('draft: true\n', ''));
});

test('an edit through the API to a file with a byte-order mark (JSON, a post) changes only its own line and keeps the mark', async () => {
  const rel = 'content/cities/wollongong.json';
  const before = `\uFEFF${site.read(rel)}`;
  fs.writeFileSync(path.join(site.root, rel), before);
  const data = JSON.parse(before.slice(1));
  data.population = '260,000';
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] });
  assert.is(status, 200, body.error);
  assert.is(site.read(rel), before.replace(/"population": "[^"]+"/, '"population": "260,000"'));
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const text = `\uFEFF${site.read(post)}`;
  fs.writeFileSync(path.join(site.root, post), text);
  const parsed = matter(text.slice(1), {});
  const raw = `---\n${Object.entries({ ...parsed.data, excerpt: 'How a certified translation differs from a plain one, and when you need each.' }).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')}\n---\n${parsed.content.trim()}\n`;
  const saved = await call('persistEntry', { dataFiles: [{ path: post, raw }], assets: [] });
  assert.is(saved.status, 200, saved.body.error);
  assert.is(site.read(post), text.replace(/^excerpt: .*$/m, 'excerpt: "How a certified translation differs from a plain one, and when you need each."'));
  fs.writeFileSync(path.join(site.root, post), text.slice(1));
});

test('an edit changes only its own line', async () => {
  const rel = 'content/cities/darwin.json';
  const before = site.read(rel);
  const data = JSON.parse(before);
  data.population = '150,000';
  assert.is((await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] })).status, 200);
  assert.is(site.read(rel), before.replace(/"population": "[^"]+"/, '"population": "150,000"'));
});

test('a save based on text the file no longer holds (saved since in another tab) is refused with 409, and nothing is written', async () => {
  const rel = 'content/cities/darwin.json';
  const opened = site.read(rel);
  const data = JSON.parse(opened);
  const other = { ...data, population: '151,000' };
  const first = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(other, null, 2), base: opened }], assets: [] });
  assert.is(first.status, 200);
  const saved = site.read(rel);
  assert.equal(first.body.files, [{ path: rel, text: saved }], 'the answer gives the text written, the base of a next save');
  const late = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify({ ...data, tagline: 'From the other tab' }, null, 2), base: opened }], assets: [] });
  assert.is(late.status, 409);
  assert.match(late.body.error, /^Not saved: content\/cities\/darwin\.json has changed since you opened it/);
  assert.is(site.read(rel), saved);
  const next = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify({ ...other, population: '152,000' }, null, 2), base: saved }], assets: [] });
  assert.is(next.status, 200);
  assert.is(site.read(rel), opened.replace(/"population": "[^"]+"/, '"population": "152,000"'));
  fs.writeFileSync(path.join(site.root, rel), opened);
});

test('a number where text is required is refused with the build\'s message, and nothing is written', async () => {
  const rel = 'content/cities/perth.json';
  const before = site.read(rel);
  const data = JSON.parse(before);
  data.population = 2300000;
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] });
  assert.is(status, 422);
  assert.is(body.error, 'Not saved: content/cities/perth.json:7:17 /population must be text. The population as text, such as 5.3 million or 147,000.');
  assert.is(site.read(rel), before);
});

test('a price of the wrong form already in plans.json does not refuse a save of an entry that shows it; a fault of the entry\'s own still does', async () => {
  const plans = site.read('content/plans.json');
  const rel = 'content/services/passports.json';
  const before = site.read(rel);
  site.editJson('content/plans.json', (d) => void (d.plans[0].price = '$44.955'));
  try {
    // passports.json's startingPrice is {{plans.self-service.price}}, plans[0]'s: the build reports plans.json alone.
    const data = JSON.parse(before);
    data.title = `${data.title} `;
    const shown = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] });
    assert.is(shown.status, 200, shown.body.error);
    data.pricing.startingPrice = '{{plans.extract.price}}0';
    const own = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] });
    assert.is(own.status, 422);
    assert.match(own.body.error, /^Not saved: content\/services\/passports\.json:\d+:\d+ \/pricing\/startingPrice "\$59\.950" does not have the expected form/);
  } finally {
    site.write('content/plans.json', plans);
    site.write(rel, before);
  }
});

test('a broken plans.json does not refuse a save of an entry naming a fact it leaves out; a fault of the entry\'s own still does', async () => {
  const plans = site.read('content/plans.json');
  const rel = 'content/cities/sydney.json';
  const before = site.read(rel);
  const data = JSON.parse(before);
  try {
    // sydney.json names {{plans.self-service.total}}: a price of the wrong form leaves it unworked out, and plans.json
    // that does not parse leaves every {{plans...}} as written. Either way the build reports plans.json alone.
    for (const broken of [plans.replace('"$44.95"', '"$44.955"'), plans.replace('"plans": [', '"plans": [,')]) {
      assert.is.not(broken, plans);
      site.write('content/plans.json', broken);
      data.population = '5.4 million';
      const shown = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] });
      assert.is(shown.status, 200, shown.body.error);
      data.population = 5400000;
      const own = await call('persistEntry', { dataFiles: [{ path: rel, raw: JSON.stringify(data, null, 2) }], assets: [] });
      assert.is(own.status, 422);
      assert.match(own.body.error, /^Not saved: content\/cities\/sydney\.json:\d+:\d+ \/population must be text\. The population as text, such as 5\.3 million or 147,000\.$/);
    }
  } finally {
    site.write('content/plans.json', plans);
    site.write(rel, before);
  }
});

test('a problem in a post\'s Markdown text names the Text field (/body), so the editor shows it beside that field; one in its front matter keeps its own field', async () => {
  const rel = 'content/blog/naati-certified-translations-immigration.md';
  const before = site.read(rel);
  const [, front, body] = /^(---\n[\s\S]*?\n---\n)([\s\S]*)$/.exec(before)!;
  const refused = async (raw: string) => {
    const { status, body: answer } = await call('persistEntry', { dataFiles: [{ path: rel, raw }], assets: [] });
    assert.is(status, 422);
    assert.is(site.read(rel), before);
    return answer.error as string;
  };
  assert.match(await refused(`${front}${body.replace('Home Affairs', 'Home Affairs {{ no such fact }}')}`), new RegExp(`^Not saved: ${rel}:\\d+:\\d+ /body \\{\\{ no such fact \\}\\} names no fact`));
  assert.match(await refused(`${front}${body}\nSee [our prices](/no-such-page).\n`), new RegExp(`^Not saved: ${rel}:\\d+:\\d+ /body links to /no-such-page`));
  assert.match(await refused(`${front}## \n`), new RegExp(`^Not saved: ${rel}:\\d+:\\d+ /body has no text after its front matter`));
  assert.match(await refused(`${front.replace(/^title: (.*)$/m, 'title: "{{ no such fact }}"')}${body}`), new RegExp(`^Not saved: ${rel}:\\d+:\\d+ /title \\{\\{ no such fact \\}\\} names no fact`));
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

test('a new post whose file name the build would refuse (a dot or a capital from its title, past 100 characters) is refused with the build\'s message, and nothing is written', async () => {
  const raw = site.read('content/blog/naati-vs-standard-translations-differences.md');
  for (const [name, problem] of [['version-2.0-guide', 'holds ".", which a slug cannot hold'], ['Visa-Guide', 'holds "V", a capital letter'], ['a-very-long-title-'.repeat(6).slice(0, -1), 'is longer than 100 characters']]) {
    const rel = `content/blog/${name}.md`;
    const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw }], assets: [] });
    assert.is(status, 422, name);
    assert.ok(body.error.startsWith(`Not saved: ${rel} ${problem}: the file name is its page's address. Rename the file`), body.error);
    assert.not.ok(fs.existsSync(path.join(site.root, rel)), `${name} not written`);
  }
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

test('deleting a picture an entry shows is refused, naming the entry and field; an unused one goes', async () => {
  const rel = 'assets/images/blog/naati-certified-translations-immigration.svg';
  const image = path.join(resolveProject(site.root).assets, 'images/blog/naati-certified-translations-immigration.svg');
  const { status, body } = await call('deleteFiles', { paths: [rel] });
  assert.is(status, 422, JSON.stringify(body));
  assert.is(body.error, `Not deleted: content/blog/naati-certified-translations-immigration.md (/image/src) still shows ${rel}. Choose another picture there first.`);
  assert.ok(fs.existsSync(image));
  fs.writeFileSync(path.join(site.root, 'assets/images/unused.png'), png);
  assert.is((await call('deleteFiles', { paths: ['assets/images/unused.png'] })).status, 200);
  assert.not.ok(fs.existsSync(path.join(site.root, 'assets/images/unused.png')));
});

test('a deletion based on text the file no longer holds (changed since in another tab) is refused with 409, and nothing is deleted; one based on its text goes', async () => {
  const rel = 'content/blog/spare-post.md';
  const opened = site.read('content/blog/naati-certified-translations-immigration.md').replace(/featured: true\n/, '');
  fs.writeFileSync(path.join(site.root, rel), opened);
  const changed = opened.replace(/^title: .*$/m, 'title: "Changed in the other tab"');
  fs.writeFileSync(path.join(site.root, rel), changed);
  const stale = await call('deleteFiles', { paths: [rel], bases: { [rel]: opened } });
  assert.is(stale.status, 409, JSON.stringify(stale.body));
  assert.match(stale.body.error, /^Not deleted: content\/blog\/spare-post\.md has changed since you opened it \(saved in another tab or window, or by hand\)\. Reload the page to see it as it is now/);
  assert.is(site.read(rel), changed, 'the newer text is still there');
  assert.is((await call('deleteFile', { path: rel, bases: { [rel]: opened } })).status, 409, 'deleteFile too');
  assert.is((await call('deleteFiles', { paths: [rel], bases: { [rel]: changed } })).status, 200);
  assert.not.ok(fs.existsSync(path.join(site.root, rel)));
});

test('deleting a file that is already gone is refused with 404 saying so, not answered as though it were deleted', async () => {
  const rel = 'content/blog/gone-already.md';
  for (const [action, params] of [['deleteFiles', { paths: [rel] }], ['deleteFile', { path: rel }], ['deleteFiles', { paths: [rel], bases: { [rel]: 'text' } }]] as const) {
    const { status, body } = await call(action, params);
    assert.is(status, 404, `${action} ${JSON.stringify(body)}`);
    assert.match(body.error, /^Not deleted: content\/blog\/gone-already\.md is not there any more \(deleted or renamed in another tab or window, or by hand\)\. Reload the page to see the entries as they are now\.$/);
  }
  // With another file that is there: neither goes.
  const there = 'assets/images/unused-too.png';
  fs.writeFileSync(path.join(site.root, there), png);
  assert.is((await call('deleteFiles', { paths: [there, rel] })).status, 404);
  assert.ok(fs.existsSync(path.join(site.root, there)));
  fs.rmSync(path.join(site.root, there));
});

test('deleting a file every site needs (a shared file nothing names, a page\'s copy) is refused with 422 naming it, not a server error, and nothing is deleted', async () => {
  // The build stops on each of these gone (CONTENT_MISSING_FILE); a page's copy gone broke the check itself (500).
  for (const rel of ['content/navigation.json', 'content/contact-form.json', 'content/testimonials.json', 'content/pages/home.json', 'content/pages/sitemap.json']) {
    const before = site.read(rel);
    const { status, body } = await call('deleteFiles', { paths: [rel] });
    assert.is(status, 422, `${rel}: ${JSON.stringify(body)}`);
    assert.is(body.error, `Not deleted: ${rel} is one of the files every site needs: the build stops without it. Change what it says instead.`);
    assert.is(site.read(rel), before, `${rel} is still there`);
  }
  // Renamed away, as a page's slug changed in the editor would.
  const terms = 'content/pages/terms.md';
  const renamed = await call('persistEntry', { dataFiles: [{ path: terms, newPath: 'content/pages/terms-of-use.md', raw: site.read(terms) }] });
  assert.is(renamed.status, 422, JSON.stringify(renamed.body));
  assert.is(renamed.body.error, `Not saved: ${terms} is one of the files every site needs: the build stops without it. Keep its name.`);
  assert.ok(fs.existsSync(path.join(site.root, terms)));
  assert.not.ok(fs.existsSync(path.join(site.root, 'content/pages/terms-of-use.md')));
  // With a file that may go: neither goes.
  const spare = 'content/blog/spare-post-two.md';
  fs.writeFileSync(path.join(site.root, spare), site.read('content/blog/naati-certified-translations-immigration.md').replace(/featured: true\n/, ''));
  assert.is((await call('deleteFiles', { paths: [spare, 'content/faq.json'] })).status, 422);
  assert.ok(fs.existsSync(path.join(site.root, spare)));
  fs.rmSync(path.join(site.root, spare));
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

test('renaming an entry to the name of another is refused, and both entries stay as they were', async () => {
  const from = 'content/cities/perth.json';
  const to = 'content/cities/hobart.json';
  const [perth, hobart] = [site.read(from), site.read(to)];
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: from, newPath: to, raw: perth }], assets: [] });
  assert.is(status, 409, JSON.stringify(body));
  assert.is(body.error, 'Not saved: content/cities/hobart.json already exists, so content/cities/perth.json cannot be renamed to it. Choose another name.');
  assert.is(site.read(from), perth);
  assert.is(site.read(to), hobart);
});

test('a rename whose new file already holds the same text still takes the old name away', async () => {
  // As a save cut off between writing the new name and removing the old one leaves it.
  const text = site.read('content/blog/naati-certified-translations-immigration.md').replace('featured: true\n', '');
  const from = 'content/blog/half-moved-post.md';
  const to = 'content/blog/moved-post.md';
  fs.writeFileSync(path.join(site.root, from), text);
  fs.writeFileSync(path.join(site.root, to), text);
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: from, newPath: to, raw: text }], assets: [] });
  assert.is(status, 200, JSON.stringify(body));
  assert.not.ok(fs.existsSync(path.join(site.root, from)), 'the old name is gone');
  assert.is(site.read(to), text);
  fs.rmSync(path.join(site.root, to));
});

test('a rename from a file that is not there, or from outside content/, is refused by name and removes nothing', async () => {
  const text = site.read('content/cities/perth.json');
  const gone = await call('persistEntry', { dataFiles: [{ path: 'content/cities/atlantis.json', newPath: 'content/cities/atlantis-2.json', raw: text }], assets: [] });
  assert.is(gone.status, 404, JSON.stringify(gone.body));
  assert.is(gone.body.error, 'content/cities/atlantis.json does not exist, so it cannot be renamed.');
  assert.not.ok(fs.existsSync(path.join(site.root, 'content/cities/atlantis-2.json')));
  const image = 'logo.svg';
  const outside = await call('persistEntry', { dataFiles: [{ path: `assets/images/${image}`, newPath: 'content/cities/atlantis-3.json', raw: text }], assets: [] });
  assert.is(outside.status, 403, JSON.stringify(outside.body));
  assert.is(outside.body.error, `assets/images/${image}: entries live in content/.`);
  assert.ok(fs.existsSync(path.join(site.root, 'assets/images', image)), 'the image stays');
  assert.not.ok(fs.existsSync(path.join(site.root, 'content/cities/atlantis-3.json')));
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

test('a save with a picture too big for the editor is refused in words the editor keeps on screen, naming the limit, and nothing is written', async () => {
  const post = site.read('content/blog/naati-certified-translations-immigration.md').replace('blog/naati-certified-translations-immigration.svg', 'blog/huge-picture.png');
  // 25 MB: a camera's full-size photo, 33 MB once base64-encoded as Decap sends it.
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(25 * 1024 * 1024)]).toString('base64');
  const image = path.join(resolveProject(site.root).assets, 'images/blog/huge-picture.png');
  const refused = await call('persistEntry', { dataFiles: [{ path: 'content/blog/huge-picture-post.md', raw: post }], assets: [{ path: 'assets/images/blog/huge-picture.png', content: png, encoding: 'base64' }] });
  assert.is(refused.status, 413);
  // "Not saved: " is what the editor's page keeps on screen (islands/admin/notices.ts).
  assert.match(refused.body.error, /^Not saved: /);
  assert.match(refused.body.error, new RegExp(`up to ${megabytes(maxUploadBytes)} MB`));
  assert.match(refused.body.error, /picture/);
  assert.not.ok(fs.existsSync(image));
  assert.not.ok(fs.existsSync(path.join(site.root, 'content/blog/huge-picture-post.md')));
});

test('a picture over the limit the editor\'s page refuses at the upload, sent all the same, is refused naming it and the limit, and nothing is written', async () => {
  // An SVG, which every check but its size passes, a little over the limit: the request is within the body limit.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><!--${' '.repeat(maxUploadBytes)}--><path d="M0 0h1v1z"/></svg>`;
  const image = path.join(resolveProject(site.root).assets, 'images/big-drawing.svg');
  const refused = await call('persistMedia', { asset: { path: 'assets/images/big-drawing.svg', content: Buffer.from(svg).toString('base64') } });
  assert.is(refused.status, 422, JSON.stringify(refused.body).slice(0, 300));
  assert.match(refused.body.error, new RegExp(`^Not saved: assets/images/big-drawing\\.svg: it is ${megabytes(svg.length).replace('.', '\\.')} MB, larger than the ${megabytes(maxUploadBytes)} MB the editor takes for a picture`));
  assert.not.ok(fs.existsSync(image));
});

test('a refused save that uploaded over an existing image puts the old image back', async () => {
  const rel = 'content/blog/naati-certified-translations-immigration.md';
  const post = site.read(rel);
  const image = path.join(resolveProject(site.root).assets, 'images/blog/naati-certified-translations-immigration.svg');
  const before = fs.readFileSync(image);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>';
  const asset = { path: 'assets/images/blog/naati-certified-translations-immigration.svg', content: Buffer.from(svg).toString('base64'), encoding: 'base64' };
  const refused = await call('persistEntry', { dataFiles: [{ path: rel, raw: post.replace(/^date: .*$/m, 'date: "31/13/2026"') }], assets: [asset] });
  assert.is(refused.status, 422);
  assert.ok(fs.readFileSync(image).equals(before), 'the image is as it was before the refused save');
  assert.is(site.read(rel), post);
});

test('paths outside content/ and assets/images/ are refused, and the schemas inside content/ as schemas', async () => {
  for (const p of ['package.json', '/etc/passwd']) {
    const { status, body } = await call('getEntry', { path: p });
    assert.is(status, 403, p);
    assert.match(body.error, /outside content\/ and assets\/images\//);
  }
  // Inside content/, so not said to be outside it.
  const schema = site.read('content/schemas/city.schema.json');
  const asked = { getEntry: { path: 'content/schemas/city.schema.json' }, persistEntry: { dataFiles: [{ path: 'content/schemas/city.schema.json', raw: '{}\n' }], assets: [] } };
  for (const [action, params] of Object.entries(asked)) {
    const refused = await call(action, params);
    assert.is(refused.status, 403, action);
    assert.is(refused.body.error, "content/schemas/city.schema.json is a schema: the editor's forms are made from content/schemas/, and it does not change them.", action);
  }
  assert.is(site.read('content/schemas/city.schema.json'), schema);
  const up = await call('getEntry', { path: '../outside.json' });
  assert.is(up.status, 400);
});

test('a request that names no action is told so (400); one that names an action the editor does not take, which (422)', async () => {
  const response = await fetch(api, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ params: {} }) });
  assert.is(response.status, 400);
  assert.is((await response.json()).error, 'The request names no action: send {"action": "…", "params": {…}}.');
  const unknown = await call('unpublishedEntries', {});
  assert.is(unknown.status, 422);
  assert.match(unknown.body.error, /does not do "unpublishedEntries"/);
});

test('an entry is read from content/ only: an image asked for as an entry (getEntry, entriesByFiles, entriesByFolder) is refused, never read as text', async () => {
  const raster = path.join(resolveProject(site.root).assets, 'images/as-entry.png');
  fs.writeFileSync(raster, png);
  try {
    for (const p of ['assets/images/cities/brisbane.svg', 'assets/images/as-entry.png']) {
      for (const [action, params] of [['getEntry', { path: p }], ['entriesByFiles', { files: [{ path: p }] }]] as const) {
        const asked = await call(action, params);
        assert.is(asked.status, 403, `${action} ${p}`);
        assert.is(asked.body.error, `${p}: entries live in content/.`, `${action} ${p}`);
      }
    }
  } finally {
    fs.rmSync(raster);
  }
  const folder = await call('entriesByFolder', { folder: 'assets/images/cities', extension: 'svg', depth: 1 });
  assert.is(folder.status, 403);
  assert.is(folder.body.error, 'assets/images/cities: entries live in content/.');
  // A file in content/ that the build does not read is refused by name, and left out of its folder's entries.
  fs.writeFileSync(path.join(site.root, 'content/README.json'), '{}\n');
  try {
    const readme = await call('getEntry', { path: 'content/README.json' });
    assert.is(readme.status, 422);
    assert.match(readme.body.error, /content\/README\.json/);
    const files = await call('entriesByFolder', { folder: 'content', extension: 'json', depth: 1 });
    assert.is(files.status, 200);
    assert.ok(files.body.some((e: { file: { path: string } }) => e.file.path === 'content/site.json'));
    assert.not.ok(files.body.some((e: { file: { path: string } }) => e.file.path === 'content/README.json'));
  } finally {
    fs.rmSync(path.join(site.root, 'content/README.json'));
  }
});

/** A raw request, with any Host, Origin or Content-Type (fetch would not send some of them as given). */
function raw(pathAndQuery: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${pathAndQuery}`, { method: options.method ?? 'POST', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const token = () => new URL(api).searchParams.get('token')!;
const withToken = `${apiPath}?token=`;
/** A save that would change site.json's email, as an attacker would send it. */
const hijack = () => {
  const data = JSON.parse(site.read('content/site.json'));
  data.email = 'attacker@evil.example';
  return JSON.stringify({ action: 'persistEntry', params: { dataFiles: [{ path: 'content/site.json', raw: JSON.stringify(data, null, 2) }], assets: [] } });
};

test('a cross-origin page cannot write: a no-cors fetch (text/plain, no token) and a form post are refused, and nothing changes', async () => {
  const before = site.read('content/site.json');
  // What Chromium sends for fetch(..., { mode: 'no-cors', method: 'POST', body }) from another site.
  const noCors = await raw(apiPath, { headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' }, body: hijack() });
  assert.is(noCors.status, 403);
  // A plain <form enctype="text/plain"> or urlencoded post, even one that knew the token.
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
    const form = await raw(`${withToken}${token()}`, { headers: { 'Content-Type': type, Host: new URL(url).host }, body: hijack() });
    assert.is(form.status, 415, type);
    assert.match(JSON.parse(form.body).error, /only application\/json/);
  }
  // JSON with the right token, but from another origin (a page cannot send that without a preflight, never answered).
  const foreign = await raw(`${withToken}${token()}`, { headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:9999' }, body: hijack() });
  assert.is(foreign.status, 403);
  // This server's host, but not an origin: a path, a user name or a query is nothing a browser sends in Origin.
  const own = new URL(url).host;
  for (const origin of [`http://${own}/admin/`, `http://${own}/`, `http://visitor@${own}`, `http://${own}?x=1`]) {
    const malformed = await raw(`${withToken}${token()}`, { headers: { 'Content-Type': 'application/json', Origin: origin }, body: hijack() });
    assert.is(malformed.status, 403, origin);
    assert.match(JSON.parse(malformed.body).error, /only from its own page/);
  }
  const sameSite = await raw(`${withToken}${token()}`, { headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-site' }, body: hijack() });
  assert.is(sameSite.status, 403);
  const preflight = await raw(`${withToken}${token()}`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
  assert.is(preflight.status, 403);
  assert.is(site.read('content/site.json'), before);
});

test('JSON without the token, or with a wrong one, is refused', async () => {
  const before = site.read('content/site.json');
  for (const query of ['', '?token=', `?token=${token().slice(1)}x`, `?token=${token()}x`]) {
    const response = await raw(`${apiPath}${query}`, { headers: { 'Content-Type': 'application/json' }, body: hijack() });
    assert.is(response.status, 403, query);
    assert.match(JSON.parse(response.body).error, /token/);
  }
  assert.is(site.read('content/site.json'), before);
});

test('DNS rebinding: a request naming another host is refused, reads and config.yml too, and Host is never echoed', async () => {
  for (const host of ['evil.example', `evil.example:${new URL(url).port}`, '127.0.0.1.evil.example', 'localhost.evil.example', '[::1].evil.example', 'evil.example@127.0.0.1']) {
    const read = await raw(`${withToken}${token()}`, { headers: { Host: host, 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'getEntry', params: { path: 'content/site.json' } }) });
    assert.is(read.status, 403, `${JSON.stringify(host)}: ${read.body}`);
    assert.not.ok(read.body.includes('email'), host);
    const config = await raw('/admin/config.yml', { method: 'GET', headers: { Host: host } });
    assert.is(config.status, 403, host);
    assert.not.ok(config.body.includes('token'), host);
    if (host) assert.not.ok(config.body.includes(host), host);
  }
  // This machine's own names still work, and config.yml names the host the page was opened by, not the header's text.
  for (const [host, expected] of [['localhost', 'localhost'], ['LOCALHOST', 'localhost'], ['editor.localhost', 'editor.localhost'], ['127.0.0.1', '127.0.0.1']]) {
    const config = await raw('/admin/config.yml', { method: 'GET', headers: { Host: `${host}:${new URL(url).port}` } });
    assert.is(config.status, 200, host);
    assert.match(config.body, new RegExp(`url: "http://${expected.replace(/\./g, '\\.')}:${new URL(url).port}/admin/api/v1\\?token=`), host);
  }
});

test('a path with an encoded "..", a NUL or a control character is refused with 400, and no folder is made', async () => {
  const call_ = (action: string, params: Record<string, unknown>) => raw(`${withToken}${token()}`, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action, params }) });
  for (const p of ['content/%2e%2e/%2e%2e/outside.json', 'content/cities/%2E%2E/x.json', 'content/cities/perth.json\u0000.png', 'content/cities/a\nb.json', 'content\\..\\package.json', 'content/cities/../../package.json']) {
    for (const [action, params] of [
      ['getEntry', { path: p }],
      ['persistEntry', { dataFiles: [{ path: p, raw: '{}' }], assets: [] }],
      ['persistMedia', { asset: { path: p, content: '' } }],
      ['deleteFile', { path: p }],
    ] as const) {
      const response = await call_(action, params);
      assert.is(response.status, 400, `${action} ${JSON.stringify(p)}: ${response.body}`);
    }
  }
  assert.not.ok(fs.existsSync(path.join(site.content, '%2e%2e')));
  assert.not.ok(fs.existsSync(path.join(site.content, 'cities', '%2E%2E')));
  // Malformed requests are 400s, not failures of the server.
  assert.is((await raw(`${withToken}${token()}`, { headers: { 'Content-Type': 'application/json' }, body: '{not json' })).status, 400);
  assert.is((await call_('entriesByFiles', { files: 'x' })).status, 400);
  assert.is((await call_('persistEntry', { dataFiles: 'x' })).status, 400);
  assert.is((await call_('persistEntry', { dataFiles: [{ path: 'content/site.json', raw: 5 }] })).status, 400);
  assert.is((await call_('persistMedia', {})).status, 400);
  assert.is((await call_('getMediaFile', { path: 'assets/images/missing.png' })).status, 404);
});

test('a named pipe in a folder the editor lists is left out, and refused when asked for by its path, never read (which would hold the server for ever)', async () => {
  const pipe = path.join(site.content, 'blog', 'pipe.md');
  execFileSync('mkfifo', [pipe]);
  try {
    const listed = await call('entriesByFolder', { folder: 'content/blog', extension: 'md', depth: 1 });
    assert.is(listed.status, 200);
    assert.ok(listed.body.length > 0);
    assert.not.ok(listed.body.some((e: { file: { path: string } }) => e.file.path === 'content/blog/pipe.md'));
    // Asked for by its path, it is refused, saying why.
    const save = { dataFiles: [{ path: 'content/blog/pipe.md', raw: '---\ntitle: "x"\n---\n' }] };
    for (const [action, params] of [['getEntry', { path: 'content/blog/pipe.md' }], ['entriesByFiles', { files: [{ path: 'content/blog/pipe.md' }] }], ['persistEntry', save]] as const) {
      const asked = await call(action, params);
      assert.is(asked.status, 422, action);
      assert.match(JSON.stringify(asked.body), /content\/blog\/pipe\.md is not a regular file/, action);
    }
  } finally {
    fs.rmSync(pipe);
  }
});

test('a folder named where a file goes (and a file where a folder goes) is refused with 422 saying so, not a server error, and nothing changes', async () => {
  const before = fg.sync('**', { cwd: site.content }).length;
  const post = { dataFiles: [{ path: 'content/blog', raw: '---\ntitle: "x"\n---\n' }] };
  const image = { asset: { path: 'assets/images/blog', content: Buffer.from('x').toString('base64'), encoding: 'base64' } };
  for (const [action, params] of [['getEntry', { path: 'content/blog' }], ['getMediaFile', { path: 'assets/images/blog' }], ['entriesByFiles', { files: [{ path: 'content/blog' }] }], ['persistEntry', post], ['persistMedia', image], ['deleteFile', { path: 'content/blog' }], ['deleteFiles', { paths: ['content'] }]] as const) {
    const asked = await call(action, params);
    assert.is(asked.status, 422, action);
    assert.match(asked.body.error, /^content\/blog is a folder|^assets\/images\/blog is a folder|^content is a folder/, action);
  }
  const listed = await call('entriesByFolder', { folder: 'content/site.json', extension: 'json' });
  assert.is(listed.status, 422);
  assert.match(listed.body.error, /content\/site\.json is not a folder/);
  assert.is(fg.sync('**', { cwd: site.content }).length, before, 'nothing written or deleted');
});

test('a file name longer than file systems allow (a slug from a very long title) is refused saying so, not as a link leading out', async () => {
  const long = `content/blog/${'a-very-long-title-'.repeat(15)}.md`;
  for (const [action, params] of [['getEntry', { path: long }], ['persistEntry', { dataFiles: [{ path: long, raw: '---\ntitle: "x"\n---\n' }] }]] as const) {
    const asked = await call(action, params);
    assert.is(asked.status, 422, action);
    assert.match(asked.body.error, /file name .* is longer than a file system allows \(255 bytes\)\. Choose a shorter name or slug\./, action);
  }
  assert.is((await call('getEntry', { path: `content/blog/${'a'.repeat(250)}.md` })).status, 404, 'a long name that fits is only missing');
});

test('a body that is not JSON, not an object, or not UTF-8 is refused with 400 saying which, and nothing is written', async () => {
  const before = site.read('content/site.json');
  const data = JSON.parse(before);
  data.tagline = 'Übersetzungen für Behörden';
  const latin1 = Buffer.from(JSON.stringify({ action: 'persistEntry', params: { dataFiles: [{ path: 'content/site.json', raw: JSON.stringify(data, null, 2) }], assets: [] } }), 'latin1');
  for (const [body, error] of [['{"action":', 'The request is not JSON.'], ['[1]', 'The request is not a JSON object.'], [latin1, 'The request is not UTF-8 text, so its letters could not be read.']] as const) {
    const answer = await raw(`${withToken}${token()}`, { headers: { 'Content-Type': 'application/json' }, body });
    assert.is(answer.status, 400);
    assert.equal(JSON.parse(answer.body), { error });
  }
  assert.is(site.read('content/site.json'), before, 'nothing written');
});

test('an entry saved nested thousands of levels deep is refused with 422 saying so, not a server error, and nothing is written', async () => {
  const rel = 'content/languages/swahili.json';
  const before = site.read(rel);
  const raw = before.replace(/\n}\s*$/, `,\n  "nativeName": ${'['.repeat(20_000)}${']'.repeat(20_000)}\n}\n`);
  const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw }] });
  assert.is(status, 422, JSON.stringify(body).slice(0, 300));
  assert.is(body.error, `Not saved: ${rel}:1:1 nests lists or objects thousands of levels deep, more than can be read. Content nests a few levels at most: write the value as text, a list or an object of its own, as the schema describes it.`);
  assert.is(site.read(rel), before);
});

test('front matter whose YAML aliases repeat a list millions of times, or inside itself, is refused at once with 422 in the build\'s words, not a server error, and nothing is written', async () => {
  const rel = 'content/blog/naati-certified-translations-immigration.md';
  const before = site.read(rel);
  // Nine lists of ten, each of the one before: a billion values once written out, in nine short lines.
  const lists = 'abcdefghi'.split('').map((name, i, names) => `${name}: &${name} [${Array(10).fill(i ? `*${names[i - 1]}` : '"x"').join(', ')}]`);
  const hint = 'Front matter holds a few short fields: write each value out in full where it belongs, without anchors (&name) and aliases (*name).';
  for (const [front, error] of [
    [lists.join('\n'), `${rel}:5:1 /d holds more than 10,000 values once its YAML aliases (*name) are written out`],
    ['links: &links ["a", *links]', `${rel}:2:1 /links holds itself through a YAML alias (*name), so it never ends`],
  ]) {
    const started = performance.now();
    const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw: before.replace(/^---\n/, `---\n${front}\n`) }] });
    const took = performance.now() - started;
    assert.is(status, 422, `${status} after ${Math.round(took)} ms: ${JSON.stringify(body).slice(0, 300)}`);
    assert.is(body.error, `Not saved: ${error}. ${hint}`);
    assert.ok(took < 2_000, `answered in ${Math.round(took)} ms`);
    assert.is(site.read(rel), before);
  }
});

test('a "__proto__" field in an entry (JSON or front matter) is refused with the build\'s "is not a known field", not dropped without a word, and Object.prototype is untouched', async () => {
  const post = 'content/blog/naati-certified-translations-immigration.md';
  for (const [rel, edit] of [
    ['content/cities/perth.json', (text: string) => text.replace(/^\{\n/, '{\n  "__proto__": {"polluted": "yes", "draft": true},\n')],
    [post, (text: string) => text.replace(/^---\n/, '---\n__proto__:\n  polluted: "yes"\n')],
  ] as const) {
    const before = site.read(rel);
    const raw = edit(before);
    assert.is.not(raw, before);
    const { status, body } = await call('persistEntry', { dataFiles: [{ path: rel, raw }] });
    assert.is(status, 422, JSON.stringify(body));
    assert.match(body.error, new RegExp(`^Not saved: ${rel.replace(/\./g, '\\.')}:\\d+:\\d+ /__proto__ is not a known field\\. Known fields here: `));
    assert.is(site.read(rel), before);
    assert.is(({} as Record<string, unknown>).polluted, undefined, 'nothing added to Object.prototype');
  }
});

test('params that are not an object, a save or a deletion with nothing in it, and paths that are not a list are refused saying which', async () => {
  const before = site.read('content/site.json');
  for (const [action, params, error] of [
    ['persistEntry', 'content/site.json', 'The request\'s params must be a JSON object.'],
    ['deleteFiles', ['content/site.json'], 'The request\'s params must be a JSON object.'],
    ['persistEntry', {}, 'persistEntry has nothing to save: it needs dataFiles or assets.'],
    ['deleteFiles', { paths: 'content/site.json' }, 'deleteFiles needs a list of paths.'],
    ['deleteFiles', { paths: [] }, 'deleteFiles has nothing to delete: its list of paths is empty.'],
  ] as const) {
    const answer = await call(action, params as never);
    assert.is(answer.status, 400, `${action} ${JSON.stringify(params)}`);
    assert.equal(answer.body, { error });
  }
  assert.is(site.read('content/site.json'), before, 'nothing written or deleted');
});

test('a link inside content/ cannot be used to read or write outside it', async () => {
  const outside = fs.mkdtempSync(path.join(path.dirname(site.root), 'outside-'));
  try {
    fs.writeFileSync(path.join(outside, 'secret.json'), '{"secret": true}\n');
    fs.symlinkSync(outside, path.join(site.content, 'cities', 'linked'));
    fs.symlinkSync(path.join(outside, 'secret.json'), path.join(site.content, 'cities', 'secret.json'));
    fs.symlinkSync(path.join(outside, 'nowhere.json'), path.join(site.content, 'cities', 'dangling.json'));
    const read = await call('getEntry', { path: 'content/cities/secret.json' });
    assert.is(read.status, 403);
    assert.not.ok(JSON.stringify(read.body).includes('secret": true'));
    assert.is((await call('getEntry', { path: 'content/cities/linked/secret.json' })).status, 403);
    const listed = await call('entriesByFolder', { folder: 'content/cities', extension: 'json', depth: 1 });
    assert.is(listed.status, 200);
    assert.not.ok(listed.body.some((e: any) => e.data.includes('"secret"')), 'a linked file is not listed');
    assert.is((await call('persistMedia', { asset: { path: 'content/cities/linked/new.png', content: png.toString('base64') } })).status, 403);
    assert.is((await call('persistEntry', { dataFiles: [{ path: 'content/cities/dangling.json', raw: site.read('content/cities/perth.json') }], assets: [] })).status, 403);
    assert.is((await call('deleteFile', { path: 'content/cities/linked/secret.json' })).status, 403);
    assert.ok(fs.existsSync(path.join(outside, 'secret.json')));
    assert.not.ok(fs.existsSync(path.join(outside, 'nowhere.json')));
    assert.not.ok(fs.existsSync(path.join(outside, 'new.png')));
  } finally {
    for (const name of ['linked', 'secret.json', 'dangling.json']) fs.rmSync(path.join(site.content, 'cities', name), { force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

test('files in content/ that are not content (the kinds table, the schemas through a link) are neither deleted nor written', async () => {
  const kinds = site.read('content/kinds.ts');
  const schema = site.read('content/schemas/city.schema.json');
  fs.symlinkSync('../schemas', path.join(site.content, 'pages', 'linked'));
  try {
    const gone = await call('deleteFile', { path: 'content/kinds.ts' });
    assert.is(gone.status, 422);
    assert.match(gone.body.error, /content\/kinds\.ts is not read by the generator/);
    for (const p of ['content/pages/linked/city.schema.json', 'content/pages/linked/x.json']) {
      const deleted = await call('deleteFile', { path: p });
      assert.is(deleted.status, 403, p);
      assert.match(deleted.body.error, /content\/schemas\//, p);
    }
    const written = await call('persistMedia', { asset: { path: 'content/pages/linked/x.png', content: png.toString('base64') } });
    assert.is(written.status, 403);
    assert.is(site.read('content/kinds.ts'), kinds);
    assert.is(site.read('content/schemas/city.schema.json'), schema);
    assert.not.ok(fs.existsSync(path.join(site.content, 'schemas', 'x.png')));
  } finally {
    fs.rmSync(path.join(site.content, 'pages', 'linked'), { force: true });
  }
});

/** The smallest PNG: a 1x1 transparent pixel. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('media uploads: images of the type their name says, into assets/images/ only', async () => {
  const ok = await call('persistMedia', { asset: { path: 'assets/images/pixel.png', content: png.toString('base64') } });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.ok(fs.readFileSync(path.join(site.root, 'assets/images/pixel.png')).equals(png));
  fs.rmSync(path.join(site.root, 'assets/images/pixel.png'));
  const refused: [string, string | Buffer, number, RegExp][] = [
    ['assets/images/page.html', '<script>alert(1)</script>', 422, /only images/],
    ['assets/images/fake.png', 'not a png at all', 422, /not a PNG image/],
    ['assets/images/fake.jpg', png, 422, /not a JPG image/],
    ['assets/images/bad.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 422, /script/],
    ['assets/images/bad2.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>', 422, /script/],
    // A script under a namespace prefix, and a link animated to "javascript:" written with character references.
    ['assets/images/bad3.svg', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(1)</x:script></svg>', 422, /script/],
    ['assets/images/bad4.svg', '<svg xmlns="http://www.w3.org/2000/svg"><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>', 422, /script/],
    ['assets/images/bad5.svg', '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript&#58;alert(1)"/><text y="9">go</text></a></svg>', 422, /script/],
    ['assets/images/bad6.svg', '<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="&#x6A;ava&#9;script:alert(1)"/><text y="9">go</text></a></svg>', 422, /script/],
    ['assets/images/bad7.svg', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:l="http://www.w3.org/1999/xlink"><a l:href="https://evil.example/"><text y="9">go</text></a></svg>', 422, /script/],
    // What the build would refuse, refused at the upload: a fetch in CSS, and a GIF, which no content may name.
    ['assets/images/bad8.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9" style="fill: url(https://evil.example/p.svg#g)"/></svg>', 422, /it holds url\(https:\/\/evil\.example\/p\.svg#g\): a script, an event handler or a link/],
    ['assets/images/anim.gif', Buffer.from('474946383961010001000000002c00000000010001000002', 'hex'), 422, /only images can be uploaded \(.png, .jpg, .jpeg, .webp, .avif, .svg\), not .gif/],
    ['assets/images/empty.png', '', 422, /empty/],
    ['content/cities/pixel.png', png, 403, /assets\/images\/ only/],
    ['content/cities/perth.json', png, 403, /assets\/images\/ only/],
  ];
  for (const [p, content, status, message] of refused) {
    const response = await call('persistMedia', { asset: { path: p, content: Buffer.from(content).toString('base64') } });
    assert.is(response.status, status, p);
    assert.match(response.body.error, message, p);
    if (!p.endsWith('perth.json')) assert.not.ok(fs.existsSync(path.join(site.root, p)), p);
  }
  const svg = await call('persistMedia', { asset: { path: 'assets/images/plain.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>').toString('base64') } });
  assert.is(svg.status, 200);
  fs.rmSync(path.join(site.root, 'assets/images/plain.svg'));
  // An SVG that repeats its own parts (<use xlink:href="#part">), as the site's city pictures do, is an image like any other.
  const own = await call('persistMedia', { asset: { path: 'assets/images/own-parts.svg', content: fs.readFileSync(path.join(repoRoot, 'assets/images/cities/brisbane.svg')).toString('base64') } });
  assert.is(own.status, 200, JSON.stringify(own.body));
  fs.rmSync(path.join(site.root, 'assets/images/own-parts.svg'));
  const quoted = await call('persistMedia', { asset: { path: 'assets/images/quoted.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/><use href=\'#b\'/></svg>').toString('base64') } });
  assert.is(quoted.status, 200, JSON.stringify(quoted.body));
  fs.rmSync(path.join(site.root, 'assets/images/quoted.svg'));
});

test('the media library is assets/images/ and its images only: content/ and files of other types are refused, never read', async () => {
  const listed = await call('getMedia', { mediaFolder: 'assets/images/cities' });
  assert.is(listed.status, 200);
  assert.ok(listed.body.length > 0 && listed.body.every((f: { path: string }) => /^assets\/images\/cities\/[^/]+\.svg$/.test(f.path)), JSON.stringify(listed.body.map((f: { path: string }) => f.path)));
  // A folder outside the media folder, in content/ or elsewhere the editor may write, is refused by name.
  for (const folder of ['content', 'content/cities']) {
    const asked = await call('getMedia', { mediaFolder: folder });
    assert.is(asked.status, 403, folder);
    assert.match(asked.body.error, new RegExp(`^${folder}: the editor's media is in assets/images/ only\\.`), folder);
    assert.not.ok(JSON.stringify(asked.body).includes('base64'), folder);
  }
  for (const [p, status, message] of [
    ['content/kinds.ts', 403, /^content\/kinds\.ts: the editor's media is in assets\/images\/ only\./],
    ['content/site.json', 403, /^content\/site\.json: the editor's media is in assets\/images\/ only\./],
    ['assets/images/notes.txt', 422, /^assets\/images\/notes\.txt is not an image \(\.png, \.jpg, \.jpeg, \.webp, \.avif, \.svg\), so it is not in the editor's media\./],
  ] as const) {
    const asked = await call('getMediaFile', { path: p });
    assert.is(asked.status, status, p);
    assert.match(asked.body.error, message, p);
  }
  // A file in the media folder that is not an image is left out of the list, as a named pipe is.
  fs.writeFileSync(path.join(site.root, 'assets/images/cities/notes.txt'), 'not a picture\n');
  try {
    const again = await call('getMedia', { mediaFolder: 'assets/images/cities' });
    assert.is(again.status, 200);
    assert.is(again.body.length, listed.body.length);
    assert.not.ok(again.body.some((f: { path: string }) => f.path.endsWith('notes.txt')));
    assert.is((await call('getMediaFile', { path: 'assets/images/cities/notes.txt' })).status, 422);
  } finally {
    fs.rmSync(path.join(site.root, 'assets/images/cities/notes.txt'));
  }
});

test('a file in the media folder that is not an image (a README, a .gitkeep) is not deleted: refused, naming it and why', async () => {
  const images = path.join(resolveProject(site.root).assets, 'images');
  for (const name of ['README.txt', '.gitkeep', 'cities/notes']) {
    fs.writeFileSync(path.join(images, name), 'kept\n');
    try {
      for (const [action, params] of [['deleteFiles', { paths: [`assets/images/${name}`] }], ['deleteFile', { path: `assets/images/${name}` }]] as const) {
        const asked = await call(action, params);
        assert.is(asked.status, 422, `${action} ${name}`);
        assert.match(asked.body.error, new RegExp(`^assets/images/${name.replace(/\./g, '\\.')} is not an image \\(\\.png, .*\\), so it is not in the editor's media\\.`), name);
        assert.ok(fs.existsSync(path.join(images, name)), `${name} is still there`);
      }
    } finally {
      fs.rmSync(path.join(images, name), { force: true });
    }
  }
});

test('a path that leads out of the project (absolute, "..", encoded, or through a link in assets/images/) is refused by every action, and nothing outside is read, written or deleted', async () => {
  const outside = fs.mkdtempSync(path.join(path.dirname(site.root), 'outside-'));
  const images = path.join(resolveProject(site.root).assets, 'images');
  fs.writeFileSync(path.join(outside, 'secret.png'), png);
  fs.symlinkSync(outside, path.join(images, 'linked'));
  fs.symlinkSync(path.join(outside, 'secret.png'), path.join(images, 'secret.png'));
  try {
    const every = (p: string) => [
      ['getEntry', { path: p }],
      ['entriesByFiles', { files: [{ path: p }] }],
      ['entriesByFolder', { folder: p, extension: 'json' }],
      ['persistEntry', { dataFiles: [{ path: p, raw: '{}' }], assets: [] }],
      ['persistEntry', { dataFiles: [{ path: 'content/site.json', newPath: p, raw: site.read('content/site.json') }], assets: [] }],
      ['getMedia', { mediaFolder: p }],
      ['getMediaFile', { path: p }],
      ['persistMedia', { asset: { path: p, content: png.toString('base64') } }],
      ['deleteFiles', { paths: [p] }],
    ] as const;
    const refused: [string, number][] = [
      ['/etc/passwd', 403],
      [`${outside}/secret.png`, 403],
      ['assets/images/../../../outside.png', 400],
      ['assets/images/%2e%2e/%2e%2e/package.json', 400],
      ['assets/images/..%2f..%2fpackage.json', 400],
      ['assets/images/linked/secret.png', 403],
      ['assets/images/secret.png', 403],
    ];
    for (const [p, status] of refused) {
      for (const [action, params] of every(p)) {
        const asked = await call(action, params);
        assert.is(asked.status, status, `${action} ${p}: ${JSON.stringify(asked.body)}`);
        assert.not.ok(JSON.stringify(asked.body).includes(png.toString('base64')), `${action} ${p} read nothing`);
      }
    }
    assert.is((await call('getMedia', { mediaFolder: 'assets/images/linked' })).status, 403);
    const listed = await call('getMedia', { mediaFolder: 'assets/images' });
    assert.is(listed.status, 200);
    assert.not.ok(listed.body.some((f: { path: string }) => f.path === 'assets/images/secret.png'), 'a link out of the project is not listed');
    assert.equal(fs.readdirSync(outside), ['secret.png']);
    assert.ok(fs.readFileSync(path.join(outside, 'secret.png')).equals(png));
  } finally {
    for (const name of ['linked', 'secret.png']) fs.rmSync(path.join(images, name), { force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

test('a picture in the media folder that is a link to an image inside it is listed and read like any other', async () => {
  const images = path.join(resolveProject(site.root).assets, 'images');
  fs.symlinkSync('brisbane.svg', path.join(images, 'cities', 'brisbane-copy.svg'));
  fs.symlinkSync('../cities/perth.svg', path.join(images, 'blog', 'perth.svg'));
  try {
    for (const [folder, name, target] of [['assets/images/cities', 'brisbane-copy.svg', 'cities/brisbane.svg'], ['assets/images/blog', 'perth.svg', 'cities/perth.svg']]) {
      const listed = await call('getMedia', { mediaFolder: folder });
      assert.is(listed.status, 200, folder);
      const file = listed.body.find((f: { path: string }) => f.path === `${folder}/${name}`);
      assert.ok(file, `${folder}/${name} is listed`);
      assert.is(file.content, fs.readFileSync(path.join(images, target)).toString('base64'));
      assert.is((await call('getMediaFile', { path: `${folder}/${name}` })).status, 200);
    }
  } finally {
    fs.rmSync(path.join(images, 'cities', 'brisbane-copy.svg'));
    fs.rmSync(path.join(images, 'blog', 'perth.svg'));
  }
});

test('an upload whose name the build would refuse (a capital, a space, "~") is refused naming the character, and nothing is written', async () => {
  for (const [name, character] of [['Photo.png', 'P'], ['my photo.png', ' '], ['photo~1.png', '~'], ['blog/Été.png', 'É']]) {
    const asked = await call('persistMedia', { asset: { path: `assets/images/${name}`, content: png.toString('base64') } });
    assert.is(asked.status, 422, name);
    assert.ok(asked.body.error.startsWith(`Not saved: assets/images/${name} holds ${JSON.stringify(character)}, which no content can name: a picture field takes lower-case letters, digits, dots, hyphens and slashes. Rename it assets/images/`), asked.body.error);
    assert.not.ok(fs.existsSync(path.join(site.root, 'assets/images', name)), name);
  }
});

test('an upload the build could not encode (a PNG signature and nothing readable after it, or more pixels than an image may have) is refused in the build\'s words, and nothing is written', async () => {
  // A PNG header claiming 20000 x 20000 px: the signature is right, the size is past what the build encodes.
  const huge = Buffer.from(png);
  huge.writeUInt32BE(20000, 16);
  huge.writeUInt32BE(20000, 20);
  for (const [name, bytes, message] of [
    ['broken.png', Buffer.concat([png.subarray(0, 8), Buffer.from('not the rest of a png')]), /^Not saved: assets\/images\/broken\.png cannot be read as an image \(Input buffer has corrupt header\)\. Replace it with a JPEG, PNG, WebP or SVG file\.$/],
    ['huge.png', huge, /^Not saved: assets\/images\/huge\.png cannot be read as an image \(it is 20000 x 20000 px, more than the 268 million pixels an image may have: scale it down/],
  ] as const) {
    for (const [action, params] of [['persistMedia', { asset: { path: `assets/images/${name}`, content: bytes.toString('base64') } }], ['persistEntry', { assets: [{ path: `assets/images/${name}`, content: bytes.toString('base64'), encoding: 'base64' }] }]] as const) {
      const asked = await call(action, params);
      assert.is(asked.status, 422, `${action} ${name}: ${JSON.stringify(asked.body)}`);
      assert.match(asked.body.error, message, name);
      assert.not.ok(fs.existsSync(path.join(site.root, 'assets/images', name)), name);
    }
  }
});

test('an upload whose header reads but whose pixels stop short (a PNG or JPEG cut off on the way) is refused in the build\'s words, and nothing is written', async () => {
  const sharp = (await import('sharp')).default;
  // Noise, so that the compressed pixels run well past the header and half the file is a picture cut short.
  const picture = sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  for (const [name, whole, message] of [
    ['cut.png', await picture.clone().png().toBuffer(), /^Not saved: assets\/images\/cut\.png cannot be read as an image \(vipspng: libpng read error\)\. Replace it with a JPEG, PNG, WebP or SVG file\.$/],
    ['cut.jpg', await picture.clone().jpeg().toBuffer(), /^Not saved: assets\/images\/cut\.jpg cannot be read as an image \(VipsJpeg: premature end of JPEG image\)\. Replace it with a JPEG, PNG, WebP or SVG file\.$/],
  ] as const) {
    const bytes = whole.subarray(0, whole.length / 2);
    for (const [action, params] of [['persistMedia', { asset: { path: `assets/images/${name}`, content: bytes.toString('base64') } }], ['persistEntry', { assets: [{ path: `assets/images/${name}`, content: bytes.toString('base64'), encoding: 'base64' }] }]] as const) {
      const asked = await call(action, params);
      assert.is(asked.status, 422, `${action} ${name}: ${asked.body.error ?? 'saved'}`);
      assert.match(asked.body.error, message, name);
      assert.not.ok(fs.existsSync(path.join(site.root, 'assets/images', name)), name);
    }
  }
});

test('listening on the network turns the editor off, unless asked for, and the server says so', async () => {
  for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
    assert.ok(isLoopback(host), host);
    assert.is(networkNotice(host, false, 'http://x'), undefined, host);
  }
  for (const host of ['0.0.0.0', '::', '192.168.1.20', 'mybox.local']) {
    assert.not.ok(isLoopback(host), host);
    assert.match(networkNotice(host, false, 'http://x')!, /editor \(\/admin\/\) is off.*--editor-on-network/, host);
    assert.match(networkNotice(host, true, 'http://x')!, /is on for everyone on the network/, host);
  }
  const project = resolveProject(site.root);
  const off = http.createServer((req, res) => localEditor(project, path.join(site.root, 'dist'), silentLogger, { listenHost: '0.0.0.0' }).handle(req, res));
  const on = localEditor(project, path.join(site.root, 'dist'), silentLogger, { listenHost: '0.0.0.0', onNetwork: true });
  const onServer = http.createServer((req, res) => on.handle(req, res));
  await Promise.all([off, onServer].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  try {
    const at = (s: http.Server) => `http://127.0.0.1:${(s.address() as { port: number }).port}`;
    const config = await fetch(`${at(off)}/admin/config.yml`);
    assert.is(config.status, 403);
    assert.match((await config.json()).error, /--editor-on-network/);
    const write = await fetch(`${at(off)}${apiPath}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: hijack() });
    assert.is(write.status, 403);
    const onApi = /url: "([^"]+)"/.exec(await (await fetch(`${at(onServer)}/admin/config.yml`)).text())![1];
    const info = await fetch(onApi, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'info' }) });
    assert.is(info.status, 200);
  } finally {
    await Promise.all([off, onServer].map((s) => new Promise((resolve) => s.close(resolve))));
  }
});

test.run();
