// No module of the site imports itself through others. A cycle makes evaluation order decide whether an
// import is defined yet, and ties two stages into one. The imports are read with a regular expression, which
// is enough for how this code is written (each import and re-export at the start of a line); type-only
// imports are left out, since TypeScript erases them and they never run.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { toolRoot } from '../generator/project.ts';

const test = suite('import cycles');
const folders = ['generator', 'functions', 'islands', 'templates'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

const staticImport = /^[ \t]*(?:import|export)[ \t]+(type[ \t]+)?(?:[^'";]*?[ \t\n]from[ \t]+)?['"]([^'"]+)['"]/gm;

/** The modules `file` imports at run time, as absolute paths; relative imports only (packages cannot loop back). */
function runtimeImports(file: string): { resolved: string[]; unresolved: string[] } {
  const resolved: string[] = [];
  const unresolved: string[] = [];
  for (const [, typeOnly, specifier] of fs.readFileSync(file, 'utf8').matchAll(staticImport)) {
    if (typeOnly || !specifier.startsWith('.') || specifier.endsWith('.json')) continue;
    const base = path.resolve(path.dirname(file), specifier);
    const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) => /\.tsx?$/.test(f) && fs.existsSync(f));
    if (target) resolved.push(target);
    else if (!/\.(css|svg|js|mjs)$/.test(specifier)) unresolved.push(specifier);
  }
  return { resolved, unresolved };
}

/** Every cycle found by a depth-first walk, each as the files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string) => {
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      const at = trail.indexOf(next);
      if (at !== -1) found.push([...trail.slice(at), next]);
      else if (!done.has(next)) visit(next);
    }
    trail.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return found;
}

const files = folders.flatMap((folder) => sourceFiles(path.join(toolRoot, folder)));
const graph = new Map<string, string[]>();
const unresolved: string[] = [];
for (const file of files) {
  const imports = runtimeImports(file);
  graph.set(file, imports.resolved);
  for (const specifier of imports.unresolved) unresolved.push(`${path.relative(toolRoot, file)}: ${specifier}`);
}
const name = (file: string) => path.relative(toolRoot, file).split(path.sep).join('/');

test('the walk sees the imports: every relative import resolves to a file, and known edges are there', () => {
  assert.ok(files.length > 50, `${files.length} files`);
  assert.equal(unresolved, []);
  const edges = (file: string) => (graph.get(path.join(toolRoot, file)) ?? []).map(name);
  assert.ok(edges('generator/render/templates.ts').includes('generator/esbuild.ts'));
  assert.ok(edges('generator/form-validators.ts').includes('functions/lib/validators.ts'), 'an import across folders');
  assert.not.ok(edges('functions/send-email.ts').includes('islands/lib/contact-form-view.tsx'), 'a type-only import is not an edge');
});

test('the walk finds a cycle where there is one', () => {
  const loop = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
  assert.equal(cycles(loop), [['a', 'b', 'c', 'a']]);
  assert.equal(cycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]])), []);
});

test(`no import cycle in ${folders.join(', ')}`, () => {
  assert.equal(cycles(graph).map((cycle) => cycle.map(name).join(' -> ')), []);
});

test.run();
