// Links to a part of a page (/terms#our-acceptance-guarantee) whose page has no element with that id. Every page
// is one of linkinator's entries, fetched before the links to it are seen, so its checkFragments never looks.
import fs from 'node:fs';
import path from 'node:path';
import { siteError, type SiteError } from './errors.ts';
import type { Page } from './routes.ts';

export function missingFragments(out: string, pages: Page[]): SiteError[] {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const html = new Map<string, string>();
  const read = (p: Page) => html.get(p.path) ?? html.set(p.path, fs.readFileSync(path.join(out, p.file), 'utf8')).get(p.path)!;
  const ids = new Map<string, Set<string>>();
  const idsOf = (p: Page) => ids.get(p.path) ?? ids.set(p.path, new Set(Array.from(read(p).matchAll(/\sid="([^"]+)"/g), (m) => m[1]))).get(p.path)!;
  const errors: SiteError[] = [];
  for (const page of pages) {
    const seen = new Set<string>();
    for (const [, address, id] of read(page).matchAll(/\shref="(\/[^"#?]*)?(?:\?[^"#]*)?#([^"]+)"/g)) {
      // Addresses that are no page (a redirect, a file) are linkinator's to report.
      const target = address === undefined ? page : byPath.get(address.length > 1 ? address.replace(/\/$/, '') : address);
      const url = `${address ?? ''}#${id}`;
      if (!target || seen.has(url) || idsOf(target).has(id) || idsOf(target).has(decoded(id))) continue;
      seen.add(url);
      errors.push(siteError('LINK_FRAGMENT_MISSING', { url, page: target.path, id: decoded(id) }, { page: page.path, file: page.source }));
    }
  }
  return errors;
}

function decoded(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
