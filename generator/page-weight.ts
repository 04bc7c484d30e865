// The HTML budget: a page's gzipped HTML must stay under 40 KB, so it arrives in a few round trips on a phone.
// The build checks the pages that grow with the number of posts, the blog's lists (each lists
// paging.postsPerPage posts, content/pages/blog.json): one over the budget fails the build, naming the page,
// its size and the budget. Gzipping every page of a large blog in every build would cost about a millisecond
// a page, so the other pages are held to the same budget by test/quality.test.ts instead. The HTML sitemap
// (/sitemap) also grows, a line a post, and is not checked here yet.
import { gzipSync } from 'node:zlib';
import { siteError, type SiteError } from './errors.ts';
import type { Page } from './routes.ts';

/** A page's gzipped HTML must be under this many bytes. */
export const htmlBudget = 40 * 1024;

/** Kinds of page whose size grows with the content, and what to do when one is over the budget. */
const growing: Partial<Record<Page['kind'], string>> = {
  blog: 'Each page of the blog and of its categories lists paging.postsPerPage posts (content/pages/blog.json): set fewer a page, or shorten the posts\' excerpts.',
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A PAGE_TOO_HEAVY error when a growing page's gzipped HTML is not under the budget. */
export function checkHtmlWeight(page: Page, html: string): SiteError | undefined {
  const remedy = growing[page.kind];
  // Gzip adds at most a few dozen bytes to text it cannot shrink: HTML that many bytes under the budget is
  // under it without compressing.
  if (remedy === undefined || Buffer.byteLength(html) < htmlBudget - 64) return undefined;
  const size = gzipSync(html).length;
  if (size < htmlBudget) return undefined;
  return siteError('PAGE_TOO_HEAVY', { size: kb(size), budget: kb(htmlBudget), remedy }, { page: page.path, file: page.source });
}
