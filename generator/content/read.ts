// The content stage: every file read, its placeholders resolved, validated against its schema. The Markdown
// workers start here on the posts whose files changed since the last build: in a cold build on each post as
// soon as its file is read, otherwise once all are.
import { failIfAny } from '../errors.ts';
import type { Project } from '../project.ts';
import { loadContent, type SourceFile } from './load.ts';
import { followsFromFacts, resolveFacts } from './facts.ts';
import { validateContent } from './validate.ts';
import { rules } from './kinds.ts';
import { unchangedSince, type BuildRecord } from '../incremental/record.ts';
import type { ContentSeen } from '../incremental/unchanged.ts';
import type { LiveState } from '../incremental/stages.ts';
import type { MarkdownSession } from '../markdown/render.ts';

/**
 * The bodies of the Markdown entries with pages (posts) whose HTML started while content was checked, by their
 * files' paths; how long the workers took over them; and any entry's body, read from its file.
 */
export interface EarlyBodies {
  files: Set<string>;
  ready: AsyncIterable<string[]>;
  workers?: { ms: number };
  bodyOf(file: string): string;
}

/**
 * Reads, resolves and validates the content. The bodies of Markdown entries need no validation, so the Markdown workers start
 * on the posts whose files changed since the last build as soon as the files are read, and run while
 * everything else is checked and prepared.
 */
export async function readContent(project: Project, previous: BuildRecord | undefined, markdown: MarkdownSession, live: LiveState | undefined, seen?: ContentSeen) {
  const started = performance.now();
  const streamed = (f: SourceFile) => rules.markdownCollections.has(f.source.kind);
  // A cold build (no record of an earlier one) hands each post to the workers as soon as its file is read. A
  // post with a placeholder waits for the facts, which are read later, and joins the same feed then.
  const early = !live && !previous ? markdown.feed() : undefined;
  const fed = new Set<string>();
  const loaded = loadContent(project, live?.sources, seen, (file) => {
    if (!early || !streamed(file) || file.placeholders) return;
    fed.add(file.path);
    early.add(file.path, file.body ?? '');
  });
  const resolved = resolveFacts(loaded.files);
  // Each file is looked up in the record once: the validators, the posts and the checks across files ask.
  const changed = new Set(previous ? resolved.files.filter((f) => !unchangedSince(previous, f)) : resolved.files);
  const changedBodies = [...changed].filter(streamed);
  const byPath = new Map(resolved.files.map((f) => [f.path, f]));
  const bodyOf = (file: string) => byPath.get(file)?.body ?? '';
  // The changed posts not handed over yet join the early feed, or else a feed of their own.
  const feed = early ?? markdown.feed();
  for (const f of changedBodies) if (!fed.has(f.path)) feed.add(f.path, bodyOf(f.path));
  feed.close();
  const posts: EarlyBodies = {
    files: new Set(changedBodies.map((f) => f.path)),
    ready: timed(feed.ready, () => markdown.stats.workers > 0 && (posts.workers = { ms: performance.now() - started })),
    bodyOf,
  };
  // Files as the last successful build read them passed the same validators then.
  const passed = previous?.validated ? { key: previous.validated, files: (f: SourceFile) => !changed.has(f) } : undefined;
  const validation = await validateContent(project, resolved.files, passed);
  const followOn = followsFromFacts(loaded.files, resolved, [...loaded.errors, ...validation.errors]);
  failIfAny('content', [...loaded.errors, ...[...resolved.errors, ...validation.errors].filter((e) => !followOn(e))]);
  // `loaded`: the files as written, which the dev server keeps; placeholders are resolved again on every build.
  return { files: resolved.files, loaded: loaded.files, changed, posts, validated: validation.key };
}

/** Calls `done` when the stream ends, however it ends. */
async function* timed<T>(stream: AsyncIterable<T>, done: () => unknown): AsyncIterable<T> {
  try {
    yield* stream;
  } finally {
    done();
  }
}

