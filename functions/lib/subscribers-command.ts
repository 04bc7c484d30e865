// `site subscribers export`: the newsletter sign-ups the subscribe function kept, as CSV. Locally they are in
// .data/forms/ (what `site serve` used, or SITE_DATA_DIR); with --netlify, in the deployed site's Netlify Blobs
// store, read with a personal access token.
import fs from 'node:fs';
import path from 'node:path';
import { BuildFailure, siteError } from '../../generator/errors.ts';
import { blobsStore, fileStore, type KeyValueStore } from './store.ts';

export interface Subscriber {
  email: string;
  subscribedAt: string;
}

export async function readSubscribers(store: KeyValueStore): Promise<Subscriber[]> {
  const rows: Subscriber[] = [];
  for (const key of await store.list('subscribers/')) {
    const raw = await store.get(key);
    if (raw) rows.push(JSON.parse(raw) as Subscriber);
  }
  return rows.sort((a, b) => a.subscribedAt.localeCompare(b.subscribedAt) || a.email.localeCompare(b.email));
}

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: Subscriber[]): string {
  return ['email,subscribed_at', ...rows.map((r) => `${field(r.email)},${field(r.subscribedAt)}`)].join('\r\n') + '\r\n';
}

export async function exportSubscribers(options: { root: string; out?: string; netlify: boolean; env?: Record<string, string | undefined> }): Promise<number> {
  const env = options.env ?? process.env;
  let store: KeyValueStore;
  if (options.netlify) {
    if (!env.NETLIFY_SITE_ID || !env.NETLIFY_AUTH_TOKEN) {
      throw new BuildFailure('subscribers', [
        siteError('STORE_NOT_CONFIGURED', {}),
      ]);
    }
    store = blobsStore({ name: 'forms', siteID: env.NETLIFY_SITE_ID, token: env.NETLIFY_AUTH_TOKEN, apiURL: env.NETLIFY_API_URL });
  } else {
    store = fileStore(path.join(env.SITE_DATA_DIR ? path.resolve(env.SITE_DATA_DIR) : path.join(path.resolve(options.root), '.data'), 'forms'));
  }
  let rows: Subscriber[];
  try {
    rows = await readSubscribers(store);
  } catch (error) {
    const params = { where: store.where, reason: (error as Error).message };
    throw new BuildFailure('subscribers', [options.netlify ? siteError('STORE_NETLIFY_UNAVAILABLE', params) : siteError('STORE_UNAVAILABLE', params)]);
  }
  const csv = toCsv(rows);
  if (options.out) {
    try {
      fs.writeFileSync(options.out, csv);
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      const reason = code === 'ENOENT' ? `the folder ${path.dirname(path.resolve(options.out))} does not exist` : code === 'EISDIR' ? 'it is a folder' : message;
      throw new BuildFailure('subscribers', [siteError('EXPORT_FAILED', { reason }, { file: options.out })]);
    }
    console.error(`${rows.length} ${rows.length === 1 ? 'subscriber' : 'subscribers'} from ${store.where} written to ${options.out}`);
  } else {
    process.stdout.write(csv);
    console.error(`${rows.length} ${rows.length === 1 ? 'subscriber' : 'subscribers'} from ${store.where}`);
  }
  return rows.length;
}
