// Runs the stages in order, times each and prints one summary line. The stages themselves live in their
// folders: content/ (load, validate, model, cross-check), markdown/, render/, assets/ and output/.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BuildFailure, failIfAny } from './errors.ts';
import { resolveProject, type Project } from './project.ts';
import { loadContent, type SourceFile } from './content/load.ts';
import { validateContent } from './content/validate.ts';
import { buildModel, type SiteModel } from './content/model.ts';
import { crossCheck } from './content/cross-check.ts';
import { routes, type Page, type Redirect } from './routes.ts';
import { renderMarkdown, type MarkdownStats } from './markdown/render.ts';
import { compileTemplates, type CompiledTemplates } from './render/templates.ts';
import { renderPages } from './render/render.ts';
import { buildStylesheet } from './assets/css.ts';
import { processImages, type ImageStats } from './assets/images.ts';
import { createAssets, createFileCopier } from './assets/assets.ts';
import { LiveOutput, StagedOutput, type Output } from './output/writer.ts';
import { blogFeed, headerRules, headersFile, redirectsFile, robotsTxt, sitemapXml } from './output/host-files.ts';
import { colour, consoleLogger, formatMs, type Logger } from './log.ts';

export interface BuildOptions {
  root: string;
  /** The output folder; dist/ under the root by default. */
  out?: string;
  logger?: Logger;
  /** State kept by the dev server between builds: caches, and the live output folder's file hashes. */
  live?: LiveState;
}

export interface LiveState {
  sources?: Map<string, SourceFile>;
  hashes: Map<string, string>;
  templates?: CompiledTemplates;
}

export interface BuildResult {
  project: Project;
  out: string;
  model: SiteModel;
  pages: Page[];
  redirects: Redirect[];
  files: string[];
  /** For live builds: the output files whose bytes changed. */
  changed: string[];
  /** Every source file the build read, for the watcher. */
  inputs: string[];
  timings: [string, number][];
  markdown: MarkdownStats;
  images: ImageStats;
  summary: string;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const logger = options.logger ?? consoleLogger;
  const project = resolveProject(options.root);
  const out = path.resolve(project.root, options.out ?? 'dist');
  const timings: [string, number][] = [];
  const time = async <T>(stage: string, work: () => T | Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      timings.push([stage, performance.now() - t]);
    }
  };

  const files = await time('content', async () => {
    const loaded = loadContent(project, options.live?.sources);
    const problems = [...loaded.errors, ...(await validateContent(project, loaded.files))];
    failIfAny('content', problems);
    return loaded.files;
  });
  if (options.live) options.live.sources = new Map(files.map((f) => [f.rel, f]));

  const { model, pages, redirects } = await time('model', () => {
    const model = buildModel(files);
    const sourceDate = process.env.SOURCE_DATE_EPOCH;
    if (sourceDate && /^\d+$/.test(sourceDate)) model.buildDate = new Date(Number(sourceDate) * 1000).toISOString().slice(0, 10);
    const { pages, redirects } = routes(model);
    failIfAny('content', crossCheck(project, files, model, pages, redirects));
    return { model, pages, redirects };
  });

  const output: Output = options.live ? new LiveOutput(out, options.live.hashes) : new StagedOutput(out);
  const copyFile = createFileCopier(project, output);
  try {
    const [markdown, templates, stylesheet, images] = await Promise.all([
      time('markdown', () => renderMarkdown(project, markdownTexts(model))),
      time('templates', () => compileTemplates(project, { incremental: !!options.live })),
      time('css', () => buildStylesheet(project, copyFile)),
      time('images', () => processImages(project, output)),
    ]);
    model.html = markdown.html;
    output.emit(stylesheet.file, stylesheet.contents);
    if (options.live) options.live.templates = templates;

    await time('render', () => {
      const assets = createAssets(output, stylesheet.url, images.images, copyFile);
      const problems = renderPages(pages, { project, model, templates: templates.module, assets, emit: (page, html) => output.emit(page.file, html) });
      failIfAny('render', problems);
    });

    await time('feeds', async () => {
      output.emit('sitemap.xml', await sitemapXml(model, pages));
      output.emit('blog/feed.xml', await blogFeed(model));
      output.emit('robots.txt', robotsTxt(model));
      output.emit('_headers', headersFile(headerRules(model)));
      output.emit('_redirects', redirectsFile(redirects));
    });

    let changed: string[] = [];
    await time('write', () => {
      if (output instanceof StagedOutput) output.commit();
      else if (output instanceof LiveOutput) {
        const result = output.commit();
        options.live!.hashes = result.hashes;
        changed = result.changed;
      }
    });

    const total = performance.now() - started;
    const summary =
      `${colour.green('✓')} ${pages.length} pages, ${images.stats.images} images` +
      ` (${images.stats.processed} processed, ${images.stats.cached} cached), ${markdown.stats.total} markdown` +
      ` in ${formatMs(total)} ${colour.dim(`(${timings.map(([s, ms]) => `${s} ${formatMs(ms)}`).join(', ')})`)}`;
    logger.info(summary);
    return {
      project,
      out,
      model,
      pages,
      redirects,
      files: output.files(),
      changed,
      inputs: [...files.map((f) => path.join(project.root, f.path)), ...templates.inputs, ...stylesheet.inputs],
      timings,
      markdown: markdown.stats,
      images: images.stats,
      summary,
    };
  } catch (error) {
    if (output instanceof StagedOutput) output.discard();
    throw error;
  }
}

/** Every Markdown text the site renders: posts, prose pages and the answers of every FAQ. */
function markdownTexts(model: SiteModel): string[] {
  return [
    ...model.posts.map((p) => p.body),
    ...model.prose.map((p) => p.body),
    ...model.faq.flatMap((g) => g.items.map((i) => i.answer)),
    ...model.services.flatMap((s) => s.faq.map((i) => i.answer)),
  ];
}

export { BuildFailure };
