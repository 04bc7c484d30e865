// The render stage: every page the plan does not keep (incremental/plan.ts), through the templates, written as
// soon as it is rendered.
import { BuildFailure, failIfAny, type SiteError } from '../errors.ts';
import type { Project } from '../project.ts';
import type { SiteModel } from '../content/model.ts';
import { rules } from '../content/kinds.ts';
import { pageSource, type Page } from '../routes.ts';
import type { MarkdownSession } from '../markdown/render.ts';
import type { EarlyBodies } from '../content/read.ts';
import type { CompiledTemplates } from './templates.ts';
import { renderDocument, renderError } from './render.ts';
import { withOwnPolicy } from '../output/security.ts';
import { PageScripts, type PageWeight } from './page-scripts.ts';
import type { ClientScripts } from '../assets/islands.ts';
import { createAssets, type PreparedAssets } from '../assets/assets.ts';
import { DependencyTracker, type Dep } from '../incremental/tracker.ts';
import type { Output } from '../output/output.ts';
import { relieveMemory } from '../memory.ts';
import { checkHtmlWeight } from '../page-weight.ts';

export interface RenderInputs {
  project: Project;
  model: SiteModel;
  /** The pages to render: the others were kept from the last output. */
  pages: Page[];
  templates: CompiledTemplates;
  client: ClientScripts;
  assets: PreparedAssets;
  /** Told what each rendered page read, for the next build's record (incremental/record.ts). */
  recorded: (page: Page, deps: Set<Dep>) => void;
  output: Output;
  weights: WeightsByKind;
  /** Told the pages rendered so far, of `toRender` (the live progress line, progress.ts). */
  progress?: (done: number, toRender: number) => void;
}

/**
 * Renders the pages it is given and returns how many it rendered. The pages of Markdown entries (posts) render
 * as the workers turn their bodies into HTML, each as soon as its body's HTML arrives; every other page first,
 * once the other Markdown texts are rendered. So every text a page shows is rendered before the page is.
 */
export async function renderSite(inputs: RenderInputs, markdown: MarkdownSession, early: EarlyBodies): Promise<number> {
  const { project, model, pages: toRender, output } = inputs;
  const tracker = new DependencyTracker();
  const scripts = new PageScripts(inputs.client);
  const assets = createAssets(inputs.assets, scripts, tracker);
  const module = await inputs.templates.load();
  const problems: SiteError[] = [];
  let count = 0;
  const site = tracker.wrap(model);
  const renderPage = (page: Page) => {
    scripts.begin();
    const { value, deps } = tracker.capture(() => withOwnPolicy(renderDocument(module, { page, site, assets, markdown: markdown.html }), page, site), page.source);
    inputs.recorded(page, deps);
    const html = scripts.finish(value);
    const weight = scripts.weight();
    inputs.weights.add(page.kind, weight);
    for (const problem of [scripts.check(page, weight), checkHtmlWeight(page, html)]) if (problem) problems.push(problem);
    output.emit(page.file, html, pageSource(page));
  };
  // In steps, reporting progress, letting the writer thread catch up (rendering from cached Markdown outruns
  // writing, and thousands of pages queued for it would hold their HTML in memory twice) and keeping the heap
  // in check between them (relieveMemory).
  const render = async (list: Page[]) => {
    for (let i = 0; i < list.length; i += 256) {
      for (const page of list.slice(i, i + 256)) {
        try {
          renderPage(page);
          count++;
        } catch (error) {
          // A problem with the content itself (a file saved again mid-build) is not the template's.
          if (error instanceof BuildFailure) throw error;
          problems.push(renderError(project, page, error));
        }
      }
      inputs.progress?.(count, toRender.length);
      await output.drain();
      relieveMemory();
    }
  };
  // The pages made from a Markdown entry's file, by the file.
  const bodyPages = new Map<string, Page[]>();
  const others: Page[] = [];
  for (const page of toRender) {
    if (page.source && rules.markdownCollections.has(page.kind)) bodyPages.set(page.source, [...(bodyPages.get(page.source) ?? []), page]);
    else others.push(page);
  }
  // The other Markdown texts (prose, FAQ answers) are needed only if one of those pages is rendered.
  if (others.length) await markdown.render(otherMarkdownTexts(model));
  await render(others);
  const pagesOf = (files: string[]) => files.flatMap((file) => bodyPages.get(file) ?? []);
  for await (const files of early.ready) await render(pagesOf(files));
  // Entries whose files are as the last build read them, but whose pages must render (a template changed, say).
  const late = [...bodyPages.keys()].filter((file) => !early.files.has(file));
  for await (const files of markdown.posts(late, early.bodyOf)) await render(pagesOf(files));
  failIfAny('render', problems);
  return count;
}

/** The heaviest JavaScript weight seen for each kind of page, for the summary. */
export class WeightsByKind extends Map<string, PageWeight> {
  add(kind: string, weight: PageWeight): void {
    const before = this.get(kind);
    if (!before || weight.total > before.total) this.set(kind, weight);
  }
  describe(): string {
    const kb = (n: number) => (n / 1024).toFixed(1);
    return [...this].map(([kind, w]) => `${kind} ${kb(w.load)}/${kb(w.total)} KB`).join(', ');
  }
}

/** The Markdown texts besides the entries' bodies: prose pages and the answers of every FAQ. */
function otherMarkdownTexts(model: SiteModel): string[] {
  return [...model.prose.map((p) => p.body), ...model.faq.flatMap((g) => g.items.map((i) => i.answer)), ...model.services.flatMap((s) => s.faq.map((i) => i.answer))];
}

