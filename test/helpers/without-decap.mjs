// Loaded with --import into a test's child process: Node then finds no decap-cms, as in a production install
// (`npm install --omit=dev`), where the editor's package, a devDependency, is not there.
import module from 'node:module';

module.registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'decap-cms' || specifier.startsWith('decap-cms/')) {
      throw Object.assign(new Error(`Cannot find module '${specifier}'`), { code: 'MODULE_NOT_FOUND' });
    }
    return next(specifier, context);
  },
});
