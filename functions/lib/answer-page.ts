// Answers to a native form post (JavaScript off, or a visitor faster than the island): the page the form is
// on, as built, with the form swapped for the same component rendered with the answer (errors next to the
// fields and the typed values, or the thank-you). So the answer is in the site's design with no template of
// its own. The page is read from the built site: from disk under `site serve` (SITE_PAGES_DIR), else from the
// site's own address, as a static host serves it.
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml, type Context } from './http.ts';
import { outputFileOf } from '../../generator/address.ts';
import { headersFor, parseHeaders } from '../../generator/output/header-rules.ts';

type Env = Record<string, string | undefined>;

/** A built page and the security headers the host gives it, which its answers carry too. */
export interface BuiltPage {
  text?: string;
  headers: Record<string, string>;
}

/**
 * The security headers an answer page carries. A host's _headers file does not reach a function's answer (on
 * Netlify, `_headers` applies to files, not functions), so the answer repeats the site's own headers as the
 * host serves them: read from the built site's _headers under `site serve`, or from the page's own response.
 */
const securityHeaderNames = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'x-frame-options', 'strict-transport-security', 'cross-origin-opener-policy'];

/** When the site's own headers cannot be had: the page is a plain one, with no script, style file or frame. */
export const plainPageHeaders: Record<string, string> = {
  'content-security-policy': "default-src 'none'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * The security headers a _headers file gives the page at `pathname` (with or without its trailing slash):
 * every rule whose path matches, a later rule's header replacing an earlier one's, as the host applies them.
 */
export function pageHeaders(file: string, pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headersFor(parseHeaders(file), `/${pathname.replace(/^\/+|\/+$/g, '')}`)) {
    if (securityHeaderNames.includes(name.toLowerCase())) out[name.toLowerCase()] = value;
  }
  return out;
}

/** `found` with every header an answer page must have; a policy without frame-ancestors gets it. */
function complete(found: Record<string, string>, fallback: Record<string, string>): Record<string, string> {
  const out = { ...fallback, ...found };
  if (!/frame-ancestors/.test(out['content-security-policy'])) out['content-security-policy'] += "; frame-ancestors 'none'";
  return out;
}

/**
 * The built page at `pathname` and its security headers; no text when the page cannot be had. Read from the
 * address the request came to, unless that is plain http: behind a proxy that ends TLS it is http:// and often an
 * internal host, so the site's main address is used (Netlify's context.site.url, else the URL setting). A deploy
 * preview's https:// request reads its own pages. Never X-Forwarded-Host: the client could name any server.
 */
export async function builtPage(request: Request, context: Context, settings: Env, pathname: string): Promise<BuiltPage> {
  const file = pathname.replace(/^\/+|\/+$/g, '');
  if (settings.SITE_PAGES_DIR) {
    let headers: Record<string, string> = {};
    try {
      headers = pageHeaders(await fs.promises.readFile(path.join(settings.SITE_PAGES_DIR, '_headers'), 'utf8'), pathname);
    } catch {
      // No _headers: the plain page's headers below.
    }
    try {
      const text = await fs.promises.readFile(path.join(settings.SITE_PAGES_DIR, outputFileOf(`/${file}`)), 'utf8');
      return { text, headers: complete(headers, plainPageHeaders) };
    } catch {
      return { headers: plainPageHeaders };
    }
  }
  try {
    const base = new URL(request.url).protocol === 'https:' ? request.url : context.site?.url || settings.URL || request.url;
    const response = await fetch(new URL(`/${file}`, base), { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return { headers: plainPageHeaders };
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (securityHeaderNames.includes(name)) headers[name] = value;
    });
    return { text: await response.text(), headers: complete(headers, plainPageHeaders) };
  } catch {
    return { headers: plainPageHeaders };
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
