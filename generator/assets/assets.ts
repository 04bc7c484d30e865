// The asset lookups templates render with. Images and the stylesheet are prepared before rendering; flags
// and plain files are copied only when a page asks for them, so the output holds what the site uses.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Project } from '../project.ts';
import type { Assets, FlagAsset, IconAssets, ImageAsset, SocialAsset } from '../render/contract.ts';
import type { Output } from '../output/output.ts';
import { readIcon } from './library.ts';
import { assetKey, type Dep, type DependencyTracker } from '../incremental/tracker.ts';
import type { PageScripts } from '../render/page-scripts.ts';
import { Memo } from '../render/memo.ts';

/** A name with a hash of the bytes before the extension: fonts/inter.woff2 -> fonts/inter.3f2a1b9c0d.woff2 */
export function hashedName(name: string, bytes: Buffer): string {
  const ext = path.extname(name);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return `${name.slice(0, name.length - ext.length)}.${hash}${ext}`;
}

/** Places bytes in the output under their hashed name (hashedName) and returns its address. */
export function emitHashed(output: Output, name: string, bytes: Buffer, source = name): string {
  const file = hashedName(name, bytes);
  output.emit(file, bytes, source);
  return `/${file}`;
}

/** Copies files from assets/ under hashed names, each once, and returns their addresses. */
export function createFileCopier(project: Project, output: Output): (name: string) => string {
  const files = new Map<string, string>();
  return (name) => {
    if (!files.has(name)) files.set(name, emitHashed(output, `assets/${name}`, fs.readFileSync(path.join(project.assets, name))));
    return files.get(name)!;
  };
}

export interface PreparedAssets {
  stylesheet: string;
  images: Map<string, ImageAsset>;
  flags: Map<string, FlagAsset>;
  cards: Map<string, SocialAsset>;
  icons: IconAssets;
  file: (name: string) => string;
}

export function createAssets(prepared: PreparedAssets, scripts: PageScripts, tracker?: DependencyTracker): Assets {
  const { stylesheet, images, flags, cards, icons, file } = prepared;
  const shared = new Memo<{ value: string; deps: Set<Dep> }>();
  return {
    stylesheet,
    image: (src) => found(images.get(src), `image ${src} does not exist under assets/images/`),
    flag: (countryCode) => found(flags.get(countryCode), `there is no flag for country code "${countryCode}"`),
    social: (kind) => cards.get(kind) ?? cards.get('home')!,
    icons,
    icon: (name) => found(readIcon(name), `"${name}" is not a Lucide icon`),
    file(name) {
      // A kept page asks for nothing, so the files it needs are copied again from what it read last time.
      tracker?.note(assetKey(name));
      return file(name);
    },
    script: (name) => scripts.script(name),
    island: (name, wake) => scripts.island(name, wake),
    shared(name, inputs, render) {
      const { value: part, fresh } = shared.get(name, inputs, () => (tracker ? tracker.capture(render) : { value: render(), deps: new Set<Dep>() }));
      // A page that reuses the markup read what its first render read.
      if (!fresh) tracker?.add(part.deps);
      return part.value;
    },
    heroes(set) {
      const pattern = new RegExp(`^heroes/${set}-(\\d+)\\.[a-z]+$`);
      return [...images.keys()].filter((k) => pattern.test(k)).sort((a, b) => Number(pattern.exec(a)![1]) - Number(pattern.exec(b)![1]));
    },
  };
}

/** What a template asked for, or an error saying it does not exist (the page fails to render with it). */
function found<T>(value: T | undefined, problem: string): T {
  if (value === undefined) throw new Error(problem);
  return value;
}
