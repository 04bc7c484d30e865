// Enquiries under crashes, refusals and attacks, against the real parts: a real SMTP server (smtp-server),
// the file store on disk, and for the crash a server process of its own that is SIGKILLed mid-burst. Each test
// asserts counts and order, never timings, and prints its figures on a line starting with '» '.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { fileStore, type KeyValueStore } from '../functions/lib/store.ts';
import { deliverQueued, enquiryIntake, type DeliveryReport } from '../functions/lib/enquiries.ts';
import { attemptDelivery } from '../functions/lib/enquiry-delivery.ts';
import { idempotencyKey, listStored, retryStored, type Stored } from '../functions/lib/enquiry-records.ts';
import { normalise } from '../functions/lib/enquiry.ts';
import { mailer } from '../functions/lib/mail.ts';
import { clientIp } from '../functions/lib/http.ts';
import { createSendEmail } from '../functions/send-email.ts';
import { createSubscribe } from '../functions/subscribe.ts';
import deliverEnquiries from '../functions/deliver-enquiries.ts';
import { repoRoot } from './helpers/project.ts';
import { startMailSink, type MailSink } from './helpers/mail.ts';

const test = suite('enquiries');

const message = { name: 'Amira Haddad', email: 'amira@example.org', phone: '', language: 'ar', subject: 'Birth certificate', message: 'Please translate my Lebanese birth certificate for a partner visa.', recaptcha: 'good-token' };
const enquiry = { name: 'Tom Nguyen', email: 'tom@example.org', phone: '', subject: 'Quote for 40 pages', enquiryType: 'quote', message: 'Could you quote for forty pages of bank statements in Vietnamese?' };

let dir: string;
let sink: MailSink;

test.before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-enquiries-'));
  sink = await startMailSink();
});

test.after(async () => {
  await sink.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test.before.each(() => {
  sink.refuse = false;
  sink.refuseFor = undefined;
  sink.delayMs = 0;
  sink.dropAfterData = false;
  sink.mailFromDelayMs = 0;
  sink.onReceived = undefined;
  sink.mostAtOnce = 0;
});

function captureLogs() {
  const lines: string[] = [];
  const saved = [console.info, console.warn, console.error, console.log];
  console.info = console.warn = console.error = (...args: unknown[]) => lines.push(args.join(' '));
  return { lines, restore: () => ([console.info, console.warn, console.error, console.log] = saved) };
}

const jsonRequest = (body: unknown, key?: string, headers: Record<string, string> = {}) =>
  new Request('http://localhost/.netlify/functions/send-email', { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}), ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
/** What `work` settles to, or `late` if it has not settled within `ms`. */
const settledWithin = <T>(work: Promise<T>, ms: number, late: string) => Promise.race([work, new Promise<string>((resolve) => setTimeout(() => resolve(late), ms))]);
const subjects = (prefix: string) => sink.received.map((r) => r.mail.subject ?? '').filter((s) => s.includes(prefix));

test('functions/ holds only functions: every top-level module default-exports a handler', async () => {
  const folder = path.join(repoRoot, 'functions');
  const modules = fs.readdirSync(folder, { withFileTypes: true }).filter((e) => e.isFile() && /\.(m?[jt]sx?)$/.test(e.name));
  assert.ok(modules.length >= 3);
  const without: string[] = [];
  for (const entry of modules) {
    const module = (await import(pathToFileURL(path.join(folder, entry.name)).href)) as { default?: unknown };
    if (typeof module.default !== 'function') without.push(entry.name);
  }
  assert.equal(without, [], 'shared code belongs in functions/lib/: Netlify deploys every top-level module as a function');
});

/** One request on its own connection; undefined when the connection dies before an answer. */
function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string } | undefined> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', () => resolve(undefined));
    });
    req.on('error', () => resolve(undefined));
    req.end(body);
  });
}

/** The form functions in a server process of their own (test/helpers/function-server.ts). */
async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'test/helpers/function-server.ts')], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.resume();
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`the function server ended (${code})`)));
  });
  return { url, child };
}

async function waitFor(done: () => boolean | Promise<boolean>, what: string, rounds = 300): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.unreachable(`still waiting for ${what}`);
}

test('a kill in mid-burst: every enquiry answered 200 or 202, before or after the restart, is mailed', async () => {
  const data = path.join(dir, 'kill');
  const env = { SITE_DATA_DIR: data, SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '2000', ENQUIRY_RETRY_MS: '1', SITE_RETRY_INTERVAL_MS: '300', RATE_LIMIT_PER_MINUTE: '100000' };
  const left = () => fs.readdirSync(path.join(data, 'forms', 'queue')).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(data, 'forms', 'queue', f), 'utf8')) as Stored);
  let server = await startServer(env);
  // Compile the function before the burst, so the burst meets a warm server.
  assert.is((await post(`${server.url}/.netlify/functions/send-email`, '{}', { 'content-type': 'application/json' }))?.status, 400);

  // 100 at once: four in five from the island (JSON with a key), one in five native posts (a content-hash key).
  const burst = Array.from({ length: 100 }, (_, i) => ({ i, native: i % 5 === 4, subject: `Burst ${String(i).padStart(3, '0')}` }));
  const sendOne = (url: string, b: (typeof burst)[number]) =>
    b.native
      ? post(`${url}/.netlify/functions/send-email`, new URLSearchParams({ ...enquiry, subject: b.subject }).toString(), { 'content-type': 'application/x-www-form-urlencoded' })
      : post(`${url}/.netlify/functions/send-email`, JSON.stringify({ ...message, subject: b.subject }), { 'content-type': 'application/json', 'idempotency-key': `burst-${String(b.i).padStart(4, '0')}-key` });
  sink.delayMs = 20;
  const killed = server.child;
  sink.onReceived = (count) => {
    if (count - before === 30) killed.kill('SIGKILL');
  };
  const before = sink.received.length;
  const first = await Promise.all(burst.map((b) => sendOne(server.url, b)));
  await new Promise((resolve) => (killed.exitCode !== null || killed.signalCode ? resolve(null) : killed.once('exit', resolve)));
  sink.onReceived = undefined;
  const mailedAtKill = subjects('Burst ').length;
  const answeredBefore = burst.filter((b) => first[b.i] && [200, 202].includes(first[b.i]!.status));
  const unanswered = burst.filter((b) => !first[b.i]);
  assert.ok(unanswered.length > 0, 'the kill came mid-burst');
  assert.ok(first.every((a) => !a || [200, 202].includes(a.status)), 'no other answer before the kill');

  // The same server, started again on the same store; the visitors send again what got no answer.
  server = await startServer(env);
  try {
    const second = await Promise.all(unanswered.map((b) => sendOne(server.url, b)));
    assert.ok(second.every((a) => a && [200, 202].includes(a.status)), `after the restart: ${JSON.stringify(second.map((a) => a?.status))}`);
    // The queue empties but for those the kill cut off from their final dot on: each may have arrived, so a
    // run that finds one once its lease has run out leaves it held as unconfirmed, for the operator. A lock the
    // kill left (it died mid-swap) names a process that is gone, so it is broken at once (lib/store.ts).
    await waitFor(() => left().every((r) => r.state === 'held' && r.unconfirmed && !r.sending), 'the queue to empty, but for unconfirmed ones', 900);
  } finally {
    server.child.kill('SIGKILL');
  }
  const mailed = subjects('Burst ');
  const ids = sink.received.filter((r) => r.mail.subject?.includes('Burst ')).map((r) => r.mail.messageId);
  const unconfirmed = left().map((r) => r.data.subject);
  for (const b of answeredBefore) assert.ok(mailed.some((s) => s.endsWith(b.subject)) || unconfirmed.includes(b.subject), `${b.subject} was answered ${first[b.i]!.status} and must be mailed or kept`);
  assert.is(new Set([...mailed.map((s) => s.slice(s.indexOf('Burst '))), ...unconfirmed]).size, 100, 'all 100 mailed or kept as unconfirmed');
  assert.is(new Set(ids).size, new Set(mailed).size, 'one Message-ID per enquiry: a repeat carries the same id');
  console.log(`» kill mid-burst: 100 concurrent enquiries (80 JSON with a key, 20 native posts), SIGKILL after ${mailedAtKill} mails; ${answeredBefore.length} answered 200/202 before the kill, ${unanswered.length} unanswered; after the restart the ${unanswered.length} resent were answered 200/202; mailed: ${new Set(mailed).size} of 100 distinct, ${mailed.length - new Set(mailed).size} repeats (same Message-ID); ${unconfirmed.length} kept as unconfirmed (${unconfirmed.filter((u) => mailed.some((s) => s.endsWith(u))).length} of them arrived)`);
});

test('a poisoned queue: an enquiry refused for good is held and logged, the others are delivered in the next run', async () => {
  const store = fileStore(path.join(dir, 'poison'));
  const settings = { SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '1000', ENQUIRY_RETRY_MS: '1' };
  const send = createSendEmail({ env: () => settings, store: () => store });
  sink.refuseFor = (raw) => raw.includes('POISON');
  const logs = captureLogs();
  let upFirst: Response, upPage: Response;
  const outage: Response[] = [];
  let run: DeliveryReport;
  try {
    // While mail is up, a refusal for good is not answered as received and on its way.
    upFirst = await send(jsonRequest({ ...message, subject: 'POISON while up' }, 'poison-up-0001'));
    upPage = await send(new Request('http://localhost/.netlify/functions/send-email', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...enquiry, subject: 'POISON native' }) }));
    // During an outage an anonymous visitor plants one that sorts first, and ten others arrive.
    sink.refuse = true;
    outage.push(await send(jsonRequest({ ...message, subject: 'POISON planted' }, 'aaaa-poison-0001')));
    for (let i = 0; i < 10; i++) outage.push(await send(jsonRequest({ ...message, subject: `Behind ${i}` }, `behind-${String(i).padStart(3, '0')}-key`)));
    sink.refuse = false;
    run = await deliverQueued(store, mailer(), settings);
  } finally {
    sink.refuse = false;
    logs.restore();
  }
  assert.is(upFirst.status, 202);
  const body = (await upFirst.json()) as { held?: boolean; message?: string };
  assert.is(body.held, true, 'the answer says the enquiry is held');
  assert.match(body.message ?? '', /hasn't reached our team yet/);
  assert.is(upPage.status, 202);
  assert.match(await upPage.text(), /hasn(&#x27;|&#39;|')t reached our team yet/);
  assert.ok(outage.every((r) => r.status === 202));
  assert.is(run.delivered, 10, 'the ten behind the blocker are delivered in one run');
  assert.is(run.held, 1);
  assert.is(subjects('Behind ').length, 10);
  const stored = await Promise.all((await store.list('queue/')).map(async (k) => JSON.parse((await store.get(k))!) as Stored));
  assert.equal(stored.map((s) => [s.data.subject, s.state]).sort(), [['POISON planted', 'held'], ['POISON while up', 'held'], ['POISON native', 'held']].sort());
  const planted = stored.find((s) => s.data.subject === 'POISON planted')!.key;
  assert.match(planted, /^aaaa-poison-0001-/, "the client's key, joined to the content's hash");
  assert.ok(logs.lines.some((l) => l.includes(`enquiry ${planted} is held: the mail server refused it for good (Error EMESSAGE 554)`)), logs.lines.join('\n'));
  for (const line of logs.lines) assert.not.ok(line.includes('amira@example.org') || line.includes('Lebanese'), line);

  // The operator sees them with `site enquiries`, and retries them all once the cause is fixed.
  const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, SITE_DATA_DIR: '', NO_COLOR: '1' } });
  fs.mkdirSync(path.join(dir, '.data'), { recursive: true });
  fs.renameSync(path.join(dir, 'poison'), path.join(dir, '.data', 'forms'));
  try {
    const listed = cli();
    assert.is(listed.status, 0, listed.stderr);
    assert.match(listed.stdout, /aaaa-poison-0001-[\w-]{11} +held/);
    assert.match(listed.stdout, /3 held, 0 waiting/);
    sink.refuseFor = undefined;
    const retried = cli('retry', '--all');
    assert.is(retried.status, 0, retried.stderr);
    assert.match(retried.stderr, /3 enquiries put back in the queue/);
    const moved = fileStore(path.join(dir, '.data', 'forms'));
    const again = await deliverQueued(moved, mailer(), settings);
    assert.is(again.delivered, 3);
    assert.equal(await moved.list('queue/'), []);
    const unknown = cli('retry', 'no-such-enquiry');
    assert.is(unknown.status, 1);
    assert.match(unknown.stderr, /no-such-enquiry/);
    // An id no stored enquiry has (a typo, a path) is not one: it is not in the queue, not a record that cannot be read.
    const typo = cli('retry', '../received/aaaa-poison');
    assert.is(typo.status, 1);
    assert.match(typo.stderr, /No such stored enquiry/);
    assert.match(typo.stderr, /\.\.\/received\/aaaa-poison is not in /);
    assert.not.match(typo.stderr, /cannot be read/);
  } finally {
    fs.rmSync(path.join(dir, '.data'), { recursive: true, force: true });
  }
  console.log(`» poisoned queue: 1 blocker refused for good (554) planted first in key order during an outage, 10 enquiries behind it: ${run.delivered} delivered in the first run after recovery, ${run.held} held and logged; 2 refused while mail was up answered 202 "held", not "received"; \`site enquiries retry --all\` then delivered the 3`);
});

test('a stored record whose fields are not text is held with its reason, shown by site enquiries, and not retried for ever', async () => {
  const store = fileStore(path.join(dir, 'not-text'));
  const settings = { SMTP_URL: sink.url, ENQUIRY_RETRY_MS: '1' };
  const base = { variant: 'message', at: 1, state: 'queued', attempts: 0, nextAt: 0 };
  await store.set('queue/not-text-0001', JSON.stringify({ ...base, key: 'not-text-0001', data: { ...message, name: 42, subject: 'Not text' } }));
  await store.set('queue/not-text-0002', JSON.stringify({ ...base, key: 'not-text-0002', data: { ...message, subject: 'Fine' } }));
  const logs = captureLogs();
  let first: DeliveryReport, second: DeliveryReport;
  try {
    first = await deliverQueued(store, mailer(), settings);
    second = await deliverQueued(store, mailer(), settings);
  } finally {
    logs.restore();
  }
  assert.is(first.delivered, 1, 'the record behind it is mailed');
  assert.is(first.held, 1);
  assert.is(first.failed, 0, 'not a failure to try again');
  assert.is(second.started, 0, 'the held record is not tried again');
  const held = JSON.parse((await store.get('queue/not-text-0001'))!) as Stored;
  assert.is(held.state, 'held');
  assert.match(held.lastError ?? '', /could not be made into a mail \(TypeError\): a field is missing or not text/);
  assert.ok(logs.lines.some((l) => l.includes('enquiry not-text-0001 is held')), logs.lines.join('\n'));
  fs.mkdirSync(path.join(dir, 'not-text-site', '.data'), { recursive: true });
  fs.renameSync(path.join(dir, 'not-text'), path.join(dir, 'not-text-site', '.data', 'forms'));
  const listed = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries'], { cwd: path.join(dir, 'not-text-site'), encoding: 'utf8', env: { ...process.env, SITE_DATA_DIR: '', NO_COLOR: '1' } });
  assert.is(listed.status, 0, listed.stderr);
  assert.match(listed.stdout, /not-text-0001 +held .*could not be made into a mail/);
  assert.match(listed.stdout, /1 held, 0 waiting/);
});

test('a malformed record in queue/ is listed as unreadable with its file and what is wrong, refused by retry, kept whole by delivery, deleted by nothing', async () => {
  const site = path.join(dir, 'malformed-site');
  const queue = path.join(site, '.data', 'forms', 'queue');
  fs.mkdirSync(path.join(queue, 'folder-0001.json'), { recursive: true });
  const record = (key: string, data: Record<string, string>) => JSON.stringify({ variant: 'message', key, data, at: 1, state: 'queued', attempts: 0, nextAt: 0 });
  // Cut off in mid-write, longer than any cap a copy might put on the text.
  const cut = record('cut-0001', { ...message, message: 'Certificates. '.repeat(1000) }).slice(0, -40);
  fs.writeFileSync(path.join(queue, 'cut-0001.json'), cut);
  fs.writeFileSync(path.join(queue, 'shape-0001.json'), JSON.stringify({ variant: 'message', key: 'shape-0001', at: 1 }));
  fs.writeFileSync(path.join(queue, 'bad name.json'), record('bad name', message));
  // A copy that names another record's key: mailing it must not delete that other record.
  fs.writeFileSync(path.join(queue, 'copy-0001.json'), record('fine-0001', { ...message, subject: 'Copied' }));
  fs.writeFileSync(path.join(queue, 'fine-0001.json'), record('fine-0001', { ...message, subject: 'Fine malformed neighbour' }));
  // Readable, with an arrival no date can show: listed all the same.
  fs.writeFileSync(path.join(queue, 'late-0001.json'), record('late-0001', { ...message, subject: 'Fine but dated 1e300' }).replace('"at":1', '"at":1e300'));
  const bad = ['cut-0001.json', 'shape-0001.json', 'bad name.json', 'folder-0001.json', 'copy-0001.json'];
  const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries', ...args], { cwd: site, encoding: 'utf8', env: { ...process.env, SITE_DATA_DIR: '', NO_COLOR: '1' } });
  const listsThem = (stdout: string) => {
    assert.match(stdout, /\.data\/forms\/queue\/cut-0001\.json.*not JSON/);
    assert.match(stdout, /\.data\/forms\/queue\/shape-0001\.json.*"data"/);
    assert.match(stdout, /\.data\/forms\/queue\/bad name\.json.*not of the form/);
    assert.match(stdout, /\.data\/forms\/queue\/folder-0001\.json.*EISDIR/);
    assert.match(stdout, /\.data\/forms\/queue\/copy-0001\.json.*fine-0001/);
    assert.match(stdout, /5 unreadable/);
  };
  const listed = cli();
  assert.is(listed.status, 0, listed.stderr);
  listsThem(listed.stdout);
  assert.match(listed.stdout, /fine-0001 +queued/);
  assert.match(listed.stdout, /late-0001 +queued +- /);
  const named = cli('retry', 'cut-0001');
  assert.is(named.status, 1);
  assert.match(named.stderr, /\.data\/forms\/queue\/cut-0001\.json cannot be read: it is not JSON/);

  const settings = { SMTP_URL: sink.url };
  const store = fileStore(path.join(site, '.data', 'forms'));
  const logs = captureLogs();
  let run: DeliveryReport;
  try {
    run = await deliverQueued(store, mailer(), settings);
  } finally {
    logs.restore();
  }
  assert.is(run.delivered, 2, 'the readable records are mailed');
  assert.is(subjects('Copied').length, 0, 'a record filed under the wrong name is not mailed');
  for (const name of ['cut-0001', 'shape-0001', 'bad name', 'folder-0001', 'copy-0001']) assert.ok(logs.lines.some((l) => l.includes(name)), `${name} is logged:\n${logs.lines.join('\n')}`);
  for (const name of bad) assert.ok(fs.existsSync(path.join(queue, name)), `${name} is kept`);
  const kept = fs.readFileSync(path.join(queue, 'cut-0001.json'), 'utf8');
  assert.ok(kept === cut || JSON.parse(kept).unreadable === cut, 'the text of the record is kept whole');
  const again = cli();
  assert.is(again.status, 0, again.stderr);
  listsThem(again.stdout);
  const all = cli('retry', '--all');
  assert.match(all.stderr, /5 unreadable/);
  for (const name of bad) assert.ok(fs.existsSync(path.join(queue, name)), `${name} is still kept`);
});

test('a backlog of 100 and a slow mail server: each run stops starting sends in time, and successive runs deliver all', async () => {
  const store = fileStore(path.join(dir, 'backlog'));
  for (let i = 0; i < 100; i++) {
    const key = `backlog-${String(i).padStart(4, '0')}`;
    const item: Stored = { variant: 'message', data: { ...message, subject: `Backlog ${i}` }, key, at: i, state: 'queued', attempts: 1, nextAt: 0 };
    await store.set(`queue/${key}`, JSON.stringify(item));
  }
  sink.delayMs = 100;
  const settings = { SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '1000', DELIVERY_BUDGET_MS: '1600', DELIVERY_PARALLEL: '4', ENQUIRY_RETRY_MS: '1' };
  const deliver = mailer();
  const runs: (DeliveryReport & { took: number })[] = [];
  while ((await store.list('queue/')).length && runs.length < 40) {
    const began = Date.now();
    const report = await deliverQueued(store, deliver, settings);
    runs.push({ ...report, took: Date.now() - began });
  }
  const mailed = subjects('Backlog ');
  assert.is(new Set(mailed).size, 100, 'every enquiry delivered');
  assert.is(mailed.length, 100, 'none twice');
  assert.ok(runs.length > 1, 'the budget split the backlog over several runs');
  assert.ok(runs.some((r) => r.outOfTime), 'a run stopped for its budget');
  for (const r of runs) {
    if (r.started) assert.ok(r.lastStart! <= r.cutoff, 'no send started after the budget minus one send limit');
    // The send limit is the send timeout (1 s) but at most half the budget (0.8 s).
    assert.is(r.cutoff - r.began, 1600 - 800);
    assert.is(r.delivered + r.failed + r.held, r.started);
  }
  assert.is(runs.reduce((n, r) => n + r.delivered, 0), 100);
  assert.ok(sink.mostAtOnce <= 4, `at most 4 sends at once (saw ${sink.mostAtOnce})`);
  console.log(`» backlog: 100 queued, mail server 100 ms a message, budget 1.6 s (sends limited to 0.8 s), 4 at once: ${runs.length} runs delivered ${runs.map((r) => r.delivered).join(' + ')}; at most ${sink.mostAtOnce} at once; longest run ${Math.max(...runs.map((r) => r.took))} ms (budget 1600 ms)`);
});

test('the reCAPTCHA check is down: the enquiry is kept and mailed marked unverified; the rate limit and the honeypot still apply', async () => {
  const store = fileStore(path.join(dir, 'captcha-down'));
  const send = createSendEmail({ env: () => ({ SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '2', RECAPTCHA_SECRET: 'secret', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' }), store: () => store });
  const logs = captureLogs();
  let answers: Response[];
  try {
    answers = [];
    for (let i = 0; i < 3; i++) answers.push(await send(jsonRequest({ ...message, subject: `Captcha down ${i}` }, `captcha-down-${i}-key`), { ip: '203.0.113.9' }));
  } finally {
    logs.restore();
  }
  assert.equal(answers.map((a) => a.status), [200, 200, 429]);
  // The honeypot applies too: a bot's enquiry is answered as sent, and kept for the operator, not mailed.
  const bot = await send(jsonRequest({ ...message, subject: 'Captcha down bot', leave_blank: 'http://spam.example' }, 'captcha-down-bot-key'), { ip: '203.0.113.10' });
  assert.is(bot.status, 200);
  const botForm = await send(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...enquiry, subject: 'Captcha down bot 2', leave_blank: 'x' }) }), { ip: '203.0.113.11' });
  assert.is(botForm.status, 200);
  assert.equal((await listStored(store)).map((s) => 'state' in s && [s.state, s.suspected]), [['held', true], ['held', true]]);
  const mails = sink.received.filter((r) => r.mail.subject?.includes('Captcha down'));
  assert.equal(mails.map((m) => m.mail.subject), ['[Unverified] Website message: Captcha down 0', '[Unverified] Website message: Captcha down 1']);
  assert.match(mails[0].mail.text ?? '', /The reCAPTCHA check could not be made/);
  assert.ok(logs.lines.some((l) => l.includes('the reCAPTCHA check could not be made')));
});

test('the field people never see, filled in (a bot, or a browser that autofilled it): the visitor is thanked, and the enquiry is kept for the operator as suspected spam, never dropped', async () => {
  const store = fileStore(path.join(dir, 'trap'));
  const send = createSendEmail({ env: () => ({ SMTP_URL: sink.url }), store: () => store });
  const before = sink.received.length;
  const island = await send(jsonRequest({ ...message, subject: 'Trap island', leave_blank: 'https://amira.example' }, 'trap-island-key'), { ip: '203.0.113.30' });
  assert.is(island.status, 200);
  assert.equal(await island.json(), { ok: true });
  const native = await send(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...enquiry, subject: 'Trap native', leave_blank: 'x' }) }), { ip: '203.0.113.31' });
  assert.is(native.status, 200);
  assert.match(await native.text(), /Thank you for your message/i);
  assert.is(sink.received.length, before, 'nothing mailed');
  const kept = (await listStored(store)) as Stored[];
  assert.equal(kept.map((s) => [s.data.subject, s.state, s.suspected]).sort(), [['Trap island', 'held', true], ['Trap native', 'held', true]]);
  assert.match(kept[0].lastError ?? '', /suspected spam/);
  // The operator who finds a real one among them puts it back in the queue: it is mailed once, marked.
  await retryStored(store, [kept.find((s) => s.data.subject === 'Trap native')!.key]);
  assert.is((await deliverQueued(store, mailer(), { SMTP_URL: sink.url })).delivered, 1);
  assert.equal(subjects('Trap'), ['[Suspected spam] Website enquiry (Request a Quote): Trap native']);
  // An old page still open in a tab posts the old trap's name, empty: taken as before.
  const old = await send(jsonRequest({ ...message, subject: 'Trap old page', website: '' }, 'trap-old-page-key'), { ip: '203.0.113.32' });
  assert.is(old.status, 200);
  // Without a store it cannot be held: it is mailed, marked, rather than lost.
  const noStore = await createSendEmail({ env: () => ({ SMTP_URL: sink.url }), store: () => undefined })(jsonRequest({ ...message, subject: 'Trap no store', leave_blank: 'x' }, 'trap-no-store-key'), { ip: '203.0.113.33' });
  assert.is(noStore.status, 200);
  assert.equal(subjects('Trap no store'), ['[Suspected spam] Website message: Trap no store']);
});

test("the trap's old name, website, still posted by a page opened before the rename or a bot that learnt it: filled, it is a filled trap (the visitor thanked, the enquiry held as suspected spam, the sign-up kept aside); empty, it is ignored", async () => {
  const store = fileStore(path.join(dir, 'old-trap'));
  const env = () => ({ SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '1000' });
  const send = createSendEmail({ env, store: () => store });
  const subscribe = createSubscribe({ env, store: () => store });
  const before = sink.received.length;
  const form = (body: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
  const island = await send(jsonRequest({ ...message, subject: 'Old trap island', website: 'https://spam.example' }, 'old-trap-island-key'));
  assert.is(island.status, 200, 'the island, filled');
  assert.equal(await island.json(), { ok: true });
  const native = await send(new Request('http://localhost/', form({ ...enquiry, subject: 'Old trap native', website: 'x' })));
  assert.is(native.status, 200, 'a native post, filled');
  assert.match(await native.text(), /Thank you for your message/i);
  // Both names posted (a bot filling every field): one suspected enquiry, as with the trap alone.
  const both = await send(jsonRequest({ ...message, subject: 'Old trap both', website: 'x', leave_blank: '' }, 'old-trap-both-key'));
  assert.is(both.status, 200, 'both names');
  assert.is(sink.received.length, before, 'nothing mailed');
  const kept = (await listStored(store)) as Stored[];
  assert.equal(kept.map((s) => [s.data.subject, s.state, s.suspected, s.data.leave_blank, Object.hasOwn(s.data, 'website')]).sort(), [
    ['Old trap both', 'held', true, 'x', false],
    ['Old trap island', 'held', true, 'https://spam.example', false],
    ['Old trap native', 'held', true, 'x', false],
  ]);
  // Held to the trap's own rules: too long or not text is refused in its words.
  const long = await send(jsonRequest({ ...message, subject: 'Old trap long', website: 'x'.repeat(201) }, 'old-trap-long-key'));
  assert.is(long.status, 400);
  assert.equal(await long.json(), { message: 'Leave this field empty.', field: 'leave_blank' });
  // Empty, it is ignored: the enquiries are mailed as any other.
  const empty = await send(new Request('http://localhost/', form({ ...enquiry, subject: 'Old trap empty native', website: '' })));
  assert.is(empty.status, 200);
  const emptyIsland = await send(jsonRequest({ ...message, subject: 'Old trap empty island', website: ' ' }, 'old-trap-empty-island-key'));
  assert.is(emptyIsland.status, 200);
  assert.equal(subjects('Old trap').sort(), ['Website enquiry (Request a Quote): Old trap empty native', 'Website message: Old trap empty island']);

  const signUp = async (body: Record<string, string>, kind: 'json' | 'form') => {
    const request = kind === 'json'
      ? new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })
      : new Request('http://localhost/', form(body));
    const res = await subscribe(request);
    return { status: res.status, text: await res.text() };
  };
  const script = await signUp({ email: 'bot1@example.net', website: 'https://spam.example' }, 'json');
  assert.is(script.status, 200, 'a sign-up by script, filled');
  assert.is(JSON.parse(script.text).ok, true);
  const page = await signUp({ email: 'bot2@example.net', website: 'x' }, 'form');
  assert.is(page.status, 200, 'a native sign-up, filled');
  assert.match(page.text, /Thank you for signing up/);
  const quiet = await signUp({ email: 'sam@example.org', website: '' }, 'form');
  assert.is(quiet.status, 200, 'a native sign-up, empty');
  const quietScript = await signUp({ email: 'ana@example.org', website: '' }, 'json');
  assert.is(quietScript.status, 200, 'a sign-up by script, empty');
  const aside = await Promise.all((await store.list('suspected/')).map(async (key) => JSON.parse((await store.get(key))!).email));
  assert.equal(aside.sort(), ['bot1@example.net', 'bot2@example.net'], 'the filled ones kept aside');
  const listed = await Promise.all((await store.list('subscribers/')).map(async (key) => JSON.parse((await store.get(key))!).email));
  assert.equal(listed.sort(), ['ana@example.org', 'sam@example.org'], 'the empty ones on the list');
});

test('behind a proxy that ends TLS, a sign-up posted from a category page is answered with that page, not /blog', async () => {
  const pages = path.join(dir, 'proxy-pages');
  const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><form class="newsletter-form" method="post"></form></body></html>`;
  fs.mkdirSync(path.join(pages, 'blog', 'category'), { recursive: true });
  fs.writeFileSync(path.join(pages, 'blog.html'), page('Blog'));
  fs.writeFileSync(path.join(pages, 'blog', 'category', 'education.html'), page('Education'));
  const store = fileStore(path.join(dir, 'proxy-store'));
  // What the function sees behind the proxy: plain HTTP to an internal address; the visitor's page is https.
  const signUp = (env: Record<string, string>, context: Record<string, unknown> = {}, at = 'http://10.0.0.7:8080') =>
    createSubscribe({ env: () => env, store: () => store })(
      new Request(`${at}/.netlify/functions/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://translations.example', referer: 'https://translations.example/blog/category/education', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'translations.example' },
        body: 'email=sam%40example.org',
      }),
      { ip: '203.0.113.40', ...context },
    );
  const local = await signUp({ SITE_PAGES_DIR: pages });
  assert.is(local.status, 200);
  assert.match(await local.text(), /<title>Thank you for signing up \| Education<\/title>/);
  // Without the pages on disk (Netlify), the page is read from the site's own address (Netlify's context.site.url), not the internal one.
  const site = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(req.url === '/blog/category/education' ? 'Education' : 'Other')));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  try {
    const address = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    const deployed = await signUp({}, { site: { url: address } });
    assert.match(await deployed.text(), /<title>Thank you for signing up \| Education<\/title>/);
    // Without Netlify's context, the URL setting (which Netlify sets too) gives the site's address.
    const fromSetting = await signUp({ URL: address }, {});
    assert.match(await fromSetting.text(), /<title>Thank you for signing up \| Education<\/title>/);
    // With neither, the address the request came to is all there is: read from there.
    const fromRequest = await signUp({}, {}, address);
    assert.match(await fromRequest.text(), /<title>Thank you for signing up \| Education<\/title>/);
  } finally {
    site.close();
  }
});

test('the client address comes from the one trusted source: rotating headers do not dodge the limit, and no address does not shut the form', async () => {
  const limit = '5';
  const attempt = (send: ReturnType<typeof createSendEmail>, headers: Record<string, string>, ip?: string) => send(jsonRequest('{}', undefined, headers), ip ? { ip } : {}).then((r) => r.status);
  const logs = captureLogs();
  try {
    // Default: the platform's address (Netlify's context.ip); headers a client can write are ignored.
    const byDefault = createSendEmail({ env: () => ({ RATE_LIMIT_PER_MINUTE: limit }), store: () => undefined });
    const rotating = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt(byDefault, { 'x-forwarded-for': `198.51.100.${i}`, 'x-nf-client-connection-ip': `198.51.100.${i}` }, '203.0.113.1')));
    assert.is(rotating.filter((s) => s === 429).length, 3, 'one visitor rotating X-Forwarded-For is still one visitor');
    // No address at all (another platform, not set up): one shared bucket, twenty times as large.
    const noAddress = createSendEmail({ env: () => ({ RATE_LIMIT_PER_MINUTE: limit }), store: () => undefined });
    const many = [];
    for (let i = 0; i < 101; i++) many.push(await attempt(noAddress, { 'x-forwarded-for': `198.51.100.${i}` }));
    assert.is(many.slice(0, 6).filter((s) => s === 429).length, 0, 'six visitors with no address are not blocked by the limit of one');
    assert.is(many.filter((s) => s === 429).length, 1, 'yet a flood meets a ceiling');
    // CLIENT_ADDRESS_HEADER=x-forwarded-for: the proxy's own (last) entry counts, not what the client put first.
    const proxied = createSendEmail({ env: () => ({ RATE_LIMIT_PER_MINUTE: limit, CLIENT_ADDRESS_HEADER: 'X-Forwarded-For' }), store: () => undefined });
    const spoofed = await Promise.all(Array.from({ length: 7 }, (_, i) => attempt(proxied, { 'x-forwarded-for': `10.0.0.${i}, 192.0.2.7` })));
    assert.is(spoofed.filter((s) => s === 429).length, 2);
    const visitors = await Promise.all(Array.from({ length: 7 }, (_, i) => attempt(proxied, { 'x-forwarded-for': `192.0.2.${100 + i}` })));
    assert.is(visitors.filter((s) => s === 429).length, 0, 'different visitors behind the proxy each have their own limit');
    // IPv6: a visitor has a whole /64 and can take a new address in it for each request; it is one client.
    const v6 = createSendEmail({ env: () => ({ RATE_LIMIT_PER_MINUTE: limit }), store: () => undefined });
    const hopping = [];
    for (let i = 0; i < 7; i++) hopping.push(await attempt(v6, {}, `2001:db8:1:2:${i.toString(16)}:a:b:${(i * 4099).toString(16)}`));
    assert.is(hopping.filter((s) => s === 429).length, 2, 'one /64 rotating its addresses is one visitor');
    assert.is(await attempt(v6, {}, '2001:0db8:0001:0002::99'), 429, 'written another way, the same network');
    assert.is(await attempt(v6, {}, '2001:db8:1:3::1'), 400, 'the next /64 is another visitor');
    const mapped = [];
    for (let i = 0; i < 6; i++) mapped.push(await attempt(v6, {}, i % 2 ? '::ffff:203.0.113.9' : '203.0.113.9'));
    assert.is(mapped.filter((s) => s === 429).length, 1, 'an IPv4 address written IPv4-mapped is the same client');
  } finally {
    logs.restore();
  }
  // The sign-up function takes its address the same way.
  const subscribe = createSubscribe({ env: () => ({ RATE_LIMIT_PER_MINUTE: limit }), store: () => undefined });
  const signUps = await Promise.all(Array.from({ length: 7 }, (_, i) => subscribe(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` }, body: '{}' }), { ip: '203.0.113.2' }).then((r) => r.status)));
  assert.is(signUps.filter((s) => s === 429).length, 2);
});

test('the rate limit is counted in the store, so separate function instances share it: the third post from one client is 429 on any instance, and a native post gets its form back filled in', async () => {
  const store = fileStore(path.join(dir, 'rate-shared'));
  // Two instances, as Netlify runs them: each its own memory, one store.
  const [a, b] = [0, 1].map(() => createSendEmail({ env: () => ({ SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '2' }), store: () => store }));
  const statuses = [];
  for (const [i, send] of [a, b].entries()) statuses.push((await send(jsonRequest({ ...enquiry, subject: `Rate shared ${i}` }, `rate-shared-${i}-key`), { ip: '203.0.113.50' })).status);
  const native = await a(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...enquiry, subject: 'Rate shared 2' }) }), { ip: '203.0.113.50' });
  assert.equal([...statuses, native.status], [200, 200, 429]);
  assert.ok(Number(native.headers.get('retry-after')) >= 1);
  const page = await native.text();
  assert.match(page, /Too many messages from your connection/);
  assert.match(page, /Rate shared 2/, 'what was typed is kept');
  // Another client, and the sign-ups, are counted apart.
  assert.is((await b(jsonRequest({ ...enquiry, subject: 'Rate shared other' }, 'rate-shared-other-key'), { ip: '203.0.113.51' })).status, 200);
  const subscribers = [0, 1, 2].map(() => createSubscribe({ env: () => ({ RATE_LIMIT_PER_MINUTE: '2' }), store: () => store }));
  const signUps = [];
  for (const subscribe of subscribers) signUps.push((await subscribe(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"rate@example.org"}' }), { ip: '203.0.113.50' })).status);
  assert.equal(signUps, [200, 200, 429]);
  // No address is kept in the store: each client's count is under a hash.
  const counts = await store.list('rate/');
  assert.ok(counts.length >= 3);
  for (const key of counts) assert.not.match(`${key} ${await store.get(key)}`, /203\.0\.113/);
  assert.equal(subjects('Rate shared'), ['Website enquiry (Request a Quote): Rate shared 0', 'Website enquiry (Request a Quote): Rate shared 1', 'Website enquiry (Request a Quote): Rate shared other']);
  // A delivery run forgets the counts of clients with nothing in the last minute.
  await deliverQueued(store, mailer(), { SMTP_URL: sink.url }, () => Date.now() + 61_000);
  assert.equal(await store.list('rate/'), []);
});

test('an address the trusted header gives with a port (as Azure writes it) is one client, whatever the port', async () => {
  const settings = { RATE_LIMIT_PER_MINUTE: '5', CLIENT_ADDRESS_HEADER: 'X-Forwarded-For' };
  const ip = (value: string) => clientIp(new Request('http://localhost/', { headers: { 'x-forwarded-for': value } }), {}, settings);
  assert.is(ip('203.0.113.5:5678'), '203.0.113.5');
  assert.is(ip('10.0.0.1:80, 203.0.113.5:443'), '203.0.113.5');
  assert.is(ip('[2001:db8::1]:443'), '2001:db8::1');
  assert.is(ip('[2001:db8::1]'), '2001:db8::1');
  assert.is(ip('2001:db8::1:443'), '2001:db8::1:443', 'a bare IPv6 address keeps its last group');
  assert.is(ip('::ffff:203.0.113.5'), '::ffff:203.0.113.5');
  const send = createSendEmail({ env: () => settings, store: () => undefined });
  const attempt = (from: string) => send(jsonRequest('{}', undefined, { 'x-forwarded-for': from }), {}).then((r) => r.status);
  const v4 = await Promise.all(Array.from({ length: 7 }, (_, i) => attempt(`203.0.113.6:${50_000 + i}`)));
  assert.is(v4.filter((s) => s === 429).length, 2, 'a new port per connection is still one visitor');
  const v6 = await Promise.all(Array.from({ length: 7 }, (_, i) => attempt(`[2001:db8:6::1]:${50_000 + i}`)));
  assert.is(v6.filter((s) => s === 429).length, 2);
});

test('prototype keys: only own, known keys count, in JSON and in form posts alike; nothing stored or sent', async () => {
  const store = fileStore(path.join(dir, 'prototype'));
  const send = createSendEmail({ env: () => ({ SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '1000' }), store: () => store });
  const before = sink.received.length;
  const fieldsOf = (o: Record<string, string>) => Object.entries(o).map(([k, v]) => `"${k}":${JSON.stringify(v)}`).join(',');
  const json = [
    `{"__proto__":{${fieldsOf(message)}}}`,
    `{"__proto__":{${fieldsOf(enquiry)}}}`,
    `{${fieldsOf(message)},"__proto__":{"admin":true}}`,
    `{${fieldsOf(message)},"constructor":"x"}`,
    `{${fieldsOf(message)},"toString":"x"}`,
    `{${fieldsOf(enquiry)},"__proto__":"x"}`,
  ];
  for (const body of json) {
    const res = await send(jsonRequest(body, 'prototype-key-0001'));
    assert.is(res.status, 400, body);
  }
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    const form = `${new URLSearchParams(message)}&${name}=x`;
    const asJson = await send(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form }));
    assert.is(asJson.status, 400, name);
    assert.is(((await asJson.json()) as { message: string }).message, `Unknown field "${name}".`);
    const fromJson = await send(jsonRequest(`{${fieldsOf(message)},"${name}":"x"}`));
    assert.is(((await fromJson.json()) as { message: string }).message, `Unknown field "${name}".`, `JSON, ${name}: the same answer`);
  }
  assert.is(sink.received.length, before, 'nothing sent');
  assert.equal(await store.list('queue/'), [], 'nothing stored');
  assert.equal(await store.list('received/'), []);
});

test('a sign-up with an accented address is refused saying why, as the contact forms do, in JSON and on the page; nothing kept', async () => {
  const store = fileStore(path.join(dir, 'accented-sign-up'));
  const subscribe = createSubscribe({ env: () => ({ RATE_LIMIT_PER_MINUTE: '1000' }), store: () => store });
  const why = /^Addresses with accented or non-Latin letters \(such as é or ä\) can't get our emails yet\. Please use an address written in plain letters \(a to z\)\.$/;
  for (const email of ['josé@example.com', 'jose@exámple.com']) {
    const script = await subscribe(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ email }) }));
    assert.is(script.status, 400, email);
    const answer = (await script.json()) as { message: string; field: string };
    assert.match(answer.message, why, email);
    assert.is(answer.field, 'email');
    const page = await subscribe(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }) }));
    assert.is(page.status, 400, email);
    const text = (await page.text()).replace(/&#x27;|&#39;/g, "'");
    assert.ok(text.includes("can't get our emails yet. Please use an address written in plain letters (a to z)."), email);
  }
  assert.equal(await store.list('subscribers/'), [], 'nothing kept');
  // What a browser sends for an internationalised domain (Chromium posts it in Punycode) is an address like any other.
  const punycode = await subscribe(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ email: 'jose@xn--exmple-qta.com' }) }));
  assert.is(punycode.status, 200);
});

test('text not in UTF-8 (Latin-1 bytes or %-escapes) is refused in plain words, never kept or mailed with its letters replaced', async () => {
  const store = fileStore(path.join(dir, 'encoding'));
  const settings = { SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '1000' };
  const send = createSendEmail({ env: () => settings, store: () => store });
  const subscribe = createSubscribe({ env: () => settings, store: () => store });
  const before = sink.received.length;
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  const post = (type: string, body: BodyInit, accept = 'application/json') => new Request('http://localhost/', { method: 'POST', headers: { 'content-type': type, accept }, body });
  const form = `${new URLSearchParams({ ...message, name: 'Jos_ Garcia' })}`;
  const multipart = (name: string) => `--XyZzy\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n${Object.entries(message).filter(([k]) => k !== 'name').map(([k, v]) => `--XyZzy\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')}--XyZzy--\r\n`;
  const refused: [string, Request, typeof send][] = [
    ['JSON in Latin-1', post('application/json', latin1(JSON.stringify({ ...message, name: 'José Garcia' }))), send],
    ['JSON labelled Latin-1', post('application/json; charset=iso-8859-1', latin1(JSON.stringify({ ...message, name: 'José Garcia' }))), send],
    ['a form post with a Latin-1 %-escape', post('application/x-www-form-urlencoded; charset=iso-8859-1', form.replace('Jos_', 'Jos%E9')), send],
    ['a form post with a raw Latin-1 byte', post('application/x-www-form-urlencoded', Buffer.concat([latin1(form.replace('Jos_', 'Jos')), latin1('é')])), send],
    ['multipart in Latin-1', post('multipart/form-data; boundary=XyZzy', latin1(multipart('José Garcia'))), send],
    ['a sign-up in Latin-1', post('application/x-www-form-urlencoded', 'email=jos%E9%40example.org'), subscribe],
    // JSON can carry half of a character (a lone surrogate, \ud800), which no UTF-8 can: it was mailed as U+FFFD.
    ['JSON with half a character in the name', post('application/json', JSON.stringify({ ...message, name: 'Jos\ud83d Garcia' })), send],
    ['JSON with half a character in the message', post('application/json', JSON.stringify({ ...message, message: `${message.message} \ude00` })), send],
    ['a JSON sign-up with half a character', post('application/json', JSON.stringify({ email: 'jos\ud83d@example.org' })), subscribe],
  ];
  for (const [label, request, fn] of refused) {
    const res = await fn(request);
    assert.is(res.status, 400, label);
    assert.match(((await res.json()) as { message: string }).message, /not in UTF-8/, label);
  }
  // The page a native post gets back keeps what was typed.
  const page = await send(post('application/x-www-form-urlencoded', form.replace('Jos_', 'Jos%E9'), 'text/html'));
  assert.is(page.status, 400);
  assert.ok((await page.text()).includes(message.message), 'the message typed comes back');
  assert.is(sink.received.length, before, 'nothing sent');
  assert.equal(await store.list('queue/'), [], 'nothing stored');
  assert.equal(await store.list('subscribers/'), []);
  // The same letters in UTF-8 are taken, and so is a lone % (taken literally, as before).
  const good = [post('application/json', JSON.stringify({ ...message, name: 'José Garcia' })), post('application/x-www-form-urlencoded', form.replace('Jos_', 'Jos%C3%A9').replace('subject=', 'subject=100%+sure:+')), post('multipart/form-data; boundary=XyZzy', multipart('Zoë Garcia'))];
  for (const request of good) assert.is((await send(request)).status, 200);
  assert.equal(sink.received.slice(before).map((r) => r.mail.replyTo?.text).sort(), ['"José Garcia" <amira@example.org>', '"José Garcia" <amira@example.org>', '"Zoë Garcia" <amira@example.org>']);
  assert.ok(sink.received.at(-2)?.mail.text?.includes('Subject: 100% sure: Birth certificate'));
});

test("a page of another site cannot post the forms with its visitors' browsers; the site's own pages and scripts can", async () => {
  const store = fileStore(path.join(dir, 'origins'));
  const settings = { SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '1000' };
  const send = createSendEmail({ env: () => settings, store: () => store });
  const subscribe = createSubscribe({ env: () => settings, store: () => store });
  const refused: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    { 'sec-fetch-site': 'same-site', origin: 'https://blog.localhost' },
    { 'sec-fetch-site': 'cross-site' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'http://localhost:8080' },
    { origin: 'http://localhost.evil.example' },
    { origin: 'file://' },
    // Not an origin at all, though its host is the site's: an Origin is a scheme and a host, and no browser sends more.
    { origin: 'http://localhost/contact' },
    { origin: 'http://localhost/' },
    { origin: 'http://visitor@localhost' },
    { origin: 'http://localhost?from=evil.example' },
    // An older browser sends no Origin or Sec-Fetch-Site with a form post, but names the page in Referer.
    { referer: 'https://evil.example/contact-us' },
  ];
  let i = 0;
  for (const headers of refused) {
    const res = await send(jsonRequest({ ...enquiry, subject: `Other site ${i++}` }, undefined, headers));
    assert.is(res.status, 403, JSON.stringify(headers));
    assert.is(((await res.json()) as { message: string }).message, "Enquiries are taken only from this site's own forms.");
    const sign = await subscribe(new Request('http://localhost/.netlify/functions/subscribe', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers }, body: `email=victim${i}%40example.com` }));
    assert.is(sign.status, 403, `subscribe ${JSON.stringify(headers)}`);
  }
  assert.equal(subjects('Other site'), [], 'nothing mailed');
  assert.equal([...(await store.list('queue/')), ...(await store.list('subscribers/'))], [], 'nothing kept');
  const taken: Record<string, string>[] = [
    { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
    { origin: 'http://LOCALHOST' },
    { origin: 'https://localhost' },
    { 'sec-fetch-site': 'none' },
    { referer: 'http://localhost/contact' },
    {},
  ];
  for (const headers of taken) assert.is((await send(jsonRequest({ ...enquiry, subject: `Own site ${i++}` }, undefined, headers))).status, 200, JSON.stringify(headers));
  // Behind a proxy the function may see another address; the Host the browser used still counts as the site's.
  const proxied = new Request('http://10.0.0.7:3000/.netlify/functions/send-email', { method: 'POST', headers: { 'content-type': 'application/json', host: 'www.example.com', origin: 'https://www.example.com' }, body: JSON.stringify({ ...enquiry, subject: 'Own site proxied' }) });
  assert.is((await send(proxied)).status, 200);
  assert.is(subjects('Own site').length, taken.length + 1);
});

test("a claim left by the old code (a bare time, written before mailing) does not count as a delivery", async () => {
  const store = fileStore(path.join(dir, 'legacy'));
  await store.set(`received/${idempotencyKey('legacy-claim-0001', 'message', normalise({ ...message, subject: 'Legacy claim' }))}`, String(Date.now()));
  const send = createSendEmail({ env: () => ({ SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '1000' }), store: () => store });
  assert.is((await send(jsonRequest({ ...message, subject: 'Legacy claim' }, 'legacy-claim-0001'))).status, 200);
  assert.equal(subjects('Legacy claim'), ['Website message: Legacy claim']);
  assert.is((await send(jsonRequest({ ...message, subject: 'Legacy claim' }, 'legacy-claim-0001'))).status, 200);
  assert.equal(subjects('Legacy claim').length, 1, 'now proven delivered, a repeat is not mailed again');
});

test('one key sent with other words is another enquiry, and is mailed too; the same words again are not', async () => {
  const store = fileStore(path.join(dir, 'key-reuse'));
  const send = createSendEmail({ env: () => ({ SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '1000' }), store: () => store });
  const answers = [];
  for (const subject of ['Reused key A', 'Reused key B', 'Reused key A']) answers.push((await send(jsonRequest({ ...message, subject }, 'reused-key-000001'))).status);
  assert.equal(answers, [200, 200, 200]);
  assert.equal(subjects('Reused key').sort(), ['Website message: Reused key A', 'Website message: Reused key B']);
});

test('a store that cannot be written falls back to mailing at once, and answers only once mailed', async () => {
  const full = async () => {
    throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
  };
  const broken: KeyValueStore = { where: 'a full disk', get: async () => undefined, create: full, set: full, swap: full, delete: full, list: async () => [] };
  const logs = captureLogs();
  try {
    const send = createSendEmail({ env: () => ({ SMTP_URL: sink.url }), store: () => broken });
    assert.is((await send(jsonRequest({ ...message, subject: 'Disk full' }, 'disk-full-key-0001'))).status, 200);
    sink.refuse = true;
    assert.is((await send(jsonRequest({ ...message, subject: 'Disk full 2' }, 'disk-full-key-0002'))).status, 502);
  } finally {
    sink.refuse = false;
    logs.restore();
  }
  assert.equal(subjects('Disk full'), ['Website message: Disk full']);
});

test('a store that cannot even be opened is unreachable like one that fails later: the enquiry is mailed at once', async () => {
  const logs = captureLogs();
  try {
    const unopened = () => {
      throw Object.assign(new Error('no Blobs context'), { name: 'MissingBlobsEnvironmentError' });
    };
    const send = createSendEmail({ env: () => ({ SMTP_URL: sink.url }), store: unopened });
    assert.is((await send(jsonRequest({ ...message, subject: 'Store unopened' }, 'store-unopened-0001'))).status, 200);
  } finally {
    logs.restore();
  }
  assert.equal(subjects('Store unopened'), ['Website message: Store unopened']);
  assert.ok(logs.lines.some((l) => l.includes('the store could not be opened (MissingBlobsEnvironmentError)')), logs.lines.join('\n'));
});

test('an unexpected failure answers a native post with its page and what was typed, and a script with JSON', async () => {
  // Settings that throw when the rate limit is read: a failure none of the handled paths expects.
  const settings = Object.defineProperty({}, 'RATE_LIMIT_PER_MINUTE', {
    get() {
      throw new Error('settings unreadable');
    },
  });
  const send = createSendEmail({ env: () => settings, store: () => undefined });
  const logs = captureLogs();
  let page: Response, script: Response;
  try {
    page = await send(new Request('http://localhost/.netlify/functions/send-email', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...enquiry, subject: 'Unexpected' }) }));
    script = await send(jsonRequest({ ...message, subject: 'Unexpected' }));
  } finally {
    logs.restore();
  }
  assert.is(page.status, 500);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  // Without a built site to answer from (SITE_PAGES_DIR), the plain answer page: the failure and what was typed.
  const text = await page.text();
  assert.match(text, /<title>Your message was not sent<\/title>/);
  assert.match(text, /<li>Failed to send message<\/li>/);
  assert.ok(text.includes(`<dt>message</dt><dd>${enquiry.message}</dd>`), 'the message typed comes back');
  assert.is(script.status, 500);
  assert.equal(await script.json(), { message: 'Failed to send message' });
});

test('an unexpected failure answers a native sign-up with the blog page and the address typed, and a script with JSON', async () => {
  const settings = Object.defineProperty({}, 'RATE_LIMIT_PER_MINUTE', {
    get() {
      throw new Error('settings unreadable');
    },
  });
  const subscribe = createSubscribe({ env: () => settings, store: () => undefined });
  const logs = captureLogs();
  let page: Response, script: Response;
  try {
    page = await subscribe(new Request('http://localhost/.netlify/functions/subscribe', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=kept%40example.org' }));
    script = await subscribe(jsonRequest({ email: 'kept@example.org' }));
  } finally {
    logs.restore();
  }
  assert.is(page.status, 500);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  const text = await page.text();
  assert.match(text, /We couldn&#x27;t save your address just now/);
  assert.match(text, /value="kept@example.org"/, 'the address typed comes back');
  assert.is(script.status, 500);
  assert.equal(await script.json(), { message: "We couldn't save your address just now. Please try again in a few minutes." });
});

test("a native sign-up refused for a reason other than the address says so in its title, not \"Please check your email address\", and leaves the box unmarked", async () => {
  const subscribe = createSubscribe({ env: () => ({ RATE_LIMIT_PER_MINUTE: '100' }), store: () => undefined });
  const native = (body: string) => subscribe(new Request('http://localhost/.netlify/functions/subscribe', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }), { ip: '192.0.2.7' });
  const logs = captureLogs();
  let unsaved: Response, badAddress: Response;
  try {
    // No store: the address is fine, it just cannot be kept.
    unsaved = await native('email=fine%40example.org');
    badAddress = await native('email=not-an-address');
  } finally {
    logs.restore();
  }
  assert.is(unsaved.status, 503);
  const text = await unsaved.text();
  assert.match(text, /We couldn&#x27;t save your address just now/);
  assert.match(text, /value="fine@example.org"/, 'the address typed comes back');
  assert.not.match(text, /Please check your email address/);
  assert.match(text, /<title>Your sign-up was not saved<\/title>/);
  // The message is read with the box, but the box is not called invalid: the address was fine.
  const box = (html: string) => html.match(/<input id="newsletter-email"[^>]*>/)?.[0] ?? '';
  assert.match(box(text), 'aria-describedby="newsletter-email-error"');
  assert.not.match(box(text), 'aria-invalid');
  assert.is(badAddress.status, 400);
  const refused = await badAddress.text();
  assert.match(refused, /<title>Please check your email address<\/title>/);
  assert.match(box(refused), 'aria-invalid="true"');
});

test("the delivery run is started only by a POST that no other site's page sent; the scheduler's and site serve's own are taken", async () => {
  const env = { SITE_DATA_DIR: path.join(dir, 'deliver-origin'), SMTP_URL: sink.url };
  const store = fileStore(path.join(env.SITE_DATA_DIR, 'forms'));
  const item: Stored = { variant: 'message', data: { ...message, subject: 'Run by whom' }, key: 'run-by-whom-0001', at: 0, state: 'queued', attempts: 1, nextAt: 0 };
  await store.set(`queue/${item.key}`, JSON.stringify(item));
  const run = (init: RequestInit) => deliverEnquiries(new Request('http://localhost/.netlify/functions/deliver-enquiries', init), { env });
  const foreign = await run({ method: 'POST', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
  assert.is(foreign.status, 403);
  assert.match(((await foreign.json()) as { message: string }).message, /only by the site's own scheduler/);
  const get = await run({ method: 'GET' });
  assert.is(get.status, 405);
  assert.is(get.headers.get('allow'), 'POST');
  assert.equal(await store.list('queue/'), [`queue/${item.key}`], 'still waiting: no run was started');
  // Netlify's scheduler posts {"next_run": …} with no browser's headers.
  const scheduled = await run({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"next_run":"2026-12-03T20:00:00.000Z"}' });
  assert.is(((await scheduled.json()) as { delivered: number }).delivered, 1);
  assert.equal(subjects('Run by whom').length, 1);
});

/**
 * A delivery run in a process of its own, as the scheduled function and `site enquiries retry` are to each other.
 * With `together`, it says "ready" and waits for a line on its input before running, so runs start at once.
 */
function deliveryProcess(folder: string, settings: Record<string, string>, together = false) {
  const script = path.join(dir, 'delivery-run.mts');
  if (!fs.existsSync(script)) {
    const lib = (name: string) => JSON.stringify(pathToFileURL(path.join(repoRoot, 'functions/lib', name)).href);
    fs.writeFileSync(script, [
      `import { fileStore } from ${lib('store.ts')};`,
      `import { deliverQueued } from ${lib('enquiries.ts')};`,
      `import { mailer } from ${lib('mail.ts')};`,
      `const [folder, settings, together] = process.argv.slice(2);`,
      `if (together === 'together') { console.log('ready'); await new Promise((r) => process.stdin.once('data', r)); }`,
      `const report = await deliverQueued(fileStore(folder), mailer(), JSON.parse(settings));`,
      `console.log(JSON.stringify(report));`,
      `process.exit(0);`,
    ].join('\n'));
  }
  const child = spawn(process.execPath, ['--import', 'tsx', script, folder, JSON.stringify(settings), together ? 'together' : ''], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const ready = new Promise<void>((resolve) => child.stdout!.on('data', () => stdout.includes('ready') && resolve()));
  const done = new Promise<DeliveryReport>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout.trim().split('\n').pop()!) as DeliveryReport) : reject(new Error(`the delivery run ended ${code}: ${stderr}`)))),
  );
  return { child, ready, go: () => child.stdin!.end('go\n'), done };
}

const queuedItem = (key: string, subject: string): Stored => ({ variant: 'message', data: { ...message, subject }, key, at: 1, state: 'queued', attempts: 0, nextAt: 0 });

test('two delivery runs in separate processes on one store (the schedule and a retry, or two overlapping runs) mail each enquiry once', async () => {
  const folder = path.join(dir, 'two-runs');
  const store = fileStore(folder);
  for (let i = 0; i < 40; i++) {
    const item = queuedItem(`two-runs-${String(i).padStart(4, '0')}`, `Two runs ${i}`);
    await store.set(`queue/${item.key}`, JSON.stringify(item));
  }
  sink.delayMs = 30;
  const runs = [0, 1].map(() => deliveryProcess(folder, { SMTP_URL: sink.url, ENQUIRY_RETRY_MS: '1' }, true));
  await Promise.all(runs.map((r) => r.ready));
  for (const r of runs) r.go();
  const reports = await Promise.all(runs.map((r) => r.done));
  const mailed = subjects('Two runs ');
  assert.is(new Set(mailed).size, 40, 'every enquiry mailed');
  assert.is(mailed.length, 40, `none twice (${mailed.length - new Set(mailed).size} repeats)`);
  assert.is(reports[0].delivered + reports[1].delivered, 40);
  assert.equal(await store.list('queue/'), []);
  console.log(`» two delivery processes started together on 40 queued enquiries: ${reports.map((r) => r.delivered).join(' + ')} delivered, ${mailed.length - new Set(mailed).size} mailed twice`);
});

test('a store that fails for one enquiry (its delivery record cannot be read) does not stop the run: the others are mailed, that one is logged and kept', async () => {
  const folder = path.join(dir, 'one-fails');
  const store = fileStore(folder);
  for (const key of ['one-fails-0001', 'one-fails-0002', 'one-fails-0003']) await store.set(`queue/${key}`, JSON.stringify(queuedItem(key, `One fails ${key}`)));
  // Its record of delivery is a folder: reading it fails (EISDIR), as a damaged disk or a wrong permission would.
  fs.mkdirSync(path.join(folder, 'received', 'one-fails-0002.json'), { recursive: true });
  const logs = captureLogs();
  let run: DeliveryReport;
  try {
    run = await deliverQueued(store, mailer(), { SMTP_URL: sink.url });
  } finally {
    logs.restore();
  }
  assert.equal(subjects('One fails ').sort(), ['Website message: One fails one-fails-0001', 'Website message: One fails one-fails-0003']);
  assert.is(run.delivered, 2);
  assert.ok(logs.lines.some((l) => l.includes('one-fails-0002') && l.includes('EISDIR')), logs.lines.join('\n'));
  assert.equal(await store.list('queue/'), ['queue/one-fails-0002'], 'the enquiry it could not check is kept');
});

test('site enquiries retry leaves an enquiry that a run is sending right now, and says until when; it is mailed once', async () => {
  const site = path.join(dir, 'retry-in-flight');
  const folder = path.join(site, '.data', 'forms');
  const store = fileStore(folder);
  const item = queuedItem('in-flight-0001', 'In flight');
  await store.set(`queue/${item.key}`, JSON.stringify(item));
  // This run's send hangs until released, as a slow mail server holds it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sending!: () => void;
  const started = new Promise<void>((resolve) => (sending = resolve));
  const deliver = mailer();
  const run = deliverQueued(store, async (mail, settings) => (sending(), await released, deliver(mail, settings)), { SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '60000' });
  await started;
  const leased = await store.get(`queue/${item.key}`);
  const retried = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries', 'retry', '--all'], { cwd: site, encoding: 'utf8', env: { ...process.env, SITE_DATA_DIR: '', NO_COLOR: '1' } });
  assert.is(retried.status, 0, retried.stderr);
  assert.match(retried.stderr, /in-flight-0001 .*being sent .*until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
  assert.not.match(retried.stderr, /put back in the queue/);
  assert.is(await store.get(`queue/${item.key}`), leased, 'its lease is left as it is');
  // The listing says so too, rather than showing it as waiting in the queue.
  const listed = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries'], { cwd: site, encoding: 'utf8', env: { ...process.env, SITE_DATA_DIR: '', NO_COLOR: '1' } });
  assert.is(listed.status, 0, listed.stderr);
  assert.match(listed.stdout, /in-flight-0001\s+sending\s/);
  assert.match(listed.stdout, /0 held, 0 waiting, 1 being sent in /);
  // Another run (the schedule, in its own process) meanwhile leaves it too.
  const other = await deliveryProcess(folder, { SMTP_URL: sink.url }).done;
  assert.is(other.started, 0);
  release();
  assert.is((await run).delivered, 1);
  assert.equal(subjects('In flight'), ['Website message: In flight'], 'mailed once');
});

test('a native sign-up from a blog category page is answered with that page, the address typed kept', async () => {
  const pages = fs.mkdtempSync(path.join(os.tmpdir(), 'site-subscribe-pages-'));
  const form = '<form class="newsletter-form" action="/.netlify/functions/subscribe" method="post"><input name="email"/></form>';
  fs.mkdirSync(path.join(pages, 'blog', 'category'), { recursive: true });
  fs.writeFileSync(path.join(pages, 'blog.html'), `<html><head><title>Blog</title></head><body><h1>All posts</h1>${form}</body></html>`);
  fs.writeFileSync(path.join(pages, 'blog', 'category', 'legal.html'), `<html><head><title>Legal</title></head><body><h1>Legal posts</h1>${form}</body></html>`);
  fs.writeFileSync(path.join(pages, 'contact.html'), '<html><head><title>Contact</title></head><body><h1>Contact us</h1></body></html>');
  const subscribe = createSubscribe({ env: () => ({ RATE_LIMIT_PER_MINUTE: '1000', SITE_PAGES_DIR: pages }), store: () => undefined });
  const post = (referer: string | undefined, email: string) =>
    subscribe(new Request('http://localhost/.netlify/functions/subscribe', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(referer ? { referer } : {}) }, body: new URLSearchParams({ email }) }));
  try {
    const refused = await post('http://localhost/blog/category/legal', 'not-an-address');
    assert.is(refused.status, 400);
    const text = await refused.text();
    assert.match(text, /<h1>Legal posts<\/h1>/, 'the category page the form was on');
    assert.match(text, /<title>Please check your email address \| Legal<\/title>/);
    assert.match(text, /value="not-an-address"/, 'the address typed comes back');
    // A page without the form, a page not built, a path out of the blog, or no Referer: the blog page, as before.
    for (const referer of ['http://localhost/contact', 'http://localhost/blog/category/missing', 'http://localhost/blog/category/../../contact', undefined]) {
      const answer = await post(referer, 'not-an-address');
      const body = await answer.text();
      assert.match(body, /<h1>All posts<\/h1>/, String(referer));
      assert.match(body, /value="not-an-address"/, String(referer));
    }
  } finally {
    fs.rmSync(pages, { recursive: true, force: true });
  }
});
test("a visitor's request whose mail hangs past the lease is answered and recorded before the lease ends, so a run that takes it next is the only attempt in hand", async () => {
  const store = fileStore(path.join(dir, 'direct-lease'));
  // SMTP_TIMEOUT_MS 200: the lease is 400 ms. The mail server never answers this attempt.
  const settings = { SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '200', ENQUIRY_RETRY_MS: '60000' };
  const take = enquiryIntake({ store: () => store, deliver: () => new Promise(() => undefined), now: Date.now });
  const logs = captureLogs();
  let outcome: string;
  try {
    outcome = await settledWithin(take('message', { ...message, subject: 'Direct lease' }, 'direct-lease-0001', settings), 800, 'still sending after twice the lease');
  } finally {
    logs.restore();
  }
  assert.is(outcome, 'queued');
  const [item] = (await listStored(store)) as Stored[];
  assert.is(item.sending, undefined, 'no longer under the lease');
  assert.is(item.attempts, 1);
  assert.match(item.lastError ?? '', /ETIMEDOUT/);
});
test('with no store, a mail that hangs is given up after the send timeout and stopped: the visitor is told it failed, not kept waiting', async () => {
  // SMTP_TIMEOUT_MS 200. The mail is the only record here, so the answer waits for it, but not for ever.
  const settings = { SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '200' };
  let stopped: unknown;
  const hang = (_mail: unknown, _settings: unknown, signal?: AbortSignal) =>
    new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject((stopped = signal.reason))));
  const take = enquiryIntake({ store: () => undefined, deliver: hang, now: Date.now });
  const logs = captureLogs();
  let outcome: string;
  try {
    outcome = await settledWithin(take('message', { ...message, subject: 'Direct hang' }, 'direct-hang-0001', settings), 800, 'still sending after four send timeouts');
  } finally {
    logs.restore();
  }
  assert.is(outcome, 'failed');
  assert.match(String(stopped), /timed out/, 'the send itself was stopped');
  assert.match(logs.lines.join('\n'), /did not take the enquiry \(.*ETIMEDOUT.*\), and there is no store to keep it in/);
});
test('a send given up on is stopped: a mail server that stalls, then answers, gets the enquiry once, from the retry', async () => {
  const store = fileStore(path.join(dir, 'stalled'));
  const item = queuedItem('stalled-send-0001', 'Stalled send');
  await store.set(`queue/${item.key}`, JSON.stringify(item));
  // A budget of 2 s gives each send 1 s, inside the pool's own 4 s socket timeout: the server answers MAIL FROM
  // after 2.5 s, when the attempt has given up and its connection would still be open.
  const settings = { SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '4000', DELIVERY_BUDGET_MS: '2000', ENQUIRY_RETRY_MS: '1' };
  const deliver = mailer();
  const copies = () => sink.received.filter((r) => r.mail.messageId?.startsWith(`<enquiry-${item.key}@`)).length;
  sink.mailFromDelayMs = 2500;
  const logs = captureLogs();
  let first: DeliveryReport, retry: DeliveryReport;
  try {
    first = await deliverQueued(store, deliver, settings);
    sink.mailFromDelayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 5));
    retry = await deliverQueued(store, deliver, settings);
    // Past the stalled answer, with time for the abandoned mail to arrive if it were still on its way.
    await new Promise((resolve) => setTimeout(resolve, 2500));
  } finally {
    logs.restore();
  }
  assert.is(first.failed, 1, logs.lines.join('\n'));
  assert.is(retry.delivered, 1, logs.lines.join('\n'));
  assert.is(copies(), 1, 'the abandoned attempt sent nothing; the retry sent one');
  console.log(`» stalled send: ${copies()} copy after a give-up and a retry`);
});
test("an attempt that ends after another took its enquiry (its lease ran out) does not overwrite that one's record; if it mailed, the delivery is recorded and the log says it may be mailed twice", async () => {
  const store = fileStore(path.join(dir, 'lost-lease'));
  const settings = { SMTP_URL: sink.url, ENQUIRY_RETRY_MS: '1' };
  const claim = (key: string): Stored => ({ ...queuedItem(key, 'Lost lease'), nextAt: Date.now() + 1000, sending: true });
  const theirs = (key: string) => JSON.stringify({ ...claim(key), nextAt: Date.now() + 60_000, attempts: 3 });
  // While this attempt's mail is on its way, another attempt takes the record; then this one fails, or gets through.
  const takenThen = (key: string, end: () => 'sent') => async () => {
    await store.set(`queue/${key}`, theirs(key));
    return end();
  };
  const logs = captureLogs();
  let failed: string, sent: string;
  try {
    const a = claim('lost-lease-fail');
    await store.set(`queue/${a.key}`, JSON.stringify(a));
    failed = await attemptDelivery(store, a, takenThen(a.key, () => { throw Object.assign(new Error('down'), { code: 'ECONNREFUSED' }); }), settings, Date.now, 1000);
    const b = claim('lost-lease-sent');
    await store.set(`queue/${b.key}`, JSON.stringify(b));
    sent = await attemptDelivery(store, b, takenThen(b.key, () => 'sent'), settings, Date.now, 1000);
  } finally {
    logs.restore();
  }
  assert.is(failed, 'queued');
  assert.is(JSON.parse((await store.get('queue/lost-lease-fail'))!).attempts, 3, "the other attempt's record stands: its lease, its count");
  assert.is(sent, 'sent');
  assert.ok((await store.get('received/lost-lease-sent'))?.startsWith('{"mailedAt":'), 'the mail that went is recorded');
  assert.is(JSON.parse((await store.get('queue/lost-lease-sent'))!).attempts, 3, "the other attempt's record is left to it");
  assert.ok(logs.lines.some((l) => l.includes('lost-lease-fail') && /another attempt/.test(l)), logs.lines.join('\n'));
  assert.ok(logs.lines.some((l) => l.includes('lost-lease-sent') && /mailed twice/.test(l)), logs.lines.join('\n'));
  // The other attempt fails in turn and queues it again: the delivery record keeps a run from mailing it a third time.
  await store.set('queue/lost-lease-sent', JSON.stringify({ ...claim('lost-lease-sent'), nextAt: 0, sending: undefined }));
  await store.delete('queue/lost-lease-fail');
  const before = sink.received.length;
  await deliverQueued(store, mailer(), settings);
  assert.is(sink.received.length, before);
  assert.equal(await store.list('queue/'), []);
});
test('a mail server that has the whole message but confirms it after the send timeout gets one copy: the enquiry is kept as unconfirmed for the operator, not mailed again', async () => {
  const site = path.join(dir, 'slow-ack');
  const store = fileStore(path.join(site, '.data', 'forms'));
  // The server takes the message to its final dot at once, then answers 1.5 s later: past the 0.5 s send timeout.
  const settings = { SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '500', ENQUIRY_RETRY_MS: '1', RATE_LIMIT_PER_MINUTE: '1000' };
  const send = createSendEmail({ env: () => settings, store: () => store });
  const copies = () => subjects('Slow ack').length;
  sink.delayMs = 1500;
  const logs = captureLogs();
  let answer: Response, retry: DeliveryReport;
  try {
    answer = await send(jsonRequest({ ...message, subject: 'Slow ack' }, 'slow-ack-0001-key'), { ip: '203.0.113.41' });
    // Past the late answer: the server has the message now.
    await waitFor(() => copies() === 1, 'the slow server to take the message');
    sink.delayMs = 0;
    retry = await deliverQueued(store, mailer(), settings);
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    logs.restore();
  }
  assert.is(answer.status, 202, 'stored, so the visitor is told it is on its way');
  assert.is(copies(), 1, `one copy, not a second from the retry pass:\n${logs.lines.join('\n')}`);
  assert.is(retry.started, 0, 'the retry pass did not send it');
  const [item] = (await listStored(store)) as Stored[];
  assert.ok(item, 'it is kept in the store');
  const key = item.key;
  assert.is(item.state, 'held', 'no run takes it by itself');
  assert.is(item.unconfirmed, true);
  assert.ok(logs.lines.some((l) => l.includes(key) && /did not confirm/.test(l)), logs.lines.join('\n'));
  const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries', ...args], { cwd: site, encoding: 'utf8', env: { ...process.env, SITE_DATA_DIR: '', NO_COLOR: '1' } });
  const listed = cli();
  assert.is(listed.status, 0, listed.stderr);
  assert.match(listed.stdout, new RegExp(`${key}\\s+unconfirmed\\s`));
  assert.match(listed.stdout, /1 unconfirmed/);
  // retry --all mends refusals; it does not mail what may have arrived already.
  const all = cli('retry', '--all');
  assert.is(all.status, 0, all.stderr);
  assert.match(all.stderr, /1 unconfirmed left as/);
  assert.is(((await listStored(store)) as Stored[])[0].unconfirmed, true);
  // The operator finds it in the team's mail and records it as delivered: it leaves the store, and a repeat is not mailed.
  const delivered = cli('delivered', key);
  assert.is(delivered.status, 0, delivered.stderr);
  assert.match(delivered.stderr, /1 enquiry recorded as delivered/);
  assert.equal(await store.list('queue/'), []);
  const quiet = captureLogs();
  try {
    assert.is((await send(jsonRequest({ ...message, subject: 'Slow ack' }, 'slow-ack-0001-key'), { ip: '203.0.113.41' })).status, 200);
  } finally {
    quiet.restore();
  }
  assert.is(copies(), 1, 'a repeat of it is not mailed');
  console.log(`» slow acknowledgement (1.5 s against a 0.5 s timeout), then a retry pass: ${copies()} copy; listed as unconfirmed`);
});

test('a connection dropped after the final dot leaves the enquiry unconfirmed, not mailed again; sent again by id, it goes; a 451 reply to the dot is still retried', async () => {
  const store = fileStore(path.join(dir, 'dropped-after-dot'));
  const settings = { SMTP_URL: sink.url, ENQUIRY_RETRY_MS: '1' };
  const deliver = mailer();
  const logs = captureLogs();
  let dropped: DeliveryReport, refused: DeliveryReport, next: DeliveryReport;
  try {
    await store.set('queue/dropped-dot-0001', JSON.stringify(queuedItem('dropped-dot-0001', 'Dropped after dot')));
    sink.dropAfterData = true;
    dropped = await deliverQueued(store, deliver, settings);
    sink.dropAfterData = false;
    // A "try again later" reply to the dot is the server's answer: it does not have the mail.
    await store.set('queue/refused-dot-0001', JSON.stringify(queuedItem('refused-dot-0001', 'Refused at dot')));
    sink.refuse = true;
    refused = await deliverQueued(store, deliver, settings);
    sink.refuse = false;
    next = await deliverQueued(store, deliver, settings);
  } finally {
    logs.restore();
  }
  assert.is(dropped.unconfirmed, 1, logs.lines.join('\n'));
  assert.is(refused.failed, 1, 'the 451 to the dot is retried, as before');
  assert.is(next.delivered, 1, 'the one refused is delivered by the next run');
  assert.equal(subjects('Dropped after dot'), ['Website message: Dropped after dot'], 'the dropped one is not mailed again by a run');
  assert.equal(subjects('Refused at dot'), ['Website message: Refused at dot']);
  const [item] = (await listStored(store)) as Stored[];
  assert.is(item.key, 'dropped-dot-0001');
  assert.is(item.unconfirmed, true);
  assert.match(item.lastError ?? '', /did not confirm it \(Error ECONNECTION\)/);
  // Not found in the team's mail, the operator sends it again on purpose.
  assert.equal((await retryStored(store, ['dropped-dot-0001'])).retried, ['dropped-dot-0001']);
  assert.is((await deliverQueued(store, deliver, settings)).delivered, 1);
  assert.is(subjects('Dropped after dot').length, 2, 'sent again because the operator asked');
  assert.equal(await store.list('queue/'), []);
});
test('a delivery run killed after the final dot, before the reply (a function stopped at its time limit): once its lease runs out the enquiry is unconfirmed, listed, and not mailed again; one killed before DATA is sent again', async () => {
  const site = path.join(dir, 'killed-after-dot');
  const folder = path.join(site, '.data', 'forms');
  const store = fileStore(folder);
  // SMTP_TIMEOUT_MS 500: the lease is 1 s.
  const settings = { SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '500', ENQUIRY_RETRY_MS: '1' };
  const copies = (subject: string) => subjects(subject).length;
  const leaseOver = async (key: string) => {
    const { nextAt } = JSON.parse((await store.get(`queue/${key}`))!) as Stored;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextAt - Date.now()) + 50));
  };
  await store.set('queue/killed-dot-0001', JSON.stringify(queuedItem('killed-dot-0001', 'Killed after dot')));
  const afterDot = deliveryProcess(folder, settings);
  // The server has the whole message; the run is killed before any reply, and its connection goes with it.
  sink.onReceived = () => afterDot.child.kill('SIGKILL');
  sink.dropAfterData = true;
  await afterDot.done.then(() => assert.unreachable('the run was not killed'), () => undefined);
  sink.onReceived = undefined;
  sink.dropAfterData = false;
  assert.is(copies('Killed after dot'), 1);
  const hold = JSON.parse((await store.get('queue/killed-dot-0001'))!) as Stored;
  assert.equal([hold.state, hold.unconfirmed, hold.sending], ['held', true, true], 'held before the dot, under the lease');
  await leaseOver('killed-dot-0001');
  const logs = captureLogs();
  let retry: DeliveryReport;
  try {
    retry = await deliverQueued(store, mailer(), settings);
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    logs.restore();
  }
  assert.is(copies('Killed after dot'), 1, `one copy, not a second from the run after the lease:\n${logs.lines.join('\n')}`);
  assert.is(retry.started, 0, 'the run did not send it');
  assert.is(retry.unconfirmed, 1, 'the run counts it as unconfirmed');
  assert.ok(logs.lines.some((l) => l.includes('killed-dot-0001') && /may have been delivered/.test(l)), logs.lines.join('\n'));
  const [item] = (await listStored(store)) as Stored[];
  assert.is(item.state, 'held');
  assert.is(item.unconfirmed, true);
  assert.is(item.sending, undefined);
  // One held so whose lease has not run out is between its dot and the reply now: listed as being sent.
  await store.set('queue/killed-dot-0002', JSON.stringify({ ...hold, key: 'killed-dot-0002', nextAt: Date.now() + 60_000 }));
  const listed = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries'], { cwd: site, encoding: 'utf8', env: { ...process.env, SITE_DATA_DIR: '', NO_COLOR: '1' } });
  assert.is(listed.status, 0, listed.stderr);
  assert.match(listed.stdout, /killed-dot-0001\s+unconfirmed\s/);
  assert.match(listed.stdout, /killed-dot-0002\s+sending\s/);
  assert.match(listed.stdout, /0 held, 0 waiting, 1 unconfirmed, 1 being sent in /);
  await store.delete('queue/killed-dot-0001');
  await store.delete('queue/killed-dot-0002');

  // Killed while the server stalls before DATA: the server cannot have it, so the run after the lease sends it.
  await store.set('queue/killed-env-0001', JSON.stringify(queuedItem('killed-env-0001', 'Killed before data')));
  sink.mailFromDelayMs = 5000;
  const beforeData = deliveryProcess(folder, settings);
  await waitFor(async () => Boolean((await store.get('queue/killed-env-0001'))?.includes('"sending":true')), 'the run to take it');
  await new Promise((resolve) => setTimeout(resolve, 200));
  beforeData.child.kill('SIGKILL');
  await beforeData.done.catch(() => undefined);
  sink.mailFromDelayMs = 0;
  await leaseOver('killed-env-0001');
  const quiet = captureLogs();
  let again: DeliveryReport;
  try {
    again = await deliverQueued(store, mailer(), settings);
  } finally {
    quiet.restore();
  }
  assert.is(again.delivered, 1, quiet.lines.join('\n'));
  assert.is(copies('Killed before data'), 1);
  console.log(`» run killed after the final dot, then a run after its lease: ${copies('Killed after dot')} copy, listed as unconfirmed; killed before DATA: sent once by the next run`);
});

test('retryStored takes its clock and includeSuspected as options: either can be given without the other', async () => {
  const store = fileStore(path.join(dir, 'retry-options'));
  const sending: Stored = { ...queuedItem('retry-options-sending', 'Sending'), nextAt: 5000, sending: true };
  const trap: Stored = { ...queuedItem('retry-options-trap', 'Trap'), state: 'held', suspected: true };
  for (const item of [sending, trap]) await store.set(`queue/${item.key}`, JSON.stringify(item));
  const early = await retryStored(store, 'all', { now: () => 4000 });
  assert.equal(early.sending, [{ key: 'retry-options-sending', until: 5000 }], 'by the clock given, its lease holds');
  assert.equal(early.suspected, ['retry-options-trap']);
  assert.equal(early.retried, []);
  // The real clock: that lease ended long ago.
  assert.equal((await retryStored(store, 'all', { includeSuspected: true })).retried, ['retry-options-sending', 'retry-options-trap']);
});
test('site enquiries retry --all leaves suspected spam held, says how many and how to send them; by id, or with --include-suspected, they go', async () => {
  const site = path.join(dir, 'retry-suspected');
  const store = fileStore(path.join(site, '.data', 'forms'));
  const held = (key: string, subject: string, suspected: boolean): Stored => ({ ...queuedItem(key, subject), state: 'held', ...(suspected ? { suspected: true, lastError: 'suspected spam' } : { lastError: 'Error EMESSAGE 554' }) });
  for (const item of [held('plain-held-0001', 'Plain', false), held('trap-held-0001', 'Trap one', true), held('trap-held-0002', 'Trap two', true)]) await store.set(`queue/${item.key}`, JSON.stringify(item));
  const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries', 'retry', ...args], { cwd: site, encoding: 'utf8', env: { ...process.env, SITE_DATA_DIR: '', NO_COLOR: '1' } });
  const state = async (key: string) => (JSON.parse((await store.get(`queue/${key}`))!) as Stored).state;
  const all = cli('--all');
  assert.is(all.status, 0, all.stderr);
  assert.match(all.stderr, /1 enquiry put back in the queue/);
  assert.match(all.stderr, /2 held as suspected spam left as they are/);
  assert.match(all.stderr, /site enquiries retry <id>/);
  assert.match(all.stderr, /--include-suspected/);
  assert.equal([await state('plain-held-0001'), await state('trap-held-0001'), await state('trap-held-0002')], ['queued', 'held', 'held']);
  const one = cli('trap-held-0001');
  assert.is(one.status, 0, one.stderr);
  assert.is(await state('trap-held-0001'), 'queued', 'one named by id goes');
  const rest = cli('--all', '--include-suspected');
  assert.is(rest.status, 0, rest.stderr);
  assert.is(await state('trap-held-0002'), 'queued');
  assert.not.match(rest.stderr, /suspected spam left/);
  const help = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries', 'retry', '--help'], { encoding: 'utf8' });
  assert.match(help.stdout, /--include-suspected/);
  assert.match(help.stdout, /--all +every stored enquiry but those held as suspected spam/);
});

test.run();

