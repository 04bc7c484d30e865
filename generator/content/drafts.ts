// Drafts: entries marked `draft: true` (a post, language, city, service or prose page). `site build` leaves
// them out of the model, so no page, list, menu, sitemap or feed has them; `site serve` keeps them, and marks
// their pages (a banner, noindex) and every link to them (the dev server's stylesheet below). The one filter is
// here (`sortDrafts`, called where the model is made, content/join.ts); validation still reads every file, so
// a draft must be well formed, and the editor lists drafts with the rest.
import type { ErrorCode, ErrorParams, SiteError } from '../errors.ts';
import type { Page } from '../routes.ts';
import { entryPath } from './kinds.ts';
import type { SourceFile } from './load.ts';
import { stripHash } from './links.ts';

export interface Drafts {
  /** Each draft's file (content/blog/x.md) by the address its page takes: /blog/x. */
  byAddress: Map<string, string>;
  /** Each draft's file by what other entries call it, as `kind:value`: language:fr, service:passports. */
  byName: Map<string, string>;
  /** The paths of the draft files. */
  files: Set<string>;
}

/**
 * The files the model is made from and the drafts among all files. With `show` (the dev server) every file
 * stays; otherwise the drafts are left out. The same array is returned when there is no draft, so a site
 * without drafts costs one pass.
 */
export function sortDrafts(files: SourceFile[], show: boolean): { files: SourceFile[]; drafts: Drafts } {
  const drafts: Drafts = { byAddress: new Map(), byName: new Map(), files: new Set() };
  for (const file of files) {
    // Only `draft: true` counts, so `draft: false` publishes.
    if ((file.data as { draft?: unknown } | null)?.draft !== true) continue;
    drafts.files.add(file.path);
    // An entry with a slug (a collection's or a prose page) has a page of its own.
    if (!('slug' in file.source)) continue;
    const { kind, slug } = file.source;
    drafts.byAddress.set(entryPath(kind, slug), file.path);
    // What references across files name an entry by (cross-check.ts): a service by its slug, a language by its code.
    drafts.byName.set(`${kind}:${slug}`, file.path);
    const code = (file.data as { code?: unknown }).code;
    if (typeof code === 'string') drafts.byName.set(`${kind}:${code}`, file.path);
  }
  const kept = show || drafts.files.size === 0 ? files : files.filter((f) => !drafts.files.has(f.path));
  return { files: kept, drafts };
}

/**
 * Marks the pages made from drafts (the dev server's build, which keeps them): each is a draft and closed to
 * search engines, so it carries noindex and stays out of sitemap.xml and the HTML sitemap even there.
 */
export function markDraftPages(pages: Page[], drafts: Drafts): void {
  for (const page of pages) {
    if (page.source !== undefined && drafts.files.has(page.source)) {
      page.draft = true;
      page.indexable = false;
    }
  }
}

export type Make = <K extends ErrorCode>(code: K, params: ErrorParams<K>) => SiteError;

/**
 * A problem found by the checks across files, told as what it is when the missing target is a draft: a link to
 * a draft's page, or a reference to a draft by its code or slug. A published page may not lead to a page the
 * build leaves out, nor a list name an entry that is not there. `make` places the problem where it was found.
 */
export function draftAware<C extends ErrorCode>(drafts: Drafts | undefined, code: C, params: ErrorParams<C>, make: Make): SiteError {
  if (code === 'CONTENT_UNKNOWN_PAGE') {
    const { target } = params as ErrorParams<'CONTENT_UNKNOWN_PAGE'>;
    const draft = drafts?.byAddress.get(stripHash(String(target)));
    if (draft) return make('CONTENT_LINK_TO_DRAFT', { target, draft });
  } else if (code === 'CONTENT_UNKNOWN_REFERENCE') {
    const { kind, value } = params as ErrorParams<'CONTENT_UNKNOWN_REFERENCE'>;
    const draft = drafts?.byName.get(`${kind}:${value}`);
    if (draft) return make('CONTENT_DRAFT_REFERENCE', { kind, value, draft });
  }
  return make(code, params);
}

/**
 * The dev server's stylesheet for drafts: the banner a draft's page carries (templates/components/draft-banner.tsx)
 * and a "Draft" tag before every link to a draft's page, so lists, menus and cards show which entries are not yet
 * published without a template knowing. Served only by `site serve`, and only while there are drafts (empty
 * otherwise); the published stylesheet has none of it.
 */
export function draftStylesheet(pages: readonly Page[]): string {
  const addresses = pages.filter((p) => p.draft).map((p) => p.path);
  if (addresses.length === 0) return '';
  const links = addresses.flatMap((a) => [`a[href=${JSON.stringify(a)}]`, `a[href^=${JSON.stringify(`${a}#`)}]`, `a[href=${JSON.stringify(`${a}/`)}]`]);
  return [
    '/* site serve: drafts (generator/content/drafts.ts) */',
    '.draft-banner{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline;justify-content:center;padding:.6rem 1rem;background:#fef3c7;color:#713f12;border-bottom:3px solid #d97706;font-size:.9375rem;line-height:1.4;text-align:center}',
    '.draft-banner strong{font-weight:700;letter-spacing:.06em;text-transform:uppercase}',
    '.draft-banner code{font-size:.875em;overflow-wrap:anywhere}',
    // ::before, not ::after: the site's cards stretch their link over the whole card with ::after (card.css).
    `${links.map((l) => `${l}::before`).join(',')}{content:"Draft";display:inline-block;margin-inline-end:.45em;padding:.05em .45em;border-radius:.3em;background:#fde68a;color:#713f12;font-size:.75rem;font-weight:700;letter-spacing:.04em;line-height:1.5;text-transform:uppercase;vertical-align:middle}`,
    '',
  ].join('\n');
}
