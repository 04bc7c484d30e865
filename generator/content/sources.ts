// Which content file is which: the one table that maps a path under content/ to its kind and schema.

export type SingletonKind =
  | 'site'
  | 'navigation'
  | 'language-groups'
  | 'plans'
  | 'facts'
  | 'testimonials'
  | 'faq'
  | 'shared'
  | 'contact-form';

export type CollectionKind = 'language' | 'city' | 'service' | 'blog-post';

export const singletons: Record<string, SingletonKind> = {
  'site.json': 'site',
  'navigation.json': 'navigation',
  'language-groups.json': 'language-groups',
  'plans.json': 'plans',
  'facts.json': 'facts',
  'testimonials.json': 'testimonials',
  'faq.json': 'faq',
  'shared.json': 'shared',
  'contact-form.json': 'contact-form',
};

export const collections: Record<string, { kind: CollectionKind; ext: '.json' | '.md' }> = {
  languages: { kind: 'language', ext: '.json' },
  cities: { kind: 'city', ext: '.json' },
  services: { kind: 'service', ext: '.json' },
  blog: { kind: 'blog-post', ext: '.md' },
};

/** The static pages whose copy lives in content/pages/<name>.json, each with schema page-<name>. */
export const pageCopies = [
  'home',
  'services',
  'cities',
  'languages',
  'process',
  'pricing',
  'blog',
  'faq',
  'contact',
  'sitemap',
  'tawkto-setup',
  'not-found',
] as const;
export type PageCopyName = (typeof pageCopies)[number];

/** Long-form pages a site must have; any other content/pages/<slug>.md becomes /<slug> too. */
export const requiredProse = ['privacy-policy', 'terms'] as const;

export type SourceKind =
  | { kind: SingletonKind; schema: string }
  | { kind: CollectionKind; schema: string; slug: string }
  | { kind: 'page-copy'; schema: string; name: PageCopyName }
  | { kind: 'prose-page'; schema: string; slug: string };

/** Classifies a path relative to content/ (forward slashes), or returns undefined for a file we do not read. */
export function classify(rel: string): SourceKind | undefined {
  if (rel in singletons) {
    const kind = singletons[rel];
    return { kind, schema: `${kind}.schema.json` };
  }
  const [dir, file, ...rest] = rel.split('/');
  if (!file || rest.length > 0) return undefined;
  const dot = file.lastIndexOf('.');
  const base = file.slice(0, dot);
  const ext = file.slice(dot);
  if (dir === 'pages') {
    if (ext === '.json' && (pageCopies as readonly string[]).includes(base)) {
      return { kind: 'page-copy', schema: `page-${base}.schema.json`, name: base as PageCopyName };
    }
    if (ext === '.md') return { kind: 'prose-page', schema: 'prose-page.schema.json', slug: base };
    return undefined;
  }
  const collection = collections[dir];
  if (collection && collection.ext === ext) {
    return { kind: collection.kind, schema: `${collection.kind}.schema.json`, slug: base };
  }
  return undefined;
}

/** Every file a complete site needs, relative to content/. */
export function requiredFiles(): string[] {
  return [
    ...Object.keys(singletons),
    ...pageCopies.map((name) => `pages/${name}.json`),
    ...requiredProse.map((slug) => `pages/${slug}.md`),
  ];
}

/** Where content files of each kind go, for the unknown-file hint. */
export const placesHint =
  'Content files go in content/ as site.json, navigation.json, language-groups.json, plans.json, facts.json, testimonials.json, ' +
  'faq.json, shared.json, contact-form.json, pages/<page>.json or pages/<slug>.md, languages/<slug>.json, ' +
  'cities/<slug>.json, services/<slug>.json or blog/<slug>.md.';
