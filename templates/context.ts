import { createContext, useContext } from 'react';
import type { Assets, MarkdownLookup } from '../generator/render/contract.ts';
import type { SiteModel } from '../generator/content/model.ts';
import type { Page } from '../generator/routes.ts';

export interface RenderContext {
  site: SiteModel;
  page: Page;
  assets: Assets;
  /** Rendered Markdown by its source text: every text the page shows, rendered before the page is. */
  markdown: MarkdownLookup;
}

export const Render = createContext<RenderContext | null>(null);

/** The site, the page being rendered and the asset lookups. */
export function useRender(): RenderContext {
  const value = useContext(Render);
  if (!value) throw new Error('a template was rendered outside <Document>');
  return value;
}

/**
 * An absolute address on the site, by generator/address.ts's rule (only the home page's ends in /; checked in
 * test/units.test.ts): templates import no code from the generator, so a project's own templates build without it.
 */
export function absolute(site: SiteModel, path: string): string {
  return path === '/' ? `${site.settings.baseUrl}/` : `${site.settings.baseUrl}${path}`;
}

/** JSON for a <script> element: `<` escaped so no string can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Fills {name} placeholders in editor-written copy. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * A title set inside a sentence: lowercase, except words that start with two capitals (ID, NAATI, IDs), which
 * would read wrongly lowercased ("national id card").
 */
export function inSentence(title: string): string {
  return title.replace(/[\p{L}'\u2019]+/gu, (word) => (/^\p{Lu}{2}/u.test(word) ? word : word.toLowerCase()));
}

/** dd/mm/yyyy from yyyy-mm-dd, the Australian way of writing a date. */
export function australianDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The months' names, January first. */
export const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

