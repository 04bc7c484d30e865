// Taking an enquiry so that none is lost: the transactional-outbox rule. The enquiry is written to the store
// (queue/<key>) before anything else happens; only then is it mailed, and only once the mail server has taken
// it is it recorded as delivered (received/<key>) and removed from the queue. So a crash at any point leaves
// either a stored enquiry that a later run mails, or a delivered one: never a claim without an enquiry behind
// it. Before the message's final dot the record is held as `unconfirmed` (one write), and the server's reply
// replaces that: so an attempt cut off from the dot on (a crash, a function stopped at its time limit), which
// may have delivered the mail, leaves it for the operator, not for a second copy; one cut off before, a run
// mails once its lease has run out. This module holds the two ways an enquiry goes out, the visitor's request
// (`enquiryIntake`) and the delivery run (`deliverQueued`); one attempt is in lib/enquiry-delivery.ts, the
// record and the operator's changes to it in lib/enquiry-records.ts. One enquiry's failure never stops the others.
import type { Variant } from './enquiry.ts';
import { compose } from './mail.ts';
import { describe, rateRecords, recentRequests } from './http.ts';
import type { KeyValueStore } from './store.ts';
import { lease, provesDelivery, readQueued, readStored, sendTimeout, type Stored } from './enquiry-records.ts';
import { attemptDelivery, deliverWithin, lookForIt, mailOf, unconfirmed, type Deliver } from './enquiry-delivery.ts';

type Env = Record<string, string | undefined>;

/**
 * sent: the mail server has it. queued: stored, to be mailed later. held: stored, refused for good by the mail
 * server, waiting for the operator. unconfirmed: stored, and the mail server had the whole message but did not
 * confirm it in time: it may have arrived, and waits for the operator. delivered: the same key was mailed
 * before. unconfigured/failed: neither a mail server nor a store took it.
 */
export type Outcome = 'sent' | 'queued' | 'held' | 'unconfirmed' | 'delivered' | 'unconfigured' | 'failed';

/** What the mail says about how the enquiry came in (lib/mail.ts, compose). */
type Marks = Pick<Stored, 'unverified' | 'suspected'>;

/** How long the record of a delivery is kept: a retry or double submit comes within minutes; a week is generous. */
const claimLifetime = 7 * 24 * 60 * 60_000;

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
