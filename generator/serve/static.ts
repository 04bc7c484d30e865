// Serves a built site the way a static host does: clean URLs, the _redirects rules, the site's own 404
// page, and the headers of _headers. Used by `site serve` and by `site check`.
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import { headersFor, type HeaderRule } from '../output/security.ts';

export interface StaticOptions {
  root: string;
  /** Applied to every response; _headers rules as data. */
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

/** The HTML file for a clean URL, if there is one: /a/b -> a/b/index.html or a/b.html. */
export function resolvePage(root: string, pathname: string): string | undefined {
  const clean = decodeURIComponent(pathname).replace(/\/+$/, '') || '/';
  if (clean.includes('\0') || clean.split('/').includes('..')) return undefined;
  const candidates = clean === '/' ? ['index.html'] : [`${clean.slice(1)}/index.html`, `${clean.slice(1)}.html`, clean.endsWith('.html') ? clean.slice(1) : ''];
  for (const rel of candidates) {
    if (!rel) continue;
    const abs = path.join(root, rel);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return abs;
  }
  return undefined;
}

export function staticHandler(options: StaticOptions): Handler {
  const files = sirv(options.root, { dev: true, etag: true, dotfiles: false });
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    for (const [name, value] of headersFor(options.headers ?? [], url.pathname)) res.setHeader(name, value);
    const redirect = readRedirects(options.root).get(url.pathname.replace(/\/+$/, '') || '/');
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
      sendHtml(res, 200, fs.readFileSync(page, 'utf8'), options, req.method === 'HEAD');
      return;
    }
    files(req, res, () => {
      const notFound = path.join(options.root, '404.html');
      if (fs.existsSync(notFound)) sendHtml(res, 404, fs.readFileSync(notFound, 'utf8'), options, req.method === 'HEAD');
      else {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not Found\n');
      }
    });
  };
}

function sendHtml(res: ServerResponse, status: number, html: string, options: StaticOptions, head: boolean): void {
  const body = options.transformHtml ? options.transformHtml(html) : html;
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-cache' });
  res.end(head ? undefined : body);
}
