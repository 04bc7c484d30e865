// Every image under assets/images/, through one sharp pipeline, cached by content (image-cache.ts).
//
// Photographs and other rasters become AVIF and WebP plus a JPEG (or PNG, with transparency) fallback at
// 480, 960 and 1600 px wide, never wider than the source; a variant larger than a smaller-format sibling at
// the same width is dropped. Vector artwork is optimised with svgo and kept as SVG, unless a raster would be
// smaller. Each image gets a tiny placeholder (a blurred thumbnail, or a colour for vectors) that shows
// until it loads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BuildFailure, siteError, type SiteError } from '../errors.ts';
import { packageVersion, relative, type Project } from '../project.ts';
import type { ImageAsset } from '../render/contract.ts';
import type { Output } from '../output/output.ts';
import type { SourceFile } from '../content/load.ts';
import { eachValue } from '../content/pointer.ts';
import { emitEntry, encoded, ImageCache, type CacheEntry, type CachedFile, type Encoded } from './image-cache.ts';
import { gzipSync } from 'node:zlib';
import type { Metadata } from 'sharp';
import { optimiseSvg } from './svgo.ts';
import { fitName, imageProblem, unfitNameCharacter } from './image-check.ts';

export const widths = [480, 960, 1600];
const quality = { avif: 50, webp: 75, jpeg: 78 };

/**
 * Below this gzipped size an SVG is kept without trying a raster: a raster illustration at a useful width
 * is never this small (measured: 12-18 KB as AVIF or WebP at 960 px for artwork of 2-4 KB gzipped SVG).
 */
const keepSvgUnder = 8 * 1024;

let sharpModule: Promise<typeof import('sharp').default> | undefined;
export function loadSharp() {
  // Loaded only when something is not cached; libvips gets every core.
  return (sharpModule ??= import('sharp').then((m) => {
    m.default.concurrency(os.availableParallelism());
    return m.default;
  }));
}

/**
 * Every image under assets/images/, from the cache or encoded now, its files placed in the output.
 * `references` names the content files that use each image, for the error about one that cannot be read: it
 * walks every file's fields, so it is asked for only then.
 */
export async function processImages(
  project: Project,
  output: Output,
  references: () => Map<string, string[]>,
): Promise<{ images: Map<string, ImageAsset>; stats: { images: number; processed: number; cached: number } }> {
  const root = path.join(project.assets, 'images');
  // fast-glob is loaded only here: most builds keep every image and never list them.
  const { default: fg } = await import('fast-glob');
  const names = fs.existsSync(root) ? fg.sync('**/*.{svg,png,jpg,jpeg,webp,avif}', { cwd: root, caseSensitiveMatch: false }).sort() : [];
  // Content names an image as common.schema.json's image pattern allows: one named otherwise could never be shown.
  const misnamed = names.flatMap((name) => misnamedImage(root, name, (abs) => relative(project, abs)) ?? []);
  if (misnamed.length) throw new BuildFailure('images', misnamed);
  const cache = new ImageCache(path.join(project.cache, 'images'), `images-v3 sharp@${packageVersion('sharp')} svgo@${packageVersion('svgo')} widths=${widths.join(',')} q=${JSON.stringify(quality)}`);
  const errors: SiteError[] = [];
  // Encoded side by side, placed in the output in order.
  const entries = await Promise.all(
    names.map(async (name) => {
      const abs = path.join(root, name);
      const bytes = fs.readFileSync(abs);
      const vector = name.toLowerCase().endsWith('.svg');
      try {
        // Before the cache: what was kept from a build before this check must not be published either.
        const problem = imageProblem(name, bytes);
        if (problem) throw new Error(problem);
        return await cache.through(bytes, () => (vector ? encodeVector(bytes) : encodeRaster(bytes)));
      } catch (error) {
        const users = references().get(name);
        errors.push(
          siteError('CONTENT_UNREADABLE_IMAGE', { reason: (error as Error).message.split('\n')[0], users: users?.join(', ') || 'no content file' }, { file: relative(project, abs) }),
        );
      }
    }),
  );
  if (errors.length) throw new BuildFailure('images', errors);
  const images = new Map(names.map((name, i) => [name, emit(name, entries[i]!, output)]));
  return { images, stats: { images: names.length, processed: cache.made, cached: names.length - cache.made } };
}

/**
 * The error for an image under `root` ("blog/Photo.png") whose name content cannot name, with the name to give it
 * instead; undefined for a fit name. `rel` names a file as the caller shows paths. The build and the editor's
 * upload (admin/local-backend.ts) both refuse such a name.
 */
export function misnamedImage(root: string, name: string, rel: (abs: string) => string): SiteError | undefined {
  const character = unfitNameCharacter(name);
  if (!character) return undefined;
  return siteError('CONTENT_IMAGE_NAME', { character: JSON.stringify(character), renamed: rel(path.join(root, fitName(name))) }, { file: rel(path.join(root, name)) });
}

/** Places an image's files in the output and describes them for templates. */
function emit(name: string, entry: CacheEntry, output: Output): ImageAsset {
  const { image } = entry;
  const url = emitEntry(output, `assets/images/${name.replace(/\.[^.]+$/, '')}`, entry, `assets/images/${name}`);
  if (image.vector) {
    return { src: url(image.files[0]), width: image.width, height: image.height, sources: [], placeholder: image.placeholder };
  }
  const byFormat = (format: CachedFile['format']) => image.files.filter((f) => f.format === format).sort((a, b) => a.width - b.width);
  const fallback = byFormat('jpeg').length ? byFormat('jpeg') : byFormat('png');
  const srcset = (files: CachedFile[]) => files.map((f) => `${url(f)} ${f.width}w`).join(', ');
  const sources = (['avif', 'webp'] as const).filter((f) => byFormat(f).length).map((f) => ({ type: `image/${f}`, srcset: srcset(byFormat(f)) }));
  const middle = fallback.find((f) => f.width >= 960) ?? fallback[fallback.length - 1];
  return { src: url(middle), width: image.width, height: image.height, sources, srcset: srcset(fallback), placeholder: image.placeholder };
}

/**
 * A raster's header, as the build reads it before encoding; what makes it unfit is thrown, in the words the build
 * and the editor's upload (admin/local-backend.ts) both give.
 */
export async function rasterHeader(bytes: Buffer): Promise<Metadata & { width: number; height: number }> {
  const sharp = await loadSharp();
  // The header alone, whatever its size: sharp decodes at most 0x3FFF² pixels (limitInputPixels), and said only
  // "Input image exceeds pixel limit".
  const meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata().catch(firstLine);
  if (!meta.width || !meta.height) throw new Error('it has no size');
  if (meta.width * meta.height > 0x3fff ** 2) throw new Error(`it is ${meta.width} x ${meta.height} px, more than the 268 million pixels an image may have: scale it down (the site shows images at most ${widths[widths.length - 1]} px wide)`);
  return meta as Metadata & { width: number; height: number };
}

/**
 * A raster read to its last pixel, as the build's encoding reads it (sharp's default failOn, 'warning'): a file whose
 * header reads but whose pixels are cut short or corrupt fails here, in the build's words, not at the next build.
 */
export async function decodeRaster(bytes: Buffer): Promise<void> {
  await rasterHeader(bytes);
  const sharp = await loadSharp();
  // Every pixel is decoded; a tiny output keeps the whole picture out of memory.
  await sharp(bytes).rotate().resize({ width: 16 }).toBuffer().catch(firstLine);
}

/** sharp's first line alone, without the colon it ends with when libvips' lines follow. */
function firstLine(error: Error): never {
  throw new Error(error.message.split('\n')[0].replace(/:\s*$/, ''));
}

async function encodeRaster(bytes: Buffer): Promise<Encoded> {
  const sharp = await loadSharp();
  const meta = await rasterHeader(bytes);
  // Photographs from phones are often stored sideways with an EXIF orientation: the size is the upright one.
  const sideways = (meta.orientation ?? 1) >= 5;
  const width = sideways ? meta.height : meta.width;
  const height = sideways ? meta.width : meta.height;
  const alpha = meta.hasAlpha === true;
  const sizes = [...new Set([...widths.filter((w) => w < width), Math.min(width, widths[widths.length - 1])])].sort((a, b) => a - b);
  const files: Parameters<typeof encoded>[1] = [];
  for (const w of sizes) {
    const h = Math.round((height * w) / width);
    const resized = sharp(bytes).rotate().resize({ width: w, withoutEnlargement: true });
    const [avif, webp, fallback] = await Promise.all([
      resized.clone().avif({ quality: quality.avif, effort: 2 }).toBuffer(),
      resized.clone().webp({ quality: quality.webp }).toBuffer(),
      alpha ? resized.clone().png({ compressionLevel: 9, palette: true }).toBuffer() : resized.clone().jpeg({ quality: quality.jpeg, mozjpeg: true }).toBuffer(),
    ]);
    const keep = (format: CachedFile['format'], data: Buffer) => files.push({ name: `${w}.${format}`, format, width: w, height: h, data });
    keep(alpha ? 'png' : 'jpeg', fallback);
    // A modern format earns its place only by being smaller than what it replaces.
    if (webp.length < fallback.length) keep('webp', webp);
    if (avif.length < Math.min(fallback.length, webp.length)) keep('avif', avif);
  }
  const thumb = await sharp(bytes).rotate().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
  return encoded({ width, height, vector: false, placeholder: `url(data:image/webp;base64,${thumb.toString('base64')}) center / cover` }, files);
}

async function encodeVector(bytes: Buffer): Promise<Encoded> {
  const text = bytes.toString('utf8');
  const { width, height } = svgSize(text);
  const optimised = await optimiseSvg(text);
  const sharp = await loadSharp();
  // A raster only where it would be smaller than the SVG a browser would download.
  const gzipped = gzipSync(optimised).length;
  if (gzipped > keepSvgUnder) {
    const raster = await sharp(optimised, { density: 144 }).resize({ width: Math.min(width * 2, widths[widths.length - 1]) }).png().toBuffer();
    const asRaster = await encodeRaster(raster);
    const webp960 = asRaster.image.files.find((f) => f.format === 'webp' && f.width === 960);
    if (webp960 && webp960.bytes < gzipped) {
      asRaster.image.width = width;
      asRaster.image.height = height;
      return asRaster;
    }
  }
  // The placeholder colour from a tiny rendering: librsvg draws at the density asked, so ask for ~64 px.
  // A colour behind a drawing with transparent parts would show through once it loads: opaque ones only.
  const { dominant, isOpaque } = await dominantColour(sharp(optimised, { density: Math.max(1, (72 * 64) / width) }));
  const placeholder = isOpaque ? `rgb(${dominant.r} ${dominant.g} ${dominant.b})` : undefined;
  return encoded({ width, height, vector: true, placeholder }, [{ name: 'image.svg', format: 'svg', width, height, data: optimised }]);
}

/** The bin of each 8-bit value in libvips' 16-bin colour histogram (it divides by 257, not 256). */
const histogramBin = Uint8Array.from({ length: 256 }, (_, value) => Math.floor((value * 16) / 257));

/**
 * sharp's `stats()` colour answer, `dominant` and `isOpaque`, counted here from the decoded pixels. `stats()`
 * also works out entropy and sharpness, and libvips decodes the input again for each of its four measures, which
 * for an SVG costs several times one decode and this count. The same rule as sharp's
 * (test/images.test.ts compares them): the most frequent of 16x16x16 colour bins, reported as its middle, the
 * first in green, then red, then blue order on a tie; opaque when every alpha value is 255.
 */
export async function dominantColour(image: import('sharp').Sharp): Promise<{ dominant: { r: number; g: number; b: number }; isOpaque: boolean }> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const bands = info.channels;
  if (bands < 3 || data.length !== info.width * info.height * bands) {
    // Grey, or more than 8 bits a value: sharp's own answer.
    const { dominant, isOpaque } = await image.stats();
    return { dominant, isOpaque };
  }
  const counts = new Uint32Array(4096);
  let isOpaque = true;
  for (let i = 0; i < data.length; i += bands) {
    counts[histogramBin[data[i + 1]] * 256 + histogramBin[data[i]] * 16 + histogramBin[data[i + 2]]]++;
    if (bands === 4 && data[i + 3] !== 255) isOpaque = false;
  }
  let best = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i] > counts[best]) best = i;
  return { dominant: { r: ((best >> 4) & 15) * 16 + 8, g: (best >> 8) * 16 + 8, b: (best & 15) * 16 + 8 }, isOpaque };
}

/** The intrinsic size of an SVG from its width/height attributes, or else its viewBox. */
function svgSize(svg: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (n: string) => new RegExp(`\\s${n}\\s*=\\s*["']([\\d.]+)(px)?["']`, 'i').exec(tag)?.[1];
  const width = Number(attr('width'));
  const height = Number(attr('height'));
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const box = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(tag);
  if (box) return { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) };
  throw new Error('the SVG has neither width and height nor a viewBox');
}

/** Which content files name each image under assets/images/, for error messages. */
export function imageReferences(files: SourceFile[]): Map<string, string[]> {
  // Sets while collecting: thousands of posts can share one image, and copying a growing list is quadratic.
  const refs = new Map<string, Set<string>>();
  for (const f of files) {
    eachValue(f.data, (value, _pointer, key) => {
      if (key === 'src' && typeof value === 'string') refs.set(value, (refs.get(value) ?? new Set()).add(f.path));
    });
  }
  return new Map([...refs].map(([src, users]) => [src, [...users]]));
}
