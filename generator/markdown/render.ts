// One build's Markdown: a content-addressed cache of HTML, and the texts it lacks handed to the renderer
// (threads.ts), which spreads many over worker threads and renders a few on this thread.
//
// remark is most of a cold build of many posts. So each text is rendered once ever: results are kept in
// .cache/markdown/ keyed by a hash of the text, in files that carry the processor's versions. Results can be
// taken batch by batch as they arrive, so pages are rendered while the workers still run.
import os from 'node:os';
import path from 'node:path';
import { hash } from 'node:crypto';
import { packageVersion, type Project } from '../project.ts';
import { BuildFailure, siteError } from '../errors.ts';
import { Shards } from '../cache.ts';
import { threadedRenderer, type Accept, type MarkdownRenderer, type MarkdownRuntime } from './threads.ts';
import type { MarkdownLookup } from '../render/contract.ts';

export type { MarkdownRuntime };

const version = ['remark', 'remark-html'].map((name) => `${name}@${packageVersion(name)}`).join(' ') + ' unsanitised';
/** The cache file's format is V8's, which may change with Node. */
const cacheVersion = `${version} v8@${process.versions.v8}`;

/**
 * The runtime as the environment describes it: SITE_MARKDOWN_THREADS (a number of threads, 0 for none) and
 * SITE_MARKDOWN_WORKER_HEAP_MB when set, and the cores. The CLI passes it to the build; tests make their own.
 */
export function markdownRuntime(): MarkdownRuntime {
  return {
    threads: wholeNumber('SITE_MARKDOWN_THREADS', 0, 'a whole number of threads (0 for none)', '2'),
    cores: os.availableParallelism(),
    workerHeapMb: wholeNumber('SITE_MARKDOWN_WORKER_HEAP_MB', 1, 'a whole number of megabytes above 0', '64'),
  };
}

/** An environment variable's whole number, at least `least`; unset or empty, undefined; anything else is refused. */
function wholeNumber(name: string, least: number, expected: string, example: string): number | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  if (/^\d+$/.test(value) && Number(value) >= least) return Number(value);
  throw new BuildFailure('environment', [siteError('SETTING_NOT_A_NUMBER', { name, value, expected, example })]);
}

/**
 * A text's key in the cache. The processor's versions are not part of it: they are the cache file's version
 * (cacheVersion), and a file of other versions is not read. Hashed alone, the text is not first copied into
 * one string with them: the copy would cost a third as much as the hashing.
 */
function markdownKey(markdown: string): string {
  return hash('sha256', markdown, 'base64url').slice(0, 27);
}

/**
 * One build's Markdown: render() as often as needed, then save() once, at the end, to keep what this build used;
 * saving lets go of the HTML, so the build's last stages do not hold every post's in memory.
 */
export class MarkdownSession {
  /**
   * The HTML of every text this build rendered or took from the cache, looked up by the text. The session
   * keeps it by the text's key, not the text: a large site's posts are not all held in memory while pages
   * render (content/load.ts reads a post's body again when its page asks for it).
   */
  readonly html: MarkdownLookup = { get: (text) => this.used.get(markdownKey(text)) };
  /**
   * Texts, those taken from the cache and those rendered; `workers`: the threads that rendered texts (0 when all
   * were rendered on the main thread); `rescued`: batches a worker had no room for, rendered here instead.
   */
  readonly stats = { total: 0, cached: 0, rendered: 0, workers: 0, rescued: 0 };
  /**
   * The cache: its entries are kept in `shardCount` files by the first character of their key, in V8's own
   * serialisation, not JSON: no UTF-8 decoding of the whole file, no escaping of every quote in the HTML.
   */
  private readonly store: Shards<Map<string, string>>;
  /**
   * The shards read so far: each is read when a key in it is first looked up, so a build that renders one post
   * reads a sixteenth of the cache, and one that keeps every page looks no text up.
   */
  private shards: (Map<string, string> | undefined)[] = [];
  /** Shards holding an entry this build added, to be written again. */
  private readonly dirty = new Set<number>();
  /** HTML by key: every text this build rendered or took from the cache. */
  private readonly used = new Map<string, string>();
  /** Renderers at work: cancel() stops them, and while one is, more texts are rendered on this thread. */
  private readonly busy = new Set<MarkdownRenderer>();

  constructor(
    project: Project,
    private readonly runtime: MarkdownRuntime = markdownRuntime(),
  ) {
    this.store = new Shards(path.join(project.cache, 'markdown'), 'rendered', cacheVersion, shardCount);
  }

  /** A shard of the cache; one missing, unreadable or of another version counts as empty. */
  private shard(i: number): Map<string, string> {
    let part = this.shards[i];
    if (!part) {
      const stored = this.store.readOne(i);
      this.shards[i] = part = stored instanceof Map ? stored : new Map();
    }
    return part;
  }

  /**
   * Renders every text not yet rendered. `onReady` is called with texts as their HTML becomes available:
   * cached ones at once, the rest batch by batch. The main thread waits for them, so the workers may take
   * every core (markdownWorkers()). Each text stands for itself where posts() has a slug.
   */
  async render(texts: Iterable<string>, onReady?: (ready: string[]) => void): Promise<void> {
    for await (const ready of this.posts(texts, (text) => text, false)) onReady?.(ready);
  }

  /**
   * Renders the posts' bodies, in workers when there are many; each is asked of `bodyOf` once, and only those
   * to be rendered are held until they are. The slugs of the posts whose HTML is ready arrive batch by batch,
   * cached ones first; the stream ends when all are ready and fails if rendering does. `alongside` as for feed().
   */
  posts(slugs: Iterable<string>, bodyOf: (slug: string) => string, alongside = true): AsyncIterable<string[]> {
    const feed = this.feed(alongside);
    for (const slug of slugs) feed.add(slug, bodyOf(slug));
    feed.close();
    return feed.ready;
  }

  /**
   * Posts handed over one at a time: in a cold build, as their files are read, so that the workers start while
   * the main thread is still reading the rest, rather than leave the other cores idle meanwhile (render() and
   * posts() hand theirs over at once). Cached bodies are ready at once; the others go to the threaded
   * renderer. The slugs of posts whose HTML is ready arrive batch by batch (`ready`); call close() after the
   * last, and the stream ends once every one added is ready. `alongside`: the main thread has work of its own
   * meanwhile (rendering the pages of posts as they come), so the workers leave it a core (markdownWorkers()).
   */
  feed(alongside = true) {
    const slugsByKey = new Map<string, string[]>();
    const arrivals = new Arrivals<string>();
    const spread = this.threads((keys) => arrivals.push(keys.flatMap((key) => slugsByKey.get(key)!)), alongside);
    arrivals.endWith(spread.done);
    return {
      add: (slug: string, body: string) => {
        const key = markdownKey(body);
        const slugs = slugsByKey.get(key);
        if (slugs) {
          slugs.push(slug);
          // Rendered already (or in this very feed): ready with it, now or when its HTML comes.
          if (this.used.has(key) && !spread.has(key)) arrivals.push([slug]);
          return;
        }
        slugsByKey.set(key, [slug]);
        if (this.used.has(key)) return arrivals.push([slug]);
        this.stats.total++;
        const hit = this.shard(shardOf(key)).get(key);
        if (hit !== undefined) {
          this.used.set(key, hit);
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
   * The threaded renderer, its HTML kept for the pages and the cache and `ready` told of each text's key; busy
   * while it works. While this build's workers are busy (the posts), more texts are rendered here: more threads
   * than cores would only add their start-up cost.
   */
  private threads(ready: (keys: string[]) => void, alongside: boolean): MarkdownRenderer {
    const runtime = this.busy.size ? { ...this.runtime, threads: 0 } : this.runtime;
    const accept: Accept = (results) => {
      for (const [key, html] of results) {
        this.used.set(key, html);
        this.shard(shardOf(key)).set(key, html);
        this.dirty.add(shardOf(key));
      }
      ready(results.map(([key]) => key));
    };
    const renderer = threadedRenderer(accept, alongside, runtime, this.stats);
    this.busy.add(renderer);
    void renderer.done.catch(() => {}).then(() => this.busy.delete(renderer));
    return renderer;
  }

  /** Stops any workers (a later stage failed); what they finished stays in the cache for next time. */
  async cancel(): Promise<void> {
    await Promise.all([...this.busy].map((renderer) => renderer.stop()));
    this.save({ prune: false });
  }

  /**
   * Writes the cache. After a complete build it keeps only what the build used, so it holds one site's worth
   * and never grows without bound; after a cancelled one it keeps everything.
   */
  save({ prune = true }: { prune?: boolean } = {}): void {
    // By shard: a build that rendered one post writes a sixteenth of the cache, and a cold build of thousands
    // never holds a serialised copy of all of it at once.
    if (prune && this.used.size !== this.cachedCount()) {
      const byShard = Array.from({ length: shardCount }, () => new Map<string, string>());
      for (const [key, html] of this.used) byShard[shardOf(key)].set(key, html);
      byShard.forEach((part, i) => this.store.write(i, part));
    } else {
      for (const i of this.dirty) this.store.write(i, this.shard(i));
    }
    this.dirty.clear();
    this.used.clear();
    this.shards = [];
  }

  /** Entries in all shards of the cache (every shard read). */
  private cachedCount(): number {
    let count = 0;
    for (let i = 0; i < shardCount; i++) count += this.shard(i).size;
    return count;
  }
}

/**
 * Items pushed by a producer, taken by one consumer with `for await` as they come: each step takes everything
 * pushed since the last, so items pushed one at a time still arrive in batches.
 */
class Arrivals<T> implements AsyncIterable<T[]> {
  private queue: T[] = [];
  private wake?: () => void;
  private ended?: { error?: unknown };

  push(items: T[]): void {
    if (!items.length) return;
    for (const item of items) this.queue.push(item);
    this.wake?.();
  }

  /** Ends once `work` settles, failing if it fails. */
  endWith(work: Promise<unknown>): void {
    const end = (ended: { error?: unknown }) => {
      this.ended = ended;
      this.wake?.();
    };
    work.then(() => end({}), (error) => end({ error }));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T[]> {
    for (;;) {
      if (this.queue.length) {
        const next = this.queue;
        this.queue = [];
        yield next;
      } else if (this.ended) {
        if ('error' in this.ended) throw this.ended.error;
        return;
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    }
  }
}

const shardCount = 16;
const shardOf = (key: string) => key.charCodeAt(0) % shardCount;
