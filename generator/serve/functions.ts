// Runs functions/<name>.ts in-process for POST /.netlify/functions/<name>, with Netlify's modern signature:
// a default export taking a Web Request (and a context with the client's address) and returning a Response.
// Each function is compiled with esbuild and re-imported when its source changes, so edits need no restart.
import { esbuildErrors, loadEsbuild, regularFilesOnly } from '../esbuild.ts';
import type { Plugin } from 'esbuild';
import { BuildFailure, failIfAny, formatFailure, siteError } from '../errors.ts';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveProject, toolRoot, type Project } from '../project.ts';
import { compiledFolder, hashOf } from '../cache.ts';
import { requestUrl } from './static.ts';
import { notOwnHost, ownHostname } from '../admin/request-guard.ts';

/** The settings a function gets in its context (`context.env`), read afresh for each call. */
type Settings = Record<string, string | undefined>;
type NetlifyFunction = (request: Request, context: { ip: string; env: Settings }) => Response | Promise<Response>;

/**
 * Netlify's limit for a function's request body (6 MB, buffered): a larger one never reaches the function, there
 * or here. Functions set their own, smaller limits, and answer a body past them in their own words.
 */
const bodyLimit = 6 * 1024 * 1024;

/** `listenHost` is the address the server listens on (--host), whose name the Host header may also give. */
export function functionsHandler(project: Project, settings: () => Settings, log: (message: string) => void, listenHost?: string) {
  // Each function's compile, kept until the watcher reports a change under functions/; concurrent first
  // requests share it. One that failed, or found no such function, is tried again on the next call.
  const compiles = new Map<string, Promise<NetlifyFunction | undefined>>();
  function load(name: string): Promise<NetlifyFunction | undefined> {
    if (!compiles.has(name)) {
      const pending = compile(name);
      // Forgotten only while it is still the one kept: a compile from before a change must not drop a newer one.
      const forget = () => compiles.get(name) === pending && compiles.delete(name);
      pending.then((fn) => fn ?? forget(), forget);
      compiles.set(name, pending);
    }
    return compiles.get(name)!;
  }

  async function compile(name: string): Promise<NetlifyFunction | undefined> {
    // Where the functions are now: a project may have brought its own functions/ since the server started.
    const source = path.join(resolveProject(project.root).functions, `${name}.ts`);
    if (!/^[a-z0-9-]+$/.test(name) || !fs.existsSync(source)) return undefined;
    const { build } = await loadEsbuild();
    const result = await build({ entryPoints: [source], absWorkingDir: project.root, bundle: true, write: false, format: 'esm', platform: 'node', target: 'node22', packages: 'external', logLevel: 'silent', sourcemap: 'inline', plugins: [regularFilesOnly(project), generatorCode(project)] }).catch((error: unknown) => {
      throw new BuildFailure('functions', esbuildErrors(project, error, 'FUNCTION_FAILED'));
    });
    const text = result.outputFiles[0].text;
    // Named by its hash: an unchanged function keeps its file, and Node's module cache returns the module it has.
    const file = path.join(compiledFolder(project, 'functions'), `${name}-${hashOf(text)}.mjs`);
    if (!fs.existsSync(file)) fs.writeFileSync(file, text);
    const module = (await import(pathToFileURL(file).href)) as { default?: NetlifyFunction };
    if (typeof module.default !== 'function') {
      throw new BuildFailure('functions', [siteError('FUNCTION_FAILED', { problem: 'has no default export function', note: 'Export the handler as the default: export default async (request: Request) => new Response(...).' }, { file: `functions/${name}.ts` })]);
    }
    return module.default;
  }

  /** Answers a request under /.netlify/functions/; returns false when the path is not a function's. */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const match = /^\/\.netlify\/functions\/([^/]+)\/?$/.exec(requestUrl(req).pathname);
    if (!match) return false;
    // The function gets the address under the Host the request named, which must be this server's own, as for the
    // editor: a page of another site whose name is rebound to 127.0.0.1 must not post the forms. Only a call reads
    // it: a Host no URL can hold (`a b`) made every request, for pages too, a server error.
    if (!ownHostname(req.headers.host, listenHost)) sendJson(res, 403, { message: `site serve's functions ${notOwnHost}` });
    else await call(match[1], requestUrl(req, `http://${req.headers.host}`), req, res);
    return true;
  }

  /** Calls the function `name` with the request, and sends what it answers (or why it could not answer). */
  async function call(name: string, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
    let fn: NetlifyFunction | undefined;
    try {
      fn = await load(name);
    } catch (error) {
      log(error instanceof BuildFailure ? formatFailure(error) : `function ${name} failed to load: ${(error as Error).message}`);
      return sendJson(res, 500, { message: 'The function failed to load' });
    }
    if (!fn) return sendJson(res, 404, { message: `No function named ${name}` });
    const body = await readBody(req, bodyLimit);
    if (body === 'too-large') return sendJson(res, 413, { message: 'Request body too large' });
    const headers = new Headers(Object.entries(req.headers).map(([header, value]): [string, string] => [header, [value].flat().join(', ')]));
    const ip = req.socket.remoteAddress ?? '127.0.0.1';
    headers.set('x-nf-client-connection-ip', ip);
    let request: Request;
    try {
      request = new Request(url, { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body) });
    } catch {
      // A method a Web Request cannot carry (TRACE) reaches no function: the client's mistake, not the server's.
      return sendJson(res, 405, { message: `Functions cannot be called with ${req.method}` }, { Allow: callable });
    }
    try {
      const response = await fn(request, { ip, env: settings() });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      log(`function ${name} threw: ${(error as Error).message}`);
      sendJson(res, 500, { message: 'Internal error' });
    }
  }

  /** Runs a function outside a request, as a scheduler would: a POST with an empty body. */
  async function run(name: string): Promise<Response> {
    const fn = await load(name);
    if (!fn) throw new Error(`no function named ${name}`);
    return fn(new Request(`http://127.0.0.1/.netlify/functions/${name}`, { method: 'POST' }), { ip: '127.0.0.1', env: settings() });
  }

  /** Compiles every function not compiled since the last change under functions/: a save reports its errors as a build does. */
  async function check(): Promise<void> {
    const folder = resolveProject(project.root).functions;
    const names = fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -3)) : [];
    // Each function's problems, as a stage lists all of its own: awaited one by one, the first hid the others.
    const failed = (await Promise.allSettled(names.map(load))).flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const unexpected = failed.find((error) => !(error instanceof BuildFailure));
    if (unexpected) throw unexpected;
    // Each function is bundled on its own, so a broken module several of them import fails each: it is listed once.
    const errors = (failed as BuildFailure[]).flatMap((failure) => failure.errors);
    const key = (e: (typeof errors)[number]) => JSON.stringify([e.code, e.file, e.line, e.column, e.message]);
    failIfAny('functions', [...new Map(errors.map((e) => [key(e), e])).values()]);
  }

  return {
    handle,
    run,
    check,
    /** Forget compiled functions so the next request compiles the edited source. */
    invalidate: () => compiles.clear(),
  };
}

/**
 * The functions import code from beside them by relative paths (functions/lib: the generator's answer pages and CLI
 * commands, the templates' newsletter form), which from a project's own copy of functions/ lead into folders the
 * project may not have (generator/, templates/). As resolveProject does for a folder the project lacks, those
 * imports are taken from the generator's own, so a copied functions/ runs as the generator's does.
 */
function generatorCode(project: Project): Plugin {
  return {
    name: 'generator-code',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const rel = path.relative(project.root, path.resolve(args.resolveDir, args.path));
        const top = rel.split(path.sep)[0];
        if (!top || top === '..' || path.isAbsolute(rel) || fs.existsSync(path.join(project.root, top))) return undefined;
        return { path: path.join(toolRoot, rel) };
      });
    },
  };
}

/** The methods a function can be called with (each function then takes the ones it serves). */
const callable = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** A JSON answer, as functions and the editor's local backend send their own errors. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** The request's body; one over the limit is read to its end (so the answer reaches the client) but not kept. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? 'too-large' : Buffer.concat(chunks);
}
