// /admin: the content editor, written into the output by every build. Decap CMS is copied from its package
// (no CDN), its configuration generated from the schemas (cms-config.ts) and a page that loads both.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { SiteError } from '../errors.ts';
import { packageVersion, toolRoot, type Project } from '../project.ts';
import { cmsConfig, cmsConfigYaml, configLayout, contentNames, loadSchemas, type ContentFile, type EditorSettings } from './cms-config.ts';
import type { Schema } from './schema-fields.ts';
import { folderHash } from '../incremental/stages.ts';
import { loadEsbuild } from '../esbuild.ts';
import { factNames, factSources, factTree } from '../content/facts.ts';
import type { SourceFile } from '../content/load.ts';
import { referenceIndex } from './references.ts';
import { standaloneCompiler } from '../content/validate.ts';

const require = createRequire(import.meta.url);

/** Said once per process: `site serve` builds again on every edit. */
let toldNoDecap = false;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The page that starts the editor, in the site's language (`locale` in content/site.json). */
export function adminPage(siteName: string, locale: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor | ${escapeHtml(siteName)}</title>
<link rel="cms-config-url" type="text/yaml" href="/admin/config.yml">
<link rel="stylesheet" href="/admin/admin.css">
</head>
<body>
<noscript>The content editor needs JavaScript. Without it, edit the files in content/ in the repository.</noscript>
<script src="/admin/decap-cms.js"></script>
<script src="/admin/formats.js"></script>
<script src="/admin/editor.js"></script>
</body>
</html>
`;
}

/** The editor's browser code, in islands/ with the rest of the code that runs in the browser. */
const browserCode = path.join(toolRoot, 'islands', 'admin');

/**
 * How the editor writes files in the browser (islands/admin/formats.ts), with keep-layout.ts and yaml.ts, the code the
 * local backend writes with, bundled into one classic script.
 */
export async function formatsScript(): Promise<string> {
  return browserScript(path.join(browserCode, 'formats.ts'), { alias: { 'js-yaml': buildsYaml() } });
}

/** One of the editor's scripts, bundled for the browsers Decap supports into one minified classic script. */
async function browserScript(entry: string, extra: Pick<import('esbuild').BuildOptions, 'alias' | 'plugins'>): Promise<string> {
  const esbuild = await loadEsbuild();
  const result = await esbuild.build({
    absWorkingDir: toolRoot,
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    ...extra,
  });
  return result.outputFiles[0].text;
}

/**
 * What the site adds to Decap in the browser (islands/admin/editor.ts: the build's schema rules, refusals beside
 * their fields, the preview, placeholders' values and the fact picker). Every schema is compiled by ajv into
 * standalone code here, so that /admin/ needs only ajv's small runtime, with the schemas for the descriptions.
 */
export async function editorScript(project: Project): Promise<string> {
  const schemas = loadSchemas(project);
  // The build's settings but for strictness (a keyword or format the build adds to its own ajv is skipped here
  // rather than failing; the deploy preview's build still checks it), as an ES module, with ajv's optimiser.
  const compile = standaloneCompiler(schemas, { strict: false, logger: false, code: { source: true, esm: true } });
  const validated = [...schemas.keys()].filter((n) => n !== 'common.schema.json');
  const exportName = (n: string) => `v_${n.replace(/\.schema\.json$/, '').replace(/[^a-z0-9]/gi, '_')}`;
  const code = compile(Object.fromEntries(validated.map((n) => [exportName(n), n])));
  const module = `${code}\nexport const validators = {${validated.map((n) => `${JSON.stringify(n)}: ${exportName(n)}`).join(', ')}};\nexport const schemas = ${JSON.stringify(Object.fromEntries(schemas))};\n`;
  return browserScript(path.join(browserCode, 'editor.ts'), {
    plugins: [
      {
        name: 'site-validators',
        setup(build) {
          build.onResolve({ filter: /^site:validators$/ }, () => ({ path: 'validators', namespace: 'site' }));
          build.onLoad({ filter: /.*/, namespace: 'site' }, () => ({ contents: module, loader: 'js', resolveDir: toolRoot }));
        },
      },
    ],
  });
}

/**
 * /admin/editor.json: every fact a placeholder can name, with its value as written and what it is (its schema's
 * description), for the browser's checks, the preview and the fact picker; the collections and files that get
 * the site's preview; each collection's label, for the link back to its list from an entry Decap could not load;
 * and each folder collection's folder and extension, for naming the file of an entry listed without its title.
 */
export function editorData(project: Project, config: Record<string, unknown>): string {
  const collections = config.collections as { name: string; label: string; folder?: string; extension?: string; files?: { name: string }[] }[];
  const previews = collections.flatMap((c) => (c.files ? c.files.map((f) => f.name) : [c.name]));
  const labels = Object.fromEntries(collections.map((c) => [c.name, c.label]));
  const folders = Object.fromEntries(collections.flatMap((c) => (c.folder && c.extension ? [[c.name, { folder: c.folder, extension: c.extension }]] : [])));
  const files = Object.values(factSources).flatMap((rel) => {
    try {
      // Without the byte-order mark some editors write first, as the build reads the file (content/load.ts).
      const text = fs.readFileSync(path.join(project.content, rel), 'utf8').replace(/^\uFEFF/, '');
      return [{ rel, data: JSON.parse(text) as unknown }];
    } catch {
      return [];
    }
  }) as unknown as SourceFile[];
  const facts = factNames(factTree(files));
  const schemas = loadSchemas(project);
  const about: Record<string, string> = {};
  for (const name of facts.keys()) {
    const [space, ...rest] = name.split('.');
    let node: Schema | undefined = schemas.get(`${space}.schema.json`);
    // Plans are named by id: plans.extract.price is a property of an item of "plans".
    if (space === 'plans' && rest.length > 1) node = node?.properties?.plans?.items;
    const keys = space === 'plans' && rest.length > 1 ? rest.slice(1) : rest;
    for (const key of keys) node = node?.properties?.[key];
    const words = [node?.title, node?.description].filter(Boolean).join(': ');
    if (words) about[name] = words;
  }
  // Every folder under assets/images/ (the build reads them all): the one media library lists each.
  return `${JSON.stringify({ facts: Object.fromEntries(facts), about, previews, labels, folders, imageFolders: imageFolderNames(project) })}\n`;
}

/** The folders under assets/images/, for editor.json's inputs. */
function imageFolderNames(project: Project): string[] {
  const root = path.join(project.assets, 'images');
  return fs.existsSync(root) ? fs.readdirSync(root, { withFileTypes: true, recursive: true }).filter((d) => d.isDirectory()).map((d) => path.relative(root, path.join(d.parentPath, d.name))).sort() : [];
}

/** The js-yaml that gray-matter, and so the build, parses front matter with. */
function buildsYaml(): string {
  return path.dirname(require.resolve('js-yaml/package.json', { paths: [path.dirname(require.resolve('gray-matter'))] }));
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
  settings: { editor?: EditorSettings; baseUrl?: string; name: string; locale: string },
  files: ContentFile[],
  derive: Derive,
  warn: (message: string) => void,
  site: { files: SourceFile[]; addresses: string[] },
): Promise<void> {
  // Where Decap's prebuilt bundle is. Its package is a devDependency (ARCHITECTURE.md, "The content editor
  // (/admin)"): `npm install`, `npm ci` and Netlify's build have it; a production install does not.
  let dist: string;
  try {
    dist = path.dirname(require.resolve('decap-cms/dist/decap-cms.js'));
  } catch {
    if (!toldNoDecap) warn('/admin/ (the content editor) was left out: its package, decap-cms, is a devDependency, and this install left those out (--omit=dev). Run `npm install` to have it.');
    toldNoDecap = true;
    return;
  }
  await derive('admin/index.html', JSON.stringify([settings.name, settings.locale]), () => adminPage(settings.name, settings.locale));
  // Inputs several files share, each worked out once: the schemas, the content's layout and the editor's code.
  const schemas = folderHash(project.schemas);
  const layout = configLayout(files);
  // The editor's own code: this folder and its browser code.
  const editor = [folderHash(path.join(toolRoot, 'generator', 'admin')), folderHash(browserCode)];
  // What formats.js is made from: the editor's own code and the packages bundled into it.
  const yamlVersion = (JSON.parse(fs.readFileSync(path.join(buildsYaml(), 'package.json'), 'utf8')) as { version: string }).version;
  const formats = JSON.stringify([...editor, `js-yaml@${yamlVersion}`, ...['esbuild', 'jsonc-parser'].map((name) => `${name}@${packageVersion(name)}`)]);
  // The editor's own code and the icon names are inputs too: a new widget or icon changes the fields.
  const code = [...editor, `lucide-static@${packageVersion('lucide-static')}`];
  // The plans' names label the selects of plans (contentNames).
  const valueNames = contentNames(project);
  await derive('admin/config.yml', JSON.stringify([schemas, layout, valueNames, settings.editor, settings.baseUrl, ...code]), () =>
    cmsConfigYaml(cmsConfig(project, settings, (problem: SiteError) => warn(`⚠ ${problem.headline} (${problem.hint})`), files)),
  );
  await derive('admin/formats.js', formats, formatsScript);
  // The editor's own styles over Decap's (a phone's width, islands/admin/admin.css).
  const css = fs.readFileSync(path.join(browserCode, 'admin.css'), 'utf8');
  await derive('admin/admin.css', css, () => css);
  await derive('admin/editor.js', JSON.stringify([formats, schemas, `ajv@${packageVersion('ajv')}`, `ajv-formats@${packageVersion('ajv-formats')}`]), () => editorScript(project));
  const factText = Object.values(factSources).map((rel) => (fs.existsSync(path.join(project.content, rel)) ? fs.readFileSync(path.join(project.content, rel), 'utf8') : '')).join('\0');
  await derive('admin/editor.json', JSON.stringify([factText, schemas, layout, imageFolderNames(project), ...code]), () => editorData(project, cmsConfig(project, settings, () => {}, files)));
  // The build's checks across files for the live editor: what each entry offers (its address, code or slug)
  // and what it names, and the site's own addresses (references.ts).
  const index = `${JSON.stringify(referenceIndex(site.files, site.addresses))}\n`;
  await derive('admin/references.json', index, () => index);
  const version = packageVersion('decap-cms');
  // The prebuilt bundle, the chunks it loads on demand and their WebAssembly, without source maps.
  const names = fs.readdirSync(dist).filter((name) => /(^|\.)decap-cms\.js$/.test(name) || name.endsWith('.wasm'));
  for (const name of names.sort()) await derive(`admin/${name}`, `decap-cms@${version} ${name}`, () => fs.readFileSync(path.join(dist, name)));
}
