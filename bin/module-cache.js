// A code cache for the CommonJS modules an incremental `site build` requires: React, its server renderer, the
// compiled templates module and the schema validators. Node 20 compiles each of them afresh on every run (its
// compile cache came in Node 22), and compiling them, with the functions the first page's render compiles
// lazily, was 40-60 ms of a one-post edit, and the validators 25-35 ms more. Here each module under the given
// folders is compiled through V8's code cache instead.
//
// One cache file per module path (the hash in the name of a compiled templates or validators module left out
// of it, so an edited template or schema replaces its slot rather than adding one), holding a hash of the
// source it was made from: V8 checks only a source's length, so a cache is used only for exactly the source it
// came from. Like the CLI's own cache (bin/site.js), a slot is written at the exit of a run that found it
// missing, stale or refused, and so holds every function that run compiled.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import Module, { createRequire } from 'node:module';
import { createHash } from 'node:crypto';

/**
 * Compiles every CommonJS module whose path starts with one of `roots` through a code cache kept in `dir`.
 * Returns the list, growing as modules load, of those compiled without a usable cache (written at exit).
 */
export function cacheModuleCode(dir, roots) {
  const compile = Module.prototype._compile;
  const stale = [];
  Module.prototype._compile = function (content, filename) {
    // A file starting with #! is not valid inside the wrapper function: Node's own compile handles it.
    if (!roots.some((root) => filename.startsWith(root)) || content.startsWith('#!')) return compile.call(this, content, filename);
    const slot = path.join(dir, `${createHash('sha1').update(filename.replace(/-[0-9a-f]{16,40}(\.c?js)$/, '$1')).digest('hex').slice(0, 24)}.v8`);
    const key = createHash('sha1').update(content).digest();
    let cachedData;
    try {
      const saved = fs.readFileSync(slot);
      if (saved.subarray(0, key.length).equals(key)) cachedData = saved.subarray(key.length);
    } catch {
      // none yet
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (!cachedData || script.cachedDataRejected) stale.push({ slot, key, script });
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    for (const { slot, key, script } of stale) {
      try {
        fs.mkdirSync(dir, { recursive: true });
        const tmp = `${slot}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, Buffer.concat([key, script.createCachedData()]));
        fs.renameSync(tmp, slot);
      } catch {
        // a cache is an optimisation only
      }
    }
  });
  return stale;
}
