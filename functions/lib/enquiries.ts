// Taking an enquiry so that none is lost and none is mailed twice. An enquiry's idempotency key is claimed in
// the store before it is mailed (received/<key>); a second request with the same key (a double submit, a
// retry) finds the claim and is answered as received without a second mail. When the mail server refuses or
// times out, the enquiry waits in the store (queue/<key>) and `deliverQueued` sends it later: from the
// scheduled function on Netlify, from a timer under `site serve`. Only when neither mail nor the store takes
// it is the visitor told to try again. Claims hold only a time; queued enquiries are deleted once delivered.
import { createHash } from 'node:crypto';
import type { Variant } from '../enquiry.ts';
import { compose, type Delivery, type Mail } from './mail.ts';
import { describe } from './http.ts';
import type { KeyValueStore } from './store.ts';

type Env = Record<string, string | undefined>;
type Deliver = (mail: Mail, settings: Env) => Promise<Delivery>;

export type Outcome = 'sent' | 'queued' | 'duplicate' | 'unconfigured' | 'failed';

interface Queued {
  variant: Variant;
  data: Record<string, string>;
  key: string;
  at: number;
}

const keyPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** The key a client sent, if well formed; otherwise one made from the enquiry itself, so an identical native post twice is one enquiry. */
export function idempotencyKey(sent: string | null | undefined, variant: Variant, data: Record<string, unknown>): string {
  if (sent && keyPattern.test(sent)) return sent;
  const { recaptcha: _token, ...content } = data;
  return createHash('sha256').update(JSON.stringify([variant, Object.entries(content).sort()])).digest('base64url').slice(0, 32);
}

/** How long a claim is kept: a retry or double submit comes within minutes; a week is generous. */
const claimLifetime = 7 * 24 * 60 * 60_000;

export function enquiryIntake(options: { store: () => KeyValueStore | undefined; deliver: Deliver; now: () => number }) {
  const { deliver, now } = options;
  // Concurrent requests with one key inside this instance share one attempt; the store's claim covers the rest.
  const inFlight = new Map<string, Promise<Outcome>>();

  async function attempt(variant: Variant, data: Record<string, string>, key: string, settings: Env): Promise<Outcome> {
    const store = options.store();
    let claimed: boolean | 'no-store' = 'no-store';
    if (store) {
      try {
        claimed = await store.create(`received/${key}`, String(now()));
      } catch (error) {
        // A store that cannot be reached must not stop the mail: the lead matters more than deduplication.
        console.error(`send-email: the store could not record the enquiry's key (${describe(error)})`);
      }
    }
    if (claimed === false) return 'duplicate';
    const mail = compose(variant, data, key, settings);
    let problem: string;
    try {
      const delivery = await deliver(mail, settings);
      if (delivery !== 'unconfigured') return 'sent';
      problem = 'SMTP_URL is not set';
    } catch (error) {
      problem = `the mail server did not take the enquiry (${describe(error)})`;
    }
    if (store) {
      try {
        const item: Queued = { variant, data, key, at: now() };
        await store.set(`queue/${key}`, JSON.stringify(item));
        console.warn(`send-email: ${problem}; the enquiry is kept in ${store.where} and will be delivered when mail works`);
        return 'queued';
      } catch (error) {
        console.error(`send-email: ${problem}, and the store could not keep it either (${describe(error)})`);
        if (claimed === true) await store.delete(`received/${key}`).catch(() => {});
      }
    } else {
      console.error(`send-email: ${problem}, and there is no store to keep it in`);
    }
    return problem === 'SMTP_URL is not set' ? 'unconfigured' : 'failed';
  }

  return function take(variant: Variant, data: Record<string, string>, key: string, settings: Env): Promise<Outcome> {
    const running = inFlight.get(key);
    if (running) return running.then((outcome) => (outcome === 'sent' || outcome === 'queued' ? 'duplicate' : outcome));
    const started = attempt(variant, data, key, settings).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}

export interface DeliveryReport {
  delivered: number;
  waiting: number;
  expired: number;
}

let running: Promise<DeliveryReport> | undefined;

/**
 * Mails every queued enquiry, deleting each once the mail server has it, and forgets claims older than a week.
 * Stops at the first refusal (the server is still down; the next run tries again). One run at a time per
 * process, so a timer and a manual run never send the same enquiry twice.
 */
export function deliverQueued(store: KeyValueStore, deliver: Deliver, settings: Env, now: () => number = Date.now): Promise<DeliveryReport> {
  running ??= (async () => {
    const report: DeliveryReport = { delivered: 0, waiting: 0, expired: 0 };
    const keys = await store.list('queue/');
    for (const [i, key] of keys.entries()) {
      const raw = await store.get(key);
      if (!raw) continue;
      const item = JSON.parse(raw) as Queued;
      try {
        const delivery = await deliver(compose(item.variant, item.data, item.key, settings), settings);
        if (delivery === 'unconfigured') {
          report.waiting = keys.length - i;
          break;
        }
      } catch (error) {
        console.warn(`deliver-enquiries: the mail server still refuses (${describe(error)}); ${keys.length - i} enquiries wait`);
        report.waiting = keys.length - i;
        break;
      }
      await store.delete(key);
      report.delivered++;
    }
    for (const key of await store.list('received/')) {
      const at = Number(await store.get(key));
      if (Number.isFinite(at) && now() - at > claimLifetime) {
        await store.delete(key);
        report.expired++;
      }
    }
    return report;
  })().finally(() => (running = undefined));
  return running;
}
