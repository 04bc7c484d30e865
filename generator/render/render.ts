// Renders every page to a complete HTML document with React's renderToStaticMarkup.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { relative, type Project } from '../project.ts';
import type { SiteModel } from '../content/model.ts';
import type { Page } from '../routes.ts';
import type { Assets, TemplateModule } from './contract.ts';

export interface RenderOptions {
  project: Project;
  model: SiteModel;
  templates: TemplateModule;
  assets: Assets;
  /** Called with each page's HTML as soon as it is rendered, so nothing large is held in memory. */
  emit(page: Page, html: string): void;
}

export function renderPages(pages: Page[], options: RenderOptions): SiteError[] {
  const errors: SiteError[] = [];
  for (const page of pages) {
    try {
      const markup = renderToStaticMarkup(createElement(options.templates.Document, { page, site: options.model, assets: options.assets }));
      options.emit(page, `<!doctype html>${markup}`);
    } catch (error) {
      errors.push(renderError(options.project, page, error));
    }
  }
  return errors;
}

/** Names the page, its content file and the template line that threw (source maps are on). */
function renderError(project: Project, page: Page, error: unknown): SiteError {
  const e = error instanceof Error ? error : new Error(String(error));
  const sources = [project.templates, project.islands];
  // The first stack frame in a template or island file: "at X (file:///.../templates/a.tsx:12:5)".
  const frame = (e.stack ?? '')
    .split('\n')
    .map((line) => /((?:file:\/\/)?\/[^\s():]+\.tsx?):(\d+):(\d+)/.exec(line))
    .map((m) => m && { file: m[1].startsWith('file:') ? fileURLToPath(m[1]) : m[1], line: Number(m[2]), column: Number(m[3]) })
    .find((m) => m && sources.some((dir) => m.file.startsWith(dir + path.sep)));
  return new SiteError({
    code: 'RENDER_FAILED',
    file: frame ? relative(project, frame.file) : page.source,
    line: frame?.line,
    column: frame?.column,
    message: `${page.path}: ${e.message}`,
    hint: page.source && frame ? `The page is made from ${page.source}.` : undefined,
  });
}
