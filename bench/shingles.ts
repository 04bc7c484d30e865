// The maths of `npm run uniqueness`: how much of a page's wording is its own. A page's text becomes words,
// the words overlapping five-word sequences (shingles), and a page's unique share is the part of its
// distinct shingles that no other page of its kind contains. Template text shared by every page scores 0,
// text written for one page scores 1, so the share says how far a page is more than its template.
import { parse } from 'node-html-parser';

export const shingleSize = 5;

/**
 * Lowercase words of any script; punctuation and spacing are dropped so markup and line breaks never change
 * a count. Apostrophes stay inside words (don't, Ngā's); marks stay with their letters (Devanagari, Thai).
 */
export function words(text: string): string[] {
  return text.toLowerCase().replace(/[’‘]/g, "'").match(/[\p{L}\p{N}\p{M}]+(?:'[\p{L}\p{N}\p{M}]+)*/gu) ?? [];
}

/** The distinct runs of `size` consecutive words; none when the text is shorter than one run. */
export function shingles(list: string[], size = shingleSize): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + size <= list.length; i++) out.add(list.slice(i, i + size).join(' '));
  return out;
}

/**
 * The text of a page's main content: `<main>` without the site's navigation (breadcrumbs, menus), headers,
 * footers and scripts, which every page carries and which say nothing about the page itself.
 */
export function mainText(html: string): string {
  const root = parse(html);
  const main = root.querySelector('main') ?? root.querySelector('body') ?? root;
  for (const element of main.querySelectorAll('header, footer, nav, script, style, noscript, template')) element.remove();
  // structuredText breaks lines between block elements: templates put no spaces between list items, and
  // plain textContent would glue the last word of one to the first of the next.
  return main.structuredText;
}

export interface PageText {
  id: string;
  text: string;
}

export interface Uniqueness {
  id: string;
  /** Distinct shingles on the page. */
  shingles: number;
  /** Of those, the ones found on no other page measured with it. */
  unique: number;
  /** unique / shingles, 0 for a page too short to have a shingle. */
  share: number;
}

/** Each page's unique share among the pages given (compare pages of one kind: languages with languages). */
export function uniqueness(pages: PageText[], size = shingleSize): Uniqueness[] {
  const sets = pages.map((p) => shingles(words(p.text), size));
  const pagesWith = new Map<string, number>();
  for (const set of sets) for (const s of set) pagesWith.set(s, (pagesWith.get(s) ?? 0) + 1);
  return pages.map((p, i) => {
    let unique = 0;
    for (const s of sets[i]) if (pagesWith.get(s) === 1) unique++;
    return { id: p.id, shingles: sets[i].size, unique, share: sets[i].size ? unique / sets[i].size : 0 };
  });
}

export function median(values: number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface Summary {
  pages: number;
  median: number;
  min: number;
  /** The lowest shares first. */
  worst: Uniqueness[];
}

export function summarise(results: Uniqueness[], worst = 10): Summary {
  const shares = results.map((r) => r.share);
  return {
    pages: results.length,
    median: median(shares),
    min: shares.length ? Math.min(...shares) : NaN,
    worst: [...results].sort((a, b) => a.share - b.share || a.id.localeCompare(b.id)).slice(0, worst),
  };
}
