// Serves a built site the way Netlify does: pages at their addresses (a/b.html at /a/b, the other form sent
// there with a 301), the _redirects rules, the site's own 404 page, and the headers of _headers.
// Used by `site serve` and by `site check`.
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { brotliCompress, gzip, constants } from 'node:zlib';
import sirv from 'sirv';
import { headersFor, parseHeaders, type HeaderRule } from '../output/header-rules.ts';
import { cleanPath, outputFileOf } from '../address.ts';

export interface StaticOptions {
  root: string;
  /** Rewrites an HTML page before it is sent, given the file sent (the dev server adds its reload client here). */
  transformHtml?: (html: string, file: string) => string;
}

/** The text of a host's file (`_headers`, `_redirects`) in the site, empty when there is none. */
function hostFile(root: string, name: string): string {
  const file = path.join(root, name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

interface RedirectRule {
  /** The rule's path: exact, or with `:name` standing for one segment, as the generator writes them. */
  from: RegExp;
  to: string;
  status: number;
  force: boolean;
}

/**
 * Reads _redirects: `from to [status][!]` per line, matched with their case as Netlify matches them, the first
 * that matches winning. `force` is a status ending in `!`: without it a rule is shadowed by a file at its address
 * (Netlify's shadowing), so a rule can never send a page's own address away. Status 404 sends the page `to` names
 * with that status (Netlify's custom 404 for a path).
 */
function readRedirects(root: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of hostFile(root, '_redirects').split('\n')) {
    const [from, to, status = ''] = line.trim().split(/\s+/);
    if (!from || from.startsWith('#') || !to) continue;
    const segments = cleanPath(from).split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&')));
    rules.push({ from: new RegExp(`^${segments.join('/')}$`), to, status: Number(status.replace(/!$/, '')) || 301, force: status.endsWith('!') });
  }
  return rules;
}

/** Reads _headers (Netlify's format: a path pattern, then indented `Name: value` lines). */
export const readHeaders = (root: string): HeaderRule[] => parseHeaders(hostFile(root, '_headers'));

/**
 * A request path decoded, or undefined when the host would refuse it: percent-encoding that is not UTF-8, a
 * NUL byte, or a step up out of the site (`..`). Such requests get a 400, never a server error.
 */
function decodePath(pathname: string): string | undefined {
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.includes('\0') || decoded.split('/').includes('..') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/**
 * The address a request names, with each run of slashes made one, as Netlify's CDN makes it before anything
 * reads it (`//map` is the page `/map` there). Parsed as it comes, a path that starts with `//` names a host:
 * `//` failed with a server error, `//faq` was the home page, and `/.//faq/` was sent on to `//faq`, another site.
 */
export function requestUrl(req: IncomingMessage, base = 'http://localhost'): URL {
  return new URL((req.url ?? '/').replace(/^[^?#]*/, (pathname) => pathname.replace(/[/\\]{2,}/g, '/')), base);
}

/** Files a static host keeps for itself: Netlify reads them and never serves them. */
const hostFiles = new Set(['/_headers', '/_redirects']);

/** The file at `rel` under `root`, when there is one (a folder is not). */
function fileAt(root: string, rel: string): string | undefined {
  const abs = path.join(root, rel);
  try {
    return fs.statSync(abs, { throwIfNoEntry: false })?.isFile() ? abs : undefined;
  } catch (error) {
    // A name longer than the file system holds (255 bytes) names no file: the 404 page, not a server error.
    if ((error as NodeJS.ErrnoException).code === 'ENAMETOOLONG') return undefined;
    throw error;
  }
}

/**
 * How the host answers a page address (a path without a file extension, or ending in .html), as Netlify does
 * (see generator/address.ts): /a/b is a/b.html; /a/b/ is a/b/index.html, else a 301 to /a/b when a/b.html
 * exists; /a/b without a/b.html is a 301 to /a/b/ when the folder a/b/ has an index.html (the editor at
 * /admin/); /a/b.html and /a/b/index.html are those files. `raw` is the path as requested, for the Location.
 */
function resolvePage(root: string, raw: string, decoded: string): { file: string } | { location: string } | undefined {
  const clean = cleanPath(decoded);
  const asPage = fileAt(root, outputFileOf(clean));
  const asFolder = fileAt(root, `${clean.slice(1)}/index.html`);
  if (decoded.endsWith('/')) {
    if (asFolder) return { file: asFolder };
    // An encoded slash (%2F) ends the path too once decoded: left in the Location, it sent /a/b%2F to itself.
    if (asPage) return { location: raw.replace(/(?:\/|%2f)+$/i, '') };
  } else {
    if (asPage) return { file: asPage };
    if (asFolder) return { location: `${raw}/` };
  }
  return undefined;
}

// Text is sent compressed, as static hosts and CDNs do, so what is measured here is what visitors get.
const compressible: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Sends a body, compressed with Brotli or gzip when the client takes it. Compression runs on libuv's threads: the
 * editor's 5 MB script would otherwise hold every other request for a few hundred milliseconds.
 */
function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: Buffer, extra: Record<string, string> = {}): void {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = body.length <= 512 ? undefined : /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
  const reply = (error: Error | null, payload: Buffer) => {
    if (error) return void res.destroy(error);
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Length': payload.length,
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      ...extra,
    });
    res.end(req.method === 'HEAD' ? undefined : payload);
  };
  if (encoding === 'br') brotliCompress(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }, reply);
  else if (encoding === 'gzip') gzip(body, { level: 6 }, reply);
  else reply(null, body);
}

export function staticHandler(options: StaticOptions): RequestListener {
  const files = sirv(options.root, {
    dev: true,
    etag: true,
    // sirv sends a type it does not know (mrmime has no .ico) as an empty Content-Type: a favicon goes as static
    // hosts commonly send it.
    setHeaders: (res, pathname) => {
      if (path.extname(pathname) === '.ico') res.setHeader('Content-Type', 'image/x-icon');
    },
  });
  return (req, res) => {
    const url = requestUrl(req);
    const decoded = decodePath(url.pathname);
    // Matched against the path the file is found by: matched as sent, /%63ontact was the contact page without
    // its Content-Security-Policy, and /%61dmin/ the editor without its own.
    for (const [name, value] of headersFor(readHeaders(options.root), decoded ?? url.pathname)) res.setHeader(name, value);
    if (decoded === undefined) return plain(res, 400, 'Bad Request: the address is not a valid path');
    // Matched decoded, as Netlify matches them: matched as sent, /services/passports%2Dids was a 404.
    const redirect = readRedirects(options.root).find((rule) => rule.from.test(cleanPath(decoded)));
    const page = path.extname(decoded) === '' || decoded.endsWith('.html') ? resolvePage(options.root, url.pathname, decoded) : undefined;
    // A page shadows a rule at its address with a slash after it too (netlify dev finds /a/b.html for /a/b/), so
    // /blog/post/ is the post's 301, not the blog's 404 rule.
    const shadowed = !hostFiles.has(cleanPath(decoded)) && (page !== undefined || (!decoded.endsWith('/') && fileAt(options.root, decoded) !== undefined));
    if (redirect && (redirect.force || !shadowed)) {
      if (redirect.status === 404) return notFound(req, res, options, redirect.to);
      return void res.writeHead(redirect.status, { Location: redirect.to + url.search }).end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    if (hostFiles.has(cleanPath(decoded))) return notFound(req, res, options);
    if (page && 'location' in page) return void res.writeHead(301, { Location: page.location + url.search }).end();
    if (page) return sendHtml(req, res, 200, page.file, options);
    // A file is no folder on Netlify: /robots.txt/ (or /a/b.html/) is the 404 page there, where sirv sent the file.
    if (decoded.endsWith('/')) return notFound(req, res, options);
    // decodePath refused any "..", so the file is inside the root.
    const type = compressible[path.extname(url.pathname)];
    const file = type && fileAt(options.root, decoded);
    const caching: Record<string, string> = /\/assets\//.test(url.pathname) ? {} : { 'Cache-Control': 'no-cache' };
    if (file) return send(req, res, 200, type, fs.readFileSync(file), caching);
    files(req, res, () => notFound(req, res, options));
  };
}

/** The site's own 404 page (or `file`, a part of the site's, that a rule of status 404 names), as the host sends it. */
function notFound(req: IncomingMessage, res: ServerResponse, options: StaticOptions, file = '/404.html'): void {
  const page = path.join(options.root, file);
  if (fs.existsSync(page)) sendHtml(req, res, 404, page, options);
  else plain(res, 404, 'Not Found');
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...extra, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}

function sendHtml(req: IncomingMessage, res: ServerResponse, status: number, file: string, options: StaticOptions): void {
  const html = fs.readFileSync(file, 'utf8');
  const body = Buffer.from(options.transformHtml ? options.transformHtml(html, path.relative(options.root, file).split(path.sep).join('/')) : html);
  send(req, res, status, 'text/html; charset=utf-8', body, { 'Cache-Control': 'no-cache' });
}
