// The rules the kinds table (content/kinds.ts) gives: which file is which (`classify`), the files a site must
// have, the addresses content may not take, the files the build writes besides pages, what pages depend on
// (incremental/tracker.ts) and the robots and header rules for private areas. `kindRules(registry)` does the
// deriving, so a variant of the table (a test's) gets the same rules.
import { outputFileOf } from '../address.ts';
import { registry } from '../../content/kinds.ts';
import type { KindSpec, Registry } from './kind-spec.ts';

export { registry };
export type { Registry };
type Kinds = typeof registry.kinds;
type KindOfShape<S extends KindSpec['shape']> = { [K in keyof Kinds]: Kinds[K] extends { shape: S } ? K : never }[keyof Kinds];

export type SingletonKind = KindOfShape<'singleton'>;
export type CollectionKind = KindOfShape<'collection'>;
export type PageCopyName = keyof Kinds['page-copy']['pages'];
/** The field of the site model that lists a collection's entries. */
export type ModelFieldOf<K extends CollectionKind> = Kinds[K]['model'];
/** The data of a file of a kind, as its schema's type. */
export type DataOf<K extends SingletonKind | CollectionKind | 'prose-page'> = NonNullable<Kinds[K]['data']>;
/** Every page copy by name, each as its schema's type. */
export type PageCopies = { [N in PageCopyName]: NonNullable<Kinds['page-copy']['pages'][N]['data']> };

/** What a path under content/ is, with the schema that checks it. */
export type SourceKind<Kind extends string = SingletonKind, Collection extends string = CollectionKind, Name extends string = PageCopyName> =
  | { kind: Kind; schema: string }
  | { kind: Collection; schema: string; slug: string }
  | { kind: 'page-copy'; schema: string; name: Name }
  | { kind: 'prose-page'; schema: string; slug: string };

/** The rules a registry gives: the default registry's are exported below, a test's variant gets its own. */
export function kindRules(reg: Registry) {
  const entries = Object.entries(reg.kinds);
  const ofShape = <S extends KindSpec['shape']>(shape: S) =>
    entries.filter((e): e is [string, Extract<KindSpec, { shape: S }>] => e[1].shape === shape);
  const singletons = new Map(ofShape('singleton').map(([kind, spec]) => [spec.file, { kind, schema: spec.schema }]));
  const copies = ofShape('page-copy');
  const pageCopies = copies.flatMap(([, spec]) => Object.entries(spec.pages).map(([name, page]) => ({ name, folder: spec.folder, ext: spec.ext, ...page })));
  const prose = ofShape('prose');
  const collections = ofShape('collection');
  const feeds = collections.flatMap(([, spec]) => (spec.feed ? [spec.feed] : []));

  /**
   * Classifies a path relative to content/ (forward slashes), or returns undefined for a file we do not read.
   * The kinds of a folder and extension are tried in this order: page copies (only their own names), prose
   * pages, collections.
   */
  function classify(rel: string): SourceKind<string, string, string> | undefined {
    const single = singletons.get(rel);
    if (single) return { ...single };
    const slash = rel.indexOf('/');
    if (slash < 0 || slash === rel.length - 1 || rel.includes('/', slash + 1)) return undefined;
    const folder = rel.slice(0, slash);
    const file = rel.slice(slash + 1);
    const dot = file.lastIndexOf('.');
    const base = file.slice(0, dot);
    const ext = file.slice(dot);
    for (const [, spec] of copies) if (spec.folder === folder && spec.ext === ext && Object.hasOwn(spec.pages, base)) return { kind: 'page-copy', schema: `page-${base}.schema.json`, name: base };
    for (const [, spec] of prose) if (spec.folder === folder && spec.ext === ext) return { kind: 'prose-page', schema: spec.schema, slug: base };
    for (const [kind, spec] of collections) if (spec.folder === folder && spec.ext === ext) return { kind, schema: spec.schema, slug: base };
    return undefined;
  }

  /** Every file a complete site needs, relative to content/. */
  const requiredFiles = [
    ...singletons.keys(),
    ...pageCopies.map((p) => `${p.folder}/${p.name}${p.ext}`),
    ...prose.flatMap(([, spec]) => spec.required.map((slug) => `${spec.folder}/${slug}${spec.ext}`)),
  ];

  // Places that share a folder are offered together: pages/<page>.json or pages/<slug>.md.
  const places = new Map<string, string[]>();
  for (const [, spec] of entries) {
    const [group, place] =
      spec.shape === 'singleton' ? [`/${spec.file}`, spec.file] : [spec.folder, `${spec.folder}/<${spec.shape === 'page-copy' ? 'page' : 'slug'}>${spec.ext}`];
    places.set(group, [...(places.get(group) ?? []), place]);
  }
  const placeNames = [...places.values()].map((group) => group.join(' or '));
  /** Where content files of each kind go, for the unknown-file hint. */
  const placesHint = `Content files go in content/ as ${placeNames.slice(0, -1).join(', ')} or ${placeNames[placeNames.length - 1]}.`;

  /** Files the build writes besides pages, which content may link to. */
  const generatedFiles = [...feeds, ...reg.generated];

  const firstSegment = (address: string) => address.split('/')[1];
  /** Top-level addresses that single-segment routes (languages, prose pages) must not take. */
  const reservedSegments = [
    ...new Set(
      [
        ...pageCopies.map((p) => firstSegment(p.path)),
        ...collections.map(([, spec]) => firstSegment(spec.route)),
        ...generatedFiles.map(firstSegment),
        ...reg.outputFolders,
      ].filter((segment) => segment !== ''),
    ),
  ];

  /** The output file and indexing of each page copy's page. */
  const copyPages = new Map(pageCopies.map((p) => [p.name, { path: p.path, file: p.file ?? outputFileOf(p.path), indexable: p.indexable ?? true, source: `content/${p.folder}/${p.name}${p.ext}`, ...(p.lists ? { lists: p.lists } : {}), ...(p.pages ? { pages: p.pages } : {}) }]));

  /** Model fields read as a whole, and the content files and folders each is made from. */
  const wholeSources = Object.fromEntries(
    ofShape('singleton').map(([, spec]) => [spec.model, [`content/${spec.file}`]]),
  );
  /** Model fields that are lists of entries, one file each. */
  const listFields = [...collections.map(([, spec]) => spec.model), ...prose.map(([, spec]) => spec.model)];
  /** The field of the site model each collection and prose kind makes. */
  const modelOf = new Map<string, string>([...collections, ...prose].map(([kind, spec]) => [kind, spec.model]));
  /** Where an entry of a kind with its own pages lives. */
  const routeOf = new Map<string, string>([...collections, ...prose].map(([kind, spec]) => [kind, spec.route]));

  /** robots.txt lines for private areas. */
  const robotsRules = reg.private.map((area) => `Disallow: ${area.prefix}`);
  /** _headers rules that keep private areas out of search engines. */
  const noindexRules = reg.private.map((area) => ({ path: `${area.prefix}*`, headers: [['X-Robots-Tag', 'noindex, nofollow']] as [string, string][] }));

  /** The collections of Markdown files, whose bodies are rendered in the Markdown workers as they are read. */
  const markdownCollections: ReadonlySet<string> = new Set(collections.filter(([, spec]) => spec.ext === '.md').map(([kind]) => kind));

  /** The folder of each collection, with its files' extension and schema. */
  const collectionPlaces = collections.map(([, spec]) => ({ folder: spec.folder, ext: spec.ext, schema: spec.schema }));

  return { classify, requiredFiles, placesHint, generatedFiles, reservedSegments, copyPages, wholeSources, listFields, modelOf, routeOf, markdownCollections, robotsRules, noindexRules, collectionPlaces };
}

export const rules = kindRules(registry);

/**
 * Which content file is which: a path under content/ (forward slashes) to its kind and schema, or undefined for
 * a file we do not read. Typed by the default registry's kinds, the only ones it can return.
 */
export const classify = rules.classify as (rel: string) => SourceKind | undefined;

/** Where an entry of a kind lives: /cities/perth, or /maori for a top-level kind. */
export function entryPath(kind: CollectionKind | 'prose-page', slug: string): string {
  return `${rules.routeOf.get(kind)}${slug}`;
}
