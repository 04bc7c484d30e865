// Bundled into /admin/formats.js, loaded after decap-cms.js and before it starts: how the editor writes content
// files on the live site. With the GitHub or git-gateway backend Decap turns an entry into file text in the
// browser (Backend.entryToRaw, through the format named in config.yml), so this is where the repository's
// layout is kept: the same generator/admin/keep-layout.ts the local backend uses writes only the changed values into the text
// the file had, so an entry saved unchanged stays byte-identical.
//
// A format's toFile is given the entry's data but not its file. Decap's persistEntry fires the preSave event
// with the entry (its path and `raw`, the file's text as loaded) and then, with no wait in between for an
// existing entry, calls entryToRaw; so the listener leaves that text for the next toFile, which takes it.
import yaml from 'js-yaml';
import { frontMatterPattern, jsonInLayout, markdownInLayout } from '../../generator/admin/keep-layout.ts';
import { aliasProblem, aliasProblemWords } from '../../generator/content/aliases.ts';
import { encodeSegment } from '../../generator/content/pointer.ts';
import { changeBackends } from './backends.ts';

interface EntryMap {
  get(key: 'raw' | 'path'): string | undefined;
  get(key: 'newRecord'): boolean | undefined;
}

interface Format {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>, sortedKeys?: string[]): string;
}

interface Backend {
  getEntry(path: string): Promise<{ file: { path: string }; data: string }>;
}

declare const CMS: {
  registerCustomFormat(name: string, extension: string, format: Format): void;
  registerEventListener(listener: { name: 'preSave' | 'preUnpublish'; handler: (event: { entry: EntryMap }) => void }): void;
};

/** The text of the entry being saved, set by preSave and taken by the toFile that follows it. */
let saving: { original: string | undefined } | undefined;

function takeOriginal(): string | undefined {
  const original = saving?.original;
  saving = undefined;
  return original;
}

/** Top-level keys in the order of the collection's fields (the schema's order), "$schema" first. */
function ordered(data: Record<string, unknown>, sortedKeys: string[] = []): Record<string, unknown> {
  const rank = new Map(sortedKeys.map((key, i) => [key, i]));
  const position = (key: string) => (key === '$schema' ? -1 : (rank.get(key) ?? Infinity));
  const keys = Object.keys(data).sort((a, b) => position(a) - position(b));
  return Object.fromEntries(keys.map((key) => [key, data[key]]));
}

/** A file's text as the build reads it: without the byte-order mark some editors write first (content/load.ts). */
const withoutMark = (text: string) => text.replace(/^\uFEFF/, '');

/** How a refusal ends for a file the editor cannot read: opened, it would show an empty form. */
const notOpened = "The editor does not open it: its form would be empty, and publishing that would write over the file. Correct the file itself; the site's build refuses it as it is, too.";

/**
 * Front matter as the build reads it (generator/content/load.ts): gray-matter parses it with the same js-yaml bundled
 * here, with the core schema, so a date stays the text written (js-yaml's own Dates made 0050-01-01 1950-01-01).
 * gray-matter itself needs Node's Buffer. Front matter the build refuses is refused here too (RefusedFrontMatter):
 * not closed, not valid YAML, or with aliases that write it out past the build's limit, before anything walks it.
 * `file` names it in the words.
 */
function frontMatter(marked: string, file?: string): { data: Record<string, unknown>; body: string } {
  const text = withoutMark(marked);
  const match = frontMatterPattern.exec(text);
  if (!match && /^---\r?\n/.test(text)) throw new RefusedFrontMatter(`${file ?? 'The file'} has front matter that no line of --- closes, with its text below. ${notOpened}`);
  if (!match) return { data: {}, body: text };
  let data: Record<string, unknown>;
  try {
    data = (yaml.safeLoad(match[1], { schema: yaml.CORE_SCHEMA }) ?? {}) as Record<string, unknown>;
  } catch (error) {
    // js-yaml counts lines from the front matter's first, which is the file's second.
    const { reason = (error as Error).message, mark } = error as { reason?: string; mark?: { line: number; column: number } };
    throw new RefusedFrontMatter(`${file ?? 'The file'} has front matter that is not valid YAML: ${reason}${mark ? ` at line ${mark.line + 2}, column ${mark.column + 1}` : ''}. ${notOpened}`);
  }
  const found = typeof data === 'object' && data !== null ? aliasProblem(data) : undefined;
  if (found) throw new RefusedFrontMatter(`${file ? `${file} ` : 'The field '}/${encodeSegment(found.key)} ${aliasProblemWords(found)}. The editor does not open it, as the page would stop responding. Write each value out in full in the file itself, without anchors (&name) and aliases (*name); the site's build refuses the file as it is, too.`);
  return { data, body: text.slice(match[0].length) };
}

/**
 * Front matter the editor does not open, with the words that say why. Among it, front matter whose YAML aliases
 * (*name) write it out past the build's limit or make a value hold itself (generator/content/aliases.ts, by which
 * the build refuses it): js-yaml reads it at once, but Decap walks every value as it lists a collection or opens
 * an entry, and the tab would stop responding.
 */
class RefusedFrontMatter extends Error {}

// Decap catches what a format's fromFile throws and opens the entry with an empty form, which a Publish would then
// write over the file. So the backends refuse an entry whose text the formats cannot read as they load it, and
// Decap says why instead of showing the form: "Failed to load entry: …", and the words where the form would be.
changeBackends<Backend>((backend) => {
  const getEntry = backend.getEntry.bind(backend);
  backend.getEntry = async (path: string) => {
    const loaded = await getEntry(path);
    if (/\.(md|markdown)$/i.test(path)) frontMatter(loaded.data, path);
    if (/\.json$/i.test(path)) {
      try {
        JSON.parse(withoutMark(loaded.data));
      } catch (error) {
        throw new Error(`${path} is not valid JSON: ${(error as Error).message}. ${notOpened}`);
      }
    }
    return loaded;
  };
});

// Under `site serve` each save carries the file's text as the entry had it when opened (`base`), and the local
// backend refuses it when the file holds other text now: saved since in another tab or by hand, it would be
// written over without a word. Decap keeps an entry's text as first loaded after the entry is saved, so the text
// this page's own save wrote is the base of its next save of that entry: kept by file, with the text it replaced.
// A deletion carries the same base (Decap fires preUnpublish with the entry before it deletes it), so that work
// saved since elsewhere is not deleted unseen either.
const localApi = '/admin/api/v1'; // generator/admin/local-backend.ts apiPath
/** By file: the text the entry being saved was opened with, and the text its save is based on. */
const bases = new Map<string, { opened: string; base: string }>();
/** By file: what this page's last save of it wrote, and the text the entry had been opened with. */
const ownSaves = new Map<string, { opened: string; written: string }>();

function rememberBase(entry: EntryMap): void {
  const path = entry.get('path');
  const opened = entry.get('raw');
  if (path) bases.delete(path);
  if (entry.get('newRecord') || !path || opened === undefined) return;
  const own = ownSaves.get(path);
  bases.set(path, { opened, base: own && own.opened === opened ? own.written : opened });
}

const fetchBefore = globalThis.fetch?.bind(globalThis);
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const address = new URL(typeof input === 'object' && 'url' in input ? input.url : String(input), location.href);
  let body: { action?: string; params?: { dataFiles?: { path: string; base?: string }[]; paths?: string[]; bases?: Record<string, string> } } | undefined;
  try {
    if (address.pathname === localApi && typeof init?.body === 'string') body = JSON.parse(init.body);
  } catch {
    body = undefined;
  }
  const files = body?.action === 'persistEntry' ? (body.params?.dataFiles ?? []) : [];
  const sent = files.map((file) => bases.get(file.path));
  files.forEach((file, i) => (file.base = sent[i]?.base));
  const deleting = body?.action === 'deleteFiles' && Array.isArray(body.params?.paths) ? body.params.paths : [];
  const deleted = deleting.filter((path) => bases.has(path));
  if (deleted.length) body!.params!.bases = Object.fromEntries(deleted.map((path) => [path, bases.get(path)!.base]));
  const response = await fetchBefore(input, files.length || deleted.length ? { ...init, body: JSON.stringify(body) } : init);
  if (files.length && response.ok) {
    const answer = (await response.clone().json()) as { files?: { path: string; text: string }[] };
    (answer.files ?? []).forEach(({ path, text }, i) => {
      const opened = sent[i]?.opened;
      if (opened !== undefined) ownSaves.set(path, { opened, written: text });
    });
  }
  return response;
};

CMS.registerEventListener({
  name: 'preSave',
  handler({ entry }) {
    rememberBase(entry);
    // A new entry has no file yet; it is written in the repository's canonical layout.
    saving = { original: entry.get('newRecord') ? undefined : entry.get('raw') || undefined };
  },
});

CMS.registerEventListener({ name: 'preUnpublish', handler: ({ entry }) => entry && rememberBase(entry) });

CMS.registerCustomFormat('site-json', 'json', {
  fromFile: (text) => JSON.parse(withoutMark(text)),
  toFile(data, sortedKeys) {
    let original = takeOriginal();
    try {
      if (original !== undefined) JSON.parse(withoutMark(original));
    } catch {
      original = undefined;
    }
    return jsonInLayout(original, ordered(data, sortedKeys));
  },
});

CMS.registerCustomFormat('site-md', 'md', {
  fromFile(text) {
    const { data, body } = frontMatter(text);
    // As Decap's own frontmatter format: no body field for a file without one.
    return body.trim() ? { ...data, body } : data;
  },
  toFile(data, sortedKeys) {
    const { body = '', ...fields } = data;
    const original = takeOriginal();
    let before: Record<string, unknown> | undefined;
    try {
      before = original === undefined ? undefined : frontMatter(original).data;
    } catch {
      before = undefined;
    }
    return markdownInLayout(before && original, before, ordered(fields, sortedKeys), String(body));
  },
});
