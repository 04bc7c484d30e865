// Compiles templates/ (and the islands they render on the server) into one ES module and imports it.
//
// The module is written under a name that is the hash of its text, so an edited template gives a new module
// the dev server can import next to the old one: no restart, no stale module cache. It goes to the
// generator's own .cache so that `react` resolves from the generator's node_modules whichever project
// is being built.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { BuildContext, BuildResult, Message } from 'esbuild';
import { BuildFailure, SiteError } from '../errors.ts';
import { packageVersion, relative, toolRoot, type Project } from '../project.ts';
import { InputCache } from '../cache.ts';
import type { TemplateModule } from './contract.ts';
import { enquiryValidators } from '../assets/islands.ts';

export interface CompiledTemplates {
  module: TemplateModule;
  /** Absolute paths of every source file the module was built from, for the watcher. */
  inputs: string[];
  hash: string;
}

const contexts = new Map<string, Promise<BuildContext>>();

export async function compileTemplates(project: Project, options: { incremental?: boolean } = {}): Promise<CompiledTemplates> {
  const esbuild = await import('esbuild');
  const entry = ['index.tsx', 'index.ts'].map((n) => path.join(project.templates, n)).find((f) => fs.existsSync(f));
  if (!entry) {
    throw new BuildFailure('templates', [new SiteError({ code: 'TEMPLATE_COMPILE', file: relative(project, project.templates), message: 'has no index.tsx exporting Document' })]);
  }
  const dir = path.join(toolRoot, '.cache', 'templates');
  // A build (not the dev server, which keeps an incremental esbuild context) reuses the last module while no
  // template or island it was made from has changed: this skips starting esbuild at all.
  const cache = new InputCache<{ file: string; hash: string; inputs: string[] }>(
    dir,
    `manifest-${createHash('sha256').update(entry).digest('hex').slice(0, 12)}`,
    `esbuild@${packageVersion('esbuild')}`,
  );
  if (!options.incremental) {
    const hit = cache.get();
    if (hit && fs.existsSync(hit.file)) {
      return { module: (await import(pathToFileURL(hit.file).href)) as TemplateModule, inputs: hit.inputs, hash: hit.hash };
    }
  }
  const config = {
    absWorkingDir: project.root,
    entryPoints: [entry],
    // Source map paths are relative to the output folder, so the folder the module is written to makes stack
    // traces name the real template files.
    outdir: dir,
    bundle: true,
    write: false,
    format: 'esm' as const,
    platform: 'node' as const,
    target: 'node20',
    packages: 'external' as const,
    jsx: 'automatic' as const,
    sourcemap: 'inline' as const,
    metafile: true,
    logLevel: 'silent' as const,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [enquiryValidators(project, 'node')],
  };
  let result: BuildResult;
  try {
    if (options.incremental) {
      if (!contexts.has(entry)) contexts.set(entry, esbuild.context(config));
      result = await (await contexts.get(entry)!).rebuild();
    } else {
      result = await esbuild.build(config);
    }
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors ?? [];
    throw new BuildFailure('templates', messages.length ? messages.map((m) => fromEsbuild(project, m, 'TEMPLATE_COMPILE')) : [new SiteError({ code: 'TEMPLATE_COMPILE', message: String(error) })]);
  }
  const text = result.outputFiles![0].text;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const file = path.join(dir, `templates-${hash}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${file}.${process.pid}.tmp`, text);
    fs.renameSync(`${file}.${process.pid}.tmp`, file);
  }
  const module = (await import(pathToFileURL(file).href)) as TemplateModule;
  const inputs = Object.keys(result.metafile!.inputs).map((p) => path.resolve(project.root, p));
  cache.set({ file, hash, inputs }, inputs, import.meta.url);
  return { module, inputs, hash };
}

export async function disposeTemplateContexts(): Promise<void> {
  for (const ctx of contexts.values()) await (await ctx).dispose();
  contexts.clear();
}

/** An esbuild message as a SiteError with the position and a frame. */
export function fromEsbuild(project: Project, message: Message, code: SiteError['code']): SiteError {
  const loc = message.location;
  if (!loc) return new SiteError({ code, message: message.text });
  const frame = `> ${loc.line} | ${loc.lineText}\n  ${' '.repeat(String(loc.line).length)} | ${' '.repeat(loc.column)}^`;
  return new SiteError({
    code,
    file: relative(project, path.resolve(project.root, loc.file)),
    line: loc.line,
    column: loc.column + 1,
    message: message.text,
    frame,
    hint: message.notes[0]?.text,
  });
}
