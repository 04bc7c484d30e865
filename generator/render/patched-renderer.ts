// React's server renderer with its patch (bin/bundle-patches.js), for builds that render many pages. Kept apart
// from react-dom-server.ts, which the templates module bundles: it needs neither the patches nor this.
import fs from 'node:fs';
import path from 'node:path';
import Module from 'node:module';
import { patchSource } from '../../bin/bundle-patches.js';
import { staticRendererFile, type Server } from './react-dom-server.ts';

/** Node's module internals used here to load a module from source of our own, as require() loads a file. */
interface Internals {
  new (id: string): NodeJS.Module & { _compile(source: string, file: string): void };
  _nodeModulePaths(dir: string): string[];
  _cache: Record<string, NodeJS.Module | undefined>;
}
const internals = Module as unknown as Internals;

/** A CommonJS module compiled from `source` as if it were the file `file`, cached by `id`. */
function moduleFrom(id: string, file: string, source: string): NodeJS.Module {
  const module = new internals(id);
  module.filename = file;
  module.paths = internals._nodeModulePaths(path.dirname(file));
  internals._cache[id] = module;
  try {
    module._compile(source, file);
  } catch (error) {
    delete internals._cache[id];
    throw error;
  }
  module.loaded = true;
  return module;
}

/**
 * Loads React's renderer with its patch, where the patch's text is still found, for a build about to render many
 * pages (render/site.ts); before anything has loaded the renderer, or it does nothing. Applying the patch takes
 * 2 ms, more than it saves on the few pages of an edit. The module goes into require's cache under the file's own
 * name, where reactDomServer (react-dom-server.ts, and the templates module's copy of it) and the package entry find it.
 */
export function loadPatchedRenderer(): void {
  const file = staticRendererFile();
  if (!file || internals._cache[file]) return;
  const { source, applied } = patchSource(file, fs.readFileSync(file, 'utf8'));
  if (applied.length) moduleFrom(file, file, source);
}

/** React's renderer as the package ships it, in an instance of its own: for the test comparing the two. */
export function unpatchedRenderer(): Server {
  const file = staticRendererFile();
  if (!file) throw new Error('react-dom has no legacy server renderer in this environment');
  return moduleFrom(`${file}?unpatched`, file, fs.readFileSync(file, 'utf8')).exports as Server;
}
