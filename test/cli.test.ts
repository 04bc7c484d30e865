// The command-line contract other tooling depends on: commands, flags, help, exit codes, what is printed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { copyCode, fixture, listFiles, repoRoot, type Fixture } from './helpers/project.ts';

const test = suite('cli');
const bin = path.join(repoRoot, 'bin/site.js');

function site(args: string[], cwd = repoRoot) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

let f: Fixture;
test.before(() => {
  f = fixture();
});
test.after(() => f.remove());

test('--help lists every command', () => {
  const { code, out } = site(['--help']);
  assert.is(code, 0);
  for (const command of ['build', 'serve', 'check', 'new']) assert.match(out, new RegExp(`\\n  ${command}\\b`));
});

test('--version prints the version from package.json', () => {
  const version = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;
  for (const flag of ['--version', '-V']) {
    const { code, out } = site([flag]);
    assert.is(code, 0);
    assert.is(out.trim(), version);
  }
});

test('each command has useful help', () => {
  const build = site(['build', '--help']).out;
  assert.match(build, /--out <dir>\s+output folder \(a relative path is taken from --root\) \(default:\s+"dist"\)/);
  // --explain prints the stages' times too, and a refused output folder or a full disk exits 1 like bad content.
  assert.match(build, /--explain\s+print why each page was rendered[^-]*each\s+stage's\s+time/);
  assert.match(build, /\nExit status: [^\n]*1 when [^\n]*the output folder/);
  const serve = site(['serve', '--help']).out;
  assert.match(serve, /--port <number>\s+port to listen on \(default: 4321\)/);
  assert.match(serve, /--host <address>\s+address to listen on \(default: "127\.0\.0\.1"\)/);
  assert.match(serve, /--no-watch/);
  assert.match(site(['check', '--help']).out, /--external/);
  assert.match(site(['new', '--help']).out, /\(choices: "blog", "city", "service", "language"\)/);
  // Scripts and CI read the exit status: every command's help says what it means.
  for (const command of [['build'], ['serve'], ['check'], ['new'], ['subscribers', 'export'], ['enquiries'], ['enquiries', 'retry'], ['enquiries', 'delivered']]) {
    assert.match(site([...command, '--help']).out, /\nExit status[^:]*: 0 when [^\n]*, 1 when /, command.join(' '));
  }
});

test('an unknown flag is an error with a non-zero exit', () => {
  const { code, err } = site(['build', '--outdir', 'x']);
  assert.is(code, 1);
  assert.match(err, /unknown option '--outdir'/);
  assert.match(err, /\(Did you mean --out\?\)/);
});

test('an unknown command and a bad port are errors', () => {
  assert.is(site(['deploy']).code, 1);
  // An empty value (`--port "$PORT"` with PORT unset) or another way of writing a number is not port 0 or 16.
  for (const port of ['eighty', '', ' ', '0x10', '1e3']) {
    const { code, err } = site(['serve', '--port', port, '--no-watch']);
    assert.is(code, 1, `--port ${JSON.stringify(port)}`);
    assert.match(err, /it must be a whole number from 0 to 65535/);
  }
});

test('build writes dist/ in the project folder, prints one summary line and exits 0', () => {
  const { code, out } = site(['build'], f.root);
  assert.is(code, 0, out);
  assert.ok(fs.existsSync(path.join(f.root, 'dist/index.html')));
  assert.match(out, /^✓ \d+ pages \(\d+ rendered, \d+ kept\), \d+ images \(.*\), \d+ markdown \(\d+ rendered\) in [\d.]+ m?s \(content [\d.]+ m?s \+ .*render [\d.]+ m?s.*; \w+ held it up most\)$/m);
});

test('the CLI runs through Node\'s compile cache in .cache/compile/; --explain says why each page rendered; an incremental build\'s output is that of --debug\'s', () => {
  const g = fixture();
  const compiled = path.join(repoRoot, '.cache/compile');
  const post = fs.readdirSync(path.join(g.root, 'content/blog'))[0];
  try {
    fs.rmSync(compiled, { recursive: true, force: true });
    assert.is(site(['build', '--out', 'plain'], g.root).code, 0);
    assert.ok(fs.readdirSync(compiled, { recursive: true }).length > 0, 'the compile cache holds what V8 compiled');
    g.write(`content/blog/${post}`, `${g.read(`content/blog/${post}`)}\nAn added line.\n`);
    const explained = site(['build', '--out', 'plain', '--explain'], g.root).out;
    assert.match(explained, /\(1 rendered, \d+ kept\)/);
    assert.match(explained, new RegExp(`^  render /blog/${post.replace(/\.md$/, '')}: content/blog/${post}(#\\w+)? changed$`, 'm'), explained);
    assert.match(explained, /^  keep \d+ pages: nothing they read has changed$/m);
    // A change every page depends on is named by what changed.
    const schema = 'content/schemas/city.schema.json';
    g.write(schema, g.read(schema).replace('"Position on the /cities page."', '"Its position on the /cities page."'));
    const everything = site(['build', '--out', 'plain', '--explain'], g.root).out;
    assert.match(everything, /^  render \/cities\/perth: the schemas changed$/m, everything);
    assert.match(everything, /^  keep 0 pages: nothing they read has changed$/m);
    assert.is(site(['build', '--debug', '--out', 'debug'], g.root).code, 0);
    const files = (dir: string) => listFiles(path.join(g.root, dir)).map((rel) => [rel, fs.readFileSync(path.join(g.root, dir, rel), 'utf8')]);
    assert.equal(files('plain'), files('debug'));
  } finally {
    g.remove();
  }
});

/** Processes of a process group still there (zombies included), from /proc. */
function groupMembers(pgid: number): string[] {
  const members: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing bracket.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid) members.push(`${pid} ${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))} (${state})`);
    } catch {
      // gone meanwhile
    }
  }
  return members;
}

test('no process outlives site build, not even a finished one left unreaped (a clean build starts esbuild)', async () => {
  // Its own process group, which every process it starts joins: whatever remains in it afterwards outlived it.
  const child = spawn(process.execPath, [bin, 'build', '--clean'], { cwd: f.root, detached: true, stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  assert.is(code, 0);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(groupMembers(child.pid!), []);
});

test('build names the template line that threw, without --debug too (the templates module\'s own source map)', () => {
  const g = fixture();
  try {
    copyCode(g);
    const file = path.join(g.root, 'templates/pages/not-found.tsx');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes("const copy = site.pages['not-found'];"));
    assert.ok(at >= 0);
    lines.splice(at + 1, 0, "  if (copy) throw new Error('the copy is missing its heading');");
    fs.writeFileSync(file, lines.join('\n'));
    for (const args of [['build'], ['build', '--debug']]) {
      const { code, err } = site(args, g.root);
      assert.is(code, 1);
      assert.match(err, new RegExp(`/404 \\(templates/pages/not-found\\.tsx:${at + 2}:\\d+\\) the copy is missing its heading`), err);
    }
  } finally {
    g.remove();
  }
});

test('build --out writes elsewhere', () => {
  const { code } = site(['build', '--out', 'public'], f.root);
  assert.is(code, 0);
  assert.ok(fs.existsSync(path.join(f.root, 'public/index.html')));
});

test('build prints every content error, numbered, and exits 1 leaving dist/ as it was', () => {
  const before = fs.readFileSync(path.join(f.root, 'dist/index.html'), 'utf8');
  const perth = f.read('content/cities/perth.json');
  const darwin = f.read('content/cities/darwin.json');
  f.editJson('content/cities/perth.json', (d) => {
    d.population = 2300000;
    d.languages[0] = 'xx';
  });
  f.editJson('content/cities/darwin.json', (d) => (d.state = 'Top End'));
  const { code, err } = site(['build'], f.root);
  assert.is(code, 1);
  assert.match(err, /✗ 2 problems in content:/);
  assert.match(err, /^ {2}1\. content\/cities\/darwin\.json:\d+:\d+ \/state must be one of: "NSW"/m);
  assert.match(err, /^ {2}2\. content\/cities\/perth\.json:7:17 \/population must be text {2}\[CONTENT_SCHEMA\]$/m);
  assert.not.match(err, /at .*\.ts:\d+/, 'no stack trace for a content mistake');
  assert.is(fs.readFileSync(path.join(f.root, 'dist/index.html'), 'utf8'), before);
  f.write('content/cities/perth.json', perth);
  f.write('content/cities/darwin.json', darwin);
});

test('new writes a starter for each kind as a draft, says where and how to publish it, and each builds once published', () => {
  const made = [
    ['city', 'ballarat', 'content/cities/ballarat.json'],
    ['service', 'tax-returns', 'content/services/tax-returns.json'],
    ['language', 'tetum', 'content/languages/tetum.json'],
    // The schema lets a name hold brackets and apostrophes; the address leaves them out.
    ['language', 'Sign Language (Auslan)', 'content/languages/sign-language-auslan.json'],
    // A language is named as written: its hyphens are its own, not a slug's.
    ['language', 'Ni-Vanuatu', 'content/languages/ni-vanuatu.json'],
    ['blog', 'preparing-documents-for-a-partner-visa', 'content/blog/preparing-documents-for-a-partner-visa.md'],
  ];
  for (const [kind, slug, file] of made) {
    const { code, out } = site(['new', kind, slug], f.root);
    assert.is(code, 0, out);
    assert.ok(out.includes(`✓ wrote ${file}`), out);
    assert.ok(out.includes('It starts as a draft: `npm run dev` shows it, marked as one, and `npm run build` leaves it out.'), out);
    assert.ok(out.includes('To publish it, delete its `draft: true` line (or set it to false).'), out);
    assert.match(f.read(file), /^ {0,2}"?draft"?: true,?$/m);
  }
  assert.is(f.json<{ name: string }>('content/languages/sign-language-auslan.json').name, 'Sign Language (Auslan)');
  assert.is(f.json<{ name: string }>('content/languages/ni-vanuatu.json').name, 'Ni-Vanuatu');
  const pages = ['cities/ballarat', 'services/tax-returns', 'tetum', 'sign-language-auslan', 'ni-vanuatu', 'blog/preparing-documents-for-a-partner-visa'];
  const drafts = site(['build'], f.root);
  assert.is(drafts.code, 0, drafts.err);
  for (const page of pages) assert.not.ok(fs.existsSync(path.join(f.root, 'dist', `${page}.html`)), `${page} is a draft`);
  for (const [, , file] of made) f.write(file, f.read(file).replace(/^ {0,2}"?draft"?: true,?\n/m, ''));
  const published = site(['build'], f.root);
  assert.is(published.code, 0, published.err);
  for (const page of pages) assert.ok(fs.existsSync(path.join(f.root, 'dist', `${page}.html`)), page);
});

test('new refuses to overwrite, and refuses a bad slug', () => {
  const again = site(['new', 'city', 'ballarat'], f.root);
  assert.is(again.code, 1);
  assert.match(again.err, /content\/cities\/ballarat\.json already exists/);
  const bad = site(['new', 'city', 'Gold Coast!'], f.root);
  assert.is(bad.code, 1);
  // What is wrong with it is named, as for a language's name.
  assert.ok(bad.err.includes('"Gold Coast!" is not a valid slug: "G", " ", "C", "!" cannot be part of a slug  [NEW_INVALID_SLUG]'), bad.err);
  const hyphens = site(['new', 'service', 'tax--returns-'], f.root);
  assert.ok(hyphens.err.includes('"tax--returns-" is not a valid slug: it must start and end with a letter or digit, and hyphens may not stand two together'), hyphens.err);
  // A slug longer than a file name may be is refused as a slug, not met as ENAMETOOLONG with a stack trace.
  const long = site(['new', 'blog', 'a'.repeat(101)], f.root);
  assert.is(long.code, 1);
  assert.match(long.err, /is not a valid slug: it is longer than 100 characters  \[NEW_INVALID_SLUG\]\n\s+hint: Use at most 100 lowercase letters/);
  assert.not.match(long.err, /\n\s+at /);
  assert.is(site(['new', 'blog', 'a'.repeat(100)], f.root).code, 0);
  fs.rmSync(path.join(f.root, 'content', 'blog', `${'a'.repeat(100)}.md`));
  // A file of the folder half edited is named and placed, as the build places it, not met as a stack trace, and nothing is written.
  f.write('content/cities/half.json', '{ "order": 3,\n');
  const half = site(['new', 'city', 'bendigo'], f.root);
  f.write('content/cities/half.json', null);
  assert.is(half.code, 1);
  assert.match(half.err, /content\/cities\/half\.json:2:1 is not valid JSON: property name expected  \[CONTENT_JSON_SYNTAX\]/);
  assert.not.match(half.err, /\n\s+at /);
  assert.not.ok(fs.existsSync(path.join(f.root, 'content', 'cities', 'bendigo.json')));
  // So is one that is JSON but not an object of fields (null, a list): the starter's order and codes come from them.
  for (const [rel, kind, name] of [['content/cities/blank.json', 'city', 'bendigo'], ['content/languages/blank.json', 'language', 'Klingon'], ['content/services/list.json', 'service', 'apostille']]) {
    f.write(rel, rel.endsWith('list.json') ? '[]\n' : 'null\n');
    const notObject = site(['new', kind, name], f.root);
    f.write(rel, null);
    assert.is(notObject.code, 1, `${rel}: ${notObject.out}`);
    assert.ok(notObject.err.includes(`${rel}:1:1 / must be an object ({ … })  [CONTENT_SCHEMA]`), notObject.err);
    assert.not.match(notObject.err, /\n\s+at /);
    assert.not.ok(fs.existsSync(path.join(f.root, path.dirname(rel), `${name.toLowerCase()}.json`)), `no ${kind} starter written`);
  }
  // A language is named, not given a slug: the characters no address may hold are named.
  const unfit = site(['new', 'language', 'Tetum? (East Timor)'], f.root);
  assert.is(unfit.code, 1);
  assert.ok(unfit.err.includes('"Tetum? (East Timor)" cannot name a language: "?" cannot be part of its page\'s address  [NEW_INVALID_NAME]'), unfit.err);
  assert.match(unfit.err, /hint: Write its English name in letters/);
  assert.not.ok(fs.existsSync(path.join(f.root, 'content', 'languages', 'tetum-east-timor.json')));
  // A name the language schema's /name does not take (one letter, a digit, a letter outside its set) would make a
  // starter that fails the build: it is refused, saying what the name must be.
  for (const [name, file] of [['x', 'x'], ['Hindi 2', 'hindi-2'], ['Français', 'francais']]) {
    const unnamed = site(['new', 'language', name], f.root);
    assert.is(unnamed.code, 1, unnamed.out);
    assert.ok(unnamed.err.includes(`"${name}" cannot name a language: its starter would not pass language.schema.json: /name: `), unnamed.err);
    assert.match(unnamed.err, /\[NEW_INVALID_NAME\]/);
    assert.not.ok(fs.existsSync(path.join(f.root, 'content', 'languages', `${file}.json`)), `no starter for ${name}`);
  }
  // An entry named index would be written as its folder's page, served at the list page's address (or the home page's).
  for (const [kind, slug, address, served] of [['city', 'index', '/cities/index', '/cities/'], ['service', 'index', '/services/index', '/services/'], ['language', 'Index', '/index', '/']]) {
    const index = site(['new', kind, slug], f.root);
    assert.is(index.code, 1, index.out);
    assert.ok(index.err.includes(`which hosts serve at ${served} as its folder's page  [CONTENT_INDEX_PAGE]`), index.err);
    assert.ok(index.err.includes(address), index.err);
    assert.not.ok(fs.existsSync(path.join(f.root, 'content', kind === 'city' ? 'cities' : `${kind}s`, 'index.json')), `no ${kind} index starter written`);
  }
  // A language's page is at /<slug>: a built-in page's address or a prose page's would fail the build.
  for (const [name, owner] of [['Blog', 'a built-in page'], ['Terms', 'content/pages/terms.md']]) {
    const taken = site(['new', 'language', name], f.root);
    assert.is(taken.code, 1, taken.out);
    assert.ok(taken.err.includes(`the address /${name.toLowerCase()} is taken by ${owner}`), taken.err);
    assert.not.ok(fs.existsSync(path.join(f.root, 'content', 'languages', `${name.toLowerCase()}.json`)), `no ${name} starter written`);
  }
});

test('check passes on the real site', () => {
  const { code, out } = site(['check']);
  assert.is(code, 0, out);
  assert.match(out, /links, images, scripts and stylesheets on \d+ pages all resolve/);
});

test('check fails on a broken link, naming the page it is on', () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  // The build checks the <a href> and <img src> of content itself (content-errors.test.ts); a quotation's source
  // only the check follows.
  f.write(post, `${f.read(post)}\n<blockquote cite="/no-such-guide"><p>Quoted from the old guide.</p></blockquote>\n`);
  const { code, err } = site(['check'], f.root);
  assert.is(code, 1);
  assert.match(err, /\/blog\/naati-vs-standard-translations-differences \(content\/blog\/naati-vs-standard-translations-differences\.md\) links to \/no-such-guide, which answers 404 {2}\[LINK_BROKEN\]/);
});

test('check fails on a link to a part of a page that is not there, naming the page it is on', () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  f.write(post, `${f.read(post)}\nSee [Perth](/cities/perth#no-such-part) and [the guarantee](/terms#our-acceptance-guarantee).\n`);
  const { code, err } = site(['check'], f.root);
  assert.is(code, 1, err);
  assert.match(err, /\/blog\/naati-vs-standard-translations-differences \(content\/blog\/naati-vs-standard-translations-differences\.md\) links to \/cities\/perth#no-such-part, but \/cities\/perth has no element with the id "no-such-part" {2}\[LINK_FRAGMENT_MISSING\]/);
  assert.not.match(err, /links to \/terms#/);
});

test('check fails on a content error before building', () => {
  f.editJson('content/site.json', (d) => (d.email = 'hello at example.com'));
  const { code, err } = site(['check'], f.root);
  assert.is(code, 1);
  assert.match(err, /content\/site\.json:\d+:\d+ \/email "hello at example\.com" is not a valid email address/);
});

test.run();
