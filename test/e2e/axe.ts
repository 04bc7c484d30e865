// axe-core in a page, WCAG 2.1 A and AA rules, with or without the page's own JavaScript.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeResult {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}

const describe = (result: AxeResult, label: string) => result.violations.flatMap((v) => v.nodes.map((n) => `${label}: ${v.id} (${v.help}) at ${n.target.join(' ')}`));

/** Violations on a page whose scripts run; its context needs bypassCSP, as axe arrives as an inline script. */
export async function violations(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return describe((await page.evaluate((values) => (window as any).axe.run(document, { runOnly: { type: 'tag', values } }), tags)) as AxeResult, label);
}

/**
 * Violations with every running animation held halfway: what a visitor reads while a toast or popup comes in.
 * (At its first frame a fade-in is invisible, so axe would skip it.) Measured whenever axe happens to run,
 * a fade-in passes or fails by the machine's load.
 */
export async function violationsMidAnimation(page: Page, label: string): Promise<string[]> {
  await page.evaluate(() =>
    document.getAnimations().forEach((a) => {
      a.pause();
      a.currentTime = Number(a.effect?.getComputedTiming().duration ?? 0) / 2;
    }),
  );
  try {
    return await violations(page, label);
  } finally {
    await page.evaluate(() => document.getAnimations().forEach((a) => a.play()));
  }
}

/**
 * Violations on a page opened with javaScriptEnabled: false. The page's scripts stay off: axe runs in an
 * isolated world of its own, as a browser extension would. Chromium fires no timers in a page with scripts
 * off, and axe waits on setTimeout between rules, so in that world alone a timer runs as a microtask. Preload
 * (fetching the stylesheets for the one orientation rule) is off, as its time limit is such a timer; iframes
 * are left out, as a page without scripts loads none of the third-party frames.
 */
export async function violationsWithoutJavaScript(page: Page, label: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'axe', grantUniveralAccess: true });
    const run = `window.setTimeout = (run, ms, ...args) => { queueMicrotask(() => run(...args)); return 0; };
      window.clearTimeout = () => {};
      ${axeSource};
      axe.run(document, { preload: false, iframes: false, runOnly: { type: 'tag', values: ${JSON.stringify(tags)} } })
        .then((r) => ({ violations: r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })) }));`;
    const answer = await cdp.send('Runtime.evaluate', { contextId: executionContextId, expression: run, awaitPromise: true, returnByValue: true });
    if (answer.exceptionDetails) throw new Error(`axe failed on ${label}: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
    return describe(answer.result.value as AxeResult, label);
  } finally {
    await cdp.detach();
  }
}

/**
 * Scrolls through the page as a reader does, a screen at a time with a short pause, to the end, and leaves it
 * there: sections reveal as they come into view, and the last ones are still moving when this returns.
 */
export async function readThrough(page: Page): Promise<void> {
  // A bound, not a promise: a page that keeps growing as it scrolls must not hang the suite.
  for (let screens = 0; screens < 200; screens++) {
    const more = await page.evaluate(() => {
      window.scrollBy({ top: Math.round(innerHeight * 0.8), behavior: 'instant' });
      return scrollY + innerHeight < document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(80);
    if (!more) return;
  }
}
