// Taking an enquiry so that none is lost: the transactional-outbox rule. The enquiry is written to the store
// (queue/<key>) before anything else happens; only then is it mailed, and only once the mail server has taken
// it is it recorded as delivered (received/<key>) and removed from the queue. So a crash at any point leaves
// either a stored enquiry that a later run mails, or a delivered one: never a claim without an enquiry behind
// it. Before the message's final dot the record is held as `unconfirmed` (one write), and the server's reply
// replaces that: so an attempt cut off from the dot on (a crash, a function stopped at its time limit), which
// may have delivered the mail, leaves it for the operator, not for a second copy; one cut off before, a run
// mails once its lease has run out.
//
// A stored enquiry is `queued` (delivered by `deliverQueued`, from the scheduled function on Netlify and a
// timer under `site serve`, each one retried on its own backoff) or `held` (the mail server refused it for
// good with a 5xx reply, or it cannot be read or made into a mail, or it is `unconfirmed`: the server had the
// whole message but its reply never came, so it may have arrived): held enquiries are never retried on their
// own, and the operator sees and retries them with `site enquiries`. One enquiry's failure never stops the others.
import { createHash } from 'node:crypto';
import type { Variant } from './enquiry.ts';
import { compose, type Delivery, type Mail } from './mail.ts';
import { describe, rateRecords, recentRequests } from './http.ts';
import { storedObject, type KeyValueStore } from './store.ts';

type Env = Record<string, string | undefined>;
type Deliver = (mail: Mail, settings: Env, signal?: AbortSignal, beforeDot?: () => Promise<void>) => Promise<Delivery>;

/**
 * sent: the mail server has it. queued: stored, to be mailed later. held: stored, refused for good by the mail
 * server, waiting for the operator. unconfirmed: stored, and the mail server had the whole message but did not
 * confirm it in time: it may have arrived, and waits for the operator. delivered: the same key was mailed
 * before. unconfigured/failed: neither a mail server nor a store took it.
 */
export type Outcome = 'sent' | 'queued' | 'held' | 'unconfirmed' | 'delivered' | 'unconfigured' | 'failed';

export interface Stored {
  variant: Variant;
  data: Record<string, string>;
  key: string;
  /** When it arrived (ms since 1970). */
  at: number;
  state: 'queued' | 'held';
  /** Delivery attempts that failed. */
  attempts: number;
  /** Not to be tried before this time: the backoff after a failure, or the lease of an attempt in progress. */
  nextAt: number;
  /** nextAt is the lease of an attempt sending it now, not a backoff: `site enquiries retry` leaves it alone. */
  sending?: boolean;
  /** The last failure, as a kind and a code (never the mail server's words, which may quote the enquiry). */
  lastError?: string;
  /** The reCAPTCHA check could not be made (the verify service was down), so the mail says so. */
  unverified?: boolean;
  /** It filled the field people never see: held for the operator, not mailed, and marked if they retry it. */
  suspected?: boolean;
  /** Held because the mail server had the whole message and no reply to it came: it may have arrived. */
  unconfirmed?: boolean;
}

/** What the mail says about how the enquiry came in (lib/mail.ts, compose). */
type Marks = Pick<Stored, 'unverified' | 'suspected'>;

const keyPattern = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * An enquiry's key: the one the client sent (if well formed) joined to a hash of the content, so a retry of the
 * same enquiry is one enquiry while the same key sent with other words is another, and is mailed too. Without
 * a key, the hash alone: an identical native post twice is one enquiry.
 */
export function idempotencyKey(sent: string | null | undefined, variant: Variant, data: Record<string, unknown>): string {
  const { recaptcha: _token, ...content } = data;
  const hash = createHash('sha256').update(JSON.stringify([variant, Object.entries(content).sort()])).digest('base64url');
  return sent && keyPattern.test(sent) ? `${sent}-${hash.slice(0, 11)}` : hash.slice(0, 32);
}

/** How long the record of a delivery is kept: a retry or double submit comes within minutes; a week is generous. */
const claimLifetime = 7 * 24 * 60 * 60_000;

/** How long one mail may take before it is given up as failed (SMTP_TIMEOUT_MS, default 15 s). */
export function sendTimeout(settings: Env): number {
  return Number(settings.SMTP_TIMEOUT_MS) || 15_000;
}

/** While an attempt runs, nobody else tries the same enquiry: twice the send timeout covers a wait in the pool. */
function lease(settings: Env): number {
  return 2 * sendTimeout(settings);
}

/** The wait after the n-th failed attempt: ENQUIRY_RETRY_MS (default a minute), doubling, at most six hours. */
export function backoff(settings: Env, attempts: number): number {
  const base = Number(settings.ENQUIRY_RETRY_MS) || 60_000;
  return Math.min(base * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/** The SMTP commands of one message's transaction (as nodemailer names them in its errors). */
const messageCommands = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);

/**
 * A 5xx reply to the message's own transaction is the mail server's final word on this message (RFC 5321,
 * 4.2.1); anything else may pass. A 5xx to the login (535: the password was changed) or to the greeting is
 * about the site's connection, not the message: it is retried, and goes once the settings are mended.
 */
function refusedForGood(error: unknown): boolean {
  const { responseCode: code, command } = (error ?? {}) as { responseCode?: number; command?: string };
  return typeof code === 'number' && code >= 500 && code < 600 && typeof command === 'string' && messageCommands.has(command);
}

/** The mail of a stored enquiry. */
export function mailOf(item: Stored, settings: Env): Mail {
  return compose(item.variant, item.data, item.key, settings, { unverified: item.unverified, suspected: item.suspected });
}

/** A failure after the final dot with no reply to it (a timeout, a dropped connection). */
function unconfirmed(error: unknown): boolean {
  return Boolean((error as { unconfirmed?: boolean } | undefined)?.unconfirmed);
}

/**
 * Runs `deliver`, giving up after the send timeout so one hung mail cannot hold a request or a run. Giving up
 * stops the send too: left to go on, a mail waiting in the pool or on a stalled server would go out later,
 * beside the retry that the failure leads to (a second copy). `beforeDot` runs before the final dot, which
 * waits for it; a failure after the dot that is not the server's reply to it is marked `unconfirmed`: the
 * server may have the mail.
 */
async function deliverWithin(deliver: Deliver, mail: Mail, settings: Env, limitMs: number, beforeDot?: () => Promise<void>): Promise<Delivery> {
  const stop = new AbortController();
  let handedOver = false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' });
      stop.abort(error);
      reject(error);
    }, limitMs);
  });
  try {
    const recordFirst = async () => {
      await beforeDot?.();
      handedOver = true;
    };
    return await Promise.race([deliver(mail, settings, stop.signal, recordFirst), timeout]);
  } catch (error) {
    const replied = typeof (error as { responseCode?: unknown } | undefined)?.responseCode === 'number';
    if (handedOver && !replied && error && typeof error === 'object') Object.assign(error, { unconfirmed: true });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One delivery attempt of a stored enquiry, and its record: deleted once mailed, else queued again after its
 * backoff, or held when refused for good. The caller has leased it (`item` as written with its lease: nextAt in
 * the future). The attempt gives up after `limitMs` even while the mail waits in the pool, and `limitMs` is at
 * most the send timeout, half the lease: so the attempt is over and recorded while its lease still holds, and
 * another run never takes an enquiry that an attempt still has in hand. (Waiting in the pool past the lease
 * instead, a visitor's request would be racing the run that takes the enquiry once the lease ends.)
 */
export async function attemptDelivery(store: KeyValueStore, item: Stored, deliver: Deliver, settings: Env, now: () => number, limitMs: number): Promise<'sent' | 'queued' | 'held' | 'unconfirmed'> {
  // The outcome is written by a swap from the record as this attempt claimed it. If another attempt has taken
  // it since (a store so slow that this one outlasted its lease), that one's record stands: overwritten, its
  // lease would end early and a third attempt could start, or its own outcome be lost.
  let claimed = JSON.stringify(item);
  const record = (next: Stored) => store.swap(`queue/${item.key}`, claimed, JSON.stringify(next));
  // Held before the final dot, still under the lease, so a run that finds it so once the lease has run out knows
  // this attempt was cut off where the server may have the mail. The outcome below is written over it.
  let holding: Promise<void> | undefined;
  const holdBeforeDot = () =>
    (holding = (async () => {
      const held = JSON.stringify({ ...item, attempts: item.attempts + 1, lastError: cutOff, state: 'held', unconfirmed: true } satisfies Stored);
      if (!(await store.swap(`queue/${item.key}`, claimed, held))) throw new Error(`not sent: ${lostTo}`);
      claimed = held;
    })());
  const lostTo = `another attempt has taken it since (this one outlasted its lease), so its record is left to that one`;
  let failure: unknown;
  let mail: Mail;
  try {
    mail = mailOf(item, settings);
  } catch (error) {
    // A record whose fields are not the text a form sends (edited by hand, or written by other code) can never
    // become a mail: retrying it on its backoff would fail for ever, so it is held for the operator.
    const next: Stored = { ...item, sending: undefined, attempts: item.attempts + 1, lastError: `the stored record could not be made into a mail (${describe(error)}): a field is missing or not text`, state: 'held' };
    if (!(await record(next))) {
      console.error(`deliver: enquiry ${item.key} could not be made into a mail, and ${lostTo}`);
      return 'queued';
    }
    console.error(`deliver: enquiry ${item.key} is held: ${next.lastError}. See it with \`site enquiries\`.`);
    return 'held';
  }
  try {
    const delivery = await deliverWithin(deliver, mail, settings, limitMs, holdBeforeDot);
    if (delivery !== 'unconfigured') {
      try {
        // The delivery record first, whoever holds the queued copy now: it is what keeps any run from mailing it again.
        await store.set(`received/${item.key}`, JSON.stringify({ mailedAt: now() }));
        // A copy another attempt has taken since is left to it: that attempt's outcome is written over it (it may
        // be mailing it now), and a run deletes it unmailed, seeing the delivery record. Taken between this read
        // and the delete, it is deleted under that attempt, whose outcome then finds nothing to write over: the same.
        if ((await store.get(`queue/${item.key}`)) === claimed) await store.delete(`queue/${item.key}`);
        else console.error(`deliver: enquiry ${item.key} was mailed, but ${lostTo}; it may be mailed twice, with the same Message-ID`);
      } catch (error) {
        // The mail is out; the stored copy is held as unconfirmed, or (the dev outbox: no dot) mailed again.
        console.error(`deliver: enquiry ${item.key} was mailed, but the store could not record it (${describe(error)}); ${holding ? '`site enquiries` will list it as unconfirmed' : 'it may be mailed twice'}`);
      }
      return 'sent';
    }
    failure = Object.assign(new Error('SMTP_URL is not set'), { code: 'NO_SMTP_URL' });
  } catch (error) {
    failure = error;
  }
  // Given up while the hold was being written: its outcome is written over the hold, not beside it.
  await holding?.catch(() => undefined);
  if (unconfirmed(failure)) {
    // RFC 5321 4.5.3.2.6 has a client wait 10 minutes for the reply to the final dot, longer than a function may
    // run; a server that is only slow already has the mail, so sending it again would make a second copy.
    const next: Stored = { ...item, sending: undefined, attempts: item.attempts + 1, lastError: `the mail server had the whole message but did not confirm it (${describe(failure)})`, state: 'held', unconfirmed: true };
    if (!(await record(next))) {
      console.error(`deliver: enquiry ${item.key} may have been delivered (${next.lastError}), and ${lostTo}`);
      return 'queued';
    }
    console.error(`deliver: enquiry ${item.key} may have been delivered: ${next.lastError}. ${lookForIt(mail)}`);
    return 'unconfirmed';
  }
  const held = refusedForGood(failure);
  const next: Stored = { ...item, sending: undefined, attempts: item.attempts + 1, lastError: describe(failure), state: held ? 'held' : 'queued', nextAt: held ? item.nextAt : now() + backoff(settings, item.attempts + 1) };
  if (!(await record(next))) {
    console.error(`deliver: enquiry ${item.key} not delivered (${next.lastError}), and ${lostTo}`);
    return 'queued';
  }
  if (held) console.error(`deliver: enquiry ${item.key} is held: the mail server refused it for good (${next.lastError}). List and retry held enquiries with \`site enquiries\`.`);
  else console.warn(`deliver: enquiry ${item.key} not delivered (${next.lastError}); attempt ${next.attempts}, next try in ${Math.round(backoff(settings, next.attempts) / 1000)} s`);
  return held ? 'held' : 'queued';
}

/** Why an enquiry held before its final dot is still held so once its lease has run out. */
const cutOff = 'the attempt was cut off (a crash, or a function stopped at its time limit) at its final dot or after it, before it recorded the reply';

const lookForIt = (mail: Mail) => `It is not sent again by itself: look for Message-ID ${mail.messageId} at ${mail.to}; \`site enquiries\` lists it as unconfirmed.`;

/** The record stored as queue/<id>, or what is wrong with it (a damaged or foreign file, or a copy of another's). */
export function readStored(raw: string | undefined, id: string): Stored | string {
  if (!raw) return 'it is empty';
  const item = storedObject(raw) as Partial<Stored> | string;
  if (typeof item === 'string') return item;
  // A delivery deletes queue/<key>: a record under another name would delete that one and be mailed for ever.
  if (item.key !== id) return `its "key" is ${JSON.stringify(item.key)}, not its name`;
  if (!item.data || typeof item.data !== 'object') return 'it has no "data" object';
  if (item.variant !== 'enquiry' && item.variant !== 'message') return 'its "variant" is neither "enquiry" nor "message"';
  return { ...item, at: Number(item.at) || 0, state: item.state === 'held' ? 'held' : 'queued', attempts: Number(item.attempts) || 0, nextAt: Number(item.nextAt) || 0 } as Stored;
}

/** A queued record that is no enquiry: the id of its key, and what is wrong with it. */
export type Unreadable = { key: string; problem: string };

/**
 * The record at a queue/ key, or why it cannot be read (a folder, a name no key has, text that is no record, or
 * one an earlier version held as unreadable); undefined when it is gone. Nothing deletes or rewrites one that
 * cannot be read: it is the only copy of what a visitor sent, and the operator sees it in `site enquiries`.
 */
async function readQueued(store: KeyValueStore, key: string): Promise<Queued | Unreadable | undefined> {
  const id = key.slice('queue/'.length);
  let raw: string | undefined;
  try {
    raw = await store.get(key);
  } catch (error) {
    return { key: id, problem: (error as Error).message };
  }
  if (raw === undefined) return undefined;
  const item = readStored(raw, id);
  if (typeof item === 'string') return { key: id, problem: item };
  return 'unreadable' in item ? { key: id, problem: `${item.lastError} (its text is kept as "unreadable")` } : { item, raw };
}

/** A readable queued record, and its text as read: a swap from that text fails if anyone has written it since. */
type Queued = { item: Stored; raw: string };

/**
 * Whether a received/ record proves a delivery: only one written after the mail server took the mail
 * ({"mailedAt": …}). A bare time is a claim from before the outbox, written before mailing, and proves nothing.
 */
function provesDelivery(raw: string | undefined): boolean {
  return Boolean(raw?.startsWith('{'));
}

export function enquiryIntake(options: { store: (settings: Env) => KeyValueStore | undefined; deliver: Deliver; now: () => number }) {
  const { deliver, now } = options;
  // Concurrent requests with one key inside this instance share one attempt; the store covers the rest.
  const inFlight = new Map<string, Promise<Outcome>>();

  /**
   * Without a store (or with one that cannot be reached) the mail is the only record: answer only once it is sent,
   * or once the send timeout has passed (the send stopped), as it may wait in the pool behind stalled sends.
   */
  async function direct(variant: Variant, data: Record<string, string>, key: string, settings: Env, marks: Marks, why: string): Promise<Outcome> {
    try {
      const delivery = await deliverWithin(deliver, compose(variant, data, key, settings, marks), settings, sendTimeout(settings));
      if (delivery !== 'unconfigured') return 'sent';
      console.error(`send-email: SMTP_URL is not set, and ${why}`);
      return 'unconfigured';
    } catch (error) {
      // With no store there is nobody to hand an unconfirmed one to: the visitor is told it failed, and may send it again.
      if (unconfirmed(error)) console.error(`send-email: the mail server had the whole enquiry ${key} but did not confirm it (${describe(error)}), so it may have arrived; ${why}`);
      else console.error(`send-email: the mail server did not take the enquiry (${describe(error)}), and ${why}`);
      return 'failed';
    }
  }

  async function attempt(variant: Variant, data: Record<string, string>, key: string, settings: Env, marks: Marks): Promise<Outcome> {
    let store: KeyValueStore | undefined;
    try {
      store = options.store(settings);
    } catch (error) {
      // Opening the store throws too (Netlify Blobs outside the context it expects): it is as unreachable as one
      // that fails later, and the lead goes by mail alone rather than being lost to a server error.
      console.error(`send-email: the store could not be opened (${describe(error)}), so the enquiry is mailed at once`);
      return direct(variant, data, key, settings, marks, `the store could not be opened (${describe(error)})`);
    }
    if (!store) return direct(variant, data, key, settings, marks, 'there is no store to keep it in');
    // A suspected one is held at once: kept for the operator, in case a real visitor's browser filled the trap.
    const item: Stored = marks.suspected
      ? { variant, data, key, at: now(), state: 'held', attempts: 0, nextAt: 0, lastError: 'suspected spam: the field people never see was filled in', ...marks }
      : { variant, data, key, at: now(), state: 'queued', attempts: 0, nextAt: now() + lease(settings), sending: true, ...(marks.unverified ? { unverified: true } : {}) };
    let stored = false;
    try {
      if (provesDelivery(await store.get(`received/${key}`))) return 'delivered';
      // The outbox: stored (and on disk, synced) before anything is mailed or answered.
      if (!(await store.create(`queue/${key}`, JSON.stringify(item)))) {
        const earlier = readStored(await store.get(`queue/${key}`), key);
        return typeof earlier === 'object' && earlier.state === 'held' ? (earlier.unconfirmed ? 'unconfirmed' : 'held') : 'queued';
      }
      stored = true;
      // Delivered and removed from the queue between the two looks above: the new copy is not needed. Left
      // behind if it cannot be deleted, a run deletes it unmailed: the delivery record proves the mail went.
      if (provesDelivery(await store.get(`received/${key}`))) {
        await store.delete(`queue/${key}`).catch(() => undefined);
        return 'delivered';
      }
    } catch (error) {
      // A store that cannot be reached must not stop the mail: the lead matters more than deduplication.
      if (!stored) return direct(variant, data, key, settings, marks, `the store could not keep it either (${describe(error)})`);
      // Kept already: mailed at once besides, it would be mailed again from the queue. It goes the stored way.
      console.error(`send-email: enquiry ${key} is stored, but the store failed after that (${describe(error)}); it is mailed from the store`);
    }
    if (item.state === 'held') return 'held';
    try {
      return await attemptDelivery(store, item, deliver, settings, now, sendTimeout(settings));
    } catch (error) {
      // The enquiry is stored; its lease runs out and the scheduled delivery takes it.
      console.error(`send-email: enquiry ${key} is stored, but its record could not be updated (${describe(error)})`);
      return 'queued';
    }
  }

  return function take(variant: Variant, data: Record<string, string>, key: string, settings: Env, marks: Marks = {}): Promise<Outcome> {
    const running = inFlight.get(key);
    if (running) return running.then((outcome) => (outcome === 'sent' ? 'delivered' : outcome));
    const started = attempt(variant, data, key, settings, marks).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}

export interface DeliveryReport {
  delivered: number;
  /** Stored and not yet due (backoff or lease), or left for the next run when the time budget ran out. */
  waiting: number;
  /** Newly held by this run. */
  held: number;
  /** Newly held by this run as unconfirmed: the mail server had the whole message but did not confirm it. */
  unconfirmed: number;
  /** Tried and failed, to be tried again after their backoff. */
  failed: number;
  /** Left as they are because the store failed for them (a read or a write); each is logged for the operator. */
  storeFailed: number;
  expired: number;
  /** Sends started, and whether the run stopped starting them because its time budget ran out. */
  started: number;
  outOfTime: boolean;
  /** The run's clock: when it began, the last moment it would start a send, and when it started its last one. */
  began: number;
  cutoff: number;
  lastStart?: number;
}

let running: Promise<DeliveryReport> | undefined;

/**
 * Mails the queued enquiries that are due, `DELIVERY_PARALLEL` at a time (default 4, within the mail pool's 5
 * connections), and starts no send after the time budget (`DELIVERY_BUDGET_MS`, default 25 s, under Netlify's
 * 30 s for a scheduled function) minus one send's limit (the send timeout, at most half the budget), so every
 * send it starts ends inside the budget.
 * What is left waits for the next run. One run at a time per process, so a timer and a manual run never send
 * the same enquiry twice; leases keep runs in different processes apart.
 */
export function deliverQueued(store: KeyValueStore, deliver: Deliver, settings: Env, now: () => number = Date.now): Promise<DeliveryReport> {
  running ??= (async () => {
    const began = now();
    const budget = Number(settings.DELIVERY_BUDGET_MS) || 25_000;
    const parallel = Math.max(1, Number(settings.DELIVERY_PARALLEL) || 4);
    // One send may take its timeout, but at most half the budget, so a run always has time to start some.
    const sendLimit = Math.min(sendTimeout(settings), budget / 2);
    const cutoff = began + budget - sendLimit;
    const report: DeliveryReport = { delivered: 0, waiting: 0, held: 0, unconfirmed: 0, failed: 0, storeFailed: 0, expired: 0, started: 0, outOfTime: false, began, cutoff };
    const keys = await store.list('queue/');
    let next = 0;
    const outOfTime = () => {
      report.outOfTime = true;
      report.waiting += keys.length - next;
      next = keys.length;
    };
    /** One queued enquiry: mailed if due and no other run has it; 'stop' when the run is out of time. */
    const deliverOne = async (key: string): Promise<'stop' | undefined> => {
      const read = await readQueued(store, key);
      if (read === undefined) return;
      if ('problem' in read) {
        if (!toldUnreadable.has(key)) console.error(`deliver-enquiries: ${key} cannot be read, so it is not mailed; nothing deletes it. See why with \`site enquiries\`.`);
        toldUnreadable.add(key);
        return;
      }
      const { item, raw } = read;
      if (item.state === 'held') {
        // Held before its final dot, its lease over: that attempt was cut off. Delivered if it got as far as the
        // record; else it may have arrived, and is settled as unconfirmed, as one whose reply never came.
        if (!item.sending || item.nextAt > now()) return;
        if (provesDelivery(await store.get(`received/${item.key}`))) {
          await store.delete(key);
          return;
        }
        if (!(await store.swap(key, raw, JSON.stringify({ ...item, sending: undefined })))) return;
        report.unconfirmed++;
        console.error(`deliver-enquiries: enquiry ${item.key} may have been delivered: ${item.lastError}. ${lookForIt(mailOf(item, settings))}`);
        return;
      }
      if (item.nextAt > now()) {
        report.waiting++;
        return;
      }
      // Mailed and recorded, but the queued copy outlived the record (a crash or a failed delete between the
      // two): the record proves the mail server has it, so it is not mailed again.
      if (provesDelivery(await store.get(`received/${key.slice('queue/'.length)}`))) {
        await store.delete(key);
        return;
      }
      // The lease is taken by a swap from the text read above: another run (another process: the schedule, or a
      // second run while this one is slow) that read the same record loses it, and only the winner mails.
      const claim: Stored = { ...item, nextAt: now() + lease(settings), sending: true };
      const leased = JSON.stringify(claim);
      if (!(await store.swap(key, raw, leased))) {
        report.waiting++;
        return;
      }
      // The last look at the clock before the send: past the cutoff, the lease is given back and the run ends.
      if (now() > cutoff) {
        await store.swap(key, leased, raw);
        report.waiting++;
        return 'stop';
      }
      report.started++;
      report.lastStart = now();
      const result = await attemptDelivery(store, claim, deliver, settings, now, sendLimit).catch((error) => {
        console.error(`deliver-enquiries: enquiry ${item.key} could not be updated (${describe(error)})`);
        return 'queued' as const;
      });
      if (result === 'sent') report.delivered++;
      else if (result === 'held') report.held++;
      else if (result === 'unconfirmed') report.unconfirmed++;
      else report.failed++;
    };
    const worker = async () => {
      while (next < keys.length) {
        if (now() > cutoff) return outOfTime();
        const key = keys[next++];
        try {
          if ((await deliverOne(key)) === 'stop') return outOfTime();
        } catch (error) {
          // The store failed for this one (a record that cannot be read, a write refused): it stays as it is,
          // for the next run and for `site enquiries`; the others are still delivered.
          report.storeFailed++;
          console.error(`deliver-enquiries: ${key} was not delivered: the store failed for it (${describe(error)}); it is kept for the next run. See it with \`site enquiries\`.`);
        }
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    if (now() <= cutoff) {
      for (const key of await store.list('received/')) {
        let raw: string;
        try {
          raw = (await store.get(key)) ?? '';
        } catch (error) {
          // Kept: it may be the record that stops a repeat of its enquiry being mailed again.
          console.error(`deliver-enquiries: the delivery record ${key} cannot be read (${describe(error)}); it is kept`);
          continue;
        }
        let at: number;
        try {
          at = /^\d+$/.test(raw) ? Number(raw) : Number((JSON.parse(raw || '{}') as { mailedAt?: number }).mailedAt);
        } catch {
          // A damaged record dates nothing and must not fail the run: it is forgotten as an expired one (the
          // worst that follows is a repeat of that enquiry mailed again, never one lost).
          at = 0;
        }
        if (Number.isFinite(at) && now() - at > claimLifetime) {
          await store.delete(key).then(
            () => report.expired++,
            (error) => console.error(`deliver-enquiries: the expired delivery record ${key} could not be deleted (${describe(error)})`),
          );
        }
      }
      // The rate limit's counts (lib/http.ts) of clients with nothing in the last minute: one is kept per client
      // otherwise, for ever. A count written again just after it was read is lost with it: a few more requests.
      for (const key of await store.list(rateRecords)) {
        const raw = await store.get(key).catch(() => undefined);
        if (!recentRequests(raw, now()).length) await store.delete(key).catch(() => undefined);
      }
    }
    return report;
  })().finally(() => (running = undefined));
  return running;
}

/** Each unreadable record is logged once per process, not on every run of the timer. */
const toldUnreadable = new Set<string>();

/** Every stored enquiry, for `site enquiries`, oldest first, and every record that cannot be read. */
export async function listStored(store: KeyValueStore): Promise<(Stored | Unreadable)[]> {
  const out: (Stored | Unreadable)[] = [];
  for (const key of await store.list('queue/')) {
    const read = await readQueued(store, key);
    if (read) out.push('problem' in read ? read : read.item);
  }
  return out.sort((a, b) => ('at' in a ? a.at : 0) - ('at' in b ? b.at : 0) || a.key.localeCompare(b.key));
}

/**
 * Puts held (or waiting) enquiries back in the queue, due now. Unreadable ones are left as they are, and so are
 * those a run is sending now (their lease has not ended): due at once, another run would mail them a second time.
 * 'all' leaves those held as suspected spam too, unless `includeSuspected`: most are a bot's, and the operator
 * sends the real ones by id; a retry to mend a mail server's refusals must not mail the lot. It always leaves
 * unconfirmed ones: each may have arrived, and is sent again only by id, once the operator has looked.
 */
export async function retryStored(store: KeyValueStore, which: string[] | 'all', options: { now?: () => number; includeSuspected?: boolean } = {}): Promise<{ retried: string[]; missing: string[]; unreadable: Unreadable[]; sending: { key: string; until: number }[]; suspected: string[]; unconfirmed: string[] }> {
  const retried: string[] = [];
  const missing: string[] = [];
  const unreadable: Unreadable[] = [];
  const sending: { key: string; until: number }[] = [];
  const suspected: string[] = [];
  const unsure: string[] = [];
  const { now = Date.now, includeSuspected = false } = options;
  const queued = (await store.list('queue/')).map((k) => k.slice('queue/'.length));
  const keys = which === 'all' ? queued : which;
  for (const key of keys) {
    // A named id that is not in the queue (a typo, or a path such as ../received/<id>) is no stored enquiry:
    // read as a key, it would name another file as an enquiry that cannot be read.
    if (!queued.includes(key)) {
      if (which !== 'all') missing.push(key);
      continue;
    }
    // A swap from the record as read, so a run that takes it between the read and the write is not undone;
    // if one did, the record is read again and seen to be sending.
    for (let tries = 0; ; tries++) {
      const read = await readQueued(store, `queue/${key}`);
      if (!read) {
        if (which !== 'all') missing.push(key);
      } else if ('problem' in read) unreadable.push(read);
      else if (read.item.sending && read.item.nextAt > now()) sending.push({ key, until: read.item.nextAt });
      else if (which === 'all' && !includeSuspected && read.item.suspected && read.item.state === 'held') suspected.push(key);
      else if (which === 'all' && read.item.unconfirmed && read.item.state === 'held') unsure.push(key);
      else if (await store.swap(`queue/${key}`, read.raw, JSON.stringify({ ...read.item, state: 'queued', nextAt: 0, sending: undefined, unconfirmed: undefined }))) retried.push(key);
      else if (tries < 5) continue;
      else throw new Error(`queue/${key} kept changing while it was being put back; try again`);
      break;
    }
  }
  return { retried, missing, unreadable, sending, suspected, unconfirmed: unsure };
}

/**
 * Records held enquiries as delivered and takes them out of the queue: for one the operator found in the team's
 * mail (an unconfirmed one that did arrive), or answered another way. Only held ones: a queued one is a run's
 * to send. The delivery record is written first, as a run writes it, so a repeat of the enquiry is not mailed.
 */
export async function markDelivered(store: KeyValueStore, keys: string[], now: () => number = Date.now): Promise<{ marked: string[]; missing: string[]; unreadable: Unreadable[]; notHeld: string[] }> {
  const marked: string[] = [];
  const missing: string[] = [];
  const unreadable: Unreadable[] = [];
  const notHeld: string[] = [];
  const queued = (await store.list('queue/')).map((k) => k.slice('queue/'.length));
  for (const key of keys) {
    const read = queued.includes(key) ? await readQueued(store, `queue/${key}`) : undefined;
    if (!read) missing.push(key);
    else if ('problem' in read) unreadable.push(read);
    else if (read.item.state !== 'held') notHeld.push(key);
    else {
      await store.set(`received/${key}`, JSON.stringify({ mailedAt: now(), by: 'operator' }));
      // Put back in the queue and taken since (`retry`, then a run): that run finds the delivery record and sends nothing.
      if ((await store.get(`queue/${key}`)) === read.raw) await store.delete(`queue/${key}`);
      marked.push(key);
    }
  }
  return { marked, missing, unreadable, notHeld };
}
