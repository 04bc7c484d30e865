import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { hash } from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { BuildFailure, SiteError, framed, positionAt, siteError } from '../errors.ts';
import { notAFile, packageVersion, type Project } from '../project.ts';
import { Shards } from '../cache.ts';
import { classify, rules, type SourceKind } from './kinds.ts';
import { bodyLinks, type MarkdownLink } from './links.ts';
import { repeatedName } from './repeated-name.ts';
import { aliasProblem, aliasProblemWords } from './aliases.ts';
import { encodeSegment } from './pointer.ts';
import { bodyWords, codePoint, controlCharacter } from './text.ts';
import { slugLimit, slugOf, slugProblem } from './slug.ts';
import type { ContentSeen } from '../incremental/unchanged.ts';
import { referencesOf, type References } from '../admin/references.ts';

// gray-matter (with js-yaml) is loaded when a file must be parsed: a build whose files are all in the snapshot
// never needs it. The CLI's bundle holds it (bin/site.js), compiled from the code cache, because the calls below
// are plain require()s that esbuild can see; run from the TypeScript sources (the tests), Node loads them.
let frontMatter: ((text: string) => { data: unknown; content: string }) | undefined;
function loadFrontMatter(): NonNullable<typeof frontMatter> {
  const bundled = typeof require === 'function';
  const matter = (bundled ? require('gray-matter') : createRequire(import.meta.url)('gray-matter')) as typeof import('gray-matter');
  // gray-matter hands its options to js-yaml: with the core schema an unquoted 2026-09-22 stays the text written,
  // rather than a Date, which would turn 2026-02-31 into 3 March before validation could see it (content/dates.ts).
  // Passing options also turns off gray-matter's cache, which would otherwise keep every version of every file.
  const options = { schema: ((bundled ? require('js-yaml') : createRequire(import.meta.url)('js-yaml')) as { CORE_SCHEMA: unknown }).CORE_SCHEMA };
  return (text) => matter(text, options as object);
}

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
  /** Words a reader reads in the body (text.ts, wordCount), for .md files. */
  words?: number;
  /** A hash of the body, for .md files: the build's record compares a post's body by it, without reading the text again. */
  bodyHash?: string;
  /** The internal links of the body as written, for .md files (content/links.ts). */
  links?: MarkdownLink[];
  /**
   * For a file whose placeholders were resolved (content/facts.ts): a hash of each fact it names and its value,
   * so a change to a fact counts as a change to the file for incremental builds, although its text is the same.
   */
  factsKey?: string;
  /** A hash of `text`, computed when the file is read and kept in the snapshot, so an unchanged file is never hashed again. */
  textHash: string;
  /** Whether the text holds `{{` (a placeholder, content/facts.ts), known without reading the text. */
  placeholders?: boolean;
  /**
   * What the file offers other files and names in them, for the editor's index (admin/references.ts): kept in
   * the snapshot, so a build that changed one post does not walk every file's fields again. Only for a file
   * without placeholders, whose data is final as parsed.
   */
  references?: References;
  mtimeMs: number;
  size: number;
}

/**
 * Reads and parses every content file. Files whose size and modification time are those of an earlier load
 * are taken from it as they are, neither read nor parsed: from the dev server's memory (`previous`), or else
 * from the snapshot of the last load kept in .cache/content/. `seen`: the files and each one's size and time, when
 * the caller has just looked (incremental/unchanged.ts). `parsed` is told of each file read and parsed, as soon as
 * it is.
 */
export function loadContent(project: Project, previous?: Map<string, SourceFile>, seen?: ContentSeen, parsed?: (file: SourceFile) => void): { files: SourceFile[]; errors: SiteError[] } {
  // The CLI refuses a project without content/ (project.ts, notASite), but the dev server's may be deleted while it
  // runs: one problem, not one for every required file.
  const folder = fs.statSync(project.content, { throwIfNoEntry: false });
  if (!folder?.isDirectory()) return { files: [], errors: [siteError('CONTENT_FOLDER_MISSING', { folder: project.content, problem: folder ? 'is a file, not a folder' : 'is missing' })] };
  const errors: SiteError[] = [];
  const files: SourceFile[] = [];
  const store = snapshot(path.join(project.cache, 'content'));
  // Each of the snapshot's entries becomes a file (SnapshotFile) once it is known to be unchanged.
  const known: Map<string, SourceFile | SnapshotEntry> = previous ?? new Map(store.read().flat().map((entry) => [entry.rel, entry]));
  /** Snapshot shards holding a file that was read again, or one that is gone. */
  const stale = new Set<number>();
  const names = contentFiles(project.content).sort();
  const found = new Set(names);
  for (const rel of rules.requiredFiles) {
    const file = `content/${rel}`;
    if (!found.has(rel)) errors.push(siteError('CONTENT_MISSING_FILE', { file }, { file }));
  }
  for (const rel of names) {
    const file = `content/${rel}`;
    const source = classify(rel);
    if (!source) {
      errors.push(siteError('CONTENT_UNKNOWN_FILE', { places: rules.placesHint }, { file }));
      continue;
    }
    const misnamed = 'slug' in source ? fileNameError(source.slug, rel) : undefined;
    if (misnamed) errors.push(misnamed);
    const abs = path.join(project.content, rel);
    let stat: fs.Stats | { size: number; mtimeMs: number } | undefined;
    try {
      stat = seen?.get(abs) ?? fs.statSync(abs, { throwIfNoEntry: false });
    } catch {
      // A link that leads round in a loop (ELOOP), named.
      errors.push(notAFile(abs, file)!);
      continue;
    }
    if (!stat) {
      // A link to nothing (contentFiles lists it as a file); a file deleted since the folder was read is just gone.
      if (fs.lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink()) errors.push(siteError('CONTENT_DANGLING_LINK', { target: fs.readlinkSync(abs) }, { file }));
      continue;
    }
    const cached = known.get(rel);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
      files.push(previous ? (cached as SourceFile) : new SnapshotFile(cached as SnapshotEntry, source, project));
      continue;
    }
    stale.add(shardOf(rel, store.count));
    // The stamp's walk passes on what is not a regular file (unchanged.ts), so only a file looked at here can be one.
    const unreadable = stat instanceof fs.Stats && !stat.isFile() ? notAFile(abs, file) : undefined;
    if (unreadable) {
      errors.push(unreadable);
      continue;
    }
    const text = readText(abs);
    if (typeof text !== 'string') {
      errors.push(text.utf16 ? siteError('CONTENT_UTF_SIXTEEN', {}, { file }) : siteError('CONTENT_ENCODING', {}, framed(file, text.shown, positionAt(text.shown, text.shown.indexOf('\uFFFD')))));
      continue;
    }
    const loaded = parseFile(rel, source, text, stat);
    if (loaded instanceof SiteError) {
      errors.push(loaded);
      continue;
    }
    parsed?.(loaded);
    // Held as the snapshot holds it from here on, its text read again only when asked for: the build does not
    // keep every post's text in memory while it renders.
    files.push(new SnapshotFile(entryOf(loaded), source, project));
  }
  for (const rel of known.keys()) if (!found.has(rel)) stale.add(shardOf(rel, store.count));
  // Written now, before a later stage can touch the data; only the shards whose files changed. Loaded without
  // `previous`, every file is held as the snapshot holds it (a SnapshotFile).
  if (!previous && stale.size) writeSnapshot(store, files as SnapshotFile[], stale);
  return { files, errors };
}

/**
 * A character a file name that is a page's address may not hold: a link to `c#-guide` or `why?` leads to
 * /blog/c or /blog/why, `%` starts an escape, and spaces and the others are not allowed in an address as written.
 */
const unfitInAddress = /[\s#?%"<>\\^`{|}\p{Cc}]/u;

/**
 * CONTENT_FILE_NAME for a file whose name, its entry's slug, breaks the slug rule (content/slug.ts, which
 * `site new` follows too), or undefined. Of the characters the rule refuses, one an address cannot hold as
 * written is named first, then a capital letter. The editor's save (admin/local-backend.ts) asks it too.
 */
export function fileNameError(slug: string, rel: string): SiteError | undefined {
  const problem = slugProblem(slug);
  if (!problem) return undefined;
  const renamed = slugOf(slug) + path.posix.extname(rel);
  const rule = { how: 'with lowercase letters, digits and single hyphens', why: '; the file name is a slug, and site new and every slug in content follow the same rule' };
  const params =
    problem.kind === 'length'
      ? { problem: `is longer than ${slugLimit} characters`, ...rule }
      : problem.kind === 'hyphens'
        ? { problem: 'starts or ends with a hyphen, or has two together', ...rule }
        : characterProblem(problem.characters, rule);
  return siteError('CONTENT_FILE_NAME', { ...params, renamed }, { file: `content/${rel}` });
}

function characterProblem(characters: string[], rule: { how: string; why: string }) {
  const address = characters.find((c) => unfitInAddress.test(c));
  if (address) return { problem: `holds ${JSON.stringify(address)}, which a page address cannot hold as written`, how: 'with lowercase letters, digits and hyphens', why: '; links to it as it is named would lead to no page' };
  const capital = characters.find((c) => /\p{Lu}/u.test(c));
  if (capital) {
    return {
      problem: `holds ${JSON.stringify(capital)}, a capital letter`,
      how: 'in lower case',
      why: ': addresses are case-sensitive on the host, so a link written in lower case would lead to no page, and two files whose names differ only in case would clash on a disk that ignores case',
    };
  }
  return { problem: `holds ${JSON.stringify(characters[0])}, which a slug cannot hold`, ...rule };
}

/**
 * Whether a file of this name is content (READMEs are notes to editors); hidden names are passed over before. A
 * name that only a content file would have, misspelt (post.markdown, post.MD, city.JSON), is taken too: no kind
 * reads it, so it is named (CONTENT_UNKNOWN_FILE) rather than left out without a word.
 */
const isContent = (name: string) => /\.(json|md|markdown)$/i.test(name) && name.toLowerCase() !== 'readme.md';

/**
 * Paths under content/ of every JSON and Markdown file, but for the schemas, READMEs and hidden files and
 * folders (a walk of the folders: faster than a glob library for the one pattern there is). A symbolic link to
 * a folder is followed, unless the walk is inside that folder already: it would lead back to itself for ever.
 * The editor's configuration lists content/ with it too (admin/cms-config.ts).
 */
export function contentFiles(content: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string, ancestors: Set<string>) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const rel = prefix + entry.name;
      const abs = path.join(dir, entry.name);
      // A link is taken for what it leads to: a file, a folder, or nothing (a dangling link, read as a file).
      const real = entry.isSymbolicLink() ? realPath(abs) : undefined;
      if (real !== undefined && ancestors.has(real)) continue;
      const folder = real === undefined ? entry.isDirectory() : fs.statSync(real).isDirectory();
      if (!folder) {
        if (isContent(entry.name)) found.push(rel);
      } else if (rel !== 'schemas') walk(abs, `${rel}/`, new Set(ancestors).add(real ?? realPath(abs)!));
    }
  };
  if (fs.existsSync(content)) walk(content, '', new Set([realPath(content)!]));
  return found;
}

/** Where a path leads once every symbolic link is followed; undefined when it leads nowhere. */
function realPath(abs: string): string | undefined {
  try {
    return fs.realpathSync(abs);
  } catch {
    return undefined;
  }
}

/**
 * A content file's text, without the byte-order mark some editors write first (JSON.parse and the front
 * matter's opening --- do not look past it). Bytes that are not UTF-8, such as a file saved as Windows-1252,
 * come back as `shown`: the text as decoded, each such byte a U+FFFD, which would otherwise reach the site (and
 * `utf16` for a file saved as UTF-16, which is named as such: its frame would show stray bytes).
 */
function readText(abs: string): string | { shown: string; utf16: boolean } {
  const text = fs.readFileSync(abs, 'utf8');
  // UTF-16 saved without a byte-order mark: every content file starts with { or ---, which UTF-16 writes beside
  // a zero byte, and no UTF-8 content file starts with one.
  if (text.charCodeAt(0) === 0 || text.charCodeAt(1) === 0) return { shown: text, utf16: true };
  // A U+FFFD is written so or stands for bytes that are not UTF-8: only then are the bytes looked at, since
  // reading every file as bytes first made a cold build's reading of thousands of posts a third slower.
  const bytes = text.includes('\uFFFD') ? fs.readFileSync(abs) : undefined;
  // UTF-16 starts with its byte-order mark, FF FE or FE FF.
  if (bytes && !isUtf8(bytes)) return { shown: text, utf16: bytes.length > 1 && [0xfeff, 0xfffe].includes(bytes.readUInt16BE(0)) };
  return withoutMark(text);
}

const withoutMark = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * Parses one file's text exactly as a build would, without touching the disk: the content editor checks a
 * save with it before anything is written. Undefined for a path the generator does not read.
 */
export function parseSource(rel: string, text: string): SourceFile | SiteError | undefined {
  const source = classify(rel);
  return source && parseFile(rel, source, withoutMark(text), { mtimeMs: 0, size: Buffer.byteLength(text) });
}

function parseFile(rel: string, source: SourceKind, text: string, stat: { mtimeMs: number; size: number }): SourceFile | SiteError {
  const file = `content/${rel}`;
  const control = controlCharacter.exec(text);
  if (control) return siteError('CONTENT_CONTROL_CHARACTER', { character: codePoint(control[0]) }, framed(file, text, positionAt(text, control.index)));
  const parsed = rel.endsWith('.md') ? parseMarkdown(file, text) : parseJson(file, text);
  if (parsed instanceof SiteError) return parsed;
  const placeholders = text.includes('{{');
  const references = placeholders ? undefined : referencesOf(source, rel, parsed.data, (parsed as Partial<ParsedMarkdown>).links);
  return { path: file, rel, source, text, ...parsed, textHash: hashText(text), placeholders, references, mtimeMs: stat.mtimeMs, size: stat.size };
}

/** A short hash of a text, for fingerprints: not a secret, only a name for what went in. */
export function hashText(text: string): string {
  return hash('sha1', text, 'base64url');
}

type ParsedMarkdown = { data: unknown; body: string; words: number; bodyHash: string; links: MarkdownLink[] };

/**
 * The snapshot of the last load: every file as parsed, by path under content/, without its text. Reading
 * thousands of posts and parsing their front matter is most of a warm build's content stage; deserialising
 * what was parsed is a fraction of it. It is kept in shards by path, so an edit to one post writes a sixteenth
 * of it again. The text (and the body, which is the end of the text) is read from the file only when asked
 * for: a build that renders one post reads one post, and holds no other post's text.
 */
const snapshotVersion = `content-v20 gray-matter@${packageVersion('gray-matter')}`;
type SnapshotEntry = Omit<SourceFile, 'text' | 'body' | 'source'> & { bodyStart?: number };
const snapshot = (dir: string) => new Shards<SnapshotEntry[]>(dir, 'files', snapshotVersion);

function shardOf(rel: string, count: number): number {
  let h = 0;
  for (let i = 0; i < rel.length; i++) h = (h * 31 + rel.charCodeAt(i)) | 0;
  return (h >>> 0) % count;
}

/** What a file held as the snapshot has it needs to read its text when asked for. */
const unread = Symbol('unread');

/**
 * A file as the snapshot has it, whether taken from the snapshot or parsed in this build; its text and body are
 * read from the file each time they are asked for, and not kept: a large site's texts are never all in memory
 * at once (the Markdown session keeps the posts' HTML by hash, not by text). The fields are its own, copied
 * from the entry; `text` and `body` are getters of the class, not of each file: defining
 * two properties on each of thousands of objects took several times as long as making them, and left them
 * slower to read (V8 keeps such objects as dictionaries). A copy must keep the prototype (facts.ts does).
 */
// The fields but `text` and `body` are the entry's own, copied in the constructor.
interface SnapshotFile extends Omit<SourceFile, 'text' | 'body'> {}
class SnapshotFile {
  declare [unread]: { entry: SnapshotEntry; project: Project };

  constructor(entry: SnapshotEntry, source: SourceKind, project: Project) {
    // The copy keeps `bodyStart`, which nothing else reads.
    Object.assign(this, entry);
    this.source = source;
    Object.defineProperty(this, unread, { value: { entry, project } });
  }

  /**
   * The text of a file the snapshot says is unchanged (same size and modification time when the build began),
   * checked against the snapshot's hash. A file saved again while the build runs, or changed with its size and
   * time kept, fails the build rather than mixing its new text with its old fields; the snapshot is dropped, so
   * the next build reads every file afresh.
   */
  get text(): string {
    const { project, entry } = this[unread];
    const text = readText(path.join(project.content, entry.rel));
    if (typeof text !== 'string' || hashText(text) !== entry.textHash) {
      fs.rmSync(path.join(project.cache, 'content'), { recursive: true, force: true });
      throw new BuildFailure('content', [siteError('CONTENT_CHANGED_DURING_BUILD', {}, { file: entry.path })]);
    }
    return text;
  }

  get body(): string | undefined {
    const { bodyStart } = this[unread].entry;
    return bodyStart === undefined ? undefined : this.text.slice(bodyStart);
  }
}

function writeSnapshot(store: Shards<SnapshotEntry[]>, files: SnapshotFile[], stale: Set<number>): void {
  const byShard = new Map([...stale].map((i) => [i, [] as SnapshotEntry[]]));
  // Each file is written again as its entry is, without reading its text.
  for (const file of files) byShard.get(shardOf(file.rel, store.count))?.push(file[unread].entry);
  try {
    for (const [i, entries] of byShard) store.write(i, entries);
  } catch {
    // a snapshot that cannot be written only makes the next build slower
  }
}

/** A parsed file as the snapshot keeps it. A body is the end of its text (gray-matter slices it off the text). */
function entryOf(file: SourceFile): SnapshotEntry {
  const { text, body, source: _source, ...fields } = file;
  return body === undefined ? fields : { ...fields, bodyStart: text.length - body.length };
}

/** A JSON file's data, or the problem with its text named at its place (`file` as errors show it). */
export function parseJson(file: string, text: string): { data: unknown } | SiteError {
  try {
    return readJson(file, text);
  } catch (error) {
    // jsonc-parser, which looks for repeated names and places a syntax error, recurses once a level: thousands of
    // levels (JSON.parse reads them) run it out of stack, which stopped the build with a stack trace.
    if (!(error instanceof RangeError)) throw error;
    return siteError('CONTENT_JSON_DEPTH', {}, { file, line: 1, column: 1 });
  }
}

function readJson(file: string, text: string): { data: unknown } | SiteError {
  try {
    const data: unknown = JSON.parse(text);
    const twice = repeatedName(text, data);
    if (!twice) return { data };
    return siteError('CONTENT_REPEATED_FIELD', { name: twice.name }, { pointer: twice.pointer, ...framed(file, text, positionAt(text, twice.offset)) });
  } catch (error) {
    // Valid JSON that ran the search for repeated names out of stack: not a syntax error.
    if (error instanceof RangeError) throw error;
    // An empty file (one a tool truncated) would be "value expected", at its end.
    if (!text.trim()) return siteError('CONTENT_JSON_SYNTAX', { problem: 'the file is empty' }, { file, line: 1, column: 1 });
    // JSON.parse says little about where; jsonc-parser gives the offset and a name for the problem.
    const problems: ParseError[] = [];
    parseJsonc(text, problems, { disallowComments: true, allowTrailingComma: false });
    const first = problems[0] ?? { error: 0, offset: 0, length: 0 };
    // Its name in words: ValueExpected is "value expected", InvalidSymbol "unexpected character".
    const words = printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    const problem = words.replace(/^invalid symbol$/, 'unexpected character');
    return siteError('CONTENT_JSON_SYNTAX', { problem }, framed(file, text, positionAt(text, first.offset)));
  }
}

function parseMarkdown(file: string, text: string): ParsedMarkdown | SiteError {
  // An empty file (one a tool truncated) is said to be so, as an empty JSON file is, not "has no front matter".
  if (!text.trim()) return siteError('CONTENT_EMPTY_MARKDOWN', {}, { file, line: 1, column: 1 });
  if (!/^---\r?\n/.test(text)) {
    return siteError('CONTENT_NO_FRONT_MATTER', {}, { file, line: 1, column: 1 });
  }
  // gray-matter's test for the closing line: without one it reads the whole text as YAML.
  if (text.indexOf('\n---', 3) < 0) return siteError('CONTENT_FRONT_MATTER_UNCLOSED', {}, framed(file, text, { line: 1, column: 1 }));
  try {
    const { data, content: body } = (frontMatter ??= loadFrontMatter())(text);
    const aliased = aliasedField(file, text, data);
    if (aliased) return aliased;
    const words = bodyWords(body);
    if (words instanceof SiteError) return Object.assign(words, framed(file, text, positionAt(text, text.length - body.length)));
    const links = bodyLinks(text).map(([target, offset]): MarkdownLink => [detached(target), offset]);
    return { data, body, words, bodyHash: hashText(body), links };
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    // js-yaml counts from 0, and its first line is what follows the opening --- on its line (gray-matter keeps the line break).
    // Its column can be below 0 (a repeated key whose value is on the next line).
    const where = mark ? { line: mark.line + 1, column: Math.max(1, mark.column + 1) } : { line: 1, column: 1 };
    // js-yaml reads a tab that indents a field as part of the line and fails on the line after it, as bad
    // indentation; the tab is the mistake, and the first one up to there is named.
    const tabbed = text.split('\n').slice(1, where.line).findIndex((line) => /^ *\t/.test(line));
    if (tabbed >= 0) return siteError('CONTENT_FRONT_MATTER_TAB', {}, framed(file, text, { line: tabbed + 2, column: 1 }));
    const quote = quoteProblem(text, where.line);
    if (quote) return siteError(quote.after ? 'CONTENT_FRONT_MATTER_AFTER_QUOTE' : 'CONTENT_FRONT_MATTER_QUOTE', { quote: quote.mark }, framed(file, text, quote));
    const reason = (error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0];
    // A repeated field is reported as in JSON; js-yaml marks the line of its second key (in block style).
    const repeated = reason === 'duplicated mapping key' && /^(\s*)["']?([^\s"':#]+)["']?\s*:/.exec(text.split('\n')[where.line - 1]);
    if (repeated) return siteError('CONTENT_REPEATED_FIELD', { name: repeated[2] }, framed(file, text, { line: where.line, column: repeated[1].length + 1 }));
    return siteError('CONTENT_FRONT_MATTER', { reason }, framed(file, text, where));
  }
}

/**
 * CONTENT_FRONT_MATTER_ALIASES for front matter whose aliases hold a value inside itself or write out past the
 * limit (content/aliases.ts), placed at the top-level field's line; undefined for any other.
 */
function aliasedField(file: string, text: string, data: unknown): SiteError | undefined {
  const found = typeof data === 'object' && data !== null && aliasProblem(data as Record<string, unknown>);
  if (!found) return undefined;
  const { key } = found;
  const problem = aliasProblemWords(found);
  // The key as written at the start of its line, bare or quoted; the first line is the opening ---.
  const index = text.split('\n').findIndex((line, i) => i > 0 && [key, `"${key}"`, `'${key}'`].some((name) => line.startsWith(name) && /^\s*:/.test(line.slice(name.length))));
  return siteError('CONTENT_FRONT_MATTER_ALIASES', { problem }, { pointer: `/${encodeSegment(key)}`, ...framed(file, text, { line: index > 0 ? index + 1 : 1, column: 1 }) });
}

/**
 * A quoted front matter value that js-yaml failed on (`failed` is its line) past where the mistake is:
 * - a quote not closed on its line, when the value runs on to `failed`: it goes on to the next quote of the file,
 *   lines later, and js-yaml fails there. A value closed on a later line, before that, is a value written over lines;
 * - text after the closing quote (`after`), as in `title: "The "real" cost"`: js-yaml fails on the next line.
 */
function quoteProblem(text: string, failed: number): { line: number; column: number; mark: string; after?: boolean } | undefined {
  let start = text.indexOf('\n') + 1;
  for (let line = 2; line <= failed; line++) {
    const end = text.indexOf('\n', start);
    const opened = /^(\s*(?:-\s+)?[^\s"'#:-][^:]*:[ \t]+)(["'])/.exec(text.slice(start, end < 0 ? undefined : end));
    if (opened) {
      const mark = opened[2];
      // Inside double quotes a backslash escapes the next character; inside single quotes '' is one quote.
      const closing = (mark === '"' ? /\\[\s\S]|"/g : /''|'/g);
      closing.lastIndex = start + opened[1].length + 1;
      let close: RegExpExecArray | null;
      while ((close = closing.exec(text)) && close[0] !== mark);
      const closedOn = close ? positionAt(text, close.index).line : Infinity;
      if (closedOn > line && closedOn >= failed && line < failed) return { line, column: opened[1].length + 1, mark };
      // On the same line, only a comment may follow the closing quote.
      const rest = close && closedOn === line ? text.slice(close.index + 1, end < 0 ? undefined : end) : '';
      const after = /^\s*(?=[^\s#])/.exec(rest);
      if (after) return { ...positionAt(text, close!.index + 1 + after[0].length), mark, after: true };
    }
    if (end < 0) break;
    start = end + 1;
  }
  return undefined;
}

/**
 * A copy of a piece of a text that does not keep the text in memory. V8 keeps a longer piece as a view into
 * the whole text, and a file's links outlive its text (the text is read again when asked for: SnapshotFile).
 */
const detached = (piece: string) => Buffer.from(piece).toString();
