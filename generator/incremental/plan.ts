// The plan: for every page, before anything renders, whether it is rendered or kept from the last output,
// and why. Made from the incremental policy's view of what changed (policy.ts) and what the last output
// holds as it was written; it changes nothing itself. `site build --explain` prints it.
import type { Page } from '../routes.ts';

export type Action = 'render' | 'keep';

export interface Planned {
  page: Page;
  action: Action;
  reason: string;
}

/** What the plan asks of the last build: why a page must render (undefined: its last rendering stands). */
export interface Changes {
  whyRender(page: Page): string | undefined;
}

/** `inLastOutput`: whether the last output still holds a file as the last build wrote it. */
export function plan(changes: Changes, pages: readonly Page[], inLastOutput: (file: string) => boolean): Planned[] {
  return pages.map((page) => {
    const why = changes.whyRender(page);
    if (why !== undefined) return { page, action: 'render', reason: why };
    if (!inLastOutput(page.file)) return { page, action: 'render', reason: 'the last output does not hold its file as it was written' };
    return { page, action: 'keep', reason: 'nothing it read has changed' };
  });
}

/** The plan as lines for `site build --explain`: each page rendered with its reason, and a count of those kept. */
export function explain(planned: readonly Planned[]): string[] {
  const rendered = planned.filter((p) => p.action === 'render');
  const lines = rendered.map((p) => `  render ${p.page.path}: ${p.reason}`);
  lines.push(`  keep ${planned.length - rendered.length} pages: nothing they read has changed`);
  return lines;
}
