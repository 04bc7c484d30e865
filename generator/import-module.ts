// Loading a module at run time: a package kept out of the CLI bundle, or a file the build compiled (the
// templates, the form validators). `site build` runs from a CommonJS form of the bundle that V8 compiles from
// its code cache (bin/site.js), and code compiled that way cannot call import() itself: the launcher hands in
// its own import. Everywhere else (the ES module bundle, tests under tsx) import() is used as it is.
import { createRequire } from 'node:module';

type Importer = (specifier: string) => Promise<unknown>;
const require = createRequire(import.meta.url);

export function importModule<T>(specifier: string): Promise<T> {
  const importer = (globalThis as { __siteImport?: Importer }).__siteImport;
  return (importer ? importer(specifier) : import(specifier)) as Promise<T>;
}

/**
 * Node's own modules that few builds use, loaded when first called for. Each built-in module a command loads
 * is compiled as it starts: zlib took 1-3 ms, child_process with the network modules it loads 3-11 ms, of
 * every incremental `site build` and no-op, which use neither (docs/performance.md, nineteenth measurement).
 */
export const zlib = (): typeof import('node:zlib') => require('node:zlib');
export const childProcess = (): typeof import('node:child_process') => require('node:child_process');
