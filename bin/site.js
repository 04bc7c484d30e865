#!/usr/bin/env node
// Launcher for the TypeScript CLI in bin/site.ts.
//
// Node cannot run the generator's TypeScript as it is (type stripping leaves the `.ts` imports of the
// bundled dependencies to resolve one by one), and a loader such as tsx adds its own start-up to every
// command. So the CLI and the generator are bundled once with esbuild into .cache/cli/<fingerprint>/ and
// imported from there. The fingerprint covers the path, size and mtime of every source file the CLI is built
// from, so an edit to the generator rebuilds the bundle on the next run. Node's own compile cache keeps what
// V8 compiled of the bundle and the packages it loads between runs (.cache/compile/).
import fs from 'node:fs';
import path from 'node:path';
import module from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { patchPlugin } from './bundle-patches.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
module.enableCompileCache?.(path.join(root, '.cache', 'compile'));

// Besides the generator: the site's kinds table with its blog paging, and the forms' code the CLI's commands read
// the store with, which mails with the site's settings (test/cli-sources.test.ts keeps this list whole).
const sources = ['bin/site.js', 'bin/site.ts', 'bin/bundle-patches.js', 'generator', 'content/kinds.ts', 'templates/pages/blog-pages.ts', 'functions/lib', 'content/site.json', 'content/contact-form.json', 'package.json'];

function fingerprint() {
  const hash = createHash('sha256');
  const visit = (rel) => {
    const abs = path.join(root, rel);
    const stat = fs.statSync(abs);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) visit(path.join(rel, name));
    } else {
      hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const rel of sources) visit(rel);
  return hash.digest('hex').slice(0, 16);
}

// A file in a bundle's folder for each process running from it (named by its id), so that no run deletes it.
const inUsePrefix = '.in-use-';

function alive(pid) {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Whether a process that runs from the bundle in `dir` is still alive: it may yet load chunks from there. */
function inUse(dir) {
  return fs.readdirSync(dir).some((name) => name.startsWith(inUsePrefix) && alive(name.slice(inUsePrefix.length)));
}

async function compile(outdir) {
  const { build, stop } = await import('esbuild');
  // Built in a folder of this run's own and moved into place whole, so that runs started together never load
  // a bundle half written, nor one another run is replacing. The folder is named by the process, so that one a
  // killed run left behind is known by its owner being gone.
  const tmp = `${outdir}.tmp-${process.pid}`;
  fs.mkdirSync(tmp, { recursive: true });
  try {
    await build({
      absWorkingDir: root,
      outdir: tmp,
      bundle: true,
      platform: 'node',
      target: 'node22',
      // Pure-JavaScript dependencies are bundled in: one module to parse starts faster than hundreds to resolve.
      // React stays outside because the templates module must share its instance; native and large packages
      // that are loaded only by some commands stay outside too. svgo is an entry of its own, loaded only when
      // an image is first optimised (generator/assets/svgo.ts).
      external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'esbuild', 'lightningcss', 'browserslist', 'sharp', 'chokidar', 'linkinator', 'ajv', 'ajv/*', 'ajv-formats', 'json-schema-to-typescript', 'playwright-core', 'nodemailer'],
      // Prefer packages' ES module builds: some UMD builds (jsonc-parser's) require their own files dynamically.
      mainFields: ['module', 'main'],
      // Hot spots in dependencies, patched without changing what they do (bundle-patches.js); packages that find
      // their own files by their module's URL still find them.
      plugins: [patchPlugin(), ownUrl(outdir)],
      logLevel: 'error',
      entryPoints: { site: 'bin/site.ts', 'markdown-worker': 'generator/markdown/worker.ts', 'write-worker': 'generator/output/write-worker.ts', svgo: 'generator/assets/svgo-entry.ts' },
      splitting: true,
      format: 'esm',
      sourcemap: 'linked',
      outExtension: { '.js': '.mjs' },
      // Bundled CommonJS packages call require() for Node's built-ins.
      banner: { js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);" },
    });
    // Ends esbuild's service now, while this process runs on and reaps it; the generator starts its own if needed.
    await stop();
    try {
      fs.renameSync(tmp, outdir);
    } catch (error) {
      // A folder cannot be renamed onto one with files: another run made this bundle, from the same sources, first.
      if (!fs.existsSync(path.join(outdir, 'site.mjs'))) throw error;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  // Older bundles go once no process runs from them; a folder in the making, once the run making it has ended.
  const parent = path.dirname(outdir);
  for (const name of fs.readdirSync(parent)) {
    const dir = path.join(parent, name);
    const maker = /\.tmp-(\d+)$/.exec(name);
    try {
      if (dir !== outdir && !(maker ? alive(maker[1]) : inUse(dir))) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run started together is clearing the same folder; what is left, the next new bundle clears.
    }
  }
}

/**
 * A bundled package's `import.meta.url` is the URL of the file it was bundled from, found from the bundle's
 * own place: css-tree, inside svgo, loads its data with `createRequire(import.meta.url)('../data/patch.json')`,
 * which from the bundle's URL would look in .cache/.
 */
function ownUrl(outdir) {
  return {
    name: 'site-own-url',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/].*\.m?js$/ }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const from = path.relative(outdir, args.path).split(path.sep).join('/');
        return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(from)}, import.meta.url).href`), loader: 'js' };
      });
    },
  };
}

const outdir = path.join(root, '.cache', 'cli', fingerprint());
const entry = path.join(outdir, 'site.mjs');
if (!fs.existsSync(entry)) {
  try {
    await compile(outdir);
  } catch (error) {
    // esbuild has already printed the TypeScript error with its location.
    console.error(`site: could not compile the CLI (${error.message.split('\n')[0]})`);
    process.exit(1);
  }
}
const mark = path.join(outdir, `${inUsePrefix}${process.pid}`);
fs.writeFileSync(mark, '');
process.on('exit', () => fs.rmSync(mark, { force: true }));
// React reads NODE_ENV when it is first imported; its development build renders far slower.
process.env.NODE_ENV ??= 'production';
const args = process.argv.slice(2);
// Stack traces are mapped to the TypeScript sources, but for `site build` only when asked (--debug): a build
// is short, and mapping costs every start. A template that throws is still named by its own file and line:
// the renderer maps that one frame through the templates module's source map.
if (!args.includes('build') || args.includes('--debug')) process.setSourceMapsEnabled(true);
const { main } = await import(pathToFileURL(entry).href);
await main(process.argv);
