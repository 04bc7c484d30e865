// The launcher (bin/site.js) bundles the CLI again only when its fingerprint changes, and the fingerprint covers
// the files and folders it lists as the bundle's sources. A file the bundle is made from outside that list would
// leave an edit to it unseen: the CLI would go on running the old code. So every file esbuild reads for the
// bundle, from the launcher's own entry points, must be under one of the listed paths.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { repoRoot } from './helpers/project.ts';

const test = suite('cli-sources');

const launcher = fs.readFileSync(path.join(repoRoot, 'bin/site.js'), 'utf8');

/** The single-quoted strings of the first line of the launcher that matches `pattern`. */
function quoted(pattern: RegExp): string[] {
  const line = launcher.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `bin/site.js has a line matching ${pattern}`);
  return [...line!.matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

test('every file the CLI bundle is made from is under a path its fingerprint covers', async () => {
  const sources = quoted(/^const sources = \[/);
  const entries = quoted(/^\s*entryPoints: \{/).filter((s) => s.endsWith('.ts'));
  assert.ok(sources.includes('generator') && entries.includes('bin/site.ts'), `sources ${sources.join(', ')}; entries ${entries.join(', ')}`);
  const result = await build({ absWorkingDir: repoRoot, entryPoints: entries, bundle: true, splitting: true, format: 'esm', platform: 'node', packages: 'external', write: false, outdir: 'out', metafile: true, logLevel: 'silent' });
  const inputs = Object.keys(result.metafile.inputs).map((p) => p.split(path.sep).join('/'));
  assert.ok(inputs.includes('generator/build.ts'), 'the walk sees the generator');
  const uncovered = inputs.filter((file) => !sources.some((s) => file === s || file.startsWith(`${s}/`)));
  assert.equal(uncovered, []);
});

/** Runs the launcher of `root` (`site --help`: it loads the whole bundle) and resolves with its exit code and output. */
function help(root: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'bin/site.js'), '--help'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

test('runs started together after the sources change share one new bundle, and none crashes', async () => {
  // A copy of the generator with a .cache/ of its own: the runs below must build its bundle afresh.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-launcher-'));
  try {
    for (const rel of [...quoted(/^const sources = \[/), 'tsconfig.json']) fs.cpSync(path.join(repoRoot, rel), path.join(root, rel), { recursive: true });
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
    // A fresh clone has no .cache/ yet.
    const first = await help(root);
    assert.is(first.code, 0, first.out);
    const bundles = path.join(root, '.cache', 'cli');
    // A bundle a running process (this one) loads from must stay, however old: its chunks load lazily.
    const inUse = path.join(bundles, '0000000000000000');
    fs.mkdirSync(inUse, { recursive: true });
    fs.writeFileSync(path.join(inUse, `.in-use-${process.pid}`), '');
    // A folder a killed run was building its bundle in goes; one a live run is building in stays.
    const killed = path.join(bundles, '1111111111111111.tmp-999999999');
    const making = path.join(bundles, `2222222222222222.tmp-${process.pid}`);
    for (const dir of [killed, making]) fs.mkdirSync(dir, { recursive: true });
    for (let round = 0; round < 2; round++) {
      // An edit (a pull) changes the fingerprint; then, say, `npm run dev` and `site check` start together.
      const later = new Date(Date.now() + (round + 1) * 60_000);
      fs.utimesSync(path.join(root, 'generator/build.ts'), later, later);
      const runs = await Promise.all([1, 2, 3, 4].map(() => help(root)));
      for (const run of runs) assert.is(run.code, 0, run.out);
    }
    const left = fs.readdirSync(bundles);
    assert.ok(left.includes('0000000000000000'), left.join(', '));
    assert.equal(left.filter((name) => name.includes('.tmp-')), [path.basename(making)], 'no folder half made is left behind');
    // The bundle before the last one is no longer used by anyone.
    assert.is(left.length, 3, left.join(', '));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test.run();
