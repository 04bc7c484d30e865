// A result kept on disk and reused while the files it was made from are byte for byte unchanged. Used for
// work that depends on a handful of source files and costs far more than hashing them: compiling the
// templates, bundling the stylesheet.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { toolRoot, type Project } from './project.ts';

/** The manifest format; manifests of another version are ignored. */
const format = 2;

interface Manifest<T> {
  salt: string;
  inputs: [string, string][];
  value: T;
}

/**
 * Writes a file whole or not at all: into a temporary file of this process beside it, then renamed over it, so
 * a reader (or a build running at the same time) never sees half of it. Creates the folder if needed.
 */
export function writeFileAtomic(file: string, data: string | NodeJS.ArrayBufferView): void {
  fs.renameSync(writeBeside(file, data), file);
}

/** Writes the data into a temporary file of this process beside `file` (its folder made if need be); its path. */
function writeBeside(file: string, data: string | NodeJS.ArrayBufferView): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
  } catch (error) {
    // A write that fails once the file is open (a full disk) names no file: this one is named, and the part
    // written goes.
    (error as NodeJS.ErrnoException).path ??= file;
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  return tmp;
}

/**
 * Writes a file of the caches whole or not at all, as writeFileAtomic does, but the file it replaces is first
 * renamed aside and deleted in the background. On ext4, renaming a file over another makes the kernel send the
 * new file's data to the disk before the rename returns (its safeguard for programs that save that way), and an
 * edit's build would wait its turn behind whatever else is being written. A reader in between finds no file, which for a cache only means it is made again.
 */
export function writeCacheFile(file: string, data: string | NodeJS.ArrayBufferView): void {
  const tmp = writeBeside(file, data);
  discardCacheFile(file);
  fs.renameSync(tmp, file);
}

/**
 * Takes a file of the caches away at once and deletes it in the background, rather than have the build wait
 * while a large file's blocks are freed. Nothing happens when there is none.
 */
export function discardCacheFile(file: string): void {
  const old = `${file}.${process.pid}.old`;
  try {
    fs.renameSync(file, old);
    fs.unlink(old, () => {});
  } catch {
    // there was none
  }
}

/** A cache file read back, JSON or V8-serialised; undefined when it is missing or unreadable. */
export function readCacheFile<T>(file: string, format: 'json' | 'v8'): T | undefined {
  try {
    const data = fs.readFileSync(file);
    return (format === 'json' ? JSON.parse(data.toString()) : deserialize(data)) as T;
  } catch {
    return undefined;
  }
}

function digest(file: string): string | undefined {
  try {
    // An input since replaced by a named pipe would be waited on for ever: it no longer matches, and the compile
    // that follows names it.
    return fs.statSync(file).isFile() ? createHash('sha1').update(fs.readFileSync(file)).digest('hex') : undefined;
  } catch {
    return undefined;
  }
}

export class InputCache<T> {
  private readonly file: string;

  /** `salt` names everything besides the inputs that the result depends on: tool versions, options. */
  private readonly salt: string;

  /** `key` tells the result apart from others kept in `dir` (the files it is made for): its hash names the manifest. */
  constructor(dir: string, key: unknown, salt: string) {
    this.file = path.join(dir, `manifest-${hashOf(key)}.json`);
    this.salt = `manifest-v${format} ${salt}`;
  }

  /** The stored value, if every input it was made from still has the same bytes. */
  get(): T | undefined {
    const manifest = readCacheFile<Manifest<T>>(this.file, 'json');
    if (manifest?.salt !== this.salt) return undefined;
    for (const [input, hash] of manifest.inputs) if (digest(input) !== hash) return undefined;
    return manifest.value;
  }

  /**
   * Stores a value made from `inputs`. `code` names the module that made it: the generator's own code is an
   * input too, so a change to how a result is made invalidates results made the old way.
   */
  set(value: T, inputs: string[], code: string): void {
    const all = [...new Set([...inputs, codeFile(code)])].sort();
    const manifest: Manifest<T> = { salt: this.salt, inputs: all.map((f) => [f, digest(f) ?? '']), value };
    writeCacheFile(this.file, JSON.stringify(manifest));
  }
}

/**
 * The file that stands for the code at `url` (a module's import.meta.url). In the CLI bundle, the bundle's entry
 * (site.mjs): its chunks are named by hashes of their contents, which change with any chunk they import, so the
 * entry changes with any code; and it is the same file whichever form of the bundle runs (bin/site.js). Under
 * tsx, the module's own source.
 */
function codeFile(url: string): string {
  return fileURLToPath(url.endsWith('.ts') ? url : new URL('./site.mjs', url));
}

/** The name of what is kept for one output folder (its build record, its spare output): a hash of its path. */
export function outputKey(out: string): string {
  return createHash('sha256').update(path.resolve(out)).digest('hex').slice(0, 12);
}

/** A short hash of a value's JSON. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}

/**
 * A folder of the project's .cache/ for modules the build compiles and then loads (the templates, the schema
 * validators, the functions `site serve` runs). They import the generator's packages (react, ajv's runtime,
 * nodemailer), which Node looks for in a node_modules folder above the module: for a project outside the
 * generator's own folder, .cache/node_modules links to the generator's, so every project keeps all it makes
 * in its own .cache/ and two builds of two projects never share a file.
 */
export function compiledFolder(project: Project, name: string): string {
  const dir = path.join(project.cache, name);
  fs.mkdirSync(dir, { recursive: true });
  const link = path.join(project.cache, 'node_modules');
  if (path.resolve(project.root) !== toolRoot && !fs.existsSync(link)) {
    try {
      fs.symlinkSync(path.join(toolRoot, 'node_modules'), link, 'junction');
    } catch (error) {
      // another build of this project made it a moment ago
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return dir;
}

/**
 * Deletes every cache (`site build --clean`): the whole of the project's .cache/. Only the compiled CLI stays
 * (.cache/cli/, there when the project is the generator's own site): this very process and its threads load
 * chunks of it.
 */
export function clearCaches(project: Project): void {
  if (!fs.existsSync(project.cache)) return;
  for (const name of fs.readdirSync(project.cache)) if (name !== 'cli') fs.rmSync(path.join(project.cache, name), { recursive: true, force: true });
}

/**
 * A cache kept as `count` files of V8-serialised data (`<name>-<i>.v8` in `dir`), so that a change rewrites the
 * one shard it falls in rather than the whole. Which shard an entry belongs to is the caller's choice.
 */
export class Shards<T> {
  constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly version: string,
    readonly count = 16,
  ) {}

  /** Each shard's data, in order; a shard missing, unreadable or of another version is left out. */
  read(): T[] {
    return Array.from({ length: this.count }, (_, i) => this.readOne(i)).filter((data) => data !== undefined);
  }

  /** One shard's data; undefined when it is missing, unreadable or of another version. */
  readOne(i: number): T | undefined {
    // Not there yet, unreadable or of another version: its entries are made again.
    const stored = readCacheFile<{ version?: string; data?: T }>(this.file(i), 'v8');
    return stored?.version === this.version ? stored.data : undefined;
  }

  write(i: number, data: T): void {
    writeCacheFile(this.file(i), serialize({ version: this.version, data }));
  }

  private file(i: number): string {
    return path.join(this.dir, `${this.name}-${i}.v8`);
  }
}

