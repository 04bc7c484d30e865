import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Render, useRender } from '../context.ts';

// The header and footer are about half of every page's markup and the same on every page of a section:
// the generator renders them once per build and key (assets.shared) and reuses the markup.

/**
 * Renders `children` inside an element once per build and `cacheKey`. The key must name everything the
 * children depend on besides the site itself (for the header: which section is active).
 */
export function Shared({ as, cacheKey, children, ...attributes }: { as: string; cacheKey: string; children: ReactNode; [attribute: string]: unknown }) {
  const context = useRender();
  const html = context.assets.shared(cacheKey, () => renderToStaticMarkup(<Render.Provider value={context}>{children}</Render.Provider>));
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
