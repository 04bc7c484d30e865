// Markdown to HTML with a content-addressed cache and, for large cold builds, worker threads.
//
// remark is most of a cold build of many posts.
// So each text is rendered once ever: results are kept in .cache/markdown/ keyed by a hash of the text, in files
// that carry the processor's versions, and what is missing is spread over worker threads when there is enough
// of it.
// Results can be taken batch by batch as they arrive, so pages are rendered while the workers still run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from 'node:crypto';
import { packageVersion, type Project } from '../project.ts';
import { Shards } from '../cache.ts';
import { startWorker } from '../workers/start.ts';
import type { Worker } from 'node:worker_threads';

const version = ['remark', 'remark-html'].map((name) => `${name}@${packageVersion(name)}`).join(' ') + ' unsanitised';
/** The cache file's format is V8's, which may change with Node. */
const cacheVersion = `${version} v8@${process.versions.v8}`;

/** Below this many uncached texts, starting workers costs more than it saves. */
const workerThreshold = 150;

/**
 * Posts a thread may hold at once while others share the texts (MarkdownSession.feed): about half a second's
 * work, so that none is left idle at the end while another holds a backlog.
 */
const ahead = 600;

/**
 * Characters of text the only thread there can be may hold at once (spread()): seconds of work. Its backlog
 * is a second copy of those texts, in the thread's message queue, so the limit bounds the peak memory of a
 * very large cold build without leaving the thread short.
 */
const aheadAlone = 16 * 2 ** 20;

/**
 * Worker threads for `count` uncached texts: SITE_MARKDOWN_THREADS when set (0 for none), else one per 150
 * texts, up to four and up to the cores the main thread leaves: all of them while it waits for the texts
 * (render()), though on one core a thread would only add its start to the work done here, and all but its
 * own while it renders pages as the posts come (posts(), feed()). A thread more than that only takes turns on
 * a core: each thread compiles remark for itself as it warms up, which a thread without a core of its own
 * never makes up for.
 */
export function markdownWorkers(count: number, alongside: boolean, machine = threadsHere()): number {
  if (machine.set !== undefined) return machine.set;
  const cores = alongside ? machine.cores - 1 : machine.cores > 1 ? machine.cores : 0;
  return Math.max(0, Math.min(4, cores, Math.ceil(count / workerThreshold)));
}
/**
 * Looked up once: a cold build asks for each post it is fed, and each look is a system call or, for the
 * variable, a copy of the environment's entry.
 */
function threadsHere(): { set: number | undefined; cores: number } {
  if (!threads) {
    const set = process.env.SITE_MARKDOWN_THREADS;
    threads = { set: set && /^\d+$/.test(set) ? Number(set) : undefined, cores: os.availableParallelism() };
  }
  return threads;
}
let threads: { set: number | undefined; cores: number } | undefined;

export interface MarkdownStats {
  total: number;
  cached: number;
  rendered: number;
  /** Worker threads that rendered texts: 0 when all were rendered on the main thread. */
  workers: number;
  /** Batches a worker had no room for, rendered on the main thread instead. */
  rescued: number;
}

// The cache as last read or written by this process, so the dev server reads the file once.
let memory: { dir: string; entries: CacheEntries } | undefined;

/**
 * A text's key in the cache. The processor's versions are not part of it: they are the cache file's version
 * (cacheVersion), and a file of other versions is not read. Hashed alone, the text is not first copied into
 * one string with them: the copy would cost a third as much as the hashing.
 */
export function markdownKey(markdown: string): string {
  return hash('sha256', markdown, 'base64url').slice(0, 27);
}

/** One build's Markdown: render() as often as needed, then save() once to keep what this build used. */
export class MarkdownSession {
  /** HTML by Markdown source text. */
  readonly html = new Map<string, string>();
  readonly stats: MarkdownStats = { total: 0, cached: 0, rendered: 0, workers: 0, rescued: 0 };
  /** The cache's folder: the entries are kept in `shards` files by the first character of their key. */
  private readonly cacheDir: string;
  /** Shards holding an entry this build added, to be written again. */
  private readonly dirty = new Set<number>();
  private loaded?: CacheEntries;
  private readonly used = new Map<string, string>();
  private workers: { terminate(): Promise<number> }[] = [];
  private busyPools = 0;
  private cancelled = false;

  constructor(project: Project) {
    // V8's own serialisation, not JSON: no UTF-8 decoding of the whole file, no escaping of every quote in the
    // HTML.
    this.cacheDir = path.join(project.cache, 'markdown');
  }

  /** The cache, read shard by shard when first needed: a build that keeps every page looks no text up. */
  private get cache(): CacheEntries {
    if (!this.loaded) {
      // Read again when the files are gone (deleted by `site build --clean`, say): nothing kept may outlive them.
      if (memory?.dir !== this.cacheDir || !fs.existsSync(this.cacheDir)) memory = { dir: this.cacheDir, entries: new CacheEntries(cacheShards(this.cacheDir)) };
      this.loaded = memory.entries;
    }
    return this.loaded;
  }

  /**
   * Renders every text not yet rendered. `onReady` is called with texts as their HTML becomes available:
   * cached ones at once, the rest batch by batch. `alongside`: the main thread has work of its own meanwhile
   * (rendering the pages of posts as they come), so the workers leave it a core (markdownWorkers()).
   */
  async render(texts: Iterable<string>, onReady?: (ready: string[]) => void, alongside = false): Promise<void> {
    const missing = new Map<string, string>();
    const cached: string[] = [];
    /** Rendered earlier in this build: ready, and counted then. */
    const known: string[] = [];
    for (const text of texts) {
      if (this.html.has(text)) {
        known.push(text);
        continue;
      }
      const key = markdownKey(text);
      if (this.fromCache(key, text)) {
        cached.push(text);
      } else if (!missing.has(key)) {
        missing.set(key, text);
      }
    }
    this.stats.total += cached.length + missing.size;
    this.stats.cached += cached.length;
    this.stats.rendered += missing.size;
    if (cached.length || known.length) onReady?.([...known, ...cached]);
    if (missing.size === 0) return;
    // While this build's workers are busy (the posts), a few more texts are rendered here: more threads than
    // cores would only add their start-up cost.
    if (missing.size >= workerThreshold && markdownWorkers(missing.size, alongside) > 0 && this.busyPools === 0) {
      const spread = this.spread((texts) => onReady?.(texts), alongside);
      spread.add([...missing]);
      spread.close();
      await spread.done;
    } else {
      await renderHere([...missing], (results) => {
        for (const [key, html] of results) this.keep(key, missing.get(key)!, html);
        onReady?.(results.map(([key]) => missing.get(key)!));
      });
    }
  }

  /**
   * Renders the posts' bodies, in workers when there are many. The slugs of the posts whose HTML is ready
   * arrive batch by batch, cached ones first; the stream ends when all are ready and fails if rendering does.
   */
  posts(posts: { slug: string; body: string }[]): AsyncIterable<string[]> {
    const slugsByBody = new Map<string, string[]>();
    for (const { slug, body } of posts) slugsByBody.set(body, [...(slugsByBody.get(body) ?? []), slug]);
    const arrivals = new Arrivals<string>();
    this.render(slugsByBody.keys(), (bodies) => arrivals.push(bodies.flatMap((body) => slugsByBody.get(body)!)), true).then(
      () => arrivals.end(),
      (error) => arrivals.end(error),
    );
    return arrivals;
  }

  /**
   * Posts handed over one at a time as their files are read, in a cold build, so that the workers start while
   * the main thread is still reading the rest, rather than leave the other cores idle meanwhile. Cached bodies are ready at once; the others are spread over
   * worker threads (spread()). The slugs of posts whose HTML is ready arrive as `posts()` gives them; call
   * close() after the last.
   */
  feed(): PostFeed {
    const slugsByBody = new Map<string, string[]>();
    const arrivals = new Arrivals<string>();
    const spread = this.spread((bodies) => arrivals.push(bodies.flatMap((body) => slugsByBody.get(body)!)), true);
    spread.done.then(
      () => arrivals.end(),
      (error) => arrivals.end(error),
    );
    return {
      add: (slug, body) => {
        const slugs = slugsByBody.get(body);
        if (slugs) {
          slugs.push(slug);
          // Rendered already (or in this very feed): ready with it, now or when its HTML comes.
          if (this.html.has(body) && !spread.has(body)) arrivals.push([slug]);
          return;
        }
        slugsByBody.set(body, [slug]);
        if (this.html.has(body)) return arrivals.push([slug]);
        const key = markdownKey(body);
        this.stats.total++;
        if (this.fromCache(key, body)) {
          this.stats.cached++;
          return arrivals.push([slug]);
        }
        this.stats.rendered++;
        spread.add([[key, body]]);
      },
      close: () => spread.close(),
      ready: arrivals,
    };
  }

  /**
   * Texts not in the cache, spread over worker threads as they are added: one thread per `workerThreshold`
   * texts waiting, up to what markdownWorkers() allows, and once closed as many as it gives the rest. Too few
   * for one thread are rendered here once closed. `ready` is told of each text whose HTML is kept (keep()); `done`
   * settles when every text added is, and fails if rendering does.
   */
  private spread(ready: (texts: string[]) => void, alongside: boolean): Spread {
    /** Texts not yet rendered, by key: waiting for a thread or in one. */
    const waiting = new Map<string, string>();
    const queue: [string, string][] = [];
    /** Each thread, with the batches posted to it and not yet returned, oldest first. */
    const pool: { worker: Worker; posted: [string, string][][]; held: number }[] = [];
    let closed = false;
    let failed = false;
    let settle: (error?: unknown) => void = () => {};
    const done = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))));
    // Failures are seen through `done`; one that nobody awaits yet must not end the process.
    done.catch(() => {});
    const accept = (results: [string, string][]) => {
      if (failed) return;
      const texts: string[] = [];
      for (const [key, html] of results) {
        const text = waiting.get(key);
        if (text === undefined) continue;
        waiting.delete(key);
        this.keep(key, text, html);
        texts.push(text);
      }
      ready(texts);
      if (closed && waiting.size === 0) settle();
    };
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      settle(error ?? new Error('Markdown rendering failed'));
    };
    const renderRest = (items: [string, string][]) => void renderHere(items, accept).catch(fail);
    /**
     * Keeps every thread supplied. A thread is handed its next batch by this thread's event loop, which stands
     * still while this thread runs a long stretch of its own (reading the content, checking it, rendering
     * pages): so each thread holds up to `ahead` texts, about half a second of work, and never waits for that.
     * The only thread there can be (markdownWorkers() allows one: on two cores, beside pages) has nobody to
     * share with, and holds up to `aheadAlone` characters: held to `ahead` texts, it ran dry while the main
     * thread finished with the content.
     * Batches of 25 at the least, once closed of whatever is left, split between the threads.
     */
    const alone = markdownWorkers(Number.MAX_SAFE_INTEGER, alongside) <= 1;
    /** What a batch adds to what its thread holds: characters for the only thread, texts where threads share. */
    const weight = (batch: [string, string][]) => (alone ? batch.reduce((sum, [, text]) => sum + text.length, 0) : batch.length);
    const dispatch = () => {
      if (this.cancelled || failed) return;
      for (let progress = true; progress && queue.length; ) {
        progress = false;
        for (const slot of pool) {
          if (slot.held >= (alone ? aheadAlone : ahead) || !queue.length || (!closed && queue.length < 25)) continue;
          const size = Math.min(queue.length, closed ? Math.max(25, Math.ceil(queue.length / pool.length)) : 100, alone ? 100 : ahead - slot.held + 24);
          const batch = queue.splice(0, size);
          slot.posted.push(batch);
          slot.held += weight(batch);
          slot.worker.postMessage({ id: 0, items: batch });
          progress = true;
        }
      }
    };
    /** Starts threads up to what the texts waiting call for. */
    const grow = () => {
      const allowed = markdownWorkers(waiting.size, alongside);
      if (allowed < 1 || waiting.size < workerThreshold) return;
      const wanted = closed ? allowed : Math.min(allowed, Math.floor(waiting.size / workerThreshold));
      while (pool.length < wanted) {
        const worker = startWorker('markdown-worker', undefined, workerLimits());
        const slot: (typeof pool)[number] = { worker, posted: [], held: 0 };
        pool.push(slot);
        this.workers.push(worker);
        worker.on('message', (message: { results: [string, string][] }) => {
          slot.held -= weight(slot.posted.shift()!);
          dispatch();
          accept(message.results);
        });
        worker.on('error', (error: Error & { code?: string }) => {
          if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY' || !slot.posted.length) return fail(error);
          // A text too large for a worker's heap (megabytes of Markdown in one file): its batch is rendered
          // here, where the heap has no such limit, and the batches posted after it go back to the queue for
          // the other threads.
          this.stats.rescued++;
          const [current, ...later] = slot.posted;
          slot.posted = [];
          slot.held = 0;
          pool.splice(pool.indexOf(slot), 1);
          queue.unshift(...later.flat());
          renderRest(current);
          if (pool.length) dispatch();
          else renderRest(queue.splice(0));
        });
        worker.on('exit', (code) => {
          if (slot.posted.length && !this.cancelled) fail(new Error(`a Markdown worker thread stopped (exit code ${code}) before it finished its texts`));
        });
      }
      this.stats.workers = Math.max(this.stats.workers, pool.length);
    };
    this.busyPools++;
    void done
      .catch(() => {})
      .then(() => {
        this.busyPools--;
        for (const { worker } of pool) void worker.terminate();
      });
    return {
      add: (items) => {
        for (const [key, text] of items) {
          if (waiting.has(key)) continue;
          waiting.set(key, text);
          queue.push([key, text]);
        }
        grow();
        dispatch();
      },
      has: (text) => waiting.has(markdownKey(text)),
      close: () => {
        closed = true;
        if (waiting.size === 0) return settle();
        grow();
        // Too few to be worth a thread: rendered here.
        if (!pool.length) return renderRest(queue.splice(0));
        dispatch();
      },
      done,
    };
  }

  /** Takes a text's HTML from the cache, if it is there, for this build's pages; whether it was. */
  private fromCache(key: string, text: string): boolean {
    const hit = this.cache.get(key);
    if (hit === undefined) return false;
    this.html.set(text, hit);
    this.used.set(key, hit);
    return true;
  }

  /** Keeps a text's HTML, rendered in this build, for the pages and the cache. */
  private keep(key: string, text: string, html: string): void {
    this.html.set(text, html);
    this.used.set(key, html);
    this.cache.set(key, html);
    this.dirty.add(shardOf(key));
  }

  /** Stops any workers (a later stage failed); what they finished stays in the cache for next time. */
  async cancel(): Promise<void> {
    this.cancelled = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.save({ prune: false });
  }

  /**
   * Writes the cache. After a complete build it keeps only what the build used, so it holds one site's worth
   * and never grows without bound; after a cancelled one it keeps everything.
   */
  save({ prune = true }: { prune?: boolean } = {}): void {
    const store = cacheShards(this.cacheDir);
    const pruning = prune && this.used.size !== this.cache.size();
    if (!this.dirty.size && !pruning) return;
    // By shard: a build that rendered one post writes a sixteenth of the cache, and a cold build of thousands
    // never holds a serialised copy of all of it at once.
    if (pruning) {
      const byShard = Array.from({ length: store.count }, () => new Map<string, string>());
      for (const [key, html] of this.used) byShard[shardOf(key)].set(key, html);
      byShard.forEach((part, i) => store.write(i, part));
      memory = { dir: this.cacheDir, entries: new CacheEntries(store, byShard) };
    } else {
      for (const i of this.dirty) store.write(i, this.cache.shard(i));
      memory = { dir: this.cacheDir, entries: this.cache };
    }
    this.dirty.clear();
  }
}

/** Posts fed one at a time (MarkdownSession.feed). */
export interface PostFeed {
  add(slug: string, body: string): void;
  /** No more posts: the stream ends once every one added is ready. */
  close(): void;
  ready: AsyncIterable<string[]>;
}

/** Texts spread over worker threads (MarkdownSession.spread). */
interface Spread {
  /** Texts to render, by key; one still waiting already is left out. */
  add(items: [key: string, text: string][]): void;
  /** Whether a text was added and its HTML is not yet here. */
  has(text: string): boolean;
  /** No more texts: `done` settles once every one added is rendered. */
  close(): void;
  done: Promise<void>;
}

/** Items pushed by a producer, taken by one consumer with `for await` as they come, in batches. */
class Arrivals<T> implements AsyncIterable<T[]> {
  private readonly queue: T[][] = [];
  private wake?: () => void;
  private ended = false;
  private failure?: { error: unknown };

  push(items: T[]): void {
    if (!items.length) return;
    this.queue.push(items);
    this.wake?.();
  }

  end(error?: unknown): void {
    this.ended = true;
    if (error !== undefined) this.failure = { error };
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T[]> {
    for (;;) {
      const next = this.queue.shift();
      if (next) {
        yield next;
      } else if (this.ended) {
        if (this.failure) throw this.failure.error;
        return;
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    }
  }
}

/** Renders texts and saves the cache in one go: for callers that need no streaming. */
export async function renderMarkdown(project: Project, texts: Iterable<string>): Promise<{ html: Map<string, string>; stats: MarkdownStats }> {
  const session = new MarkdownSession(project);
  await session.render(texts);
  session.save();
  return { html: session.html, stats: session.stats };
}

const shardCount = 16;
const cacheShards = (dir: string) => new Shards<Map<string, string>>(dir, 'rendered', cacheVersion, shardCount);
const shardOf = (key: string) => key.charCodeAt(0) % shardCount;

/**
 * The cache's entries by key, each shard read when a key in it is first looked up: a build that renders one
 * post reads a sixteenth of the cache. A shard missing, unreadable or of another version counts as empty.
 */
class CacheEntries {
  constructor(
    private readonly store: Shards<Map<string, string>>,
    private readonly shards: (Map<string, string> | undefined)[] = [],
  ) {}

  shard(i: number): Map<string, string> {
    let part = this.shards[i];
    if (!part) {
      const stored = this.store.readOne(i);
      this.shards[i] = part = stored instanceof Map ? stored : new Map();
    }
    return part;
  }

  get(key: string): string | undefined {
    return this.shard(shardOf(key)).get(key);
  }

  set(key: string, html: string): void {
    this.shard(shardOf(key)).set(key, html);
  }

  /** Entries in all shards (every shard read). */
  size(): number {
    let size = 0;
    for (let i = 0; i < this.store.count; i++) size += this.shard(i).size;
    return size;
  }
}

/**
 * Renders texts on this thread, in small steps, so that busy workers are handed their next batch without
 * waiting for all of these. remark is loaded only now: importing it costs more than a warm build's render.
 */
async function renderHere(items: [string, string][], accept: (results: [string, string][]) => void): Promise<void> {
  const { markdownToHtml } = await import('./processor.ts');
  for (let i = 0; i < items.length; i += 16) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    accept(items.slice(i, i + 16).map(([key, text]) => [key, markdownToHtml(text)]));
  }
}

/**
 * Each worker's heap. The limit is V8's default on a machine of this size, and it is set on purpose: V8 lets
 * a heap of 2 GB or more grow by up to four times between full collections, a smaller one by 1.3-2 times.
 * remark's garbage is short-lived, so with a small limit the workers marked their heaps again and again, on
 * the core the main thread needs, for no lower peak. A text too large even for this is rendered on the main
 * thread (spread()).
 */
const workerLimits = () => ({ maxOldGenerationSizeMb: Number(process.env.SITE_MARKDOWN_WORKER_HEAP_MB) || 4096 });
