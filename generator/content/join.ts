// The model stage: the content joined into the site model, every page derived from it, the checks across files.
import path from 'node:path';
import fs from 'node:fs';
import { BuildFailure, failIfAny, siteError } from '../errors.ts';
import type { Project } from '../project.ts';
import type { SourceFile } from './load.ts';
import { buildModel } from './model.ts';
import { crossCheck } from './cross-check.ts';
import { routes } from '../routes.ts';
import { markDraftPages, sortDrafts } from './drafts.ts';
import type { BuildRecord } from '../incremental/record.ts';
import { toolKey } from '../incremental/stages.ts';
import { hashOf } from '../cache.ts';
import { at } from './validate.ts';
import { melbourneDate } from './dates.ts';

/**
 * The last second of the year 9999 in Melbourne, 11 hours ahead of UTC on 31 December (daylight saving): a later
 * date has no yyyy-mm-dd.
 */
const lastSecond = Date.UTC(9999, 11, 31, 12, 59, 59) / 1000;

/**
 * The build's date (yyyy-mm-dd): the day in Melbourne at the instant SOURCE_DATE_EPOCH names, or undefined when
 * it is unset or empty. A value that is no whole number of seconds, or beyond the year 9999, fails the build:
 * silently undated output is not what a reproducible build asked for, and a date past what Date can hold would
 * otherwise throw.
 */
export function buildDateOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const problem = !/^\d+$/.test(value) ? 'which is not a whole number of seconds' : Number(value) > lastSecond ? 'which is after the year 9999' : undefined;
  if (problem) throw new BuildFailure('environment', [siteError('BUILD_DATE_INVALID', { value, problem })]);
  return melbourneDate(Number(value) * 1000);
}

/**
 * The model, the routes and the checks across files. The checks read only the content, the addresses, the
 * names of the images under assets/images/ and the tool's own tables (icons, flags, routes): when all of those
 * are as the last successful build found them, so is the outcome, and they are not run again. When only some
 * files changed, the checks between files run again, and each file's own references are checked again only in
 * the files that changed since the last build (`changedFiles`, as the content stage found them).
 */
export function joinContent(project: Project, all: SourceFile[], previous: BuildRecord | undefined, changedFiles: Set<SourceFile>, options: { drafts?: boolean } = {}) {
  const buildDate = buildDateOf(process.env.SOURCE_DATE_EPOCH);
  // Drafts are left out here unless shown (the dev server): content/drafts.ts.
  const { files, drafts } = sortDrafts(all, !!options.drafts);
  // routes() words a page copy's or prose page's head from its seo, which a project's own schema may leave out
  // (whole, or its title or description): the page would have an empty <title>.
  const unworded = files.flatMap((f) => {
    if (f.source.kind !== 'page-copy' && f.source.kind !== 'prose-page') return [];
    const seo = (f.data as { seo?: Record<string, unknown> }).seo;
    const missing = seo ? ['title', 'description'].filter((key) => typeof seo[key] !== 'string' || !seo[key]).map((key) => `/seo/${key}`) : ['/seo'];
    return missing.map((pointer) => ({ f, pointer }));
  });
  const description = (f: SourceFile) => `The page's title and description are made from seo, so they are needed even where content/schemas/${f.source.schema} leaves them out: add seo with a title and a description.`;
  failIfAny('content', unworded.map(({ f, pointer }) => at(f, 'CONTENT_SCHEMA', { problem: 'is required but missing', description: description(f) }, pointer)));
  const model = buildModel(files, { buildDate });
  const { pages, redirects } = routes(model);
  markDraftPages(pages, drafts);
  const addresses = [...pages.map((p) => p.path), ...redirects.map((r) => r.from)];
  const checked = hashOf([toolKey(), imageNames(path.join(project.assets, 'images')), addresses]);
  const sameInputs = previous?.checked === checked;
  if (!(sameInputs && changedFiles.size === 0 && previous!.files.size === all.length)) {
    failIfAny('content', crossCheck(project, files, model, pages, redirects, sameInputs ? (f) => changedFiles.has(f) : undefined, drafts));
  }
  // `published`: the files the site is made of (drafts left out, unless shown).
  return { model, pages, redirects, checked, published: files };
}

/**
 * The files under the images folder, relative to it with forward slashes, sorted; hidden ones left out. A
 * walk of the folder: a glob library's first call costs more than the rest of this stage's checks.
 */
function imageNames(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((rel) => !rel.split('/').some((part) => part.startsWith('.')))
    .sort();
}
