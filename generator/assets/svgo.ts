// svgo as the CLI bundles it (bin/site.js): an entry of its own, svgo.mjs (svgo-entry.ts), so that its 150
// modules load as one file when an image is first optimised, and neither form of the CLI carries it otherwise.
// loadSvgo() is the one way the generator loads svgo: from that file when running from the bundle, from the
// package under tsx.
import { importModule } from '../import-module.ts';

export function loadSvgo(): Promise<Pick<typeof import('svgo'), 'optimize'>> {
  return importModule(import.meta.url.endsWith('.ts') ? 'svgo' : new URL('./svgo.mjs', import.meta.url).href);
}
