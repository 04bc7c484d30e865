// What a production install (`npm install --omit=dev`) must have and may leave out: every package the CLI, the
// generator, the functions, the templates and the islands load is a dependency; the editor's package is a
// devDependency whose absence leaves /admin/ out with one clear message; the test tools are not dependencies.
// README's first command sets everything up and serves, through the npm scripts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { isBuiltin } from 'node:module';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { repoRoot } from './helpers/project.ts';
import { tool, toolFolder, toolSpecs } from './helpers/tools.ts';

const test = suite('install');
const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Record<'dependencies' | 'devDependencies', Record<string, string>>;

/** Packages the code names that a production install may lack, and why that is right. */
const notDependencies: Record<string, string> = {
  'decap-cms': 'the editor: a devDependency; without it the build leaves /admin/ out and says so',
  'js-yaml': "gray-matter's own YAML parser, used as the build parses front matter",
  tsx: 'loads the TypeScript sources of a worker under the tests; the CLI runs its bundle',
  'json-schema-to-typescript': '`npm run types`, a developer command',
};

/** The package each bare specifier the runtime code loads belongs to, with the files that load it. */
function loadedPackages(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const text = fs.readFileSync(file, 'utf8');
        const add = (specifier: string) => {
          // Relative paths, Node's own modules and esbuild's virtual modules (site:validators) are no package.
          if (/^[./]/.test(specifier) || isBuiltin(specifier) || /^[a-z]+:/.test(specifier)) return;
          const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
          used.set(name, [...(used.get(name) ?? []), path.relative(repoRoot, file)]);
        };
        // Static imports and re-exports (type-only ones load nothing), side-effect imports, dynamic loads.
        for (const m of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s+'([^']+)'/gms)) if (!m[1]) add(m[2]);
        for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) add(m[1]);
        for (const m of text.matchAll(/(?<![\w.])(?:import|require|require\.resolve|importModule(?:<[^>]*>)?)\(\s*'([^']+)'/g)) add(m[1]);
      }
    }
  };
  for (const dir of ['bin', 'generator', 'functions', 'templates', 'islands']) visit(path.join(repoRoot, dir));
  return used;
}

test('every package the CLI, the generator, the functions, templates and islands load is a dependency', () => {
  const used = loadedPackages();
  assert.ok(used.has('sharp') && used.has('react') && used.has('nodemailer'), 'the scan finds the packages the code loads');
  const missing = [...used].filter(([name]) => !(name in pkg.dependencies) && !(name in notDependencies)).map(([name, files]) => `${name} (${files.join(', ')})`);
  assert.equal(missing, [], 'loaded at run time but not in dependencies: a production install would fail');
});

test("the editor's package is a devDependency, and the test tools are no dependency at all", () => {
  assert.ok('decap-cms' in pkg.devDependencies && !('decap-cms' in pkg.dependencies));
  for (const name of Object.keys(toolSpecs)) assert.not.ok(name in pkg.dependencies || name in pkg.devDependencies, `${name} is installed on demand by test/helpers/tools.ts`);
});

const withoutDecap = ['--import', path.join(repoRoot, 'test/helpers/without-decap.mjs')];
// Node 22 does not send require.resolve through module hooks (Node 24 does), so there the hook cannot hide
// the package from the generator's lookup, and the test runs on Node 24 only (CI runs it there).
const hidesDecap = spawnSync(process.execPath, [...withoutDecap, '-e', "require.resolve('decap-cms/package.json')"], { cwd: repoRoot }).status !== 0;

(hidesDecap ? test : test.skip)('without decap-cms the build leaves /admin/ out and says once how to get it', () => {
  // Two builds' worth of /admin/ in one process, as `site serve` rebuilds, with Node finding no decap-cms.
  const script = `
    const { emitAdmin } = await import(${JSON.stringify(path.join(repoRoot, 'generator/admin/admin-files.ts'))});
    const { resolveProject } = await import(${JSON.stringify(path.join(repoRoot, 'generator/project.ts'))});
    const written = [], warnings = [];
    for (let i = 0; i < 2; i++) await emitAdmin(resolveProject(${JSON.stringify(repoRoot)}), { name: 'Site', locale: 'en-AU' }, [], async (file) => { written.push(file); }, (m) => warnings.push(m));
    console.log(JSON.stringify({ written, warnings }));`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', ...withoutDecap, '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
  assert.is(run.status, 0, run.stderr);
  const { written, warnings } = JSON.parse(run.stdout.trim().split('\n').pop()!) as { written: string[]; warnings: string[] };
  assert.equal(written, []);
  assert.is(warnings.length, 1, warnings.join('\n'));
  assert.match(warnings[0], /\/admin\/ \(the content editor\) was left out/);
  assert.match(warnings[0], /decap-cms/);
  assert.match(warnings[0], /Run `npm install`/);
});

test('a test tool already in the tools folder is used as it is; one that cannot be installed says which, where and why', () => {
  const saved = process.env.SITE_TOOLS_DIR;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'site-tools-test-'));
  try {
    process.env.SITE_TOOLS_DIR = path.join(scratch, 'tools');
    const jar = path.join(toolFolder('vnu-jar'), 'node_modules', 'vnu-jar', toolSpecs['vnu-jar'].file);
    fs.mkdirSync(path.dirname(jar), { recursive: true });
    fs.writeFileSync(jar, '');
    assert.equal(tool('vnu-jar'), { file: jar });
    // A tools folder that cannot be made (its parent is a file): no install is tried, and the reason is given.
    fs.writeFileSync(path.join(scratch, 'file'), '');
    process.env.SITE_TOOLS_DIR = path.join(scratch, 'file', 'tools');
    const found = tool('lighthouse');
    assert.ok('reason' in found);
    assert.match(found.reason, `lighthouse ${toolSpecs.lighthouse.version} could not be installed into ${path.join(scratch, 'file', 'tools')}`);
    assert.match(found.reason, /SITE_TOOLS_DIR/);
  } finally {
    if (saved === undefined) delete process.env.SITE_TOOLS_DIR;
    else process.env.SITE_TOOLS_DIR = saved;
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test("README's two commands: install and serve through a script that starts the CLI directly, then every test", () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const [first, second] = /```sh\n([^`]*)```/.exec(readme)![1].split('\n').map((line) => line.replace(/#.*/, '').trim());
  assert.is(first, 'npm install && npm run dev');
  assert.is(second, 'npm test');
  const scripts = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  // npx would first link the project into its cache, seconds on every start.
  for (const [name, command] of [['dev', 'serve'], ['build', 'build'], ['check', 'check']]) assert.is(scripts[name], `node bin/site.js ${command}`);
  assert.match(fs.readFileSync(path.join(repoRoot, '.ci/run'), 'utf8'), /npm test --silent/);
});

test.run();
