// The send-email function: every bad input answered with the right status and message, real mail received
// by a real SMTP server with every field, a clean Reply-To and escaped HTML, captcha checks, the rate limit,
// failures of the mail server, production without one, and a load of concurrent enquiries.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSendEmail, maxBody } from '../functions/send-email.ts';
import { compose } from '../functions/lib/mail.ts';
import { readProps } from '../functions/lib/answer-page.ts';
import { rateLimiter } from '../functions/lib/http.ts';
import { fieldErrors, normalise, schema, variantOf, type SchemaError } from '../functions/lib/enquiry.ts';
import contactForm from '../content/contact-form.json' with { type: 'json' };
import subscriberSchema from '../functions/subscriber.schema.json' with { type: 'json' };
import { enquiryValidatorsSource } from '../generator/form-validators.ts';
import { resolveProject, toolRoot } from '../generator/project.ts';
import { serve, type DevServer } from '../generator/serve/server.ts';
import { silentLogger } from '../generator/log.ts';
import { fixture, repoRoot, type Fixture } from './helpers/project.ts';
import { startCaptchaStub, startMailSink, type CaptchaStub, type MailSink } from './helpers/mail.ts';

const test = suite('send-email');

const message = { name: 'Amira Haddad', email: 'amira@example.org', phone: '0491 570 156', language: 'ar', subject: 'Birth certificate for a partner visa', message: 'Hello, I need my Lebanese birth certificate translated for my partner visa application.', recaptcha: 'good-token' };
const enquiry = { name: 'Tom Nguyen', email: 'tom@example.org', phone: '', subject: 'Quote for 40 pages', enquiryType: 'quote', message: 'Could you quote for forty pages of bank statements in Vietnamese?' };

let sink: MailSink;
let captcha: CaptchaStub;
let site: Fixture;
let dev: DevServer;
const saved = { ...process.env };

test.before(async () => {
  [sink, captcha] = await Promise.all([startMailSink(), startCaptchaStub()]);
  process.env.SMTP_URL = sink.url;
  process.env.RATE_LIMIT_PER_MINUTE = '10000';
  process.env.CONTACT_FROM = '"Wattle Translations website" <website@example.com>';
  delete process.env.RECAPTCHA_SECRET;
  site = fixture();
  dev = await serve({ root: site.root, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
});

test.after(async () => {
  await dev.close();
  site.remove();
  await Promise.all([sink.close(), captcha.close()]);
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

const endpoint = () => `${dev.url}/.netlify/functions/send-email`;
const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(endpoint(), { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

interface Case {
  name: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  status: number;
  message?: string | RegExp;
}

const long = (n: number) => 'x'.repeat(n);
const cases: Case[] = [
  { name: 'GET', method: 'GET', status: 405, message: 'Send enquiries with POST.' },
  { name: 'PUT', method: 'PUT', body: message, status: 405 },
  { name: 'DELETE', method: 'DELETE', status: 405 },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: message, status: 415 },
  { name: 'multipart form data that is not multipart', headers: { 'content-type': 'multipart/form-data; boundary=x', accept: 'application/json' }, body: message, status: 400, message: 'Please enter your name.' },
  { name: 'text/html', headers: { 'content-type': 'text/html' }, body: message, status: 415 },
  { name: 'no content type', headers: {}, body: message, status: 415, message: 'Send the enquiry as JSON (Content-Type: application/json) or as a form post.' },
  { name: 'a 100 KB body', body: { ...message, message: long(100 * 1024) }, status: 413, message: 'Message must be 5,000 characters or fewer.' },
  { name: 'a 100 KB field the form does not have', body: { ...message, padding: long(100 * 1024) }, status: 413, message: 'The enquiry is too large.' },
  { name: 'broken JSON', body: '{"name": "Amira",', status: 400, message: 'The request body is not valid JSON.' },
  { name: 'an empty body', body: '', status: 400, message: 'The request body is not valid JSON.' },
  { name: 'null', body: 'null', status: 400, message: 'The enquiry must be a JSON object.' },
  { name: 'an array', body: '[]', status: 400, message: 'The enquiry must be a JSON object.' },
  { name: 'a string', body: '"hello"', status: 400, message: 'The enquiry must be a JSON object.' },
  { name: 'a number', body: '42', status: 400, message: 'The enquiry must be a JSON object.' },
  { name: 'an empty object', body: {}, status: 400, message: 'Please enter your name.' },
  { name: 'no name', body: { ...message, name: undefined }, status: 400, message: 'Please enter your name.' },
  { name: 'a one-letter name', body: { ...message, name: 'A' }, status: 400, message: 'Please enter your name.' },
  { name: 'a name of spaces', body: { ...message, name: '     ' }, status: 400, message: 'Please enter your name.' },
  { name: 'a name that is a number', body: { ...message, name: 42 }, status: 400, message: 'Name must be text, not a number.' },
  { name: 'a name that is an object', body: { ...message, name: {} }, status: 400, message: 'Name must be text, not an object.' },
  { name: 'a message that is a number', body: { ...message, message: 42 }, status: 400, message: 'Message must be text, not a number.' },
  { name: 'an email in a list', body: { ...message, email: ['amira@example.org'] }, status: 400, message: 'Email address must be text, not a list.' },
  { name: 'a reCAPTCHA token that is a number', body: { ...message, recaptcha: 42 }, status: 400, message: 'reCAPTCHA verification must be text, not a number.' },
  { name: 'a phone that is a number', body: { ...message, phone: 400111222 }, status: 400, message: 'Phone number must be text, not a number.' },
  { name: 'a language in a list', body: { ...message, language: ['ar'] }, status: 400, message: 'Language must be text, not a list.' },
  { name: 'a honeypot that is a number', body: { ...message, leave_blank: 1 }, status: 400, message: 'The field to leave empty must be text, not a number.' },
  { name: 'help form: a subject that is true', body: { ...enquiry, subject: true }, status: 400, message: 'Subject must be text, not true or false.' },
  { name: 'a null name', body: { ...message, name: null }, status: 400, message: 'Please enter your name.' },
  { name: 'CR/LF in the name', body: { ...message, name: 'Eve\r\nBcc: victim@example.net' }, status: 400, message: 'Name must be on one line, without control or text-direction characters.' },
  { name: 'a 101-character name', body: { ...message, name: long(101) }, status: 400, message: 'Name must be 100 characters or fewer.' },
  { name: 'no email', body: { ...message, email: undefined }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'an email without a domain dot', body: { ...message, email: 'amira@example' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'an email with two @', body: { ...message, email: 'amira@@example.org' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'an email with two dots', body: { ...message, email: 'amira@example..org' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'an email ending its name with a dot', body: { ...message, email: 'amira.@example.org' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'an email with a space', body: { ...message, email: 'amira haddad@example.org' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'an email domain starting with a hyphen', body: { ...message, email: 'amira@-example.org' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'CR/LF in the email', body: { ...message, email: 'amira@example.org\r\nBcc: victim@example.net' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'an email as an object', body: { ...message, email: { address: 'amira@example.org' } }, status: 400, message: 'Email address must be text, not an object.' },
  { name: 'no subject', body: { ...message, subject: undefined }, status: 400, message: 'Please enter a subject.' },
  { name: 'a one-letter subject', body: { ...message, subject: 'B' }, status: 400, message: 'Please enter a subject.' },
  { name: 'LF in the subject', body: { ...message, subject: 'Hi\nBcc: victim@example.net' }, status: 400, message: 'Subject must be on one line, without control or text-direction characters.' },
  { name: 'a nine-character message', body: { ...message, message: 'Too short' }, status: 400, message: 'Message must be at least 10 characters.' },
  { name: 'a 5,001-character message', body: { ...message, message: long(5001) }, status: 400, message: 'Message must be 5,000 characters or fewer.' },
  { name: 'a NUL in the message', body: { ...message, message: 'Hello there\u0000 friend' }, status: 400, message: 'Message contains characters that cannot be sent.' },
  { name: 'no reCAPTCHA', body: { ...message, recaptcha: undefined }, status: 400, message: 'Please complete the reCAPTCHA verification.' },
  { name: 'an empty reCAPTCHA', body: { ...message, recaptcha: '' }, status: 400, message: 'Please complete the reCAPTCHA verification.' },
  { name: 'an extra field', body: { ...message, admin: true }, status: 400, message: 'Unknown field "admin".' },
  { name: 'a language that is not a code', body: { ...message, language: 'Arabic!' }, status: 400, message: 'Please choose a language from the list.' },
  { name: 'a 41-character phone', body: { ...message, phone: '0'.repeat(41) }, status: 400, message: 'Phone numbers must be 40 characters or fewer, on one line.' },
  { name: 'help form: an unknown enquiry type', body: { ...enquiry, enquiryType: 'spam' }, status: 400, message: 'Please select an enquiry type.' },
  { name: 'help form: no enquiry type chosen', body: { ...enquiry, enquiryType: '' }, status: 400, message: 'Please select an enquiry type.' },
  { name: 'help form: a one-letter name', body: { ...enquiry, name: 'T' }, status: 400, message: 'Name must be at least 2 characters.' },
  { name: 'help form: a bad email', body: { ...enquiry, email: 'tom@' }, status: 400, message: 'Please enter a valid email.' },
  { name: 'help form: a two-letter subject', body: { ...enquiry, subject: 'Hi' }, status: 400, message: 'Subject must be at least 3 characters.' },
  { name: 'help form: a captcha it does not have', body: { ...enquiry, recaptcha: 'x' }, status: 400, message: 'Unknown field "recaptcha".' },
  { name: 'a right-to-left override in the subject', body: { ...message, subject: 'Invoice \u202efdp.exe' }, status: 400, message: 'Subject must be on one line, without control or text-direction characters.' },
  { name: 'a name of zero-width characters only', body: { ...message, name: '\u200b\u200d\u2060' }, status: 400, message: 'Please enter your name.' },
  { name: 'NEL in the name', body: { ...message, name: 'Amira\u0085Haddad' }, status: 400, message: 'Name must be on one line, without control or text-direction characters.' },
  { name: 'a line separator in the subject', body: { ...message, subject: 'Birth\u2028certificate' }, status: 400, message: 'Subject must be on one line, without control or text-direction characters.' },
  { name: 'an internationalised address', body: { ...message, email: 'josé@exämple.com' }, status: 400, message: "Addresses with accented or non-Latin letters (such as é or ä) can't get our replies yet. Please use an address written in plain letters (a to z)." },
  { name: 'help form: a C1 control in the subject', body: { ...enquiry, subject: 'Quote\u009b2J' }, status: 400, message: 'Subject must be on one line, without control or text-direction characters.' },
  { name: 'a honeypot that is too long', body: { ...message, leave_blank: 'x'.repeat(201) }, status: 400, message: 'Leave this field empty.' },
  { name: 'a Persian name with a zero-width non-joiner (sent)', body: { ...message, name: 'نام\u200cخانوادگی', subject: 'ترجمه شناسنامه' }, status: 200 },
  { name: 'script tags (sent, escaped)', body: { ...message, message: '<script>alert("hi")</script> please translate my certificate' }, status: 200 },
  { name: 'emoji (sent)', body: { ...message, name: 'Zoë 🌏', message: 'Thank you 🙏 for the quick turnaround on my licence!' }, status: 200 },
  { name: 'a right-to-left name (sent)', body: { ...message, name: 'أميرة حداد', subject: 'شهادة ميلاد' }, status: 200 },
  { name: 'an empty optional phone (sent)', body: { ...message, phone: '', language: 'any' }, status: 200 },
  // Not `enquiry` itself: an identical enquiry is one enquiry (its content is its idempotency key), and a later test sends it.
  { name: 'charset in the content type (sent)', headers: { 'content-type': 'application/json; charset=utf-8' }, body: { ...enquiry, subject: 'Quote for 41 pages' }, status: 200 },
];

test(`a battery of ${cases.length} requests: each gets the right status and message, and the server keeps serving`, async () => {
  assert.ok(cases.length >= 40);
  const before = sink.received.length;
  for (const c of cases) {
    const init: RequestInit = { method: c.method ?? 'POST', headers: c.headers ?? { 'content-type': 'application/json' } };
    if (c.body !== undefined && init.method !== 'GET') init.body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    const res = await fetch(endpoint(), init);
    assert.is(res.status, c.status, `${c.name}: status`);
    const text = await res.text();
    assert.not.match(text, /\bat .*\.(ts|js):\d+/, `${c.name}: no stack trace`);
    const body = JSON.parse(text);
    if (c.status === 200) assert.equal(body, { ok: true }, c.name);
    else if (c.message) assert.ok(typeof c.message === 'string' ? body.message === c.message : c.message.test(body.message), `${c.name}: message ${body.message}`);
    if (c.status === 405) assert.is(res.headers.get('allow'), 'POST');
  }
  assert.is(sink.received.length - before, cases.filter((c) => c.status === 200).length, 'only accepted enquiries are mailed');
  assert.is((await fetch(`${dev.url}/contact`)).status, 200, 'the server keeps serving');
});

test("README's figure for the body limit is the limit the function applies", () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const named = /worst encoding \(about (\d+) KB\)/.exec(readme);
  assert.ok(named, 'README names the body limit in KB');
  assert.is(Number(named[1]), Math.round(maxBody / 1024));
});

test('a method no function can be called with (TRACE) is refused with 405, not a server error', async () => {
  const url = new URL(endpoint());
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'TRACE', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
  assert.is(status, 405);
});

test('the mail names the language chosen with its code, the code alone where Node has no name for it, and "any" in words', () => {
  const line = (language: string) => /^Language: .*$/m.exec(compose('message', { ...message, language }, 'k', {}).text)![0];
  assert.is(line('am'), 'Language: Amharic (am)');
  assert.is(line('yue'), 'Language: Cantonese (yue)');
  assert.is(line('aii'), 'Language: aii');
  assert.is(line('any'), 'Language: Any language');
});

test('the mail has every field, the visitor as Reply-To, escaped HTML and clean headers', async () => {
  const before = sink.received.length;
  const res = await post({ ...message, name: 'Eve "The Tester" <o>', message: '<script>alert(1)</script> & <b>bold</b> please, 5 pages' });
  assert.is(res.status, 200);
  const { mail, to, raw } = sink.received[before];
  assert.equal(to, ['hello@example.com'], 'to the contact email in the site settings');
  assert.is(mail.replyTo!.value[0].address, 'amira@example.org');
  assert.is(mail.replyTo!.value[0].name, 'Eve "The Tester" <o>');
  assert.is(mail.from!.value[0].address, 'website@example.com');
  assert.is(mail.subject, 'Website message: Birth certificate for a partner visa');
  for (const expected of ['Eve "The Tester" <o>', 'amira@example.org', '0491 570 156', 'Language: Arabic (ar)', 'Birth certificate for a partner visa', '<script>alert(1)</script> & <b>bold</b> please, 5 pages']) {
    assert.ok(mail.text!.includes(expected), `text has ${expected}`);
  }
  assert.ok(String(mail.html).includes('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;'), 'HTML escaped');
  assert.not.ok(String(mail.html).includes('<script>'), 'no live script in the HTML');
  assert.ok(String(mail.html).includes('Eve &quot;The Tester&quot; &lt;o&gt;'));
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
  assert.not.match(headers, /^bcc:/im, 'no injected headers');
});

test('CONTACT_TO as a name and address, or as a list, still gives each mail a well-formed Message-ID', async () => {
  // The Message-ID is what lets a mail client show a repeat of one enquiry once; a malformed one does not.
  for (const [to, domain, recipients] of [
    ['Wattle Team <team@example.com>', 'example.com', ['team@example.com']],
    ['first@example.net, second@example.com', 'example.net', ['first@example.net', 'second@example.com']],
  ] as const) {
    const before = sink.received.length;
    const res = await handler({ SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '1000', CONTACT_TO: to })(
      new Request('http://localhost/.netlify/functions/send-email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...message, subject: `To ${to}` }) }),
      { ip: '192.0.2.7' },
    );
    assert.is(res.status, 200, to);
    const received = sink.received[before];
    assert.equal(received.to, [...recipients], `${to}: delivered to every address`);
    assert.match(received.mail.messageId!, new RegExp(`^<enquiry-[\\w-]+@${domain.replace('.', '\\.')}>$`), `${to}: ${received.mail.messageId}`);
  }
});

test('a help form enquiry names its type in the subject', async () => {
  const before = sink.received.length;
  assert.is((await post(enquiry)).status, 200);
  assert.is(sink.received[before].mail.subject, 'Website enquiry (Request a Quote): Quote for 40 pages');
  assert.match(sink.received[before].mail.text!, /Enquiry type: Request a Quote/);
  assert.match(sink.received[before].mail.text!, /Phone: \(not given\)/);
});

test("a native post's answer page gives back what was typed as typed: $-patterns in a message paste nothing into the tag", async () => {
  const typed = 'I paid $` onmouseover=alert(document.domain) x, then $& and $\' for the rest';
  const res = await post(new URLSearchParams({ ...enquiry, subject: 'Hi', message: typed }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  assert.is(res.status, 400);
  const tag = /<site-island data-island="contact-form"[^>]*>/.exec(await res.text())?.[0] ?? '';
  // What was typed stays inside data-props: no other attribute, no tag text pasted in.
  assert.match(tag, /^<site-island data-island="contact-form" data-wake="[^"]*" data-src="[^"]*" data-props="[^"<]*">$/);
  assert.is(readProps<{ answer: { values: Record<string, string> } }>(tag)?.answer.values.message, typed, 'the island gets the message back unchanged');
});

test('a form post with a file where text belongs is refused naming the field and "a file", and its answer page gives back the other fields, not the file', async () => {
  // The form has no file input: only a crafted post sends one. Its words must still say what is wrong.
  const form = new FormData();
  for (const [key, value] of Object.entries(enquiry)) if (key !== 'message') form.append(key, value);
  form.append('message', new Blob(['%PDF-1.4 not a message'], { type: 'application/pdf' }), 'scan.pdf');
  const json = await fetch(endpoint(), { method: 'POST', headers: { accept: 'application/json' }, body: form });
  assert.is(json.status, 400);
  assert.is(((await json.json()) as { message: string }).message, 'Message must be text, not a file.');
  const page = await fetch(endpoint(), { method: 'POST', body: form });
  assert.is(page.status, 400);
  const values = readProps<{ answer: { values: Record<string, unknown> } }>(/<site-island data-island="contact-form"[^>]*>/.exec(await page.text())?.[0] ?? '')?.answer.values;
  assert.is(values?.subject, enquiry.subject, 'the subject typed comes back');
  assert.not.ok(values && typeof values.message === 'object', `no object comes back as the message: ${JSON.stringify(values?.message)}`);
});

test('a post over the size limit names the field that is too long and its limit, as JSON and on a page that keeps what was typed; too large for any other reason, the general words', async () => {
  const tooLarge = 'The enquiry is too large.';
  const asJson = async (body: unknown) => {
    const res = await post(body);
    return { status: res.status, body: (await res.json()) as { message: string; field?: string } };
  };
  // A field the visitor typed, over its limit: its own message (from the schema), or its title and limit.
  assert.equal(await asJson({ ...message, message: long(100 * 1024) }), { status: 413, body: { message: 'Message must be 5,000 characters or fewer.', field: 'message' } });
  assert.equal(await asJson({ ...enquiry, subject: long(100 * 1024) }), { status: 413, body: { message: 'Subject must be 150 characters or fewer.', field: 'subject' } });
  assert.equal(await asJson({ ...message, email: `${long(90 * 1024)}@example.org` }), { status: 413, body: { message: 'Email address must be 254 characters or fewer.', field: 'email' } });
  // Counted in characters, as the schema counts: 5,000 characters outside the BMP (10,000 UTF-16 units) are within
  // the message's limit, so a post too large because of another field does not name the message.
  assert.equal(await asJson({ ...message, message: '𠀋'.repeat(5000), padding: long(100 * 1024) }), { status: 413, body: { message: tooLarge } });
  // Too large for another reason: a field the visitor never sees, one the form has not, or more than is read at all.
  for (const body of [{ ...message, recaptcha: long(100 * 1024) }, { ...message, leave_blank: long(100 * 1024) }, { ...message, padding: long(100 * 1024) }, { ...message, message: long(400 * 1024) }]) {
    assert.equal(await asJson(body), { status: 413, body: { message: tooLarge } }, Object.keys(body).find((k) => String((body as Record<string, string>)[k]).length > 5000));
  }

  // Without JavaScript: the form's page, the field marked with its message, and every value as typed.
  const typed = `Please translate my certificate. ${'Every word of it. '.repeat(6000)}`;
  const page = await post(new URLSearchParams({ ...message, message: typed }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  assert.is(page.status, 413);
  const text = await page.text();
  const answer = readProps<{ answer: { values: Record<string, string>; errors: Record<string, string>; failure?: string } }>(/<site-island data-island="contact-form"[^>]*>/.exec(text)?.[0] ?? '')?.answer;
  assert.equal(answer?.errors, { message: 'Message must be 5,000 characters or fewer.' });
  assert.is(answer?.values.message, typed, 'the message comes back whole');
  assert.is(answer?.values.name, message.name);
  assert.match(text, /<p class="field-error" id="message-message-error">[\s\S]*?Message must be 5,000 characters or fewer\.<\/p>/);
  assert.not.match(text, tooLarge);
  // Too large because of the hidden field: the general words, and still what was typed.
  const hidden = await post(new URLSearchParams({ ...message, leave_blank: long(100 * 1024) }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  assert.is(hidden.status, 413);
  const hiddenText = await hidden.text();
  const hiddenAnswer = readProps<{ answer: { values: Record<string, string>; errors: Record<string, string>; failure?: string } }>(/<site-island data-island="contact-form"[^>]*>/.exec(hiddenText)?.[0] ?? '')?.answer;
  assert.is(hiddenAnswer?.failure, tooLarge);
  assert.equal(hiddenAnswer?.errors, {});
  assert.is(hiddenAnswer?.values.message, message.message);
});

test("when the form's page cannot be had, the plain answer page keeps the message's line breaks under its own policy", async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-pages-'));
  try {
    const sendEmail = createSendEmail({ env: () => ({ RATE_LIMIT_PER_MINUTE: '10000', SITE_PAGES_DIR: empty }) });
    const typed = 'First line of my message\nSecond line, after a break';
    const res = await sendEmail(new Request('http://localhost/.netlify/functions/send-email', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...enquiry, subject: 'Hi', message: typed }).toString() }));
    assert.is(res.status, 400);
    const policy = res.headers.get('content-security-policy')!;
    const page = await res.text();
    assert.match(page, 'What you wrote');
    // The page's policy allows no style of any kind: a style attribute is refused, and the lines ran together.
    assert.not.match(policy, /style-src|'unsafe-inline'/);
    assert.not.match(page, /\sstyle="/);
    assert.match(page, 'First line of my message<br/>Second line, after a break');
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test('an enquiry the mail server refuses for good is kept for us, and its answer page says so in title and text alike: saved, not "not sent"', async () => {
  sink.refuseFor = (raw) => raw.includes('Held for the operator');
  let res: Response;
  try {
    res = await post(new URLSearchParams({ ...enquiry, subject: 'Held for the operator' }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  } finally {
    sink.refuseFor = undefined;
  }
  assert.is(res.status, 202);
  const text = await res.text();
  const title = /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? '';
  assert.match(title, /^Your message is saved \| /);
  assert.not.match(text, /not sent/i, 'nothing says the message was not sent: it is kept');
  assert.not.match(text, /Error:/, 'no error banner: the message is safe');
  const panel = /<div class="form-success-panel"[\s\S]*?<\/div>\s*<\/div>/.exec(text)?.[0] ?? '';
  assert.match(panel, /<h3>Your message is saved<\/h3>/);
  assert.match(panel, /hasn(&#x27;|')t reached our team yet/);
  assert.match(panel, /will pass it on/, 'it says what happens next');
});

test("a native post's line breaks (CR LF, as a browser sends a textarea) count once, as the form's maxlength counts them", async () => {
  // The textarea allows 5,000 characters with each line break as one; the browser posts each as CR LF.
  const lines = Array.from({ length: 10 }, (_, i) => `Line ${i} `.padEnd(499, 'x'));
  const typed = lines.join('\n');
  assert.is(typed.length, 4999);
  const before = sink.received.length;
  const res = await post(new URLSearchParams({ ...enquiry, subject: 'Ten long lines', message: typed.replace(/\n/g, '\r\n') }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  assert.is(res.status, 200, 'the longest message the form allows is taken');
  assert.is(sink.received.length - before, 1);
  assert.is(sink.received.at(-1)!.mail.text!.includes(typed), true, 'the message arrives whole, line by line');
  // The same enquiry from the island (JSON, the textarea's value with LF) is the same enquiry: not mailed again.
  const again = await post({ ...enquiry, subject: 'Ten long lines', message: typed });
  assert.is(again.status, 200);
  assert.is(sink.received.length - before, 1, 'one enquiry, whichever way it was posted');
});

test('every field the form functions accept has a title: the label their messages name it by', () => {
  const forms = { ...(schema as any).definitions, subscribe: subscriberSchema } as Record<string, { properties: Record<string, { title?: string }> }>;
  for (const [form, { properties }] of Object.entries(forms)) {
    for (const [field, rules] of Object.entries(properties)) {
      assert.type(rules.title, 'string', `${form}: ${field} has no title`);
    }
  }
});

test('the help form offers exactly the enquiry types the function accepts, in the same order', () => {
  const accepted = (schema as unknown as { definitions: { enquiry: { properties: { enquiryType: { enum: string[] } } } } }).definitions.enquiry.properties.enquiryType.enum;
  assert.equal(contactForm.enquiryTypes.map((t) => t.value), accepted);
});

const handler = (env: Record<string, string | undefined>, now?: () => number) => createSendEmail({ env: () => env, now });
const request = (body: unknown) => new Request('http://localhost/.netlify/functions/send-email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('with RECAPTCHA_SECRET set, tokens are verified: a failed check answers 400', async () => {
  const send = handler({ SMTP_URL: sink.url, RECAPTCHA_SECRET: 'secret', RECAPTCHA_VERIFY_URL: captcha.url });
  const good = await send(request(message), { ip: '192.0.2.1' });
  assert.is(good.status, 200);
  assert.is(captcha.requests.at(-1)!.get('secret'), 'secret');
  assert.is(captcha.requests.at(-1)!.get('response'), 'good-token');
  const bad = await send(request({ ...message, recaptcha: 'forged-token' }), { ip: '192.0.2.1' });
  assert.is(bad.status, 400);
  assert.equal(await bad.json(), { message: 'The reCAPTCHA check failed. Please tick the box again.', field: 'recaptcha' });
});

test("a RECAPTCHA_SECRET Google refuses (mistyped or rotated) is the site's fault, not the visitor's: the enquiry is mailed marked unverified, and the log names the setting", async () => {
  const errors: string[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => errors.push(args.join(' '));
  captcha.secret = 'the-real-secret';
  let answer: Response;
  try {
    answer = await handler({ SMTP_URL: sink.url, RECAPTCHA_SECRET: 'an-old-secret', RECAPTCHA_VERIFY_URL: captcha.url })(request({ ...message, subject: 'Secret refused' }), { ip: '192.0.2.7' });
  } finally {
    console.error = error;
    captcha.secret = undefined;
  }
  assert.is(answer.status, 200);
  assert.equal(sink.received.filter((r) => r.mail.subject?.includes('Secret refused')).map((r) => r.mail.subject), ['[Unverified] Website message: Secret refused']);
  assert.ok(errors.some((line) => line.includes('invalid-input-secret') && line.includes('RECAPTCHA_SECRET')), errors.join('\n'));
});

test('without RECAPTCHA_SECRET a token is still required, and verification is skipped with one warning', async () => {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  try {
    const send = handler({ SMTP_URL: sink.url });
    assert.is((await send(request(message))).status, 200);
    assert.is((await send(request(message))).status, 200);
    assert.is((await send(request({ ...message, recaptcha: '' }))).status, 400);
  } finally {
    console.warn = warn;
  }
  assert.is(warnings.filter((w) => w.includes('RECAPTCHA_SECRET')).length, 1);
});

test('past 5 a minute from one client: 429 with Retry-After, and accepted again a minute later', async () => {
  let time = 1_000_000;
  const send = handler({ SMTP_URL: sink.url }, () => time);
  for (let i = 0; i < 5; i++) assert.is((await send(request(message), { ip: '198.51.100.7' })).status, 200);
  const limited = await send(request(message), { ip: '198.51.100.7' });
  assert.is(limited.status, 429);
  assert.is(limited.headers.get('retry-after'), '60');
  assert.match((await limited.json()).message, /wait a minute/);
  assert.is((await send(request(message), { ip: '198.51.100.8' })).status, 200, 'other clients are not affected');
  time += 30_000;
  assert.is((await send(request(message), { ip: '198.51.100.7' })).headers.get('retry-after'), '30');
  time += 31_000;
  assert.is((await send(request(message), { ip: '198.51.100.7' })).status, 200);
});

test('the rate limit forgets a client a minute after its last request, so a long-lived instance does not grow with every client', () => {
  let time = 1_000_000;
  const take = rateLimiter(() => time);
  for (let i = 0; i < 1000; i++) take(`ip 198.51.${i >> 8}.${i & 255}`, 5);
  assert.is(take.clients(), 1000, 'clients of the last minute are all remembered');
  for (let i = 0; i < 5; i++) take('ip 203.0.113.1', 5);
  time += 59_000;
  assert.is(take('ip 203.0.113.1', 5), 1, 'a client within its minute is still limited');
  take('ip 203.0.113.3', 5);
  time += 2_000;
  take('ip 203.0.113.2', 5);
  assert.is(take.clients(), 2, 'only the clients seen in the last minute are left');
  assert.is(take('ip 198.51.0.1', 5), 0);
});

test('a mail server that is down or refuses answers 502 Failed to send message', async () => {
  const down = handler({ SMTP_URL: 'smtp://127.0.0.1:9' });
  const res = await down(request(message));
  assert.is(res.status, 502);
  assert.equal(await res.json(), { message: 'Failed to send message' });
  sink.refuse = true;
  try {
    const refused = await handler({ SMTP_URL: sink.url })(request(message));
    assert.is(refused.status, 502);
  } finally {
    sink.refuse = false;
  }
});

test('in production without SMTP_URL: 500 Email is not configured, logged loudly', async () => {
  const errors: string[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => errors.push(args.join(' '));
  try {
    const res = await handler({})(request(message));
    assert.is(res.status, 500);
    assert.equal(await res.json(), { message: 'Email is not configured' });
  } finally {
    console.error = error;
  }
  assert.ok(errors.some((e) => e.includes('SMTP_URL is not set')));
});

test('under site serve without SMTP_URL, each enquiry is written to the outbox as an .eml file', async () => {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'site-outbox-'));
  try {
    assert.is((await handler({ SITE_DEV_OUTBOX: outbox })(request(message))).status, 200);
    const files = fs.readdirSync(outbox);
    assert.is(files.length, 1);
    assert.match(files[0], /\.eml$/);
    const raw = fs.readFileSync(path.join(outbox, files[0]), 'utf8');
    assert.match(raw, /^Reply-To: Amira Haddad <amira@example\.org>$/m);
    assert.match(raw, /^Subject: Website message: Birth certificate for a partner visa$/m);
  } finally {
    fs.rmSync(outbox, { recursive: true, force: true });
  }
});

test("the visitor's words never appear in the logs", async () => {
  const lines: string[] = [];
  const saved = [console.info, console.warn, console.error, console.log];
  console.info = console.warn = console.error = console.log = (...args: unknown[]) => lines.push(args.join(' '));
  try {
    const secret = 'my passport number is X1234567 please';
    await handler({ SMTP_URL: sink.url })(request({ ...message, message: secret }));
    await handler({ SMTP_URL: 'smtp://127.0.0.1:9' })(request({ ...message, message: secret }));
    await handler({})(request({ ...message, message: secret }));
  } finally {
    [console.info, console.warn, console.error, console.log] = saved;
  }
  assert.ok(lines.length >= 3);
  for (const line of lines) assert.not.ok(String(line).includes('X1234567') || String(line).includes('amira@example.org'), String(line));
});

test('the browser and the function apply the same rules: the same cases pass and fail with the same messages', async () => {
  const dir = path.join(toolRoot, '.cache', 'test');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `enquiry-validators-${process.pid}.mjs`);
  fs.writeFileSync(file, enquiryValidatorsSource(resolveProject(repoRoot), 'node'));
  const browser = (await import(pathToFileURL(file).href)) as Record<'enquiry' | 'message', ((d: unknown) => boolean) & { errors?: SchemaError[] }>;
  fs.rmSync(file);
  const send = handler({ SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '1000' });
  let compared = 0;
  for (const c of cases.filter((c) => typeof c.body === 'object' && c.body !== null && (c.status === 400 || c.status === 200) && !c.method && !c.headers)) {
    const data = normalise(c.body as Record<string, unknown>);
    const variant = variantOf(data);
    const validate = browser[variant];
    const browserSays = validate(data) ? 'accepted' : fieldErrors(variant, validate.errors ?? [], data)[0].message;
    const res = await send(request(c.body));
    const serverSays = res.status === 200 ? 'accepted' : (await res.json()).message;
    assert.is(browserSays, serverSays, c.name);
    compared++;
  }
  assert.ok(compared >= 35, `${compared} cases compared`);
});

test('load: 300 enquiries in batches of 30 to site serve; every 200 is a mail received', async () => {
  const before = sink.received.length;
  let ok = 0;
  const statuses = new Map<number, number>();
  for (let batch = 0; batch < 10; batch++) {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post({ ...message, subject: `Load test ${batch}-${i}` })));
    for (const a of answers) {
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      if (a.status === 200) ok++;
      await a.arrayBuffer();
    }
  }
  await new Promise((r) => setTimeout(r, 200));
  assert.is(ok, 300, `statuses ${JSON.stringify([...statuses])}`);
  assert.is(sink.received.length - before, ok);
  assert.is((await fetch(`${dev.url}/`)).status, 200);
});

test.run();
