// /admin: the content editor, written into the output by every build. Decap CMS is copied from its package
// (no CDN), its configuration generated from the schemas (cms-config.ts) and a page that loads both.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { SiteError } from '../errors.ts';
import { packageVersion, toolRoot, type Project } from '../project.ts';
import { cmsConfig, cmsConfigYaml, configLayout, type ContentFile, type EditorSettings } from './cms-config.ts';
import { folderHash } from '../incremental/policy.ts';
import { loadEsbuild } from '../esbuild.ts';

const require = createRequire(import.meta.url);

/** The prebuilt bundle, the chunks it loads on demand and their WebAssembly, without source maps. */
function decapFiles(): { name: string; file: string }[] {
  const dist = path.dirname(require.resolve('decap-cms/dist/decap-cms.js'));
  return fs
    .readdirSync(dist)
    .filter((name) => /(^|\.)decap-cms\.js$/.test(name) || name.endsWith('.wasm'))
    .sort()
    .map((name) => ({ name, file: path.join(dist, name) }));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The page that starts the editor. */
export function adminPage(siteName: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor | ${escapeHtml(siteName)}</title>
<link rel="cms-config-url" type="text/yaml" href="/admin/config.yml">
</head>
<body>
<noscript>The content editor needs JavaScript. Without it, edit the files in content/ in the repository.</noscript>
<script src="/admin/decap-cms.js"></script>
<script src="/admin/formats.js"></script>
</body>
</html>
`;
}

const browserFormats = path.join(toolRoot, 'generator', 'admin', 'browser', 'formats.ts');

/**
 * How the editor writes files in the browser (browser/formats.ts), with keep-layout.ts and yaml.ts, the code the
 * local backend writes with, bundled into one classic script.
 */
export async function formatsScript(): Promise<string> {
  const esbuild = await loadEsbuild();
  const result = await esbuild.build({
    absWorkingDir: toolRoot,
    entryPoints: [browserFormats],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    write: false,
    alias: { 'js-yaml': buildsYaml() },
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The js-yaml that gray-matter, and so the build, parses front matter with. */
function buildsYaml(): string {
  return path.dirname(require.resolve('js-yaml/package.json', { paths: [path.dirname(require.resolve('gray-matter'))] }));
}

/** What formats.js is made from: the editor's own code (its folder) and the packages bundled into it. */
function formatsInputs(): string {
  const yamlVersion = (JSON.parse(fs.readFileSync(path.join(buildsYaml(), 'package.json'), 'utf8')) as { version: string }).version;
  return JSON.stringify([folderHash(path.join(toolRoot, 'generator', 'admin')), `js-yaml@${yamlVersion}`, ...['esbuild', 'jsonc-parser'].map((name) => `${name}@${packageVersion(name)}`)]);
}

/** Emits an output file made from `inputs`, or keeps it from the last output while they are the same. */
export type Derive = (file: string, inputs: string, produce: () => string | Uint8Array | Promise<string | Uint8Array>) => Promise<void>;

/**
 * A schema property the editor cannot show does not fail the build (the site itself is fine): it is hidden in
 * the editor, keeping its value, and the build that writes the configuration says so.
 * The 6 MB of Decap's files are kept from the last output while the package is the same: reading and hashing
 * them would otherwise be a fifth of a build where nothing changed.
 */
export async function emitAdmin(
  project: Project,
  settings: { editor?: EditorSettings; baseUrl?: string; name: string },
  files: ContentFile[],
  derive: Derive,
  warn: (message: string) => void,
): Promise<void> {
  await derive('admin/index.html', JSON.stringify([settings.name]), () => adminPage(settings.name));
  await derive('admin/config.yml', JSON.stringify([folderHash(project.schemas), configLayout(files), settings.editor, settings.baseUrl, settings.name]), () =>
    cmsConfigYaml(cmsConfig(project, settings, (problem: SiteError) => warn(`⚠ ${problem.headline} (${problem.hint})`), files)),
  );
  await derive('admin/formats.js', formatsInputs(), formatsScript);
  const version = (JSON.parse(fs.readFileSync(require.resolve('decap-cms/package.json'), 'utf8')) as { version: string }).version;
  for (const { name, file } of decapFiles()) await derive(`admin/${name}`, `decap-cms@${version} ${name}`, () => fs.readFileSync(file));
}
