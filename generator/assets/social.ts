// Images the site needs besides its content: a 1200x630 social card per kind of page (the page type's title
// on the brand background, with the logo), the favicon set (SVG, 32 px PNG, 180 px apple-touch-icon, 192 and
// 512 px for the manifest) and the web app manifest. Drawn as SVG, rendered by sharp, cached by content.
import fs from 'node:fs';
import path from 'node:path';
import { packageVersion, type Project } from '../project.ts';
import type { SiteModel } from '../content/model.ts';
import type { Output } from '../output/output.ts';
import { ImageCache } from './image-cache.ts';
import { hashedName } from './assets.ts';
import type { IconAssets, SocialAsset } from '../render/contract.ts';
import { loadSharp } from './images.ts';

/** The title a page type's social card carries. */
function cardTitles(model: SiteModel): Record<string, string> {
  const p = model.pages;
  return {
    home: p.home.hero.heading,
    services: p.services.hero.heading,
    service: p.services.hero.heading,
    cities: p.cities.hero.heading,
    city: p.cities.hero.heading,
    languages: p.languages.hero.heading,
    language: `NAATI certified translations in ${model.facts.languages.count} languages`,
    process: p.process.hero.heading,
    pricing: p.pricing.hero.heading,
    blog: p.blog.hero.heading,
    post: p.blog.hero.heading,
    faq: p.faq.hero.heading,
    contact: p.contact.hero.heading,
    prose: model.settings.tagline,
    sitemap: model.settings.tagline,
  };
}

/**
 * What the cards, the icons and the manifest take from content. The rest they are made from (the logo's file,
 * this code) changes only with what makes every stage run again.
 */
export function socialInputs(model: SiteModel): string {
  return JSON.stringify([cardTitles(model), model.settings.name, model.settings.tagline, model.settings.logo.src]);
}

export async function prepareSocial(project: Project, output: Output, model: SiteModel): Promise<{ cards: Map<string, SocialAsset>; icons: IconAssets; processed: number }> {
  const cache = new ImageCache(path.join(project.cache, 'social'));
  const steps = `social-v2 sharp@${packageVersion('sharp')}`;
  const logo = fs.readFileSync(path.join(project.assets, 'images', model.settings.logo.src), 'utf8');
  let processed = 0;
  const render = async (svg: string, name: string, formats: { file: string; width: number; height: number; format: 'jpeg' | 'png' }[]) => {
    const bytes = Buffer.from(svg);
    const key = cache.key(bytes, steps + JSON.stringify(formats));
    const entry = await cache.through(key, async () => {
      const sharp = await loadSharp();
      const contents = new Map<string, Buffer>();
      for (const f of formats) {
        // Drawn at the card's own size, and encoded with libjpeg rather than mozjpeg: a tenth of the time for
        // a card a third larger (about 27 KB), which only link previews fetch.
        const image = sharp(bytes).resize(f.width, f.height);
        contents.set(f.file, f.format === 'jpeg' ? await image.jpeg({ quality: 82 }).toBuffer() : await image.png({ compressionLevel: 9 }).toBuffer());
      }
      const image = { width: formats[0].width, height: formats[0].height, vector: false, files: formats.map((f) => ({ name: f.file, format: f.format, width: f.width, height: f.height, bytes: contents.get(f.file)!.length })) };
      return { image, contents };
    });
    if (entry.made) processed++;
    const urls = new Map<string, string>();
    for (const f of formats) {
      const file = hashedName(`assets/${name}-${f.file}`, entry.read(f.file));
      output.emit(file, entry.read(f.file));
      urls.set(f.file, `/${file}`);
    }
    return { urls, read: entry.read };
  };

  const cards = new Map<string, SocialAsset>();
  for (const [kind, title] of Object.entries(cardTitles(model))) {
    const { urls } = await render(cardSvg(title, model, logo), `social/${kind}`, [{ file: 'card.jpg', width: 1200, height: 630, format: 'jpeg' }]);
    cards.set(kind, { url: urls.get('card.jpg')!, width: 1200, height: 630 });
  }

  const icon = iconSvg(logo);
  const { urls: iconUrls, read: iconFile } = await render(icon, 'icons/icon', [
    { file: '32.png', width: 32, height: 32, format: 'png' },
    { file: '180.png', width: 180, height: 180, format: 'png' },
    { file: '192.png', width: 192, height: 192, format: 'png' },
    { file: '512.png', width: 512, height: 512, format: 'png' },
  ]);
  const svgFile = hashedName('assets/icons/icon.svg', Buffer.from(logo));
  output.emit(svgFile, logo);
  // Browsers ask for /favicon.ico whatever the page says; the 32 px PNG answers (browsers read PNG there).
  output.emit('favicon.ico', iconFile('32.png'));
  const manifest = {
    name: model.settings.name,
    short_name: model.settings.name.split(' ')[0],
    description: model.settings.tagline,
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: '#12305a',
    icons: [
      { src: iconUrls.get('192.png'), sizes: '192x192', type: 'image/png' },
      { src: iconUrls.get('512.png'), sizes: '512x512', type: 'image/png' },
      { src: `/${svgFile}`, sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  output.emit('site.webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);
  return { cards, icons: { svg: `/${svgFile}`, png32: iconUrls.get('32.png')!, appleTouch: iconUrls.get('180.png')!, manifest: '/site.webmanifest', png512: iconUrls.get('512.png')! }, processed };
}

/** The favicon: the logo mark on white with a little room around it, so it reads on dark tabs too. */
function iconSvg(logo: string): string {
  const { inner, box } = logoMark(logo);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#ffffff"/><svg x="56" y="56" width="400" height="400" viewBox="${box}">${inner}</svg></svg>`;
}

/** The logo's drawing without its <svg> wrapper, and its viewBox, to place it inside another SVG. */
function logoMark(logo: string): { inner: string; box: string } {
  return { inner: logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, ''), box: /viewBox="([^"]+)"/.exec(logo)?.[1] ?? '0 0 64 64' };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Splits a title into lines of about `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

function cardSvg(title: string, model: SiteModel, logo: string): string {
  const lines = wrap(title, 26);
  const size = lines.length > 3 ? 60 : 68;
  const { inner, box } = logoMark(logo);
  const text = lines.map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : size * 1.15}">${escapeXml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0c2343"/><stop offset="0.6" stop-color="#12305a"/><stop offset="1" stop-color="#1f5fae"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<circle cx="1080" cy="80" r="220" fill="#f2b632" opacity="0.12"/><circle cx="1130" cy="560" r="160" fill="#4f86c6" opacity="0.18"/>
<rect x="80" y="70" width="96" height="96" rx="20" fill="#ffffff"/><svg x="92" y="82" width="72" height="72" viewBox="${box}">${inner}</svg>
<text x="196" y="132" font-family="Inter, 'DejaVu Sans', Arial, sans-serif" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(model.settings.name)}</text>
<text x="80" y="${lines.length > 3 ? 270 : 290}" font-family="Inter, 'DejaVu Sans', Arial, sans-serif" font-size="${size}" font-weight="800" fill="#ffffff">${text}</text>
<rect x="80" y="540" width="420" height="8" rx="4" fill="#f2b632"/>
<text x="80" y="600" font-family="Inter, 'DejaVu Sans', Arial, sans-serif" font-size="28" fill="#dbe6f5">NAATI certified · From ${escapeXml(model.settings.startingPrice)} + service fee</text>
</svg>`;
}
