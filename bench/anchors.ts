// The incremental and cold builds of `site` against Hugo and Eleventy on the same generated posts, in one
// run, as ratios (../shared/bench-anchors/). Each measurement alternates with its anchor (A B A B ...), since
// this machine's speed drifts between spells, and each build starts with the disk flushed (run). What a cold
// build must not find (an earlier build's output and caches) is moved aside, not deleted, until the end
// (discard). Hugo is Debian's package; Eleventy is installed into a temporary folder here, never into the
// project's dependencies.
//   npm run bench -- --only anchors [--posts 4000,20000] [--runs 3]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

interface Timed {
  wall: number;
  peakMiB: number;
  summary: string;
}

const anchors = path.resolve(process.env.SITE_BENCH_ANCHORS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'bench-anchors'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Timed {
  // What earlier builds (of any tool) wrote is flushed to disk first, outside the time: otherwise the kernel
  // writes back tens of thousands of their files during the next build, on the same two cores.
  spawnSync('sync');
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 64 * 1024 * 1024 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  const peakMiB = Number(/peak-memory-kib (\d+)/.exec(result.stderr)?.[1] ?? 0) / 1024;
  return { wall, peakMiB, summary: result.stdout.split('\n').find((l) => l.startsWith('✓')) ?? '' };
}

/** Converts a generated post's front matter to the site's (date as dd/mm/yyyy, an image and an icon). */
export function toSitePost(text: string): { slug: string; text: string } {
  const end = text.indexOf('\n---', 4);
  const fields = new Map(text.slice(4, end).split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
  const [y, m, d] = fields.get('date')!.split('-');
  const front = [
    `title: ${fields.get('title')}`,
    `excerpt: ${fields.get('excerpt')}`,
    `date: "${d}/${m}/${y}"`,
    `author: ${fields.get('author')}`,
    `category: ${fields.get('category')}`,
    'image:\n  src: blog/naati-vs-standard-translations-differences.svg\n  alt: "Two documents side by side"',
    'icon: file-text',
  ].join('\n');
  // The site's addresses have no trailing slash.
  const body = text.slice(end + 4).replace(/\]\((\/blog\/[^)]+?)\/\)/g, '](' + '$1)');
  return { slug: fields.get('slug')!, text: `---\n${front}\n---\n${body}` };
}

/**
 * Moves an earlier build's output or cache out of the way, into `work`, which the caller deletes when the
 * bench ends (bench/run.ts).
 *
 * Deleting it instead skews the next build. This machine's ext4 has no journal, and there the kernel passes
 * over every inode freed in the last minute (six while its inode table is not yet written back) each time it
 * allocates one (recently_deleted()). A build that creates thousands of files and folders right after
 * thousands were deleted near them pays seconds of kernel time, by where its folders happen to lie: Hugo
 * took 2.2-2.4 s after deleting its output and 1.5 s after moving it aside, and Eleventy went from 4.9 to
 * 9.4 s as deletions piled up (docs/performance.md, eighth measurement). A fresh clone has no such history,
 * so no build measured here is given one.
 */
function discard(work: string, target: string): void {
  if (!fs.existsSync(target)) return;
  const trash = path.join(work, 'trash');
  fs.mkdirSync(trash, { recursive: true });
  try {
    fs.renameSync(target, path.join(trash, String(fs.readdirSync(trash).length)));
  } catch (error) {
    // On another file system (the project's own .cache/, say) it is deleted after all.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.rmSync(target, { recursive: true, force: true });
  }
}

interface Projects {
  site: string;
  hugo: string;
  eleventy: string;
}

function prepare(work: string, repo: string, count: number, eleventyModules: string): Projects {
  const posts = path.join(work, `posts-${count}`);
  run(process.execPath, [path.join(anchors, 'gen-posts.mjs'), String(count), posts], work);
  const names = fs.readdirSync(posts).filter((f) => f.endsWith('.md'));

  const site = path.join(work, `site-${count}`);
  fs.cpSync(path.join(repo, 'content'), path.join(site, 'content'), { recursive: true });
  // Its own templates, so the benchmark can edit one without touching the project's.
  for (const part of ['templates', 'islands', 'functions']) fs.cpSync(path.join(repo, part), path.join(site, part), { recursive: true });
  const blog = path.join(site, 'content', 'blog');
  for (const name of names) {
    const post = toSitePost(fs.readFileSync(path.join(posts, name), 'utf8'));
    fs.writeFileSync(path.join(blog, `${post.slug}.md`), post.text);
  }

  const hugo = path.join(work, `hugo-${count}`);
  fs.cpSync(path.join(anchors, 'hugo'), hugo, { recursive: true });
  fs.mkdirSync(path.join(hugo, 'content', 'blog'), { recursive: true });
  for (const name of names) fs.copyFileSync(path.join(posts, name), path.join(hugo, 'content', 'blog', name));

  const eleventy = path.join(work, `eleventy-${count}`);
  fs.cpSync(path.join(anchors, 'eleventy'), eleventy, { recursive: true });
  fs.symlinkSync(eleventyModules, path.join(eleventy, 'node_modules'));
  for (const name of names) fs.copyFileSync(path.join(posts, name), path.join(eleventy, 'src', 'blog', name));
  discard(work, posts);
  return { site, hugo, eleventy };
}

/** Installs Eleventy into a folder of the benchmark's own (with the override the reachable registry needs). */
function installEleventy(work: string): string {
  const dir = path.join(work, 'eleventy-install');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, dependencies: { '@11ty/eleventy': '3.1.8' }, overrides: { '@11ty/recursive-copy': '4.0.4' } }));
  run('npm', ['install', '--no-audit', '--no-fund', '--silent'], dir);
  return path.join(dir, 'node_modules');
}

export function benchAnchors(options: { work: string; repo: string; bin: string; sizes: number[]; runs: number }): void {
  const { work, repo, bin } = options;
  if (spawnSync('hugo', ['version']).status !== 0) {
    console.log('Hugo is not installed (apt-get install -y hugo): anchors not measured');
    return;
  }
  console.log(`anchors: ${spawnSync('hugo', ['version'], { encoding: 'utf8' }).stdout.trim().split(' ').slice(0, 2).join(' ')}, Eleventy 3.1.8`);
  const modules = installEleventy(work);
  const site = (project: string) => run(process.execPath, [bin, 'build'], project, { SITE_REPORT_MEMORY: '1' });
  const hugo = (project: string) => {
    discard(work, path.join(project, 'public'));
    discard(work, path.join(project, 'resources'));
    return run('hugo', ['--quiet', '--cacheDir', path.join(project, '.hugo-cache')], project);
  };
  const eleventy = (project: string) => {
    discard(work, path.join(project, '_site'));
    discard(work, path.join(project, '.cache'));
    return run(process.execPath, [path.join(modules, '@11ty/eleventy/cmd.cjs'), '--quiet'], project);
  };
  /** Deletes what "cold" means: everything, or everything but the fixed image work (social cards, flags, images). */
  const clear = (project: string, keepImages: boolean) => {
    const cache = path.join(project, '.cache');
    for (const name of fs.existsSync(cache) ? fs.readdirSync(cache) : []) {
      if (keepImages && ['images', 'social', 'flags', 'cli'].includes(name)) continue;
      discard(work, path.join(cache, name));
    }
    discard(work, path.join(project, 'dist'));
  };

  for (const count of options.sizes) {
    const p = prepare(work, repo, count, modules);
    const runs = count > 10000 ? 1 : options.runs;
    const rows: Record<string, { site: Timed[]; anchor: Timed[]; anchorName: string }> = {};
    const measure = (name: string, anchorName: 'Hugo' | 'Eleventy', before: () => void, after: () => void = () => {}) => {
      const row = (rows[name] = { site: [] as Timed[], anchor: [] as Timed[], anchorName });
      for (let i = 0; i < runs; i++) {
        before();
        row.site.push(site(p.site));
        after();
        row.anchor.push(anchorName === 'Hugo' ? hugo(p.hugo) : eleventy(p.eleventy));
      }
    };
    const postFile = path.join(p.site, 'content', 'blog', 'post-00002.md');
    const template = path.join(p.site, 'templates', 'pages', 'post.tsx');
    let edit = 0;
    measure('fresh clone (no .cache/, no dist/)', 'Eleventy', () => clear(p.site, false));
    measure('Markdown-cold (only image work cached)', 'Eleventy', () => clear(p.site, true));
    measure('no-op rebuild', 'Hugo', () => {});
    measure('one post edited', 'Hugo', () => fs.appendFileSync(postFile, `\nAn edit made by the benchmark, number ${++edit}.\n`));
    const original = fs.readFileSync(template, 'utf8');
    measure(
      'one template edited',
      'Hugo',
      () => fs.writeFileSync(template, original.replace('More guides', `More guides ${++edit}`)),
      () => fs.writeFileSync(template, original),
    );
    site(p.site);

    console.log(`\n${count} posts (${runs === 1 ? 'one run each' : `medians of ${runs} alternating runs`}):`);
    console.log('| build | site | anchor | ratio | site peak memory |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const [name, row] of Object.entries(rows)) {
      const s = median(row.site.map((r) => r.wall));
      const a = median(row.anchor.map((r) => r.wall));
      const peak = Math.round(Math.max(...row.site.map((r) => r.peakMiB)));
      console.log(`| ${name} | ${s.toFixed(2)} s | ${row.anchorName} ${a.toFixed(2)} s | ${(s / a).toFixed(3)}× | ${peak} MiB |`);
    }
    for (const [name, row] of Object.entries(rows)) console.log(`  ${name}, last summary: ${row.site.at(-1)!.summary}`);
    for (const dir of Object.values(p)) discard(work, dir);
  }
  console.log('targets: no-op <= 0.25× Hugo, one post <= 0.3× Hugo, Markdown-cold <= 1.0× Eleventy, fresh clone <= 1.5× Eleventy; peak <= 1024 MiB');
}
