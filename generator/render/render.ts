// Renders every page to a complete HTML document with React's renderToStaticMarkup.
import fs from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { BuildFailure, siteError, type SiteError } from '../errors.ts';
import { relative, type Project } from '../project.ts';
import type { SiteModel } from '../content/model.ts';
import type { Page } from '../routes.ts';
import type { Assets, TemplateModule } from './contract.ts';
import type { Dep, DependencyTracker } from '../incremental/tracker.ts';
import type { PageScripts, PageWeight } from './page-scripts.ts';
import { reactDomServer } from './react-dom-server.ts';

// React is loaded when the first page renders: a build that keeps every page never needs it.
const require = createRequire(import.meta.url);
let react: { createElement: typeof import('react').createElement; renderToStaticMarkup: typeof import('react-dom/server').renderToStaticMarkup } | undefined;
const loadReact = () => (react ??= { createElement: require('react').createElement, renderToStaticMarkup: reactDomServer().renderToStaticMarkup });

export interface RenderOptions {
  project: Project;
  model: SiteModel;
  templates: TemplateModule;
  assets: Assets;
  /** Rendered Markdown by its source text, holding every text the pages show. */
  markdown: ReadonlyMap<string, string>;
  /** Called with each page's HTML as soon as it is rendered, so nothing large is held in memory. */
  emit(page: Page, html: string): void;
  /** Records what each page reads; `recorded` is told it. */
  tracker?: DependencyTracker;
  recorded?: (page: Page, deps: Set<Dep>) => void;
  /** Adds each page's scripts to its head and checks its JavaScript budget. */
  scripts?: PageScripts;
  /** Told each rendered page's JavaScript weight. */
  weighed?: (page: Page, weight: PageWeight) => void;
}

export function renderPages(pages: Page[], options: RenderOptions): { errors: SiteError[]; rendered: number } {
  const errors: SiteError[] = [];
  const site = options.tracker ? options.tracker.wrap(options.model) : options.model;
  let rendered = 0;
  for (const page of pages) {
    try {
      options.scripts?.begin();
      const { createElement, renderToStaticMarkup } = loadReact();
      const render = () => renderToStaticMarkup(createElement(options.templates.Document, { page, site, assets: options.assets, markdown: options.markdown }));
      let markup: string;
      if (options.tracker) {
        const { value, deps } = options.tracker.during(page, render);
        markup = value;
        options.recorded?.(page, deps);
      } else markup = render();
      if (options.scripts) {
        markup = options.scripts.finish(markup);
        const weight = options.scripts.weight();
        const over = options.scripts.check(page, weight);
        if (over) errors.push(over);
        options.weighed?.(page, weight);
      }
      options.emit(page, `<!doctype html>${markup}`);
      rendered++;
    } catch (error) {
      // A problem with the content itself (a file saved again mid-build) is not the template's.
      if (error instanceof BuildFailure) throw error;
      errors.push(renderError(options.project, page, error));
    }
  }
  return { errors, rendered };
}

/** Names the page, its content file and the template line that threw (source maps are on). */
function renderError(project: Project, page: Page, error: unknown): SiteError {
  const e = error instanceof Error ? error : new Error(String(error));
  const sources = [project.templates, project.islands];
  // The first stack frame in a template or island file: "at X (file:///.../templates/a.tsx:12:5)".
  const frame = (e.stack ?? '')
    .split('\n')
    .map(sourceFrame)
    .find((m) => m && sources.some((dir) => m.file.startsWith(dir + path.sep)));
  return siteError(
    'RENDER_FAILED',
    { problem: e.message, source: frame ? page.source : undefined },
    { page: page.path, file: frame ? relative(project, frame.file) : page.source, line: frame?.line, column: frame?.column },
  );
}

/**
 * A stack line's place in the source files. Node maps stacks itself when source maps are on (`site serve`,
 * `site build --debug`); otherwise a frame in the compiled templates module (templates-<hash>.cjs) is mapped
 * here, through the module's own source map (the file beside it), read only when an error needs it. Turning
 * Node's mapping on for every build would make it read the source map of every module it loads.
 */
function sourceFrame(line: string): { file: string; line: number; column: number } | undefined {
  const match = /((?:file:\/\/)?\/[^\s():]+\.(?:tsx?|[mc]js)):(\d+):(\d+)/.exec(line);
  if (!match) return undefined;
  const file = match[1].startsWith('file:') ? fileURLToPath(match[1]) : match[1];
  const at = { file, line: Number(match[2]), column: Number(match[3]) };
  if (!/\.[mc]js$/.test(file)) return at;
  if (!/[\\/]templates-[0-9a-f]+\.cjs$/.test(file)) return undefined;
  const entry = moduleSourceMap(file)?.findEntry(at.line - 1, at.column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
  if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return undefined;
  const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(file), entry.originalSource);
  return { file: source, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}

const moduleMaps = new Map<string, SourceMap | undefined>();

/** The source map of a templates module: the file beside it, or inside it (modules compiled by earlier versions). */
function moduleSourceMap(file: string): SourceMap | undefined {
  if (!moduleMaps.has(file)) {
    let map: SourceMap | undefined;
    try {
      const beside = `${file}.map`;
      const text = fs.existsSync(beside)
        ? fs.readFileSync(beside, 'utf8')
        : Buffer.from(/\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '', 'base64').toString('utf8');
      if (text) map = new SourceMap(JSON.parse(text));
    } catch {
      // No map to read: the frame stays unplaced and the error names the page's content file instead.
    }
    moduleMaps.set(file, map);
  }
  return moduleMaps.get(file);
}
