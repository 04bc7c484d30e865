// Loading a module at run time: a package kept out of the CLI bundle, or a file the build compiled (the
// templates, the form validators).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function importModule<T>(specifier: string): Promise<T> {
  return import(specifier) as Promise<T>;
}

/** Node's own modules that few commands use, loaded when first called for rather than at every start. */
export const childProcess = (): typeof import('node:child_process') => require('node:child_process');
