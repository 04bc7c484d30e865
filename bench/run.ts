// `npm run bench`: the figures the issues ask for, measured the way users run the tool (`node bin/site.js`).
//   1. the real site: cold build (no caches) and warm build (caches filled), wall time, median of 5
//   2. `site serve`: from saving a content file to the changed page reloaded (server event, and in Chromium)
//   3. scale: generated projects of 4,000 and 10,000 posts, cold and warm, pages per second, peak memory
//   4. anchors (anchors.ts): no-op, one post edited, one template edited, Markdown-cold and fresh clone at
//      4,000 and 20,000 posts, against Hugo and Eleventy on the same posts, as ratios
// Options: --quick (1,000 posts), --runs N, --only anchors, --posts 4000,20000.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProject, post, wordCount } from './generate.ts';
import { benchAnchors } from './anchors.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin/site.js');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));

interface Run {
  wall: number;
  peakMiB: number;
  pages: number;
  summary: string;
}

/** Every cache: compiled templates, stylesheet, islands, validators, images and rendered Markdown. */
function clearCaches(project: string) {
  fs.rmSync(path.join(project, '.cache'), { recursive: true, force: true });
  for (const dir of ['templates', 'css', 'schemas', 'islands']) fs.rmSync(path.join(repo, '.cache', dir), { recursive: true, force: true });
}

/**
 * The caches of content processing, rendered Markdown and parsed front matter: what "cold" means for the scale
 * targets (the images, templates and stylesheet do not grow with posts).
 */
function clearContentCaches(project: string) {
  fs.rmSync(path.join(project, '.cache', 'markdown'), { recursive: true, force: true });
  fs.rmSync(path.join(project, '.cache', 'content'), { recursive: true, force: true });
}

function build(project: string): Run {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, 'build'], { cwd: project, encoding: 'utf8', env: { ...process.env, SITE_REPORT_MEMORY: '1', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`build failed in ${project}:\n${result.stdout}\n${result.stderr}`);
  const peak = Number(/peak-memory-kib (\d+)/.exec(result.stderr)?.[1] ?? 0) / 1024;
  const summary = result.stdout.trim().split('\n').find((line) => line.startsWith('✓')) ?? '';
  return { wall, peakMiB: peak, pages: Number(/(\d+) pages/.exec(summary)?.[1] ?? 0), summary };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Alternating cold and warm builds, `runs` of each: this machine's speed drifts between runs, so each figure
 * is a median of several. `clear` empties what "cold" means before each cold build.
 */
function coldAndWarm(project: string, runs: number, clear: (project: string) => void): { cold: Run[]; warm: Run[] } {
  const cold: Run[] = [];
  const warm: Run[] = [];
  for (let i = 0; i < runs; i++) {
    clear(project);
    cold.push(build(project));
    warm.push(build(project));
  }
  return { cold, warm };
}
const seconds = (s: number) => `${s.toFixed(2)} s`;

function section(title: string) {
  console.log(`\n== ${title}`);
}

// Make sure the CLI bundle exists so no run pays for compiling it.
spawnSync(process.execPath, [bin, '--help'], { cwd: repo });

const anchorSizes = args.includes('--posts') ? args[args.indexOf('--posts') + 1].split(',').map(Number) : quick ? [1000] : [4000, 20000];
const anchorRuns = Number(args[args.indexOf('--runs') + 1]) || 3;
if (args.includes('--only') && args[args.indexOf('--only') + 1] === 'anchors') {
  section('incremental and cold builds against Hugo and Eleventy, same posts');
  benchAnchors({ work, repo, bin, sizes: anchorSizes, runs: anchorRuns });
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

section('real site');
{
  const project = path.join(work, 'real');
  fs.cpSync(path.join(repo, 'content'), path.join(project, 'content'), { recursive: true });
  const { cold, warm } = coldAndWarm(project, runs, clearCaches);
  console.log(`pages: ${warm[0].pages}`);
  console.log(`cold build (no caches):  ${seconds(median(cold.map((r) => r.wall)))} wall, median of ${runs}`);
  console.log(`warm build (caches warm): ${seconds(median(warm.map((r) => r.wall)))} wall, median of ${runs} (target < 1.0 s); runs ${warm.map((r) => r.wall.toFixed(2)).join(', ')}`);
  console.log(`peak memory: ${Math.round(median(warm.map((r) => r.peakMiB)))} MiB`);
  console.log(`last summary: ${warm.at(-1)!.summary}`);
}

section('images');
{
  const project = path.join(work, 'real');
  clearCaches(project);
  const cold = build(project);
  const warm = build(project);
  const processed = (r: Run) => /\((\d+) processed, (\d+) cached\)/.exec(r.summary)!;
  const stage = (r: Run, name: string) => [...r.summary.matchAll(/(\w+) ([\d.]+) (m?s)/g)].find((m) => m[1] === name);
  const ms = (m: RegExpMatchArray | undefined) => (m ? `${m[2]} ${m[3]}` : '?');
  console.log(`cold: ${processed(cold)[1]} images, flags, cards and icons processed; images stage ${ms(stage(cold, 'images'))}, flags ${ms(stage(cold, 'flags'))}, social cards ${ms(stage(cold, 'social'))} (in parallel)`);
  console.log(`warm: ${processed(warm)[1]} processed, ${processed(warm)[2]} from the cache`);
  if (fs.existsSync('/usr/bin/chromium')) {
    const http = await import('node:http');
    const { staticHandler } = await import('../generator/serve/static.ts');
    const server = http.createServer(staticHandler({ root: path.join(project, 'dist') }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const pageTypes: [string, string][] = [['home', '/'], ['services', '/services'], ['service', '/services/passports'], ['cities', '/cities'], ['city', '/cities/sydney'], ['languages', '/languages'], ['language', '/arabic'], ['blog', '/blog'], ['post', '/blog/naati-vs-standard-translations-differences'], ['faq', '/faq'], ['contact', '/contact']];
    let largestAboveFold = { bytes: 0, url: '', page: '' };
    const rows: string[] = [];
    for (const [kind, p] of pageTypes) {
      const page = await context.newPage();
      await page.goto(origin + p, { waitUntil: 'networkidle' });
      const above = await page.evaluate(() =>
        [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight && img.complete).map((img) => img.currentSrc),
      );
      for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 800);
      await page.waitForTimeout(500);
      const entries = await page.evaluate(() =>
        performance.getEntriesByType('resource').filter((e) => /\.(svg|webp|avif|jpe?g|png)(\?|$)/.test(e.name)).map((e) => ({ url: e.name, bytes: (e as PerformanceResourceTiming).encodedBodySize })),
      );
      const total = entries.reduce((sum, e) => sum + e.bytes, 0);
      for (const e of entries) if (above.includes(e.url) && e.bytes > largestAboveFold.bytes) largestAboveFold = { bytes: e.bytes, url: e.url.replace(origin, ''), page: p };
      rows.push(`${kind} ${(total / 1024).toFixed(0)} KB (${entries.length} files)`);
      await page.close();
    }
    await browser.close();
    server.close();
    console.log(`image bytes per page type at 375 px, 2x, whole page scrolled: ${rows.join(', ')}`);
    console.log(`largest image above the fold on mobile: ${(largestAboveFold.bytes / 1024).toFixed(1)} KB (${largestAboveFold.url} on ${largestAboveFold.page}; target < 60 KB)`);
  }
}

section('site serve: save to reload');
{
  const project = path.join(work, 'serve');
  fs.cpSync(path.join(repo, 'content'), path.join(project, 'content'), { recursive: true });
  const server = spawn(process.execPath, [bin, 'serve', '--port', '0'], { cwd: project, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    server.stdout.on('data', (d) => {
      log += d;
      const m = /serving (http:\/\/[^\s]+)/.exec(log);
      if (m) resolve(m[1]);
    });
    server.on('exit', () => reject(new Error(`serve exited:\n${log}`)));
  });
  await new Promise((r) => setTimeout(r, 500));
  const file = path.join(project, 'content/cities/perth.json');
  const original = fs.readFileSync(file, 'utf8');

  // Server side: time from the write to the reload event, plus fetching the page the browser reloads.
  const response = await fetch(`${url}/__site/events`);
  const reader = response.body!.getReader();
  const serverTimes: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    fs.writeFileSync(file, original.replace('2.3 million', `2.${4 + (i % 5)} million`));
    for (;;) {
      const { value } = await reader.read();
      if (new TextDecoder().decode(value).includes('event: rebuilt')) break;
    }
    await (await fetch(`${url}/cities/perth`)).text();
    serverTimes.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 300));
  }
  await reader.cancel();
  console.log(`save -> reload event -> page fetched: median ${Math.round(median(serverTimes))} ms (target < 200 ms); runs ${serverTimes.map(Math.round).join(', ')}`);

  // In a real browser: time from the write until the open page has reloaded and shows the new text.
  if (fs.existsSync('/usr/bin/chromium')) {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    const page = await browser.newPage();
    await page.goto(`${url}/cities/perth`, { waitUntil: 'load' });
    await page.waitForTimeout(300);
    const browserTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const population = `3.${i} million`;
      // The moment the reloaded page's document is parsed: what the person editing sees.
      const reloaded = page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: 10000 });
      const started = performance.now();
      fs.writeFileSync(file, original.replace('2.3 million', population));
      await reloaded;
      browserTimes.push(performance.now() - started);
      if (!(await page.evaluate((text) => document.body.textContent!.includes(text), population))) throw new Error('the reloaded page does not show the edit');
      await page.waitForTimeout(300);
    }
    await browser.close();
    console.log(`save -> page reloaded in Chromium: median ${Math.round(median(browserTimes))} ms; runs ${browserTimes.map(Math.round).join(', ')}`);
  } else {
    console.log('Chromium not installed: browser reload not measured');
  }
  fs.writeFileSync(file, original);
  server.kill('SIGTERM');
}

section('scale: generated Markdown posts');
{
  console.log(`one generated post has ${wordCount(post(1))} words`);
  const sizes = quick ? [1000] : [4000, 10000];
  const scaleRuns = quick ? 1 : 3;
  const results: Record<number, { cold: Run; warm: Run }> = {};
  for (const count of sizes) {
    const project = path.join(work, `posts-${count}`);
    generateProject(project, repo, count);
    clearCaches(project);
    const allCold = build(project);
    const { cold: colds, warm: warms } = coldAndWarm(project, scaleRuns, clearContentCaches);
    const middle = (list: Run[]) => [...list].sort((a, b) => a.wall - b.wall)[Math.floor(list.length / 2)];
    const cold = middle(colds);
    const warm = middle(warms);
    results[count] = { cold, warm };
    console.log(`${count} posts, everything cold (images encoded too): ${seconds(allCold.wall)}, peak ${Math.round(allCold.peakMiB)} MiB`);
    const rate = (r: Run) => `${Math.round(r.pages / r.wall)} pages/s`;
    const runsOf = (list: Run[]) => list.map((r) => r.wall.toFixed(2)).join(', ');
    const peak = (list: Run[]) => Math.round(Math.max(...list.map((r) => r.peakMiB)));
    console.log(`${count} posts (${cold.pages} pages), medians of ${scaleRuns}: cold (no Markdown or content cache) ${seconds(cold.wall)} (${rate(cold)}, peak ${peak(colds)} MiB; runs ${runsOf(colds)}), warm ${seconds(warm.wall)} (${rate(warm)}, peak ${peak(warms)} MiB; runs ${runsOf(warms)})`);
    console.log(`  cold (median run): ${cold.summary}`);
    console.log(`  warm (median run): ${warm.summary}`);
    fs.rmSync(project, { recursive: true, force: true });
  }
  if (results[4000] && results[10000]) {
    console.log(`10,000 / 4,000 cold ratio: ${(results[10000].cold.wall / results[4000].cold.wall).toFixed(2)} (target <= 2.6); warm ratio ${(results[10000].warm.wall / results[4000].warm.wall).toFixed(2)}`);
    console.log('targets: 4,000 cold < 8 s, warm < 3 s; peak < 1024 MiB');
  }
}

section('incremental and cold builds against Hugo and Eleventy, same posts');
benchAnchors({ work, repo, bin, sizes: anchorSizes, runs: anchorRuns });

fs.rmSync(work, { recursive: true, force: true });
