// POST /.netlify/functions/send-email: a visitor's enquiry, checked by the same rules as the form, sent to
// the provider's inbox by SMTP. Netlify's modern signature: a Web Request in, a Response out.
//
// Answers: 200 {ok: true} once the mail server has the message; 400 {message} naming the first invalid field
// with the form's own text; 405 (Allow: POST); 415 for anything but JSON; 413 over 32 KB; 429 with
// Retry-After past the per-client limit; 502 {message: "Failed to send message"} when the mail server refuses
// or is down; 500 when no mail server is configured. Never a stack trace; never the visitor's words in logs.
//
// Settings (environment): SMTP_URL (smtp://user:pass@host:587), CONTACT_TO (default: the site's contact
// email), CONTACT_FROM, RECAPTCHA_SECRET, RECAPTCHA_VERIFY_URL, RATE_LIMIT_PER_MINUTE (default 5).
// `site serve` sets SITE_DEV_OUTBOX when there is no SMTP_URL: enquiries are then written there as .eml files.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import nodemailer, { type Transporter } from 'nodemailer';
import site from '../content/site.json' with { type: 'json' };
import { enquiryTypes, fieldErrors, normalise, schema, variantOf, type SchemaError, type Variant } from './enquiry.ts';

const require = createRequire(import.meta.url);
const maxBody = 32 * 1024;
const minute = 60_000;

export interface Context {
  ip?: string;
}

type Env = Record<string, string | undefined>;

/** A send-email handler with its own rate limiter; the default export is one reading process.env. */
export function createSendEmail(options: { env?: () => Env; now?: () => number } = {}) {
  const env = options.env ?? (() => process.env);
  const now = options.now ?? (() => Date.now());
  const requests = new Map<string, number[]>();
  const transports = new Map<string, Transporter>();
  let warnedNoSecret = false;

  return async function sendEmail(request: Request, context: Context = {}): Promise<Response> {
    try {
      if (request.method !== 'POST') return reply(405, { message: 'Send enquiries with POST.' }, { Allow: 'POST' });
      if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) {
        return reply(415, { message: 'Send the enquiry as JSON (Content-Type: application/json).' });
      }
      if (Number(request.headers.get('content-length') ?? 0) > maxBody) return reply(413, { message: 'The enquiry is too large.' });
      const text = await readText(request);
      if (text === undefined) return reply(413, { message: 'The enquiry is too large.' });

      // Every well-formed request counts against the limit, valid or not: it protects the mail server and us.
      const settings = env();
      const ip = clientIp(request, context);
      const limit = Number(settings.RATE_LIMIT_PER_MINUTE) || 5;
      const recent = (requests.get(ip) ?? []).filter((t) => now() - t < minute);
      if (recent.length >= limit) {
        const retry = Math.max(1, Math.ceil((recent[0] + minute - now()) / 1000));
        requests.set(ip, recent);
        return reply(429, { message: 'Too many messages from your connection. Please wait a minute and try again.' }, { 'Retry-After': String(retry) });
      }
      recent.push(now());
      requests.set(ip, recent);

      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return reply(400, { message: 'The request body is not valid JSON.' });
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) return reply(400, { message: 'The enquiry must be a JSON object.' });
      const data = normalise(body as Record<string, unknown>);
      const variant = variantOf(data);
      const problem = check(variant, data);
      if (problem) return reply(400, { message: problem.message, field: problem.field });

      if (variant === 'message') {
        const verdict = await verifyCaptcha(settings, String(data.recaptcha), ip);
        if (verdict === 'failed') return reply(400, { message: 'The reCAPTCHA check failed. Please tick the box again.', field: 'recaptcha' });
        if (verdict === 'unreachable') return reply(502, { message: 'Failed to send message' });
        if (verdict === 'skipped' && !warnedNoSecret) {
          warnedNoSecret = true;
          console.warn('send-email: RECAPTCHA_SECRET is not set, so reCAPTCHA tokens are required but not verified.');
        }
      }

      const mail = compose(variant, data as Record<string, string>, settings);
      if (settings.SMTP_URL) {
        let transport = transports.get(settings.SMTP_URL);
        if (!transport) transports.set(settings.SMTP_URL, (transport = nodemailer.createTransport(settings.SMTP_URL)));
        try {
          await transport.sendMail(mail);
        } catch (error) {
          console.error(`send-email: the mail server did not take the enquiry (${describe(error)})`);
          return reply(502, { message: 'Failed to send message' });
        }
      } else if (settings.SITE_DEV_OUTBOX) {
        const file = await writeToOutbox(settings.SITE_DEV_OUTBOX, mail);
        console.info(`send-email: no SMTP_URL, so the enquiry was written to ${file}`);
      } else {
        console.error('send-email: SMTP_URL is not set, so enquiries cannot be delivered. Set SMTP_URL (and CONTACT_FROM) in the function environment.');
        return reply(500, { message: 'Email is not configured' });
      }
      console.info(`send-email: ${variant} accepted (${String(data.message).length} characters)`);
      return reply(200, { ok: true });
    } catch (error) {
      console.error(`send-email: unexpected failure (${describe(error)})`);
      return reply(500, { message: 'Failed to send message' });
    }
  };
}

export default createSendEmail();

// The same schema the form uses, compiled once per instance of the function.
let compiled: Record<Variant, ((data: unknown) => boolean) & { errors?: SchemaError[] | null }> | undefined;
function check(variant: Variant, data: unknown): { field: string; message: string } | undefined {
  if (!compiled) {
    const Ajv = require('ajv').default;
    const addFormats = require('ajv-formats').default;
    const ajv = new Ajv({ allErrors: true, strict: true });
    addFormats(ajv, ['email']);
    ajv.addKeyword({ keyword: 'errorMessages', schemaType: 'object' });
    ajv.addSchema(schema);
    compiled = { enquiry: ajv.getSchema('enquiry.schema.json#/definitions/enquiry'), message: ajv.getSchema('enquiry.schema.json#/definitions/message') };
  }
  const validate = compiled![variant];
  if (validate(data)) return undefined;
  return fieldErrors(variant, validate.errors ?? [])[0];
}

async function verifyCaptcha(settings: Env, token: string, ip: string): Promise<'passed' | 'failed' | 'skipped' | 'unreachable'> {
  if (!settings.RECAPTCHA_SECRET) return 'skipped';
  const url = settings.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify';
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: settings.RECAPTCHA_SECRET, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(8000),
    });
    const result = (await response.json()) as { success?: boolean };
    return result.success === true ? 'passed' : 'failed';
  } catch (error) {
    console.error(`send-email: the reCAPTCHA check could not be made (${describe(error)})`);
    return 'unreachable';
  }
}

interface Mail {
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

function compose(variant: Variant, data: Record<string, string>, settings: Env): Mail {
  const rows: [string, string][] = [
    ['Name', data.name],
    ['Email', data.email],
    ['Phone', data.phone ?? '(not given)'],
    ...(variant === 'enquiry' ? ([['Enquiry type', enquiryTypes[data.enquiryType]]] as [string, string][]) : ([['Language', data.language ? (data.language === 'any' ? 'Any language' : data.language) : '(not given)']] as [string, string][])),
    ['Subject', data.subject],
  ];
  const form = variant === 'enquiry' ? 'the help form on /pricing' : 'the contact form on /contact';
  const subject = variant === 'enquiry' ? `Website enquiry (${enquiryTypes[data.enquiryType]}): ${data.subject}` : `Website message: ${data.subject}`;
  const text = [`A visitor sent this through ${form}. Reply to this email to answer them.`, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', 'Message:', data.message, ''].join('\n');
  const html = [
    `<p>A visitor sent this through ${escape(form)}. Reply to this email to answer them.</p>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...rows.map(([k, v]) => `<tr><th align="left" style="border-bottom:1px solid #ddd">${escape(k)}</th><td style="border-bottom:1px solid #ddd">${escape(v)}</td></tr>`),
    '</table>',
    `<h3>Message</h3><p style="white-space:pre-wrap">${escape(data.message)}</p>`,
  ].join('\n');
  return {
    from: settings.CONTACT_FROM || `"${site.name} website" <${site.email}>`,
    to: settings.CONTACT_TO || site.email,
    replyTo: { name: data.name, address: data.email },
    subject,
    text,
    html,
  };
}

async function writeToOutbox(dir: string, mail: Mail): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(mail);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
  fs.writeFileSync(file, info.message as Buffer);
  return file;
}

async function readText(request: Request): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBody) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function clientIp(request: Request, context: Context): string {
  return context.ip || request.headers.get('x-nf-client-connection-ip') || request.headers.get('x-forwarded-for')?.split(',')[0].trim() || 'unknown';
}

function reply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } });
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An error's kind and code, without its message (which may quote what was sent). */
function describe(error: unknown): string {
  const e = error as { code?: string; name?: string; responseCode?: number };
  return [e?.name, e?.code, e?.responseCode].filter(Boolean).join(' ') || 'unknown error';
}
