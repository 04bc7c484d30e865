// A long `site serve` session's template edits: 200 of them, each compiled by the dev server's incremental
// esbuild context into a new templates module and loaded, as a rebuild does (the pages rendered after each are
// left out: they cost seconds an edit and keep nothing between rebuilds). The module an edit replaces is
// evicted from Node's module cache, so what the generator holds stays flat rather than growing by a module for
// every save.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { TemplateContexts, compileTemplates } from '../generator/render/templates.ts';
import { resolveProject } from '../generator/project.ts';
import { copyCode, fixture, type Fixture } from './helpers/project.ts';

const test = suite('serve-memory');

// The test measures the heap after a full collection; the suite runs without --expose-gc, so it turns the
// function on for itself. V8's compilation cache is turned off for this process: it keeps each compiled module's
// source and bytecode (about 0.3 MiB) through any number of full collections and lets them go only when the heap
// nears its limit (run with --max-old-space-size=48, 300 loads stay under it), so it would hide what the
// generator itself holds.
v8.setFlagsFromString('--expose-gc');
v8.setFlagsFromString('--no-compilation-cache');
const gc = vm.runInNewContext('gc') as () => void;

let f: Fixture;
const contexts = new TemplateContexts();

test.before(() => {
  f = fixture();
  copyCode(f, ['templates', 'islands', 'functions']);
});

test.after(async () => {
  await contexts.dispose();
  f.remove();
});

function heapMiB(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** The compiled templates modules Node's module cache holds. */
const loadedTemplates = () => Object.keys(createRequire(import.meta.url).cache).filter((file) => /templates-[0-9a-f]+\.cjs$/.test(file));

test('200 template edits: one templates module stays loaded and the heap does not grow', async () => {
  const entry = path.join(f.root, 'templates', 'index.tsx');
  const original = fs.readFileSync(entry, 'utf8');
  const project = resolveProject(f.root);
  let after20 = 0;
  for (let edit = 1; edit <= 200; edit++) {
    // An export of the entry is kept in the module, so each edit makes a module of different text.
    fs.writeFileSync(entry, `${original}\nexport const edit = ${edit};\n`);
    const templates = await compileTemplates(project, { incremental: contexts });
    assert.is(((await templates.load()) as unknown as { edit: number }).edit, edit);
    if (edit === 20) after20 = heapMiB();
  }
  const after200 = heapMiB();
  assert.is(loadedTemplates().length, 1, `templates modules loaded: ${loadedTemplates().join(', ')}`);
  console.log(`  » heap after 20 edits ${after20.toFixed(1)} MiB, after 200 edits ${after200.toFixed(1)} MiB`);
  // Flat: a module kept for every edit would add about 0.3 MiB each, 54 MiB over these 180.
  assert.ok(after200 - after20 < 5, `the heap grew from ${after20.toFixed(1)} MiB to ${after200.toFixed(1)} MiB`);
});

test.run();
