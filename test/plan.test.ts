// The plan (generator/incremental/plan.ts): one decision and one reason per page, made before anything renders.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Changes, explain, plan } from '../generator/incremental/plan.ts';
import type { Page } from '../generator/routes.ts';

const test = suite('plan');

const page = (path: string) => ({ path, file: `${path.slice(1) || 'index'}/index.html` }) as Page;
const pages = ['/', '/a', '/b', '/c'].map(page);

test('a page renders for the reason the changes give, or when the last output lacks its file; otherwise it is kept', () => {
  const changes = { whyRender: (p: Page) => (p.path === '/a' ? 'content/a.md changed' : undefined) };
  const planned = plan(changes, pages, (file) => file !== 'b/index.html');
  assert.equal(
    planned.map((p) => [p.page.path, p.action, p.reason]),
    [
      ['/', 'keep', 'nothing it read has changed'],
      ['/a', 'render', 'content/a.md changed'],
      ['/b', 'render', 'the last output does not hold its file as it was written'],
      ['/c', 'keep', 'nothing it read has changed'],
    ],
  );
  assert.equal(explain(planned), ['  render /a: content/a.md changed', '  render /b: the last output does not hold its file as it was written', '  keep 2 pages: nothing they read has changed']);
});

test('with no record of an earlier build every page renders, and the plan says so', () => {
  const changes = new Changes(undefined, 'key', { files: new Map(), lists: new Map() });
  const planned = plan(changes, pages, () => true);
  assert.ok(planned.every((p) => p.action === 'render' && p.reason === 'no record of an earlier build'));
});

test.run();
