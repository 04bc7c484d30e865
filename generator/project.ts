import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BuildFailure, siteError, type SiteError } from './errors.ts';

/** Where the generator's own files live: templates, islands, assets and functions a project may omit. */
export const toolRoot = findToolRoot(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The folders of a project. content/ always comes from the project; content/schemas/, templates/, islands/,
 * assets/ and functions/ come from the project when it has them and from the generator otherwise, so a site that only
 * brings content (a test fixture, an editor's trial) still builds with the standard design.
 */
export function resolveProject(root: string) {
  const abs = path.resolve(root);
  const own = (name: string) => {
    const dir = path.join(abs, name);
    return fs.existsSync(dir) ? dir : path.join(toolRoot, name);
  };
  return {
    root: abs,
    content: path.join(abs, 'content'),
    schemas: own(path.join('content', 'schemas')),
    templates: own('templates'),
    islands: own('islands'),
    assets: own('assets'),
    functions: own('functions'),
    cache: path.join(abs, '.cache'),
  };
}

export type Project = ReturnType<typeof resolveProject>;

/**
 * Why a folder is not a project, or undefined when it is: it must exist and hold content/. Checked before a
 * command builds or writes anything, so a mistyped --root is neither created (a cache or an output folder
 * inside it) nor reported as every required content file missing.
 */
export function notASite(root: string): SiteError | undefined {
  const folder = path.resolve(root);
  // Whether a path is a folder (true), another file (false) or nothing (undefined).
  const isFolder = (p: string) => (fs.existsSync(p) ? fs.statSync(p).isDirectory() : undefined);
  const found = isFolder(folder);
  const problem = found === undefined ? 'does not exist' : !found ? 'is a file, not a folder' : !isFolder(path.join(folder, 'content')) ? 'has no content/ folder' : undefined;
  return problem === undefined ? undefined : siteError('PROJECT_NOT_FOUND', { folder, problem });
}

/** Whether `inner` is the folder `outer` or a path inside it. */
export function within(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer + path.sep);
}

/**
 * The output folder: `out` (dist/ by default) from the project root. A build replaces the folder as a whole, so
 * one that would take what the site is made from with it is refused before anything is written: the project
 * folder or one above it (`--out .`), a folder the build reads or one inside it (`--out content`: the next
 * build would read the pages as content), a file, or a folder of other files than an earlier build (which always
 * holds _headers): `--out` naming someone's own folder would delete what is in it.
 */
export function outputFolder(project: Project, out = 'dist'): string {
  const folder = path.resolve(project.root, out);
  // Compared as the file system takes them, symbolic links followed: `--out linked/public`, with linked/ a link to
  // content/, writes inside content/ just as `--out content/public` would.
  const real = linksFollowed(folder);
  const root = linksFollowed(project.root);
  const read = [project.content, project.schemas, project.templates, project.islands, project.assets, project.functions];
  const source = read.find((dir) => within(real, linksFollowed(dir)) || within(linksFollowed(dir), real));
  const isFolder = statOf(folder)?.isDirectory();
  // Listed only to name what a folder of other files holds.
  const held = isFolder && !fs.existsSync(path.join(folder, '_headers')) ? fs.readdirSync(folder).sort() : [];
  const problem = within(root, real)
    ? `${real === root ? 'is' : 'holds'} the project folder ${project.root}`
    : source
      ? `${real === linksFollowed(source) ? 'is' : within(real, linksFollowed(source)) ? 'is inside' : 'holds'} ${source}, which the build reads`
      : isFolder === false
        ? 'is a file, not a folder'
        : held.length > 0
          ? `holds files that are not a build of the site (${held.slice(0, 3).join(', ')}${held.length > 3 ? ', …' : ''})`
          : undefined;
  if (problem) throw new BuildFailure('output', [siteError('OUTPUT_FOLDER_UNSAFE', { folder, problem })]);
  return folder;
}

/** What is at the output folder, if anything; a path no folder can be at (a loop of links) fails the build, named. */
function statOf(folder: string): fs.Stats | undefined {
  try {
    return fs.statSync(folder, { throwIfNoEntry: false });
  } catch (error) {
    const reason = `the path cannot be followed (${(error as Error).message.replace(/, stat .*$/, '')})`;
    throw new BuildFailure('output', [siteError('OUTPUT_FOLDER_UNCREATABLE', { folder, reason })]);
  }
}

/**
 * `abs` with every symbolic link on its way followed, the part that does not exist yet included when a link
 * there points on (a link to a folder still to be made): the folder a write to `abs` would land in.
 */
function linksFollowed(abs: string, depth = 0): string {
  try {
    return fs.realpathSync(abs);
  } catch {
    const parent = path.dirname(abs);
    if (parent === abs || depth > 40) return abs;
    const here = path.join(linksFollowed(parent, depth + 1), path.basename(abs));
    let link: string | undefined;
    try {
      if (fs.lstatSync(here).isSymbolicLink()) link = fs.readlinkSync(here);
    } catch {
      // Nothing there, or a file on the way (notes.txt/dist): the folder cannot be made, as the build will say.
    }
    return link === undefined ? here : linksFollowed(path.resolve(path.dirname(here), link), depth + 1);
  }
}

/**
 * A file the build would read that is not a regular file, as the problem to report, named `file`; undefined for a
 * regular file. A named pipe, socket or device is checked for before it is read: reading a pipe waits for a writer.
 */
export function notAFile(abs: string, file = abs): SiteError | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch (error) {
    // A symbolic link that cannot be followed: to itself (ELOOP), or to nothing.
    const code = (error as NodeJS.ErrnoException).code;
    const link = fs.lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink() ? fs.readlinkSync(abs) : undefined;
    const kind = code === 'ELOOP' ? 'a symbolic link that leads round in a loop' : link !== undefined && code === 'ENOENT' ? `a symbolic link to ${link}, which does not exist` : `${code}: it cannot be read`;
    return siteError('NOT_A_FILE', { kind }, { file });
  }
  if (stat.isFile()) return undefined;
  const kind = stat.isFIFO() ? 'a named pipe' : stat.isSocket() ? 'a socket' : stat.isDirectory() ? 'a folder' : 'a device';
  return siteError('NOT_A_FILE', { kind }, { file });
}

/** A path relative to the project root with forward slashes, as errors and output show it. */
export function relative(project: Project, file: string): string {
  const rel = path.relative(project.root, file);
  return (rel.startsWith('..') ? file : rel).split(path.sep).join('/');
}

/** The installed version of a dependency of the generator, for cache keys. */
export function packageVersion(name: string): string {
  return JSON.parse(fs.readFileSync(path.join(toolRoot, 'node_modules', name, 'package.json'), 'utf8')).version as string;
}

function findToolRoot(dir: string, from = dir): string {
  const manifest = path.join(dir, 'package.json');
  if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'site') return dir;
  if (path.dirname(dir) === dir) throw new Error(`cannot find the site package above ${from}`);
  return findToolRoot(path.dirname(dir), from);
}
