// How texts become HTML, behind one interface. The plain renderer runs remark on this thread (processor.ts);
// the threaded one (threads.ts) spreads a large batch over worker threads while this thread renders pages. The
// session (render.ts) picks one by the size of the work and the runtime the launcher describes.

/** Texts with their HTML, as it arrives. */
export type Accept = (results: [key: string, text: string, html: string][]) => void;

/** Texts added as they come, their HTML handed to the renderer's `accept` batch by batch. */
export interface MarkdownRenderer {
  /** Texts to render, by key; one added already and not yet rendered is left out. */
  add(items: [key: string, text: string][]): void;
  /** Whether a text was added and its HTML is not yet here. */
  has(key: string): boolean;
  /** No more texts: `done` settles once every one added is rendered, and fails if rendering does. */
  close(): void;
  done: Promise<void>;
}

/** What the launcher decides about threads, passed to the build rather than read from the process. */
export interface MarkdownRuntime {
  /** Worker threads whatever the work (0: none); undefined: chosen by the number of texts and the cores. */
  threads?: number;
  cores: number;
  /** Each worker's heap limit, in MB (workerHeap in threads.ts). */
  workerHeapMb?: number;
}

/** Renders every text added on this thread, once closed. */
export function plainRenderer(accept: Accept): MarkdownRenderer {
  const waiting = new Map<string, string>();
  let settle: (error?: unknown) => void = () => {};
  const done = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))));
  done.catch(() => {});
  return {
    add: (items) => {
      for (const [key, text] of items) waiting.set(key, text);
    },
    has: (key) => waiting.has(key),
    close: () =>
      void renderHere([...waiting], (results) => {
        for (const [key] of results) waiting.delete(key);
        accept(results);
      }).then(() => settle(), settle),
    done,
  };
}

/**
 * Renders texts on this thread, in small steps, so that busy workers are handed their next batch without
 * waiting for all of these. remark is loaded only now: a build that renders no text never loads it.
 */
export async function renderHere(items: [string, string][], accept: Accept): Promise<void> {
  const { markdownToHtml } = await import('./processor.ts');
  for (let i = 0; i < items.length; i += 16) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    accept(items.slice(i, i + 16).map(([key, text]) => [key, text, markdownToHtml(text)]));
  }
}
