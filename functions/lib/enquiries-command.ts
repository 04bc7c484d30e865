// `site enquiries`: the enquiries the send-email function stored and has not delivered yet, for the operator.
// Queued ones wait for the next delivery run; held ones were refused for good by the mail server (or cannot
// be read) and wait for a person: `site enquiries retry <id>` or `--all` puts them back in the queue, due at
// once, for the next run of deliver-enquiries (every 10 minutes on Netlify, every minute under `site serve`);
// `--all` leaves those held as suspected spam, unless `--include-suspected`. Unconfirmed ones (the mail server
// had the whole message and never answered) may have arrived: the operator looks for them in the team's mail,
// then sends one that is not there with `retry <id>` (never by `--all`), or removes one that is with `delivered <id>`.
// Locally the store is .data/forms/ (or SITE_DATA_DIR); with --netlify, the deployed site's Netlify Blobs.
import fs from 'node:fs';
import path from 'node:path';
import { BuildFailure, siteError } from '../../generator/errors.ts';
import { notASite } from '../../generator/project.ts';
import { blobsStore, fileStore, type KeyValueStore } from './store.ts';
import { listStored, markDelivered, retryStored } from './enquiry-records.ts';

type Env = Record<string, string | undefined>;

/** The forms' store, for the command (`enquiries` or `subscribers`) that names its problems. */
export function formsStore(options: { root: string; netlify: boolean; env?: Env }, command = 'enquiries'): KeyValueStore {
  const env = options.env ?? process.env;
  if (options.netlify) {
    if (!env.NETLIFY_SITE_ID || !env.NETLIFY_AUTH_TOKEN) throw new BuildFailure(command, [siteError('STORE_NOT_CONFIGURED', {})]);
    return blobsStore({ name: 'forms', siteID: env.NETLIFY_SITE_ID, token: env.NETLIFY_AUTH_TOKEN, apiURL: env.NETLIFY_API_URL });
  }
  if (env.SITE_DATA_DIR) return fileStore(path.join(path.resolve(env.SITE_DATA_DIR), 'forms'));
  // A mistyped --root (or a run outside the project) is said to be one, rather than read as a store with nothing
  // in it: "0 held, 0 waiting" or an empty export would look like an answer. A folder with .data/ is the store's.
  const root = path.resolve(options.root);
  const notHere = notASite(root);
  if (notHere && !fs.existsSync(path.join(root, '.data'))) throw new BuildFailure(command, [notHere]);
  return fileStore(path.join(root, '.data', 'forms'));
}

export async function reading<T>(store: KeyValueStore, netlify: boolean, work: () => Promise<T>, command = 'enquiries'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BuildFailure) throw error;
    const params = { where: store.where, reason: (error as Error).message };
    throw new BuildFailure(command, [netlify ? siteError('STORE_NETLIFY_UNAVAILABLE', params) : siteError('STORE_UNAVAILABLE', params)]);
  }
}

// Beyond ±8.64e15 ms a Date is invalid, and toISOString throws: a damaged record must not stop the listing.
const when = (ms: number) => (ms && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z') : '-');

/** Where the operator finds a stored record: its file in the local store (as fileStore names it), or its key in Netlify Blobs. */
export const placeOf = (store: KeyValueStore, netlify: boolean, key: string) => (netlify ? `${key} in ${store.where}` : path.relative(process.cwd(), path.join(store.where, `${key}.json`)));

/** Prints one line per stored enquiry, oldest first, then a count; the subject and sender are the visitor's words, for the operator's eyes only. */
export async function listEnquiries(options: { root: string; netlify: boolean; env?: Env }): Promise<number> {
  const store = formsStore(options);
  const items = await reading(store, options.netlify, () => listStored(store));
  // An enquiry under a lease that has not run out is in a run's hands now (held as unconfirmed from just before
  // its final dot to the reply); its next try is the lease's end.
  const listedAt = Date.now();
  const sendingNow = (item: (typeof items)[number]) => 'state' in item && Boolean(item.sending) && item.nextAt > listedAt;
  const unsure = (item: (typeof items)[number]) => 'state' in item && item.state === 'held' && Boolean(item.unconfirmed) && !sendingNow(item);
  const rows = items.map((item) =>
    'problem' in item
      ? [item.key, 'unreadable', '-', '-', '-', '-', `${placeOf(store, options.netlify, `queue/${item.key}`)} cannot be read: ${item.problem}`]
      : [item.key, sendingNow(item) ? 'sending' : unsure(item) ? 'unconfirmed' : item.state, when(item.at), String(item.attempts), item.state === 'held' && !sendingNow(item) ? '-' : when(item.nextAt), item.lastError ?? '-', `${item.data.name ?? ''} <${item.data.email ?? ''}>: ${item.data.subject ?? ''}${item.unverified ? ' [unverified]' : ''}${item.suspected ? ' [suspected spam]' : ''}`],
  );
  const head = ['id', 'state', 'arrived', 'attempts', 'next try', 'last error', 'enquiry'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  if (rows.length) process.stdout.write([line(head), ...rows.map(line)].join('\n') + '\n');
  const unconfirmed = items.filter(unsure).length;
  const held = items.filter((i) => 'state' in i && i.state === 'held' && !sendingNow(i)).length - unconfirmed;
  const unreadable = items.filter((i) => 'problem' in i).length;
  const sending = items.filter(sendingNow).length;
  const advice = [
    ...(held ? ['Retry held enquiries with `site enquiries retry <id>` or `--all`.'] : []),
    ...(unconfirmed ? ['An unconfirmed enquiry may have arrived: the mail server had all of it but did not answer. Look in the team\'s mail for its Message-ID, <enquiry-<id>@…>; if it is there, `site enquiries delivered <id>`, if not, `site enquiries retry <id>` (`--all` leaves it).'] : []),
    ...(unreadable ? ['Nothing deletes an unreadable record: read what the visitor sent in it, then mend or remove it yourself.'] : []),
  ];
  console.log(`${held} held, ${items.length - held - unconfirmed - unreadable - sending} waiting${unconfirmed ? `, ${unconfirmed} unconfirmed` : ''}${sending ? `, ${sending} being sent` : ''}${unreadable ? `, ${unreadable} unreadable` : ''} in ${store.where}${advice.length ? `. ${advice.join(' ')}` : ''}`);
  return items.length;
}

export async function retryEnquiries(options: { root: string; netlify: boolean; keys: string[]; all: boolean; includeSuspected?: boolean; env?: Env }): Promise<number> {
  const store = formsStore(options);
  if (!options.all && options.keys.length === 0) throw new BuildFailure('enquiries', [siteError('ENQUIRY_NONE_NAMED', {})]);
  const { retried, missing, unreadable, sending, suspected, unconfirmed } = await reading(store, options.netlify, () => retryStored(store, options.all ? 'all' : [...new Set(options.keys)], { includeSuspected: options.includeSuspected }));
  if (retried.length) console.error(`${retried.length} ${retried.length === 1 ? 'enquiry' : 'enquiries'} put back in the queue of ${store.where}; the next run of deliver-enquiries sends ${retried.length === 1 ? 'it' : 'them'}`);
  else console.error(`no enquiry to retry in ${store.where}`);
  // Not a failure: the enquiry is on its way. If that attempt fails, it can be retried once its lease has ended.
  for (const s of sending) console.error(`${s.key} left as it is: it is being sent now, until ${when(s.until)}; if it is not delivered, retry it after that`);
  if (suspected.length) console.error(`${suspected.length} held as suspected spam left as they are (the field people never see was filled in): send a real one with \`site enquiries retry <id>\`, or all of them with \`site enquiries retry --all --include-suspected\``);
  if (unconfirmed.length) console.error(`${unconfirmed.length} unconfirmed left as they are (each may have arrived: the mail server had all of it but did not answer): look in the team's mail for each, then \`site enquiries retry <id>\` one that is not there`);
  if (options.all && unreadable.length) console.error(`${unreadable.length} unreadable left as they are: see them with \`site enquiries\``);
  const problems = options.all ? [] : unreadable.map((u) => siteError('ENQUIRY_UNREADABLE', { place: placeOf(store, options.netlify, `queue/${u.key}`), problem: u.problem }));
  if (missing.length) problems.push(siteError('ENQUIRY_NOT_FOUND', { keys: missing.join(', '), verb: missing.length === 1 ? 'is' : 'are', where: store.where }));
  if (problems.length) throw new BuildFailure('enquiries', problems);
  return retried.length;
}

/** `site enquiries delivered <id…>`: held enquiries the operator found in the team's mail, or answered another way. */
export async function deliveredEnquiries(options: { root: string; netlify: boolean; keys: string[]; env?: Env }): Promise<number> {
  const store = formsStore(options);
  const { marked, missing, unreadable, notHeld } = await reading(store, options.netlify, () => markDelivered(store, [...new Set(options.keys)]));
  if (marked.length) console.error(`${marked.length} ${marked.length === 1 ? 'enquiry' : 'enquiries'} recorded as delivered and taken out of ${store.where}`);
  const problems = unreadable.map((u) => siteError('ENQUIRY_UNREADABLE', { place: placeOf(store, options.netlify, `queue/${u.key}`), problem: u.problem }));
  if (notHeld.length) problems.push(siteError('ENQUIRY_NOT_HELD', { keys: notHeld.join(', '), verb: notHeld.length === 1 ? 'is' : 'are' }));
  if (missing.length) problems.push(siteError('ENQUIRY_NOT_FOUND', { keys: missing.join(', '), verb: missing.length === 1 ? 'is' : 'are', where: store.where }));
  if (problems.length) throw new BuildFailure('enquiries', problems);
  return marked.length;
}
