// The launcher (bin/site.js) bundles the CLI again only when its fingerprint changes, and the fingerprint covers
// the files and folders it lists as the bundle's sources. A file the bundle is made from outside that list would
// leave an edit to it unseen: the CLI would go on running the old code. So every file esbuild reads for the
// bundle, from the launcher's own entry points, must be under one of the listed paths.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
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

test.run();
