// Renders every page to a complete HTML document with React's renderToStaticMarkup.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteError } from '../errors.ts';
import type { SiteModel } from '../content/model.ts';
import type { Page } from '../routes.ts';
import type { Assets, TemplateModule } from './contract.ts';

export interface RenderOptions {
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
      errors.push(renderError(page, error));
    }
  }
  return errors;
}

/** Names the page, its content file and the template line that threw (source maps are on). */
function renderError(page: Page, error: unknown): SiteError {
  const e = error instanceof Error ? error : new Error(String(error));
  const frame = (e.stack ?? '')
    .split('\n')
    .map((line) => /\((?:file:\/\/)?[^()]*?((?:templates|islands)\/[^():]+):(\d+):(\d+)\)/.exec(line) ?? /at (?:file:\/\/)?[^ ]*?((?:templates|islands)\/[^ :]+):(\d+):(\d+)/.exec(line))
    .find(Boolean);
  return new SiteError({
    code: 'RENDER_FAILED',
    file: frame ? frame[1] : page.source,
    line: frame ? Number(frame[2]) : undefined,
    column: frame ? Number(frame[3]) : undefined,
    message: `${page.path}: ${e.message}`,
    hint: page.source && frame ? `The page is made from ${page.source}.` : undefined,
  });
}
