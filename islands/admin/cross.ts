// Part of /admin/editor.js: the build's checks across files on the live site, against the index the build wrote
// (/admin/references.json, from generator/admin/references.ts): a link to no page, a language code or service slug no file
// has, and a save or deletion that takes away an address, code or slug that other entries still name. Worded as
// the build words them (generator/errors.ts), each beginning with the file and the field, as the local backend's refusals do.
import { siteError } from '../../generator/errors.ts';
import { classify } from '../../generator/content/kinds.ts';
import { suggestAddress } from '../../generator/content/explain.ts';
import { offersOf, usesOf, type ReferenceIndex, type Use } from '../../generator/admin/references.ts';

type Data = Record<string, unknown>;

/** What an unresolved key says, in the build's words. */
function unresolved(key: string, known: Set<string>): string {
  const [kind, ...rest] = key.split(':');
  const value = rest.join(':');
  if (kind === 'page') {
    const pages = [...known].filter((k) => k.startsWith('page:')).map((k) => k.slice(5));
    const e = siteError('CONTENT_UNKNOWN_PAGE', { target: value, suggestion: suggestAddress(value, pages) });
    return `${e.message}.`;
  }
  const words = kind === 'language' ? { key: 'code', keys: 'codes' } : { key: 'slug', keys: 'slugs' };
  const others = [...known].filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1)).sort();
  const e = siteError('CONTENT_UNKNOWN_REFERENCE', { kind, key: words.key, value, keys: words.keys, known: others.join(', ') });
  return `${e.message}.${e.hint ? ` ${e.hint}` : ''}`;
}

/** What a use names, in words: 'links to /cities/sydney', 'names the language "sw"'. */
function named(key: string): string {
  const [kind, ...rest] = key.split(':');
  const value = rest.join(':');
  return kind === 'page' ? `links to ${value}` : `names the ${kind} "${value}"`;
}

/** Every key the site offers with `path` as given (its new data, or gone when undefined). */
function offered(index: ReferenceIndex, path: string, own: string[]): Set<string> {
  const known = new Set(index.pages.map((p) => `page:${p}`));
  for (const [file, entry] of Object.entries(index.entries)) if (file !== path) for (const key of entry.offers) known.add(key);
  for (const key of own) known.add(key);
  return known;
}

/** The entries other than `path` that name one of `keys`, with where. */
function namers(index: ReferenceIndex, path: string, keys: Set<string>): [file: string, use: Use][] {
  const out: [string, Use][] = [];
  for (const [file, entry] of Object.entries(index.entries)) {
    if (file === path) continue;
    for (const use of entry.uses) if (keys.has(use[0])) out.push([file, use]);
  }
  return out;
}

/** What would break across files if `path` (content/…) were saved with this data: empty when nothing. */
export function crossProblems(index: ReferenceIndex, path: string, data: Data): string[] {
  const rel = path.replace(/^content\//, '');
  const source = classify(rel);
  if (!source) return [];
  const { body, ...fields } = data;
  const own = offersOf(source, fields);
  const known = offered(index, path, own);
  const problems = usesOf(source, rel, fields, typeof body === 'string' ? body : undefined)
    .filter(([key]) => !known.has(key))
    .map(([key, pointer]) => `${path} ${pointer === 'body' ? '/body' : pointer} ${unresolved(key, known)}`);
  // A code, slug or address this entry offered and no longer does: whoever names it would break.
  const lost = new Set((index.entries[path]?.offers ?? []).filter((key) => !own.includes(key) && !known.has(key)));
  for (const [file, [key, pointer]] of namers(index, path, lost)) problems.push(`${file} ${pointer === 'body' ? '/body' : pointer} ${unresolved(key, known)} It names what ${path} offered before this change; change ${file} first.`);
  return [...new Set(problems)];
}

/** Why `path` may not be deleted: the entries that still name its address, code or slug; empty when none do. */
export function deletionProblems(index: ReferenceIndex, path: string): string | undefined {
  const known = offered(index, path, []);
  const lost = new Set((index.entries[path]?.offers ?? []).filter((key) => !known.has(key)));
  const found = namers(index, path, lost);
  if (!found.length) return undefined;
  const files = [...new Set(found.map(([file]) => file))];
  const details = found.map(([file, [key, pointer]]) => `${file} ${pointer === 'body' ? '/body' : pointer} ${named(key)}.`);
  return `Not deleted: ${files.join(', ')} still ${files.length === 1 ? 'refers' : 'refer'} to ${path}. Change ${files.length === 1 ? 'it' : 'them'} first. ${details.join(' ')}`;
}
