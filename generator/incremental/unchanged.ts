// A build with nothing to do. When no file the build could read has changed since the last `site build` into
// the same folder, and that folder is still exactly as the build left it, the build's result is already there:
// `site build` says so and stops, without loading the content, the templates or the renderer.
//
// "Could read" is taken widely, so that doubt means building: every file under the project root (but for .git,
// node_modules, .cache and the output folder itself), the generator's own code, templates, islands, assets and
// schemas when the project borrows them, the lock files of the installed packages, Node's version and the
// environment variables the build reads. Each file counts by path, size, modification and change time (the
// change time cannot be set back by hand). The output counts by its manifest (spare.ts): the size and
// modification time of each file, and the modification time of each folder, which changes when anything is
// added to the folder or removed from it.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { outputFolder, resolveProject, toolRoot, type Project } from '../project.ts';
import { colour, formatMs } from '../log.ts';
import { readCacheFile, writeCacheFile } from '../cache.ts';
import { currentFile, readManifest, spareFolder } from '../output/spare.ts';
import { asRecorded, foldersAsRecorded, within } from '../output/tree.ts';

const format = 4;

/** What the last build into a folder recorded of its inputs and left in that folder. */
interface Stamp {
  format: number;
  inputs: string;
  /** The output folder's inode: the stamp holds for the output its manifest describes only. */
  ino: number;
  counts: { pages: number; images: number; markdown: number };
}

const stampFile = (project: Project, out: string) => path.join(spareFolder(project, out), 'stamp.json');

/**
 * The content files as the stamp's walk found them, for the content stage to take (load.ts): each one's size and
 * time by absolute path, what that stage needs of a file's status, copied out of it. A status object per file
 * (each with four Date objects) kept to the content stage would outlive collections of the young generation,
 * which copy them.
 */
export type ContentSeen = Map<string, { size: number; mtimeMs: number }>;

/**
 * A hash of every input's path, size and times, and of what else the build depends on; with the size and time
 * of each content file, which the build takes as the content's own (content/load.ts), so none is looked at twice.
 * `rest` is the same hash of everything but the content files (the JSON and Markdown under content/ but for its
 * schemas): while it is the same, so is whatever the build makes from the rest alone (stages.ts).
 */
export function inputStamp(project: Project, out: string, drafts = false) {
  // The content files' lines and times apart from the others', so that `rest` can leave them out. An output
  // with drafts in it (the dev server's) is never taken for `site build`'s.
  const rest: Part = { lines: [`${format}\0${process.version}\0${path.resolve(out)}${drafts ? '\0drafts' : ''}`], times: [] };
  const content: Part = { lines: [], times: [] };
  const stats: ContentSeen = new Map();
  for (const name of Object.keys(process.env).sort()) {
    if (name === 'NODE_ENV' || name === 'SOURCE_DATE_EPOCH' || name.startsWith('SITE_')) rest.lines.push(`${name}=${process.env[name]}`);
  }
  const outside = new Set([path.join(project.root, '.git'), path.join(project.root, 'node_modules'), project.cache, path.resolve(out)]);
  // Folders a build makes and removes beside its output (the staging folder, the replaced output).
  const beside = path.resolve(out) + '.';
  const passing = (abs: string) => abs.startsWith(beside) && /^(tmp|old)-/.test(abs.slice(beside.length));
  // Folders reached through a symbolic link, by device and inode: a link back up the tree is followed once.
  const seen = new Set<string>();
  const isContent = contentFileTest(project);
  const file = (abs: string, stat: fs.Stats) => {
    const part = isContent(abs) ? content : rest;
    // Only regular files: the content stage looks again at the rest, to name what they are (NOT_A_FILE).
    if (part === content && stat.isFile()) stats.set(abs, { size: stat.size, mtimeMs: stat.mtimeMs });
    part.lines.push(`${abs}\0=`);
    part.times.push(stat.size, stat.mtimeMs, stat.ctimeMs);
  };
  const folder = (abs: string) => {
    rest.lines.push(`${abs}/`);
    for (const entry of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const child = path.join(abs, entry.name);
      if (outside.has(child) || passing(child)) continue;
      if (entry.isDirectory()) folder(child);
      else visit(child);
    }
  };
  const visit = (abs: string) => {
    // A path that cannot be followed (a symbolic link to itself: ELOOP) is noted as such: what the build reads of
    // it, it reports in its own stage, naming the file; the rest of the project does not depend on it.
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(abs, { throwIfNoEntry: false });
    } catch (error) {
      return void rest.lines.push(`${abs}\0${(error as NodeJS.ErrnoException).code}`);
    }
    if (!stat) return void rest.lines.push(`${abs}\0-`);
    if (!stat.isDirectory()) return file(abs, stat);
    const id = `${stat.dev}:${stat.ino}`;
    if (seen.has(id)) return void rest.lines.push(`${abs}/ again`);
    seen.add(id);
    folder(abs);
  };
  visit(project.root);
  // The tool's code: what the launcher bundles into the CLI (its `sources` in bin/site.js) and the editor's
  // browser code, which the build bundles into /admin/ from the tool's own islands/admin.
  const tool = ['generator', 'bin', path.join('islands', 'admin'), path.join('content', 'kinds.ts'), path.join('templates', 'pages', 'blog-pages.ts'), path.join('functions', 'lib'), 'package.json', 'package-lock.json', 'tsconfig.json', path.join('node_modules', '.package-lock.json')].map((rel) =>
    path.join(toolRoot, rel),
  );
  const borrowed = [project.templates, project.islands, project.assets, project.functions, project.schemas];
  for (const abs of [...tool, ...borrowed]) if (!abs.startsWith(project.root + path.sep) || abs.startsWith(path.join(project.root, 'node_modules'))) visit(abs);
  return { hash: digest(rest, content), rest: digest(rest), content: stats };
}

export type InputStamp = ReturnType<typeof inputStamp>;

/** Whether an absolute path is that of a content file: JSON or Markdown under content/, but for its schemas. */
export function contentFileTest(project: Project): (abs: string) => boolean {
  const contentPrefix = project.content + path.sep;
  const schemasPrefix = path.join(project.content, 'schemas') + path.sep;
  return (abs) => abs.startsWith(contentPrefix) && (abs.endsWith('.md') || abs.endsWith('.json')) && !abs.startsWith(schemasPrefix);
}

/** Paths of files and folders, each marked by what it is, and each file's size and times. */
interface Part {
  lines: string[];
  /** Hashed as numbers, not written into text: there are three for every file of the project. */
  times: number[];
}

function digest(...parts: Part[]): string {
  const hash = createHash('sha256');
  for (const { lines, times } of parts) hash.update(lines.join('\n')).update('\n\0\n').update(new Uint8Array(Float64Array.from(times).buffer));
  return hash.digest('hex');
}

/**
 * Records, once a build's output is in place, what it was made from and what the folder holds now. `inputs`
 * is the stamp taken when the build began: a file changed while it ran makes the next build run.
 */
export function saveStamp(project: Project, out: string, inputs: string, counts: Stamp['counts']): void {
  const stamp: Stamp = { format, inputs, ino: fs.statSync(path.resolve(out)).ino, counts };
  writeCacheFile(stampFile(project, out), JSON.stringify(stamp));
}

export function forgetStamp(project: Project, out: string): void {
  fs.rmSync(stampFile(project, out), { force: true });
}

/**
 * `site build`'s first question. When nothing has changed since the last build and its output is untouched,
 * the summary line to print instead of building; otherwise the stamp of the inputs as they are, for the build
 * that must run (BuildOptions.inputs). Never `unchanged` with `clean`, which asks for everything afresh.
 */
export function nothingToBuild(options: { root: string; out?: string; clean?: boolean }): { unchanged: string } | { inputs?: InputStamp } {
  if (options.clean) return {};
  const started = performance.now();
  const project = resolveProject(options.root);
  const out = outputFolder(project, options.out);
  const inputs = inputStamp(project, out);
  const stamp = readCacheFile<Stamp>(stampFile(project, out), 'json');
  if (stamp?.format !== format || stamp.inputs !== inputs.hash) return { inputs };
  const manifest = readManifest(currentFile(spareFolder(project, out)));
  if (!manifest || manifest.ino !== stamp.ino || fs.statSync(out, { throwIfNoEntry: false })?.ino !== stamp.ino) return { inputs };
  if (!foldersAsRecorded(out, manifest)) return { inputs };
  for (const [file, entry] of manifest.files) if (!asRecorded(within(out, file), entry, true)) return { inputs };
  const { counts } = stamp;
  const shown = path.relative(process.cwd(), out) || '.';
  return {
    unchanged: `${colour.green('✓')} ${counts.pages} pages (0 rendered, ${counts.pages} kept), ${counts.images} images (0 processed, ${counts.images} cached),` +
    ` ${counts.markdown} markdown (0 rendered) in ${formatMs(performance.now() - started)} ${colour.dim(`(nothing changed since the last build, and ${shown}/ is as it left it)`)}`,
  };
}
