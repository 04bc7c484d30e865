// Every image under assets/images/: read once, hashed, written under a content-hashed name, and described
// (size, formats) for templates. Vector artwork is kept as SVG.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { BuildFailure, SiteError } from '../errors.ts';
import { relative, type Project } from '../project.ts';
import type { ImageAsset } from '../render/contract.ts';
import type { Output } from '../output/writer.ts';

export interface ImageStats {
  images: number;
  processed: number;
  cached: number;
}

interface Entry {
  hash: string;
  asset: ImageAsset;
  files: { file: string; contents: Buffer }[];
}

// Images whose bytes have not changed since the last build of this process are not looked at again.
const memo = new Map<string, Entry>();

export async function processImages(project: Project, output: Output): Promise<{ images: Map<string, ImageAsset>; stats: ImageStats }> {
  const root = path.join(project.assets, 'images');
  const names = fs.existsSync(root) ? fg.sync('**/*.{svg,png,jpg,jpeg,webp,avif}', { cwd: root, caseSensitiveMatch: false }).sort() : [];
  const images = new Map<string, ImageAsset>();
  const stats: ImageStats = { images: names.length, processed: 0, cached: 0 };
  const errors: SiteError[] = [];
  for (const name of names) {
    const abs = path.join(root, name);
    const bytes = fs.readFileSync(abs);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    let entry = memo.get(name);
    if (entry?.hash !== hash) {
      try {
        entry = await describe(name, bytes, hash);
        stats.processed++;
      } catch (error) {
        errors.push(new SiteError({ code: 'CONTENT_MISSING_IMAGE', file: relative(project, abs), message: `cannot be read as an image: ${(error as Error).message}` }));
        continue;
      }
      memo.set(name, entry);
    } else {
      stats.cached++;
    }
    for (const f of entry.files) output.emit(f.file, f.contents);
    images.set(name, entry.asset);
  }
  if (errors.length) throw new BuildFailure('images', errors);
  return { images, stats };
}

async function describe(name: string, bytes: Buffer, hash: string): Promise<Entry> {
  const ext = path.extname(name).toLowerCase();
  const file = `assets/images/${name.slice(0, -ext.length)}.${hash}${ext}`;
  if (ext === '.svg') {
    const { width, height } = svgSize(bytes.toString('utf8'));
    return { hash, asset: { src: `/${file}`, width, height, sources: [], vector: true }, files: [{ file, contents: bytes }] };
  }
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height) throw new Error('it has no size');
  return { hash, asset: { src: `/${file}`, width: meta.width, height: meta.height, sources: [], vector: false }, files: [{ file, contents: bytes }] };
}

/** The intrinsic size of an SVG from its width/height attributes, or else its viewBox. */
export function svgSize(svg: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (n: string) => new RegExp(`\\s${n}\\s*=\\s*["']([\\d.]+)(px)?["']`, 'i').exec(tag)?.[1];
  const width = Number(attr('width'));
  const height = Number(attr('height'));
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const box = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(tag);
  if (box) return { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) };
  throw new Error('the SVG has neither width and height nor a viewBox');
}
