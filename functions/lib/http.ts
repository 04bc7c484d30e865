// What the form functions share about HTTP: reading a bounded body as JSON or as a native form post, the
// client's address, JSON answers, and a per-client rate limit.
import { isIPv6 } from 'node:net';
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { KeyValueStore } from './store.ts';
import { UploadedFile } from './not-text.ts';

export type BodyKind = 'json' | 'form';

/** The kind of body the Content-Type announces, or undefined for anything the functions do not take. */
export function bodyKind(request: Request): BodyKind | undefined {
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/json\s*(;|$)/i.test(type)) return 'json';
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type)) return 'form';
  return undefined;
}

/**
 * Whether to answer with a page: a form post (a browser sends one when JavaScript is off) or anything a browser
 * navigates with, unless it asks for JSON (the island and scripts do).
 */
export function wantsPage(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  if (/application\/json/i.test(accept)) return false;
  return bodyKind(request) === 'form' || (bodyKind(request) === undefined && /text\/html/i.test(accept));
}

/** The body's bytes, or undefined when it passes `limit` bytes (the rest is not read). */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return undefined;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** What a function says when a request is not one it takes. */
export interface RefusalMessages {
  method: string;
  origin: string;
  type: string;
  tooLarge: string;
  encoding: string;
}

export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
  /**
   * The fields of a post refused as too large (a form post's, or a JSON object's text fields), when they could be
   * read, so the answer can name the field that is too long and the answer page keeps them.
   */
  salvaged?: Record<string, string>;
}

/**
 * Whether a request comes from a page of another site: a browser says so with Sec-Fetch-Site, and with an
 * Origin whose host is not the one the request was sent to (`null` included: a sandboxed or opaque page, and one
 * that is more than a scheme and a host, as `http://localhost/contact`, which no browser sends), or,
 * without an Origin (an older browser's form post), a Referer of another host.
 * Without them (a script, a mail client's test) it is taken: only a browser can be made to post by another
 * site's page, with its visitor's address, past the per-client limit and on their behalf. The host is matched
 * against the request's address and its Host header (and a proxy's X-Forwarded-Host), never the scheme, so a
 * proxy that ends TLS before the function does not turn the site's own posts away.
 */
export function fromOtherSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('origin');
  // An older browser sends neither with a form post, but names the page it came from in Referer.
  const page = origin ?? request.headers.get('referer');
  if (page === null) return false;
  const from = URL.parse(page);
  if (!from || (from.protocol !== 'http:' && from.protocol !== 'https:')) return true;
  // An Origin is a scheme and a host, nothing more: one with a path, a user name or a query is no browser's, and
  // is not taken as this site's because its host happens to be.
  if (origin !== null && from.origin !== origin.toLowerCase()) return true;
  return !isOwnHost(request, from.host);
}

/**
 * Whether `host` is the one the request was sent to: the request's address, its Host header or a proxy's
 * X-Forwarded-Host. Never the scheme: behind a proxy that ends TLS the request is http:// while the page was https://.
 */
export function isOwnHost(request: Request, host: string): boolean {
  const own = [new URL(request.url).host, ...['host', 'x-forwarded-host'].map((name) => request.headers.get(name)?.split(',')[0].trim())]
    .map((name) => name && URL.parse(`http://${name}`)?.host)
    .filter(Boolean);
  return own.includes(URL.parse(`http://${host}`)?.host);
}

/**
 * A request's body as the form functions take it: the parsed JSON (undefined when it does not parse) or the
 * fields of a form post. A request of another method or type, or a body over `limit` bytes, is refused (405,
 * 415, 413), and so is one a page of another site sent (403), for the caller to answer as JSON or as a page. A
 * body over the limit is still read up to four times the limit, so the answer that refuses it can say which field
 * is too long and the page can give back what was typed.
 */
export async function receive(request: Request, limit: number, messages: RefusalMessages): Promise<{ refused: Refusal } | { kind: BodyKind; body: unknown }> {
  if (request.method !== 'POST') return { refused: { status: 405, message: messages.method, headers: { Allow: 'POST' } } };
  if (fromOtherSite(request)) return { refused: { status: 403, message: messages.origin } };
  const kind = bodyKind(request);
  if (!kind) return { refused: { status: 415, message: messages.type } };
  const type = request.headers.get('content-type') ?? '';
  if (kind === 'form') {
    // Read once, up to four times the limit. (Not a clone read first: cancelling a clone's reader waits for the
    // original to be read or cancelled too, so a post over the limit without a Content-Length was never answered.)
    const bytes = await readBytes(request, 4 * limit);
    if (bytes === undefined || bytes.byteLength > limit) {
      return { refused: { status: 413, message: messages.tooLarge, salvaged: bytes && (await formFields(bytes, type).catch(() => undefined)) } };
    }
    let fields: Record<string, string>;
    try {
      fields = await formFields(bytes, type);
    } catch {
      // A multipart body that does not parse has no fields: the schema names the first one missing.
      return { kind, body: {} };
    }
    return garbled(bytes, type, fields) ? { refused: { status: 400, message: messages.encoding, salvaged: fields } } : { kind, body: fields };
  }
  const bytes = await readBytes(request, 4 * limit);
  if (bytes === undefined || bytes.byteLength > limit) return { refused: { status: 413, message: messages.tooLarge, salvaged: bytes && jsonTextFields(bytes) } };
  // Decoded as it is, text in another encoding (Latin-1's é) would be kept with U+FFFD in place of its letters.
  if (!isUtf8(bytes)) return { refused: { status: 400, message: messages.encoding } };
  const body = parseJson(bytes);
  // JSON can also carry half of a character (a lone surrogate, \ud800), which no UTF-8 can hold: kept, it would be
  // mailed as U+FFFD, and two such texts would be one enquiry. Only the top level matters: the schemas take no deeper text.
  const halves = (text: unknown) => typeof text === 'string' && /\p{Cs}/u.test(text);
  const fields = body && typeof body === 'object' ? Object.entries(body).flat() : [body];
  if (fields.some(halves)) return { refused: { status: 400, message: messages.encoding } };
  return { kind, body };
}

/** A UTF-8 body's JSON, its objects holding only their own properties; undefined when it does not parse. */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return ownOnly(JSON.parse(new TextDecoder().decode(bytes)) as unknown);
  } catch {
    return undefined;
  }
}

/** The text fields of a JSON object's body, or undefined when it is no UTF-8 JSON object. */
function jsonTextFields(bytes: Uint8Array): Record<string, string> | undefined {
  const body = isUtf8(bytes) ? parseJson(bytes) : undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') setOwn(out, name, value);
  return out;
}

/**
 * Whether a form post's text was not UTF-8 (a form with another accept-charset, a script's Latin-1): the parsers
 * put U+FFFD for each byte or %-escape that is not, silently, so a name would be stored and mailed with its
 * letters gone. Only a post whose fields hold U+FFFD is looked at again; a file's bytes are not text.
 */
function garbled(bytes: Uint8Array, type: string, fields: Record<string, unknown>): boolean {
  if (!Object.values(fields).some((value) => typeof value === 'string' && value.includes('\ufffd'))) return false;
  if (/^multipart\//i.test(type)) return !isUtf8(bytes);
  try {
    // A lone % is taken literally, as URLSearchParams takes it; decodeURIComponent then fails only on bytes that are not UTF-8.
    decodeURIComponent(new TextDecoder().decode(bytes).replace(/%(?![0-9a-f]{2})/gi, '%25'));
    return !isUtf8(bytes);
  } catch {
    return true;
  }
}

/** Sets a field as the object's own, even one named like Object.prototype's (`__proto__`, `constructor`). */
export function setOwn(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** A parsed JSON object as a plain object of its own keys; JSON.parse already makes `__proto__` an own key. */
function ownOnly(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(value)) setOwn(out, name, (value as Record<string, unknown>)[name]);
  return out;
}

/**
 * A form post (URL-encoded or multipart) as a plain object of its own fields. A name sent twice keeps its
 * first value, as a form has one control per name; a file is kept as an UploadedFile for the schema to refuse;
 * any name, `__proto__` and `constructor` included, is kept as a field for the schema to judge, as in JSON.
 */
export async function formFields(bytes: Uint8Array, type: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const entries: Iterable<[string, unknown]> = /^multipart\/form-data/i.test(type)
    ? (await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData()).entries()
    : new URLSearchParams(new TextDecoder().decode(bytes));
  for (const [name, value] of entries) if (!Object.hasOwn(out, name)) setOwn(out, name, typeof value === 'string' ? value : new UploadedFile());
  return out;
}

export interface Context {
  ip?: string;
  /** Netlify's: the site's main address (`url`), which a function's answers link and read pages from. */
  site?: { url?: string };
  /** The settings, when the host passes them rather than leaving them in process.env (`site serve` does). */
  env?: Env;
}

type Env = Record<string, string | undefined>;

/**
 * The client's address, from the one source the settings trust: CLIENT_ADDRESS_HEADER names a header that the
 * platform's own proxy sets (for a list such as X-Forwarded-For, the last entry: the one that proxy added);
 * unset, the platform's context (Netlify's context.ip, the socket under `site serve`). Any other header is the
 * client's own word and could be rotated to dodge the limit. Undefined when the trusted source gives nothing.
 */
export function clientIp(request: Request, context: Context, settings: Env = {}): string | undefined {
  const header = settings.CLIENT_ADDRESS_HEADER?.trim();
  if (header) return withoutPort(request.headers.get(header)?.split(',').at(-1)?.trim() ?? '') || undefined;
  return context.ip || undefined;
}

/**
 * An address as some proxies write it (Azure's X-Forwarded-For: `1.2.3.4:5678`, `[2001:db8::1]:443`) without
 * its port, which changes with every connection and would give each one a bucket of its own. Only the two
 * unmistakable forms are taken apart: a bare IPv6 address is all colons too.
 */
function withoutPort(address: string): string {
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address);
  if (v4) return v4[1];
  const v6 = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
  return v6 ? v6[1] : address;
}

/**
 * The network a client's address stands for in the rate limit: an IPv4 address itself (written IPv4-mapped too,
 * as a dual-stack socket gives it), an IPv6 address its /64. A subscriber is given a whole /64 (often more), and
 * every address in it is theirs to use, so a limit per IPv6 address is dodged by changing the last bits.
 */
export function addressNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail] = ip.replace(/%.*$/, '').split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // An IPv4 address written at the end is two groups.
  const width = (part: string[]) => part.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${all.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

let warnedNoAddress = false;

/**
 * The rate-limit bucket of a request (its client's network: see addressNetwork) and its limit per minute
 * (RATE_LIMIT_PER_MINUTE, default 5). Requests
 * with no trusted address share one bucket with twenty times the limit: enough for a site's ordinary visitors,
 * still a ceiling on a flood, and never five requests that shut the form for everyone.
 */
export function rateBucket(request: Request, context: Context, settings: Env): { bucket: string; limit: number; ip: string } {
  const limit = Number(settings.RATE_LIMIT_PER_MINUTE) || 5;
  const ip = clientIp(request, context, settings);
  if (ip) return { bucket: `ip ${addressNetwork(ip)}`, limit, ip };
  if (!warnedNoAddress) {
    warnedNoAddress = true;
    console.warn(`forms: no client address (${settings.CLIENT_ADDRESS_HEADER ? `no ${settings.CLIENT_ADDRESS_HEADER} header` : 'the platform gave none; set CLIENT_ADDRESS_HEADER'}), so requests share one rate limit of ${limit * 20} a minute`);
  }
  return { bucket: 'no address', limit: limit * 20, ip: '' };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers } });
}

export function html(status: number, markup: string, headers: Record<string, string> = {}): Response {
  return new Response(markup, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers } });
}

/**
 * Opens the store for the rate limit; one that cannot be opened (Netlify Blobs outside its context) is none, and
 * the instance counts alone.
 */
export function storeOrNone(open: (settings: Env) => KeyValueStore | undefined, settings: Env): KeyValueStore | undefined {
  try {
    return open(settings);
  } catch {
    return undefined;
  }
}

/** The window of the rate limit. */
const minute = 60_000;

/**
 * Requests per client in a sliding minute; `take` answers how many seconds to wait, or 0 when allowed, and
 * `clients` how many are remembered. A function instance can live for hours, so once a minute the clients with
 * nothing in the last minute are forgotten: the map holds at most a minute's worth of clients, not every one seen.
 */
export function rateLimiter(now: () => number) {
  const requests = new Map<string, number[]>();
  let swept = now();
  function take(ip: string, limit: number): number {
    const t = now();
    if (t - swept >= minute) {
      swept = t;
      for (const [client, times] of requests) if (t - times[times.length - 1] >= minute) requests.delete(client);
    }
    const recent = (requests.get(ip) ?? []).filter((at) => t - at < minute);
    if (recent.length >= limit) {
      requests.set(ip, recent);
      return Math.max(1, Math.ceil((recent[0] + minute - t) / 1000));
    }
    recent.push(t);
    requests.set(ip, recent);
    return 0;
  }
  return Object.assign(take, { clients: () => requests.size });
}

/** How many times a count is read and swapped again when another request changed it in between. */
const countTries = 5;

/** Where the rate limit keeps its counts in the store: rate/<hash of a client's bucket>. */
export const rateRecords = 'rate/';

/** The request times a stored count (`raw`) holds in the minute up to `t`; a damaged record holds none. */
export function recentRequests(raw: string | undefined, t: number): number[] {
  let times: unknown;
  try {
    times = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  return (Array.isArray(times) ? times : []).filter((at): at is number => typeof at === 'number' && t - at < minute && at <= t);
}

/**
 * The per-client limit, counted in the store: on Netlify each function instance has its own memory, so a count
 * kept there limits each instance, not the client. A client's record is rate/<hash of its bucket> (no address in
 * the store): its request times in the last minute, written by a create or a swap so two instances cannot both
 * take its last place. Answers seconds to wait, or 0. Without a store, or when it fails or the record keeps
 * changing (a flood at one key), the instance's own count answers: a store that is down must not shut the form.
 */
export function storedRateLimiter(now: () => number) {
  const inMemory = rateLimiter(now);
  return async function take(store: KeyValueStore | undefined, bucket: string, limit: number): Promise<number> {
    if (store) {
      const key = `${rateRecords}${createHash('sha256').update(bucket).digest('base64url').slice(0, 32)}`;
      try {
        for (let tries = 0; tries < countTries; tries++) {
          const t = now();
          const raw = await store.get(key);
          // A damaged record counts nothing, and is replaced by the swap.
          const recent = recentRequests(raw, t);
          if (recent.length >= limit) return Math.max(1, Math.ceil((Math.min(...recent) + minute - t) / 1000));
          const next = JSON.stringify([...recent, t]);
          if (raw === undefined ? await store.create(key, next) : await store.swap(key, raw, next)) return 0;
        }
      } catch (error) {
        console.error(`forms: the rate limit could not be counted in the store (${describe(error)}); this instance counts it alone`);
      }
    }
    return inMemory(bucket, limit);
  };
}

/** An error's kind and code, without its message (which may quote what was sent). */
export function describe(error: unknown): string {
  const e = error as { code?: string; name?: string; responseCode?: number };
  return [e?.name, e?.code, e?.responseCode].filter(Boolean).join(' ') || 'unknown error';
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
