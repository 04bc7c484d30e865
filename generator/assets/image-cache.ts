// Processed images on disk, content-addressed: a folder per hash of the source bytes and the recipe (formats,
// widths, qualities, tool versions). A warm build reads these files and decodes and encodes nothing; changed
// bytes give a new hash, so a stale entry can never be served for them.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { emitNamed, type Output } from '../output/output.ts';

export interface CachedFile {
  /** Name within the entry's folder. */
  name: string;
  format: 'avif' | 'webp' | 'jpeg' | 'png' | 'svg';
  width: number;
  height: number;
  bytes: number;
}

export interface CachedImage {
  width: number;
  height: number;
  /** A CSS background shown until the image arrives. */
  placeholder?: string;
  vector: boolean;
  files: CachedFile[];
}

/** An image's description, a way to read each of its files, and its key. */
export interface CacheEntry {
  key: string;
  image: CachedImage;
  read(name: string): Buffer;
}

/**
 * What an encoder makes, from its files and their bytes: the image's description, each file's size counted
 * from its bytes, and each file's bytes by name.
 */
export function encoded(image: Omit<CachedImage, 'files'>, files: (Omit<CachedFile, 'bytes'> & { data: Buffer })[]) {
  return {
    image: { ...image, files: files.map(({ data, ...file }) => ({ ...file, bytes: data.length })) },
    contents: new Map(files.map((file) => [file.name, file.data])),
  };
}

export type Encoded = ReturnType<typeof encoded>;

export class ImageCache {
  /** How many entries were made now rather than read from disk. */
  made = 0;

  constructor(
    private readonly dir: string,
    private readonly recipe: string,
  ) {}

  /**
   * The entry for a source's bytes: from disk, or made by `make` now and stored. Its key stands for the bytes
   * and the recipe, with `variant` for a source encoded more than one way.
   */
  async through(bytes: Buffer, make: () => Promise<Encoded>, variant = ''): Promise<CacheEntry> {
    const key = createHash('sha256').update(this.recipe + variant).update('\0').update(bytes).digest('hex').slice(0, 24);
    const stored = this.get(key);
    if (stored) return stored;
    const { image, contents } = await make();
    this.set(key, image, contents);
    this.made++;
    return { key, image, read: (name) => contents.get(name)! };
  }

  private get(key: string): CacheEntry | undefined {
    const folder = path.join(this.dir, key);
    try {
      const image = JSON.parse(fs.readFileSync(path.join(folder, 'meta.json'), 'utf8')) as CachedImage;
      if (!image.files.every((f) => fs.existsSync(path.join(folder, f.name)))) return undefined;
      return { key, image, read: (name) => fs.readFileSync(path.join(folder, name)) };
    } catch {
      return undefined;
    }
  }

  /** Stores an entry whole or not at all: written to a temporary folder and renamed into place. */
  private set(key: string, image: CachedImage, contents: Map<string, Buffer>): void {
    const folder = path.join(this.dir, key);
    const tmp = `${folder}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.mkdirSync(tmp, { recursive: true });
    for (const [name, bytes] of contents) fs.writeFileSync(path.join(tmp, name), bytes);
    fs.writeFileSync(path.join(tmp, 'meta.json'), JSON.stringify(image));
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(tmp, folder);
  }
}

/**
 * Places an entry's files in the output under names that stand for the source's bytes and the recipe (its key):
 * <base>.<key>.svg for vector artwork, <base>.<key>-<width>.<format> for each raster file. Returns each file's address.
 * `source` names what the entry was made from, should another source make the same file (OUTPUT_TWICE).
 */
export function emitEntry(output: Output, base: string, entry: CacheEntry, source: string): (file: CachedFile) => string {
  const named = `${base}.${entry.key.slice(0, 10)}`;
  const url = (file: CachedFile) => `/${named}${entry.image.vector ? '' : `-${file.width}`}.${file.format === 'jpeg' ? 'jpg' : file.format}`;
  for (const file of entry.image.files) emitNamed(output, url(file).slice(1), () => entry.read(file.name), source);
  return url;
}
