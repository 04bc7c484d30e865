// Processed images on disk, content-addressed: a folder per hash of the source bytes and the recipe (formats,
// widths, qualities, tool versions). A warm build reads these files and decodes and encodes nothing; changed
// bytes give a new hash, so a stale entry can never be served for them.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

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

/** An image's description and a way to read each of its files. */
export interface CacheEntry {
  image: CachedImage;
  read(name: string): Buffer;
}

export class ImageCache {
  constructor(private readonly dir: string) {}

  key(bytes: Buffer, recipe: string): string {
    return createHash('sha256').update(recipe).update('\0').update(bytes).digest('hex').slice(0, 24);
  }

  /** The entry for `key`: from disk, or made by `make` now and stored; `made` says which. */
  async through(key: string, make: () => Promise<{ image: CachedImage; contents: Map<string, Buffer> }>): Promise<CacheEntry & { made: boolean }> {
    const stored = this.get(key);
    if (stored) return { ...stored, made: false };
    const { image, contents } = await make();
    this.set(key, image, contents);
    return { image, read: (name) => contents.get(name)!, made: true };
  }

  private get(key: string): CacheEntry | undefined {
    const folder = path.join(this.dir, key);
    try {
      const image = JSON.parse(fs.readFileSync(path.join(folder, 'meta.json'), 'utf8')) as CachedImage;
      if (!image.files.every((f) => fs.existsSync(path.join(folder, f.name)))) return undefined;
      return { image, read: (name) => fs.readFileSync(path.join(folder, name)) };
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
