// What each content file offers to others and what it names in them, for the editor on the live site: the
// build's checks across files (content/cross-check.ts) need every file, which the browser does not have, so the
// build writes this index into /admin/references.json and the browser checks a save against it (islands/admin/checks.ts).
// Pure: the same functions run in the build (the index) and in the browser (the entry being saved).
//
// Keys: "page:/cities/sydney" (an address), "language:sw" (a language code), "service:passports" (a service slug).
import { entryPath, rules, type SourceKind } from '../content/kinds.ts';
import { markdownLinks, mayLink, resolveLink, type MarkdownLink } from '../content/links.ts';
import { eachValue } from '../content/pointer.ts';

/** A key another file must offer, and where in this file it is named (a JSON pointer, or "body"). */
export type Use = [key: string, pointer: string];

export interface ReferenceIndex {
  /** Addresses no entry owns: the site's own pages and the files the build writes (feeds, sitemap). */
  pages: string[];
  /** Per content file (content/…), what it offers and what it names, where either is not empty. */
  entries: Record<string, { offers: string[]; uses: Use[] }>;
}

type Data = Record<string, unknown>;

/** The keys a file offers: its page's address, its language code, its service slug and old addresses. */
export function offersOf(source: SourceKind, data: Data): string[] {
  const out: string[] = [];
  const own = 'slug' in source ? entryPath(source.kind, source.slug) : undefined;
  if (own && !(source.kind === 'language' && data.isTarget)) out.push(`page:${own}`);
  if (source.kind === 'language' && !data.isTarget && typeof data.code === 'string') out.push(`language:${data.code}`);
  if (source.kind === 'service' && source.slug) {
    out.push(`service:${source.slug}`);
    for (const alias of Array.isArray(data.aliases) ? data.aliases : []) if (typeof alias === 'string') out.push(`page:${entryPath('service', alias)}`);
  }
  return out;
}

/**
 * The keys a file names, as content/cross-check.ts reads them: codes, slugs, internal links in fields and body.
 * `body`: the Markdown body, or its links as the content stage found them (SourceFile.links), which spares the
 * build reading every post's body again.
 */
export function usesOf(source: SourceKind, rel: string, data: Data, body?: string | readonly MarkdownLink[]): Use[] {
  const uses: Use[] = [];
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  if (source.kind === 'city') list(data.languages).forEach((code, i) => uses.push([`language:${code}`, `/languages/${i}`]));
  if (source.kind === 'service') list(data.related).forEach((slug, i) => uses.push([`service:${slug}`, `/related/${i}`]));
  if (source.kind === 'navigation') {
    list(data.servicesMenu).forEach((item, i) => uses.push([`service:${(item as Data)?.service}`, `/servicesMenu/${i}/service`]));
    const mobile = (data.mobileLanguages ?? {}) as Data;
    for (const which of ['popular', 'more']) list(mobile[which]).forEach((code, i) => uses.push([`language:${code}`, `/mobileLanguages/${which}/${i}`]));
  }
  if (rel === 'pages/home.json') list(((data.documents ?? {}) as Data).services).forEach((slug, i) => uses.push([`service:${slug}`, `/documents/services/${i}`]));
  // Links are read as content/cross-check.ts reads them: a relative one from the entry's own page (the one that
  // shows the text; a page copy's is the kind table's), else from the site's root; an href from the root.
  const own = source.kind === 'page-copy' ? rules.copyPages.get(source.name)?.path : offersOf(source, data)[0]?.match(/^page:(.*)/)?.[1];
  const base = own ?? '/';
  const link = (target: string, pointer: string, from = base) => uses.push([`page:${resolveLink(target, from)}`, pointer]);
  eachValue(data, (value, pointer, key) => {
    if (typeof value !== 'string') return;
    if (key === 'href' && value.startsWith('/')) link(value, pointer, '/');
    else if (key !== 'src' && key !== 'icon' && mayLink.test(value)) for (const [target] of markdownLinks(value)) link(target, pointer);
  });
  if (body !== undefined) for (const [target] of typeof body === 'string' ? markdownLinks(body) : body) link(target, 'body');
  return uses;
}

/** What one file offers and names: its part of the index. */
export type References = ReferenceIndex['entries'][string];

export function referencesOf(source: SourceKind, rel: string, data: unknown, body?: string | readonly MarkdownLink[]): References {
  const fields = (data ?? {}) as Data;
  return { offers: offersOf(source, fields), uses: usesOf(source, rel, fields, body) };
}

/**
 * The index of a whole site, from the files the build read and the addresses it made. A file's part comes
 * with it from the content stage (SourceFile.references) unless its placeholders were resolved since.
 */
export function referenceIndex(files: { rel: string; source: SourceKind; data: unknown; body?: string; links?: MarkdownLink[]; references?: References }[], addresses: string[]): ReferenceIndex {
  const entries: ReferenceIndex['entries'] = {};
  const owned = new Set<string>();
  for (const file of files) {
    const { offers, uses } = file.references ?? referencesOf(file.source, file.rel, file.data, file.links ?? file.body);
    for (const key of offers) if (key.startsWith('page:')) owned.add(key.slice('page:'.length));
    if (offers.length || uses.length) entries[`content/${file.rel}`] = { offers, uses };
  }
  return { pages: [...new Set(addresses)].filter((a) => !owned.has(a)).sort(), entries };
}
