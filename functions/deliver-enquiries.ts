// Scheduled: mails the stored enquiries that are due (see lib/enquiries.ts), within a time budget and a few
// at a time, and deletes each from the store once delivered; what is left waits for the next run. Netlify runs
// it every ten minutes; `site serve` runs it on a timer. A POST also runs it, which is how `site serve` and
// the tests call it. It writes the store and mails, so, like the forms, it takes no other method and no post from
// another site's page (which could start runs with its visitors' browsers).
import { deliverQueued } from './lib/enquiries.ts';
import { describe, fromOtherSite, json, type Context } from './lib/http.ts';
import { mailer } from './lib/mail.ts';
import { storeFromEnv } from './lib/store.ts';

export const config = { schedule: '*/10 * * * *' };

const deliver = mailer();

export default async function deliverEnquiries(request: Request, context: Context = {}): Promise<Response> {
  if (request.method !== 'POST') return json(405, { message: 'Start a delivery run with POST.' }, { Allow: 'POST' });
  if (fromOtherSite(request)) return json(403, { message: "Delivery runs are started only by the site's own scheduler." });
  const settings = context.env ?? process.env;
  const store = storeFromEnv(settings);
  if (!store) return json(200, { delivered: 0, waiting: 0, held: 0, unconfirmed: 0, failed: 0, storeFailed: 0, expired: 0, note: 'no store is configured' });
  try {
    const report = await deliverQueued(store, deliver, settings);
    if (report.delivered || report.failed || report.held || report.unconfirmed || report.storeFailed || report.outOfTime) console.info(`deliver-enquiries: ${report.delivered} delivered, ${report.failed} failed (to be retried), ${report.held} newly held, ${report.unconfirmed ? `${report.unconfirmed} unconfirmed (held: they may have arrived), ` : ''}${report.waiting} waiting${report.storeFailed ? `, ${report.storeFailed} kept because the store failed for them` : ''}${report.outOfTime ? ' (the run used its time budget)' : ''}`);
    return json(200, report);
  } catch (error) {
    console.error(`deliver-enquiries: the store could not be read (${describe(error)})`);
    return json(500, { message: 'The stored enquiries could not be read' });
  }
}
