// The browser's JavaScript: the small script every page runs, the island loader, and one module per island,
// bundled by esbuild with a shared chunk, minified and content-hashed. In the browser, React islands run on
// preact/compat (aliased for react and react-dom), which keeps React's API at a tenth of react-dom's size.
//
// A `.tsx` island is a React component (its default export), rendered on the server with real React; the
// generator wraps it in a module whose `mount` hydrates it. A `.ts` island manipulates the DOM itself and
// exports `mount`. Either way the loader calls `mount(element, props)` when the island wakes.
import { esbuildErrors, loadEsbuild, regularFilesOnly } from '../esbuild.ts';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile, Plugin } from 'esbuild';
import { BuildFailure } from '../errors.ts';
import { packageVersion, relative, toolRoot, type Project } from '../project.ts';
import { InputCache } from '../cache.ts';
import { enquirySchemaFile, enquiryValidators, sourceInputs } from '../form-validators.ts';
import { emitNamed, type Output } from '../output/output.ts';

export interface ScriptFile {
  /** Address: /assets/js/site.3f2a1b.js */
  url: string;
  /** Files this one imports statically (loaded with it), transitively, addresses. */
  statics: string[];
  /** Files this one may import later (dynamic imports), transitively, addresses. */
  dynamics: string[];
}

export type ClientScripts = ReturnType<typeof describe>;

interface Built {
  /** Each output file, with its gzipped size (at level 9), kept so that a build does not compress it again. */
  files: { file: string; contents: string; gzip: number }[];
  metafile: Metafile;
  inputs: string[];
}

/** Names of the islands in a project's islands folder: every .ts or .tsx file at its top level. */
function islandNames(project: Project): string[] {
  if (!fs.existsSync(project.islands)) return [];
  return fs
    .readdirSync(project.islands)
    .filter((f) => /^[a-z0-9-]+\.tsx?$/.test(f))
    .map((f) => f.replace(/\.tsx?$/, ''))
    .sort();
}

export async function buildClientScripts(project: Project, output: Output): Promise<ClientScripts> {
  const islands = islandNames(project);
  const cache = new InputCache<Built>(path.join(project.cache, 'islands'), [project.islands, enquirySchemaFile(project)], `islands-v2 esbuild@${packageVersion('esbuild')} preact@${packageVersion('preact')} ${islands.join(',')}`);
  let built = cache.get();
  if (!built) {
    built = await bundle(project, islands);
    cache.set(built, built.inputs, import.meta.url);
  }
  // Names carry a hash of the contents (esbuild's [hash]).
  for (const f of built.files) emitNamed(output, f.file, () => f.contents, 'the islands (islands/)');
  return describe(built, islands);
}

async function bundle(project: Project, islands: string[]): Promise<Built> {
  const esbuild = await loadEsbuild();
  const runtime = path.join(project.islands, 'runtime');
  const entryPoints: Record<string, string> = {
    site: path.join(runtime, 'site.ts'),
    loader: path.join(runtime, 'loader.ts'),
  };
  for (const name of islands) entryPoints[name] = `island:${name}`;
  const islandModules: Plugin = {
    name: 'islands',
    setup(build) {
      build.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice('island:'.length), namespace: 'island' }));
      build.onLoad({ filter: /.*/, namespace: 'island' }, (args) => {
        const tsx = path.join(project.islands, `${args.path}.tsx`);
        // A React island: hydrate its default export. A plain one already exports mount().
        const contents = fs.existsSync(tsx)
          ? `import Component from ${JSON.stringify(tsx)};\nimport { hydrateIsland } from ${JSON.stringify(path.join(runtime, 'hydrate.ts'))};\nexport const mount = hydrateIsland(Component);\n`
          : `export { mount } from ${JSON.stringify(path.join(project.islands, `${args.path}.ts`))};\n`;
        return { contents, loader: 'ts', resolveDir: project.islands };
      });
    },
  };
  try {
    const result = await esbuild.build({
      // Paths in the bundles (and so their hashes) are relative to the project, so the same project builds the
      // same files wherever it is checked out.
      absWorkingDir: project.root,
      // A project that brings only content resolves the browser runtime (preact) from the generator's packages.
      nodePaths: [path.join(toolRoot, 'node_modules')],
      entryPoints,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      minify: true,
      write: false,
      metafile: true,
      outdir: 'assets/js',
      entryNames: '[name].[hash]',
      chunkNames: 'chunk.[hash]',
      jsx: 'automatic',
      alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'none',
      logLevel: 'silent',
      plugins: [islandModules, enquiryValidators(project, 'browser'), regularFilesOnly(project)],
    });
    return {
      files: result.outputFiles.map((f) => ({ file: relative(project, f.path), contents: f.text, gzip: gzipSync(f.contents, { level: 9 }).length })),
      metafile: result.metafile,
      inputs: sourceInputs(project, result.metafile),
    };
  } catch (error) {
    throw new BuildFailure('islands', esbuildErrors(project, error, 'ISLAND_COMPILE'));
  }
}

/**
 * What pages need of the bundles: the entry points by name (`site`, `loader`, and each island by file name), and
 * every output file's gzipped size by address.
 */
function describe(built: Built, islands: string[]) {
  const sizes = new Map(built.files.map((f) => [`/${f.file}`, f.gzip]));
  const outputs = built.metafile.outputs;
  // The files `file` imports by any of `kinds`, transitively, in the order they are first found.
  const closure = (file: string, kinds: string[], seen = new Set<string>()): Set<string> => {
    for (const imp of outputs[file]?.imports ?? []) {
      if (!kinds.includes(imp.kind) || imp.external || seen.has(imp.path)) continue;
      seen.add(imp.path);
      closure(imp.path, kinds, seen);
    }
    return seen;
  };
  const entries = new Map<string, ScriptFile>();
  for (const [file, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint || !file.endsWith('.js')) continue;
    const name = meta.entryPoint.startsWith('island:') ? meta.entryPoint.slice('island:'.length) : path.basename(meta.entryPoint).replace(/\.tsx?$/, '');
    const statics = [...closure(file, ['import-statement'])];
    const everything = closure(file, ['import-statement', 'dynamic-import']);
    entries.set(name, {
      url: `/${file}`,
      statics: statics.map((f) => `/${f}`),
      dynamics: [...everything].filter((f) => !statics.includes(f)).map((f) => `/${f}`),
    });
  }
  return { entries, sizes, islands, inputs: built.inputs };
}
