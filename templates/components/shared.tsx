import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Render, useRender } from '../context.ts';

// The header and footer are about half of every page's markup and the same on every page of a section.
// They are rendered once per build and key and reused, which roughly halves the time to render a site.
// The cache is keyed by the site model, which is new for every build, so nothing outlives its build.
const rendered = new WeakMap<object, Map<string, string>>();

/**
 * Renders `children` inside an element once per build and `cacheKey`. The key must name everything the
 * children depend on besides the site itself (for the header: which section is active).
 */
export function Shared({ as, cacheKey, children, ...attributes }: { as: string; cacheKey: string; children: ReactNode; [attribute: string]: unknown }) {
  const context = useRender();
  let byKey = rendered.get(context.site);
  if (!byKey) rendered.set(context.site, (byKey = new Map()));
  let html = byKey.get(cacheKey);
  if (html === undefined) {
    html = renderToStaticMarkup(<Render.Provider value={context}>{children}</Render.Provider>);
    byKey.set(cacheKey, html);
  }
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
