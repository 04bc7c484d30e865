// The plan (generator/incremental/plan.ts): one decision and one reason per page, made before anything renders.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Changes, explain, plan } from '../generator/incremental/plan.ts';
import { recordFormat, routeHash, type BuildRecord, type FileState } from '../generator/incremental/record.ts';
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
  const changes = new Changes(undefined, { 'the templates': 'k' }, { files: new Map(), lists: new Map() });
  const planned = plan(changes, pages, () => true);
  assert.ok(planned.every((p) => p.action === 'render' && p.reason === 'no record of an earlier build'));
});

test('a page renders for the first changed key it read, a shared part\'s named by its member; a route-free field leaves routes unhashed', () => {
  // Keys: 0 content/a.md#body, 1 content/site.json, 2 content/b.md#title, 3 a group of [2] (a shared part).
  const files = (a: string, b: string): Map<string, FileState> =>
    new Map([
      ['content/a.md', { hash: `a-${a}`, fields: `body\u0001${a}` }],
      ['content/b.md', { hash: `b-${b}`, fields: `title\u0001${b}` }],
      ['content/site.json', { hash: 's' }],
    ]);
  const lists = new Map([['posts', ['content/a.md', 'content/b.md']]]);
  const state = (deps: number[]) => ({ route: '', deps: Uint32Array.from(deps) });
  const previous: BuildRecord = {
    format: recordFormat,
    key: { 'the templates': 'k' },
    files: files('1', '1'),
    lists,
    keys: ['content/a.md#body', 'content/site.json', 'content/b.md#title', 'group:3'],
    pages: new Map([
      ['/', state([1, 3])],
      ['/a', state([0, 1])],
      ['/c', state([1])],
    ]),
    derived: new Map(),
    groups: new Map([[3, Uint32Array.of(2)]]),
  };
  // Each page's recorded route is the one page() gives it now: no route changed.
  for (const [path, page] of previous.pages) page.route = routeHash({ path, file: `${path.slice(1) || 'index'}/index.html` } as Page);

  const bodyEdited = new Changes(previous, { 'the templates': 'k' }, { files: files('2', '1'), lists });
  assert.ok(bodyEdited.routesKept, 'a post body is no part of any route');
  assert.equal(
    plan(bodyEdited, [...pages, page('/d')], () => true).map((p) => [p.page.path, p.action, p.reason]),
    [
      ['/', 'keep', 'nothing it read has changed'],
      ['/a', 'render', 'content/a.md#body changed'],
      ['/b', 'render', 'a new page'],
      ['/c', 'keep', 'nothing it read has changed'],
      ['/d', 'render', 'a new page'],
    ],
  );

  const titleEdited = new Changes(previous, { 'the templates': 'k' }, { files: files('1', '2'), lists });
  assert.not.ok(titleEdited.routesKept, 'a title may be part of a route');
  assert.is(titleEdited.whyRender(page('/')), 'content/b.md#title changed');
  assert.is(titleEdited.whyRender(page('/c')), undefined);

  // A part of the build key changed: every page is rendered, naming the part.
  const rebuilt = new Changes(previous, { 'the templates': 'j' }, { files: files('1', '1'), lists });
  assert.is(rebuilt.whyRender(page('/c')), 'the templates changed');
  const dated = new Changes(previous, { 'the templates': 'j', 'the build date': '2026-12-07' }, { files: files('1', '1'), lists });
  assert.is(dated.whyRender(page('/c')), 'the templates and the build date changed');
});

test.run();
