// Images the site needs besides its content: a 1200x630 social card per kind of page (drawn by the templates:
// templates/social.ts), the favicon set (SVG, 32 px PNG, 180 px apple-touch-icon, 192 and 512 px for the
// manifest) and the web app manifest. Drawn as SVG, rendered by sharp, cached by content.
import fs from 'node:fs';
import path from 'node:path';
import { packageVersion, type Project } from '../project.ts';
import type { SiteModel } from '../content/model.ts';
import type { Output } from '../output/output.ts';
import { encoded, ImageCache, type CachedFile } from './image-cache.ts';
import { emitHashed } from './assets.ts';
import type { IconAssets, LogoMark, SocialAsset, SocialCards } from '../render/contract.ts';
import { loadSharp } from './images.ts';

/** The site's logo as its file holds it, and each kind of page's social card as SVG, drawn by the templates with the logo in it. */
export function drawCards(project: Project, model: SiteModel, social: SocialCards): { logo: string; cards: Map<string, { svg: string; alt: string }> } {
  const logo = fs.readFileSync(path.join(project.assets, 'images', model.settings.logo.src), 'utf8');
  const mark = logoMark(logo);
  const drawn = Object.entries(social.titles(model)).map(([kind, title]) => [kind, { svg: social.card(title, model, mark), alt: `${model.settings.name}: ${title}` }] as const);
  return { logo, cards: new Map(drawn) };
}

type DrawnCards = ReturnType<typeof drawCards>;

/**
 * What the cards, the icons and the manifest take from content: the cards as drawn, and what the icons and the
 * manifest show. The rest they are made from (the logo's file, the templates, this code) changes only with what
 * makes every stage run again.
 */
export function socialInputs(model: SiteModel, { cards }: DrawnCards): string {
  return JSON.stringify([[...cards], model.settings.name, model.settings.tagline, model.settings.logo.src]);
}

/** Renders the cards `drawCards` drew, and draws and renders the icons. */
export async function prepareSocial(project: Project, output: Output, model: SiteModel, { logo, cards }: DrawnCards): Promise<{ cards: Map<string, SocialAsset>; icons: IconAssets; processed: number }> {
  const cache = new ImageCache(path.join(project.cache, 'social'), `social-v2 sharp@${packageVersion('sharp')}`);
  const render = async (svg: string, name: string, formats: Omit<CachedFile, 'bytes'>[]) => {
    const bytes = Buffer.from(svg);
    const encode = async () => {
      const sharp = await loadSharp();
      const files = [];
      for (const f of formats) {
        // Drawn at the card's own size, and encoded with libjpeg rather than mozjpeg: a tenth of the time for
        // a card a third larger (about 27 KB), which only link previews fetch.
        const image = sharp(bytes).resize(f.width, f.height);
        files.push({ ...f, data: f.format === 'jpeg' ? await image.jpeg({ quality: 82 }).toBuffer() : await image.png({ compressionLevel: 9 }).toBuffer() });
      }
      return encoded({ width: formats[0].width, height: formats[0].height, vector: false }, files);
    };
    const entry = await cache.through(bytes, encode, JSON.stringify(formats));
    const urls = new Map(formats.map((f) => [f.name, emitHashed(output, `assets/${name}-${f.name}`, entry.read(f.name), `the picture drawn for ${name}`)]));
    return { urls, read: entry.read };
  };

  const cardAssets = new Map<string, SocialAsset>();
  for (const [kind, { svg, alt }] of cards) {
    const { urls } = await render(svg, `social/${kind}`, [{ name: 'card.jpg', format: 'jpeg', width: 1200, height: 630 }]);
    cardAssets.set(kind, { url: urls.get('card.jpg')!, width: 1200, height: 630, alt });
  }

  const iconSizes = [32, 180, 192, 512].map((size) => ({ name: `${size}.png`, format: 'png' as const, width: size, height: size }));
  const { urls: iconUrls, read: iconFile } = await render(iconSvg(logo), 'icons/icon', iconSizes);
  const svg = emitHashed(output, 'assets/icons/icon.svg', Buffer.from(logo), 'the icon drawn from the logo');
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
      { src: svg, sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  output.emit('site.webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);
  return { cards: cardAssets, icons: { svg, png32: iconUrls.get('32.png')!, appleTouch: iconUrls.get('180.png')!, manifest: '/site.webmanifest', png512: iconUrls.get('512.png')! }, processed: cache.made };
}

/** The favicon: the logo mark on white with a little room around it, so it reads on dark tabs too. */
function iconSvg(logo: string): string {
  const { inner, box } = logoMark(logo);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#ffffff"/><svg x="56" y="56" width="400" height="400" viewBox="${box}">${inner}</svg></svg>`;
}

function logoMark(logo: string): LogoMark {
  return { inner: logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, ''), box: /viewBox="([^"]+)"/.exec(logo)?.[1] ?? '0 0 64 64' };
}
