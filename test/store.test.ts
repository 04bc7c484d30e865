// The form store behind its one interface, both implementations held to the same facts: the local file store
// and the Netlify Blobs adapter talking to the package's own local server (BlobsServer). Then what the
// functions do with it: a mail server that times out, a store that fails too, the scheduled delivery, the
// subscribers export, and logs that never hold a visitor's words.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { BlobsServer } from '@netlify/blobs/server';
import { SMTPServer } from 'smtp-server';
import { blobsStore, fileStore, type KeyValueStore } from '../functions/lib/store.ts';
import { deliverQueued } from '../functions/lib/enquiries.ts';
import { mailer } from '../functions/lib/mail.ts';
import { createSendEmail } from '../functions/send-email.ts';
import { createSubscribe } from '../functions/subscribe.ts';
import { readSubscribers, toCsv } from '../functions/lib/subscribers-command.ts';
import { repoRoot } from './helpers/project.ts';
import { startMailSink, type MailSink } from './helpers/mail.ts';

const test = suite('store');

let dir: string;
let blobs: BlobsServer;
let blobsUrl: string;
let sink: MailSink;

test.before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-store-'));
  blobs = new BlobsServer({ directory: path.join(dir, 'blobs'), token: 'test-token', logger: () => {} });
  const { port } = await blobs.start();
  blobsUrl = `http://127.0.0.1:${port}`;
  sink = await startMailSink();
});

test.after(async () => {
  await blobs.stop();
  await sink.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const implementations: [string, () => KeyValueStore][] = [
  ['file store', () => fileStore(path.join(dir, `files-${Math.random().toString(36).slice(2)}`))],
  ['Netlify Blobs adapter', () => blobsStore({ name: `forms-${Math.random().toString(36).slice(2)}`, siteID: 'site-under-test', token: 'test-token', apiURL: blobsUrl })],
];

for (const [name, make] of implementations) {
  test(`${name}: set, get, list by prefix, delete`, async () => {
    const store = make();
    assert.is(await store.get('queue/abc12345'), undefined);
    await store.set('queue/abc12345', '{"a":1}');
    await store.set('queue/def67890', '{"b":2}');
    await store.set('received/abc12345', '1');
    assert.is(await store.get('queue/abc12345'), '{"a":1}');
    assert.equal(await store.list('queue/'), ['queue/abc12345', 'queue/def67890']);
    await store.set('queue/abc12345', '{"a":3}');
    assert.is(await store.get('queue/abc12345'), '{"a":3}', 'set replaces');
    await store.delete('queue/abc12345');
    assert.equal(await store.list('queue/'), ['queue/def67890']);
    assert.is(await store.get('queue/abc12345'), undefined);
  });

  // The package's local server checks If-None-Match and writes in separate awaited steps, so concurrent creates
  // against it can both pass the check under load: racing them would test that emulator, not the adapter. The
  // adapter's part (onlyIfNew on every create) is shown by creates one after another there; the file store races.
  test(`${name}: of 20 ${name === 'file store' ? 'concurrent' : 'successive'} creates of one key exactly one wins, and the value is the winner's`, async () => {
    const store = make();
    const creates = Array.from({ length: 20 }, (_, i) => () => store.create('received/same-key-1', `writer ${i}`));
    const results: boolean[] = [];
    if (name === 'file store') results.push(...(await Promise.all(creates.map((create) => create()))));
    else for (const create of creates) results.push(await create());
    assert.is(results.filter(Boolean).length, 1);
    assert.is(await store.get('received/same-key-1'), `writer ${results.indexOf(true)}`);
    assert.is(await store.create('received/same-key-1', 'late'), false);
  });

  test(`${name}: of two that read the same value only one swap wins; a swap from a value no longer there fails`, async () => {
    const store = make();
    await store.set('queue/swap-0001', '{"v":1}');
    const read = (await store.get('queue/swap-0001'))!;
    // Two delivery runs read the same record, then both try to take it: the second finds it changed.
    assert.is(await store.swap('queue/swap-0001', read, '{"v":"first"}'), true);
    assert.is(await store.swap('queue/swap-0001', read, '{"v":"second"}'), false);
    assert.is(await store.get('queue/swap-0001'), '{"v":"first"}');
    assert.is(await store.swap('queue/swap-none', read, '{"v":3}'), false, 'nothing to swap');
    assert.is(await store.get('queue/swap-none'), undefined, 'a failed swap creates nothing');
  });

  test(`${name}: keys that are not prefix/id are refused`, async () => {
    const store = make();
    for (const key of ['../etc/passwd', 'queue/../../x', 'queue', 'Queue/abc', 'queue/a b']) {
      await store.set(key, 'x').then(() => assert.unreachable(key), (error: Error) => assert.match(error.message, /is not of the form prefix\/id/));
    }
  });
}

test('file store: of 20 concurrent swaps from one value through two stores on one folder exactly one wins; a lock a crashed writer left is broken once old', async () => {
  const root = path.join(dir, 'swap-race');
  const [a, b] = [fileStore(root), fileStore(root)];
  await a.set('queue/race-0001', 'start');
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).swap('queue/race-0001', 'start', `writer ${i}`)));
  assert.is(results.filter(Boolean).length, 1);
  assert.is(await a.get('queue/race-0001'), `writer ${results.indexOf(true)}`);
  assert.equal(fs.readdirSync(path.join(root, 'queue')), ['race-0001.json'], 'no lock or temporary file left');
  // A writer killed while it held the lock leaves it behind: once it is older than any swap takes, it is broken.
  const lock = path.join(root, 'queue', 'race-0001.json.lock');
  fs.writeFileSync(lock, 'crashed-holder');
  const old = new Date(Date.now() - 10 * 60_000);
  fs.utimesSync(lock, old, old);
  assert.is(await b.swap('queue/race-0001', `writer ${results.indexOf(true)}`, 'after the crash'), true);
  assert.is(await a.get('queue/race-0001'), 'after the crash');
  assert.equal(fs.readdirSync(path.join(root, 'queue')), ['race-0001.json'], 'the stale lock is gone');
});

test('file store: a writer that died while breaking a stale lock leaves its marker; once old, the marker is broken too and the swap goes through', async () => {
  const root = path.join(dir, 'swap-dead-breaker');
  const [a, b] = [fileStore(root), fileStore(root)];
  await a.set('queue/dead-0001', 'start');
  const queue = path.join(root, 'queue');
  const lock = path.join(queue, 'dead-0001.json.lock');
  const old = new Date(Date.now() - 10 * 60_000);
  // The holder died with the lock; the writer that came to break it died after marking it, before removing either.
  fs.writeFileSync(lock, 'crashedholder');
  fs.writeFileSync(`${lock}.break-crashedholder`, 'crashedbreaker');
  // And one that came to break that marker died in turn, leaving a marker of the marker.
  fs.writeFileSync(`${lock}.break-crashedholder.break-crashedbreaker`, 'crashedagain');
  for (const name of fs.readdirSync(queue)) if (name.includes('.lock')) fs.utimesSync(path.join(queue, name), old, old);
  // Several writers at once find them: one breaks each, and of the swaps from one value exactly one wins.
  const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).swap('queue/dead-0001', 'start', `writer ${i}`)));
  assert.is(results.filter(Boolean).length, 1);
  assert.is(await a.get('queue/dead-0001'), `writer ${results.indexOf(true)}`);
  assert.equal(fs.readdirSync(queue), ['dead-0001.json'], 'no lock, marker or temporary file left');
});

test('file store: a fresh marker over a stale lock (another writer breaking it now) is not broken: the swap waits, then names the lock and the marker', async () => {
  const root = path.join(dir, 'swap-live-breaker');
  const store = fileStore(root);
  await store.set('queue/live-0001', 'start');
  const lock = path.join(root, 'queue', 'live-0001.json.lock');
  fs.writeFileSync(lock, 'crashedholder');
  const old = new Date(Date.now() - 10 * 60_000);
  fs.utimesSync(lock, old, old);
  const mark = `${lock}.break-crashedholder`;
  fs.writeFileSync(mark, 'livebreaker');
  let message = '';
  await store.swap('queue/live-0001', 'start', 'next').then(
    () => assert.unreachable('a swap went through while another writer was breaking the lock'),
    (error: Error) => (message = error.message),
  );
  assert.ok(message.includes(lock), message);
  assert.ok(message.includes(mark), message);
  assert.is(fs.readFileSync(mark, 'utf8'), 'livebreaker', 'the live marker is left to its writer');
  assert.is(fs.readFileSync(lock, 'utf8'), 'crashedholder');
  assert.is(await store.get('queue/live-0001'), 'start');
});

test('file store: a lock whose holder on this machine has died (a killed process) is broken at once, not after a minute; a live holder\'s is waited for', async () => {
  const root = path.join(dir, 'swap-dead-holder');
  const store = fileStore(root);
  await store.set('queue/gone-0001', 'start');
  const lock = path.join(root, 'queue', 'gone-0001.json.lock');
  // A process that held the lock and was killed: its pid is gone, its lock is fresh.
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  fs.writeFileSync(lock, `0123456789abcdef.${child.stdout}@${os.hostname()}`);
  const started = Date.now();
  assert.is(await store.swap('queue/gone-0001', 'start', 'after the kill'), true);
  assert.ok(Date.now() - started < 5_000, `the dead holder's lock was waited for (${Date.now() - started} ms)`);
  assert.equal(fs.readdirSync(path.join(root, 'queue')), ['gone-0001.json'], 'the dead holder\'s lock is gone');
  // A fresh lock of a live process (this one's parent), or of another machine sharing the folder, is not broken.
  for (const holder of [`0123456789abcdef.${process.ppid}@${os.hostname()}`, `0123456789abcdef.${child.stdout}@another-machine`]) {
    fs.writeFileSync(lock, holder);
    let message = '';
    await store.swap('queue/gone-0001', 'after the kill', 'next').then(
      () => assert.unreachable(`a swap broke the live lock ${holder}`),
      (error: Error) => (message = error.message),
    );
    assert.ok(message.includes(lock), message);
    assert.is(fs.readFileSync(lock, 'utf8'), holder);
  }
  fs.rmSync(lock);
});

test('file store: a write the disk fails (full) leaves no temporary file behind, and a new folder is flushed in its parent', async () => {
  const root = path.join(dir, 'full-disk');
  const store = fileStore(root);
  const open = fs.promises.open;
  const synced: string[] = [];
  // The disk fills up in mid-write: half the value is written, then ENOSPC, as a real full disk answers.
  fs.promises.open = (async (file: fs.PathLike, flags?: string | number, mode?: fs.Mode) => {
    const handle = await open(file, flags, mode);
    if (flags === 'r') {
      const sync = handle.sync.bind(handle);
      handle.sync = async () => (synced.push(String(file)), sync());
    }
    if (String(file).endsWith('.tmp')) {
      handle.writeFile = async (data: unknown) => {
        await handle.write(String(data).slice(0, 3));
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      };
    }
    return handle;
  }) as typeof fs.promises.open;
  try {
    await store.set('queue/full-0001', '{"a":1}').then(() => assert.unreachable('set'), (error: NodeJS.ErrnoException) => assert.is(error.code, 'ENOSPC'));
    await store.create('received/full-0001', '{"a":1}').then(() => assert.unreachable('create'), (error: NodeJS.ErrnoException) => assert.is(error.code, 'ENOSPC'));
  } finally {
    fs.promises.open = open;
  }
  assert.equal(fs.readdirSync(path.join(root, 'queue')), [], 'no .tmp left in queue/');
  assert.equal(fs.readdirSync(path.join(root, 'received')), [], 'no .tmp left in received/');
  assert.ok(synced.includes(dir) && synced.includes(root), `the new folders' parents are flushed: ${synced.join(', ')}`);
  await store.set('queue/full-0001', '{"a":2}');
  assert.is(await store.get('queue/full-0001'), '{"a":2}', 'once there is room, the write goes through');
});

const message = { name: 'Amira Haddad', email: 'amira@example.org', phone: '', language: 'ar', subject: 'Birth certificate', message: 'my passport number is X1234567 please translate', recaptcha: 'good-token' };
const request = (body: unknown, key?: string) =>
  new Request('http://localhost/.netlify/functions/send-email', { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body) });

/** A mail server that accepts connections and never says a word, as a hung one does. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

function captureLogs() {
  const lines: string[] = [];
  const saved = [console.info, console.warn, console.error, console.log];
  console.info = console.warn = console.error = console.log = (...args: unknown[]) => lines.push(args.join(' '));
  return { lines, restore: () => ([console.info, console.warn, console.error, console.log] = saved) };
}

test('a mail server that times out: the enquiry is kept (202) and delivered once the server answers again', async () => {
  const store = fileStore(path.join(dir, 'timeout'));
  const hung = await silentServer();
  const logs = captureLogs();
  let res: Response;
  try {
    res = await createSendEmail({ env: () => ({ SMTP_URL: hung.url, SMTP_TIMEOUT_MS: '300', ENQUIRY_RETRY_MS: '1' }), store: () => store })(request(message, 'timeout-key-0001'));
  } finally {
    logs.restore();
    await hung.close();
  }
  assert.is(res.status, 202);
  assert.equal(await res.json(), { ok: true, queued: true });
  assert.equal((await store.list('queue/')).map((k) => k.replace(/-[\w-]{11}$/, '')), ['queue/timeout-key-0001']);
  const before = sink.received.length;
  const report = await deliverQueued(store, mailer(), { SMTP_URL: sink.url });
  assert.is(report.delivered, 1);
  assert.is(sink.received.length - before, 1);
  assert.match(sink.received.at(-1)!.mail.messageId!, /^<enquiry-timeout-key-0001-[\w-]{11}@example\.com>$/, 'the Message-ID carries the idempotency key');
  assert.equal(await store.list('queue/'), [], 'deleted once delivered');
  for (const line of logs.lines) assert.not.ok(line.includes('X1234567') || line.includes('amira@example.org'), line);
});

test('a mail server that refuses our login (a changed password) queues the enquiry for retries, not held as refused for good', async () => {
  // Its 535 is about the site's credentials, not this message: once the password is mended, it must go by itself.
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => (auth.password === 'right' ? callback(null, { user: auth.username }) : callback(new Error('Invalid username or password'))),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (received.push(Buffer.concat(chunks).toString('utf8')), callback()));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  const store = fileStore(path.join(dir, 'login'));
  const logs = captureLogs();
  try {
    const res = await createSendEmail({ env: () => ({ SMTP_URL: `smtp://website:wrong@127.0.0.1:${port}`, ENQUIRY_RETRY_MS: '1' }), store: () => store })(request({ ...message, subject: 'Wrong password' }, 'login-key-0001'));
    assert.is(res.status, 202);
    assert.equal(await res.json(), { ok: true, queued: true }, 'the visitor is not told the mail system turned it away');
    const [key] = await store.list('queue/');
    const stored = JSON.parse((await store.get(key))!) as { state: string; lastError: string };
    assert.is(stored.state, 'queued');
    assert.match(stored.lastError, /EAUTH 535/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const report = await deliverQueued(store, mailer(), { SMTP_URL: `smtp://website:right@127.0.0.1:${port}` });
    assert.is(report.delivered, 1, 'mailed by the next run once the password is right, with no one retrying it by hand');
    assert.is(received.length, 1);
  } finally {
    logs.restore();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('a damaged delivery record does not fail the delivery run: it is forgotten, and the old records behind it expire', async () => {
  const store = fileStore(path.join(dir, 'damaged'));
  // The default send timeout: a limit of a few hundred ms is within reach of a busy machine (two suites at once),
  // and a send that gave up would leave no delivery record of today to keep.
  const sent = await createSendEmail({ env: () => ({ SMTP_URL: sink.url }), store: () => store })(request(message, 'damaged-key-0001'));
  assert.is(sent.status, 200);
  await store.set('received/aaaa-damaged', '{"mailedAt": 17');
  await store.set('received/aaab-null', 'null');
  await store.set('received/zzzz-old', JSON.stringify({ mailedAt: 1 }));
  const report = await deliverQueued(store, mailer(), { SMTP_URL: sink.url });
  assert.is(report.expired, 3, 'the damaged ones and the old one behind them are forgotten');
  assert.is((await store.list('received/')).length, 1, "the real record of today's enquiry is kept");
});

test('an enquiry mailed and recorded whose queued copy outlived the record (a crash, a failed delete) is not mailed again', async () => {
  const store = fileStore(path.join(dir, 'outlived'));
  const stored = { variant: 'message', data: { ...message }, key: 'outlived-key-0001', at: 1, state: 'queued', attempts: 0, nextAt: 0 };
  await store.set('queue/outlived-key-0001', JSON.stringify(stored));
  await store.set('received/outlived-key-0001', JSON.stringify({ mailedAt: Date.now() }));
  let mailed = 0;
  const report = await deliverQueued(store, async () => (mailed++, 'sent'), {});
  assert.is(mailed, 0, 'not mailed a second time');
  assert.equal(await store.list('queue/'), [], 'the leftover copy is gone');
  assert.is(report.failed + report.held, 0);
  assert.equal(await store.list('received/'), ['received/outlived-key-0001'], 'the record stays, for a repeat of the enquiry');
});

test('neither mail nor store: 502 Failed to send message, and nothing is claimed, so a retry can go through', async () => {
  const full = async () => {
    throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
  };
  const broken: KeyValueStore = {
    where: 'a broken store',
    get: async () => undefined,
    create: full,
    set: full,
    swap: full,
    delete: async () => {},
    list: async () => [],
  };
  const logs = captureLogs();
  let res: Response;
  try {
    res = await createSendEmail({ env: () => ({ SMTP_URL: 'smtp://127.0.0.1:9' }), store: () => broken })(request(message, 'broken-key-0001'));
  } finally {
    logs.restore();
  }
  assert.is(res.status, 502);
  assert.equal(await res.json(), { message: 'Failed to send message' });
  assert.ok(logs.lines.some((l) => l.includes('the store could not keep it either')));
});

test('a store that cannot be reached does not stop the mail', async () => {
  const unreachable: KeyValueStore = {
    where: 'an unreachable store',
    get: async () => Promise.reject(new Error('ECONNREFUSED')),
    create: async () => Promise.reject(new Error('ECONNREFUSED')),
    set: async () => Promise.reject(new Error('ECONNREFUSED')),
    swap: async () => Promise.reject(new Error('ECONNREFUSED')),
    delete: async () => Promise.reject(new Error('ECONNREFUSED')),
    list: async () => Promise.reject(new Error('ECONNREFUSED')),
  };
  const before = sink.received.length;
  const logs = captureLogs();
  try {
    const res = await createSendEmail({ env: () => ({ SMTP_URL: sink.url }), store: () => unreachable })(request({ ...message, subject: 'Store down' }, 'store-down-key-01'));
    assert.is(res.status, 200);
  } finally {
    logs.restore();
  }
  assert.is(sink.received.length - before, 1);
});

test('a store that fails just after keeping an enquiry (its second look for a delivery record) does not get it mailed twice: once now, not again from the queue', async () => {
  const kept = fileStore(path.join(dir, 'fails-after-create'));
  let looks = 0;
  const flaky: KeyValueStore = {
    ...kept,
    get: async (key) => {
      if (key.startsWith('received/') && ++looks === 2) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      return kept.get(key);
    },
  };
  let t = Date.now();
  const before = sink.received.length;
  const logs = captureLogs();
  try {
    const res = await createSendEmail({ env: () => ({ SMTP_URL: sink.url }), store: () => flaky, now: () => t })(request({ ...message, subject: 'Store fails after keeping it' }, 'fails-after-create-01'));
    assert.ok(res.status === 200 || res.status === 202, `answered ${res.status}`);
    // Past the lease of that first attempt, the scheduled run looks at the queue.
    t += 10 * 60_000;
    await deliverQueued(kept, mailer(), { SMTP_URL: sink.url }, () => t);
  } finally {
    logs.restore();
  }
  assert.is(sink.received.length - before, 1, 'mailed once');
  assert.equal(await kept.list('queue/'), []);
});

test('the Blobs adapter keeps enquiries through an outage and sign-ups once per address', async () => {
  const store = blobsStore({ name: 'forms-flow', siteID: 'site-under-test', token: 'test-token', apiURL: blobsUrl });
  sink.refuse = true;
  const logs = captureLogs();
  try {
    const send = createSendEmail({ env: () => ({ SMTP_URL: sink.url, RATE_LIMIT_PER_MINUTE: '100', ENQUIRY_RETRY_MS: '1' }), store: () => store });
    assert.is((await send(request({ ...message, subject: 'Blobs outage' }, 'blobs-outage-key-1'))).status, 202);
    assert.is((await send(request({ ...message, subject: 'Blobs outage' }, 'blobs-outage-key-1'))).status, 202, 'the double submit finds the stored enquiry, still waiting');
    const subscribe = createSubscribe({ env: () => ({}), store: () => store });
    const sign = (email: string) => subscribe(new Request('http://localhost/.netlify/functions/subscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) }));
    assert.is((await sign('lee@example.org')).status, 200);
    assert.is((await sign('LEE@example.org')).status, 200);
    assert.is((await sign('kim@example.org')).status, 200);
  } finally {
    sink.refuse = false;
    logs.restore();
  }
  const before = sink.received.length;
  assert.is((await deliverQueued(store, mailer(), { SMTP_URL: sink.url })).delivered, 1);
  assert.is(sink.received.length - before, 1);
  assert.equal(await store.list('queue/'), []);
  const subscribers = (await readSubscribers(store)).rows;
  assert.equal(subscribers.map((s) => s.email).sort(), ['kim@example.org', 'lee@example.org']);
});

test('site enquiries --netlify lists the deployed store\'s held enquiries and puts them back in the queue', async () => {
  const store = blobsStore({ name: 'forms', siteID: 'site-enquiries', token: 'test-token', apiURL: blobsUrl });
  await store.set('queue/held-in-blobs-0001', JSON.stringify({ variant: 'message', data: { ...message, subject: 'Held in Blobs' }, key: 'held-in-blobs-0001', at: Date.UTC(2026, 10, 1), state: 'held', attempts: 1, nextAt: 0, lastError: 'Error EMESSAGE 554' }));
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', NETLIFY_SITE_ID: 'site-enquiries', NETLIFY_AUTH_TOKEN: 'test-token', NETLIFY_API_URL: blobsUrl };
  delete env.SITE_DATA_DIR;
  // Run asynchronously: the Blobs server answering the command lives in this process.
  const cli = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'enquiries', ...args], { cwd: dir, encoding: 'utf8', env }, (error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stdout, stderr }));
    });
  const listed = await cli('--netlify');
  assert.is(listed.status, 0, listed.stderr);
  assert.match(listed.stdout, /held-in-blobs-0001 +held +2026-11-01T00:00:00Z +1 +- +Error EMESSAGE 554 +Amira Haddad <amira@example.org>: Held in Blobs/);
  assert.match(listed.stdout, /1 held, 0 waiting in Netlify Blobs stores "forms-\*"/);
  // An id named twice is one enquiry.
  const retried = await cli('retry', 'held-in-blobs-0001', 'held-in-blobs-0001', '--netlify');
  assert.is(retried.status, 0, retried.stderr);
  assert.match(retried.stderr, /^1 enquiry put back in the queue/);
  assert.is(JSON.parse((await store.get('queue/held-in-blobs-0001'))!).state, 'queued');
  const before = sink.received.length;
  assert.is((await deliverQueued(store, mailer(), { SMTP_URL: sink.url })).delivered, 1);
  assert.is(sink.received.length - before, 1);
  const missing = await cli('retry', 'nope-0001', 'nope-0001', '--netlify');
  assert.is(missing.status, 1);
  assert.match(missing.stderr, /  1\. nope-0001 is not in Netlify Blobs/);
  const none = await cli('retry', '--netlify');
  assert.is(none.status, 1);
  assert.match(none.stderr, /  1\. name the enquiries to retry by their ids, or retry them all with --all  \[ENQUIRY_NONE_NAMED\]/);
});

test('site subscribers export writes the local sign-ups as CSV, oldest first, safe for spreadsheets', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-export-'));
  try {
    let time = Date.UTC(2026, 10, 1);
    const store = fileStore(path.join(root, '.data', 'forms'));
    const subscribe = createSubscribe({ env: () => ({}), store: () => store, now: () => time });
    for (const email of ['zoe@example.org', '=cmd@example.org', 'amir@example.org', 'ZOE@example.org']) {
      time += 60_000;
      const res = await subscribe(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: new URLSearchParams({ email, website: '' }) }));
      assert.is(res.status, 200, email);
    }
    // A sign-up that filled the field people never see is kept aside, not exported, and counted for the operator.
    const bot = await subscribe(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: new URLSearchParams({ email: 'bot@example.net', leave_blank: 'x' }) }));
    assert.is(bot.status, 200);
    const out = path.join(root, 'subscribers.csv');
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
    delete env.SITE_DATA_DIR;
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'subscribers', 'export', '--out', out], { cwd: root, encoding: 'utf8', env });
    assert.is(result.status, 0, result.stderr);
    assert.match(result.stderr, /3 subscribers from .*\.data\/forms written to /);
    assert.match(result.stderr, /1 sign-up that filled the field people never see \(bots, or rarely a browser filling in forms\) is kept aside, not exported: \.data\/forms\/suspected/);
    assert.is(fs.readFileSync(out, 'utf8'), 'email,subscribed_at\r\nzoe@example.org,2026-11-01T00:01:00.000Z\r\n\'=cmd@example.org,2026-11-01T00:02:00.000Z\r\namir@example.org,2026-11-01T00:03:00.000Z\r\n');
    // A damaged record is named, and left out of a CSV that still holds every other sign-up.
    fs.writeFileSync(path.join(root, '.data/forms/subscribers/cut.json'), '{"email": "half@exa');
    fs.writeFileSync(path.join(root, '.data/forms/subscribers/odd.json'), '{"email": 5}');
    const damaged = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'subscribers', 'export', '--out', out], { cwd: root, encoding: 'utf8', env });
    assert.is(damaged.status, 1, damaged.stderr);
    assert.match(damaged.stderr, /3 subscribers from .*\.data\/forms written to /);
    assert.match(damaged.stderr, `${path.join('.data', 'forms', 'subscribers', 'cut.json')} cannot be read: it is not JSON (`);
    assert.match(damaged.stderr, `${path.join('.data', 'forms', 'subscribers', 'odd.json')} cannot be read: its "email" is not text; it is left out of the export  [SUBSCRIBER_UNREADABLE]`);
    assert.not.match(damaged.stderr, /\n\s+at /);
    assert.is(fs.readFileSync(out, 'utf8').split('\r\n').length, 5, 'the three readable sign-ups exported');
    assert.ok(fs.existsSync(path.join(root, '.data/forms/subscribers/cut.json')), 'the damaged record is kept');
    for (const name of ['cut.json', 'odd.json']) fs.rmSync(path.join(root, '.data/forms/subscribers', name));
    // So is one the disk will not read (here a folder where a record belongs): named, and the others still exported.
    fs.mkdirSync(path.join(root, '.data/forms/subscribers/folder.json'));
    const unread = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'subscribers', 'export', '--out', out], { cwd: root, encoding: 'utf8', env });
    assert.is(unread.status, 1, unread.stderr);
    assert.match(unread.stderr, /3 subscribers from .*\.data\/forms written to /);
    assert.match(unread.stderr, `${path.join('.data', 'forms', 'subscribers', 'folder.json')} cannot be read: EISDIR`);
    assert.match(unread.stderr, '[SUBSCRIBER_UNREADABLE]');
    assert.not.match(unread.stderr, /\n\s+at /);
    assert.is(fs.readFileSync(out, 'utf8').split('\r\n').length, 5, 'the three readable sign-ups exported');
    fs.rmdirSync(path.join(root, '.data/forms/subscribers/folder.json'));
    // An --out in a folder that does not exist or cannot be written to, under a file, or naming a folder, is the
    // user's to correct: one message with the true cause, no stack. /proc takes no new file even from root.
    fs.writeFileSync(path.join(root, 'package.json'), '{"name": "mine"}\n');
    for (const [to, reason] of [
      [path.join(root, 'missing', 'subscribers.csv'), `the folder ${path.join(root, 'missing')} does not exist`],
      [path.join(root, 'missing', 'deeper', 'subscribers.csv'), `the folder ${path.join(root, 'missing', 'deeper')} does not exist`],
      [root, 'it is a folder'],
      ['/proc/subscribers.csv', 'the folder /proc cannot be written to'],
      [path.join(out, 'subscribers.csv'), `${out} is a file, not a folder`],
      [path.join(out, 'deeper', 'subscribers.csv'), `${out} is a file, not a folder`],
      // A file other than an earlier export (a slip for --out package.json) is not replaced.
      [path.join(root, 'package.json'), 'it holds something other than an earlier export, which writing would replace'],
    ]) {
      const refused = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'subscribers', 'export', '--out', to], { cwd: root, encoding: 'utf8', env });
      assert.is(refused.status, 1, to);
      assert.match(refused.stderr, `${to} could not be written: ${reason}  [EXPORT_FAILED]`);
      assert.not.match(refused.stderr, /\n\s+at /);
    }
    assert.not.ok(fs.existsSync(path.join(root, 'missing')));
    assert.is(fs.readFileSync(path.join(root, 'package.json'), 'utf8'), '{"name": "mine"}\n');
    const netlify = spawnSync(process.execPath, [path.join(repoRoot, 'bin/site.js'), 'subscribers', 'export', '--netlify'], { cwd: root, encoding: 'utf8', env: { ...env, NETLIFY_SITE_ID: '', NETLIFY_AUTH_TOKEN: '' } });
    assert.is(netlify.status, 1);
    assert.match(netlify.stderr, /--netlify needs NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  assert.is(toCsv([{ email: 'a"b@example.org', subscribedAt: 'x' }]), 'email,subscribed_at\r\n"a""b@example.org",x\r\n');
});

test.run();
