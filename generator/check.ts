// `site check`: validates content and builds into a temporary folder (type-checking the site's own code beside it, typecheck.ts), looks for facts typed by hand instead of named (content/hand-typed.ts), serves the build on 127.0.0.1 like a static
// host (with the _redirects rules) and lets linkinator follow every link, image, script and stylesheet from
// every page. External links are skipped unless asked for.
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build, unlessStopped } from './build.ts';
import { loadContent } from './content/load.ts';
import { findHandTypedFacts } from './content/hand-typed.ts';
import { describeStale, staleSources } from './content/sources-age.ts';
import { resolveProject } from './project.ts';
import { BuildFailure, siteError } from './errors.ts';
import { colour, consoleLogger, type Logger } from './log.ts';
import { staticHandler } from './serve/static.ts';
import { typeCheck } from './typecheck.ts';
import { missingFragments } from './check-fragments.ts';

export interface CheckOptions {
  root: string;
  external?: boolean;
  logger?: Logger;
  /** Stops the check (`site check` on Ctrl-C): it rejects with BuildStopped once its temporary folder is removed. */
  signal?: AbortSignal;
}

export async function check(options: CheckOptions): Promise<void> {
  const logger = options.logger ?? consoleLogger;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-check-'));
  const out = path.join(tmp, 'dist');
  const server = http.createServer();
  const stopTypeCheck = new AbortController();
  try {
    // A regulatory fact's source older than 12 months is a warning, shown even when the check fails: the site is
    // still right to publish, but someone should read the source again.
    const project = resolveProject(options.root);
    const content = loadContent(project);
    for (const stale of staleSources(content.files)) logger.warn(describeStale(stale));
    // The type check runs in its own process beside the build (typecheck.ts); its errors fail the check.
    const typed = typeCheck(project, stopTypeCheck.signal);
    typed.catch(() => {});
    const result = await build({ root: options.root, out, logger, recycle: false, signal: options.signal });
    const types = await unlessStopped(typed, options.signal);
    if ('skipped' in types) logger.info(colour.dim(`  type check skipped: ${types.skipped}`));
    else if (types.errors.length) throw new BuildFailure('types', types.errors);
    else logger.info(`${colour.green('✓')} ${types.files.join(', ')} type-check`);
    // A fact typed by hand still builds, so it is looked for here: the build stays usable while editing. Each
    // is reported with the page its file makes (a page copy's file is content/pages/<kind>.json).
    const pages = result.pages.map((p) => ({ path: p.path, source: p.source ?? `content/pages/${p.kind}.json` }));
    const handTyped = findHandTypedFacts(content.files, pages);
    if (handTyped.length) throw new BuildFailure('facts', handTyped);
    server.on('request', staticHandler({ root: out }));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const { LinkChecker } = await import('linkinator');
    const checker = new LinkChecker();
    let seen = 0;
    checker.on('link', () => {
      if (++seen % 100 === 0) logger.progress(`checked ${seen} links…`);
    });
    const local = origin.replace(/[.:/]/g, (c) => `\\${c}`);
    const entries = [...result.pages.filter((p) => p.kind !== 'not-found').map((p) => `${origin}${p.path}`), `${origin}/404.html`];
    const report = await unlessStopped(checker.check({
      path: entries,
      recurse: true,
      concurrency: 50,
      timeout: 15000,
      // Only links on this site are followed unless --external; a negative lookahead keeps everything else out.
      linksToSkip: options.external ? [] : [`^(?!${local})`],
    }), options.signal);
    logger.progress('');
    const broken = report.links
      .filter((link) => link.state === 'BROKEN')
      .map((link) => ({ url: link.url.replace(origin, ''), status: link.status ?? 0, parent: (link.parent ?? '').replace(origin, '').replace(/(.)\/$/, '$1') || '(entry)' }));
    const unique = [...new Map(broken.map((b) => [`${b.parent} ${b.url}`, b])).values()].sort((a, b) => (a.parent + a.url < b.parent + b.url ? -1 : 1));
    const fragments = missingFragments(out, result.pages);
    if (unique.length || fragments.length) {
      const sources = new Map(result.pages.map((p) => [p.path, p.source]));
      throw new BuildFailure('links', [
        ...unique.map((b) => siteError('LINK_BROKEN', { url: b.url, status: b.status || 'nothing (no connection)' }, { page: b.parent, file: sources.get(b.parent) })),
        ...fragments,
      ]);
    }
    logger.info(`${colour.green('✓')} ${report.links.length} links, images, scripts and stylesheets on ${result.pages.length} pages all resolve${options.external ? '' : ' (external links skipped; use --external to check them)'}`);
  } finally {
    stopTypeCheck.abort();
    server.close();
    server.closeAllConnections();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
