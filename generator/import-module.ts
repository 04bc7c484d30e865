// Loading a module at run time: a package kept out of the CLI bundle, or a file the build compiled (the
// templates, the form validators). `site build` runs from a CommonJS form of the bundle that V8 compiles from
// its code cache (bin/site.js), and code compiled that way cannot call import() itself: the launcher hands in
// its own import. Everywhere else (the ES module bundle, tests under tsx) import() is used as it is.
type Importer = (specifier: string) => Promise<unknown>;

export function importModule<T>(specifier: string): Promise<T> {
  const importer = (globalThis as { __siteImport?: Importer }).__siteImport;
  return (importer ? importer(specifier) : import(specifier)) as Promise<T>;
}
