// What the generator gives templates, and what it expects back. Templates import these types only; they
// never read files or the clock: everything arrives as props, and assets through these lookups.
import type { ComponentType } from 'react';
import type { SiteModel } from '../content/model.ts';
import type { Page } from '../routes.ts';

export interface ImageAsset {
  /** The fallback file's address. */
  src: string;
  width: number;
  height: number;
  /** Modern formats (AVIF, WebP) for a <picture>, best first. */
  sources: { type: string; srcset: string }[];
  /** Widths of the fallback, for srcset; empty for vector images. */
  srcset?: string;
  /** A CSS background shown until the image arrives: a colour or a tiny data URL. */
  placeholder?: string;
}

export interface FlagAsset {
  src: string;
  /** 1x and 2x pictures, when the flag is sent as a picture rather than SVG. */
  srcset?: string;
  width: number;
  height: number;
}

export interface SocialAsset {
  url: string;
  width: number;
  height: number;
  /** What the card shows, for og:image:alt: the site's name and the card's heading. */
  alt: string;
}

export interface IconAssets {
  svg: string;
  png32: string;
  appleTouch: string;
  manifest: string;
  /** An absolute-ready address of a 512 px PNG, for structured data. */
  png512: string;
}

export interface Assets {
  stylesheet: string;
  /** A processed image by its path under assets/images/. Throws for an image that does not exist. */
  image(src: string): ImageAsset;
  /** The flag of a lowercase country code. */
  flag(countryCode: string): FlagAsset;
  /** The inner markup of a Lucide icon. */
  icon(name: string): string;
  /** The address of a file under assets/ copied as is (favicons, fonts), by its path there. */
  file(name: string): string;
  /** Hero image choices available for a regional set, e.g. heroes/asian-3.svg. */
  heroes(set: string): string[];
  /**
   * Markup that is the same on many pages (the header of a section, the footer): `render` runs once per build
   * for `name` and each distinct `inputs` (plain data: everything the markup depends on besides the site), and
   * every later call with equal inputs returns the same string.
   */
  shared(name: string, inputs: Record<string, unknown>, render: () => string): string;
  /** The social card (og:image) of a kind of page. */
  social(kind: string): SocialAsset;
  icons: IconAssets;
  /** The address of a client script (`site`, run by every page) and a note that the page loads it. */
  script(name: string): string;
  /** The address of an island's module, and a note that the page wakes it at `wake`. */
  island(name: string, wake: Wake): string;
}

export type Wake = 'load' | 'idle' | 'visible' | 'interaction';

export interface DocumentProps {
  page: Page;
  site: SiteModel;
  assets: Assets;
  /** Rendered Markdown by its source text (the markdown stage's result): every text the page shows. */
  markdown: MarkdownLookup;
}

/** The HTML of a Markdown text, looked up by the text. */
export interface MarkdownLookup {
  get(text: string): string | undefined;
}

/** The site's logo drawing without its <svg> wrapper, and its viewBox, to place inside another SVG. */
export interface LogoMark {
  inner: string;
  box: string;
}

/** The social cards (og:image) the templates draw; the generator renders each to a 1200x630 picture. */
export interface SocialCards {
  /** The title each kind of page's card carries; a kind without one shows the home page's card. */
  titles(site: SiteModel): Record<string, string>;
  /** A 1200x630 card carrying `title`, as SVG. */
  card(title: string, site: SiteModel, logo: LogoMark): string;
}

export interface TemplateModule {
  Document: ComponentType<DocumentProps>;
  social: SocialCards;
}
