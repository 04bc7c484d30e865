// A stored enquiry's record (queue/<key>) and what may be done to it: its key, its timings (send timeout,
// lease, backoff), reading it, and the operator's changes to it for `site enquiries` (list, retry, record as
// delivered). A record is `queued` (delivered by `deliverQueued`, from the scheduled function on Netlify and a
// timer under `site serve`, each one retried on its own backoff) or `held` (the mail server refused it for good
// with a 5xx reply, or it cannot be read or made into a mail, or it is `unconfirmed`: the server had the whole
// message but its reply never came, so it may have arrived): held enquiries are never retried on their own,
// and the operator sees and retries them with `site enquiries`.
import { createHash } from 'node:crypto';
import type { Variant } from './enquiry.ts';
import { storedObject, type KeyValueStore } from './store.ts';

type Env = Record<string, string | undefined>;

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

/** How long one mail may take before it is given up as failed (SMTP_TIMEOUT_MS, default 15 s). */
export function sendTimeout(settings: Env): number {
  return Number(settings.SMTP_TIMEOUT_MS) || 15_000;
}

/** While an attempt runs, nobody else tries the same enquiry: twice the send timeout covers a wait in the pool. */
export function lease(settings: Env): number {
  return 2 * sendTimeout(settings);
}

/** The wait after the n-th failed attempt: ENQUIRY_RETRY_MS (default a minute), doubling, at most six hours. */
export function backoff(settings: Env, attempts: number): number {
  const base = Number(settings.ENQUIRY_RETRY_MS) || 60_000;
  return Math.min(base * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

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
export async function readQueued(store: KeyValueStore, key: string): Promise<Queued | Unreadable | undefined> {
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
export function provesDelivery(raw: string | undefined): boolean {
  return Boolean(raw?.startsWith('{'));
}

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
