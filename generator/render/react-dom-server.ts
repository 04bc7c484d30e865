// React's renderToStaticMarkup without the rest of react-dom/server. The package's server entry loads two
// renderers: the one renderToStaticMarkup comes from, and the streaming one (renderToPipeableStream and the
// like), which the site never uses and which takes two thirds of the entry's time to load. Both the generator
// (render.ts) and the templates module (templates.ts, in place of `react-dom/server`) load the first alone, by
// the same file the entry itself would require, so there is one instance of it. A React whose files are laid
// out otherwise gets its package entry instead.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export type Server = Pick<typeof import('react-dom/server'), 'renderToStaticMarkup' | 'renderToString'>;

const require = createRequire(import.meta.url);
let server: Server | undefined;

/** The file react-dom/server takes renderToStaticMarkup from, in this environment; undefined if there is none. */
export function staticRendererFile(): string | undefined {
  // Read as the package entry reads it, when the module is first loaded (not replaced at bundle time).
  const env = process.env;
  const build = env.NODE_ENV === 'production' ? 'production' : 'development';
  const file = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs', `react-dom-server-legacy.node.${build}.js`);
  return fs.existsSync(file) ? file : undefined;
}

export function reactDomServer(): Server {
  return (server ??= require(staticRendererFile() ?? 'react-dom/server') as Server);
}
