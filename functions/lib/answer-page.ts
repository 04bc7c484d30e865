// Answers to a native form post (JavaScript off, or a visitor faster than the island): the page the form is
// on, as built, with the form swapped for the same component rendered with the answer (errors next to the
// fields and the typed values, or the thank-you). So the answer is in the site's design with no template of
// its own. The page is read from the built site: from disk under `site serve` (SITE_PAGES_DIR), else from the
// site's own address, as a static host serves it.
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './http.ts';
import { outputFileOf } from '../../generator/address.ts';

type Env = Record<string, string | undefined>;

/** The built page at `pathname`, or undefined when it cannot be had. */
export async function builtPage(request: Request, settings: Env, pathname: string): Promise<string | undefined> {
  const file = pathname.replace(/^\/+|\/+$/g, '');
  if (settings.SITE_PAGES_DIR) {
    try {
      return await fs.promises.readFile(path.join(settings.SITE_PAGES_DIR, outputFileOf(`/${file}`)), 'utf8');
    } catch {
      return undefined;
    }
  }
  try {
    const response = await fetch(new URL(`/${file}`, request.url), { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(5000) });
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `page` with the element that starts with `opening` (up to the first `closing` after it) replaced, its title
 * prefixed and marked not for indexing; undefined when the element is not in the page. The elements swapped
 * (a form, a contact-form island) never nest inside themselves, so the first closing tag is theirs.
 */
export function swapElement(page: string, opening: RegExp, closing: string, replacement: string, title: string): string | undefined {
  const match = opening.exec(page);
  if (!match) return undefined;
  const end = page.indexOf(closing, match.index);
  if (end === -1) return undefined;
  const swapped = page.slice(0, match.index) + replacement + page.slice(end + closing.length);
  return swapped
    .replace(/<title>/, `<title>${escapeHtml(title)} | `)
    .replace(/<meta name="robots"[^>]*>/, '')
    .replace('</head>', '<meta name="robots" content="noindex"></head>');
}

/** A page of its own, for when the built page cannot be had: still valid, still in plain words. */
export function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

/** The JSON in an element's data-props attribute, as React escaped it. */
export function readProps<T>(openingTag: string): T | undefined {
  const match = /\sdata-props="([^"]*)"/.exec(openingTag);
  if (!match) return undefined;
  const text = match[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
