// The code cache of the CommonJS modules an incremental `site build` requires (bin/module-cache.js). Each case
// runs a small program in a process of its own, as the launcher would: the hook installed, a module required,
// its exports printed, and at exit the slot written. V8 checks a cache against its source's length only, so the
// important case is a module edited to a text of the same length: it must run as edited, never from the cache.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { toolRoot } from '../generator/project.ts';

const test = suite('module code cache');

const hook = pathToFileURL(path.join(toolRoot, 'bin', 'module-cache.js')).href;

function setUp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-module-cache-'));
  const modules = path.join(dir, 'modules');
  const cache = path.join(dir, 'cache');
  fs.mkdirSync(modules);
  /** Requires `file` with the hook on and prints what it exports, then whether it came from the cache. */
  const run = (file: string) => {
    const program = `
      import { createRequire } from 'node:module';
      import { cacheModuleCode } from ${JSON.stringify(hook)};
      const stale = cacheModuleCode(${JSON.stringify(cache)}, [${JSON.stringify(modules + path.sep)}]);
      const value = createRequire(${JSON.stringify(path.join(dir, 'x.js'))})(${JSON.stringify(file)});
      console.log(JSON.stringify({ value: value.answer(), helper: value.helper, compiled: stale.length }));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' });
    assert.is(result.status, 0, result.stderr);
    return JSON.parse(result.stdout) as { value: string; helper: string; compiled: number };
  };
  return { dir, modules, cache, run };
}

test('a module runs from its slot once written, and its own require still works', () => {
  const { dir, modules, cache, run } = setUp();
  try {
    fs.writeFileSync(path.join(modules, 'helper.js'), "module.exports = 'from the helper';\n");
    const file = path.join(modules, 'answer.js');
    fs.writeFileSync(file, "const helper = require('./helper.js');\nexports.helper = helper;\nexports.answer = function () { return 'forty-two'; };\n");
    const first = run(file);
    assert.equal(first, { value: 'forty-two', helper: 'from the helper', compiled: 2 });
    assert.is(fs.readdirSync(cache).filter((f) => f.endsWith('.v8')).length, 2);
    assert.equal(run(file), { value: 'forty-two', helper: 'from the helper', compiled: 0 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a module edited to a text of the same length runs as edited, and its slot is written again', () => {
  const { dir, modules, run } = setUp();
  try {
    fs.writeFileSync(path.join(modules, 'helper.js'), "module.exports = 'h';\n");
    const file = path.join(modules, 'answer.js');
    const before = "exports.helper = require('./helper.js');\nexports.answer = function () { return 'aaaa'; };\n";
    const after = before.replace('aaaa', 'bbbb');
    assert.is(after.length, before.length);
    fs.writeFileSync(file, before);
    assert.is(run(file).value, 'aaaa');
    assert.is(run(file).compiled, 0);
    fs.writeFileSync(file, after);
    assert.equal(run(file), { value: 'bbbb', helper: 'h', compiled: 1 });
    assert.equal(run(file), { value: 'bbbb', helper: 'h', compiled: 0 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a compiled templates module keeps one slot, whatever its hash', () => {
  const { dir, modules, cache, run } = setUp();
  try {
    fs.writeFileSync(path.join(modules, 'helper.js'), "module.exports = 'h';\n");
    for (const [hash, word] of [['0123456789abcdef', 'one'], ['fedcba9876543210', 'two']]) {
      const file = path.join(modules, `templates-${hash}.cjs`);
      fs.writeFileSync(file, `exports.helper = require('./helper.js');\nexports.answer = () => '${word}';\n`);
      assert.is(run(file).value, word);
    }
    assert.is(fs.readdirSync(cache).filter((f) => f.endsWith('.v8')).length, 2, 'the helper and one templates slot');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('modules outside the given folders are left to Node', () => {
  const { dir, cache, run } = setUp();
  try {
    const file = path.join(dir, 'outside.js');
    fs.writeFileSync(file, "exports.helper = 'none';\nexports.answer = () => 'outside';\n");
    assert.equal(run(file), { value: 'outside', helper: 'none', compiled: 0 });
    assert.not.ok(fs.existsSync(cache));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
