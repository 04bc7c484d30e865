// Runs the stages in order, times each and prints one summary line. The stages themselves live in their
// folders: content/ (load, validate, model, cross-check), markdown/, render/, assets/ and output/.
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
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
import { IncrementalPolicy, folderHash, liveStage, reusableTemplates, toolKey, type LiveState } from './incremental/policy.ts';
import { contentState, fileHash, forgetRecord, loadRecord, recordFile, saveRecord, type BuildRecord } from './incremental/record.ts';
import { PageScripts, type PageWeight } from './render/page-scripts.ts';
import { buildClientScripts, type ClientScripts } from './assets/islands.ts';
import { prepareFlags } from './assets/flags.ts';
import { prepareSocial } from './assets/social.ts';
import { buildStylesheet } from './assets/css.ts';
import { processImages, type ImageStats } from './assets/images.ts';
import { createAssets, createFileCopier, type PreparedAssets } from './assets/assets.ts';
import type { Output } from './output/output.ts';
import { StagedOutput } from './output/staged.ts';
import { LiveOutput } from './output/live.ts';
import { blogFeed, feedPosts, headerRules, headersFile, redirectsFile, robotsTxt, sitemapXml } from './output/host-files.ts';
import { colour, consoleLogger, formatMs, type Logger } from './log.ts';
import { relieveMemory } from './memory.ts';
import { emitAdmin } from './admin/admin-files.ts';

export type { LiveState };

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
  const live = options.live;
  const recordPath = recordFile(project.cache, out);
  const previous = live ? live.record : keepRecord(options) ? loadRecord(recordPath) : undefined;
  const markdown = new MarkdownSession(project);
  let output: Output | undefined;
  try {
    const content = await time('content', () => readContent(project, previous, markdown, live));
    const { files } = content;
    const { model, pages, redirects, checked } = await time('model', () => joinContent(project, files, markdown, previous));

    // Large sites write in a worker thread while this one renders.
    const spare = options.recycle === false ? undefined : path.join(project.cache, 'output', createHash('sha256').update(path.resolve(out)).digest('hex').slice(0, 12));
    output = live ? new LiveOutput(out, live.hashes) : new StagedOutput(out, { threaded: pages.length >= threadedWritesFrom, spare });
    const target = output;
    const copyFile = createFileCopier(project, output);
    // In the dev server, an edit confined to content/ leaves what islands, images and flags produce unchanged.
    const contentOnly = !!live?.changed && [...live.changed].every((file) => file.startsWith(project.content + path.sep));
    const codes = model.languages.map((l) => l.countryCode);
    const [templates, stylesheet, images, client, flags, social] = await Promise.all([
      time('templates', () => reusableTemplates(project, live) ?? compileTemplates(project, { incremental: !!live })),
      time('css', () => buildStylesheet(project, copyFile)),
      time('images', () =>
        liveStage(live, target, 'images', 'assets', contentOnly, (out) => processImages(project, out, imageReferences(files)), ({ images, stats }) => ({ images, stats: { ...stats, processed: 0, cached: stats.images, encodeMs: 0 } })),
      ),
      time('islands', () => liveStage(live, target, 'islands', 'islands', contentOnly, (out) => buildClientScripts(project, out))),
      time('flags', () => liveStage(live, target, 'flags', [...new Set(codes)].sort().join(), contentOnly, (out) => prepareFlags(project, out, codes), (flags) => ({ ...flags, processed: 0 }))),
      time('social', () => prepareSocial(project, target, model)),
    ]);
    output.emit(stylesheet.file, stylesheet.contents);
    if (live) live.templates = templates;

    // Everything every page's markup depends on besides content; when it changes, every page is rendered.
    const renderKey = hashOf([
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
    ]);
    const policy = await time('changes', () => new IncrementalPolicy(previous, renderKey, contentState(files, model, previous)));
    const weights = new WeightsByKind();
    const assets = { stylesheet: stylesheet.url, images: images.images, flags: flags.flags, cards: social.cards, icons: social.icons, file: copyFile };
    const rendered = await time('render', () => renderSite({ project, model, pages, templates, client, assets, policy, output: target, weights }, markdown, content.posts));
    if (content.posts.workers) timings.push(['post markdown in workers', content.posts.workers.ms]);
    // Pruned to what this build used only when it looked every text up; otherwise kept pages' texts stay.
    markdown.save({ prune: rendered === pages.length });

    await time('feeds', async () => {
      // Kept like pages while their inputs are the same: for thousands of posts they cost as much as the rest.
      await policy.derive(target, 'sitemap.xml', sitemapInputs(model, pages), () => sitemapXml(model, pages));
      await policy.derive(target, 'blog/feed.xml', feedInputs(model, policy), async () => {
        await markdown.render(feedPosts(model).map((p) => p.body));
        return blogFeed(model);
      });
      target.emit('robots.txt', robotsTxt(model));
      target.emit('_headers', headersFile(headerRules(model)));
      target.emit('_redirects', redirectsFile(redirects));
    });
    await time('admin', () => emitAdmin(project, model.settings, (file, inputs, produce) => policy.derive(target, file, inputs, produce), (m) => logger.warn(m)));

    const { changed, hashes } = await time('write', async () => {
      if (target instanceof LiveOutput) {
        const result = target.commit();
        live!.hashes = result.hashes;
        live!.record = policy.record();
        return result;
      }
      const staged = target as StagedOutput;
      // The record describes the output about to be swapped in, so it is saved only once that has happened;
      // until then no record is better than one that describes the output being replaced. A build that
      // changed nothing leaves the record as it is: it describes the new output just as well.
      const save = keepRecord(options) && !policy.unchanged();
      if (save) forgetRecord(recordPath);
      await staged.commit();
      if (save) saveRecord(recordPath, { ...policy.record(), validated: content.validated, checked });
      return { changed: [] as string[], hashes: staged.hashes() };
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
      files: target.files(),
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

/** The posts whose Markdown started while content was checked, and how long the workers took over them. */
interface EarlyPosts {
  slugs: Set<string>;
  ready: AsyncIterable<string[]>;
  workers?: { ms: number };
}

/**
 * Reads, resolves and validates the content. Post bodies need no validation, so the Markdown workers start
 * on the posts whose files changed since the last build as soon as the files are read, and run while
 * everything else is checked and prepared.
 */
async function readContent(project: Project, previous: BuildRecord | undefined, markdown: MarkdownSession, live: LiveState | undefined) {
  const loaded = loadContent(project, live?.sources);
  // The dev server keeps files as written; placeholders are resolved again (from a memo) on every build.
  if (live) live.sources = new Map(loaded.files.map((f) => [f.rel, f]));
  const resolved = resolveFacts(loaded.files);
  const changedPosts = resolved.files.filter((f) => f.source.kind === 'blog-post' && previous?.files.get(f.path)?.hash !== fileHash(f));
  const started = performance.now();
  const early = changedPosts.map((f) => ({ slug: (f.source as { slug: string }).slug, body: f.body ?? '' }));
  const posts: EarlyPosts = { slugs: new Set(early.map((p) => p.slug)), ready: timed(markdown.posts(early), () => markdown.stats.threads > 1 && (posts.workers = { ms: performance.now() - started })) };
  // A file with an unknown fact name keeps the placeholder, which its schema would then report a second time.
  const unresolved = new Set(resolved.errors.map((e) => e.file));
  // Files as the last successful build read them passed the same validators then.
  const passed = previous?.validated ? { key: previous.validated, files: (f: SourceFile) => previous.files.get(f.path)?.hash === fileHash(f) } : undefined;
  const validation = await validateContent(project, resolved.files.filter((f) => !unresolved.has(f.path)), passed);
  failIfAny('content', [...loaded.errors, ...resolved.errors, ...validation.errors]);
  return { files: resolved.files, posts, validated: validation.key };
}

/**
 * The model, the routes and the checks across files. The checks read only the content, the names of the
 * images under assets/images/ and the tool's own tables (icons, flags, routes): when all of those are as the
 * last successful build found them, so is the outcome, and they are not run again.
 */
function joinContent(project: Project, files: SourceFile[], markdown: MarkdownSession, previous: BuildRecord | undefined) {
  const sourceDate = process.env.SOURCE_DATE_EPOCH;
  const buildDate = sourceDate && /^\d+$/.test(sourceDate) ? new Date(Number(sourceDate) * 1000).toISOString().slice(0, 10) : undefined;
  const model = buildModel(files, { html: markdown.html, buildDate });
  const { pages, redirects } = routes(model);
  const checked = hashOf([toolKey(), fg.sync('**', { cwd: path.join(project.assets, 'images') }).sort()]);
  const same = previous?.checked === checked && previous.files.size === files.length && files.every((f) => previous.files.get(f.path)?.hash === fileHash(f));
  if (!same) failIfAny('content', crossCheck(project, files, model, pages, redirects));
  return { model, pages, redirects, checked };
}

interface RenderInputs {
  project: Project;
  model: SiteModel;
  pages: Page[];
  templates: CompiledTemplates;
  client: ClientScripts;
  assets: PreparedAssets;
  policy: IncrementalPolicy;
  output: Output;
  weights: WeightsByKind;
}

/**
 * Renders every page that cannot be kept and returns how many it rendered. A page is kept when nothing it read
 * changed and the output still holds it as it was written. Every page but the posts renders first, while the
 * workers turn post bodies into HTML; each post renders as soon as its body's HTML arrives.
 */
async function renderSite(inputs: RenderInputs, markdown: MarkdownSession, early: EarlyPosts): Promise<number> {
  const { project, model, pages, policy, output } = inputs;
  const tracker = new DependencyTracker();
  const scripts = new PageScripts(inputs.client);
  const assets = createAssets(inputs.assets, scripts, tracker);
  const toRender = pages.filter((page) => {
    if (!policy.reusable(page) || !output.keep(page.file)) return true;
    policy.kept(page);
    // The files a kept page's markup asked the asset lookups for are copied again: nothing else asks for them now.
    for (const name of policy.assetsOf(page)) inputs.assets.file(name);
    return false;
  });
  const module = toRender.length ? await inputs.templates.load() : undefined;
  const problems: SiteError[] = [];
  let count = 0;
  // In steps, letting the writer thread catch up: rendering from cached Markdown outruns writing, and
  // thousands of pages queued for it would hold their HTML in memory twice.
  const render = async (list: Page[]) => {
    for (let i = 0; i < list.length; i += 256) {
      const { errors, rendered } = renderPages(list.slice(i, i + 256), {
        project,
        model,
        templates: module!,
        assets,
        tracker,
        recorded: (page, deps) => policy.rendered(page, deps),
        scripts,
        weighed: (page, weight) => inputs.weights.add(page.kind, weight),
        emit: (page, html) => output.emit(page.file, html),
      });
      problems.push(...errors);
      count += rendered;
      await output.drain();
      relieveMemory();
    }
  };
  const others = toRender.filter((page) => page.kind !== 'post');
  // The other Markdown texts (prose, FAQ answers) are needed only if one of those pages is rendered.
  if (others.length) await markdown.render(otherMarkdownTexts(model));
  await render(others);
  const postPages = new Map<string, Page[]>();
  for (const page of toRender) if (page.kind === 'post') postPages.set(page.data.post.slug, [...(postPages.get(page.data.post.slug) ?? []), page]);
  const pagesOf = (slugs: string[]) => slugs.flatMap((slug) => postPages.get(slug) ?? []);
  for await (const slugs of early.ready) await render(pagesOf(slugs));
  // Posts whose files are as the last build read them, but whose pages must render (a template changed, say).
  const late = model.posts.filter((p) => postPages.has(p.slug) && !early.slugs.has(p.slug)).map((p) => ({ slug: p.slug, body: p.body }));
  for await (const slugs of markdown.posts(late)) await render(pagesOf(slugs));
  failIfAny('render', problems);
  return count;
}

/** Calls `done` when the stream ends, however it ends. */
async function* timed<T>(stream: AsyncIterable<T>, done: () => unknown): AsyncIterable<T> {
  try {
    yield* stream;
  } finally {
    done();
  }
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
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
