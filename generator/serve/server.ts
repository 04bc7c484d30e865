// `site serve`: builds, serves the output like a static host, runs functions in-process, and rebuilds on
// every change under content/, templates/, islands/, assets/ or functions/, reloading the pages that changed.
// A failed rebuild is reported in the terminal and in the browser; the last good site stays up.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { stripVTControlCharacters } from 'node:util';
import { build, type BuildResult } from '../build.ts';
import { BuildFailure, formatFailure, groupByCause, type SiteErrorData } from '../errors.ts';
import { colour, consoleLogger, type Logger } from '../log.ts';
import { outputFolder, resolveProject, within } from '../project.ts';
import { staticHandler } from './static.ts';
import { functionsHandler } from './functions.ts';
import { eventsPath, reloadClient, reloadClientPath } from './reload-client.ts';
import { draftStylesheet } from '../content/drafts.ts';
import { localEditor } from '../admin/local-backend.ts';
import { networkNotice } from '../admin/request-guard.ts';

/** The dev server's stylesheet for drafts, beside its reload client. */
const draftsPath = '/__site/drafts.css';

export interface ServeOptions {
  root: string;
  port: number;
  host: string;
  out?: string;
  watch?: boolean;
  logger?: Logger;
  /** Keep the local editor on while listening on a non-loopback address (--editor-on-network). */
  editorOnNetwork?: boolean;
  /** Stops the first build (Ctrl-C before the server is up): serve() rejects with BuildStopped, its staging folder removed. */
  signal?: AbortSignal;
}

export interface RebuildOutcome {
  ok: boolean;
  changed: string[];
  /** Pages rendered anew; the others were kept. */
  rendered: number;
}

export type DevServer = Awaited<ReturnType<typeof serve>>;

/** One server-sent event, as the reload client listens for it. */
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export async function serve(options: ServeOptions) {
  const logger = options.logger ?? consoleLogger;
  const project = resolveProject(options.root);
  const out = outputFolder(project, options.out);
  const clients = new Set<http.ServerResponse>();
  // Listeners for each rebuild's outcome, added by onRebuild (tests and the benchmark use this).
  const listeners: ((outcome: RebuildOutcome) => void)[] = [];
  // The `error-report` event, what the browser's overlay shows: the report as the terminal prints it, and each
  // problem of the failed stage as data for the overlay to lay out, one that failed many pages listed once as
  // the terminal lists it (`morePages`: the others it failed; `hints`: each distinct one of its pages').
  let lastError: { message: string; note: string; errors: (SiteErrorData & { morePages: string[]; hints: string[] })[] } | undefined;
  const broadcast = (event: string, data: unknown) => {
    for (const client of clients) client.write(sse(event, data));
  };

  // The settings `site serve` gives the functions, read afresh for each call: the environment, with defaults for
  // what the person running it did not choose. Passed to each function call; process.env itself is left alone, so
  // two servers in one process (tests) each keep their own.
  const settings = (): Record<string, string | undefined> => {
    const env = process.env;
    return {
      ...env,
      // The form functions keep sign-ups and enquiries waiting for the mail server in .data/, and answer native
      // form posts with the built pages.
      SITE_DATA_DIR: env.SITE_DATA_DIR ?? path.join(project.root, '.data'),
      SITE_PAGES_DIR: env.SITE_PAGES_DIR ?? out,
      // Without a mail server, the contact function writes each enquiry to a local outbox, so the forms work end
      // to end out of the box.
      SITE_DEV_OUTBOX: env.SITE_DEV_OUTBOX ?? (env.SMTP_URL ? undefined : path.join(project.root, 'outbox')),
    };
  };
  // The first build is staged and swapped like `site build`; later ones update the folder in place.
  let live: BuildResult['next'] | undefined;
  let drafts: string;
  // Good builds so far, and the output files each of the last few changed: a page is served with the count, and
  // its reload client, connecting a moment later, is told what changed in between.
  let builds = 0;
  const recent: string[][] = [];
  // This server's run: a page's client reconnecting (the browser does it by itself) after a restart counts builds
  // of another run, and edits made while no server ran are in none of them.
  const run = randomUUID().slice(0, 8);
  const adopt = (result: BuildResult) => {
    live = result.next;
    drafts = draftStylesheet(result.pages);
  };
  const report = (error: unknown) => {
    const text = error instanceof BuildFailure ? formatFailure(error) : `${(error as Error).stack}`;
    const note = live ? 'The last good site is still being served.' : 'No build has succeeded yet: every address shows this error.';
    logger.error(colour.red(text));
    logger.error(colour.dim(note));
    lastError = { message: stripVTControlCharacters(text), note, errors: error instanceof BuildFailure ? groupByCause(error.errors).map((g) => ({ ...g.error.toJSON(), morePages: g.pages, hints: g.hints })) : [] };
    broadcast('error-report', lastError);
  };
  const used = [project.content, project.templates, project.islands, project.assets, project.functions];
  const listing = () => used.filter((dir) => fs.existsSync(dir)).flatMap((dir) => (fs.readdirSync(dir, { recursive: true }) as string[]).map((rel) => path.join(dir, rel)));
  // What the first build is about to read, so the watcher, once up, is told of a file deleted or renamed meanwhile.
  const before = options.watch === false ? [] : listing();
  const started = Date.now();
  try {
    adopt(await build({ root: project.root, out, logger, drafts: true, signal: options.signal }));
  } catch (error) {
    // A first build failing in the project's files leaves the server up, as a failed rebuild does, for a save to
    // fix; the output folder or the disk failing is no file's to fix (two files making one output file, OUTPUT_TWICE,
    // are), and without a watcher no save is seen.
    const noFiles = error instanceof BuildFailure && ['output', 'disk'].includes(error.stage) && error.errors[0].code !== 'OUTPUT_TWICE';
    if (options.watch === false || !(error instanceof BuildFailure) || noFiles) throw error;
    report(error);
  }
  const functions = functionsHandler(project, settings, (m) => logger.warn(m), options.host);
  // A function broken before the server started is shown now, as on a save, and the site it built is served.
  if (live) await functions.check().catch(report);
  const editor = localEditor(project, out, logger, { listenHost: options.host, onNetwork: options.editorOnNetwork });

  // async: the page's DOMContentLoaded does not wait for the client, which is fetched afresh on every load. The
  // client is told the file sent, which is not the address's own where it is the 404 page.
  // While there are drafts, their stylesheet marks their pages and the links to them (content/drafts.ts).
  const transformHtml = (html: string, file?: string) => {
    const styled = drafts ? html.replace('</head>', `<link rel="stylesheet" href="${draftsPath}"></head>`) : html;
    const sent = file ? `&file=${encodeURIComponent(file)}` : '';
    return styled.replace('</body>', `<script type="module" async src="${reloadClientPath}?since=${builds}${sent}"></script></body>`);
  };
  const serveStatic = staticHandler({ root: out, transformHtml });
  const serveEditor = staticHandler({ root: out });

  let closing = false;
  const server = http.createServer(async (req, res) => {
    const [pathname, query] = (req.url ?? '/').split('?');
    // The build a page was served from, as its reload client names it; asked only by the server's own files.
    const since = () => Number(new URLSearchParams(query).get('since') ?? builds);
    if (pathname === eventsPath) {
      // A page reconnecting while the server closes would hold the close open for as long as the page lives.
      if (closing) return void res.writeHead(503).end();
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      if (lastError) res.write(sse('error-report', lastError));
      // Past the builds remembered, or from another run, nothing says the page is still current: null reloads it.
      const asked = new URLSearchParams(query).get('run');
      const missed = asked !== null && asked !== run ? Infinity : builds - since();
      if (missed > 0) res.write(sse('rebuilt', { changed: missed <= recent.length ? recent.slice(-missed).flat() : null, build: builds }));
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    // The server's own files, beside the site's: made afresh, never cached.
    const own = pathname === draftsPath ? ['text/css', drafts] : pathname === reloadClientPath ? ['text/javascript', reloadClient(since(), run, new URLSearchParams(query).get('file'))] : undefined;
    if (own) return void res.writeHead(200, { 'Content-Type': `${own[0]}; charset=utf-8`, 'Cache-Control': 'no-store' }).end(own[1]);
    // Until a first good build there is no site: every address answers the report, which the reload client lays
    // out in its overlay; 500, as the address's page could not be made.
    if (!live) {
      // Except the editor, from the last good output if there is one, so that staff can fix the content in it. Its
      // files are made from that content (config.yml, editor.json), so a failed build cannot make them; served
      // without the reload client, whose overlay would cover it.
      if (/^\/admin(\/|$)/.test(pathname) && fs.existsSync(path.join(out, 'admin', 'index.html'))) {
        return void (editor.handles(pathname) ? editor.handle(req, res) : serveEditor(req, res));
      }
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body><pre>${lastError!.message.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre></body></html>`;
      return void res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(transformHtml(page));
    }
    if (editor.handles(pathname)) return void editor.handle(req, res);
    try {
      if (!(await functions.handle(req, res))) serveStatic(req, res);
    } catch (error) {
      logger.error(colour.red(`✗ ${req.method} ${pathname}: ${(error as Error).message}`));
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  const fromHere = (folder: string) => path.relative(process.cwd(), folder) || '.';
  logger.info(`${colour.green('➜')} serving ${colour.bold(url)} ${colour.dim(`from ${fromHere(out)}`)}`);
  const notice = networkNotice(options.host, options.editorOnNetwork, url);
  if (notice) logger.warn(colour.yellow(notice));
  const shown = settings();
  logger.info(colour.dim(`  newsletter sign-ups and enquiries waiting for the mail server are kept in ${fromHere(shown.SITE_DATA_DIR!)}/`));
  if (shown.SMTP_URL) logger.info(colour.dim(`  contact enquiries are sent by SMTP (${new URL(shown.SMTP_URL).host})`));
  else logger.info(colour.dim(`  contact enquiries are written to ${fromHere(shown.SITE_DEV_OUTBOX!)}/ as .eml files (set SMTP_URL to send them)`));

  // Rebuilds: changes arriving within a few milliseconds of each other are built together, and changes
  // arriving during a build cause exactly one more build after it.
  let building: Promise<void> = Promise.resolve();
  let pending = false;
  let timer: NodeJS.Timeout | undefined;
  /** When the changes seen so far may be built: a later change never brings forward the wait an earlier one asked. */
  let due = 0;
  const changed = new Set<string>();
  const inFunctions = (file: string) => within(file, project.functions) || within(file, path.join(project.root, 'functions'));
  /** Files changed since the last good build: a failed build's changes count again in the next. */
  let sinceGood = new Set<string>();
  const rebuild = async () => {
    sinceGood = new Set([...sinceGood, ...changed]);
    changed.clear();
    // After a failed first build, the first good one is staged like any first build, and what it changed is
    // unknown: every page served before it reloads (the `rebuilt` event's null; `recent` holds no build yet).
    const first = !live;
    try {
      // A function is not part of the site's build: compiled once each change under functions/ (and kept compiled
      // from then on), its error fails every rebuild until fixed, as a template's does, not the next call.
      await functions.check();
      const result = await build({ root: project.root, out, logger, live: live && { ...live, changed: sinceGood }, drafts: true });
      adopt(result);
      builds += 1;
      if (!first) recent.push(result.changed);
      if (recent.length > 20) recent.shift();
      sinceGood = new Set();
      lastError = undefined;
      broadcast('rebuilt', { changed: first ? null : result.changed, build: builds });
      listeners.forEach((l) => l({ ok: true, changed: result.changed, rendered: result.rendered }));
    } catch (error) {
      report(error);
      listeners.forEach((l) => l({ ok: false, changed: [], rendered: 0 }));
    }
  };
  const schedule = (wait: number) => {
    if (closing) return;
    pending = true;
    due = Math.max(due, Date.now() + wait);
    clearTimeout(timer);
    timer = setTimeout(() => {
      due = 0;
      building = building.then(async () => {
        while (pending) {
          pending = false;
          await rebuild();
        }
      });
    }, due - Date.now());
  };

  let closeWatcher = async () => {};
  if (options.watch !== false) {
    const { watch } = await import('chokidar');
    // The project's own folders too where it has none and the generator's are used: one copied in while serving
    // (to change the design) is what every build from then on reads.
    const own = ['templates', 'islands', 'assets', 'functions'].map((name) => path.join(project.root, name));
    const folders = [...new Set([...used, ...own])];
    // chokidar stops watching a folder it was given once that folder is deleted, and never sees it come back
    // (paulmillr/chokidar#555: watch the parent instead): a functions/ deleted and put back, by a restore or a
    // branch switch, was no longer watched, and the site stayed broken whatever was saved. So the folders'
    // parents are watched, with everything in them but the folders left out.
    const parents = [...new Set(folders.map((folder) => path.dirname(folder)))];
    const ignored = (p: string) => {
      if (parents.includes(p)) return false;
      if (!folders.some((folder) => within(p, folder))) return true;
      const name = path.basename(p);
      return name === 'node_modules' || (name.startsWith('.') && name.length > 1);
    };
    // chokidar holds each file's unlink this long (`atomic`), to make an editor's delete-and-write one change.
    const held = 100;
    const watcher = watch(parents, { ignoreInitial: true, ignored, atomic: held });
    const seen = (file: string, wait = 10) => {
      changed.add(path.resolve(file));
      if (inFunctions(file)) functions.invalidate();
      logger.info(colour.dim(`… ${path.relative(project.root, file)} changed`));
      schedule(wait);
    };
    watcher.on('all', (event, file) => {
      // A folder renamed or deleted: its files' unlinks come once chokidar's hold is over, and join the same build.
      seen(file, event === 'unlinkDir' ? held + 50 : 10);
      // chokidar drops a second change to the same file within 50 ms, with no event after: look again
      // once that window has passed, so a quick second save is never lost.
      const mtimeOf = () => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
      const mtime = mtimeOf();
      setTimeout(() => {
        if (mtimeOf() !== mtime) seen(file);
      }, 60).unref();
    });
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    // A save made while the first build ran, before the watcher was up, raised no event: a file changed since
    // that build began, or gone since, is taken as just saved (a rename keeps the file's time).
    const now = new Set(listing());
    const gone = new Set(before.filter((file) => !now.has(file)));
    for (const file of [...now, ...gone]) {
      if (!ignored(file) && (gone.has(file) || (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) > started)) seen(file);
    }
    closeWatcher = () => watcher.close();
    logger.info(colour.dim(`  watching ${used.map((f) => path.relative(project.root, f) || '.').join(', ')}`));
  }

  /** Resolves after the rebuild caused by the changes seen so far has finished. */
  const settled = async () => {
    await delay(15);
    for (;;) {
      const current = building;
      await current;
      if (current === building && !pending) return;
      // A change waits for its debounce timer, which only runs if this loop lets the event loop turn: awaiting
      // the settled promise again and again would spin on microtasks forever.
      await delay(5);
    }
  };

  // Enquiries kept while the mail server refused are delivered by the same function Netlify runs on a schedule.
  const retryEvery = Number(process.env.SITE_RETRY_INTERVAL_MS) || 60_000;
  const retry = setInterval(() => {
    functions.run('deliver-enquiries').catch((error: Error) => logger.warn(`deliver-enquiries: ${error.message}`));
  }, retryEvery).unref();

  const close = async () => {
    closing = true;
    clearInterval(retry);
    // No build starts from now on, and the one under way is waited for: stopped halfway (Ctrl-C), it left dist/
    // half updated, some files of the new build beside others of the last.
    clearTimeout(timer);
    pending = false;
    await closeWatcher();
    await building;
    for (const client of clients) client.end();
    // close() waits for every connection to end; an open page keeps one busy (a request in flight, a live
    // reload stream reopened), so they are all ended now rather than whenever the page goes.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    await live?.templateContexts.dispose();
  };
  return { url, settled, close, onRebuild: (listener: (outcome: RebuildOutcome) => void) => void listeners.push(listener) };
}
