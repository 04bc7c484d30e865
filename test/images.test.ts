// The image pipeline: a real photograph dropped into content becomes AVIF, WebP and JPEG at the widths of its
// slot, with its size, a placeholder and no variant larger than a smaller-format sibling; a warm build does no
// image work; changed bytes are never served from the cache; flags, social cards, favicons; every image on
// every page has width, height and alt.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import path from 'node:path';
import sharp from 'sharp';
import { dominantColour } from '../generator/assets/images.ts';
import { build, type BuildResult } from '../generator/build.ts';
import { BuildFailure } from '../generator/errors.ts';
import { silentLogger } from '../generator/log.ts';
import { toolRoot } from '../generator/project.ts';
import { copyCode, fixture, listFiles, type Fixture } from './helpers/project.ts';

const test = suite('images');
let site: Fixture;
let first: BuildResult;
const html = (file: string) => fs.readFileSync(path.join(site.root, 'dist', file), 'utf8');
const size = (url: string) => fs.statSync(path.join(site.root, 'dist', url)).size;

/** A photo-like picture: smooth gradients with fine noise, which compresses like a photograph does. */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const noise = (state >>> 24) % 24;
      const i = (y * width + x) * 3;
      pixels[i] = Math.min(255, 60 + (x * 140) / width + noise);
      pixels[i + 1] = Math.min(255, 90 + (y * 110) / height + noise);
      pixels[i + 2] = Math.min(255, 150 + Math.sin((x + y) / 90) * 60 + noise);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

test.before(async () => {
  site = fixture();
  copyCode(site, ['assets']);
  fs.writeFileSync(path.join(site.root, 'assets/images/cities/ballarat.jpg'), await photo(3000, 2000, 7));
  // A phone photo stored sideways, with EXIF orientation 6 (rotate 90°): 1200 x 900 as stored, 900 x 1200 upright.
  fs.writeFileSync(path.join(site.root, 'assets/images/blog/sideways.jpg'), await sharp(await photo(1200, 900, 9)).withMetadata({ orientation: 6 }).jpeg().toBuffer());
  const city = site.json<Record<string, any>>('content/cities/geelong.json');
  site.write('content/cities/ballarat.json', JSON.stringify({ ...city, name: 'Ballarat', order: 13, seo: undefined, image: { src: 'cities/ballarat.jpg', alt: 'Lydiard Street in Ballarat at dusk' } }, null, 2));
  first = await build({ root: site.root, logger: silentLogger });
});
test.after(() => site.remove());

test('a photograph becomes AVIF, WebP and JPEG at 480, 960 and 1600 px inside a <picture> with its size', () => {
  const page = html('cities/ballarat.html');
  const picture = /<picture class="hero-image"[^>]*>([\s\S]*?)<\/picture>/.exec(page);
  assert.ok(picture, 'a <picture>');
  const sources = [...picture![1].matchAll(/<source type="([^"]+)" srcSet="([^"]+)" sizes="([^"]+)"\/>/g)];
  assert.equal(sources.map((s) => s[1]), ['image/avif', 'image/webp']);
  for (const [, , srcset] of sources) assert.equal([...srcset.matchAll(/ (\d+)w/g)].map((m) => Number(m[1])), [480, 960, 1600]);
  const img = /<img ([^>]*)\/>/.exec(picture![1])![1];
  assert.match(img, /width="3000"/);
  assert.match(img, /height="2000"/);
  assert.match(img, /alt="Lydiard Street in Ballarat at dusk"/);
  assert.match(img, /src="\/assets\/images\/cities\/ballarat\.[0-9a-f]{10}-960\.jpg"/);
  assert.match(img, /fetchPriority="high"/, 'the largest image above the fold is fetched first');
  assert.match(picture![0], /style="background:url\(data:image\/webp;base64,[A-Za-z0-9+/=]+\) center \/ cover"/, 'a blurred placeholder');
});

test('no encoded variant is larger than a smaller-format sibling of the same width, or than the source', () => {
  const files = listFiles(path.join(site.root, 'dist/assets/images/cities')).filter((f) => f.startsWith('ballarat.'));
  for (const w of [480, 960, 1600]) {
    const of = (ext: string) => files.find((f) => f.endsWith(`-${w}.${ext}`));
    const jpg = size(`assets/images/cities/${of('jpg')}`);
    if (of('webp')) assert.ok(size(`assets/images/cities/${of('webp')}`) < jpg, `webp ${w}`);
    if (of('avif')) assert.ok(size(`assets/images/cities/${of('avif')}`) < Math.min(jpg, of('webp') ? size(`assets/images/cities/${of('webp')}`) : Infinity), `avif ${w}`);
    assert.ok(jpg < fs.statSync(path.join(site.root, 'assets/images/cities/ballarat.jpg')).size);
  }
});

test('a sideways phone photo is described upright', async () => {
  const result = await build({ root: site.root, logger: silentLogger });
  const files = listFiles(path.join(site.root, 'dist/assets/images/blog')).filter((f) => f.startsWith('sideways.') && f.endsWith('.jpg'));
  const largest = files.sort().at(-1)!;
  const meta = await sharp(path.join(site.root, 'dist/assets/images/blog', largest)).metadata();
  assert.ok(meta.height! > meta.width!, 'encoded upright');
  assert.ok(result.images.images > 0);
});

test('a warm build decodes and encodes nothing; changed bytes are processed again, never served stale', async () => {
  const warm = await build({ root: site.root, logger: silentLogger });
  assert.is(warm.images.processed, 0);
  assert.is(warm.images.cached, warm.images.images);
  assert.match(warm.summary, /\(0 processed, \d+ cached\)/);
  const before = /ballarat\.([0-9a-f]{10})-960\.jpg/.exec(html('cities/ballarat.html'))![1];
  fs.writeFileSync(path.join(site.root, 'assets/images/cities/ballarat.jpg'), await photo(2400, 1600, 8));
  const changed = await build({ root: site.root, logger: silentLogger });
  assert.is(changed.images.processed, 1);
  const after = /ballarat\.([0-9a-f]{10})-960\.jpg/.exec(html('cities/ballarat.html'))![1];
  assert.is.not(after, before);
  assert.match(html('cities/ballarat.html'), /width="2400"/);
  assert.ok(first.images.processed > 0);
});

test('an unreadable image is a build error naming the image and the content file that uses it', async () => {
  fs.writeFileSync(path.join(site.root, 'assets/images/cities/ballarat.jpg'), 'not really a JPEG');
  try {
    await build({ root: site.root, logger: silentLogger });
    assert.unreachable('the build should fail');
  } catch (error) {
    assert.instance(error, BuildFailure);
    const [problem] = (error as BuildFailure).errors;
    assert.is(problem.code, 'CONTENT_UNREADABLE_IMAGE');
    assert.is(problem.file, 'assets/images/cities/ballarat.jpg');
    assert.match(problem.message, /^cannot be read as an image/);
    assert.match(problem.hint!, /content\/cities\/ballarat\.json/);
  } finally {
    fs.writeFileSync(path.join(site.root, 'assets/images/cities/ballarat.jpg'), await photo(3000, 2000, 7));
  }
});

test('a folder or named pipe where a content file names an image is a missing image, placed at the reference, not a render failure', async () => {
  const abs = path.join(site.root, 'assets/images/cities/ballarat.jpg');
  const bytes = fs.readFileSync(abs);
  try {
    for (const make of [() => fs.mkdirSync(abs), () => execFileSync('mkfifo', [abs])]) {
      fs.rmSync(abs, { recursive: true });
      make();
      const errors = await build({ root: site.root, logger: silentLogger }).then(() => [], (error: BuildFailure) => error.errors);
      assert.equal(errors.map((e) => [e.code, e.file, e.pointer, e.message]), [['CONTENT_MISSING_IMAGE', 'content/cities/ballarat.json', '/image/src', 'image cities/ballarat.jpg does not exist']]);
    }
  } finally {
    fs.rmSync(abs, { recursive: true });
    fs.writeFileSync(abs, bytes);
  }
});

test('an SVG that would run a script or fetch another file is refused, naming the image and what it holds', async () => {
  const abs = path.join(site.root, 'assets/images/cities/ballarat.svg');
  const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><!-- <script> in a note is fine --><defs><path id="a" d="M0 0h9v9z"/></defs><use xlink:href="#a"/>${inner}</svg>`;
  const cases = {
    '<script>alert(document.cookie)</script>': '<script',
    '<rect width="9" height="9" onload="alert(1)"/>': 'onload=',
    '<image href="https://evil.example/x.png" width="9" height="9"/>': 'href="https://evil.example/x.png"',
    '<image xlink:href="photo.png" width="9" height="9"/>': 'href="photo.png"',
    '<rect width="9" height="9" style="fill: url(https://evil.example/p.svg#g)"/>': 'url(https://evil.example/p.svg#g)',
    // The same rules as the editor's upload check (assets/image-check.ts, for both): a prefix, a character reference or a
    // tab inside "javascript:" hides nothing, and an embedded document or an entity is refused as a script is.
    '<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>': '<x:script',
    '<rect width="9" height="9"><animate attributeName="fill" values="javascript&#58;alert(1)"/></rect>': 'javascript:',
    '<rect width="9" height="9"><set attributeName="fill" to="&#x6A;ava&#9;script:alert(1)"/></rect>': 'javascript:',
    // An animation sets a link without any href= written: to a script, another address or a data: document.
    '<a><animate attributeName="href" values="javascript&#58;alert(1)"/><text y="9">go</text></a>': '<animate attributeName="href"',
    '<image width="9" height="9"><set begin="0s" attributeName="xlink:href" to="https://evil.example/x.png"/></image>': '<set begin="0s" attributeName="xlink:href"',
    "<use href=\"#a\"><animate attributeName='href' values='#a;data:image/svg+xml,%3Csvg/%3E' dur='1s'/></use>": "<animate attributeName='href'",
    '<foreignObject width="9" height="9"><p>text</p></foreignObject>': '<foreignObject',
    '<image href="data:text/html,hello" width="9" height="9"/>': 'href="data:text/html,hello"',
    // Fetches the href and url() rules did not see: an XHTML element's src, and url() or @import spelt with CSS
    // escapes, which the browser reads as the words they spell.
    '<img xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/x.png"/>': 'src="https://evil.example/x.png"',
    '<rect width="9" height="9" style="fill: u\\72l(https://evil.example/p.svg#g)"/>': 'url(https://evil.example/p.svg#g)',
    '<style>@\\69mport "https://evil.example/x.css";</style>': '@import',
    // Fetches that name no href, src or url(): CSS image-set() takes a plain string as a URL (external or data:),
    // xml:base sends every relative link in its element (even "#a") to another address, and <use> renders what a
    // data: URL holds as part of the picture, links and all, where the check cannot read it.
    '<rect width="9" height="9" style="fill: image-set(\'https://evil.example/p.png\' 1x)"/>': "image-set('https://evil.example/p.png' 1x)",
    '<style>svg { background: -webkit-image-set("data:image/svg+xml,%3Csvg xmlns=\'http://www.w3.org/2000/svg\'/%3E" 1x) }</style>': '-webkit-image-set("data:image/svg+xml,%3Csvg xmlns=\'http://www.w3.org/2000/svg\'/%3E" 1x)',
    '<style>svg { background: image-set(url(data:image/png;base64,iVBORw0KGgo=) 1x) }</style>': 'image-set(url(data:image/png;base64,iVBORw0KGgo=) 1x)',
    '<g xml:base="https://evil.example/x.svg"><use href="#a"/></g>': 'xml:base="https://evil.example/x.svg"',
    '<use href="data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20id=%27x%27%3E%3Cimage%20href=%27https://evil.example/x.png%27/%3E%3C/svg%3E#x"/>': '<use href="data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20id=%27x%27%3E%3Cimage%20href=%27https://evil.example/x.png%27/%3E%3C/svg%3E#x"',
    '<use x="1" xlink:href="data:image/svg+xml;base64,PHN2Zy8+#x"/>': '<use x="1" xlink:href="data:image/svg+xml;base64,PHN2Zy8+#x"',
  };
  try {
    for (const [inner, named] of Object.entries(cases)) {
      fs.writeFileSync(abs, svg(inner));
      const errors = await build({ root: site.root, logger: silentLogger }).then(() => [], (error: BuildFailure) => error.errors);
      assert.equal(errors.map((e) => [e.code, e.file]), [['CONTENT_UNREADABLE_IMAGE', 'assets/images/cities/ballarat.svg']], inner);
      assert.ok(errors[0].message.includes(named), `${errors[0].message} names ${named}`);
    }
    fs.writeFileSync(abs, svg('<rect width="9" height="9" fill="url(#a)"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>'));
    await build({ root: site.root, logger: silentLogger });
  } finally {
    fs.rmSync(abs);
  }
});

test('a picture whose bytes are not what its name says is refused, naming it, as the editor refuses its upload', async () => {
  const misnamed = path.join(site.root, 'assets/images/cities/photo-saved-as.jpg');
  fs.writeFileSync(misnamed, await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } }).png().toBuffer());
  try {
    const errors = await build({ root: site.root, logger: silentLogger }).then(() => [], (error: BuildFailure) => error.errors);
    assert.equal(errors.map((e) => [e.code, e.file, e.message]), [
      ['CONTENT_UNREADABLE_IMAGE', 'assets/images/cities/photo-saved-as.jpg', 'cannot be read as an image (its content is not a JPG image)'],
    ]);
  } finally {
    fs.rmSync(misnamed);
  }
});

test('an image named with capitals, which no content can name, is refused with the name to give it, not processed for nothing', async () => {
  const added = ['assets/images/cities/Perth.JPG', 'assets/images/home/Team Photo.png'];
  for (const rel of added) fs.writeFileSync(path.join(site.root, rel), await photo(600, 400, 3));
  try {
    const errors = await build({ root: site.root, logger: silentLogger }).then(() => [], (error: BuildFailure) => error.errors);
    assert.equal(errors.map((e) => [e.code, e.file, e.hint]), [
      ['CONTENT_IMAGE_NAME', 'assets/images/cities/Perth.JPG', 'Rename it assets/images/cities/perth.jpg, and name it so where content shows it.'],
      ['CONTENT_IMAGE_NAME', 'assets/images/home/Team Photo.png', 'Rename it assets/images/home/team-photo.png, and name it so where content shows it.'],
    ]);
    assert.match(errors[0].message, /^holds "P", which/);
  } finally {
    for (const rel of added) fs.rmSync(path.join(site.root, rel));
  }
});

test('an image past the pixels sharp will decode is refused with its size and what to do', async () => {
  // A PNG whose header says 20000 x 20000: sharp reads the size from it, and refuses to decode more than 16383².
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#336699' } }).png().toBuffer();
  png.writeUInt32BE(20000, 16);
  png.writeUInt32BE(20000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  const abs = path.join(site.root, 'assets/images/cities/huge.png');
  fs.writeFileSync(abs, png);
  try {
    const errors = await build({ root: site.root, logger: silentLogger }).then(() => [], (error: BuildFailure) => error.errors);
    assert.equal(errors.map((e) => [e.code, e.file]), [['CONTENT_UNREADABLE_IMAGE', 'assets/images/cities/huge.png']]);
    assert.match(errors[0].message, /20000 x 20000 px.*scale it down/, errors[0].message);
  } finally {
    fs.rmSync(abs);
  }
});

test('artwork stays as optimised SVG where that is smaller, with its size and alt', () => {
  const page = html('cities/perth.html');
  const img = /<img [^>]*class="hero-image"[^>]*\/>/.exec(page)![0];
  assert.match(img, /src="\/assets\/images\/cities\/perth\.[0-9a-f]{10}\.svg"/);
  assert.match(img, /width="1200" height="800"/);
  const svg = fs.readFileSync(path.join(site.root, 'dist', /src="([^"]+)"/.exec(img)![1]), 'utf8');
  assert.ok(svg.length < fs.statSync(path.join(site.root, 'assets/images/cities/perth.svg')).size, 'optimised');
  assert.match(svg, /viewBox=/, 'keeps its viewBox');
});

test("the placeholder colour is sharp's dominant colour and opacity, on the site's artwork and on images full of ties", async () => {
  const inputs: [string, () => import('sharp').Sharp][] = [];
  const root = path.join(toolRoot, 'assets', 'images');
  for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.svg'))) {
    const bytes = fs.readFileSync(path.join(root, name));
    inputs.push([name, () => sharp(bytes, { density: 6 })]);
  }
  // Few distinct values, so many colours tie for the most frequent; every value of a channel once, so each
  // histogram bin edge is crossed; alpha on some, fully opaque alpha on others.
  let state = 11;
  const random = (n: number) => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) >>> 8) % n;
  for (let k = 0; k < 240; k++) {
    const width = 1 + (k % 13);
    const height = 1 + ((k * 7) % 11);
    const channels = k % 2 ? 4 : 3;
    const values = k % 3 === 0 ? null : [0, 15, 16, 17, 127, 128, 239, 240, 255];
    const pixels = Buffer.alloc(width * height * channels);
    for (let i = 0; i < pixels.length; i++) pixels[i] = values ? values[random(values.length)] : random(256);
    if (channels === 4 && k % 4 === 1) for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
    inputs.push([`synthetic ${k}`, () => sharp(pixels, { raw: { width, height, channels } })]);
  }
  const ramp = Buffer.from(Array.from({ length: 256 * 3 }, (_, i) => (i % 3 === 0 ? Math.floor(i / 3) : 0)));
  for (let v = 0; v < 256; v++) inputs.push([`value ${v}`, () => sharp(ramp.subarray(v * 3, v * 3 + 3), { raw: { width: 1, height: 1, channels: 3 } })]);
  for (const [name, image] of inputs) {
    const { dominant, isOpaque } = await image().stats();
    assert.equal(await dominantColour(image()), { dominant, isOpaque }, name);
  }
});

test('flags are served from the site, 24x18, as SVG or as 1x/2x WebP, whichever is smaller', () => {
  const flags = [...html('languages.html').matchAll(/<img class="flag" ([^>]*)\/>/g)].map((m) => m[1]);
  assert.ok(flags.length >= 69);
  assert.ok(flags.some((f) => /\.svg"/.test(f)) && flags.some((f) => /-48\.webp 2x/.test(f)), 'both forms are used');
  for (const f of flags) {
    assert.match(f, /src="\/assets\/flags\/[a-z]{2}\./);
    assert.match(f, /width="24" height="18"/);
  }
});

test('every image on every page has width, height and alt', () => {
  for (const file of listFiles(path.join(site.root, 'dist')).filter((f) => f.endsWith('.html'))) {
    for (const [tag] of html(file).matchAll(/<img\b[^>]*>/g)) {
      assert.match(tag, /\swidth="\d+"/, `${file}: ${tag}`);
      assert.match(tag, /\sheight="\d+"/, `${file}: ${tag}`);
      assert.match(tag, /\salt="[^"]*"/, `${file}: ${tag}`);
    }
  }
});

test('each kind of page has a 1200x630 social card; favicons and the manifest are there', async () => {
  const page = html('services/passports.html');
  const card = /<meta property="og:image" content="https:\/\/www\.example\.com(\/assets\/social\/service-card\.[0-9a-f]{10}\.jpg)"\/>/.exec(page);
  assert.ok(card);
  assert.match(page, /<meta property="og:image:width" content="1200"\/><meta property="og:image:height" content="630"\/>/);
  const meta = await sharp(path.join(site.root, 'dist', card![1])).metadata();
  assert.equal([meta.width, meta.height], [1200, 630]);
  assert.match(page, /<link rel="icon" href="\/assets\/icons\/icon\.[0-9a-f]{10}\.svg" type="image\/svg\+xml"\/>/);
  assert.match(page, /<link rel="apple-touch-icon" href="\/assets\/icons\/icon-180\.png\.[0-9a-f]{10}|<link rel="apple-touch-icon" href="\/assets\/icons\/icon-180\.[0-9a-f]{10}\.png"\/>/);
  const manifest = JSON.parse(fs.readFileSync(path.join(site.root, 'dist/site.webmanifest'), 'utf8'));
  assert.is(manifest.name, 'Wattle Translations');
  assert.equal(manifest.icons.map((i: { sizes: string }) => i.sizes), ['192x192', '512x512', 'any']);
  assert.ok(fs.existsSync(path.join(site.root, 'dist/favicon.ico')));
});

test("a social card's alt text says what the card shows, not the title of a page it does not name", () => {
  const alt = (file: string) => /<meta property="og:image:alt" content="([^"]*)"\/>/.exec(html(file))?.[1];
  // One card for all the language pages and one for all the service pages: each carries its kind's heading.
  assert.is(alt('chinese.html'), 'Wattle Translations: NAATI certified translations in 60+ languages');
  assert.is(alt('services/passports.html'), alt('services.html'));
  assert.is(alt('services.html'), `Wattle Translations: ${/<h1[^>]*>([^<]*)<\/h1>/.exec(html('services.html'))![1]}`);
});

test.run();
