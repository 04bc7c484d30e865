// Serves a built site the way a static host does: clean URLs, the _redirects rules, the site's own 404
// page, and the headers of _headers. Used by `site serve` and by `site check`.
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import sirv from 'sirv';
import { headersFor, type HeaderRule } from '../output/security.ts';
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
  if (!fs.existsSync(file)) return [];
  const rules: HeaderRule[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: [] });
    else {
      const at = line.indexOf(':');
      if (at > 0 && rules.length) rules[rules.length - 1].headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

/** The HTML file for a clean URL, if there is one: /a/b -> a/b/index.html or a/b.html. */
export function resolvePage(root: string, pathname: string): string | undefined {
  const clean = cleanPath(decodeURIComponent(pathname));
  if (clean.includes('\0') || clean.split('/').includes('..')) return undefined;
  const candidates = clean === '/' ? [outputFileOf(clean)] : [outputFileOf(clean), `${clean.slice(1)}.html`, clean.endsWith('.html') ? clean.slice(1) : ''];
  for (const rel of candidates) {
    if (!rel) continue;
    const abs = path.join(root, rel);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return abs;
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
    const page = path.extname(url.pathname) === '' || url.pathname.endsWith('.html') ? resolvePage(options.root, url.pathname) : undefined;
    if (page) {
      sendHtml(req, res, 200, page, options);
      return;
    }
    const type = compressible[path.extname(url.pathname)];
    const file = type ? path.join(options.root, decodeURIComponent(url.pathname)) : '';
    if (type && !file.includes('\0') && file.startsWith(options.root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const stat = fs.statSync(file);
      const cache: Record<string, string> = /\/assets\//.test(url.pathname) ? {} : { 'Cache-Control': 'no-cache' };
      send(req, res, 200, type, fs.readFileSync(file), file, `${stat.size}:${stat.mtimeMs}`, cache);
      return;
    }
    files(req, res, () => {
      const notFound = path.join(options.root, '404.html');
      if (fs.existsSync(notFound)) sendHtml(req, res, 404, notFound, options);
      else {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not Found\n');
      }
    });
  };
}

function sendHtml(req: IncomingMessage, res: ServerResponse, status: number, file: string, options: StaticOptions): void {
  const html = fs.readFileSync(file, 'utf8');
  const body = Buffer.from(options.transformHtml ? options.transformHtml(html) : html);
  const stat = fs.statSync(file);
  send(req, res, status, 'text/html; charset=utf-8', body, `${file}${options.transformHtml ? '+client' : ''}`, `${stat.size}:${stat.mtimeMs}`, { 'Cache-Control': 'no-cache' });
}
