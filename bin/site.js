#!/usr/bin/env node
// Launcher for the TypeScript CLI in bin/site.ts.
//
// Node 20 cannot run TypeScript, and a loader such as tsx costs about 0.25 s on every start, a quarter of
// the 1 s budget of a warm build. So the CLI and the generator are bundled once with esbuild into
// .cache/cli/<fingerprint>/ and imported from there. The fingerprint covers the path, size and mtime of
// every source file the CLI is built from, so an edit to the generator rebuilds the bundle on the next run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import v8 from 'node:v8';
import { patchPlugin } from './bundle-patches.js';
import { cacheModuleCode } from './module-cache.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// V8's optimising compiler (TurboFan) without inlining. A build is short and busy on every core: the main
// thread, two Markdown threads and the writer each optimise their own hot functions, and with inlining that
// compiling was a fifth of a Markdown-cold build's CPU at 4,000 posts, on the same two cores. Without it, such a
// build takes 10-12 % less time and about 1.2 s less CPU; at 20,000 posts and for incremental builds the times
// are the same (docs/performance.md, eleventh measurement). A flag the user gives Node decides instead.
if (!/--(no-)?turbo[-_]inlining/.test(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`)) v8.setFlagsFromString('--no-turbo-inlining');

const sources = ['bin/site.js', 'bin/site.ts', 'bin/bundle-patches.js', 'generator', 'package.json'];

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

async function compile(outdir) {
  const { build, stop, transform } = await import('esbuild');
  const tmp = `${outdir}.tmp-${process.pid}`;
  const common = {
    absWorkingDir: root,
    outdir: tmp,
    bundle: true,
    platform: 'node',
    target: 'node20',
    // Pure-JavaScript dependencies are bundled in: one module to parse starts faster than hundreds to resolve.
    // React stays outside because the templates module must share its instance; native and large packages
    // that are loaded only by some commands stay outside too. svgo is bundled as an entry of its own (svgo.mjs,
    // generator/assets/svgo-entry.ts): a fresh clone's build loaded its 150 modules in about 0.2 s, the file in 0.08.
    external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'esbuild', 'lightningcss', 'browserslist', 'sharp', 'chokidar', 'linkinator', 'ajv', 'ajv/*', 'ajv-formats', 'json-schema-to-typescript', 'playwright-core', 'nodemailer'],
    // Prefer packages' ES module builds: some UMD builds (jsonc-parser's) require their own files dynamically.
    mainFields: ['module', 'main'],
    // Hot spots in dependencies, patched without changing what they do (bundle-patches.js); packages that find
    // their own files by their module's URL still find them.
    plugins: [patchPlugin(), ownUrl(outdir)],
    logLevel: 'error',
  };
  await build({
    ...common,
    entryPoints: { site: 'bin/site.ts', 'markdown-worker': 'generator/markdown/worker.ts', 'write-worker': 'generator/output/write-worker.ts', 'check-worker': 'generator/output/check-worker.ts', svgo: 'generator/assets/svgo-entry.ts' },
    splitting: true,
    format: 'esm',
    sourcemap: 'linked',
    outExtension: { '.js': '.mjs' },
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: { js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);" },
  });
  // The same CLI as one CommonJS file, for `site build` (fromCodeCache below). Its modules see the ES module
  // entry as their import.meta.url, so they find the worker entries and the package beside it as the ES form does.
  await build({
    ...common,
    entryPoints: { site: 'bin/site.ts' },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__siteModuleUrl' },
    banner: { js: "const __siteModuleUrl = require('node:url').pathToFileURL(require('node:path').join(__dirname, 'site.mjs')).href;" },
  });
  for (const name of fs.readdirSync(tmp)) if (/\.[cm]js$/.test(name)) await asciiOnly(path.join(tmp, name), transform);
  // Ends esbuild's service now, while this process runs on and reaps it; the generator starts its own if needed.
  await stop();
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.renameSync(tmp, outdir);
  // Keep the two newest older bundles: a process started a moment ago may still load chunks from them.
  const parent = path.dirname(outdir);
  const old = fs.readdirSync(parent)
    .map((name) => path.join(parent, name))
    .filter((dir) => dir !== outdir && !dir.includes('.tmp-'))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const dir of old.slice(2)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Makes a bundle file ASCII, when only its comments hold other characters (remark's packages write ’ and … in
 * theirs). esbuild escapes every other character in strings, names and templates, but keeps the comments it
 * keeps as written; and a source with a single character outside ASCII becomes, as V8 reads it, a string of
 * two bytes a character: reading the CommonJS bundle's 1.6 MB then took 7 ms of every `site build`, against
 * 2 ms as ASCII, and the Markdown threads parse remark's chunk the same way. Whether only comments hold them
 * is asked of esbuild: without its comments, the file is ASCII. A regular expression or a String.raw template
 * holding one leaves the file as it is, slower but the same. Each such character becomes one `?`, or two for
 * a pair of surrogates, so the columns of the source maps still hold.
 */
async function asciiOnly(file, transform) {
  const text = fs.readFileSync(file, 'utf8');
  const outside = /[^\x00-\x7f]/;
  if (!outside.test(text)) return;
  const { code } = await transform(text, { loader: 'js', minifyWhitespace: true, charset: 'ascii', logLevel: 'silent' });
  if (outside.test(code)) return;
  fs.writeFileSync(file, text.replace(/[^\x00-\x7f]/g, '?'));
}

/**
 * A bundled package's `import.meta.url` is the URL of the file it was bundled from, found from the bundle's
 * own place: css-tree, inside svgo, loads its data with `createRequire(import.meta.url)('../data/patch.json')`,
 * which from the bundle's URL would look in .cache/. In the CommonJS bundle `import.meta.url` is then defined
 * as the ES bundle's URL, in the same folder, so the same path leads to the same file.
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
// React reads NODE_ENV when it is first imported; its development build renders about three times slower.
process.env.NODE_ENV ??= 'production';
const args = process.argv.slice(2);
let main;
let after;
const record = args.includes('build') && !args.includes('--debug') && !args.includes('--clean') ? recordFolder(args) : undefined;
if (record) ({ main, after } = fromCodeCache(outdir, record));
else {
  // Stack traces are mapped to the TypeScript sources, but for `site build` only when asked (--debug): mapping
  // costs about 20 ms of every start, a tenth of an incremental build. A template that throws is still named by
  // its own file and line: the renderer maps that one frame through the templates module's source map. This
  // holds for a build run here too (the first build of a project, or --clean), as it did before the code cache.
  if (!args.includes('build') || args.includes('--debug')) process.setSourceMapsEnabled(true);
  ({ main } = await import(pathToFileURL(entry).href));
}
await main(process.argv);
await after?.();

/**
 * Whether the project (--root, or the working folder) has a record of an earlier build, so this one may be
 * incremental. A build without one renders every page: compiling the CLI is then a negligible part of it, and
 * it runs the ES modules, whose peak memory in a cold build of 20,000 posts was 30-40 MiB lower.
 */
function recordFolder(args) {
  const at = args.findIndex((arg) => arg === '--root' || arg.startsWith('--root='));
  const root = at < 0 ? '.' : args[at].startsWith('--root=') ? args[at].slice('--root='.length) : args[at + 1];
  const folder = path.join(path.resolve(root ?? '.'), '.cache', 'incremental');
  return fs.existsSync(folder) ? folder : undefined;
}

/**
 * Whether the project's record is that of a large site: one whose build writes its output in a worker thread
 * and has it check the spare output (generator/output/spare.ts, from 2,000 output files, a record of about
 * 3 MB; 1.5 KB a page). The thread is then started here, before the CLI loads (startedWriter in spare.ts):
 * on two cores shared with other work, one started by the build was up 75-90 ms later, and an edit's end
 * waited for it. With half of each core taken by other work, an edit's build took 380 ms against 420-435
 * (medians), on a quiet machine the same (docs/performance.md, eighteenth measurement).
 */
function largeRecord(folder) {
  try {
    return fs.readdirSync(folder).some((name) => name.endsWith('.bin') && fs.statSync(path.join(folder, name)).size > 2 * 1024 * 1024);
  } catch {
    return false;
  }
}

/**
 * An incremental `site build` starts without V8's optimising compiler (TurboFan). An edit's build runs for a
 * third of a second, and compiling its hottest functions took some 130 ms of CPU on the other core, which on
 * two cores the main thread waited its turn for: without it an edit took 15-20 ms less (docs/performance.md,
 * sixteenth measurement). Work that runs long turns it on (globalThis.__siteOptimise, generator/jit.ts): many
 * files to parse, many texts for Markdown, many pages to render, or any build still running after half a
 * second. The flag is part of the code caches' key, so it is set back before they are written at exit. A flag
 * the user gives Node decides instead.
 */
function deferOptimiser() {
  if (/--(no-)?turbofan\b|--max-opt/.test(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`)) return;
  v8.setFlagsFromString('--no-turbofan');
  let deferred = true;
  const optimise = () => {
    if (!deferred) return;
    deferred = false;
    v8.setFlagsFromString('--turbofan');
  };
  globalThis.__siteOptimise = optimise;
  setTimeout(optimise, 500).unref();
  // Before any code cache is written (those handlers are added after this one).
  process.once('exit', () => {
    if (!deferred) v8.setFlagsFromString('--no-turbofan');
  });
}

/**
 * An incremental `site build` runs the CommonJS form of the bundle, compiled by V8 from a code cache kept
 * beside it: compiling the CLI's code as it first runs is about 40 ms of every build, a tenth of an incremental
 * one, and Node 20 keeps no such cache for ES modules. The cache is written at the exit of a build that found
 * none (or one V8 refused, after an upgrade of Node), or one written by a run that had nothing to build, so it
 * holds every function a build compiled, and remark's too (warmCodeCache in bin/site.ts). The CommonJS modules
 * it requires from the installed packages and the compiled templates get one of their own (module-cache.js).
 * Code compiled from a cache cannot call import() itself, so the generator imports through the function
 * handed in here (import-module.ts).
 */
function fromCodeCache(dir, record) {
  deferOptimiser();
  if (largeRecord(record)) {
    // Told its output by the build, or ended by it; it never keeps the process alive by itself.
    const writer = new Worker(path.join(dir, 'write-worker.mjs'), { workerData: { waiting: true } });
    writer.unref();
    globalThis.__siteWriter = writer;
  }
  const file = path.join(dir, 'site.cjs');
  const cache = path.join(dir, 'site.cjs.v8');
  // The cache's first byte says whether the run that wrote it built anything (1) or found nothing to build (0).
  let cachedData;
  let fromBuild = false;
  try {
    const saved = fs.readFileSync(cache);
    if (saved[0] === 0 || saved[0] === 1) [cachedData, fromBuild] = [saved.subarray(1), saved[0] === 1];
  } catch {
    // none yet
  }
  const source = `(function (exports, require, module, __filename, __dirname) {${fs.readFileSync(file, 'utf8')}\n})`;
  const script = new vm.Script(source, { filename: file, cachedData });
  const refused = !cachedData || script.cachedDataRejected;
  /**
   * Written when missing or refused, and again by the first build after one written by a no-op: a no-op runs
   * only the check that nothing changed, so every build after it compiled the build's own functions afresh
   * (the benchmark's no-ops come before its edits). globalThis.__siteBuilt is set by the build command.
   */
  const writing = () => refused || (!fromBuild && globalThis.__siteBuilt === true);
  process.once('exit', () => {
    if (!writing()) return;
    try {
      const tmp = `${cache}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, Buffer.concat([Buffer.from([globalThis.__siteBuilt === true ? 1 : 0]), script.createCachedData()]));
      fs.renameSync(tmp, cache);
    } catch {
      // a cache is an optimisation only
    }
  });
  globalThis.__siteImport = (specifier) => import(specifier);
  // React, the templates module and the schema validators, which most builds require, get a code cache too.
  cacheModuleCode(path.join(dir, 'modules'), [path.join(root, 'node_modules'), path.join(root, '.cache', 'templates'), path.join(root, '.cache', 'schemas')].map((dir) => dir + path.sep));
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dir);
  const { main, warmCodeCache } = module.exports;
  return { main, after: async () => writing() && (await warmCodeCache()) };
}
