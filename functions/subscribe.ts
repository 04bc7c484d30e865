// POST /.netlify/functions/subscribe: the blog's newsletter sign-up, kept in the store (Netlify Blobs on
// Netlify, .data/ under `site serve`) once per address: the key is a hash of the lowercased address, so
// signing up twice keeps one entry (the first time). Same rules as send-email: a shared schema
// (subscriber.schema.json), size and type limits, a per-client rate limit; and a honeypot field, `leave_blank`,
// which people never see: a sign-up that fills it is answered as usual and kept aside (suspected/<key>), not
// added to the list, in case a visitor's browser filled it; `site subscribers export` counts them. Its old name,
// `website`, is read as it (lib/old-trap.ts).
//
// Takes JSON (from the site script) or a native form post, answered with the page the form was on (the blog or a
// category's page) and the form thanked or showing the error next to the field. Answers: 200 {ok: true,
// message}; 400 {message, field}; 403 from a page of another site; 405; 413 over 4 KB ({message, field} when the
// address is what is too long); 415; 429 with
// Retry-After; 503 when the address cannot be kept. Logs never hold an address.
import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import blog from '../content/pages/blog.json' with { type: 'json' };
import schema from './subscriber.schema.json' with { type: 'json' };
import { NewsletterForm, type NewsletterAnswer } from '../templates/components/newsletter-form.tsx';
import { builtPage, plainPage, plainPageHeaders, swapElement } from './lib/answer-page.ts';
import { describe, escapeHtml, html, isOwnHost, json, rateBucket, receive, storedRateLimiter, storeOrNone, wantsPage, type Context } from './lib/http.ts';
import { readOldTrap } from './lib/old-trap.ts';
import { storeFromEnv, type KeyValueStore } from './lib/store.ts';
import { firstProblem, overLimit, validator } from './lib/validators.ts';

const maxBody = 4 * 1024;
type Env = Record<string, string | undefined>;

const messages = {
  method: 'Send sign-ups with POST.',
  origin: "Sign-ups are taken only from this site's own form.",
  type: 'Send the sign-up as JSON (Content-Type: application/json) or as a form post.',
  tooLarge: 'The sign-up is too large.',
  encoding: 'The address is not in UTF-8 text, so it could not be read. Please sign up with the form on our blog.',
  tooMany: 'Too many sign-ups from your connection. Please wait a minute and try again.',
  notObject: 'The sign-up must be a JSON object with an email field.',
  unavailable: "We couldn't save your address just now. Please try again in a few minutes.",
};

/** The store key of an address: the same for any capitalisation, and no address in a file name. */
export function subscriberKey(email: string): string {
  return `subscribers/${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
}

export function createSubscribe(options: { env?: () => Env; now?: () => number; store?: (settings: Env) => KeyValueStore | undefined } = {}) {
  const env = options.env ?? (() => process.env);
  const now = options.now ?? (() => Date.now());
  const limited = storedRateLimiter(now);
  const storeOf = options.store ?? storeFromEnv;

  return async function subscribe(request: Request, context: Context = {}): Promise<Response> {
    const settings = context.env ?? env();
    const page = wantsPage(request);
    let typed = '';
    const answer = (status: number, result: { message: string; field?: string; thanked?: boolean }, headers: Record<string, string> = {}) =>
      page ? blogAnswer(request, context, settings, status, { email: typed, error: result.thanked ? undefined : result.message, addressWrong: result.field === 'email', thanked: result.thanked }, headers) : json(status, result.thanked ? { ok: true, message: result.message } : { message: result.message, ...(result.field ? { field: result.field } : {}) }, headers);
    try {
      const received = await receive(request, maxBody, messages);
      if ('refused' in received) {
        const { status, message, headers, salvaged } = received.refused;
        if (typeof salvaged?.email === 'string') typed = salvaged.email;
        // Too large because of the address: say so, with its limit, and the page marks the field. Too large for
        // another reason (the hidden field, fields the form has not), the general words.
        const tooLong = status === 413 && salvaged ? overLimit(schema.properties, { email: typed.trim() }, ['email']) : undefined;
        return answer(status, tooLong ?? { message }, headers);
      }
      const body = received.body;
      if (body && typeof body === 'object' && typeof (body as Record<string, unknown>).email === 'string') typed = (body as Record<string, string>).email;

      const { bucket, limit } = rateBucket(request, context, settings);
      const wait = await limited(storeOrNone(storeOf, settings), `subscribe ${bucket}`, limit);
      if (wait) return answer(429, { message: messages.tooMany }, { 'Retry-After': String(wait) });
      if (!body || typeof body !== 'object' || Array.isArray(body)) return answer(400, { message: messages.notObject });

      const data = readOldTrap(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])));
      if (data.leave_blank === '') delete data.leave_blank;
      const validate = validator(schema, 'subscriber.schema.json');
      if (!validate(data)) {
        const first = firstProblem(schema.properties, validate.errors ?? [], ['email', 'leave_blank'], messages.notObject, data);
        return answer(400, { message: first.message, field: first.field });
      }
      const store = storeOf(settings);
      if (!store) {
        console.error('subscribe: no store is configured (Netlify Blobs on Netlify, SITE_DATA_DIR elsewhere), so sign-ups cannot be kept');
        return answer(503, { message: messages.unavailable });
      }
      try {
        const email = String(data.email);
        const suspected = Boolean(data.leave_blank);
        const key = suspected ? subscriberKey(email).replace(/^subscribers\//, 'suspected/') : subscriberKey(email);
        const added = await store.create(key, JSON.stringify({ email, subscribedAt: new Date(now()).toISOString() }));
        if (suspected) console.info('subscribe: a sign-up filled the honeypot field, so it is kept aside as suspected, not added to the list');
        else console.info(`subscribe: ${added ? 'a new address was kept' : 'an address already on the list signed up again'}`);
      } catch (error) {
        console.error(`subscribe: the store did not keep the address (${describe(error)})`);
        return answer(503, { message: messages.unavailable });
      }
      return answer(200, { message: blog.newsletter.thanks, thanked: true });
    } catch (error) {
      console.error(`subscribe: unexpected failure (${describe(error)})`);
      // A native post is still answered with the blog page and the address typed, unless making it is what failed.
      if (page) {
        try {
          return await answer(500, { message: messages.unavailable });
        } catch (again) {
          console.error(`subscribe: the answer page could not be made either (${describe(again)})`);
        }
      }
      return json(500, { message: messages.unavailable });
    }
  };
}

export default createSubscribe();

/** The blog page a native post came from, from its Referer on this site (by host: see isOwnHost); undefined for any other. */
function formPage(request: Request): string | undefined {
  const referer = request.headers.get('referer');
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    if (!/^https?:$/.test(from.protocol) || !isOwnHost(request, from.host)) return undefined;
    // URL has already resolved any dot segments; only plain lower-case segments under /blog are taken.
    return /^\/blog(?:\/[a-z0-9-]+)*\/?$/.test(from.pathname) ? from.pathname.replace(/\/$/, '') : undefined;
  } catch {
    return undefined;
  }
}

async function blogAnswer(request: Request, context: Context, settings: Env, status: number, result: NewsletterAnswer, headers: Record<string, string>): Promise<Response> {
  const form = renderToStaticMarkup(createElement(NewsletterForm, { copy: blog.newsletter, answer: result }));
  const title = result.thanked ? 'Thank you for signing up' : result.addressWrong ? 'Please check your email address' : 'Your sign-up was not saved';
  // The page the form was on (/blog or a category's page), named by the browser's Referer; /blog when that
  // is not one of this site's blog pages or has no sign-up form.
  for (const pathname of [...new Set([formPage(request), '/blog'].filter((p): p is string => p !== undefined))]) {
    const built = await builtPage(request, context, settings, pathname);
    const swapped = built.text && swapElement(built.text, /<form class="newsletter-form"[^>]*>/, '</form>', form, title);
    if (swapped) return html(status, swapped, { ...built.headers, ...headers });
  }
  console.error('subscribe: neither the page the form was on nor /blog could be read to answer a form post, so a plain page was sent');
  return html(status, plainPage(title, `<h1>${escapeHtml(title)}</h1>${form}<p><a href="/blog">Back to the blog</a></p>`), { ...plainPageHeaders, ...headers });
}
