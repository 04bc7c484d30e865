// `site subscribers export`: the newsletter sign-ups the subscribe function kept, as CSV. Locally they are in
// .data/forms/ (what `site serve` used, or SITE_DATA_DIR); with --netlify, in the deployed site's Netlify Blobs
// store, read with a personal access token.
import fs from 'node:fs';
import path from 'node:path';
import { BuildFailure, siteError } from '../../generator/errors.ts';
import { storedObject, type KeyValueStore } from './store.ts';
import { formsStore, placeOf, reading } from './enquiries-command.ts';

export interface Subscriber {
  email: string;
  subscribedAt: string;
}

/** Every sign-up, oldest first, and the key of each record that is none, with what is wrong with it. */
export async function readSubscribers(store: KeyValueStore): Promise<{ rows: Subscriber[]; unreadable: { key: string; problem: string }[] }> {
  const rows: Subscriber[] = [];
  const unreadable: { key: string; problem: string }[] = [];
  for (const key of await store.list('subscribers/')) {
    // A record the disk will not read (a folder in its place, its permissions) is named like a damaged one: the
    // others are still exported, rather than the whole store reported unreadable with no record named. A store
    // that fails to answer (Netlify Blobs) still fails as a whole.
    let raw: string | undefined;
    try {
      raw = await store.get(key);
    } catch (error) {
      if (!(error as NodeJS.ErrnoException).syscall) throw error;
      unreadable.push({ key, problem: (error as Error).message });
      continue;
    }
    if (raw === undefined) continue;
    const row = readSubscriber(raw);
    if (typeof row === 'string') unreadable.push({ key, problem: row });
    else rows.push(row);
  }
  return { rows: rows.sort((a, b) => a.subscribedAt.localeCompare(b.subscribedAt) || a.email.localeCompare(b.email)), unreadable };
}

function readSubscriber(raw: string): Subscriber | string {
  const row = storedObject(raw);
  if (typeof row === 'string') return row;
  for (const field of ['email', 'subscribedAt'] as const) if (typeof row[field] !== 'string') return `its "${field}" is not text`;
  return row as unknown as Subscriber;
}

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: Subscriber[]): string {
  return ['email,subscribed_at', ...rows.map((r) => `${field(r.email)},${field(r.subscribedAt)}`)].join('\r\n') + '\r\n';
}

/** The cause read from the disk, not the error code: Linux says ENOENT for a folder that exists but takes no new
 *  file (/proc), and ENOTDIR for a folder named under a file, which root's ignoring permission bits does not change. */
function whyNotWritten(out: string, { code, message }: NodeJS.ErrnoException): string {
  if (code === 'EISDIR') return 'it is a folder';
  const folder = path.dirname(path.resolve(out));
  let nearest = folder;
  while (!fs.existsSync(nearest)) nearest = path.dirname(nearest);
  if (!fs.statSync(nearest).isDirectory()) return `${nearest} is a file, not a folder`;
  if (nearest !== folder) return `the folder ${folder} does not exist`;
  return fs.existsSync(out) ? message : `the folder ${folder} cannot be written to`;
}

/**
 * Whether --out names a file with something in it other than an earlier export (which starts with the CSV's
 * header): a slip such as --out package.json or --out content/site.json must not replace that file.
 */
function holdsOtherData(out: string): boolean {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(out, { throwIfNoEntry: false });
  } catch {
    return false; // A path that cannot be followed: the write fails and says why (whyNotWritten).
  }
  if (!stat?.isFile() || stat.size === 0) return false;
  const header = 'email,subscribed_at';
  const start = Buffer.alloc(header.length);
  const fd = fs.openSync(out, 'r');
  try {
    fs.readSync(fd, start, 0, header.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  return start.toString('utf8') !== header;
}

export async function exportSubscribers(options: { root: string; out?: string; netlify: boolean; env?: Record<string, string | undefined> }): Promise<number> {
  const store = formsStore(options, 'subscribers');
  const { rows, unreadable } = await reading(store, options.netlify, () => readSubscribers(store), 'subscribers');
  const csv = toCsv(rows);
  const suspected = await reading(store, options.netlify, () => store.list('suspected/'), 'subscribers');
  if (options.out) {
    if (holdsOtherData(options.out)) {
      throw new BuildFailure('subscribers', [siteError('EXPORT_FAILED', { reason: 'it holds something other than an earlier export, which writing would replace' }, { file: options.out })]);
    }
    try {
      fs.writeFileSync(options.out, csv);
    } catch (error) {
      throw new BuildFailure('subscribers', [siteError('EXPORT_FAILED', { reason: whyNotWritten(options.out, error as NodeJS.ErrnoException) }, { file: options.out })]);
    }
    console.error(`${rows.length} ${rows.length === 1 ? 'subscriber' : 'subscribers'} from ${store.where} written to ${options.out}`);
  } else {
    process.stdout.write(csv);
    console.error(`${rows.length} ${rows.length === 1 ? 'subscriber' : 'subscribers'} from ${store.where}`);
  }
  if (suspected.length) console.error(`${suspected.length} ${suspected.length === 1 ? 'sign-up' : 'sign-ups'} that filled the field people never see (bots, or rarely a browser filling in forms) ${suspected.length === 1 ? 'is' : 'are'} kept aside, not exported: ${options.netlify ? `the "suspected" store of ${store.where}` : path.relative(process.cwd(), path.join(store.where, 'suspected'))}`);
  // Written with every other sign-up, and kept: the operator mends or removes each record named here.
  const problems = unreadable.map((u) => siteError('SUBSCRIBER_UNREADABLE', { place: placeOf(store, options.netlify, u.key), problem: u.problem }));
  if (problems.length) throw new BuildFailure('subscribers', problems);
  return rows.length;
}
