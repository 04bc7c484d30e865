// No lead is lost, measured against the real parts: `site serve` running the functions, a real
// SMTP server that can be switched to refusing, and the local store under the fixture's .data/. Each test
// asserts counts, never timings, and prints its figures on a line starting with '» '.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { serve, type DevServer } from '../generator/serve/server.ts';
import type { Logger } from '../generator/log.ts';
import { budgets } from '../generator/render/page-scripts.ts';
import { fileStore, type KeyValueStore } from '../functions/lib/store.ts';
import { fixture, type Fixture } from './helpers/project.ts';
import { startMailSink, type MailSink } from './helpers/mail.ts';

const test = suite('leads');

const message = { name: 'Amira Haddad', email: 'amira@example.org', phone: '0491 570 156', language: 'ar', subject: 'Birth certificate', message: 'Please translate my Lebanese birth certificate for a partner visa.', recaptcha: 'good-token' };
const enquiry = { name: 'Tom Nguyen', email: 'tom@example.org', phone: '', subject: 'Quote for 40 pages', enquiryType: 'quote', message: 'Could you quote for forty pages of bank statements in Vietnamese?' };

let sink: MailSink;
let site: Fixture;
let dev: DevServer;
let store: KeyValueStore;
const infoLines: string[] = [];
const saved = { ...process.env };

test.before(async () => {
  sink = await startMailSink();
  process.env.SMTP_URL = sink.url;
  process.env.RATE_LIMIT_PER_MINUTE = '100000';
  delete process.env.RECAPTCHA_SECRET;
  delete process.env.SITE_DATA_DIR;
  // The delivery timer of site serve runs often here, as it would across a long outage; the tests also run
  // the delivery themselves, and either way each enquiry must go out once.
  process.env.SITE_RETRY_INTERVAL_MS = '500';
  process.env.ENQUIRY_RETRY_MS = '1';
  // A visitor's attempt holds its enquiry for twice this long; a 300-enquiry burst on a loaded machine waits
  // long in the mail pool, and the timer must not take an enquiry that is still being sent.
  process.env.SMTP_TIMEOUT_MS = '60000';
  site = fixture();
  const logger: Logger = { info: (m: string) => void infoLines.push(m), warn: () => {}, error: () => {}, progress: () => {} };
  dev = await serve({ root: site.root, port: 0, host: '127.0.0.1', watch: false, logger });
  store = fileStore(path.join(site.root, '.data', 'forms'));
});

test.after(async () => {
  await dev.close();
  site.remove();
  await sink.close();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

interface Answer {
  status: number;
  text: string;
}

/** One request on its own connection (no keep-alive pool), as a separate visitor's browser would make it. */
function send(fn: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const url = new URL(`${dev.url}/.netlify/functions/${fn}`);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const asJson = (body: unknown, key?: string) => send('send-email', JSON.stringify(body), { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) });
const asForm = (body: Record<string, string>) => send('send-email', formBody(body), { 'content-type': 'application/x-www-form-urlencoded' });
/** A form post's body, with every own field (URLSearchParams would drop a field named __proto__). */
const formBody = (body: Record<string, string>) => Object.keys(body).map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(body[k])}`).join('&');
const deliverStored = async () => JSON.parse((await send('deliver-enquiries', '', {})).text) as { delivered: number; waiting: number };
const subjects = (prefix: string) => sink.received.map((r) => r.mail.subject ?? '').filter((s) => s.includes(prefix));
const counted = async () => ({ queue: (await store.list('queue/')).length, received: (await store.list('received/')).length, subscribers: (await store.list('subscribers/')).length });

test('load: 300 concurrent valid enquiries, each from its own client: accepted = delivered = 300', async () => {
  const before = sink.received.length;
  const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 3 === 2 ? asForm({ ...enquiry, subject: `Load ${i}` }) : asJson({ ...message, subject: `Load ${i}` }, `load-${String(i).padStart(4, '0')}-key`))));
  const accepted = answers.filter((a) => a.status === 200 || a.status === 202).length;
  const queued = answers.filter((a) => a.status === 202).length;
  if (queued) await deliverStored();
  const delivered = subjects('Load ');
  assert.is(accepted, 300, `statuses ${JSON.stringify(answers.map((a) => a.status).filter((s) => s !== 200))}`);
  assert.is(new Set(delivered).size, 300, 'each enquiry delivered');
  assert.is(delivered.length, 300, 'and none twice');
  assert.is(sink.received.length - before, 300);
  assert.is((await counted()).queue, 0, 'nothing left waiting');
  console.log(`» load: 300 concurrent enquiries (200 JSON, 100 form posts), accepted ${accepted}, delivered ${delivered.length} (${queued} via the store), duplicates ${delivered.length - new Set(delivered).size}`);
});

test('outage: 50 enquiries while the mail server refuses are all kept, then delivered exactly once after recovery', async () => {
  sink.refuse = true;
  let answers: Answer[];
  try {
    answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 5 === 4 ? asForm({ ...enquiry, subject: `Outage ${i}` }) : asJson({ ...message, subject: `Outage ${i}` }, `outage-${String(i).padStart(3, '0')}-key`))));
    const stillDown = await deliverStored();
    assert.is(stillDown.delivered, 0, 'nothing delivered while the server refuses');
    const json = answers.filter((_, i) => i % 5 !== 4);
    const forms = answers.filter((_, i) => i % 5 === 4);
    assert.ok(json.every((a) => a.status === 202 && JSON.parse(a.text).queued === true), 'JSON: 202 queued');
    assert.ok(forms.every((a) => a.status === 200 && a.text.includes('Thank You for Your Message')), 'form posts: the thank-you page');
    assert.is(subjects('Outage ').length, 0);
    assert.is((await counted()).queue, 50, 'all 50 kept in the store');
    assert.is(fs.readdirSync(path.join(site.root, '.data', 'forms', 'queue')).length, 50);
  } finally {
    sink.refuse = false;
  }

  // Two runs asked for at once while the timer of site serve runs too, then one more: each enquiry still goes out once.
  const runs = await Promise.all([deliverStored(), deliverStored()]);
  const again = await deliverStored();
  // Visitors who press Send again after the recovery get the same answer and no second mail.
  const resent = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 5 === 4 ? asForm({ ...enquiry, subject: `Outage ${i}` }) : asJson({ ...message, subject: `Outage ${i}` }, `outage-${String(i).padStart(3, '0')}-key`))));
  const delivered = subjects('Outage ');
  assert.is(new Set(delivered).size, 50, 'all 50 delivered');
  assert.is(delivered.length, 50, 'none twice');
  assert.equal(runs[1], runs[0], 'a run started during another joins it instead of sending again');
  assert.is(again.delivered, 0, 'a later run finds nothing left');
  assert.ok(resent.every((a) => a.status === 200));
  assert.is((await counted()).queue, 0, 'delivered enquiries are deleted from the store');
  console.log(`» outage: 50 sent while the mail server refused, 50 answered as received, 50 stored; after recovery ${delivered.length} delivered, ${delivered.length - new Set(delivered).size} duplicates, ${(await counted()).queue} left in the store; 50 sent again after recovery: ${subjects('Outage ').length - 50} extra mails`);
});

test("site serve's timer delivers what was kept without being asked", async () => {
  sink.refuse = true;
  let answer: Answer;
  try {
    answer = await asJson({ ...message, subject: 'Timer delivery' }, 'timer-delivery-key-1');
  } finally {
    sink.refuse = false;
  }
  assert.is(answer.status, 202);
  for (let i = 0; i < 100 && subjects('Timer delivery').length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(subjects('Timer delivery'), ['Website message: Timer delivery']);
  // The record of the delivery follows the mail server's "250 OK".
  for (let i = 0; i < 100 && (await counted()).queue > 0; i++) await new Promise((r) => setTimeout(r, 50));
  assert.is((await counted()).queue, 0);
});

test('double submit: the same enquiry twice at once, twice in a row, and as a native post twice: each delivered once', async () => {
  const key = 'double-submit-key-0001';
  const at = await Promise.all([asJson({ ...message, subject: 'Double A' }, key), asJson({ ...message, subject: 'Double A' }, key)]);
  const inRow = [await asJson({ ...message, subject: 'Double B' }, 'double-submit-key-0002'), await asJson({ ...message, subject: 'Double B' }, 'double-submit-key-0002')];
  const native = [await asForm({ ...enquiry, subject: 'Double C' }), await asForm({ ...enquiry, subject: 'Double C' })];
  for (const a of [...at, ...inRow]) assert.is(a.status, 200);
  for (const a of native) assert.is(a.status, 200);
  const counts = ['Double A', 'Double B', 'Double C'].map((s) => subjects(s).length);
  assert.equal(counts, [1, 1, 1]);
  console.log(`» double submit: 3 enquiries sent twice each (6 requests), mails delivered ${counts.reduce((a, b) => a + b)}`);
});

const long = (n: number) => 'x'.repeat(n);
// Each bad input, with the status and the message the visitor must see. Sent as JSON and as a form post.
const bad: { name: string; body: Record<string, string>; status: number; message: string }[] = [
  { name: 'empty', body: {}, status: 400, message: 'Please enter your name.' },
  { name: 'no name', body: { ...message, name: '' }, status: 400, message: 'Please enter your name.' },
  { name: 'one-letter name', body: { ...message, name: 'A' }, status: 400, message: 'Please enter your name.' },
  { name: 'name of spaces', body: { ...message, name: '    ' }, status: 400, message: 'Please enter your name.' },
  { name: 'CR/LF in the name', body: { ...message, name: 'Eve\r\nBcc: x@example.net' }, status: 400, message: 'Name must be on one line, without control or text-direction characters.' },
  { name: '101-character name', body: { ...message, name: long(101) }, status: 400, message: 'Name must be 100 characters or fewer.' },
  { name: 'no email', body: { ...message, email: '' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'email without a dot', body: { ...message, email: 'amira@example' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'email with two @', body: { ...message, email: 'amira@@example.org' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'email with two dots', body: { ...message, email: 'amira@example..org' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'email with a space', body: { ...message, email: 'amira h@example.org' }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'email with CR/LF', body: { ...message, email: 'amira@example.org\r\nBcc: x@example.net' }, status: 400, message: 'Please enter a valid email address.' },
  { name: '255-character email', body: { ...message, email: `${long(243)}@example.org` }, status: 400, message: 'Please enter a valid email address.' },
  { name: 'no subject', body: { ...message, subject: '' }, status: 400, message: 'Please enter a subject.' },
  { name: 'one-letter subject', body: { ...message, subject: 'B' }, status: 400, message: 'Please enter a subject.' },
  { name: 'LF in the subject', body: { ...message, subject: 'Hi\nBcc: x@example.net' }, status: 400, message: 'Subject must be on one line, without control or text-direction characters.' },
  { name: '151-character subject', body: { ...message, subject: long(151) }, status: 400, message: 'Subject must be 150 characters or fewer.' },
  { name: 'nine-character message', body: { ...message, message: 'Too short' }, status: 400, message: 'Message must be at least 10 characters.' },
  { name: 'message of spaces and line breaks', body: { ...message, message: '      \n\n    ' }, status: 400, message: 'Message must be at least 10 characters.' },
  { name: 'message of invisible characters', body: { ...message, message: '\u200b\u3164'.repeat(6) }, status: 400, message: 'Message must be at least 10 characters.' },
  { name: '5,001-character message', body: { ...message, message: long(5001) }, status: 400, message: 'Message must be 5,000 characters or fewer.' },
  { name: 'NUL in the message', body: { ...message, message: 'Hello there\u0000 friend' }, status: 400, message: 'Message contains characters that cannot be sent.' },
  { name: 'bell in the message', body: { ...message, message: 'Hello there\u0007 friend' }, status: 400, message: 'Message contains characters that cannot be sent.' },
  { name: 'empty reCAPTCHA', body: { ...message, recaptcha: '' }, status: 400, message: 'Please complete the reCAPTCHA verification.' },
  { name: 'reCAPTCHA with spaces', body: { ...message, recaptcha: 'not a token' }, status: 400, message: 'Please complete the reCAPTCHA verification.' },
  { name: 'language that is not a code', body: { ...message, language: 'Arabic!' }, status: 400, message: 'Please choose a language from the list.' },
  { name: '41-character phone', body: { ...message, phone: '0'.repeat(41) }, status: 400, message: 'Phone numbers must be 40 characters or fewer, on one line.' },
  { name: 'phone with a line break', body: { ...message, phone: '0491\n570 156' }, status: 400, message: 'Phone numbers must be 40 characters or fewer, on one line.' },
  { name: 'extra field', body: { ...message, admin: 'true' }, status: 400, message: 'Unknown field "admin".' },
  { name: 'help form: unknown enquiry type', body: { ...enquiry, enquiryType: 'spam' }, status: 400, message: 'Please select an enquiry type.' },
  { name: 'help form: no enquiry type', body: { ...enquiry, enquiryType: '' }, status: 400, message: 'Please select an enquiry type.' },
  { name: 'help form: one-letter name', body: { ...enquiry, name: 'T' }, status: 400, message: 'Name must be at least 2 characters.' },
  { name: 'help form: bad email', body: { ...enquiry, email: 'tom@' }, status: 400, message: 'Please enter a valid email.' },
  { name: 'help form: two-letter subject', body: { ...enquiry, subject: 'Hi' }, status: 400, message: 'Subject must be at least 3 characters.' },
  { name: 'help form: short message', body: { ...enquiry, message: 'Quote?' }, status: 400, message: 'Message must be at least 10 characters.' },
  { name: 'help form: message of invisible characters', body: { ...enquiry, message: ` ${'\u2060\u00ad'.repeat(6)} ` }, status: 400, message: 'Message must be at least 10 characters.' },
  { name: 'help form: long message', body: { ...enquiry, message: long(5001) }, status: 400, message: 'Message must be 5,000 characters or fewer.' },
  { name: 'help form: CR in the subject', body: { ...enquiry, subject: 'Quote\rBcc' }, status: 400, message: 'Subject must be on one line, without control or text-direction characters.' },
  { name: 'help form: 101-character name', body: { ...enquiry, name: long(101) }, status: 400, message: 'Name must be 100 characters or fewer.' },
  { name: 'help form: a captcha it does not have', body: { ...enquiry, recaptcha: 'x' }, status: 400, message: 'Unknown field "recaptcha".' },
  { name: 'help form: a language it does not have', body: { ...enquiry, language: 'ar' }, status: 400, message: 'Unknown field "language".' },
  { name: 'help form: no email', body: { ...enquiry, email: '' }, status: 400, message: 'Please enter a valid email.' },
  { name: 'help form: no name', body: { ...enquiry, name: '' }, status: 400, message: 'Name must be at least 2 characters.' },
  { name: 'a 100 KB body', body: { ...message, message: long(100 * 1024) }, status: 413, message: 'Message must be 5,000 characters or fewer.' },
  { name: 'help form: a 100 KB subject', body: { ...enquiry, subject: long(100 * 1024) }, status: 413, message: 'Subject must be 150 characters or fewer.' },
  { name: 'a 100 KB honeypot', body: { ...message, leave_blank: long(100 * 1024) }, status: 413, message: 'The enquiry is too large.' },
  // Characters that mislead or break a header line, in the name and the subject.
  { name: 'right-to-left override in the subject', body: { ...message, subject: 'Invoice \u202efdp.exe' }, status: 400, message: 'Subject must be on one line, without control or text-direction characters.' },
  { name: 'right-to-left override in the name', body: { ...message, name: 'Amira \u202eHaddad' }, status: 400, message: 'Name must be on one line, without control or text-direction characters.' },
  { name: 'bidi isolate in the name', body: { ...message, name: 'Amira \u2067Haddad\u2069' }, status: 400, message: 'Name must be on one line, without control or text-direction characters.' },
  { name: 'zero-width-only name', body: { ...message, name: '\u200b\u200c\u200d\ufeff' }, status: 400, message: 'Please enter your name.' },
  { name: 'zero-width-only subject', body: { ...message, subject: '\u200b\u2060\u200b' }, status: 400, message: 'Please enter a subject.' },
  { name: 'C1 control in the name', body: { ...message, name: 'Amira\u009bHaddad' }, status: 400, message: 'Name must be on one line, without control or text-direction characters.' },
  { name: 'NEL in the name', body: { ...message, name: 'Amira\u0085Bcc: x@example.net' }, status: 400, message: 'Name must be on one line, without control or text-direction characters.' },
  { name: 'U+2028 in the subject', body: { ...message, subject: 'Hello\u2028Bcc: x@example.net' }, status: 400, message: 'Subject must be on one line, without control or text-direction characters.' },
  { name: 'U+2029 in the subject', body: { ...message, subject: 'Hello\u2029there' }, status: 400, message: 'Subject must be on one line, without control or text-direction characters.' },
  { name: 'internationalised address', body: { ...message, email: 'josé@exämple.com' }, status: 400, message: "Addresses with accented or non-Latin letters (such as é or ä) can't get our replies yet. Please use an address written in plain letters (a to z)." },
  { name: 'internationalised domain', body: { ...message, email: 'jose@exämple.com' }, status: 400, message: "Addresses with accented or non-Latin letters (such as é or ä) can't get our replies yet. Please use an address written in plain letters (a to z)." },
  { name: 'field named __proto__', body: JSON.parse(`{"__proto__":"x",${JSON.stringify(message).slice(1)}`), status: 400, message: 'Unknown field "__proto__".' },
  { name: 'field named constructor', body: { ...message, constructor: 'x' } as unknown as Record<string, string>, status: 400, message: 'Unknown field "constructor".' },
  { name: 'field named toString', body: { ...message, toString: 'x' } as unknown as Record<string, string>, status: 400, message: 'Unknown field "toString".' },
  { name: 'help form: field named __proto__', body: JSON.parse(`{"__proto__":"x",${JSON.stringify(enquiry).slice(1)}`), status: 400, message: 'Unknown field "__proto__".' },
];

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

test(`bad input: ${bad.length} bad enquiries as JSON and as form posts, each with the right status and message; nothing stored, nothing sent`, async () => {
  assert.ok(bad.length >= 40);
  const mailsBefore = sink.received.length;
  const storedBefore = await counted();
  let right = 0;
  for (const c of bad) {
    const j = await asJson(c.body);
    assert.is(j.status, c.status, `JSON, ${c.name}: status`);
    assert.is(JSON.parse(j.text).message, c.message, `JSON, ${c.name}: message`);
    const f = await asForm(c.body);
    assert.is(f.status, c.status, `form post, ${c.name}: status`);
    {
      assert.match(f.text, /^<!DOCTYPE html>/i, `form post, ${c.name}: a page`);
      // reCAPTCHA missing from a native post: the page explains and gives the other ways to reach us.
      const expected = c.message === 'Please complete the reCAPTCHA verification.' && c.body.recaptcha === '' ? "the reCAPTCHA check that keeps spam out needs JavaScript" : c.message;
      assert.ok(f.text.includes(escaped(expected)), `form post, ${c.name}: shows ${expected}`);
      if (c.body.name && c.body.name.length <= 100 && !/[\r\n]/.test(c.body.name)) assert.ok(f.text.includes(`value="${escaped(c.body.name)}"`), `form post, ${c.name}: keeps the name`);
    }
    right += 2;
  }
  assert.is(sink.received.length, mailsBefore, 'nothing sent');
  assert.equal(await counted(), storedBefore, 'nothing stored');
  console.log(`» bad input: ${bad.length} cases × 2 encodings = ${right} requests, ${right} answered with the right status and message, ${sink.received.length - mailsBefore} mails sent, ${(await counted()).queue - storedBefore.queue} stored`);
});

test('bad sign-ups: each answered with the right status and message, nothing kept; good ones kept once per address', async () => {
  const before = await counted();
  const sign = (body: string, type: string) => send('subscribe', body, { 'content-type': type });
  const cases: [string, string, number, string][] = [
    ['{}', 'application/json', 400, 'Please enter a valid email address.'],
    ['{"email":"nope"}', 'application/json', 400, 'Please enter a valid email address.'],
    ['{"email":42}', 'application/json', 400, 'Email address must be text, not a number.'],
    ['{"email":["sam@example.org"]}', 'application/json', 400, 'Email address must be text, not a list.'],
    ['{"email":"sam@example.org","leave_blank":1}', 'application/json', 400, 'The last field must be text, not a number.'],
    ['{"email":null}', 'application/json', 400, 'Please enter a valid email address.'],
    ['[]', 'application/json', 400, 'The sign-up must be a JSON object with an email field.'],
    ['{"email":"a@example.org","admin":true}', 'application/json', 400, 'Unknown field "admin".'],
    ['email=', 'application/x-www-form-urlencoded', 400, 'Please enter a valid email address.'],
    ['email=sam%40example', 'application/x-www-form-urlencoded', 400, 'Please enter a valid email address.'],
    ['email=sam', 'text/plain', 415, 'Send the sign-up as JSON (Content-Type: application/json) or as a form post.'],
    [`email=${long(5000)}`, 'application/x-www-form-urlencoded', 413, 'Email address must be 254 characters or fewer.'],
    [JSON.stringify({ email: `${long(5000)}@example.org` }), 'application/json', 413, 'Email address must be 254 characters or fewer.'],
    [`email=sam%40example.org&leave_blank=${long(5000)}`, 'application/x-www-form-urlencoded', 413, 'The sign-up is too large.'],
    [JSON.stringify({ email: 'sam@example.org', leave_blank: long(5000) }), 'application/json', 413, 'The sign-up is too large.'],
    [`email=${long(20000)}`, 'application/x-www-form-urlencoded', 413, 'The sign-up is too large.'],
  ];
  for (const [body, type, status, message] of cases) {
    const a = await sign(body, type);
    assert.is(a.status, status, body.slice(0, 40));
    const shown = a.text.startsWith('{') ? JSON.parse(a.text).message : a.text;
    assert.ok(shown === message || shown.includes(escaped(message)), `${body.slice(0, 40)}: ${message}`);
  }
  assert.equal(await counted(), before, 'nothing kept');
  // The address too long to keep is given back whole, for the visitor to correct.
  assert.ok((await sign(`email=${long(5000)}`, 'application/x-www-form-urlencoded')).text.includes(`value="${long(5000)}"`), 'the address typed is kept');
  const good = await Promise.all([sign('{"email":"Sam@Example.org"}', 'application/json'), sign('email=sam%40example.org&leave_blank=', 'application/x-www-form-urlencoded'), sign('{"email":"sam@example.org"}', 'application/json')]);
  assert.ok(good.every((a) => a.status === 200));
  const bot = await sign('email=bot%40example.net&leave_blank=http%3A%2F%2Fspam.example', 'application/x-www-form-urlencoded');
  assert.is(bot.status, 200, 'a bot is thanked as anyone');
  assert.is((await counted()).subscribers - before.subscribers, 1, 'one address kept, the bot not on the list');
  // Kept aside, not dropped: a visitor whose browser filled the hidden field is not lost.
  const suspected = await store.list('suspected/');
  assert.is(suspected.length, 1);
  assert.equal(JSON.parse((await store.get(suspected[0]))!).email, 'bot@example.net');
  console.log(`» sign-ups: ${cases.length} bad inputs refused with their messages and nothing kept; 3 sign-ups of one address kept as ${(await counted()).subscribers - before.subscribers}; 1 honeypot sign-up kept aside as suspected`);
});

test('the longest message the form allows, posted natively in its worst encoding, is taken; a larger body gets a page that keeps the values', async () => {
  // 5,000 CJK characters: 3 bytes each in UTF-8, 9 once URL-encoded, about 45 KB; and 5,000 characters outside
  // the BMP (the schema counts characters), 12 bytes each, about 60 KB.
  const cjk = '翻'.repeat(5000);
  const astral = '𠀋'.repeat(5000);
  const before = sink.received.length;
  for (const [label, text] of [['CJK', cjk], ['astral', astral]] as const) {
    const body = formBody({ ...enquiry, subject: `Longest native ${label}`, name: '譚'.repeat(100), message: text });
    assert.ok(body.length > 32 * 1024, `${label}: ${body.length} bytes`);
    const answer = await asForm({ ...enquiry, subject: `Longest native ${label}`, name: '譚'.repeat(100), message: text });
    assert.is(answer.status, 200, label);
    assert.match(answer.text, /Thank You for Your Message/);
  }
  assert.is(sink.received.length - before, 2);
  assert.is(sink.received.at(-2)!.mail.text!.includes(cjk), true, 'the whole message arrives');

  // Over the limit (a tampered form): the page, not JSON, with what was typed.
  const tooBig = await asForm({ ...message, name: 'Amira Haddad', message: 'x'.repeat(100 * 1024) });
  assert.is(tooBig.status, 413);
  assert.match(tooBig.text, /^<!DOCTYPE html>/i);
  assert.ok(tooBig.text.includes('Message must be 5,000 characters or fewer.'), 'the field to shorten and its limit');
  assert.ok(tooBig.text.includes('value="Amira Haddad"'), 'the name is kept');
  assert.ok(tooBig.text.includes(`>${'x'.repeat(100 * 1024)}</textarea>`), 'the message is kept');
  // Past all the function reads (four times its limit), so nothing typed can be kept: still the function's page.
  const huge = await asForm({ ...message, message: 'x'.repeat(1200 * 1024) });
  assert.is(huge.status, 413);
  assert.match(huge.text, /^<!doctype html>/i);
  assert.ok(huge.text.includes('The enquiry is too large.'), 'no field could be read: the general words');
  // A browser posting a type the function does not read (a form with enctype="text/plain"): a page too.
  const plain = await send('send-email', 'name=Amira\r\nemail=amira@example.org', { 'content-type': 'text/plain', accept: 'text/html,application/xhtml+xml' });
  assert.is(plain.status, 415);
  assert.match(plain.text, /^<!DOCTYPE html>/i);
  assert.ok(plain.text.includes('Send the enquiry as JSON'));
  // A script still gets JSON.
  assert.is(JSON.parse((await send('send-email', 'x', { 'content-type': 'text/plain' })).text).message, 'Send the enquiry as JSON (Content-Type: application/json) or as a form post.');
  // The form page is sent multipart by some browsers' extensions and tools: read the same way.
  const multipart = new FormData();
  for (const [k, v] of Object.entries({ ...enquiry, subject: 'Multipart post' })) multipart.append(k, v);
  const encoded = new Response(multipart);
  const mp = await send('send-email', Buffer.from(await encoded.arrayBuffer()).toString('latin1'), { 'content-type': encoded.headers.get('content-type')! });
  assert.is(mp.status, 200);
  assert.equal(subjects('Multipart post').length, 1);
  console.log(`» long native posts: 5,000 CJK characters (${formBody({ ...enquiry, name: '譚'.repeat(100), message: cjk }).length} bytes) and 5,000 four-byte characters taken and mailed whole; a 100 KB post answered 413 with a page naming the message's limit and keeping what was typed; a text/plain post answered 415 with a page`);
});

test('a form post over the limit sent without a Content-Length (chunked, as a script streams it) is refused 413 with the typed values, not left unanswered', async () => {
  // In two chunks and with no Content-Length, so the function has to read the body to find it too large.
  const chunked = (fn: string, body: string) =>
    new Promise<Answer>((resolve, reject) => {
      const url = new URL(`${dev.url}/.netlify/functions/${fn}`);
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      const half = Math.floor(body.length / 2);
      req.write(body.slice(0, half));
      req.end(body.slice(half));
    });
  const before = await counted();
  const enquiryAnswer = await chunked('send-email', formBody({ ...message, name: 'Amira Chunked', message: 'x'.repeat(100 * 1024) }));
  assert.is(enquiryAnswer.status, 413);
  assert.ok(enquiryAnswer.text.includes('Message must be 5,000 characters or fewer.'));
  assert.ok(enquiryAnswer.text.includes('value="Amira Chunked"'), 'the name is kept');
  const signUp = await chunked('subscribe', `email=sam.chunked%40example.org&leave_blank=${'x'.repeat(6000)}`);
  assert.is(signUp.status, 413);
  assert.ok(signUp.text.includes('The sign-up is too large.'));
  assert.ok(signUp.text.includes('value="sam.chunked@example.org"'), 'the address is kept');
  assert.equal(await counted(), before, 'nothing kept');
});

test("answer pages carry the site's own security headers (Netlify does not apply _headers to a function's answer)", async () => {
  // The policy the host gives the form's own page is the one its answer must carry.
  const siteCsp = (await fetch(new URL('/contact', dev.url))).headers.get('content-security-policy');
  assert.ok(siteCsp, 'the contact page has a policy');
  const answers = {
    thanks: await getHeaders('send-email', formBody({ ...enquiry, subject: 'Headers check' }), 'application/x-www-form-urlencoded'),
    error: await getHeaders('send-email', formBody({ ...enquiry, subject: '' }), 'application/x-www-form-urlencoded'),
    'sign-up': await getHeaders('subscribe', 'email=nope', 'application/x-www-form-urlencoded'),
  };
  for (const [kind, h] of Object.entries(answers)) {
    assert.match(String(h['content-type']), /text\/html/, kind);
    assert.is(h['content-security-policy'], siteCsp, `${kind}: the site's policy`);
    assert.match(String(h['content-security-policy']), /frame-ancestors 'none'/);
    assert.is(h['x-content-type-options'], 'nosniff', kind);
    assert.is(h['referrer-policy'], 'strict-origin-when-cross-origin', kind);
  }
  const jsonAnswer = await getHeaders('send-email', '{}', 'application/json');
  assert.is(jsonAnswer['x-content-type-options'], 'nosniff');
});

/** The headers of one answer. */
function getHeaders(fn: string, body: string, type: string): Promise<http.IncomingHttpHeaders> {
  const url = new URL(`${dev.url}/.netlify/functions/${fn}`);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { 'content-type': type, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers));
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('page weight: the JavaScript the form pages load stays within the budgets', () => {
  const line = infoLines.find((l) => l.includes('JavaScript, gzipped'));
  assert.ok(line, 'the build reports its page weights');
  const weights = Object.fromEntries([...line!.matchAll(/([a-z-]+) ([\d.]+)\/([\d.]+) KB/g)].map((m) => [m[1], { load: Number(m[2]), total: Number(m[3]) }]));
  for (const kind of ['contact', 'pricing', 'blog']) {
    assert.ok(weights[kind], kind);
    assert.ok(weights[kind].load * 1024 <= budgets.load, `${kind}: ${weights[kind].load} KB at load`);
    assert.ok(weights[kind].total * 1024 <= budgets.total, `${kind}: ${weights[kind].total} KB in all`);
  }
  assert.ok(weights.faq.total * 1024 <= budgets.basic, 'a page with no island');
  console.log(`» page weight (gzipped, at load / in all; budgets ${budgets.load / 1024}/${budgets.total / 1024} KB): contact ${weights.contact.load}/${weights.contact.total} KB, pricing ${weights.pricing.load}/${weights.pricing.total} KB, blog ${weights.blog.load}/${weights.blog.total} KB; a page with no island ${weights.faq.total} KB (budget ${budgets.basic / 1024} KB)`);
});

test.run();
