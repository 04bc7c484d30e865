// Types come from one source: the content types templates use are generated from the schemas and must be
// current, and the whole project type-checks in strict mode.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { generateTypes, typesFile } from '../generator/content/generate-types.ts';
import { repoRoot } from './helpers/project.ts';

const test = suite('types');

test('generator/content/types.ts is generated from the current schemas (run `npm run types` if not)', async () => {
  assert.is(fs.readFileSync(typesFile, 'utf8'), await generateTypes());
});

test('tsc --noEmit is clean in strict mode', () => {
  const config = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tsconfig.json'), 'utf8'));
  assert.is(config.compilerOptions.strict, true);
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', repoRoot], { encoding: 'utf8' });
  assert.is(result.status, 0, result.stdout + result.stderr);
});

test.run();
