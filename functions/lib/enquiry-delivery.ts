// One delivery attempt of a stored enquiry (by SMTP, or into the dev outbox), and its outcome on the record.
// The send is given up after its limit, and stopped; just before the message's final dot the record is held
// as `unconfirmed`, and the server's reply replaces that: deleted once the mail is taken, queued again after
// its backoff, held when refused for good (a 5xx to the message), or left unconfirmed when no reply came.
import { compose, type Delivery, type Mail } from './mail.ts';
import { describe } from './http.ts';
import type { KeyValueStore } from './store.ts';
import { backoff, type Stored } from './enquiry-records.ts';

type Env = Record<string, string | undefined>;
export type Deliver = (mail: Mail, settings: Env, signal?: AbortSignal, beforeDot?: () => Promise<void>) => Promise<Delivery>;

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
export function unconfirmed(error: unknown): boolean {
  return Boolean((error as { unconfirmed?: boolean } | undefined)?.unconfirmed);
}

/**
 * Runs `deliver`, giving up after the send timeout so one hung mail cannot hold a request or a run. Giving up
 * stops the send too: left to go on, a mail waiting in the pool or on a stalled server would go out later,
 * beside the retry that the failure leads to (a second copy). `beforeDot` runs before the final dot, which
 * waits for it; a failure after the dot that is not the server's reply to it is marked `unconfirmed`: the
 * server may have the mail.
 */
export async function deliverWithin(deliver: Deliver, mail: Mail, settings: Env, limitMs: number, beforeDot?: () => Promise<void>): Promise<Delivery> {
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
  const lostTo = `another attempt has taken it since (this one outlasted its lease), so its record is left to that one`;
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

export const lookForIt = (mail: Mail) => `It is not sent again by itself: look for Message-ID ${mail.messageId} at ${mail.to}; \`site enquiries\` lists it as unconfirmed.`;
