// Hydrates a React island (running on preact/compat in the browser) over the markup the server rendered.
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrateIsland<P extends object>(Component: ComponentType<P>) {
  return (element: HTMLElement, props: P) => {
    hydrateRoot(element, createElement(Component, props));
    element.dataset.hydrated = '';
  };
}
