// The model stage: the content joined into the site model, every page derived from it, the checks across files.
import path from 'node:path';
import fg from 'fast-glob';
import { failIfAny } from '../errors.ts';
import type { Project } from '../project.ts';
import type { SourceFile } from './load.ts';
import { buildModel } from './model.ts';
import { crossCheck } from './cross-check.ts';
import { routes } from '../routes.ts';
import { unchangedSince, type BuildRecord } from '../incremental/record.ts';
import { toolKey } from '../incremental/policy.ts';
import { hashOf } from '../cache.ts';
import type { MarkdownSession } from '../markdown/render.ts';

/**
 * The model, the routes and the checks across files. The checks read only the content, the names of the
 * images under assets/images/ and the tool's own tables (icons, flags, routes): when all of those are as the
 * last successful build found them, so is the outcome, and they are not run again.
 */
export function joinContent(project: Project, files: SourceFile[], markdown: MarkdownSession, previous: BuildRecord | undefined) {
  const sourceDate = process.env.SOURCE_DATE_EPOCH;
  const buildDate = sourceDate && /^\d+$/.test(sourceDate) ? new Date(Number(sourceDate) * 1000).toISOString().slice(0, 10) : undefined;
  const model = buildModel(files, { html: markdown.html, buildDate });
  const { pages, redirects } = routes(model);
  const checked = hashOf([toolKey(), fg.sync('**', { cwd: path.join(project.assets, 'images') }).sort()]);
  const same = previous?.checked === checked && previous.files.size === files.length && files.every((f) => unchangedSince(previous, f));
  if (!same) failIfAny('content', crossCheck(project, files, model, pages, redirects));
  return { model, pages, redirects, checked };
}

