// Scheduled: mails the enquiries that arrived while the mail server refused or timed out (see
// lib/enquiries.ts), each exactly once, and deletes each from the store once delivered. Netlify runs it every
// ten minutes; `site serve` runs it on a timer. A POST also runs it, which is how `site serve` and the tests call it.
import { deliverQueued } from './lib/enquiries.ts';
import { describe, json } from './lib/http.ts';
import { mailer } from './lib/mail.ts';
import { storeFromEnv } from './lib/store.ts';

export const config = { schedule: '*/10 * * * *' };

const deliver = mailer();

export default async function deliverEnquiries(_request: Request): Promise<Response> {
  const store = storeFromEnv(process.env);
  if (!store) return json(200, { delivered: 0, waiting: 0, expired: 0, note: 'no store is configured' });
  try {
    const report = await deliverQueued(store, deliver, process.env);
    if (report.delivered || report.waiting) console.info(`deliver-enquiries: ${report.delivered} delivered, ${report.waiting} waiting`);
    return json(200, report);
  } catch (error) {
    console.error(`deliver-enquiries: the store could not be read (${describe(error)})`);
    return json(500, { message: 'The stored enquiries could not be read' });
  }
}
