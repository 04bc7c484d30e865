// The one durable store the form functions use: sign-ups, enquiries waiting for the mail server, and the
// idempotency keys of enquiries already delivered. Two implementations of one small interface: Netlify Blobs
// on Netlify, and files under .data/ for `site serve` and the tests. Values are strings (JSON by convention).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface KeyValueStore {
  /** Where the data lives, for log lines and the export command. */
  readonly where: string;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /** Writes only when the key is absent; true when this call created it. Atomic in both implementations. */
  create(key: string, value: string): Promise<boolean>;
  /**
   * Replaces the value only while it is still `expected` (as `get` read it); true when this call replaced it.
   * Atomic against other swaps in both implementations, across processes: of two delivery runs that read the
   * same record, only one takes it.
   */
  swap(key: string, expected: string, value: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Keys starting with the prefix, sorted. */
  list(prefix: string): Promise<string[]>;
}

// Keys are made by the functions, never by visitors: a folder-like prefix and a hash or a random id.
const keyPattern = /^[a-z]+\/[A-Za-z0-9_-]{1,128}$/;
function checkKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`store key "${key}" is not of the form prefix/id`);
}

/** Writes `value` to a new file and flushes it to the disk before answering: a crash after this cannot lose it. */
async function writeSynced(file: string, value: string): Promise<void> {
  const handle = await fs.promises.open(file, 'wx');
  try {
    await handle.writeFile(value);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a folder's entries (a new name, a rename) to the disk. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Makes a folder and the parents it lacks, flushing each new name to the disk in its parent, as syncFolder does
 * for a file: a synced file in a folder whose own entry a crash lost would be lost with it.
 */
async function makeFolder(folder: string): Promise<void> {
  const first = await fs.promises.mkdir(folder, { recursive: true });
  if (first === undefined) return;
  for (let made = path.resolve(folder); made !== path.dirname(made); made = path.dirname(made)) {
    await syncFolder(path.dirname(made));
    if (made === path.resolve(first)) break;
  }
}

/** Writes `value` under a temporary name beside `target` and runs `commit` with it; the temporary file never outlives it. */
async function viaTemporary<T>(target: string, value: string, commit: (temporary: string) => Promise<T>): Promise<T> {
  await makeFolder(path.dirname(target));
  const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeSynced(temporary, value);
    return await commit(temporary);
  } finally {
    // After a rename it is gone; after a failed write (a full disk) or a link, it would stay for ever.
    await fs.promises.rm(temporary, { force: true });
  }
}

/**
 * A swap holds `<file>.lock` (created exclusively, so one writer at a time) for a read and a rename: milliseconds.
 * One older than this was left by a writer that died holding it, and is broken; any live holder is long done.
 * The same holds for the marker a writer makes while it breaks a lock, and for a marker of a marker.
 */
const staleLockMs = 60_000;

/**
 * What a writer puts in its lock: a random token, its pid and its machine. A lock held by a process of this
 * machine that is no longer running (killed under `site serve`, or in a test) is broken at once rather than after
 * a minute. One from another machine sharing the folder, or one written before holders were named, waits for age.
 */
const lockToken = () => `${randomBytes(8).toString('hex')}.${process.pid}@${os.hostname()}`;

function holderIsGone(held: string): boolean {
  const holder = /^[0-9a-f]{16}\.(\d+)@(.+)$/.exec(held);
  if (!holder || holder[2] !== os.hostname() || Number(holder[1]) === process.pid) return false;
  try {
    process.kill(Number(holder[1]), 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const readOrNone = (file: string) => fs.promises.readFile(file, 'utf8').catch(() => undefined);

/**
 * Removes `file` (a lock, or a marker breaking one) if it is stale (old, or its holder gone) and still holds what
 * was read. Only the one writer that first marks it (`<file>.break-<its content>`, made exclusively) removes it,
 * and only if it is still that file: so two writers that both find it stale cannot each delete it and one delete
 * the other's new one.
 * A marker whose writer died before removing it is found stale in turn and broken the same way, by one writer.
 * Answers undefined when the caller should try its lock again at once (it was gone, or is broken now), or the
 * file that a live writer holds (the lock, or a fresh marker), to be waited for.
 */
async function breakIfStale(file: string, token: string): Promise<{ file: string; since: number } | undefined> {
  const held = await readOrNone(file);
  const since = await fs.promises.stat(file).then((s) => s.mtimeMs, () => undefined);
  if (held === undefined || since === undefined) return undefined;
  if (Date.now() - since <= staleLockMs && !holderIsGone(held)) return { file, since };
  const mark = `${file}.break-${held.replace(/[^0-9a-z]/gi, '').slice(0, 32) || 'empty'}`;
  try {
    await fs.promises.writeFile(mark, token, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another writer is breaking it now, or died doing so and left its marker: that marker is broken once stale.
    return breakIfStale(mark, token);
  }
  try {
    if ((await readOrNone(file)) === held) await fs.promises.rm(file, { force: true });
  } finally {
    // Only our own marker: if we were paused long enough for it to be broken, the one there now is another's.
    if ((await readOrNone(mark)) === token) await fs.promises.rm(mark, { force: true });
  }
  return undefined;
}

/** Runs `work` holding the lock of `target`, waiting while another writer holds it; a stale lock is broken (breakIfStale). */
async function withLock<T>(target: string, work: () => Promise<T>): Promise<T> {
  const lock = `${target}.lock`;
  const token = lockToken();
  await makeFolder(path.dirname(target));
  for (let tries = 0; ; ) {
    try {
      await fs.promises.writeFile(lock, token, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const live = await breakIfStale(lock, token);
    if (live === undefined) continue;
    // A live holder is done within milliseconds; one that holds on for seconds is named, not waited for.
    if (++tries >= 500) {
      const age = `${Math.round((Date.now() - live.since) / 1000)} s`;
      throw new Error(
        live.file === lock
          ? `${lock} has been held for ${age} by another writer; a lock older than ${staleLockMs / 1000} s is broken`
          : `${lock} is stale, and another writer has been breaking it for ${age} (${live.file}); a marker older than ${staleLockMs / 1000} s is broken too`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 10));
  }
  try {
    return await work();
  } finally {
    // Only our own lock: if it was broken as stale (we were paused for a minute), another writer's is not ours to remove.
    if ((await readOrNone(lock)) === token) await fs.promises.rm(lock, { force: true });
  }
}

/** A stored record's JSON object, or what is wrong with it: a damaged or foreign file is shown to the operator. */
export function storedObject(raw: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return `it is not JSON (${(error as Error).message.replace(/\s+/g, ' ')})`;
  }
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : 'it is not a JSON object';
}

/**
 * Files under `dir`, one per key; writes go through a temporary file and a rename so none is half-written,
 * and are flushed to the disk (file and folder) before they count as done.
 */
export function fileStore(dir: string): KeyValueStore {
  const file = (key: string) => {
    checkKey(key);
    return path.join(dir, `${key}.json`);
  };
  return {
    where: dir,
    async get(key) {
      try {
        return await fs.promises.readFile(file(key), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async set(key, value) {
      const target = file(key);
      await viaTemporary(target, value, async (temporary) => {
        await fs.promises.rename(temporary, target);
        await syncFolder(path.dirname(target));
      });
    },
    async create(key, value) {
      const target = file(key);
      // Written in full under a temporary name, then linked: link() fails when the target exists, so two
      // concurrent creates cannot both win, and a reader never sees a half-written file.
      return viaTemporary(target, value, async (temporary) => {
        try {
          await fs.promises.link(temporary, target);
          await syncFolder(path.dirname(target));
          return true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
          throw error;
        }
      });
    },
    async swap(key, expected, value) {
      const target = file(key);
      // The read and the rename under the lock, so no other swap comes between them.
      return withLock(target, async () => {
        const current = await fs.promises.readFile(target, 'utf8').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (current !== expected) return false;
        await viaTemporary(target, value, async (temporary) => {
          await fs.promises.rename(temporary, target);
          await syncFolder(path.dirname(target));
        });
        return true;
      });
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true });
    },
    async list(prefix) {
      const [folder, start = ''] = prefix.split('/');
      let names: string[];
      try {
        names = await fs.promises.readdir(path.join(dir, folder));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return names
        .filter((n) => n.endsWith('.json') && n.startsWith(start))
        .map((n) => `${folder}/${n.slice(0, -'.json'.length)}`)
        .sort();
    },
  };
}

export interface BlobsOptions {
  name: string;
  /** Outside a Netlify function (the export command, tests): the site, a personal access token, and for tests the API address. */
  siteID?: string;
  token?: string;
  apiURL?: string;
}

/**
 * Netlify Blobs, one store per key prefix ("forms-queue", "forms-received", "forms-subscribers"), so listing a
 * prefix is listing a store: cheap, and independent of how a server treats slashes in prefixes (the package's
 * local server finds nothing under a prefix). Inside a Netlify function the package finds its own credentials.
 */
export function blobsStore(options: BlobsOptions): KeyValueStore {
  const opened = new Map<string, Promise<import('@netlify/blobs').Store>>();
  const split = (key: string): [Promise<import('@netlify/blobs').Store>, string] => {
    checkKey(key);
    const [folder, id] = key.split('/');
    return [storeFor(folder), id];
  };
  const storeFor = (folder: string) => {
    let store = opened.get(folder);
    if (!store) {
      const name = `${options.name}-${folder}`;
      store = import('@netlify/blobs').then(({ getStore }) =>
        getStore({ name, consistency: 'strong', ...(options.siteID ? { siteID: options.siteID, token: options.token, apiURL: options.apiURL } : {}) }),
      );
      opened.set(folder, store);
    }
    return store;
  };
  return {
    where: `Netlify Blobs stores "${options.name}-*"`,
    async get(key) {
      const [store, id] = split(key);
      const value = await (await store).get(id, { type: 'text' });
      return value ?? undefined;
    },
    async set(key, value) {
      const [store, id] = split(key);
      await (await store).set(id, value);
    },
    async create(key, value) {
      const [store, id] = split(key);
      return (await (await store).set(id, value, { onlyIfNew: true })).modified;
    },
    async swap(key, expected, value) {
      const [store, id] = split(key);
      // Written only if the blob's ETag is still the one read with the value: Netlify Blobs refuses the write
      // (modified: false) once anything else has written it since.
      const blobs = await store;
      let current = await blobs.getWithMetadata(id, { type: 'text' });
      if (current && !current.etag) {
        // The package's local server (netlify dev) sends no ETag with a read, only in a listing. Taken from
        // there first and the value read after it: if anything wrote in between, the ETag no longer matches.
        const etag = (await blobs.list()).blobs.find((b) => b.key === id)?.etag;
        const data = await blobs.get(id, { type: 'text' });
        current = data === null ? null : { ...current, data, etag };
      }
      if (!current || current.data !== expected || !current.etag) return false;
      return (await blobs.set(id, value, { onlyIfMatch: current.etag })).modified;
    },
    async delete(key) {
      const [store, id] = split(key);
      await (await store).delete(id);
    },
    async list(prefix) {
      const [folder, start = ''] = prefix.split('/');
      if (!/^[a-z]+$/.test(folder)) throw new Error(`store prefix "${prefix}" is not of the form prefix/`);
      const { blobs } = await (await storeFor(folder)).list();
      return blobs
        .map((b) => `${folder}/${b.key}`)
        .filter((k) => k.startsWith(`${folder}/${start}`))
        .sort();
    },
  };
}

type Env = Record<string, string | undefined>;

/**
 * The store the environment provides: SITE_DATA_DIR (set by `site serve`) for local files; on Netlify (or with
 * NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN) Netlify Blobs; otherwise none, and the functions say so.
 */
export function storeFromEnv(env: Env, name = 'forms'): KeyValueStore | undefined {
  if (env.SITE_DATA_DIR) return fileStore(path.join(env.SITE_DATA_DIR, name));
  if (env.NETLIFY_SITE_ID && env.NETLIFY_AUTH_TOKEN) return blobsStore({ name, siteID: env.NETLIFY_SITE_ID, token: env.NETLIFY_AUTH_TOKEN, apiURL: env.NETLIFY_API_URL });
  if (env.NETLIFY_BLOBS_CONTEXT || env.NETLIFY || (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext) return blobsStore({ name });
  return undefined;
}
