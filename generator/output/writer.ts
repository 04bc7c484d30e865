// How a staged output's files reach the disk: the Writer. The simple one places each file on the calling
// thread as it comes (TreeWriter, tree.ts); a large build hands them to a worker thread instead, so the main
// thread renders while the disk is busy (write-worker.ts). StagedOutput chooses by the number of pages.
// The worker pays where the main thread has pages to render while the disk is busy: a large site's builds
// (docs/performance.md, "What the speed rests on").
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers/start.ts';
import { TreeWriter, type Entry } from './tree.ts';
import type { WriterData, WriterMessage } from './write-worker.ts';

/** From this many pages a build writes in a worker thread: below it, starting one costs more than it saves. */
export const threadedFrom = { pages: 600 };

export interface Written {
  /** Each file's entry, as placed. */
  entries: Map<string, Entry>;
  written: number;
  kept: number;
  removed: number;
  /** The modification time of each folder of the tree but its root. */
  folders: [string, number][];
  /** Whether the last output held nothing its manifest does not list, when the writer checked it. */
  complete?: boolean;
  /** Each file that could not be placed, with what went wrong. */
  errors: [file: string, reason: string][];
}

export interface Writer {
  /** Places a file from its bytes. */
  place(file: string, contents: string | Uint8Array): void;
  /** Places the last output's file as it is (`entry` is its manifest's). */
  keep(file: string, entry: Entry): void;
  /** Resolves once what was handed over is far enough written that more holds no large backlog. */
  drain(): Promise<void>;
  /** The kept files the writer found changed in the last output (only when it checks them: `unchecked`). */
  refused(): Promise<string[]>;
  /** Finishes every write and removes what the tree held and this build did not place. */
  finish(): Promise<Written>;
  /** Stops writing, for a failed build. */
  stop(): Promise<void>;
}

/** In `data`, `root` is the staging folder, holding `taken` when it is the spare; `last` the last output. */
export function openWriter(data: WriterData, threaded?: boolean): Writer {
  if (threaded) return new ThreadWriter(data);
  // On this thread: each file placed as it comes, nothing to wait for, and every kept file checked already.
  const tree = new TreeWriter(data.root, data.taken, data.last);
  // Once stopped, what a stage still under way hands over is dropped: written, it would make the removed folder again.
  let stopped = false;
  return {
    place: (file, contents) => void (stopped || tree.place(file, contents)),
    keep: (file, entry) => void (stopped || tree.keep(file, entry)),
    drain: async () => {},
    refused: async () => [],
    finish: async () => ({ ...tree.finish(), errors: [] }),
    stop: async () => {
      stopped = true;
    },
  };
}

/** Characters from which an emitted text is encoded here and its bytes moved rather than copied. */
const largeText = 1 << 20;

class ThreadWriter implements Writer {
  private readonly worker: Worker;
  private readonly errors: Written['errors'] = [];
  private keeps: [string, Entry][] = [];
  /** Characters and bytes posted since the thread last said it had written everything. */
  private queued = 0;
  /** Who waits for each answer of the thread, in the order asked: it answers in the order it is asked. */
  private readonly waiting: ((reply: unknown) => void)[] = [];

  constructor(data: WriterData) {
    this.worker = startWorker('write-worker', data);
    // A file that could not be placed, or the thread's own failure (its folder); any other message is an answer.
    this.worker.on('message', (message: { error?: [string, string] }) => {
      if (message.error) this.errors.push(message.error);
      else this.waiting.shift()!(message);
    });
  }

  place(file: string, contents: string | Uint8Array): void {
    this.queued += contents.length;
    // Strings go as they are (the thread encodes them). A very large one (a blog index of thousands of posts)
    // is encoded here and its bytes moved: a copy would exist in both threads at once.
    if (typeof contents === 'string' && contents.length < largeText) return this.post({ file, data: contents });
    const data = typeof contents === 'string' ? Buffer.from(contents) : new Uint8Array(contents);
    this.worker.postMessage({ file, data }, [data.buffer]);
  }

  keep(file: string, entry: Entry): void {
    // In batches: a message per kept page costs more than keeping it.
    this.keeps.push([file, entry]);
    if (this.keeps.length >= 512) this.sendKeeps();
  }

  /** Waits for the thread when more than 32 MB is queued for it. */
  async drain(): Promise<void> {
    if (this.queued < 32 * 1024 * 1024) return;
    await this.ask('ping');
    this.queued = 0;
  }

  async refused(): Promise<string[]> {
    this.sendKeeps();
    return (await this.ask<{ files: string[] }>('refusals')).files;
  }

  async finish(): Promise<Written> {
    this.sendKeeps();
    const result = await this.ask<Omit<Written, 'entries' | 'errors'> & { entries: [string, Entry][] }>('flush');
    // Its last answer says everything is written: its heap is freed on its own while the output is swapped in.
    void this.worker.terminate();
    return { ...result, entries: new Map(result.entries), errors: this.errors };
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private sendKeeps(): void {
    if (this.keeps.length) this.post({ keeps: this.keeps });
    this.keeps = [];
  }

  private post(message: WriterMessage): void {
    this.worker.postMessage(message);
  }

  /** Asks the thread for `ask` and waits for its answer. */
  private ask<A>(ask: NonNullable<WriterMessage['ask']>): Promise<A> {
    return new Promise<A>((resolve) => {
      this.waiting.push((reply) => resolve(reply as A));
      this.post({ ask });
    });
  }
}
