// Markdown to HTML with a content-addressed cache and, for large cold builds, worker threads.
//
// remark costs about 2 ms a post here, which is most of a cold build of thousands of posts (PERFORMANCE.md).
// So each text is rendered once ever: results are kept in .cache/markdown/ keyed by a hash of the text and the
// processor's versions, and what is missing is spread over one worker per core when there is enough of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { packageVersion, type Project } from '../project.ts';

const version = ['remark', 'remark-html'].map((name) => `${name}@${packageVersion(name)}`).join(' ') + ' unsanitised';

/** Below this many uncached texts, starting workers costs more than it saves. */
const workerThreshold = 150;

export interface MarkdownStats {
  total: number;
  cached: number;
  rendered: number;
  threads: number;
}

let memory: { file: string; entries: Map<string, string> } | undefined;

export function markdownKey(markdown: string): string {
  return createHash('sha256').update(version).update('\0').update(markdown).digest('base64url').slice(0, 27);
}

export async function renderMarkdown(project: Project, texts: Iterable<string>): Promise<{ html: Map<string, string>; stats: MarkdownStats }> {
  const cacheFile = path.join(project.cache, 'markdown', 'rendered.json');
  if (memory?.file !== cacheFile) memory = { file: cacheFile, entries: readCache(cacheFile) };
  const cache = memory.entries;

  const html = new Map<string, string>();
  const used = new Map<string, string>();
  const missing = new Map<string, string>();
  for (const text of texts) {
    if (html.has(text)) continue;
    const key = markdownKey(text);
    const hit = cache.get(key);
    if (hit !== undefined) {
      html.set(text, hit);
      used.set(key, hit);
    } else {
      missing.set(key, text);
    }
  }
  const stats: MarkdownStats = { total: html.size + missing.size, cached: html.size, rendered: missing.size, threads: 1 };

  // remark is loaded only when something is not cached: importing it costs more than a warm build's render.
  const fresh =
    missing.size === 0
      ? []
      : missing.size >= workerThreshold && os.availableParallelism() > 1
        ? await renderInWorkers([...missing], stats)
        : await renderHere([...missing]);
  for (const [key, result] of fresh) {
    html.set(missing.get(key)!, result);
    used.set(key, result);
    cache.set(key, result);
  }
  if (missing.size > 0 || used.size !== cache.size) {
    // Keep only what this build used, so the cache holds one site's worth and never grows without bound.
    memory.entries = used;
    writeCache(cacheFile, used);
  }
  return { html, stats };
}

async function renderHere(items: [string, string][]): Promise<[string, string][]> {
  const { markdownToHtml } = await import('./processor.ts');
  return items.map(([key, text]) => [key, markdownToHtml(text)]);
}

function readCache(file: string): Map<string, string> {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string; entries: Record<string, string> };
    return data.version === version ? new Map(Object.entries(data.entries)) : new Map();
  } catch {
    return new Map();
  }
}

function writeCache(file: string, entries: Map<string, string>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ version, entries: Object.fromEntries(entries) }));
  fs.renameSync(tmp, file);
}

function startWorker(): Worker {
  // In the CLI bundle the worker is a sibling entry named markdown-worker.mjs. Under tsx (tests) this module
  // is TypeScript, and a worker does not inherit tsx's loader, so it registers tsx before importing worker.ts.
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./markdown-worker.mjs', import.meta.url));
  const source = new URL('./worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`, { eval: true });
}

async function renderInWorkers(items: [string, string][], stats: MarkdownStats): Promise<[string, string][]> {
  const threads = Math.min(os.availableParallelism(), 4, Math.ceil(items.length / workerThreshold));
  stats.threads = threads;
  // Small batches keep every thread busy to the end even when posts differ in length.
  const batchSize = Math.max(25, Math.ceil(items.length / (threads * 8)));
  const batches: [string, string][][] = [];
  for (let i = 0; i < items.length; i += batchSize) batches.push(items.slice(i, i + batchSize));
  const results: [string, string][] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: threads }, () => {
      const worker = startWorker();
      return new Promise<void>((resolve, reject) => {
        const send = () => {
          if (next >= batches.length) {
            void worker.terminate().then(() => resolve());
            return;
          }
          const id = next++;
          worker.postMessage({ id, items: batches[id] });
        };
        worker.on('message', (message: { results: [string, string][] }) => {
          results.push(...message.results);
          send();
        });
        worker.on('error', reject);
        send();
      });
    }),
  );
  return results;
}
