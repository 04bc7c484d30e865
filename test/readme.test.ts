// What README.md and the CLI's help say about the tool is true of it: the examples name things that can be
// made, the Node versions are those package.json accepts, and the claims about errors and the summary hold.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { languageSlug } from '../generator/content/model.ts';
import { maxUploadBytes, megabytes } from '../generator/assets/image-check.ts';
import { repoRoot } from './helpers/project.ts';

const test = suite('readme');
const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const cli = fs.readFileSync(path.join(repoRoot, 'bin/site.ts'), 'utf8');

test('every `site new language` example names a language the site does not have yet', () => {
  const examples = [...`${readme}\n${cli}`.matchAll(/site new language "([^"]+)"/g)].map((m) => m[1]);
  assert.ok(examples.length >= 2, 'README and the help both give an example');
  for (const name of examples) {
    assert.not.ok(fs.existsSync(path.join(repoRoot, 'content/languages', `${languageSlug(name)}.json`)), `${name} exists already`);
  }
});

test('the Node versions README names are those package.json accepts, and no older one', () => {
  const engines = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).engines.node as string;
  const oldest = Number(/>=\s*(\d+)/.exec(engines)![1]);
  assert.match(readme, /Node 24/);
  assert.match(readme, new RegExp(`Node ${oldest}\\b`));
  for (const [, version] of readme.matchAll(/Node (\d+)/g)) assert.ok(Number(version) >= oldest, `README names Node ${version}`);
});

test('README says what the build prints, and which code names the nearest fact', () => {
  assert.not.match(readme, /Ends with one line/);
  assert.match(readme, /critical path/);
  assert.not.match(readme, /nearest known name \(`\[CONTENT_UNKNOWN_FACT\]`\)/);
  assert.match(readme, /nearest known name when one is close \(`\[CONTENT_MISSPELT_FACT\]`\)/);
  // The no-op build's figures live with the other measurements; npx's start is on top of them.
  assert.match(readme, /stops without building[^|]*docs\/performance\.md[^|]*npx/);
});

test("the largest picture README says the editor takes is the editor's own limit, wherever it says so", () => {
  const stated = [...readme.matchAll(/of at most ([\d.]+) MB/g)].map((m) => m[1]);
  assert.is(stated.length, 2, 'the Pictures list and the local backend both state it');
  for (const mb of stated) assert.is(mb, megabytes(maxUploadBytes));
});

test.run();
