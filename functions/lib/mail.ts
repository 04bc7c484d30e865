// An enquiry as a mail to the provider, and its delivery: by SMTP (SMTP_URL), or under `site serve` without a
// mail server into a local outbox of .eml files. The Message-ID is made from the enquiry's idempotency key, so
// the same enquiry always carries the same id.
import fs from 'node:fs';
import path from 'node:path';
import { Transform, pipeline } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import site from '../../content/site.json' with { type: 'json' };
import contactForm from '../../content/contact-form.json' with { type: 'json' };
import type { Variant } from './enquiry.ts';
import { escapeHtml } from './http.ts';

/** Each enquiry type's label, as the form offers it, so the mail names the type the visitor chose. */
const enquiryTypes: Record<string, string> = Object.fromEntries(contactForm.enquiryTypes.map((t) => [t.value, t.label]));

/**
 * The language a code names, with the code: "Amharic (am)", where "am" alone reads as a word. The name is the
 * one Node's ICU gives, which may differ from the site's own ("Rarotongan" for Cook Islands Māori); the code
 * is the form's, and is shown alone where ICU has no name for it.
 */
function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en-AU'], { type: 'language', fallback: 'none' }).of(code);
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

type Env = Record<string, string | undefined>;

export interface Mail {
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/**
 * The mail of an enquiry. `unverified`: its reCAPTCHA token could not be checked (the verify service was down);
 * `suspected`: it filled the field people never see (lib/enquiries.ts); the mail says so.
 */
export function compose(variant: Variant, data: Record<string, string>, key: string, settings: Env, marks: { unverified?: boolean; suspected?: boolean } = {}): Mail {
  const rows: [string, string][] = [
    ['Name', data.name],
    ['Email', data.email],
    ['Phone', data.phone ?? '(not given)'],
    variant === 'enquiry' ? ['Enquiry type', enquiryTypes[data.enquiryType]] : ['Language', data.language ? (data.language === 'any' ? 'Any language' : languageName(data.language)) : '(not given)'],
    ['Subject', data.subject],
  ];
  const form = variant === 'enquiry' ? 'the help form on /pricing' : 'the contact form on /contact';
  const unverifiedNote = 'The reCAPTCHA check could not be made when this was sent (the check service did not answer), so it may be spam.';
  const suspectedNote = 'The field people never see on the form was filled in, as bots do (or, rarely, a browser filling in forms by itself), so it may be spam.';
  const notes = [...(marks.unverified ? [unverifiedNote] : []), ...(marks.suspected ? [suspectedNote] : [])];
  const subject = (marks.suspected ? '[Suspected spam] ' : '') + (marks.unverified ? '[Unverified] ' : '') + (variant === 'enquiry' ? `Website enquiry (${enquiryTypes[data.enquiryType]}): ${data.subject}` : `Website message: ${data.subject}`);
  const text = [`A visitor sent this through ${form}. Reply to this email to answer them.`, ...notes.flatMap((note) => ['', note]), '', ...rows.map(([k, v]) => `${k}: ${v}`), '', 'Message:', data.message, ''].join('\n');
  const html = [
    `<p>A visitor sent this through ${escapeHtml(form)}. Reply to this email to answer them.</p>`,
    ...notes.map((note) => `<p><strong>${escapeHtml(note)}</strong></p>`),
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...rows.map(([k, v]) => `<tr><th align="left" style="border-bottom:1px solid #ddd">${escapeHtml(k)}</th><td style="border-bottom:1px solid #ddd">${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<h3>Message</h3><p style="white-space:pre-wrap">${escapeHtml(data.message)}</p>`,
  ].join('\n');
  // The domain of the first recipient, however CONTACT_TO is written (`team@x`, `Team <team@x>`, a list).
  const domain = /@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)/.exec(settings.CONTACT_TO || site.email)?.[1] ?? 'localhost';
  return {
    from: settings.CONTACT_FROM || `"${site.name} website" <${site.email}>`,
    to: settings.CONTACT_TO || site.email,
    replyTo: { name: data.name, address: data.email },
    subject,
    text,
    html,
    messageId: `<enquiry-${key}@${domain}>`,
  };
}

export type Delivery = 'sent' | 'outbox' | 'unconfigured';

/**
 * Delivers by SMTP or to the dev outbox; throws when the mail server refuses, times out or is down. `signal`
 * stops an SMTP send (nodemailer takes the mail out of the pool's queue, or closes the connection sending it)
 * and leaves the pool's other sends going; writing to the outbox is too quick to need stopping. `beforeDot`
 * is called once the server has said go ahead to DATA and the message is going to it, and the final dot waits
 * until it has settled: from the dot on the server may have the mail, whatever becomes of its reply, so the
 * caller can put that on record first. If it fails, the send fails without the dot.
 */
export function mailer(timeoutMs = 15_000) {
  const transports = new Map<string, Transporter>();
  return async function deliver(mail: Mail, settings: Env, signal?: AbortSignal, beforeDot?: () => Promise<void>): Promise<Delivery> {
    if (settings.SMTP_URL) {
      let transport = transports.get(settings.SMTP_URL);
      if (!transport) {
        const timeout = Number(settings.SMTP_TIMEOUT_MS) || timeoutMs;
        // A small pool: a burst of enquiries shares a few connections instead of opening one each.
        transport = nodemailer.createTransport({ url: settings.SMTP_URL, pool: true, maxConnections: 5, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } as never);
        transport.use('stream', (message, done) => {
          const told = (message.data as { beforeDot?: () => Promise<void> }).beforeDot;
          // The last stage of the message (no DKIM key is set, whose signer nodemailer would add after it): the
          // connection starts reading it only after the server's 354 go-ahead, and writes the dot when it ends. So
          // it ends only once it is being read and `told` has settled. Its input alone says nothing: that ends as
          // soon as a small message is buffered, before MAIL FROM.
          if (told) {
            message.message.processFunc((input) => {
              const last = new Transform({ transform: (chunk, _, next) => next(null, chunk), flush: (next) => void reading.then(told).then(() => next(), next) });
              const reading = new Promise((resolve) => last.once('resume', resolve));
              return pipeline(input, last, () => undefined);
            });
          }
          done();
        });
        transports.set(settings.SMTP_URL, transport);
      }
      // nodemailer takes `signal` since 10.5; @types/nodemailer does not know it yet.
      await transport.sendMail({ ...mail, signal, beforeDot } as Mail);
      return 'sent';
    }
    if (settings.SITE_DEV_OUTBOX) {
      await writeToOutbox(settings.SITE_DEV_OUTBOX, mail);
      return 'outbox';
    }
    return 'unconfigured';
  };
}

async function writeToOutbox(dir: string, mail: Mail): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(mail);
  fs.mkdirSync(dir, { recursive: true });
  const id = mail.messageId.replace(/^<enquiry-|@.*$/g, '');
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.slice(0, 12)}.eml`);
  fs.writeFileSync(file, info.message as Buffer);
  return file;
}
