import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Page } from '../../generator/routes.ts';
import { Render, useRender, type RenderContext } from '../context.ts';

// The head's common tags, the header and the footer are about half of every page's markup and the same on
// many pages: the generator renders each once per build and distinct inputs (assets.shared) and reuses it.

/**
 * What a shared part sees as the page: nothing. A part rendered once for many pages must take what differs
 * between them as its inputs, so reading the page is an error rather than markup that goes stale.
 */
const noPage = new Proxy({} as Page, {
  get(_, property) {
    throw new Error(`shared markup read page.${String(property)}: pass what it needs in its inputs`);
  },
});

/** `component` rendered with `props` once per build and distinct props, under `name`. */
export function sharedMarkup<P extends Record<string, unknown>>(context: RenderContext, name: string, component: (props: P) => ReactNode, props: P): string {
  return context.assets.shared(name, props, () => renderToStaticMarkup(<Render.Provider value={{ ...context, page: noPage }}>{createElement(component, props)}</Render.Provider>));
}

/** The shared markup of `component` with `props`, inside an element `as` with the other attributes. */
export function Shared<P extends Record<string, unknown>>({ as, name, component, props, ...attributes }: { as: string; name: string; component: (props: P) => ReactNode; props: P; [attribute: string]: unknown }) {
  const html = sharedMarkup(useRender(), name, component, props);
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
