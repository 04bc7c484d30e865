// `npm run uniqueness [-- --no-build] [--root dir]`: how much of each language page and each city page is
// written for that page rather than shared with the others of its kind (see shingles.ts for the maths).
// Builds the site into dist/ first unless --no-build, then prints each kind's median and minimum against the
// targets below, and its ten weakest pages.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from '../generator/build.ts';
import { silentLogger } from '../generator/log.ts';
import { outputFileOf } from '../generator/address.ts';
import { mainText, summarise, uniqueness, type Summary, type Uniqueness } from './shingles.ts';

export const targets = {
  languages: { median: 0.55, min: 0.45 },
  cities: { median: 0.65 },
};

export interface SiteUniqueness {
  languages: Uniqueness[];
  cities: Uniqueness[];
}

/**
 * The language and city pages of a built site. Each content file's name is its page's slug, so the list
 * comes from content/ and a page missing from the output is an error rather than a silent gap.
 */
export function measureSite(root: string, out = path.join(root, 'dist')): SiteUniqueness {
  const slugs = (dir: string, keep: (data: { isTarget?: boolean }) => boolean = () => true) =>
    fs
      .readdirSync(path.join(root, 'content', dir))
      .filter((f) => f.endsWith('.json'))
      .filter((f) => keep(JSON.parse(fs.readFileSync(path.join(root, 'content', dir, f), 'utf8'))))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
  const read = (id: string, file: string) => {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: build the site before measuring it (or drop --no-build).`);
    return { id, text: mainText(fs.readFileSync(file, 'utf8')) };
  };
  return {
    // English is the language we translate into: it has no page.
    languages: uniqueness(slugs('languages', (l) => !l.isTarget).map((s) => read(`/${s}`, path.join(out, outputFileOf(`/${s}`))))),
    cities: uniqueness(slugs('cities').map((s) => read(`/cities/${s}`, path.join(out, outputFileOf(`/cities/${s}`))))),
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export function report(kind: string, summary: Summary, target: { median: number; min?: number }): string[] {
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const lines = [`${kind}: ${summary.pages} pages, median ${percent(summary.median)} ${mark(summary.median >= target.median)} (target ≥ ${percent(target.median)}), minimum ${percent(summary.min)}${target.min === undefined ? '' : ` ${mark(summary.min >= target.min)} (target ≥ ${percent(target.min)})`}`];
  for (const page of summary.worst) lines.push(`  ${percent(page.share).padStart(6)}  ${page.id}  (${page.unique} of ${page.shingles} shingles its own)`);
  return lines;
}

async function main(args: string[]) {
  const rootArg = args.indexOf('--root');
  const root = path.resolve(rootArg >= 0 ? args[rootArg + 1] : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  if (!args.includes('--no-build')) await build({ root, logger: silentLogger });
  const site = measureSite(root);
  console.log('Unique share of 5-word shingles in the main content, against every other page of the same kind.\n');
  console.log([...report('Language pages', summarise(site.languages), targets.languages), '', ...report('City pages', summarise(site.cities), targets.cities)].join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
