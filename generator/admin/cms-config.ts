// The editor's configuration, generated from content/ and content/schemas/ on every build: one collection per
// folder of like files (cities, services, blog posts...), one "files" collection per folder of different
// files (the settings at the top of content/, the page copy in content/pages/), each field taken from the
// schema of the file's kind. Nothing here lists a field; the only hand-kept tables are the labels and places below.
import fs from 'node:fs';
import path from 'node:path';
import { contentFiles as contentPaths } from '../content/load.ts';
import { classify, entryPath, rules } from '../content/kinds.ts';
import { compare, SiteError } from '../errors.ts';
import type { Project } from '../project.ts';
import type { SiteSettings } from '../content/types.ts';
import { fieldsOf, labelFor, type Field, type SchemaSet, type Schema } from './schema-fields.ts';
import { yamlDocument } from './yaml.ts';
import { iconNames } from '../assets/library.ts';
import { factSources } from '../content/facts.ts';

/** How editors sign in on the live site: `editor` in content/site.json, as its schema has it. */
export type EditorSettings = NonNullable<SiteSettings['editor']>;

// Labels people see, by file (settings files) or folder (collections); order here is order in the editor.
// Anything not listed still appears, named by its schema's title.
const fileLabels: Record<string, string> = {
  'facts.json': 'Business facts',
  'plans.json': 'Plans and prices',
  'site.json': 'Site settings',
  'navigation.json': 'Menus',
  'faq.json': 'Frequently asked questions',
  'testimonials.json': 'Testimonials',
  'shared.json': 'Shared sections',
  'contact-form.json': 'Contact form',
  'language-groups.json': 'Language groups',
};
// Where each settings file's text shows on the site, for a field whose schema has no description of its own.
// A file of facts is quoted by placeholders instead (factSources); a file listed in neither gives no such hint.
const filePlaces: Record<string, string> = {
  'plans.json': "on the plan cards (the Pricing, Home and Services pages, each service's and each language's page)",
  'navigation.json': 'in the header and footer of every page',
  'faq.json': "on the FAQ, Contact or Pricing page (as the group's Placement says)",
  'testimonials.json': 'on the Home page',
  'shared.json': 'in the sections many pages share',
  'contact-form.json': 'in the contact form on the Contact and Pricing pages',
  'language-groups.json': 'on the Languages and Home pages (the tabs of the language list)',
};
// Page copy files whose name alone reads badly, or is taken by another entry.
const pageLabels: Record<string, string> = {
  'faq.json': 'FAQ page (headings around the questions)',
  'tawkto-setup.json': 'Live chat setup guide',
  'not-found.json': 'Page not found (404)',
  'home.json': 'Home page',
};

// Where a page's copy shows, for a page whose label does not read as a place ("Shown on the Page not found (404)").
const pagePlaces: Record<string, string> = {
  'not-found.json': 'on the 404 page (for an address that does not exist)',
  'tawkto-setup.json': 'on the live chat setup guide',
};

/**
 * Settings for developers, not staff: kept in content/site.json and the repository, hidden in the editor (their
 * values are kept as they are), so that a save cannot break sign-in, the site's address or a third party.
 */
const developerOnly: Record<string, string[]> = {
  'site.schema.json': ['baseUrl', 'integrations', 'editor'],
};

const folderLabels: Record<string, [plural: string, singular: string]> = {
  '': ['Business and settings', 'Setting'],
  blog: ['Blog posts', 'Blog post'],
  cities: ['Cities', 'City'],
  services: ['Services', 'Service'],
  languages: ['Languages', 'Language'],
  pages: ['Page copy', 'Page'],
  'pages.md': ['Long pages', 'Long page'],
};

/** A content file as the configuration sees it, from its path under content/ and the schema it is checked against. */
export function contentFile(rel: string, schema: string) {
  const dir = path.posix.dirname(rel);
  return { rel, dir: dir === '.' ? '' : dir, ext: rel.endsWith('.md') ? '.md' : '.json', schema };
}

export type ContentFile = ReturnType<typeof contentFile>;

/** The files of one folder with one extension make one collection. */
const groupKey = (dir: string, ext: string) => `${dir}\0${ext}`;

/** The files by folder and extension: one collection each. */
const groupFiles = (files: ContentFile[]) => Map.groupBy(files, (file) => groupKey(file.dir, file.ext));

/** A folder of like files becomes one collection that lists no file; any other group lists each of its files. */
const isFolderCollection = (group: ContentFile[]) => group[0].dir !== '' && group.every((f) => f.schema === group[0].schema);

/**
 * What of the content files the configuration depends on besides the schemas: each group, with its schema when
 * it is a folder of like files (adding a post changes nothing), else with each file and its schema.
 */
export function configLayout(files: ContentFile[]): string {
  const layout = [...groupFiles(files)].map(([key, group]) => (isFolderCollection(group) ? [key, group[0].schema] : [key, group.map((f) => [f.rel, f.schema])]));
  return JSON.stringify(layout.sort(([a], [b]) => compare(a as string, b as string)));
}

/** Every content file the kinds table places, with its schema; the build passes its own (any other file fails it). */
function contentFiles(project: Project): ContentFile[] {
  return contentPaths(project.content).flatMap((rel) => {
    const source = classify(rel);
    return source ? [contentFile(rel, source.schema)] : [];
  });
}

export function loadSchemas(project: Project): SchemaSet {
  const names = fs.readdirSync(project.schemas).filter((n) => n.endsWith('.schema.json')).sort();
  return new Map(names.map((n) => [n, JSON.parse(fs.readFileSync(path.join(project.schemas, n), 'utf8')) as Schema]));
}

/**
 * Names the content gives to codes that selects offer: each plan's name by its id, from plans.json, so that staff
 * pick a service's plans by the names the site shows. A file that is missing or does not read gives no names
 * (the build reports it).
 */
export function contentNames(project: Project): Record<string, string>[] {
  try {
    const { plans } = JSON.parse(fs.readFileSync(path.join(project.content, 'plans.json'), 'utf8')) as { plans?: { id?: unknown; name?: unknown }[] };
    const named = (plans ?? []).filter((p) => typeof p.id === 'string' && typeof p.name === 'string' && p.name.trim());
    return named.length ? [Object.fromEntries(named.map((p) => [p.id as string, (p.name as string).trim()]))] : [];
  } catch {
    return [];
  }
}

function order<T>(items: T[], key: (item: T) => string, table: Record<string, unknown>): T[] {
  const listed = Object.keys(table);
  const rank = (item: T) => (listed.includes(key(item)) ? listed.indexOf(key(item)) : Infinity);
  return [...items].sort((a, b) => rank(a) - rank(b) || compare(key(a), key(b)));
}

/**
 * The configuration as data. A property the editor cannot show is passed to `unshown` (and hidden in the
 * editor, its value kept) when given; otherwise every such property is thrown together as SiteErrors.
 * `files` are the content files a build read (in any order); without them, content/ is listed here.
 */
export function cmsConfig(
  project: Project,
  settings: { editor?: EditorSettings; baseUrl?: string },
  unshown?: (problem: SiteError) => void,
  files: ContentFile[] = contentFiles(project),
): Record<string, unknown> {
  const schemas = loadSchemas(project);
  // By headline: a definition shared by many files is one problem, not one per file.
  const problems = new Map<string, SiteError>();
  const report = (problem: SiteError) => {
    if (problems.has(problem.headline)) return;
    problems.set(problem.headline, problem);
    unshown?.(problem);
  };
  const icons = iconNames();
  const named = contentNames(project);
  /** A file's fields; undefined, with the problem reported, when its schema cannot be shown at all. */
  const fieldsFor = (file: ContentFile, where: string | undefined): Field[] | undefined => {
    const hidden = new Set(developerOnly[file.schema] ?? []);
    let fields: Field[];
    try {
      const facts = Object.entries(factSources).find(([, rel]) => rel === file.rel)?.[0];
      fields = fieldsOf(schemas, file.schema, { unshown: unshown ? report : undefined, icons, where, facts, places, named });
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      report(error);
      return undefined;
    }
    fields = fields.filter((f) => f.name !== '$schema').map((f) => (hidden.has(f.name) ? { label: f.label, name: f.name, widget: 'hidden', required: false } : f));
    if (file.ext === '.md') return [...fields, { label: 'Text', name: 'body', widget: 'markdown', hint: 'The text of the page, in Markdown.' }];
    // A JSON file names its schema, relative to its own folder.
    const schemaPath = path.posix.relative(file.dir, `schemas/${file.schema}`);
    return [{ label: 'Schema', name: '$schema', widget: 'hidden', default: schemaPath.startsWith('.') ? schemaPath : `./${schemaPath}` }, ...fields];
  };

  const groups = groupFiles([...files].sort((a, b) => compare(a.rel, b.rel)));
  /** Where a folder's entries show: "on each city's page"; a long page is a page already, and its fields are on it. */
  const eachPage = (singular: string) => (/ page$/i.test(singular) ? 'on this page' : `on each ${singular.toLowerCase()}'s page`);
  // A page's section shown on each entry's own page is labelled by that page ("City page" in the Cities page's
  // copy), and its fields say so.
  const places = Object.fromEntries(
    [...groups.values()].filter(isFolderCollection).map((group) => {
      const singular = folderLabels[group[0].dir]?.[1] ?? schemas.get(group[0].schema)?.title ?? labelFor(group[0].dir);
      return [`${singular} page`, eachPage(singular)];
    }),
  );
  // A collection's folder with no file in it yet is still offered, so that an editor can write its first file
  // there; its fields are those of any file in that folder.
  for (const place of rules.collectionPlaces) {
    const key = groupKey(place.folder, place.ext);
    if (!groups.has(key)) groups.set(key, [contentFile(`${place.folder}/first${place.ext}`, place.schema)]);
  }
  const collections: (Record<string, unknown> & { key: string })[] = [];
  for (const group of groups.values()) {
    const { dir, ext } = group[0];
    const otherExt = [...groups.values()].some((g) => g[0].dir === dir && g[0].ext !== ext);
    const key = otherExt && ext === '.md' ? `${dir}.md` : dir;
    const [plural, singular] = folderLabels[key] ?? [labelFor(dir || 'settings'), schemas.get(group[0].schema)?.title ?? labelFor(dir)];
    const name = key.replace(/[^a-z0-9]+/gi, '-') || 'settings';
    const format = ext === '.md' ? 'site-md' : 'site-json';
    if (isFolderCollection(group)) {
      const fields = fieldsFor(group[0], eachPage(singular));
      if (!fields) continue;
      // Decap names each entry by its title or name, else by its first required one-line text.
      const titled = ['title', 'name'].find((n) => fields.some((f) => f.name === n));
      const identifier = titled ?? fields.find((f) => f.widget === 'string' && f.required !== false)?.name;
      // Where the folder's entries show on the site, for the editor's "View Live" link: the address the build gives them.
      const source = classify(group[0].rel);
      collections.push({
        key,
        name,
        label: plural,
        label_singular: singular,
        folder: `content/${dir}`,
        extension: ext.slice(1),
        format,
        create: true,
        delete: true,
        slug: '{{slug}}',
        ...(source && 'slug' in source ? { preview_path: entryPath(source.kind, '{{slug}}').slice(1) } : {}),
        ...(identifier && !titled ? { identifier_field: identifier } : {}),
        ...(identifier ? { sortable_fields: [identifier] } : {}),
        fields,
      });
      continue;
    }
    const entries = order(group, (f) => path.posix.basename(f.rel), fileLabels).flatMap((file) => {
      const base = path.posix.basename(file.rel);
      const stem = base.replace(/\.(json|md)$/, '');
      // A page's copy is named "… page", so that it never shares a name with the collection of its entries
      // (Cities page beside Cities).
      const named = dir === 'pages' ? `${labelFor(stem)} page` : dir ? labelFor(stem) : undefined;
      const label = (dir === '' ? fileLabels[base] : dir === 'pages' ? pageLabels[base] : undefined) ?? named ?? schemas.get(file.schema)?.title ?? labelFor(base);
      // A page's copy shows on that page, named as staff call it (without a note for the editor such as
      // "(headings around the questions)"); a settings file where its table says.
      const where = dir === 'pages' ? (pagePlaces[base] ?? `on the ${label.replace(/ \([a-z][^)]*\)$/, '')}`) : dir === '' ? filePlaces[base] : undefined;
      const fields = fieldsFor(file, where);
      if (!fields) return [];
      return [{ name: stem.replace(/[^a-z0-9]+/gi, '-'), label, file: `content/${file.rel}`, format, fields }];
    });
    collections.push({ key, name, label: plural, format, files: entries });
  }
  if (!unshown && problems.size) throw Object.assign(new Error('schemas the editor cannot show'), { problems: [...problems.values()] });

  // Editors sign in with GitHub through an OAuth provider, and Decap commits with their token. Netlify's provider
  // (unless `authUrl` names another) holds the GitHub OAuth app's secret and hands the editor a GitHub token.
  // Netlify Identity and Git Gateway are deprecated by Netlify and not offered.
  const editor: EditorSettings = settings.editor ?? { backend: 'github', branch: 'main' };
  return {
    backend: { name: 'github', ...(editor.repo ? { repo: editor.repo } : {}), branch: editor.branch, base_url: editor.authUrl ?? 'https://api.netlify.com', auth_endpoint: 'auth' },
    ...(settings.baseUrl ? { site_url: settings.baseUrl, display_url: settings.baseUrl } : {}),
    locale: 'en',
    // Drafts and review on the live site: each save is a branch and a pull request, Netlify builds a deploy
    // preview of it (which runs the build's checks), and Publish merges it. The local backend offers only
    // "simple", and Decap switches to it under `site serve`.
    publish_mode: 'editorial_workflow',
    // File names as the site's other files: ASCII, accents dropped (café -> cafe, māori -> maori).
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    // One media library for the Media tab and every image field: assets/images/, where the build reads every
    // picture; its folders are listed too, and a picture picked there keeps its folder (islands/admin/media.ts).
    media_folder: 'assets/images',
    public_folder: '',
    collections: order(collections, (c) => c.key, folderLabels).map(({ key: _key, ...c }) => c),
  };
}

export function cmsConfigYaml(config: Record<string, unknown>): string {
  return `# Generated by \`site build\` from content/schemas/: edit the schemas, not this file.\n${yamlDocument(config)}`;
}
