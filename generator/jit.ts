// V8's optimising compiler for work that pays for it. An incremental `site build` starts without it (bin/site.js,
// deferOptimiser): an edit's build is over before most functions it would compile have run enough to gain.
// Work that runs long turns it on from here; elsewhere (the dev server, the tests, cold builds) it is on already.

/** Work that runs long is about to start: V8 may optimise from now on. */
export function optimiseFromNow(): void {
  (globalThis as { __siteOptimise?: () => void }).__siteOptimise?.();
}

/** Above this many files to parse, texts to render or pages to render, a build is doing real work. */
export const longWork = 50;
