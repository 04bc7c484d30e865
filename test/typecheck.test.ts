// `site check` type-checks the site's own templates, islands and functions (generator/typecheck.ts): a type
// error that `site build` lets through (esbuild drops types) fails the check at its file and line.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseTscOutput, typeCheck } from '../generator/typecheck.ts';
import { resolveProject } from '../generator/project.ts';
import { copyCode, fixture, repoRoot } from './helpers/project.ts';
import { replaceIn } from './helpers/failure.ts';

const test = suite('typecheck');

test('tsc\'s output becomes one error per problem, at its file, line and column, with its further lines', () => {
  const f = fixture();
  try {
    copyCode(f, ['templates']);
    const project = resolveProject(f.root);
    const errors = parseTscOutput(
      project,
      [
        "templates/pages/not-found.tsx(3,7): error TS2322: Type 'number' is not assignable to type 'string'.",
        "templates/pages/home.tsx(10,1): error TS2345: Argument of type '{ a: number; }' is not assignable to parameter of type 'Props'.",
        "  Property 'b' is missing in type '{ a: number; }' but required in type 'Props'.",
        "error TS5083: Cannot read file 'tsconfig.base.json'.",
        '',
      ].join('\n'),
    );
    assert.equal(
      errors.map((e) => [e.code, e.headline]),
      [
        ['TEMPLATE_TYPE', "templates/pages/not-found.tsx:3:7 Type 'number' is not assignable to type 'string'. [TS2322]"],
        ['TEMPLATE_TYPE', "templates/pages/home.tsx:10:1 Argument of type '{ a: number; }' is not assignable to parameter of type 'Props'.\n  Property 'b' is missing in type '{ a: number; }' but required in type 'Props'. [TS2345]"],
        ['TEMPLATE_TYPE', "Cannot read file 'tsconfig.base.json'. [TS5083]"],
      ],
    );
    assert.match(errors[0].frame!, /> 3 \|/);
    assert.match(errors[0].hint!, /without checking their types/);
  } finally {
    f.remove();
  }
});

test('skipped, saying why, for a site with no code of its own or no tsconfig.json', async () => {
  const f = fixture();
  try {
    assert.equal(await typeCheck(resolveProject(f.root)), { skipped: 'the site has no templates, islands or functions of its own' });
    copyCode(f, ['templates']);
    assert.equal(await typeCheck(resolveProject(f.root)), { skipped: `${f.root} has no tsconfig.json` });
  } finally {
    f.remove();
  }
});

test('site check fails on a type error in a template that its build (as site build) lets through, naming the file and line', () => {
  const f = fixture();
  try {
    copyCode(f);
    // The templates import the generator's types by relative path, as in this repository, and tsc needs React's.
    fs.symlinkSync(path.join(repoRoot, 'generator'), path.join(f.root, 'generator'));
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(f.root, 'node_modules'));
    fs.copyFileSync(path.join(repoRoot, 'tsconfig.json'), path.join(f.root, 'tsconfig.json'));
    // ES modules, as this repository's package.json says: NodeNext reads the nearest package.json.
    f.write('package.json', '{ "private": true, "type": "module" }\n');
    const file = 'templates/pages/not-found.tsx';
    const text = f.read(file);
    const line = text.split('\n').findIndex((l) => l.includes('{copy.text}')) + 1;
    assert.ok(line > 0);
    // Runs as before (esbuild drops `satisfies`), but the type is wrong.
    replaceIn(f, file, '{copy.text}', '{copy.text satisfies number}');
    const checked = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'check'], { cwd: f.root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.is(checked.status, 1, checked.stdout);
    // The check's own build went through (as \`site build\` does): only the type check failed.
    assert.not.match(checked.stderr, /RENDER_FAILED|TEMPLATE_COMPILE/);
    assert.match(checked.stderr, /^✗ 1 problem in types:/m, checked.stderr);
    assert.match(checked.stderr, new RegExp(`${file.replace(/[./]/g, '\\$&')}:${line}:\\d+ Type 'string' does not satisfy the expected type 'number'\\. \\[TS1360\\]  \\[TEMPLATE_TYPE\\]`));
    assert.match(checked.stderr, /hint: `site build` compiles templates, islands and functions without checking their types/);
  } finally {
    f.remove();
  }
});

test.run();
