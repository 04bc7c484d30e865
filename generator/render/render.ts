// Renders a page to a complete HTML document with React's renderToStaticMarkup, and places a template's error at
// its own line.
import fs from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { siteError, type SiteError } from '../errors.ts';
import { relative, toolRoot, type Project } from '../project.ts';
import type { Page } from '../routes.ts';
import type { DocumentProps, TemplateModule } from './contract.ts';

// React is loaded when the first page renders: a build that keeps every page never needs it.
const require = createRequire(import.meta.url);
let react: { createElement: typeof import('react').createElement; renderToStaticMarkup: typeof import('react-dom/server').renderToStaticMarkup } | undefined;
const loadReact = () => (react ??= { createElement: require('react').createElement, renderToStaticMarkup: require('react-dom/server').renderToStaticMarkup });

/** A page's document, through the templates' Document. */
export function renderDocument(templates: TemplateModule, props: DocumentProps): string {
  const { createElement, renderToStaticMarkup } = loadReact();
  return `<!doctype html>${renderToStaticMarkup(createElement(templates.Document, props))}`;
}

/** Names the page, its content file and the template line that threw (source maps are on). */
export function renderError(project: Project, page: Page, error: unknown): SiteError {
  const e = error instanceof Error ? error : new Error(String(error));
  const sources = [project.templates, project.islands];
  // The first stack frame in a template or island file: "at X (file:///.../templates/a.tsx:12:5)".
  const frame = (e.stack ?? '')
    .split('\n')
    .map(sourceFrame)
    .find((m) => m && sources.some((dir) => m.file.startsWith(dir + path.sep)));
  // The generator's own templates and islands (a project without its own) are named within the generator's
  // package, "templates/…" as the hints call them, not by where it is installed on this machine.
  const named = frame && relative(project, frame.file);
  const file = named && path.isAbsolute(named) ? relative({ ...project, root: toolRoot }, frame!.file) : named;
  return siteError(
    'RENDER_FAILED',
    { problem: e.message, source: frame ? page.source : undefined },
    { page: page.path, file: file || page.source, line: frame?.line, column: frame?.column },
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

/** The source map of a templates module: the file beside it (templates.ts). */
function moduleSourceMap(file: string): SourceMap | undefined {
  if (!moduleMaps.has(file)) {
    try {
      moduleMaps.set(file, new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      // No map to read: the frame stays unplaced and the error names the page's content file instead.
      moduleMaps.set(file, undefined);
    }
  }
  return moduleMaps.get(file);
}
