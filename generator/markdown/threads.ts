// How texts become HTML: spread over worker threads (worker.ts) as they are added, for a cold build of many
// posts, so that remark runs on the other cores while this thread reads content and renders pages; too few texts
// for a thread are rendered on this thread (renderHere, with remark from processor.ts) once the renderer is
// closed. The renderer picks by the number of texts and the runtime the launcher describes.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers/start.ts';

/** Texts' HTML by their keys, as it arrives. */
export type Accept = (results: [key: string, html: string][]) => void;

/** Texts added as they come, spread over worker threads, their HTML handed to `accept` batch by batch. */
export interface MarkdownRenderer {
  /** Texts to render, by key; one added already and not yet rendered is left out. */
  add(items: [key: string, text: string][]): void;
  /** Whether a text was added and its HTML is not yet here. */
  has(key: string): boolean;
  /** No more texts: `done` settles once every one added is rendered, and fails if rendering does. */
  close(): void;
  done: Promise<void>;
  /** Stops the threads (a later stage failed). */
  stop(): Promise<void>;
}

/** What the launcher decides about threads, passed to the build rather than read from the process. */
export interface MarkdownRuntime {
  /** Worker threads whatever the work (0: none); undefined: chosen by the number of texts and the cores. */
  threads?: number;
  cores: number;
  /** Each worker's heap limit, in MB (workerHeap). */
  workerHeapMb?: number;
}

/**
 * Renders texts on this thread, in small steps, so that busy workers are handed their next batch without
 * waiting for all of these. remark is loaded only now: a build that renders no text never loads it.
 */
async function renderHere(items: [string, string][], accept: Accept): Promise<void> {
  const { markdownToHtml } = await import('./processor.ts');
  for (let i = 0; i < items.length; i += 16) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    accept(items.slice(i, i + 16).map(([key, text]) => [key, markdownToHtml(text)]));
  }
}

/** Below this many texts waiting, starting a worker costs more than it saves. */
export const workerThreshold = 150;

/**
 * Posts a thread may hold at once while others share the texts: enough that none waits for this thread's
 * event loop, few enough that none is left idle at the end while another holds a backlog.
 */
const ahead = 600;

/**
 * Characters of text the only thread there can be may hold at once. Its backlog is a second copy of those
 * texts, in the thread's message queue, so the limit bounds the peak memory of a very large cold build without
 * leaving the thread short.
 */
const aheadAlone = 16 * 2 ** 20;

/**
 * Worker threads for `count` texts: the runtime's `threads` when set, else one per `workerThreshold` texts, up
 * to four and up to the cores the main thread leaves: all of them while it waits for the texts, though on one
 * core a thread would only add its start to the work done here, and all but its own while it renders pages as
 * the posts come (`alongside`). A thread more than that only takes turns on a core: each compiles remark for
 * itself as it warms up, which a thread without a core of its own never makes up for.
 */
export function markdownWorkers(count: number, alongside: boolean, runtime: MarkdownRuntime): number {
  if (runtime.threads !== undefined) return runtime.threads;
  const cores = alongside ? runtime.cores - 1 : runtime.cores > 1 ? runtime.cores : 0;
  return Math.max(0, Math.min(4, cores, Math.ceil(count / workerThreshold)));
}

/**
 * Each worker's heap. The old generation's limit is V8's default on a machine of this size, set on purpose: V8
 * lets a heap of 2 GB or more grow by up to four times between full collections, a smaller one far less.
 * remark's garbage is short-lived, so with a small limit the workers marked their heaps again and again, on the
 * core the main thread needs, for no lower peak. The young generation is capped: by default a worker's may grow
 * to 192 MB, and remark's garbage filled it, which made a large build's peak; at 16 MB the same garbage dies
 * there as cheaply (half that made the worker promote more and work longer). A text too large for the worker's
 * heap is rendered on the main thread.
 */
const workerHeap = (runtime: MarkdownRuntime) => ({ maxOldGenerationSizeMb: runtime.workerHeapMb ?? 4096, maxYoungGenerationSizeMb: 16 });

/**
 * Spreads texts over worker threads as they are added: one thread per `workerThreshold` texts waiting, up to
 * what markdownWorkers() allows, and once closed as many as it gives the rest. `stats` counts the threads
 * started and the batches rescued.
 */
export function threadedRenderer(accept: Accept, alongside: boolean, runtime: MarkdownRuntime, stats: { workers: number; rescued: number }): MarkdownRenderer {
  /** The keys of texts not yet rendered: waiting for a thread or in one. */
  const waiting = new Set<string>();
  const queue: [string, string][] = [];
  /** Each thread, with the batches posted to it and not yet returned, oldest first. */
  const pool: { worker: Worker; posted: [string, string][][]; held: number }[] = [];
  let closed = false;
  let failed = false;
  let stopped = false;
  let settle: (error?: unknown) => void = () => {};
  const done = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))));
  const take = (results: [key: string, html: string][]) => {
    if (failed) return;
    // Each text is accepted once, whichever way its HTML came.
    accept(results.filter(([key]) => waiting.delete(key)));
    if (closed && waiting.size === 0) settle();
  };
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    settle(error ?? new Error('Markdown rendering failed'));
  };
  const renderRest = (items: [string, string][]) => void renderHere(items, take).catch(fail);
  /**
   * Keeps every thread supplied. A thread is handed its next batch by this thread's event loop, which stands
   * still while this thread runs a long stretch of its own (reading the content, checking it, rendering pages):
   * so each thread holds up to `ahead` texts and never waits for that. The only thread there can be (on two
   * cores, beside pages) has nobody to share with, and holds up to `aheadAlone` characters: held to `ahead`
   * texts, it ran dry while the main thread finished with the content. Batches of 25 at the least, once closed
   * of whatever is left, split between the threads.
   */
  const alone = markdownWorkers(Number.MAX_SAFE_INTEGER, alongside, runtime) <= 1;
  /** What a batch adds to what its thread holds: characters for the only thread, texts where threads share. */
  const weight = (batch: [string, string][]) => (alone ? batch.reduce((sum, [, text]) => sum + text.length, 0) : batch.length);
  const dispatch = () => {
    if (stopped || failed) return;
    for (let progress = true; progress && queue.length; ) {
      progress = false;
      for (const slot of pool) {
        if (slot.held >= (alone ? aheadAlone : ahead) || !queue.length || (!closed && queue.length < 25)) continue;
        const size = Math.min(queue.length, closed ? Math.max(25, Math.ceil(queue.length / pool.length)) : 100, alone ? 100 : ahead - slot.held + 24);
        const batch = queue.splice(0, size);
        slot.posted.push(batch);
        slot.held += weight(batch);
        slot.worker.postMessage(batch);
        progress = true;
      }
    }
  };
  /** Starts threads up to what the texts waiting call for. */
  const grow = () => {
    const allowed = markdownWorkers(waiting.size, alongside, runtime);
    if (allowed < 1 || waiting.size < workerThreshold) return;
    const wanted = closed ? allowed : Math.min(allowed, Math.floor(waiting.size / workerThreshold));
    while (pool.length < wanted) {
      const worker = startWorker('markdown-worker', undefined, workerHeap(runtime));
      const slot: (typeof pool)[number] = { worker, posted: [], held: 0 };
      pool.push(slot);
      worker.on('message', (results: [key: string, html: string][]) => {
        slot.held -= weight(slot.posted.shift()!);
        dispatch();
        take(results);
      });
      worker.on('error', (error: Error & { code?: string }) => {
        if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY' || !slot.posted.length) return fail(error);
        // A text too large for a worker's heap (megabytes of Markdown in one file): its batch is rendered
        // here, where the heap has no such limit, and the batches posted after it go back to the queue for
        // the other threads.
        stats.rescued++;
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
        if (slot.posted.length && !stopped) fail(new Error(`a Markdown worker thread stopped (exit code ${code}) before it finished its texts`));
      });
    }
    stats.workers = Math.max(stats.workers, pool.length);
  };
  // Failures are seen through `done`; one that nobody awaits yet must not end the process.
  void done
    .catch(() => {})
    .then(() => {
      for (const { worker } of pool) void worker.terminate();
    });
  return {
    add: (items) => {
      for (const [key, text] of items) {
        if (waiting.has(key)) continue;
        waiting.add(key);
        queue.push([key, text]);
      }
      grow();
      dispatch();
    },
    has: (key) => waiting.has(key),
    close: () => {
      closed = true;
      if (waiting.size === 0) return settle();
      grow();
      // Too few to be worth a thread: rendered here.
      if (!pool.length) return renderRest(queue.splice(0));
      dispatch();
    },
    done,
    stop: async () => {
      stopped = true;
      // A thread out of the pool ran out of memory, and is gone already.
      await Promise.all(pool.map(({ worker }) => worker.terminate()));
    },
  };
}
