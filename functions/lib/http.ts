// What the form functions share about HTTP: reading a bounded body as JSON or as a native form post, the
// client's address, JSON answers, and a per-client rate limit.

export type BodyKind = 'json' | 'form';

/** The kind of body the Content-Type announces, or undefined for anything the functions do not take. */
export function bodyKind(request: Request): BodyKind | undefined {
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/json\s*(;|$)/i.test(type)) return 'json';
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return 'form';
  return undefined;
}

/** The body as text, or undefined when it passes `limit` bytes (the rest is not read). */
export async function readText(request: Request, limit: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return undefined;
  if (!request.body) return '';
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
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** What a function says when a request is not one it takes. */
export interface RefusalMessages {
  method: string;
  type: string;
  tooLarge: string;
}

/**
 * A request's body as the form functions take it: the parsed JSON (undefined when it does not parse) or the
 * fields of a native form post. A request of another method, type or a body over `limit` bytes is answered
 * here (405, 415, 413).
 */
export async function receive(request: Request, limit: number, messages: RefusalMessages): Promise<{ refused: Response } | { kind: BodyKind; body: unknown }> {
  if (request.method !== 'POST') return { refused: json(405, { message: messages.method }, { Allow: 'POST' }) };
  const kind = bodyKind(request);
  if (!kind) return { refused: json(415, { message: messages.type }) };
  const text = await readText(request, limit);
  if (text === undefined) return { refused: json(413, { message: messages.tooLarge }) };
  if (kind === 'form') return { kind, body: formFields(text) };
  try {
    return { kind, body: JSON.parse(text) as unknown };
  } catch {
    return { kind, body: undefined };
  }
}

/**
 * A native form post as a plain object. A name sent twice keeps its first value, as a form has one control
 * per name; anything else is left for the schema to judge.
 */
export function formFields(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) if (!(name in out)) out[name] = value;
  return out;
}

export interface Context {
  ip?: string;
}

export function clientIp(request: Request, context: Context): string {
  return context.ip || request.headers.get('x-nf-client-connection-ip') || request.headers.get('x-forwarded-for')?.split(',')[0].trim() || 'unknown';
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } });
}

export function html(status: number, markup: string, headers: Record<string, string> = {}): Response {
  return new Response(markup, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers } });
}

/** Requests per client in a sliding minute; `take` answers how many seconds to wait, or 0 when allowed. */
export function rateLimiter(now: () => number) {
  const minute = 60_000;
  const requests = new Map<string, number[]>();
  return function take(ip: string, limit: number): number {
    const t = now();
    const recent = (requests.get(ip) ?? []).filter((at) => t - at < minute);
    if (recent.length >= limit) {
      requests.set(ip, recent);
      return Math.max(1, Math.ceil((recent[0] + minute - t) / 1000));
    }
    recent.push(t);
    requests.set(ip, recent);
    return 0;
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
