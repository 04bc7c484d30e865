// Country flags from the flag-icons package, served from the site itself at 24x18. Each flag is sent in
// whichever form costs a phone fewer bytes: the optimised SVG (gzipped, as hosts serve it) or a WebP at
// 2x (48x36, with a 1x beside it for standard screens). Simple flags stay SVG; detailed ones, such as Sri
// Lanka's, are far smaller as pictures. Cached by content like every image.
import fs from 'node:fs';
import path from 'node:path';
import { packageVersion, type Project } from '../project.ts';
import type { FlagAsset } from '../render/contract.ts';
import type { Output } from '../output/output.ts';
import { emitEntry, encoded, ImageCache, type Encoded } from './image-cache.ts';
import { flagFile } from './library.ts';
import { gzipSync } from 'node:zlib';
import { loadSharp } from './images.ts';
import { optimiseSvg } from './svgo.ts';

export async function prepareFlags(project: Project, output: Output, countryCodes: Iterable<string>): Promise<{ flags: Map<string, FlagAsset>; processed: number }> {
  const cache = new ImageCache(path.join(project.cache, 'flags'), `flags-v2 sharp@${packageVersion('sharp')} svgo@${packageVersion('svgo')}`);
  const flags = new Map<string, FlagAsset>();
  // Encoded side by side (sharp and svgo wait on each other less), emitted in order.
  const codes = [...new Set(countryCodes)].sort().filter((code) => flagFile(code));
  const entries = await Promise.all(
    codes.map(async (code) => {
      const bytes = fs.readFileSync(flagFile(code)!);
      return { code, entry: await cache.through(bytes, () => encodeFlag(bytes)) };
    }),
  );
  for (const { code, entry } of entries) {
    const url = emitEntry(output, `assets/flags/${code}`, entry, `the flag of countryCode ${code}`);
    // The SVG, or the 1x and 2x pictures.
    const [one, two] = entry.image.files;
    flags.set(code, entry.image.vector ? { src: url(one), width: 24, height: 18 } : { src: url(one), srcset: `${url(one)} 1x, ${url(two)} 2x`, width: 24, height: 18 });
  }
  return { flags, processed: cache.made };
}

async function encodeFlag(bytes: Buffer): Promise<Encoded> {
  const sharp = await loadSharp();
  // Drawn at the SVG's own size (640 px wide for flag-icons), already 13 times the 2x width: drawing at a higher
  // density only multiplies the pixels librsvg fills (six times the time) for the same 48 px result.
  const [one, two] = await Promise.all([sharp(bytes).resize(24, 18).webp({ quality: 85 }).toBuffer(), sharp(bytes).resize(48, 36).webp({ quality: 85 }).toBuffer()]);
  // svgo never brings one of flag-icons' 271 flags below 0.87 of its gzipped size (measured), and takes half a
  // second on the most detailed: where even 0.8 of it is larger than the picture, the picture wins unoptimised.
  const svg = gzipSync(bytes).length * 0.8 > two.length ? undefined : await optimiseSvg(bytes.toString('utf8'));
  if (svg && gzipSync(svg).length <= two.length) {
    return encoded({ width: 24, height: 18, vector: true }, [{ name: 'flag.svg', format: 'svg', width: 24, height: 18, data: svg }]);
  }
  return encoded({ width: 24, height: 18, vector: false }, [
    { name: '24.webp', format: 'webp', width: 24, height: 18, data: one },
    { name: '48.webp', format: 'webp', width: 48, height: 36, data: two },
  ]);
}
