// The two asset libraries the site draws from: Lucide icons (ISC) and flag-icons (MIT), read from their
// npm packages so nothing is fetched from a third party at build or view time.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const iconDir = path.join(path.dirname(require.resolve('lucide-static/package.json')), 'icons');
const flagDir = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');

const iconCache = new Map<string, string | undefined>();

/** Every Lucide icon's name, sorted: what an editor may choose from. */
export function iconNames(): string[] {
  return fs.readdirSync(iconDir).filter((n) => n.endsWith('.svg')).map((n) => n.slice(0, -4)).sort();
}

/** The inner markup of a Lucide icon (its paths, circles, ...), without the <svg> wrapper. */
export function readIcon(name: string): string | undefined {
  if (!iconCache.has(name)) {
    const file = path.join(iconDir, `${name}.svg`);
    const svg = /^[a-z0-9-]+$/.test(name) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    iconCache.set(name, svg ? innerSvg(svg) : undefined);
  }
  return iconCache.get(name);
}

function innerSvg(svg: string): string {
  return svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/\s*\n\s*/g, '')
    .replace(/ \/>/g, '/>');
}

export function flagFile(countryCode: string): string | undefined {
  const file = path.join(flagDir, `${countryCode}.svg`);
  return /^[a-z]{2}$/.test(countryCode) && fs.existsSync(file) ? file : undefined;
}
