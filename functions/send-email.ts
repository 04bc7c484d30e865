// POST /.netlify/functions/send-email: a visitor's enquiry, checked by the same rules as the form, stored
// (lib/enquiries.ts: the outbox), then sent to the provider's inbox by SMTP. Netlify's modern signature: a Web
// Request in, a Response out.
//
// Takes JSON (from the contact-form island, with an Idempotency-Key header) and form posts (URL-encoded or
// multipart, from the same form without JavaScript), which are answered with HTML: the form's page with the
// errors next to the fields and every value kept, or the thank-you, with the site's security headers.
//
// JSON answers: 200 {ok: true} once the mail server has the message (or had it: a repeated key); 202 {ok:
// true, queued: true} when it is stored for a later delivery; 202 {ok: true, queued: true, held: true,
// message} when the mail server refused it for good and it waits, stored, for the operator (the forms show it as
// taken: saved, and what happens next); 400 {message,
// field} naming the first invalid field with the form's own text; 403 when a page of another site sent it
// (lib/http.ts); 405 (Allow: POST); 415 for other bodies; 413 over `maxBody` ({message, field} naming the typed
// field over its length limit when the fields could be read); 429 with Retry-After past the
// per-client limit; 502 {message: "Failed to send message"} when neither the mail server nor the store takes
// it; 500 when neither a mail server nor a store is configured. Never a stack trace; never the visitor's words
// in logs.
//
// Settings (environment): SMTP_URL (smtp://user:pass@host:587), SMTP_TIMEOUT_MS (default 15000), CONTACT_TO
// (default: the site's contact email), CONTACT_FROM, RECAPTCHA_SECRET, RECAPTCHA_VERIFY_URL,
// RATE_LIMIT_PER_MINUTE (default 5), CLIENT_ADDRESS_HEADER (see lib/http.ts), ENQUIRY_RETRY_MS. The store is
// Netlify Blobs on Netlify, or SITE_DATA_DIR (set by `site serve`). `site serve` also sets SITE_DEV_OUTBOX
// when there is no SMTP_URL, and SITE_PAGES_DIR.
import { fieldErrors, fields, heldAnswer, normalise, schema, variantOf, type Variant } from './lib/enquiry.ts';
import type { FormAnswer } from '../islands/lib/contact-form-view.tsx';
import { contactAnswer } from './lib/contact-answer.tsx';
import { enquiryIntake } from './lib/enquiries.ts';
import { idempotencyKey } from './lib/enquiry-records.ts';
import { describe, json, rateBucket, receive, storedRateLimiter, storeOrNone, wantsPage, type Context } from './lib/http.ts';
import { mailer } from './lib/mail.ts';
import { readOldTrap } from './lib/old-trap.ts';
import { storeFromEnv, type KeyValueStore } from './lib/store.ts';
import { overLimit, validator, type Properties } from './lib/validators.ts';

export type { Context } from './lib/http.ts';

type Env = Record<string, string | undefined>;

const definitions = (schema as unknown as { definitions: Record<Variant, { properties: Properties }> }).definitions;

/**
 * The largest body a valid enquiry can make, so the limit never refuses one the form allows: every field at
 * its maximum length in its worst encoding (a character outside the BMP is 12 bytes URL-encoded, and 12 as
 * JSON's \uXXXX\uXXXX; the fields the schema keeps to ASCII, 3), the form's names and separators, and the
 * idempotency key. About 78 KB.
 */
const asciiOnly = new Set(['email', 'language', 'recaptcha', 'enquiryType']);
export const maxBody = (() => {
  const worst = Object.values(definitions).map((d) => Object.entries(d.properties).reduce((sum, [name, rules]) => sum + name.length + 4 + (asciiOnly.has(name) ? 3 : 12) * (rules.maxLength ?? 40), 0));
  return Math.max(...worst) + 1024;
})();

/** The fields a visitor types: a post too large because of another (the reCAPTCHA token, the honeypot) is not theirs to shorten. */
const visible: Record<Variant, string[]> = { enquiry: fields.enquiry, message: fields.message.filter((name) => name !== 'recaptcha') };

const messages = {
  method: 'Send enquiries with POST.',
  origin: "Enquiries are taken only from this site's own forms.",
  type: 'Send the enquiry as JSON (Content-Type: application/json) or as a form post.',
  tooLarge: 'The enquiry is too large.',
  encoding: "The enquiry's text is not in UTF-8, so some of its letters could not be read. Please send it from the form on our site.",
  tooMany: 'Too many messages from your connection. Please wait a minute and try again.',
  notJson: 'The request body is not valid JSON.',
  notObject: 'The enquiry must be a JSON object.',
  captchaFailed: 'The reCAPTCHA check failed. Please tick the box again.',
  failed: 'Failed to send message',
  unconfigured: 'Email is not configured',
  held: heldAnswer.text,
};

/** A send-email handler with its own rate limiter; the default export is one reading process.env. */
export function createSendEmail(options: { env?: () => Env; now?: () => number; store?: (settings: Env) => KeyValueStore | undefined } = {}) {
  const env = options.env ?? (() => process.env);
  const now = options.now ?? (() => Date.now());
  const limited = storedRateLimiter(now);
  const storeOf = options.store ?? storeFromEnv;
  const take = enquiryIntake({ store: storeOf, deliver: mailer(), now });
  let warnedNoSecret = false;

  return async function sendEmail(request: Request, context: Context = {}): Promise<Response> {
    const settings = context.env ?? env();
    // A native post is answered with a page; anything else (the island, scripts) with JSON.
    const page = wantsPage(request);
    let variant: Variant = 'message';
    let typed: Record<string, string> = {};
    const keep = (body: unknown) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return;
      variant = variantOf(body as Record<string, unknown>);
      typed = Object.fromEntries(Object.entries(body).filter(([k, v]) => typeof v === 'string' && fields[variant].includes(k) && k !== 'recaptcha')) as Record<string, string>;
    };
    const fail = (status: number, message: string, extra: { field?: string; errors?: Record<string, string>; captchaNeedsScript?: boolean; headers?: Record<string, string> } = {}): Promise<Response> | Response => {
      if (!page) return json(status, extra.field ? { message, field: extra.field } : { message }, extra.headers);
      const answer: FormAnswer = { values: typed, errors: extra.errors ?? {}, state: 'error', failure: extra.errors ? undefined : message, captchaNeedsScript: extra.captchaNeedsScript };
      return contactAnswer(request, context, settings, variant, answer, status, extra.headers);
    };
    try {
      const received = await receive(request, maxBody, messages);
      if ('refused' in received) {
        keep(received.refused.salvaged);
        // Too large, with fields that could be read: the field to shorten and its limit, in the form's own words.
        const tooLong = received.refused.status === 413 ? overLimit(definitions[variant].properties, normalise(typed), visible[variant]) : undefined;
        if (tooLong) return fail(413, tooLong.message, { field: tooLong.field, errors: { [tooLong.field]: tooLong.message } });
        return fail(received.refused.status, received.refused.message, { headers: received.refused.headers });
      }
      const body = received.body;
      // reCAPTCHA's widget adds its token to a native post under its own name.
      if (received.kind === 'form' && body && typeof body === 'object') {
        const posted = body as Record<string, string>;
        if (Object.hasOwn(posted, 'g-recaptcha-response')) {
          if (!Object.hasOwn(posted, 'recaptcha') || !posted.recaptcha) Object.defineProperty(posted, 'recaptcha', { value: posted['g-recaptcha-response'], enumerable: true, writable: true, configurable: true });
          delete posted['g-recaptcha-response'];
        }
      }
      keep(body);

      // Every well-formed request counts against the limit, valid or not: it protects the mail server and us.
      const { bucket, limit, ip } = rateBucket(request, context, settings);
      const wait = await limited(storeOrNone(storeOf, settings), `send-email ${bucket}`, limit);
      if (wait) return fail(429, messages.tooMany, { headers: { 'Retry-After': String(wait) } });

      if (body === undefined) return fail(400, messages.notJson);
      if (!body || typeof body !== 'object' || Array.isArray(body)) return fail(400, messages.notObject);
      const posted = body as Record<string, string>;
      const formKey = received.kind === 'form' && Object.hasOwn(posted, 'idempotencyKey') ? posted.idempotencyKey : undefined;
      const sentKey = request.headers.get('idempotency-key') ?? formKey;
      if (received.kind === 'form') delete posted.idempotencyKey;
      const data = readOldTrap(normalise(posted));
      const validate = validator(schema as { $id: string }, `enquiry.schema.json#/definitions/${variant}`);
      if (!validate(data)) {
        const found = fieldErrors(variant, validate.errors ?? [], data);
        if (!page) return json(400, { message: found[0].message, field: found[0].field });
        const known = found.filter((e) => fields[variant].includes(e.field));
        const unknown = found.find((e) => !fields[variant].includes(e.field));
        if (unknown) return fail(400, unknown.message);
        const captchaNeedsScript = variant === 'message' && !data.recaptcha;
        return fail(400, '', { errors: Object.fromEntries(known.filter((e) => !(captchaNeedsScript && e.field === 'recaptcha')).map((e) => [e.field, e.message])), captchaNeedsScript });
      }

      // The honeypot: filled in, the enquiry is likely a bot's, but may be a visitor's whose browser filled it. It
      // is answered as sent (a bot learns nothing), and kept for the operator, held and not mailed: never dropped.
      // Its old name, `website`, is read as it (lib/old-trap.ts).
      const suspected = Boolean(data.leave_blank);

      let unverified = false;
      if (variant === 'message') {
        const verdict = await verifyCaptcha(settings, String(data.recaptcha), ip);
        if (verdict === 'failed') return fail(400, messages.captchaFailed, { field: 'recaptcha', errors: { recaptcha: messages.captchaFailed } });
        // Our check being down must not drop a lead: the enquiry goes through, marked as not checked.
        if (verdict === 'unreachable') unverified = true;
        if (verdict === 'skipped' && !warnedNoSecret) {
          warnedNoSecret = true;
          console.warn('send-email: RECAPTCHA_SECRET is not set, so reCAPTCHA tokens are required but not verified.');
        }
      }

      const key = idempotencyKey(sentKey, variant, data);
      const outcome = await take(variant, data as Record<string, string>, key, settings, { unverified, suspected });
      if (outcome === 'failed') return fail(502, messages.failed);
      if (outcome === 'unconfigured') return fail(500, messages.unconfigured);
      console.info(`send-email: ${variant} ${key} ${outcome}${unverified ? ' (reCAPTCHA not checked)' : ''}${suspected ? ' (suspected spam: the honeypot was filled)' : ''} (${String(data.message).length} characters)`);
      if (outcome === 'held' && !suspected) {
        // Kept, but not on its way: the message is safe, and the visitor is told what happens next.
        if (page) return contactAnswer(request, context, settings, variant, { values: {}, errors: {}, state: 'success', held: true }, 202);
        return json(202, { ok: true, queued: true, held: true, message: messages.held });
      }
      if (page) return contactAnswer(request, context, settings, variant, { values: {}, errors: {}, state: 'success' }, 200);
      // An unconfirmed one is stored and probably with the team already: taken, as a queued one is.
      return outcome === 'queued' || outcome === 'unconfirmed' ? json(202, { ok: true, queued: true }) : json(200, { ok: true });
    } catch (error) {
      console.error(`send-email: unexpected failure (${describe(error)})`);
      // A native post is still answered with its page and what was typed, unless making the page is what failed.
      if (page) {
        try {
          return await fail(500, messages.failed);
        } catch (again) {
          console.error(`send-email: the answer page could not be made either (${describe(again)})`);
        }
      }
      return json(500, { message: messages.failed });
    }
  };
}

export default createSendEmail();

async function verifyCaptcha(settings: Env, token: string, ip: string): Promise<'passed' | 'failed' | 'skipped' | 'unreachable'> {
  if (!settings.RECAPTCHA_SECRET) return 'skipped';
  const url = settings.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify';
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: settings.RECAPTCHA_SECRET, response: token, ...(ip ? { remoteip: ip } : {}) }),
      signal: AbortSignal.timeout(8000),
    });
    // A service that answers with an error status is as down as one that does not answer.
    if (!response.ok) throw Object.assign(new Error('bad status'), { code: `HTTP ${response.status}` });
    const result = (await response.json()) as { success?: boolean; 'error-codes'?: unknown };
    if (result.success === true) return 'passed';
    // A refused secret (mistyped, rotated) says nothing about the visitor's token: refused as theirs, every lead
    // from the form would be turned away and nobody told. The check could not be made, as when Google is down.
    const codes = Array.isArray(result['error-codes']) ? result['error-codes'] : [];
    const ours = codes.filter((code) => code === 'missing-input-secret' || code === 'invalid-input-secret');
    if (ours.length) throw Object.assign(new Error('secret refused'), { code: `${ours.join(' ')}: check RECAPTCHA_SECRET` });
    return 'failed';
  } catch (error) {
    console.error(`send-email: the reCAPTCHA check could not be made (${describe(error)})`);
    return 'unreachable';
  }
}
