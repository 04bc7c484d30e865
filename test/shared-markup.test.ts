// Markup shared between pages is rendered once per build for each distinct set of inputs, keyed by the inputs
// themselves, and a shared part cannot read the page it happens to be rendered for.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Memo, stableKey } from '../generator/render/memo.ts';
import { createAssets } from '../generator/assets/assets.ts';
import { PageScripts } from '../generator/render/page-scripts.ts';
import type { IconAssets } from '../generator/render/contract.ts';
import type { SiteModel } from '../generator/content/model.ts';
import type { Page } from '../generator/routes.ts';
import { Render, useRender } from '../templates/context.ts';
import { Shared } from '../templates/components/shared.tsx';

const test = suite('shared markup');

test('equal inputs give the same key whatever their order; different inputs, different keys', () => {
  assert.is(stableKey({ section: '/blog', depth: { a: 1, b: [2, 3] } }), stableKey({ depth: { b: [2, 3], a: 1 }, section: '/blog' }));
  assert.is.not(stableKey({ section: '/blog' }), stableKey({ section: '/services' }));
  assert.is.not(stableKey({ n: 1 }), stableKey({ n: '1' }));
  assert.is(stableKey({ a: 1, b: undefined }), stableKey({ a: 1 }));
  assert.throws(() => stableKey({ when: new Date(0) }), /plain data/);
  assert.throws(() => stableKey({ render: () => '' }), /plain data/);
});

test('the memo computes once per name and distinct inputs', () => {
  const memo = new Memo<string>();
  let computed = 0;
  const header = (section: string) => memo.get('header', { section }, () => `header of ${section} #${++computed}`);
  assert.equal(header('/blog'), { value: 'header of /blog #1', fresh: true });
  assert.equal(header('/services'), { value: 'header of /services #2', fresh: true });
  assert.equal(header('/blog'), { value: 'header of /blog #1', fresh: false });
  assert.equal(memo.get('footer', { section: '/blog' }, () => 'footer'), { value: 'footer', fresh: true }, 'another name is another part');
  assert.is(computed, 2);
});

const scripts = new PageScripts({ entries: new Map(), sizes: new Map(), islands: [], inputs: [] });
const newAssets = () => createAssets({ stylesheet: '/site.css', images: new Map(), flags: new Map(), cards: new Map(), icons: {} as IconAssets, file: (name) => name }, scripts);
const site = {} as SiteModel;
const renderPage = (assets: ReturnType<typeof newAssets>, path: string, part: ReactNode) =>
  renderToStaticMarkup(createElement(Render.Provider, { value: { site, page: { path } as Page, assets, markdown: new Map() } }, part));

test('through the templates: two sections give two headers, and a section seen again is not rendered again', () => {
  const assets = newAssets();
  let renders = 0;
  const Bar = ({ section }: { section: string }) => {
    renders++;
    return createElement('a', { className: 'active' }, section);
  };
  const header = (path: string, section: string) => renderPage(assets, path, createElement(Shared<{ section: string }>, { as: 'header', name: 'header', component: Bar, props: { section }, className: 'site-header' }));
  assert.is(header('/blog', '/blog'), '<header class="site-header"><a class="active">/blog</a></header>');
  assert.is(header('/services/passports', '/services'), '<header class="site-header"><a class="active">/services</a></header>');
  assert.is(header('/blog/a-post', '/blog'), '<header class="site-header"><a class="active">/blog</a></header>');
  assert.is(renders, 2);
});

test('a shared part that reads the page fails, instead of showing the first page to every page', () => {
  const ReadsPage = () => createElement('p', null, useRender().page.path);
  assert.throws(() => renderPage(newAssets(), '/blog', createElement(Shared, { as: 'div', name: 'reads-page', component: ReadsPage, props: {} })), /shared markup read page\.path/);
});

test.run();
