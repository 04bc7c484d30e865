// /admin: the content editor, written into the output by every build. Decap CMS is copied from its package
// (no CDN), its configuration generated from the schemas (cms-config.ts) and a page that loads both.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { SiteError } from '../errors.ts';
import { toolRoot, type Project } from '../project.ts';
import type { Output } from '../output/writer.ts';
import { cmsConfig, cmsConfigYaml, type EditorSettings } from './cms-config.ts';

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

// Read once per process: 6 MB that never changes while the package is the same version.
let cached: { name: string; bytes: Uint8Array }[] | undefined;

/**
 * A schema property the editor cannot show does not fail the build (the site itself is fine): it is hidden in
 * the editor, keeping its value, and each build says so once.
 */
export function emitAdmin(project: Project, settings: { editor?: EditorSettings; baseUrl?: string; name: string }, output: Pick<Output, 'emit'>, warn: (message: string) => void): void {
  const config = cmsConfig(project, settings, (problem: SiteError) => warn(`⚠ ${problem.headline} (${problem.hint})`));
  output.emit('admin/index.html', adminPage(settings.name));
  output.emit('admin/config.yml', cmsConfigYaml(config));
  output.emit('admin/formats.js', fs.readFileSync(path.join(toolRoot, 'generator', 'admin', 'browser', 'formats.js'), 'utf8'));
  cached ??= decapFiles().map(({ name, file }) => ({ name, bytes: fs.readFileSync(file) }));
  for (const { name, bytes } of cached) output.emit(`admin/${name}`, bytes);
}
