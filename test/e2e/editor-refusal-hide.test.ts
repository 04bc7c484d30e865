// The refusal panel hidden while the form is scrolled to its very end, on a phone (375 px) and at 1280 px, under
// `site serve` in Chromium: the room the form kept at its end for the panel goes with it, and the fields on the
// screen stay where they are rather than dropping by the panel's height under the visitor's eyes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Fixture } from '../helpers/project.ts';
import { EditorSession, publish, shots } from './editor-session.ts';

const test = suite('the refusal panel hidden at the form\'s end');

let session: EditorSession;
let site: Fixture;

test.before(async () => {
  session = await EditorSession.start();
  ({ site } = session);
});
test.after.each(() => session.closePages());
test.after(() => session?.close());

/** The form's last label's top on the screen, and how far the form is from its end. */
function lastField(page: Page) {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[class*="-ControlPaneContainer"] label')].filter((l) => l.getClientRects().length > 0);
    const last = labels[labels.length - 1]!;
    let scroller = last.parentElement!;
    while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
    return { label: last.textContent, top: last.getBoundingClientRect().top, fromEnd: scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop };
  });
}

const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

test('the refusal panel hidden with the form scrolled to its end: the last field stays where it was, at 375 and 1280 px', async () => {
  const file = 'content/pages/faq.json';
  const before = site.read(file);
  const moved: { width: number; label: string | null; panelHeight: number; before: number; after: number; fromEnd: number[] }[] = [];
  for (const width of [375, 1280]) {
    const page = await session.editor('#/collections/pages/entries/faq', { width, height: width < 768 ? 800 : 900 });
    const field = page.getByLabel('Order button', { exact: true });
    await field.waitFor();
    await field.fill('{{ no such fact }}');
    await publish(page);
    const panel = page.locator('#site-refusal');
    await panel.waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 3000 });
    const panelHeight = await panel.evaluate((el) => el.getBoundingClientRect().height);
    // To the very end of the form: its own container's foot, with the room kept for the panel, at the foot of the
    // box that scrolls it (on a phone the preview follows the form in that box).
    await page.evaluate(() => {
      const form = document.querySelector('[class*="-ControlPaneContainer"]:not([class*="-PreviewPaneContainer"]) label')!.closest('[class*="-ControlPaneContainer"]:not([class*="-PreviewPaneContainer"])')!;
      let scroller = form.parentElement!;
      while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
      scroller.scrollTop += form.getBoundingClientRect().bottom - Math.min(scroller.getBoundingClientRect().bottom, innerHeight);
    });
    await frames(page);
    const shown = await lastField(page);
    await page.screenshot({ path: path.join(shots, `editor-refusal-hide-before-${width}.png`) });
    await panel.getByRole('button', { name: 'Hide' }).click();
    await panel.waitFor({ state: 'detached' });
    await frames(page);
    const hidden = await lastField(page);
    await page.screenshot({ path: path.join(shots, `editor-refusal-hide-after-${width}.png`) });
    moved.push({ width, label: shown.label, panelHeight, before: shown.top, after: hidden.top, fromEnd: [shown.fromEnd, hidden.fromEnd] });
    // The room kept for the panel does not stay once the visitor scrolls back up past it.
    await page.evaluate(() => {
      const labels = [...document.querySelectorAll('[class*="-ControlPaneContainer"] label')].filter((l) => l.getClientRects().length > 0);
      let scroller = labels[labels.length - 1]!.parentElement!;
      while (!(/auto|scroll/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement!;
      scroller.scrollTop -= 400;
    });
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--site-refusal-height') === '', undefined, { timeout: 5000 });
  }
  for (const m of moved) assert.is(m.after, m.before, `at ${m.width} px, the last field (${m.label}) stays put as the panel (${m.panelHeight} px high) is hidden: ${m.before} -> ${m.after}`);
  assert.is(site.read(file), before);
  assert.equal(session.problems, []);
});

test.run();
