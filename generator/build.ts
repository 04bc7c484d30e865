// The list of stages: each runs in turn, is timed, and hands its result on to the later ones; the summary line
// closes the build. The stages live in their folders: content/read.ts and content/join.ts, assets/, render/site.ts,
// output/ and admin/; which pages are kept from the last build is decided in incremental/plan.ts.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { diskFailure } from './disk-errors.ts';
import { outputFolder, resolveProject } from './project.ts';
import { readContent } from './content/read.ts';
import { joinContent } from './content/join.ts';
import { linkableAddresses } from './content/cross-check.ts';
import { MarkdownSession, type MarkdownRuntime } from './markdown/render.ts';
import { TemplateContexts, compileTemplates } from './render/templates.ts';
import { renderSite, WeightsByKind, type RenderInputs } from './render/site.ts';
import { filesBelow, folderHash, memoStage, readStageMemo, reusableTemplates, saveStageMemo, toolKey, type LiveState } from './incremental/stages.ts';
import { Changes, plan, explain, type BuildKey } from './incremental/plan.ts';
import { contentFileTest, forgetStamp, inputStamp, saveStamp, type InputStamp } from './incremental/unchanged.ts';
import { NextRecord, contentState, encodeRecord, loadRecord, recordFile } from './incremental/record.ts';
import { buildClientScripts } from './assets/islands.ts';
import { prepareFlags } from './assets/flags.ts';
import { drawCards, prepareSocial, socialInputs } from './assets/social.ts';
import { buildStylesheet } from './assets/css.ts';
import { imageReferences, processImages } from './assets/images.ts';
import { createFileCopier } from './assets/assets.ts';
import { StagedOutput } from './output/staged.ts';
import { LiveOutput } from './output/live.ts';
import { blogFeed, feedInputs, feedPosts, redirectsFile, robotsTxt, sitemapInputs, sitemapXml } from './output/host-files.ts';
import { headerRules, headersFile, headersInputs } from './output/security.ts';
import { colour, consoleLogger, formatMs, type Logger } from './log.ts';
import { emitAdmin } from './admin/admin-files.ts';
import { contentFile } from './admin/cms-config.ts';
import { clearCaches, discardCacheFile, hashOf, writeCacheFile } from './cache.ts';
import { spareFolder } from './output/spare.ts';
import { threadedFrom } from './output/writer.ts';
import { BuildProgress } from './progress.ts';

export interface BuildOptions {
  root: string;
  /** The output folder; dist/ under the root by default. */
  out?: string;
  logger?: Logger;
  /**
   * The dev server's state after its last good build (BuildResult.next), with the files changed since: the
   * build updates the live output folder in place and returns the next state, leaving this one as it was.
   */
  live?: LiveState;
  /**
   * Keep the output this build replaces in the project's cache and start the next build from it, writing only
   * files whose bytes changed (on by default; off for throwaway outputs such as `site check`'s).
   */
  recycle?: boolean;
  /** Delete every cache before building (`site build --clean`): nothing is reused. */
  clean?: boolean;
  /** The stamp of the inputs, when the caller has just taken it (incremental/unchanged.ts). */
  inputs?: InputStamp;
  /** Print why each page was rendered (`site build --explain`). */
  explain?: boolean;
  /** Show drafts, marked, rather than leave them out (`site serve`: content/drafts.ts). */
  drafts?: boolean;
  /** The threads Markdown may use, as the CLI found the machine and its settings (markdownRuntime()). */
  runtime?: MarkdownRuntime;
  /**
   * Stops the build (`site build` on Ctrl-C): the stage under way is abandoned, the staging folder removed and
   * the last output left as it was; the build rejects with BuildStopped.
   */
  signal?: AbortSignal;
}

/** A build stopped by its signal (BuildOptions.signal) before it replaced the output. */
export class BuildStopped extends Error {
  constructor(readonly reason: unknown) {
    super(`the build was stopped (${String(reason)})`);
  }
}

/** Settles as `work` does, or rejects with BuildStopped as soon as `signal` aborts, whichever comes first. */
export function unlessStopped<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new BuildStopped(signal.reason));
  let onAbort!: () => void;
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(new BuildStopped(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, stopped]).finally(() => signal.removeEventListener('abort', onAbort));
}

/**
 * Thrown when files a build kept from the last output turn out to have changed there since (StagedOutput's
 * refused()): the build starts again, checking the last output first, and makes them.
 */
class KeptFilesChanged extends Error {
  constructor(readonly files: string[]) {
    super(`${files.length} kept files changed in the last output`);
  }
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  try {
    return await buildOnce(options, started, false);
  } catch (error) {
    if (!(error instanceof KeptFilesChanged)) throw error;
    const { files } = error;
    const shown = files.length === 1 ? files[0] : `${files[0]} and ${files.length - 1} more`;
    (options.logger ?? consoleLogger).info(colour.dim(`  ${shown} changed in the output folder since the last build: building again from a full check of it`));
    return buildOnce(options, started, true);
  }
}

/** Where `site build` keeps what each page was made from, for the next build to keep what did not change. */
const keepRecord = (options: BuildOptions) => options.recycle !== false && !options.live;

export type BuildResult = Awaited<ReturnType<typeof buildOnce>>;

/** One attempt at a build; `checkFirst`: the last output is checked before anything is kept from it. */
async function buildOnce(options: BuildOptions, started: number, checkFirst: boolean) {
  const logger = options.logger ?? consoleLogger;
  const project = resolveProject(options.root);
  const out = outputFolder(project, options.out);
  if (options.clean) clearCaches(project);
  // What the inputs were as the build began, recorded with its output for the next `site build` (unchanged.ts).
  const stamp = keepRecord(options) ? (options.inputs ?? inputStamp(project, out, options.drafts)) : undefined;
  // The live line on a terminal, each stage's time, and the summary's critical path (progress.ts).
  const progress = new BuildProgress(logger, started);
  // Each stage but the last (writing, and swapping the output into place) ends at once when the build is stopped.
  const time = <T>(stage: string, work: () => T | Promise<T>) => {
    if (stage !== 'write') return unlessStopped(progress.time(stage, work), options.signal);
    return options.signal?.aborted ? Promise.reject(new BuildStopped(options.signal.reason)) : progress.time(stage, work);
  };
  const live = options.live;
  const recordPath = recordFile(project.cache, out);
  const previous = live ? live.record : keepRecord(options) ? loadRecord(recordPath) : undefined;
  const markdown = new MarkdownSession(project, options.runtime);
  const spare = options.recycle === false ? undefined : spareFolder(project, out);
  let output: LiveOutput | StagedOutput | undefined;
  try {
    const content = await time('content', () => readContent(project, previous, markdown, live, stamp?.content));
    const { files } = content;
    const { model, pages, redirects, checked, published } = await time('model', () => joinContent(project, files, previous, content.changed, { drafts: options.drafts }));

    // Large sites write in a worker thread while this one renders.
    output = live ? new LiveOutput(out, live.hashes) : new StagedOutput(out, { threaded: pages.length >= threadedFrom.pages, spare, checkFirst });
    const target = output;
    const copyFile = createFileCopier(project, output);
    // In the dev server, an edit confined to content/ leaves what islands, images and flags produce unchanged.
    const contentOnly = !!live?.changed && [...live.changed].every((file) => file.startsWith(project.content + path.sep));
    // `site build` keeps their results beside the record, reusable while nothing but content has changed.
    const stages = live ? { memo: new Map(live.stages), reusable: contentOnly } : stamp && spare ? readStageMemo(spare, stamp.rest) : undefined;
    const codes = model.languages.map((l) => l.countryCode);
    // esbuild, lightningcss and the form's schema (functions/) would wait for ever on a named pipe they read: the
    // folders they read from are listed first, and one that is not a regular file fails the build, named
    // (NOT_A_FILE). A file imported from elsewhere is checked as esbuild loads it (regularFilesOnly).
    const assetsHash = folderHash(project.assets, [path.join(project.assets, 'images')]);
    for (const dir of [project.templates, project.islands, project.functions]) filesBelow(dir);
    const compiled = time('templates', () => reusableTemplates(project, live) ?? compileTemplates(project, { incremental: live?.templateContexts }));
    const [templates, stylesheet, images, client, flags, social] = await Promise.all([
      compiled,
      time('css', () => buildStylesheet(project, copyFile)),
      time('images', () =>
        memoStage(stages, target, 'images', 'assets', (out) => processImages(project, out, () => imageReferences(files)), ({ images, stats }) => ({ images, stats: { ...stats, processed: 0, cached: stats.images } })),
      ),
      time('islands', () => memoStage(stages, target, 'islands', 'islands', (out) => buildClientScripts(project, out))),
      time('flags', () => memoStage(stages, target, 'flags', [...new Set(codes)].sort().join(), (out) => prepareFlags(project, out, codes), (flags) => ({ ...flags, processed: 0 }))),
      // The templates draw the cards, so the cards wait for them.
      compiled.then((t) =>
        time('social', async () => {
          const drawn = drawCards(project, model, (await t.load()).social);
          return memoStage(stages, target, 'social', socialInputs(model, drawn), (out) => prepareSocial(project, out, model, drawn), (social) => ({ ...social, processed: 0 }));
        }),
      ),
    ]);
    // Islands that import a content file cannot be reused on the strength of the rest being unchanged.
    if (client.inputs.some(contentFileTest(project))) stages?.memo.delete('islands');
    output.emit(stylesheet.file, stylesheet.contents, 'the stylesheet (assets/css/main.css)');

    // Everything every page's markup depends on besides content; when a part changes, every page is rendered.
    const renderKey: BuildKey = {
      'the generator (or Node, or a package)': toolKey(),
      'the templates': templates.hash,
      'the stylesheet': stylesheet.url,
      'the images': hashOf([...images.images]),
      "the islands' scripts": hashOf([...client.entries].map(([name, e]) => [name, e.url])),
      'the flags': hashOf([...flags.flags]),
      'the social cards': hashOf([...social.cards, social.icons]),
      'the assets': assetsHash,
      'the schemas': folderHash(project.schemas),
      'the build date': String(model.buildDate ?? 'none'),
    };
    const changes = await time('changes', () => new Changes(previous, renderKey, contentState(files, model, previous)));
    const planned = plan(changes, pages, (file) => target.canKeep(file));
    const nextRecord = new NextRecord(changes);
    const weights = new WeightsByKind();
    const assets = { stylesheet: stylesheet.url, images: images.images, flags: flags.flags, cards: social.cards, icons: social.icons, file: copyFile };
    // The pages the plan keeps are kept before any renders; the others render, each recorded as it is.
    const rendered = await time('render', () => {
      const toRender = nextRecord.keep(planned, target, copyFile);
      const recorded: RenderInputs['recorded'] = (page, deps) => nextRecord.rendered(page, deps);
      return renderSite({ project, model, pages: toRender, templates, client, assets, recorded, output: target, weights, progress: (done, of) => progress.rendered(done, of) }, markdown, content.posts);
    });
    await time('feeds', async () => {
      // Kept like pages while their inputs are the same: for thousands of posts they cost as much as the rest.
      await nextRecord.derive(target, 'sitemap.xml', () => sitemapInputs(model, pages), () => sitemapXml(model, pages), true);
      await nextRecord.derive(target, 'blog/feed.xml', feedInputs(model, nextRecord), async () => {
        await markdown.render(feedPosts(model).map((p) => p.body));
        return blogFeed(model, markdown.html);
      });
      target.emit('robots.txt', robotsTxt(model));
      await nextRecord.derive(target, '_headers', () => headersInputs(model, pages), () => headersFile(headerRules(model, pages)));
      target.emit('_redirects', redirectsFile(redirects));
    });
    // Pruned to what this build used only when it looked every text up; otherwise kept pages' texts stay.
    markdown.save({ prune: rendered === pages.length });
    const contentFiles = files.map((f) => contentFile(f.rel, f.source.schema));
    await time('admin', () => emitAdmin(project, model.settings, contentFiles, (file, inputs, produce) => nextRecord.derive(target, file, inputs, produce), (m) => logger.warn(m), { files: published, addresses: linkableAddresses(pages, redirects) }));

    const { changed, hashes } = await time('write', async () => {
      if (target instanceof LiveOutput) return target.commit();
      // The writer is asked for the kept files it refused, then to finish, and the record is encoded while it
      // answers, rather than this thread waiting idle for it.
      const refusing = target.refused();
      const flushed = target.flush();
      flushed.catch(() => {});
      // A build that changed nothing leaves the record as it is: it describes the new output just as well.
      const save = keepRecord(options) && !nextRecord.unchanged();
      const record = save ? encodeRecord({ ...nextRecord.record(), validated: content.validated, checked }) : undefined;
      // Kept files found changed in the last output as they were taken from it (by hand, or by a tool run on
      // it since): rare, so the build starts again and checks that output before it keeps anything.
      const refused = await refusing;
      if (refused.length) throw new KeptFilesChanged(refused);
      // The record describes the output about to be swapped in, so it is saved only once that has happened;
      // until then no record is better than one that describes the output being replaced.
      if (save) discardCacheFile(recordPath);
      if (stamp) forgetStamp(project, out);
      await flushed;
      await target.commit();
      if (record) writeCacheFile(recordPath, record);
      const hashes = target.hashes();
      if (stamp) saveStamp(project, out, stamp.hash, { pages: pages.length, images: images.stats.images, markdown: markdown.stats.total });
      if (stamp && spare && stages) saveStageMemo(spare, stamp.rest, stages.memo);
      return { changed: [] as string[], hashes };
    });

    const total = performance.now() - started;
    const summary =
      `${colour.green('✓')} ${pages.length} pages (${rendered} rendered, ${pages.length - rendered} kept), ${images.stats.images} images` +
      ` (${images.stats.processed + flags.processed + social.processed} processed, ${images.stats.cached} cached), ${markdown.stats.total} markdown (${markdown.stats.rendered} rendered)` +
      ` in ${formatMs(total)} ${colour.dim(`(${progress.summary(total)})`)}`;
    progress.done();
    logger.info(summary);
    if (weights.size) logger.info(colour.dim(`  JavaScript, gzipped, at load / in all: ${weights.describe()}`));
    if (options.explain) {
      for (const line of explain(planned)) logger.info(line);
      // Each stage's own time, for whoever profiles a stage: those that run at once overlap, so they add up to more.
      const times = progress.spans.map(({ stage, start, end }) => `${stage} ${formatMs(end - start)}`);
      if (content.posts.workers) times.push(`post markdown in workers ${formatMs(content.posts.workers.ms)}`);
      logger.info(colour.dim(`  stage times, some overlapping: ${times.join(', ')}`));
    }
    // The dev server's state for its next build (BuildOptions.live).
    const templateContexts = live?.templateContexts ?? new TemplateContexts();
    const next: LiveState = live
      ? { sources: new Map(content.loaded.map((f) => [f.rel, f])), hashes, templates, templateContexts, record: nextRecord.record(), stages: stages?.memo }
      : { hashes, templates, templateContexts, record: nextRecord.record() };
    return {
      model,
      pages,
      // For live builds: the output files whose bytes changed.
      changed,
      // Pages rendered; the others were kept from the previous build.
      rendered,
      // For every page, whether it was to be rendered or kept, and why (incremental/plan.ts).
      plan: planned,
      next,
      markdown: markdown.stats,
      images: images.stats,
      // Of `site build`'s output: files written, files the folder it started from held already, files removed.
      writes: target instanceof StagedOutput ? target.stats : undefined,
      summary,
    };
  } catch (error) {
    // Each step of the clean-up runs whatever the others do: one that fails too (on a full disk, say) must
    // neither hide the build's error nor leave a thread running that keeps the process alive.
    progress.done();
    await markdown.cancel().catch(() => {});
    if (output instanceof StagedOutput) await output.discard().catch(() => {});
    throw diskFailure(error);
  }
}
