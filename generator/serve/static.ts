// Serves a built site the way Netlify does: pages at their addresses (a/b.html at /a/b, the other form sent
// there with a 301), the _redirects rules, the site's own 404 page, and the headers of _headers.
// Used by `site serve` and by `site check`.
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import sirv from 'sirv';
import { headersFor, parseHeaders, type HeaderRule } from '../output/header-rules.ts';
import { cleanPath, outputFileOf } from '../address.ts';

export interface StaticOptions {
  root: string;
  /** Applied to every response; _headers rules as data. Without them, the folder's own _headers file is read. */
  headers?: HeaderRule[];
  /** Rewrites an HTML page before it is sent (the dev server adds its reload client here). */
  transformHtml?: (html: string) => string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Reads _redirects: `from to [status]` per line; exact paths only, as the generator writes them. */
export function readRedirects(root: string): Map<string, { to: string; status: number }> {
  const rules = new Map<string, { to: string; status: number }>();
  const file = path.join(root, '_redirects');
  if (!fs.existsSync(file)) return rules;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || from.startsWith('#') || !to) continue;
    rules.set(from, { to, status: Number(status) || 301 });
  }
  return rules;
}

/** Reads _headers (Netlify's format: a path pattern, then indented `Name: value` lines). */
export function readHeaders(root: string): HeaderRule[] {
  const file = path.join(root, '_headers');
  return fs.existsSync(file) ? parseHeaders(fs.readFileSync(file, 'utf8')) : [];
}

/**
 * A request path decoded, or undefined when the host would refuse it: percent-encoding that is not UTF-8, a
 * NUL byte, or a step up out of the site (`..`). Such requests get a 400, never a server error.
 */
export function decodePath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').includes('..')) return undefined;
  return decoded;
}

/** Files a static host keeps for itself: Netlify reads them and never serves them. */
const hostFiles = new Set(['/_headers', '/_redirects']);

export type PageAnswer = { file: string } | { location: string };

/**
 * How the host answers a page address (a path without a file extension, or ending in .html), as Netlify does
 * (see generator/address.ts): /a/b is a/b.html; /a/b/ is a/b/index.html, else a 301 to /a/b when a/b.html
 * exists; /a/b without a/b.html is a 301 to /a/b/ when the folder a/b/ has an index.html (the editor at
 * /admin/); /a/b.html and /a/b/index.html are those files. `raw` is the path as requested, for the Location.
 */
export function resolvePage(root: string, raw: string, decoded: string): PageAnswer | undefined {
  const isFile = (rel: string) => {
    const abs = path.join(root, rel);
    return fs.existsSync(abs) && fs.statSync(abs).isFile() ? abs : undefined;
  };
  if (decoded.endsWith('.html')) {
    const file = isFile(decoded.slice(1));
    return file ? { file } : undefined;
  }
  if (decoded === '/') {
    const file = isFile('index.html');
    return file ? { file } : undefined;
  }
  const clean = cleanPath(decoded);
  const asPage = isFile(outputFileOf(clean));
  const asFolder = isFile(`${clean.slice(1)}/index.html`);
  if (decoded.endsWith('/')) {
    if (asFolder) return { file: asFolder };
    if (asPage) return { location: raw.replace(/\/+$/, '') };
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
/** Compressed bodies by file and encoding, each made when first asked for (a page just rebuilt is waited for). */
const compressed = new Map<string, { version: string; body: Buffer }>();

function encode(cacheKey: string, version: string, body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${cacheKey}`;
  const hit = compressed.get(key);
  if (hit?.version === version) return hit.body;
  const encoded = encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }) : gzipSync(body, { level: 6 });
  compressed.set(key, { version, body: encoded });
  return encoded;
}

/** Sends a body, compressed with Brotli or gzip when the client takes it. */
function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: Buffer, cacheKey: string, version: string, extra: Record<string, string> = {}): void {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
  const payload = encoding && body.length > 512 ? encode(cacheKey, version, body, encoding) : body;
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': payload.length,
    Vary: 'Accept-Encoding',
    ...(payload !== body ? { 'Content-Encoding': encoding! } : {}),
    ...extra,
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

export function staticHandler(options: StaticOptions): Handler {
  const files = sirv(options.root, { dev: true, etag: true, dotfiles: false });
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    for (const [name, value] of headersFor(options.headers ?? readHeaders(options.root), url.pathname)) res.setHeader(name, value);
    const decoded = decodePath(url.pathname);
    if (decoded === undefined) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad Request: the address is not a valid path\n');
      return;
    }
    const redirect = readRedirects(options.root).get(cleanPath(url.pathname));
    if (redirect) {
      res.writeHead(redirect.status, { Location: redirect.to + url.search });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed\n');
      return;
    }
    if (hostFiles.has(cleanPath(decoded))) {
      notFound(req, res, options);
      return;
    }
    const page = path.extname(decoded) === '' || decoded.endsWith('.html') ? resolvePage(options.root, url.pathname, decoded) : undefined;
    if (page && 'location' in page) {
      res.writeHead(301, { Location: page.location + url.search });
      res.end();
      return;
    }
    if (page) {
      sendHtml(req, res, 200, page.file, options);
      return;
    }
    const type = compressible[path.extname(url.pathname)];
    const file = type ? path.join(options.root, decoded) : '';
    if (type && file.startsWith(options.root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const stat = fs.statSync(file);
      const cache: Record<string, string> = /\/assets\//.test(url.pathname) ? {} : { 'Cache-Control': 'no-cache' };
      send(req, res, 200, type, fs.readFileSync(file), file, `${stat.size}:${stat.mtimeMs}`, cache);
      return;
    }
    files(req, res, () => notFound(req, res, options));
  };
}

/** The site's own 404 page, as the host sends it. */
function notFound(req: IncomingMessage, res: ServerResponse, options: StaticOptions): void {
  const page = path.join(options.root, '404.html');
  if (fs.existsSync(page)) sendHtml(req, res, 404, page, options);
  else {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not Found\n');
  }
}

function sendHtml(req: IncomingMessage, res: ServerResponse, status: number, file: string, options: StaticOptions): void {
  const html = fs.readFileSync(file, 'utf8');
  const body = Buffer.from(options.transformHtml ? options.transformHtml(html) : html);
  const stat = fs.statSync(file);
  send(req, res, status, 'text/html; charset=utf-8', body, `${file}${options.transformHtml ? '+client' : ''}`, `${stat.size}:${stat.mtimeMs}`, { 'Cache-Control': 'no-cache' });
}
