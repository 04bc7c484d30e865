// What a build shows while it runs and says when it ends. On a terminal, one live line (the stages under way,
// pages rendered of those to render) is redrawn in place, at most every tenth of a second, and cleared at the
// end; anywhere else (CI, a pipe) nothing extra is printed. The summary gives the wall time and the stages
// that held the build up, one after another, so its figures add up to the wall time.
import { performance } from 'node:perf_hooks';
import type { Logger } from './log.ts';

/** A stream the live line is drawn on: process.stderr, or a test's stand-in. */
export interface LineStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** How often the live line may be redrawn, in milliseconds. */
const redrawEvery = 100;

/**
 * One line redrawn in place on a terminal, throttled; on anything else it writes nothing. `now` is the clock
 * (a test's own, so nothing depends on timing).
 */
export class LiveLine {
  /** When the line was last drawn; -Infinity while none is shown. */
  private last = -Infinity;

  constructor(
    private readonly stream: LineStream,
    private readonly paint: (text: string) => string = (text) => text,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Shows `text` in place of the line, unless the last redraw was too recent; empty text clears it. */
  update(text: string): void {
    if (!this.stream.isTTY) return;
    if (!text) return this.clear();
    const now = this.now();
    if (now - this.last < redrawEvery) return;
    this.last = now;
    const width = Math.max(20, (this.stream.columns ?? 80) - 1);
    const fitted = text.length > width ? `${text.slice(0, width - 1)}…` : text;
    this.stream.write(`\r\u001b[2K${this.paint(fitted)}`);
  }

  /** Removes the line, so that what is printed next starts on a clean line. */
  clear(): void {
    if (this.last === -Infinity) return;
    this.stream.write('\r\u001b[2K');
    this.last = -Infinity;
  }
}

/** A stage's span, in milliseconds from the build's start. */
export interface Span {
  stage: string;
  start: number;
  end: number;
}

/**
 * Tells the logger's live line what the build is doing, and keeps each stage's span for the summary. Stages
 * may overlap (images, islands and the others run at once): the line names every stage under way.
 */
export class BuildProgress {
  readonly spans: Span[] = [];
  private running: string[] = [];
  private pages?: { done: number; total: number };

  constructor(
    private readonly logger: Logger,
    private readonly origin: number,
  ) {}

  /** Runs a stage, timed and shown on the live line while it runs. */
  async time<T>(stage: string, work: () => T | Promise<T>): Promise<T> {
    const start = performance.now();
    this.running.push(stage);
    this.show();
    try {
      return await work();
    } finally {
      this.running = this.running.filter((s) => s !== stage);
      this.spans.push({ stage, start: start - this.origin, end: performance.now() - this.origin });
    }
  }

  /** Pages rendered so far, of those this build renders. */
  rendered(done: number, total: number): void {
    this.pages = { done, total: Math.max(done, total) };
    this.show();
  }

  /** Clears the live line: before the summary, or an error report. */
  done(): void {
    this.logger.progress('');
  }

  private show(): void {
    if (!this.running.length) return;
    const pages = this.pages && this.running.includes('render') ? ` ${count(this.pages.done)}/${count(this.pages.total)} pages` : '';
    this.logger.progress(`building: ${this.running.join(', ')}${pages} · ${seconds(performance.now() - this.origin)}`);
  }

  /**
   * "content 120 ms + model 40 ms + images 310 ms + render 900 ms + write 80 ms + 30 ms between stages;
   * render held it up most": the stages on the critical path, which add up with the time between them to
   * `total`, in the unit the total is shown in.
   */
  summary(total: number): string {
    const unit = total >= 1000 ? 10 : 1; // centiseconds for a total shown in seconds, else milliseconds
    const shown = (ms: number) => Math.round(ms / unit);
    const format = (n: number) => (unit === 10 ? `${(n / 100).toFixed(2)} s` : `${n} ms`);
    // Each stage's ends are rounded, not its length: the rounded lengths then add up to no more than the rounded
    // total. Rounding each length alone could overshoot it by half a unit a stage (2.01 s shown as 1.01 + 1.01).
    const parts = criticalPath(this.spans).map((s) => ({ stage: s.stage, n: shown(s.end) - shown(s.start) })).filter((p) => p.n > 0);
    const between = shown(total) - parts.reduce((sum, p) => sum + p.n, 0);
    const terms = parts.map((p) => `${p.stage} ${format(p.n)}`);
    if (between > 0) terms.push(`${format(between)} between stages`);
    // The first of the longest: a later stage must take strictly longer to count.
    const slowest = parts.reduce((a, b) => (b.n > a.n ? b : a), parts[0]);
    return `${terms.join(' + ')}${slowest ? `; ${slowest.stage} held it up most` : ''}`;
  }
}

/**
 * The stages the build waited on, in order: from the stage that ended last, back through the stage that ended
 * last before each one started. A stage that ran beside a longer one is not on it.
 */
export function criticalPath(spans: readonly Span[], before = Infinity): Span[] {
  let last: Span | undefined;
  for (const span of spans) if (span.end <= before && (!last || span.end > last.end)) last = span;
  // Without the stage found, so that one that took no time is not found again.
  return last ? [...criticalPath(spans.filter((span) => span !== last), last.start), last] : [];
}

// Digits grouped in threes as Australians write them (4,792). Not toLocaleString: its first call loads the
// locale data, which costs a small build more than anything else on this line.
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
