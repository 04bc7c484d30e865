import { createElement, type ComponentType, type ReactNode } from 'react';
import type { Wake } from '../../generator/render/contract.ts';
import { useRender } from '../context.ts';

/**
 * An island: interactive markup rendered here on the server inside a <site-island> marker that names its
 * module, carries its props as JSON (escaped by React, so no `<` survives) and says when it wakes. A React
 * island passes `component` and is rendered with the same props the browser hydrates it with; a plain one
 * passes its server markup as children.
 */
export function Island<P extends object>({ name, wake, watch, component, props, children }: { name: string; wake: Wake; watch?: string; component?: ComponentType<P>; props: P; children?: ReactNode }) {
  const { assets } = useRender();
  const src = assets.island(name, wake);
  // `watch`: the id of the markup whose visibility wakes the island, when it enhances markup outside itself.
  return createElement('site-island', { 'data-island': name, 'data-wake': wake, 'data-watch': watch, 'data-src': src, 'data-props': JSON.stringify(props) }, component ? createElement(component, props) : children);
}
