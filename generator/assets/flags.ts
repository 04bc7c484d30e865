// Country flags from the flag-icons package, served from the site itself at 24x18. Each flag is sent in
// whichever form costs a phone fewer bytes: the optimised SVG (gzipped, as hosts serve it) or a WebP at
// 2x (48x36, with a 1x beside it for standard screens). Simple flags stay SVG; detailed ones, such as Sri
// Lanka's, are far smaller as pictures. Cached by content like every image.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { packageVersion, type Project } from '../project.ts';
import type { FlagAsset } from '../render/contract.ts';
import type { Output } from '../output/writer.ts';
import { ImageCache, type CachedImage } from './image-cache.ts';
import { flagFile } from './library.ts';

export async function prepareFlags(project: Project, output: Output, countryCodes: Iterable<string>): Promise<{ flags: Map<string, FlagAsset>; processed: number }> {
  const cache = new ImageCache(path.join(project.cache, 'flags'));
  const steps = `flags-v1 sharp@${packageVersion('sharp')} svgo@${packageVersion('svgo')}`;
  const flags = new Map<string, FlagAsset>();
  let processed = 0;
  for (const code of [...new Set(countryCodes)].sort()) {
    const source = flagFile(code);
    if (!source) continue;
    const bytes = fs.readFileSync(source);
    const key = cache.key(bytes, steps);
    let entry = cache.get(key);
    if (!entry) {
      const { image, contents } = await encodeFlag(bytes);
      cache.set(key, image, contents);
      entry = { image, read: (name) => contents.get(name)! };
      processed++;
    }
    const base = `assets/flags/${code}.${key.slice(0, 10)}`;
    const svg = entry.image.files.find((f) => f.format === 'svg');
    if (svg) {
      output.emit(`${base}.svg`, entry.read(svg.name));
      flags.set(code, { src: `/${base}.svg`, width: 24, height: 18 });
    } else {
      output.emit(`${base}-24.webp`, entry.read('24.webp'));
      output.emit(`${base}-48.webp`, entry.read('48.webp'));
      flags.set(code, { src: `/${base}-24.webp`, srcset: `/${base}-24.webp 1x, /${base}-48.webp 2x`, width: 24, height: 18 });
    }
  }
  return { flags, processed };
}

async function encodeFlag(bytes: Buffer): Promise<{ image: CachedImage; contents: Map<string, Buffer> }> {
  const [{ optimize }, { default: sharp }] = await Promise.all([import('svgo'), import('sharp')]);
  sharp.concurrency(os.availableParallelism());
  const svg = Buffer.from(optimize(bytes.toString('utf8'), { multipass: true, plugins: ['preset-default'] }).data);
  const [one, two] = await Promise.all([sharp(svg, { density: 288 }).resize(24, 18).webp({ quality: 85 }).toBuffer(), sharp(svg, { density: 288 }).resize(48, 36).webp({ quality: 85 }).toBuffer()]);
  if (gzipSync(svg).length <= two.length) {
    return { image: { width: 24, height: 18, vector: true, files: [{ name: 'flag.svg', format: 'svg', width: 24, height: 18, bytes: svg.length }] }, contents: new Map([['flag.svg', svg]]) };
  }
  return {
    image: {
      width: 24,
      height: 18,
      vector: false,
      files: [
        { name: '24.webp', format: 'webp', width: 24, height: 18, bytes: one.length },
        { name: '48.webp', format: 'webp', width: 48, height: 36, bytes: two.length },
      ],
    },
    contents: new Map([
      ['24.webp', one],
      ['48.webp', two],
    ]),
  };
}
