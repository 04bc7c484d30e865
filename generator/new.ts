// `site new <kind> <slug>`: writes a starter content file that already passes validation, so an editor can
// see the new page at once and fill it in, and says where the file is and what to change first. A starter is a
// draft (content/drafts.ts): `site serve` shows it, `site build` leaves it out until the line is deleted, so its
// placeholder text cannot go live by accident.
import fs from 'node:fs';
import path from 'node:path';
import { BuildFailure, SiteError, siteError, type ErrorCode, type ErrorParams, type Place } from './errors.ts';
import { colour, consoleLogger, type Logger } from './log.ts';
import { resolveProject, toolRoot, type Project } from './project.ts';
import { languageSlug } from './content/model.ts';
import { slugLimit, slugProblem } from './content/slug.ts';
import { entryPath, registry, rules, type CollectionKind } from './content/kinds.ts';
import { loadContent, parseSource } from './content/load.ts';
import { australianDate, melbourneDate } from './content/dates.ts';
import { ownProblems } from './content/validate.ts';
import { outputFileOf, servedElsewhere } from './address.ts';

/**
 * Each starter: the content kind it writes (whose folder and extension the kinds table gives; its text is in
 * generator/starters/) and what to change first.
 */
const starters = {
  blog: { kind: 'post', next: 'Set the title, excerpt, author, category and image, then write the body.' },
  city: { kind: 'city', next: 'Set the state, coordinates, population, suburbs and image, write the description, and list the ten most requested language codes. Then add a localGuide (a heading, two or three paragraphs and three to five local institutions) saying what is particular to translation needs there.' },
  service: { kind: 'service', next: 'Write the intro, use cases, requirements, questions and document types, and set the price and image.' },
  language: { kind: 'language', next: 'Set the real ISO 639 code (now "{code}"), region, countryCode (for the flag) and nativeName, and write the local content. Then add a community section: the documents its speakers most often need translated, who issues them, and notes on script, names and dates.' },
} as const satisfies Record<string, { kind: CollectionKind; next: string }>;

export type StarterKind = keyof typeof starters;

export interface NewOptions {
  root: string;
  kind: StarterKind;
  slug: string;
  /** Today's date in Melbourne as dd/mm/yyyy (as Australians write it), for blog posts; injectable for tests. */
  today?: string;
  logger?: Logger;
}

export async function createStarter(options: NewOptions): Promise<string> {
  const logger = options.logger ?? consoleLogger;
  const project = resolveProject(options.root);
  const fail = <C extends ErrorCode>(code: C, params: ErrorParams<C>, place?: Place): never => {
    throw new BuildFailure('new', [siteError(code, params, place)]);
  };
  // A language is named, not given a slug: its name is what was typed, and what is refused.
  const language = options.kind === 'language';
  const refuse = (problem: string) => (language ? fail('NEW_INVALID_NAME', { name: options.slug, problem }) : fail('NEW_INVALID_SLUG', { slug: options.slug, problem }));
  // A slug's hyphens stand for spaces; a language is named as written, so its hyphens are its own (Ni-Vanuatu).
  const name = titleCase(language ? options.slug : options.slug.replace(/-/g, ' '));
  const slug = language ? languageSlug(name) : options.slug;
  // The slug rule the build holds file names to (content/slug.ts).
  const unfit = slugProblem(slug);
  if (unfit) {
    // Say which of what was typed the slug, or a language's address, cannot take.
    const problem =
      unfit.kind === 'characters'
        ? `${unfit.characters.map((c) => JSON.stringify(c)).join(', ')} cannot be part of ${language ? "its page's address" : 'a slug'}`
        : unfit.kind === 'length'
          ? `${language ? 'its address would be' : 'it is'} longer than ${slugLimit} characters`
          : 'it must start and end with a letter or digit, and hyphens may not stand two together';
    refuse(problem);
  }
  const { kind } = starters[options.kind];
  const { folder, ext } = registry.kinds[kind];
  const file = path.join(project.content, folder, `${slug}${ext}`);
  const rel = path.relative(project.root, file);
  if (fs.existsSync(file)) fail('NEW_FILE_EXISTS', { file: rel });
  const address = entryPath(kind, slug);
  const served = servedElsewhere(address);
  if (served) fail('CONTENT_INDEX_PAGE', { address, file: outputFileOf(address), served });
  // A language's page is at /<slug>, beside the built-in pages and the prose pages: an address one of them has
  // would fail the build once the starter is published, so it is refused before anything is written.
  if (registry.kinds[kind].route === '/') {
    const prose = registry.kinds['prose-page'];
    const proseFile = path.join(project.content, prose.folder, `${slug}${prose.ext}`);
    const owner = rules.reservedSegments.includes(slug) ? 'a built-in page' : fs.existsSync(proseFile) ? path.relative(project.root, proseFile) : undefined;
    if (owner) fail('NEW_ADDRESS_TAKEN', { address: `/${slug}`, owner });
  }

  // A folder's names, or none when there is no such folder.
  const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  // The starter's position and code are chosen from the folder's entries, read as the build reads them: one that
  // does not parse is named, not skipped, and so is one that holds no fields to read them from (null, a list).
  const loaded = loadContent(project);
  const read = (dir: string) => {
    const inFolder = (file?: string) => !!file?.startsWith(`content/${dir}/`) && file.endsWith('.json');
    const unparsed = loaded.errors.filter((e) => inFolder(e.file) && e.code === 'CONTENT_JSON_SYNTAX');
    if (unparsed.length) throw new BuildFailure('new', unparsed);
    return loaded.files.filter((f) => inFolder(f.path)).map(({ path: file, data }) => {
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        return fail('CONTENT_SCHEMA', { problem: '/ must be an object ({ … })', description: 'Each file here holds one object, { ... }, of its fields: run site check to see what else is wrong in content/.' }, { file, line: 1, column: 1 });
      }
      return data as any;
    });
  };
  const image = list(path.join(project.assets, 'images', folder)).sort().map((f) => `${folder}/${f}`)[0] ?? 'logo.svg';

  const starter = fs.readFileSync(path.join(toolRoot, 'generator', 'starters', `${kind}${ext}`), 'utf8');
  const values: Record<string, string> = { name, lower: name.toLowerCase(), image, today: options.today ?? australianDate(melbourneDate(Date.now())) };
  // A JSON starter's values are filled in as JSON strings, so a name with a quote in it stays valid JSON.
  let text = starter.replace(/\{(name|lower|image|today)\}/g, (_, key: string) => (ext === '.json' ? JSON.stringify(values[key]).slice(1, -1) : values[key]));
  let next: string = starters[options.kind].next;
  if (ext === '.json') {
    const data = JSON.parse(text);
    data.order = Math.max(0, ...read(folder).map((d: { order?: number }) => d.order ?? 0)) + 1;
    if (options.kind === 'city') {
      const languages = read('languages')
        .filter((l: { isTarget?: boolean }) => !l.isTarget)
        .sort((a: { order: number }, b: { order: number }) => a.order - b.order)
        .map((l: { code: string }) => l.code);
      if (languages.length < 10) fail('NEW_TOO_FEW_LANGUAGES', {});
      data.languages = languages.slice(0, 10);
    }
    if (language) {
      const codes = new Set(read('languages').map((l: { code: string }) => l.code));
      const base = slug.replace(/-/g, '').slice(0, 3).padEnd(2, 'x');
      data.code = [base, ...Array.from({ length: 26 }, (_, i) => base.slice(0, 2) + String.fromCharCode(97 + i))].find((c) => !codes.has(c))!;
      next = next.replace('{code}', data.code);
    }
    text = `${JSON.stringify(data, null, 2)}\n`;
  }
  // Checked as the build will check it: a name its schema does not take (a language's name has a form of its
  // own) is refused now, rather than written as a starter that fails the next build.
  const invalid = await problemsOf(project, loaded, `${folder}/${slug}${ext}`, text);
  if (invalid.length) {
    const problem = `its starter would not pass ${registry.kinds[kind].schema}: ${invalid.map((e) => `${e.pointer ? `${e.pointer}: ` : ''}${e.message}${e.hint ? ` (${e.hint})` : ''}`).join('; ')}`;
    refuse(problem);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  logger.info(`${colour.green('✓')} wrote ${colour.bold(rel)}`);
  logger.info(`  ${next}`);
  logger.info(`  It starts as a ${colour.bold('draft')}: \`npm run dev\` shows it, marked as one, and \`npm run build\` leaves it out.`);
  logger.info(`  To publish it, delete its \`draft: true\` line (or set it to false).`);
  logger.info(colour.dim(`  \`npm run check\` validates it.`));
  return file;
}

/** What a build would find wrong in `text` as the content file `rel`, among the project's content. */
async function problemsOf(project: Project, loaded: ReturnType<typeof loadContent>, rel: string, text: string): Promise<SiteError[]> {
  const parsed = parseSource(rel, text);
  if (!parsed || parsed instanceof SiteError) return parsed ? [parsed] : [];
  return ownProblems(project, [...loaded.files, parsed], new Set([parsed.path]), loaded.errors);
}

function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
