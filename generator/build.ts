// Runs the stages in order, times each and prints one summary line. The stages themselves live in their
// folders: content/ (load, validate, model, cross-check), markdown/, render/, assets/ and output/.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { BuildFailure, failIfAny, type SiteError } from './errors.ts';
import { resolveProject, toolRoot, type Project } from './project.ts';
import { loadContent, type SourceFile } from './content/load.ts';
import { validateContent } from './content/validate.ts';
import { resolveFacts } from './content/facts.ts';
import { buildModel, type SiteModel } from './content/model.ts';
import { crossCheck } from './content/cross-check.ts';
import { routes, type Page, type Redirect } from './routes.ts';
import { MarkdownSession, type MarkdownStats } from './markdown/render.ts';
import { compileTemplates, type CompiledTemplates } from './render/templates.ts';
import { renderPages } from './render/render.ts';
import { DependencyTracker } from './incremental/tracker.ts';
import { IncrementalPolicy, folderHash, toolKey } from './incremental/policy.ts';
import { contentState, fileHash, forgetRecord, loadRecord, recordFile, saveRecord, type BuildRecord } from './incremental/record.ts';
import { PageScripts, type PageWeight } from './render/page-scripts.ts';
import { buildClientScripts } from './assets/islands.ts';
import { prepareFlags } from './assets/flags.ts';
import { prepareSocial } from './assets/social.ts';
import { buildStylesheet } from './assets/css.ts';
import { processImages, type ImageStats } from './assets/images.ts';
import { createAssets, createFileCopier } from './assets/assets.ts';
import type { Output } from './output/output.ts';
import { StagedOutput } from './output/staged.ts';
import { LiveOutput } from './output/live.ts';
import { blogFeed, feedPosts, headerRules, headersFile, redirectsFile, robotsTxt, sitemapXml } from './output/host-files.ts';
import { colour, consoleLogger, formatMs, type Logger } from './log.ts';
import { relieveMemory } from './memory.ts';
import { emitAdmin } from './admin/admin-files.ts';

/** From this many pages, output is written by a worker thread while the main thread renders. */
const threadedWritesFrom = 600;

export interface BuildOptions {
  root: string;
  /** The output folder; dist/ under the root by default. */
  out?: string;
  logger?: Logger;
  /** State kept by the dev server between builds: caches, and the live output folder's file hashes. */
  live?: LiveState;
  /**
   * Keep the output this build replaces in the project's cache and start the next build from it, writing only
   * files whose bytes changed (on by default; off for throwaway outputs such as `site check`'s).
   */
  recycle?: boolean;
  /** Delete every cache before building (`site build --clean`): nothing is reused. */
  clean?: boolean;
}

/** Where `site build` keeps what each page was made from, for the next build to keep what did not change. */
const keepRecord = (options: BuildOptions) => options.recycle !== false && !options.live;

export interface LiveState {
  sources?: Map<string, SourceFile>;
  hashes: Map<string, string>;
  templates?: CompiledTemplates;
  /** Absolute paths changed since the last build, when the watcher knows them. */
  changed?: Set<string>;
  /** What each page read in the last build (incremental/record.ts). */
  record?: BuildRecord;
  /** Results of the stages that do not read content (islands, images, flags), with the files each wrote. */
  stages?: Map<string, { key: string; result: unknown; files: string[] }>;
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
  /** Each output file's content hash (contentHash in output/tree.ts). */
  hashes: Map<string, string>;
  /** Pages rendered; the others were kept from the previous build. */
  rendered: number;
  /** Everything every page depends on besides content (incremental/policy.ts); a change to it re-renders all. */
  renderKey: string;
  /** What each page read, for the next build (incremental/record.ts). */
  record: BuildRecord;
  /** Every source file the build read, for the watcher. */
  inputs: string[];
  templates: CompiledTemplates;
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
  if (options.clean) clearCaches(project);
  const timings: [string, number][] = [];
  const time = async <T>(stage: string, work: () => T | Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      timings.push([stage, performance.now() - t]);
    }
  };

  const recordPath = recordFile(project.cache, out);
  const previous = options.live ? options.live.record : keepRecord(options) ? loadRecord(recordPath) : undefined;

  // Post bodies need no validation, so the Markdown workers start on them as soon as the files are read and
  // run while everything else is checked and prepared; post pages are rendered as their HTML arrives. Posts
  // whose files are as the last build recorded them start later, and only if their pages are not kept.
  const markdown = new MarkdownSession(project);
  let readyPosts: string[] | ((bodies: string[]) => void) = [];
  let posts: Promise<void> = Promise.resolve();
  let postsStarted = 0;
  let earlyBodies = new Set<string>();
  let written: SourceFile[] = [];
  const files = await time('content', async () => {
    const loaded = loadContent(project, options.live?.sources);
    written = loaded.files;
    const resolved = resolveFacts(loaded.files);
    postsStarted = performance.now();
    const bodies = resolved.files.filter((f) => f.source.kind === 'blog-post' && previous?.files.get(f.path)?.hash !== fileHash(f)).map((f) => f.body ?? '');
    earlyBodies = new Set(bodies);
    posts = markdown.render(bodies, (ready) => (Array.isArray(readyPosts) ? readyPosts.push(...ready) : readyPosts(ready)));
    posts.catch(() => {});
    // A file with an unknown fact name keeps the placeholder, which its schema would then report a second time.
    const unresolved = new Set(resolved.errors.map((e) => e.file));
    const problems = [...loaded.errors, ...resolved.errors, ...(await validateContent(project, resolved.files.filter((f) => !unresolved.has(f.path))))];
    if (problems.length) await markdown.cancel();
    failIfAny('content', problems);
    return resolved.files;
  }).catch(async (error) => {
    await markdown.cancel();
    throw error;
  });
  // The dev server keeps files as written; placeholders are resolved again (from a memo) on every build.
  if (options.live) options.live.sources = new Map(written.map((f) => [f.rel, f]));

  const { model, pages, redirects } = await time('model', async () => {
    const model = buildModel(files);
    const sourceDate = process.env.SOURCE_DATE_EPOCH;
    if (sourceDate && /^\d+$/.test(sourceDate)) model.buildDate = new Date(Number(sourceDate) * 1000).toISOString().slice(0, 10);
    const { pages, redirects } = routes(model);
    const problems = crossCheck(project, files, model, pages, redirects);
    if (problems.length) await markdown.cancel();
    failIfAny('content', problems);
    return { model, pages, redirects };
  });

  // Large sites write in a worker thread while this one renders.
  const spare = options.recycle === false ? undefined : path.join(project.cache, 'output', createHash('sha256').update(path.resolve(out)).digest('hex').slice(0, 12));
  const output: Output = options.live ? new LiveOutput(out, options.live.hashes) : new StagedOutput(out, { threaded: pages.length >= threadedWritesFrom, spare });
  const copyFile = createFileCopier(project, output);
  // In the dev server, an edit confined to content/ leaves what islands, images and flags produce unchanged.
  const contentOnly = !!options.live?.changed && [...options.live.changed].every((file) => file.startsWith(project.content + path.sep));
  try {
    const [templates, stylesheet, images, client, flags, social] = await Promise.all([
      time('templates', () => (reusableTemplates(project, options.live) ?? compileTemplates(project, { incremental: !!options.live }))),
      time('css', () => buildStylesheet(project, copyFile)),
      time('images', () =>
        liveStage(options.live, output, 'images', 'assets', contentOnly, (out) => processImages(project, out, imageReferences(files)), ({ images, stats }) => ({ images, stats: { ...stats, processed: 0, cached: stats.images, encodeMs: 0 } })),
      ),
      time('islands', () => liveStage(options.live, output, 'islands', 'islands', contentOnly, (out) => buildClientScripts(project, out))),
      time('flags', () => {
        const codes = model.languages.map((l) => l.countryCode);
        return liveStage(options.live, output, 'flags', [...new Set(codes)].sort().join(), contentOnly, (out) => prepareFlags(project, out, codes), (flags) => ({ ...flags, processed: 0 }));
      }),
      time('social', () => prepareSocial(project, output, model)),
    ]);
    model.html = markdown.html;
    output.emit(stylesheet.file, stylesheet.contents);
    if (options.live) options.live.templates = templates;

    // Everything every page's markup depends on besides content; when it changes, every page is rendered.
    const renderKey = createHash('sha256')
      .update(
        JSON.stringify([
          toolKey(),
          templates.hash,
          stylesheet.url,
          [...images.images],
          [...client.entries].map(([name, e]) => [name, e.url]),
          [...flags.flags],
          [...social.cards],
          social.icons,
          folderHash(project.assets, [path.join(project.assets, 'images')]),
          folderHash(project.schemas),
          model.buildDate ?? null,
        ]),
      )
      .digest('hex')
      .slice(0, 16);
    const policy = await time('changes', () => new IncrementalPolicy(previous, renderKey, contentState(files, model, previous)));
    const tracker = new DependencyTracker();
    const weights = new WeightsByKind();
    // A page is kept when nothing it read changed and the output still holds it as it was written; the
    // files its markup asked the asset lookups for are copied again, since nothing else asks for them now.
    const reuse = (page: Page) => {
      if (!policy.reusable(page) || !output.keep(page.file)) return false;
      policy.kept(page);
      for (const name of policy.assetsOf(page)) copyFile(name);
      return true;
    };
    const rendered = await time('render', async () => {
      const scripts = new PageScripts(client);
      const assets = createAssets({ stylesheet: stylesheet.url, images: images.images, flags: flags.flags, cards: social.cards, icons: social.icons, file: copyFile }, scripts, tracker);
      const problems: SiteError[] = [];
      let count = 0;
      const render = (list: Page[]) => {
        const { errors, rendered } = renderPages(list, {
          project,
          model,
          templates: templates.module,
          assets,
          tracker,
          recorded: (page, deps) => policy.rendered(page, deps),
          scripts,
          weighed: (page, weight) => weights.add(page.kind, weight),
          emit: (page, html) => output.emit(page.file, html),
        });
        problems.push(...errors);
        count += rendered;
      };
      const toRender = pages.filter((page) => !reuse(page));
      // Every page but the posts renders now, while the workers turn post bodies into HTML; each post page
      // renders as soon as its body's HTML arrives. The other Markdown texts (prose, FAQ answers) are needed
      // only if one of those pages is rendered.
      const others = toRender.filter((page) => page.kind !== 'post');
      if (others.length) await markdown.render(otherMarkdownTexts(model));
      // In steps, letting the writer thread catch up: rendering from cached Markdown outruns writing, and
      // thousands of pages queued for it would hold their HTML in memory twice.
      const inSteps = async (list: Page[]) => {
        for (let i = 0; i < list.length; i += 256) {
          render(list.slice(i, i + 256));
          await output.drain();
          relieveMemory();
        }
      };
      await inSteps(others);
      const postsByBody = new Map<string, Page[]>();
      for (const page of toRender) if (page.kind === 'post') postsByBody.set(page.data.post.body, [...(postsByBody.get(page.data.post.body) ?? []), page]);
      const early = readyPosts as string[];
      readyPosts = (bodies) => {
        render(bodies.flatMap((body) => postsByBody.get(body) ?? []));
        relieveMemory();
      };
      await inSteps(early.flatMap((body) => postsByBody.get(body) ?? []));
      // Posts whose Markdown was not started early (their files are unchanged) but whose pages must render. Those
      // started early arrive through readyPosts, even while still in the workers.
      const late = [...postsByBody.keys()].filter((body) => !earlyBodies.has(body));
      for (let i = 0; i < late.length; i += 256) {
        await markdown.render(late.slice(i, i + 256), (ready) => render(ready.flatMap((body) => postsByBody.get(body) ?? [])));
        await output.drain();
        relieveMemory();
      }
      await posts;
      if (markdown.stats.threads > 1) timings.push(['post markdown in workers', performance.now() - postsStarted]);
      failIfAny('render', problems);
      return count;
    });
    // Pruned to what this build used only when it looked every text up; otherwise kept pages' texts stay.
    markdown.save({ prune: rendered === pages.length });

    await time('feeds', async () => {
      // Kept like pages while their inputs are the same: for thousands of posts they cost as much as the rest.
      await policy.derive(output, 'sitemap.xml', sitemapInputs(model, pages), () => sitemapXml(model, pages));
      await policy.derive(output, 'blog/feed.xml', feedInputs(model, policy), async () => {
        await markdown.render(feedPosts(model).map((p) => p.body));
        return blogFeed(model);
      });
      output.emit('robots.txt', robotsTxt(model));
      output.emit('_headers', headersFile(headerRules(model)));
      output.emit('_redirects', redirectsFile(redirects));
    });
    await time('admin', () => emitAdmin(project, model.settings, (file, inputs, produce) => policy.derive(output, file, inputs, produce), (m) => logger.warn(m)));

    let changed: string[] = [];
    let hashes = new Map<string, string>();
    await time('write', async () => {
      if (output instanceof StagedOutput) {
        // The record describes the output about to be swapped in, so it is saved only once that has happened;
        // until then no record is better than one that describes the output being replaced. A build that
        // changed nothing leaves the record as it is: it describes the new output just as well.
        const save = keepRecord(options) && !policy.unchanged();
        if (save) forgetRecord(recordPath);
        await output.commit();
        hashes = output.hashes();
        if (save) saveRecord(recordPath, policy.record());
      } else if (output instanceof LiveOutput) {
        const result = output.commit();
        hashes = options.live!.hashes = result.hashes;
        options.live!.record = policy.record();
        changed = result.changed;
      }
    });

    const total = performance.now() - started;
    const summary =
      `${colour.green('✓')} ${pages.length} pages (${rendered} rendered, ${pages.length - rendered} kept), ${images.stats.images} images` +
      ` (${images.stats.processed + flags.processed + social.processed} processed, ${images.stats.cached} cached), ${markdown.stats.total} markdown (${markdown.stats.rendered} rendered)` +
      ` in ${formatMs(total)} ${colour.dim(`(${timings.map(([s, ms]) => `${s} ${formatMs(ms)}`).join(', ')})`)}`;
    logger.info(summary);
    if (weights.size) logger.info(colour.dim(`  JavaScript, gzipped, at load / in all: ${weights.describe()}`));
    return {
      project,
      out,
      model,
      pages,
      redirects,
      files: output.files(),
      changed,
      hashes,
      rendered,
      renderKey,
      record: policy.record(),
      templates,
      inputs: [...files.map((f) => path.join(project.root, f.path)), ...templates.inputs, ...stylesheet.inputs, ...client.inputs],
      timings,
      markdown: markdown.stats,
      images: images.stats,
      summary,
    };
  } catch (error) {
    await markdown.cancel();
    if (output instanceof StagedOutput) await output.discard();
    throw error;
  }
}

/**
 * Deletes every cache a build reads: the project's .cache/ but for the compiled CLI (this very process may
 * still load chunks of it), and the compiled templates, islands, stylesheet and validators kept beside the tool.
 */
function clearCaches(project: Project): void {
  if (fs.existsSync(project.cache)) {
    for (const name of fs.readdirSync(project.cache)) if (name !== 'cli') fs.rmSync(path.join(project.cache, name), { recursive: true, force: true });
  }
  for (const name of ['templates', 'islands', 'css', 'schemas']) fs.rmSync(path.join(toolRoot, '.cache', name), { recursive: true, force: true });
}

/** The heaviest JavaScript weight seen for each kind of page, for the summary. */
class WeightsByKind {
  private byKind = new Map<string, PageWeight>();
  get size(): number {
    return this.byKind.size;
  }
  add(kind: string, weight: PageWeight): void {
    const before = this.byKind.get(kind);
    if (!before || weight.total > before.total) this.byKind.set(kind, weight);
  }
  describe(): string {
    const kb = (n: number) => (n / 1024).toFixed(1);
    return [...this.byKind].map(([kind, w]) => `${kind} ${kb(w.load)}/${kb(w.total)} KB`).join(', ');
  }
}

/**
 * Runs a stage that writes output files, or in the dev server reuses its last result: when `reusable` and
 * its key is the same as last time, its files are kept from the previous build instead of written again.
 * `asReused` adjusts a reused result (its counts of work done, say).
 */
async function liveStage<T>(
  live: LiveState | undefined,
  output: Output,
  name: string,
  key: string,
  reusable: boolean,
  run: (output: Output) => Promise<T>,
  asReused: (result: T) => T = (result) => result,
): Promise<T> {
  if (!live || !(output instanceof LiveOutput)) return run(output);
  live.stages ??= new Map();
  const last = live.stages.get(name);
  if (reusable && last?.key === key && output.keepAll(last.files)) return asReused(last.result as T);
  const files: string[] = [];
  const recording: Output = {
    emit: (file, contents) => {
      files.push(file);
      output.emit(file, contents);
    },
    has: (file) => output.has(file),
    keep: (file) => output.keep(file),
    drain: () => output.drain(),
    files: () => output.files(),
    bytes: (file) => output.bytes(file),
  };
  const result = await run(recording);
  live.stages.set(name, { key, result, files });
  return result;
}

/** The dev server's compiled templates, while no file under templates/ or islands/ has changed since. */
function reusableTemplates(project: Project, live: LiveState | undefined): CompiledTemplates | undefined {
  if (!live?.templates || !live.changed) return undefined;
  const dirs = [project.templates, project.islands].map((d) => d + path.sep);
  const inputs = new Set(live.templates.inputs);
  for (const file of live.changed) if (inputs.has(file) || dirs.some((d) => file.startsWith(d))) return undefined;
  return live.templates;
}

/** Which content files name each image under assets/images/, for error messages. */
function imageReferences(files: SourceFile[]): Map<string, string[]> {
  // Sets while collecting: thousands of posts can share one image, and copying a growing list is quadratic.
  const refs = new Map<string, Set<string>>();
  const visit = (value: unknown, file: string) => {
    if (Array.isArray(value)) for (const v of value) visit(v, file);
    else if (value && typeof value === 'object') {
      const src = (value as { src?: unknown }).src;
      if (typeof src === 'string') {
        if (!refs.has(src)) refs.set(src, new Set());
        refs.get(src)!.add(file);
      }
      for (const v of Object.values(value)) visit(v, file);
    }
  };
  for (const f of files) visit(f.data, f.path);
  return new Map([...refs].map(([src, users]) => [src, [...users]]));
}

/** The Markdown texts besides posts: prose pages and the answers of every FAQ. */
function otherMarkdownTexts(model: SiteModel): string[] {
  return [...model.prose.map((p) => p.body), ...model.faq.flatMap((g) => g.items.map((i) => i.answer)), ...model.services.flatMap((s) => s.faq.map((i) => i.answer))];
}

/** What the sitemap is made from. */
function sitemapInputs(model: SiteModel, pages: Page[]): string {
  return JSON.stringify([model.settings.baseUrl, pages.map((p) => [p.path, p.lastmod, p.indexable])]);
}

/** What the blog feed is made from: the newest posts (their bodies by their files' hashes) and the site's names. */
function feedInputs(model: SiteModel, policy: IncrementalPolicy): string {
  const s = model.settings;
  const posts = feedPosts(model).map(({ body: _body, ...post }) => [post, policy.fileHash(post.file)]);
  return JSON.stringify([s.name, s.legalName, s.baseUrl, s.updated, model.pages.blog.seo.description, posts]);
}

export { BuildFailure };
