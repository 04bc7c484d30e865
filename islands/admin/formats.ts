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

interface EntryMap {
  get(key: 'raw' | 'path'): string | undefined;
  get(key: 'newRecord'): boolean | undefined;
}

interface Format {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>, sortedKeys?: string[]): string;
}

declare const CMS: {
  registerCustomFormat(name: string, extension: string, format: Format): void;
  registerEventListener(listener: { name: 'preSave'; handler: (event: { entry: EntryMap }) => void }): void;
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

/**
 * Front matter as the build reads it (generator/content/load.ts): gray-matter parses it with the same js-yaml bundled
 * here, with the core schema, so a date stays the text written (js-yaml's own Dates made 0050-01-01 1950-01-01).
 * gray-matter itself needs Node's Buffer.
 */
function frontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = frontMatterPattern.exec(text);
  if (!match) return { data: {}, body: text };
  return { data: (yaml.safeLoad(match[1], { schema: yaml.CORE_SCHEMA }) ?? {}) as Record<string, unknown>, body: text.slice(match[0].length) };
}

CMS.registerEventListener({
  name: 'preSave',
  handler({ entry }) {
    // A new entry has no file yet; it is written in the repository's canonical layout.
    saving = { original: entry.get('newRecord') ? undefined : entry.get('raw') || undefined };
  },
});

CMS.registerCustomFormat('site-json', 'json', {
  fromFile: (text) => JSON.parse(text),
  toFile(data, sortedKeys) {
    let original = takeOriginal();
    try {
      if (original !== undefined) JSON.parse(original);
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
