// Who may talk to the local editor under `site serve`. Its API writes files, so it is guarded as development
// servers such as Vite guard theirs: any web page the editor's user visits can send requests to 127.0.0.1, and
// a name the attacker controls can be pointed at 127.0.0.1 (DNS rebinding), so every request must show that it
// comes from this server's own /admin/ page.
// - Host must name this machine (localhost, *.localhost, an IP address, or the name given to --host): a
//   rebound name carries the attacker's host name.
// - Origin, when the browser sends one, must be this same host (a scheme and the host, nothing more), and
//   Sec-Fetch-Site must not say "cross-site".
// - The API takes only application/json, which no form and no no-cors fetch can send without a preflight,
//   and the preflight is never answered.
// - The API wants a token made afresh for each server, which only the editor's config.yml carries (a page of
//   another origin cannot read that file, and a rebound name is refused above).
// - Listening on the network (--host 0.0.0.0) turns the editor off unless --editor-on-network asks for it.
import crypto from 'node:crypto';
import net from 'node:net';
import type http from 'node:http';

export interface GuardOptions {
  /** The address `site serve` listens on (--host). */
  listenHost?: string;
  /** --editor-on-network: keep the editor on when listening on a non-loopback address. */
  onNetwork?: boolean;
}

export interface Refusal {
  status: number;
  message: string;
}

/** A loopback address or name: only this machine can reach a server listening there. */
export function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (net.isIPv4(name)) return name.startsWith('127.');
  return name === '::1';
}

/** What `site serve` prints when it listens on the network: the editor off, or on for everyone there. */
export function networkNotice(listenHost: string, onNetwork: boolean | undefined, url: string): string | undefined {
  if (isLoopback(listenHost)) return undefined;
  return onNetwork
    ? `⚠ the content editor (/admin/) is on for everyone on the network who can reach ${url}: anyone who opens it can change the files in content/`
    : `⚠ listening on ${listenHost}: the content editor (/admin/) is off, since anyone on the network could change the files; add --editor-on-network to turn it on`;
}

/**
 * The Host header's name (lower case, IPv6 in brackets) when it is well formed and one a server listening on
 * `listenHost` answers to: this machine's names and addresses, and the --host name. A name rebound to 127.0.0.1
 * by another site carries that site's name, so it gives undefined. The editor and the functions both ask this.
 */
export function ownHostname(host: string | undefined, listenHost = '127.0.0.1'): string | undefined {
  const hostname = !host || /[\s/?#@\\]/.test(host) ? undefined : URL.parse(`http://${host}`)?.hostname;
  const own = !!hostname && (isLoopback(hostname) || net.isIP(hostname.replace(/^\[|\]$/g, '')) !== 0 || hostname === listenHost.toLowerCase());
  return own ? hostname : undefined;
}

export const notOwnHost = 'answers only to this machine\'s own addresses (such as 127.0.0.1 or localhost).';
const notOwnPage = 'The local editor takes requests only from its own page (/admin/ on this server).';

export class RequestGuard {
  /** Sent in config.yml's local_backend address and required on every API request. */
  readonly token = crypto.randomBytes(24).toString('base64url');
  private readonly listenHost: string;

  constructor(private readonly options: GuardOptions = {}) {
    this.listenHost = (options.listenHost ?? '127.0.0.1').toLowerCase();
  }

  /**
   * The host name the request reached this server by, when it is one of this server's own and the request
   * comes from a page of this server; otherwise the reason to refuse it.
   */
  check(req: http.IncomingMessage): { hostname: string } | Refusal {
    // Off when the server listens on the network without --editor-on-network.
    if (!isLoopback(this.listenHost) && !this.options.onNetwork) {
      return {
        status: 403,
        message: `The local editor is off: site serve is listening on ${this.listenHost}, so anyone on the network could change the files. Run site serve with --editor-on-network to allow it.`,
      };
    }
    const host = req.headers.host ?? '';
    const hostname = ownHostname(host, this.listenHost);
    if (!hostname) return { status: 403, message: `The local editor ${notOwnHost}` };
    const origin = req.headers.origin === undefined ? undefined : URL.parse(req.headers.origin);
    // An Origin is a scheme and a host, nothing more: one with a path, a user name or a query is no browser's.
    const wellFormed = !!origin && origin.origin === req.headers.origin!.toLowerCase();
    const sameOrigin = origin === undefined || (wellFormed && (origin.protocol === 'http:' || origin.protocol === 'https:') && origin.host === new URL(`http://${host}`).host);
    const site = req.headers['sec-fetch-site'];
    if (!sameOrigin || (site !== undefined && site !== 'same-origin' && site !== 'none')) return { status: 403, message: notOwnPage };
    return { hostname };
  }

  /** What else an API request must carry: a JSON body and this server's token. */
  checkApi(req: http.IncomingMessage): Refusal | undefined {
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') return { status: 415, message: 'The local editor takes only application/json requests.' };
    const given = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token') ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(this.token);
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return { status: 403, message: 'The local editor\'s token is missing or wrong: reload /admin/ to get this server\'s.' };
    return undefined;
  }
}
