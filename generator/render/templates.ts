// Compiles templates/ (and the islands they render on the server) into one CommonJS module and requires it.
//
// The module is written under a name that is the hash of its text, so an edited template gives a new module
// the dev server loads in place of the old one, which is evicted from Node's module cache: no restart, no stale
// module, no modules piling up. It goes to the project's .cache/templates/ (compiledFolder: `react` resolves
// from the generator's node_modules). CommonJS, like React itself, so that the module and React are required
// the same way.
import { esbuildErrors, loadEsbuild, regularFilesOnly } from '../esbuild.ts';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { BuildContext, BuildOptions } from 'esbuild';
import { BuildFailure, siteError } from '../errors.ts';
import { packageVersion, relative, type Project } from '../project.ts';
import { InputCache, compiledFolder, writeFileAtomic } from '../cache.ts';
import type { TemplateModule } from './contract.ts';
import { enquirySchemaFile, enquiryValidators, sourceInputs } from '../form-validators.ts';

export interface CompiledTemplates {
  /** Loads the module, once, for the first stage that needs it (the social cards, the pages). */
  load(): Promise<TemplateModule>;
  /** Absolute paths of every source file the module was built from: the dev server reuses it while none changed. */
  inputs: string[];
  hash: string;
  /** Whether the module was reused from an earlier compile with the same inputs. */
  cached: boolean;
}

/**
 * The dev server's esbuild contexts for its project's templates, by entry file: kept in its state (LiveState)
 * from one build to the next, and disposed when that server closes, leaving other projects' as they are.
 */
export class TemplateContexts {
  readonly byEntry = new Map<string, Promise<BuildContext>>();

  async dispose(): Promise<void> {
    for (const context of this.byEntry.values()) await (await context).dispose();
    this.byEntry.clear();
  }
}

/** With `incremental`, compiles through the dev server's context, kept for the next edit, rather than afresh. */
export async function compileTemplates(project: Project, options: { incremental?: TemplateContexts } = {}): Promise<CompiledTemplates> {
  const entry = ['index.tsx', 'index.ts'].map((n) => path.join(project.templates, n)).find((f) => fs.existsSync(f));
  if (!entry) {
    throw new BuildFailure('templates', [siteError('TEMPLATE_NO_DOCUMENT', {}, { file: relative(project, project.templates) })]);
  }
  const dir = compiledFolder(project, 'templates');
  // A build (not the dev server, which keeps an incremental esbuild context) reuses the last module while no
  // template or island it was made from has changed: this skips starting esbuild at all.
  const cache = new InputCache<{ file: string; hash: string; inputs: string[] }>(
    dir,
    // One manifest per templates folder and form schema: both decide what the module holds.
    [entry, enquirySchemaFile(project)],
    `esbuild@${packageVersion('esbuild')} cjs, map beside`,
  );
  const hit = options.incremental ? undefined : cache.get();
  if (hit && fs.existsSync(hit.file)) {
    return { load: loadOnce(hit.file, relative(project, entry)), inputs: hit.inputs, hash: hit.hash, cached: true };
  }
  const config: BuildOptions = {
    absWorkingDir: project.root,
    entryPoints: [entry],
    // Source map paths are relative to the output folder, so the folder the module is written to makes stack
    // traces name the real template files.
    outdir: dir,
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    jsx: 'automatic',
    // Beside the module rather than inside it: the map is two thirds of an inline module, which every build
    // that renders a page would read, to use the map only when a template throws.
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    // The form validators' code requires ajv's runtime from the module's own place, as an ES module would.
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': '__siteTemplatesUrl' },
    banner: { js: "const __siteTemplatesUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [enquiryValidators(project, 'node'), regularFilesOnly(project)],
  };
  // esbuild is loaded only to compile: a build that reuses the module never pays for importing it.
  const esbuild = await loadEsbuild();
  const contexts = options.incremental?.byEntry;
  if (contexts && !contexts.has(entry)) contexts.set(entry, esbuild.context(config));
  const compiling = contexts ? contexts.get(entry)!.then((context) => context.rebuild()) : esbuild.build(config);
  const result = await compiling.catch((error: unknown) => {
    throw new BuildFailure('templates', esbuildErrors(project, error, 'TEMPLATE_COMPILE'));
  });
  const code = result.outputFiles!.find((f) => !f.path.endsWith('.map'))!.text.replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
  const map = result.outputFiles!.find((f) => f.path.endsWith('.map'))!.text;
  const hash = createHash('sha256').update(code).update(map).digest('hex').slice(0, 16);
  const file = path.join(dir, `templates-${hash}.cjs`);
  if (!fs.existsSync(file)) {
    // The map first: a module is only ever found with its map beside it.
    writeFileAtomic(`${file}.map`, map);
    writeFileAtomic(file, `${code}//# sourceMappingURL=${path.basename(file)}.map\n`);
  }
  const load = loadOnce(file, relative(project, entry));
  // The dev server's edits show here and not at render time: a template that throws on import fails now.
  if (options.incremental) await load();
  // Modules generated by plugins (the form validators) are not files: their sources count instead.
  const inputs = sourceInputs(project, result.metafile!);
  cache.set({ file, hash, inputs }, inputs, import.meta.url);
  return { load, inputs, hash, cached: false };
}

const require = createRequire(import.meta.url);

/** The module last loaded from each folder of compiled templates: the one an edit's new module replaces. */
const current = new Map<string, string>();

/** What the generator takes from the templates module, and what each is for: a module lacking one fails the build. */
const needed: Record<keyof TemplateModule, string> = {
  Document: 'Document is the component every page is rendered in.',
  social: "social words and draws each kind of page's social card (templates/social.ts).",
};

function loadOnce(file: string, entry: string): () => Promise<TemplateModule> {
  let module: Promise<TemplateModule> | undefined;
  // A render error is placed at the template's own line through the module's source map (render/render.ts,
  // sourceFrame). A module that throws as it loads rejects, as an import would.
  return () =>
    (module ??= new Promise((resolve) => {
      const old = current.get(path.dirname(file));
      if (old !== file && old !== undefined) delete require.cache[old];
      current.set(path.dirname(file), file);
      // Required through a require of its own: the module that requires it keeps it in its `children`.
      const loaded = createRequire(file)(file) as Partial<TemplateModule>;
      const missing = (Object.keys(needed) as (keyof TemplateModule)[]).filter((name) => loaded[name] === undefined);
      if (missing.length) throw new BuildFailure('templates', missing.map((name) => siteError('TEMPLATE_MISSING_EXPORT', { name, what: needed[name] }, { file: entry })));
      resolve(loaded as TemplateModule);
    }));
}
