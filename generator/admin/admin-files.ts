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

/** Netlify's Identity widget, self-hosted like Decap: it turns an invitation link into a password. */
const identityWidget = 'netlify-identity-widget.js';

function identityWidgetFile(): string {
  return path.join(path.dirname(require.resolve('netlify-identity-widget/package.json')), 'build', identityWidget);
}

/**
 * The page that starts the editor. With Netlify Identity (git-gateway) the widget comes first: Decap's
 * git-gateway backend looks for it once, when decap-cms.js runs, and the widget reads an invitation or
 * recovery token from the address (#invite_token=...) when it starts.
 */
export function adminPage(siteName: string, backend: EditorSettings['backend'] = 'git-gateway'): string {
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
${backend === 'git-gateway' ? `<script src="/admin/${identityWidget}"></script>\n` : ''}<script src="/admin/decap-cms.js"></script>
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

/**
 * Netlify Identity's emails link to the site's home page, which does not load the widget; these templates,
 * named in Netlify's Identity email settings (see README), send each link to /admin instead. {{ .SiteURL }}
 * and {{ .Token }} are filled in by Netlify.
 */
export function identityEmails(siteName: string): Record<string, string> {
  const name = escapeHtml(siteName);
  const email = (title: string, text: string, token: string, action: string) =>
    `<h2>${title}</h2>\n<p>${text}</p>\n<p><a href="{{ .SiteURL }}/admin/#${token}={{ .Token }}">${action}</a></p>\n`;
  return {
    'invitation.html': email(`You are invited to edit ${name}`, `Follow this link to choose a password for the content editor of ${name}:`, 'invite_token', 'Accept the invitation'),
    'recovery.html': email('Reset your password', `Follow this link to choose a new password for the content editor of ${name}:`, 'recovery_token', 'Reset the password'),
    'email-change.html': email('Confirm your new email address', `Follow this link to confirm the new email address for the content editor of ${name}:`, 'email_change_token', 'Confirm the change'),
  };
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
  const backend = settings.editor?.backend ?? 'git-gateway';
  await derive('admin/index.html', JSON.stringify([settings.name, backend]), () => adminPage(settings.name, backend));
  await derive('admin/config.yml', JSON.stringify([folderHash(project.schemas), configLayout(files), settings.editor, settings.baseUrl, settings.name]), () =>
    cmsConfigYaml(cmsConfig(project, settings, (problem: SiteError) => warn(`⚠ ${problem.headline} (${problem.hint})`), files)),
  );
  await derive('admin/formats.js', formatsInputs(), formatsScript);
  if (backend === 'git-gateway') {
    await derive(`admin/${identityWidget}`, `netlify-identity-widget@${packageVersion('netlify-identity-widget')}`, () => fs.readFileSync(identityWidgetFile()));
    for (const [name, html] of Object.entries(identityEmails(settings.name))) await derive(`admin/emails/${name}`, html, () => html);
  }
  const version = (JSON.parse(fs.readFileSync(require.resolve('decap-cms/package.json'), 'utf8')) as { version: string }).version;
  for (const { name, file } of decapFiles()) await derive(`admin/${name}`, `decap-cms@${version} ${name}`, () => fs.readFileSync(file));
}
