// How texts become HTML: spread over worker threads while this thread renders pages (threads.ts), or, when
// they are too few for a thread, on this thread (renderHere, with remark from processor.ts). The renderer picks
// by the number of texts and the runtime the launcher describes.

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
  /** Each worker's heap limit, in MB (workerHeap in threads.ts). */
  workerHeapMb?: number;
}

/**
 * Renders texts on this thread, in small steps, so that busy workers are handed their next batch without
 * waiting for all of these. remark is loaded only now: a build that renders no text never loads it.
 */
export async function renderHere(items: [string, string][], accept: Accept): Promise<void> {
  const { markdownToHtml } = await import('./processor.ts');
  for (let i = 0; i < items.length; i += 16) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    accept(items.slice(i, i + 16).map(([key, text]) => [key, markdownToHtml(text)]));
  }
}
