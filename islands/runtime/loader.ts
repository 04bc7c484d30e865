// The island loader: finds every <site-island> and imports and mounts it when it should wake. No framework:
// pages whose islands never wake load nothing else.
import type { Wake } from '../../generator/render/contract.ts';

/** What the loader tells every island besides its props. */
export interface IslandContext {
  /**
   * Resolves with the moment the page loaded, on performance.now()'s clock. An island that wakes when the browser
   * is idle starts up to seconds after that, so one timed from the load (the review popup) counts from here.
   */
  loaded: Promise<number>;
}

interface IslandModule {
  mount(element: HTMLElement, props: unknown, context: IslandContext): void;
}

// Read as the page loads: this script runs before the load event, islands that wake at idle after it.
const loaded = new Promise<number>((resolve) => {
  if (document.readyState === 'complete') resolve(performance.now());
  else addEventListener('load', () => resolve(performance.now()), { once: true });
});

function start(element: HTMLElement): void {
  if (element.dataset.started) return;
  element.dataset.started = '';
  const props = JSON.parse(element.dataset.props ?? '{}');
  import(element.dataset.src!)
    .then((module: IslandModule) => {
      module.mount(element, props, { loaded });
      element.dataset.mounted = '';
    })
    .catch((error) => console.warn(`Island ${element.dataset.island} could not start:`, error));
}

const whenIdle = (work: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 200));

// A marker has `display: contents` and so no box of its own: watch its first child instead.
const watched = new Map<Element, HTMLElement>();
const visible =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            visible!.unobserve(entry.target);
            start(watched.get(entry.target)!);
          }
        },
        { rootMargin: '200px' },
      )
    : undefined;

for (const element of document.querySelectorAll<HTMLElement>('site-island[data-src]')) {
  const wake = (element.dataset.wake ?? 'load') as Wake;
  if (wake === 'load') start(element);
  else if (wake === 'idle') whenIdle(() => start(element));
  else if (wake === 'visible' && visible && element.firstElementChild) {
    // An island that enhances markup outside itself (the blog filter, the grid below it) names that markup.
    const target = (element.dataset.watch && document.getElementById(element.dataset.watch)) || element.firstElementChild;
    watched.set(target, element);
    visible.observe(target);
  }
  else if (wake === 'interaction') {
    const wakeUp = () => start(element);
    for (const type of ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart']) element.addEventListener(type, wakeUp, { once: true, passive: true });
  } else start(element);
}
