import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { SiteError, codeFrame, positionAt } from '../errors.ts';
import { packageVersion, type Project } from '../project.ts';
import { writeFileAtomic } from '../cache.ts';
import { classify, placesHint, requiredFiles, type SourceKind } from './sources.ts';

export interface SourceFile {
  /** Path from the project root, forward slashes: content/cities/perth.json */
  path: string;
  /** Path from content/: cities/perth.json */
  rel: string;
  source: SourceKind;
  text: string;
  /** The parsed JSON, or the front matter of a Markdown file. */
  data: unknown;
  /** The Markdown body, for .md files. */
  body?: string;
  /** Words in the body (runs of characters between spaces and line breaks), for .md files. */
  words?: number;
  /**
   * For a file whose placeholders were resolved (content/facts.ts): a hash of each fact it names and its value,
   * so a change to a fact counts as a change to the file for incremental builds, although its text is the same.
   */
  factsKey?: string;
  /** Lines before the front matter's first key (1 for the opening ---), to map front matter positions. */
  frontMatterLine?: number;
  mtimeMs: number;
  size: number;
}

export interface LoadResult {
  files: SourceFile[];
  errors: SiteError[];
}

/**
 * Reads and parses every content file. A cache of earlier results (from the dev server) is reused for files
 * whose size and mtime have not changed, so a rebuild re-reads only what was edited.
 */
export function loadContent(project: Project, previous?: Map<string, SourceFile>): LoadResult {
  const errors: SiteError[] = [];
  const files: SourceFile[] = [];
  const frontMatter = FrontMatterCache.for(path.join(project.cache, 'content', 'front-matter.json'));
  const names = fg
    .sync('**/*.{json,md}', { cwd: project.content, ignore: ['schemas/**', '**/README.md'], onlyFiles: true })
    .sort();
  const found = new Set(names);
  for (const rel of requiredFiles()) {
    if (!found.has(rel)) {
      errors.push(
        new SiteError({
          code: 'CONTENT_MISSING_FILE',
          file: `content/${rel}`,
          message: 'is missing',
          hint: `Every site needs content/${rel}. Run \`site new\` for starters of pages with many copies, or copy the file from the generator's own content folder.`,
        }),
      );
    }
  }
  for (const rel of names) {
    const file = `content/${rel}`;
    const source = classify(rel);
    if (!source) {
      errors.push(new SiteError({ code: 'CONTENT_UNKNOWN_FILE', file, message: 'is not read by the generator', hint: placesHint }));
      continue;
    }
    const abs = path.join(project.content, rel);
    const stat = fs.statSync(abs);
    const cached = previous?.get(rel);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
      files.push(cached);
      continue;
    }
    const text = fs.readFileSync(abs, 'utf8');
    const parsed = rel.endsWith('.md') ? (frontMatter.get(rel, stat, text) ?? frontMatter.set(rel, stat, text, parseMarkdown(file, text))) : parseJson(file, text);
    if (parsed instanceof SiteError) {
      errors.push(parsed);
      continue;
    }
    files.push({ path: file, rel, source, text, ...parsed, mtimeMs: stat.mtimeMs, size: stat.size });
  }
  frontMatter.save(found);
  return { files, errors };
}

type ParsedMarkdown = { data: unknown; body: string; frontMatterLine: number; words: number };
type CacheEntry = [mtimeMs: number, size: number, data: unknown, bodyStart: number, frontMatterLine: number, words: number];

/**
 * Front matter parsed in earlier builds, kept in the project's cache by file, size and modification time (as
 * the dev server keeps whole files in memory). Reading thousands of posts is cheap; parsing their YAML is
 * most of the cost of loading them, so a file that has not changed is read but not parsed again.
 */
class FrontMatterCache {
  private static readonly version = `gray-matter@${packageVersion('gray-matter')} 2`;
  /** By path under content/: modification time, size, front matter, where the body starts, its first line, its words. */
  private entries = new Map<string, CacheEntry>();
  private changed = false;
  /** One per cache file and process, so the dev server reads it once. */
  private static readonly open = new Map<string, FrontMatterCache>();

  static for(file: string): FrontMatterCache {
    let cache = FrontMatterCache.open.get(file);
    if (!cache) FrontMatterCache.open.set(file, (cache = new FrontMatterCache(file)));
    return cache;
  }

  private constructor(private readonly file: string) {
    try {
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string; entries: [string, CacheEntry][] };
      if (saved.version === FrontMatterCache.version) this.entries = new Map(saved.entries);
    } catch {
      // none yet, or unreadable: parse everything
    }
  }

  get(rel: string, stat: fs.Stats, text: string): ParsedMarkdown | undefined {
    const entry = this.entries.get(rel);
    if (!entry || entry[0] !== stat.mtimeMs || entry[1] !== stat.size || entry[3] > text.length) return undefined;
    return { data: entry[2], body: text.slice(entry[3]), frontMatterLine: entry[4], words: entry[5] };
  }

  set(rel: string, stat: fs.Stats, text: string, parsed: ParsedMarkdown | SiteError): ParsedMarkdown | SiteError {
    // The body is the end of the text, so only where it starts is kept.
    if (!(parsed instanceof SiteError) && text.endsWith(parsed.body)) {
      this.entries.set(rel, [stat.mtimeMs, stat.size, parsed.data, text.length - parsed.body.length, parsed.frontMatterLine, parsed.words]);
      this.changed = true;
    }
    return parsed;
  }

  /** Writes the cache when it changed, keeping only files that still exist. Written now, before anything can touch the data. */
  save(present: Set<string>): void {
    for (const rel of this.entries.keys()) {
      if (present.has(rel)) continue;
      this.entries.delete(rel);
      this.changed = true;
    }
    if (!this.changed) return;
    this.changed = false;
    try {
      writeFileAtomic(this.file, JSON.stringify({ version: FrontMatterCache.version, entries: [...this.entries] }));
    } catch {
      // a cache that cannot be written only makes the next build slower
    }
  }
}

function parseJson(file: string, text: string): { data: unknown } | SiteError {
  try {
    return { data: JSON.parse(text) };
  } catch {
    // JSON.parse says little about where; jsonc-parser gives the offset and a name for the problem.
    const problems: ParseError[] = [];
    parseJsonc(text, problems, { disallowComments: true, allowTrailingComma: false });
    const first = problems[0] ?? { error: 0, offset: 0, length: 0 };
    const { line, column } = positionAt(text, first.offset);
    return new SiteError({
      code: 'CONTENT_JSON_SYNTAX',
      file,
      line,
      column,
      message: `is not valid JSON: ${describeJsonError(printParseErrorCode(first.error))}`,
      frame: codeFrame(text, line, column),
      hint: 'JSON needs double quotes around names and strings, commas between items and none after the last one, and no comments.',
    });
  }
}

function describeJsonError(code: string): string {
  return code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^invalid symbol$/, 'unexpected character');
}

function parseMarkdown(file: string, text: string): ParsedMarkdown | SiteError {
  if (!/^---\r?\n/.test(text)) {
    return new SiteError({
      code: 'CONTENT_FRONT_MATTER',
      file,
      line: 1,
      column: 1,
      message: 'has no front matter',
      hint: 'Start the file with a block of fields between two lines of ---, such as:\n---\ntitle: "..."\n---',
    });
  }
  try {
    // Passing options turns off gray-matter's cache, which would otherwise keep every version of every file.
    const result = matter(text, {});
    return { data: normaliseDates(result.data), body: result.content, frontMatterLine: 1, words: countWords(result.content) };
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const line = mark ? mark.line + 2 : 1;
    const column = mark ? mark.column + 1 : 1;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0];
    return new SiteError({
      code: 'CONTENT_FRONT_MATTER',
      file,
      line,
      column,
      message: `front matter is not valid YAML: ${reason}`,
      frame: codeFrame(text, line, column),
      hint: 'Put text that contains a colon, a # or starts with a quote or bracket in double quotes.',
    });
  }
}

/** Words for reading times: counting 4,000 posts' bodies takes about 0.15 s here, so it is cached with the front matter. */
function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** YAML reads an unquoted 2026-01-02 as a Date; turn it back into the text the editor wrote. */
function normaliseDates(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(normaliseDates);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseDates(v)]));
  }
  return value;
}
