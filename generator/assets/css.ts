// The one stylesheet: assets/css/main.css and its @imports, bundled and minified by lightningcss and
// written under a content-hashed name.
import fs from 'node:fs';
import path from 'node:path';
import { BuildFailure, framed, siteError } from '../errors.ts';
import { packageVersion, relative, type Project } from '../project.ts';
import { InputCache } from '../cache.ts';
import { hashedName } from './assets.ts';

/** The stylesheet under its hashed name: the file in the output, its address and its text. */
function named(contents: string) {
  const file = hashedName('assets/site.css', Buffer.from(contents));
  return { file, url: `/${file}`, contents };
}

/** Browsers the CSS must work in: nesting and newer syntax are lowered for these. */
const browserTargets = 'defaults, not op_mini all';

/**
 * `file` copies an asset the CSS refers to with url() (fonts, images) and returns its hashed address, so
 * the stylesheet and the page's preload links name the same file.
 */
export async function buildStylesheet(project: Project, file: (name: string) => string): Promise<ReturnType<typeof named>> {
  const entry = path.join(project.assets, 'css', 'main.css');
  if (!fs.existsSync(entry)) {
    throw new BuildFailure('css', [siteError('CSS_MISSING', {}, { file: relative(project, entry) })]);
  }
  // Unchanged stylesheets (and the fonts and images they name) are not bundled again: loading lightningcss and
  // the browser database costs more than the rest of a small build's CSS work.
  const cache = new InputCache<{ contents: string; assets: string[] }>(
    path.join(project.cache, 'css'),
    entry,
    `css-v2 lightningcss@${packageVersion('lightningcss')} ${browserTargets}`,
  );
  const hit = cache.get();
  if (hit) {
    for (const name of hit.assets) file(name);
    return named(hit.contents);
  }
  const [{ bundleAsync, browserslistToTargets }, { default: browserslist }] = await Promise.all([import('lightningcss'), import('browserslist')]);
  const inputs: string[] = [entry];
  const assets: string[] = [];
  // An @import of a file that is not there fails the read; lightningcss reports it at the @import with the
  // system's ENOENT and an absolute path, so the file is named here as the project knows it instead.
  let missing: string | undefined;
  const result = await bundleAsync({
    filename: entry,
    minify: true,
    analyzeDependencies: true,
    targets: browserslistToTargets(browserslist(browserTargets)),
    resolver: {
      read(file) {
        inputs.push(file);
        try {
          return fs.readFileSync(file, 'utf8');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') missing = path.resolve(file);
          throw error;
        }
      },
    },
  }).catch((e: { fileName?: string; loc?: { line: number; column: number }; message: string }) => {
    const file = e.fileName ? path.resolve(path.dirname(entry), e.fileName) : entry;
    const place = e.loc && fs.existsSync(file) ? framed(relative(project, file), fs.readFileSync(file, 'utf8'), e.loc) : { file: relative(project, file) };
    const error = missing ? siteError('CSS_UNKNOWN_IMPORT', { file: relative(project, missing) }, place) : siteError('CSS_FAILED', { problem: e.message }, place);
    throw new BuildFailure('css', [error]);
  });
  let contents = result.code.toString();
  for (const dependency of result.dependencies ?? []) {
    if (dependency.type !== 'url' || /^(data:|https?:|#)/.test(dependency.url)) continue;
    const source = path.resolve(path.dirname(dependency.loc.filePath), dependency.url);
    const name = path.relative(project.assets, source).split(path.sep).join('/');
    if (name.startsWith('..') || !fs.existsSync(source)) {
      throw new BuildFailure('css', [
        siteError('CSS_UNKNOWN_URL', { url: dependency.url }, { file: relative(project, dependency.loc.filePath), line: dependency.loc.start.line, column: dependency.loc.start.column }),
      ]);
    }
    contents = contents.split(dependency.placeholder).join(file(name));
    assets.push(name);
    inputs.push(source);
  }
  cache.set({ contents, assets }, inputs, import.meta.url);
  return named(contents);
}
