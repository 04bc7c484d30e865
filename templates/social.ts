// The social cards (og:image): which heading each kind of page's card carries, and the card's drawing as SVG.
// The generator renders each SVG to a 1200x630 JPEG (generator/assets/social.ts).
import type { SiteModel } from '../generator/content/model.ts';
import type { LogoMark, SocialCards } from '../generator/render/contract.ts';
import { withFee } from './components/plans.tsx';

export const social: SocialCards = { titles, card };

/** The title a page type's social card carries. */
function titles(site: SiteModel): Record<string, string> {
  const p = site.pages;
  return {
    home: p.home.hero.heading,
    services: p.services.hero.heading,
    service: p.services.hero.heading,
    cities: p.cities.hero.heading,
    city: p.cities.hero.heading,
    languages: p.languages.hero.heading,
    language: `NAATI certified translations in ${site.facts.languages.count} languages`,
    process: p.process.hero.heading,
    pricing: p.pricing.hero.heading,
    blog: p.blog.hero.heading,
    post: p.blog.hero.heading,
    faq: p.faq.hero.heading,
    contact: p.contact.hero.heading,
    prose: site.settings.tagline,
    sitemap: site.settings.tagline,
  };
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

function card(title: string, site: SiteModel, logo: LogoMark): string {
  const lines = wrap(title, 26);
  const size = lines.length > 3 ? 60 : 68;
  const text = lines.map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : size * 1.15}">${escapeXml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0c2343"/><stop offset="0.6" stop-color="#12305a"/><stop offset="1" stop-color="#1f5fae"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<circle cx="1080" cy="80" r="220" fill="#f2b632" opacity="0.12"/><circle cx="1130" cy="560" r="160" fill="#4f86c6" opacity="0.18"/>
<rect x="80" y="70" width="96" height="96" rx="20" fill="#ffffff"/><svg x="92" y="82" width="72" height="72" viewBox="${logo.box}">${logo.inner}</svg>
<text x="196" y="132" font-family="Inter, 'DejaVu Sans', Arial, sans-serif" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(site.settings.name)}</text>
<text x="80" y="${lines.length > 3 ? 270 : 290}" font-family="Inter, 'DejaVu Sans', Arial, sans-serif" font-size="${size}" font-weight="800" fill="#ffffff">${text}</text>
<rect x="80" y="540" width="420" height="8" rx="4" fill="#f2b632"/>
<text x="80" y="600" font-family="Inter, 'DejaVu Sans', Arial, sans-serif" font-size="28" fill="#dbe6f5">NAATI certified · From ${escapeXml(withFee(site.settings.startingPrice, site.plans.serviceFee))} incl. service fee</text>
</svg>`;
}
