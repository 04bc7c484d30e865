// The command-line contract other tooling depends on: commands, flags, help, exit codes, what is printed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { copyCode, fixture, listFiles, repoRoot, type Fixture } from './helpers/project.ts';
import { resolveProject } from '../generator/project.ts';
import { compileTemplates } from '../generator/render/templates.ts';
import { stopEsbuild } from '../generator/esbuild.ts';

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
  assert.match(site(['build', '--help']).out, /--out <dir>\s+output folder \(default: "dist"\)/);
  const serve = site(['serve', '--help']).out;
  assert.match(serve, /--port <number>\s+port to listen on \(default: 4321\)/);
  assert.match(serve, /--host <address>\s+address to listen on \(default: "127\.0\.0\.1"\)/);
  assert.match(serve, /--no-watch/);
  assert.match(site(['check', '--help']).out, /--external/);
  assert.match(site(['new', '--help']).out, /\(choices: "blog", "city", "service", "language"\)/);
});

test('an unknown flag is an error with a non-zero exit', () => {
  const { code, err } = site(['build', '--outdir', 'x']);
  assert.is(code, 1);
  assert.match(err, /unknown option '--outdir'/);
  assert.match(err, /\(Did you mean --out\?\)/);
});

test('an unknown command and a bad port are errors', () => {
  assert.is(site(['deploy']).code, 1);
  const { code, err } = site(['serve', '--port', 'eighty']);
  assert.is(code, 1);
  assert.match(err, /it must be a whole number from 0 to 65535/);
});

test('build writes dist/ in the project folder, prints one summary line and exits 0', () => {
  const { code, out } = site(['build'], f.root);
  assert.is(code, 0, out);
  assert.ok(fs.existsSync(path.join(f.root, 'dist/index.html')));
  assert.match(out, /^✓ \d+ pages \(\d+ rendered, \d+ kept\), \d+ images \(.*\), \d+ markdown \(\d+ rendered\) in [\d.]+ m?s \(content [\d.]+ m?s, .*render [\d.]+ m?s.*\)$/m);
});

test('an incremental build runs from a code cache it writes once (again after one written by a no-op), with the same output as the ES module form (--debug); a cache V8 refuses is written again', () => {
  const g = fixture();
  const bundles = path.join(repoRoot, '.cache/cli');
  const caches = () => fs.readdirSync(bundles).map((dir) => path.join(bundles, dir, 'site.cjs.v8')).filter((file) => fs.existsSync(file));
  const post = fs.readdirSync(path.join(g.root, 'content/blog'))[0];
  const edit = (line: string) => g.write(`content/blog/${post}`, `${g.read(`content/blog/${post}`)}\n${line}\n`);
  try {
    assert.is(site(['--version']).code, 0); // compiles the bundle if need be
    for (const file of caches()) fs.rmSync(file);
    // A build with no record renders everything: it runs the ES modules and writes no cache.
    assert.is(site(['build', '--out', 'from-cache'], g.root).code, 0);
    assert.equal(caches(), [], 'a cold build writes no code cache');

    // A run with nothing to build writes it first, holding the check's functions but few of the build's; the
    // first build after it writes it again. Its first byte says which wrote it.
    assert.match(site(['build', '--out', 'from-cache'], g.root).out, /nothing changed since the last build/);
    const [cache] = caches();
    assert.ok(cache && fs.statSync(cache).size > 100_000, 'the first incremental run wrote the code cache');
    assert.is(fs.readFileSync(cache)[0], 0, 'written by a run that built nothing');
    edit('An added line.');
    assert.match(site(['build', '--out', 'from-cache'], g.root).out, /\(1 rendered, \d+ kept\)/);
    assert.is(fs.readFileSync(cache)[0], 1, 'written again by the first build after it');
    const written = fs.statSync(cache).mtimeMs;

    edit('Another line.');
    assert.is(site(['build', '--out', 'from-cache'], g.root).code, 0);
    assert.is(fs.statSync(cache).mtimeMs, written, 'a build that found the cache does not write it');
    assert.is(site(['build', '--debug', '--out', 'from-modules'], g.root).code, 0);
    const files = (dir: string) => listFiles(path.join(g.root, dir)).map((rel) => [rel, fs.readFileSync(path.join(g.root, dir, rel), 'utf8')]);
    assert.equal(files('from-cache'), files('from-modules'));

    fs.writeFileSync(cache, 'not a code cache');
    edit('A third line.');
    const { code, out } = site(['build', '--out', 'from-cache'], g.root);
    assert.is(code, 0, out);
    assert.match(out, /\(1 rendered, \d+ kept\)/);
    assert.ok(fs.statSync(cache).size > 100_000, 'the refused cache was written again');
  } finally {
    g.remove();
  }
});

/** The CommonJS form of the CLI as the launcher compiled it last (compiled now if need be). */
function newestBundle(): string {
  assert.is(site(['--version']).code, 0);
  const bundles = path.join(repoRoot, '.cache/cli');
  return fs
    .readdirSync(bundles)
    .map((dir) => path.join(bundles, dir, 'site.cjs'))
    .filter((file) => fs.existsSync(file))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}

test('the CommonJS form of the CLI calls import() only through importModule (code compiled from a cache cannot)', () => {
  const newest = newestBundle();
  const calls = [...fs.readFileSync(newest, 'utf8').matchAll(/(?<![\w$.])import\(/g)].map((m) => m.input.slice(m.index - 40, m.index + 30));
  // importModule's own fallback, for the ES module form, and the worker source that tsx runs (never in a bundle).
  const allowed = [/importer\(specifier\) : import\(specifier\)/, /Worker\(`import\('tsx\/esm\/api'\)/, /tsx\.register\(\); return import\(\$\{/];
  assert.equal(calls.filter((call) => !allowed.some((re) => re.test(call))), [], 'every other import() must go through generator/import-module.ts');
  assert.is(calls.length, 3);
});

test('the CLI\'s bundle and the compiled templates are ASCII, so V8 keeps their source at a byte a character', async () => {
  const newest = newestBundle();
  // A regular expression or String.raw template in the generator holding such a character keeps the whole bundle
  // as two bytes a character (asciiOnly in bin/site.js): write it as an escape (\u2019) instead.
  const outside = (text: string) => [...text.matchAll(/[^\x00-\x7f]+/g)].map((m) => text.slice(Math.max(0, m.index - 50), m.index + 20));
  for (const name of fs.readdirSync(path.dirname(newest)).filter((n) => /\.[cm]js$/.test(n))) assert.equal(outside(fs.readFileSync(path.join(path.dirname(newest), name), 'utf8')), [], name);
  const { hash } = await compileTemplates(resolveProject(repoRoot));
  await stopEsbuild();
  const file = path.join(repoRoot, '.cache', 'templates', `templates-${hash}.cjs`);
  assert.ok(fs.existsSync(`${file}.map`), 'the source map is beside the module');
  assert.equal(outside(fs.readFileSync(file, 'utf8')), []);
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
  assert.match(err, /^ {2}2\. content\/cities\/perth\.json:7:17 \/population must be string {2}\[CONTENT_SCHEMA\]$/m);
  assert.not.match(err, /at .*\.ts:\d+/, 'no stack trace for a content mistake');
  assert.is(fs.readFileSync(path.join(f.root, 'dist/index.html'), 'utf8'), before);
  f.write('content/cities/perth.json', perth);
  f.write('content/cities/darwin.json', darwin);
});

test('new writes a starter for each kind that builds as it is, and says where', () => {
  const made = [
    ['city', 'ballarat', 'content/cities/ballarat.json'],
    ['service', 'tax-returns', 'content/services/tax-returns.json'],
    ['language', 'tetum', 'content/languages/tetum.json'],
    ['blog', 'preparing-documents-for-a-partner-visa', 'content/blog/preparing-documents-for-a-partner-visa.md'],
  ];
  for (const [kind, slug, file] of made) {
    const { code, out } = site(['new', kind, slug], f.root);
    assert.is(code, 0, out);
    assert.ok(out.includes(`✓ wrote ${file}`), out);
    assert.ok(fs.existsSync(path.join(f.root, file)));
  }
  const { code, err } = site(['build'], f.root);
  assert.is(code, 0, err);
  for (const page of ['cities/ballarat', 'services/tax-returns', 'tetum', 'blog/preparing-documents-for-a-partner-visa']) {
    assert.ok(fs.existsSync(path.join(f.root, 'dist', `${page}.html`)), page);
  }
});

test('new refuses to overwrite, and refuses a bad slug', () => {
  const again = site(['new', 'city', 'ballarat'], f.root);
  assert.is(again.code, 1);
  assert.match(again.err, /content\/cities\/ballarat\.json already exists/);
  const bad = site(['new', 'city', 'Gold Coast!'], f.root);
  assert.is(bad.code, 1);
  assert.match(bad.err, /is not a valid slug/);
});

test('check passes on the real site', () => {
  const { code, out } = site(['check']);
  assert.is(code, 0, out);
  assert.match(out, /links, images, scripts and stylesheets on \d+ pages all resolve/);
});

test('check fails on a broken link, naming the page it is on', () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  f.write(post, `${f.read(post)}\n<p>See <a href="/no-such-guide">the old guide</a>.</p>\n`);
  const { code, err } = site(['check'], f.root);
  assert.is(code, 1);
  assert.match(err, /\/blog\/naati-vs-standard-translations-differences \(content\/blog\/naati-vs-standard-translations-differences\.md\) links to \/no-such-guide, which answers 404 {2}\[LINK_BROKEN\]/);
});

test('check fails on a content error before building', () => {
  f.editJson('content/site.json', (d) => (d.email = 'hello at example.com'));
  const { code, err } = site(['check'], f.root);
  assert.is(code, 1);
  assert.match(err, /content\/site\.json:\d+:\d+ \/email "hello at example\.com" is not a valid email address/);
});

test.run();
