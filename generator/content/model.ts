// The site as templates see it: validated content joined up, sorted and given the derived fields (slugs,
// addresses, menus, groups) every page needs. Pure: files in, model out.
import type { SourceFile } from './load.ts';
import { compare } from '../errors.ts';
import { entryPath, registry, rules, type CollectionKind, type DataOf, type ModelFieldOf, type PageCopies, type SingletonKind } from './kinds.ts';
import type * as T from './types.ts';
import { australianDate, isoDate } from './dates.ts';
import { withHours, type Hours } from './hours.ts';

/** An entry of a collection: its data, and where its file and its page are. */
export type Entry<D> = D & { slug: string; url: string; file: string };
export type LanguageEntry = SiteModel['languages'][number];
export type CityEntry = SiteModel['cities'][number];
export type ServiceEntry = SiteModel['services'][number];
export type PostEntry = SiteModel['posts'][number];
export type ProseEntry = SiteModel['prose'][number];

/** The collections joined up by hand below; the model lists any other kind of the table as its entries, by slug. */
const joinedKinds = ['language', 'city', 'service', 'post'] as const;
type PlainKind = Exclude<CollectionKind, (typeof joinedKinds)[number]>;
/** The model takes an entry of these as it is, with its body if it has one. */
type PlainCollections = { [K in PlainKind as ModelFieldOf<K>]: (Entry<DataOf<K>> & { body?: string })[] };

/** The site as templates see it, as buildModel makes it. */
export type SiteModel = ReturnType<typeof buildModel>;

/** The kinds of the table with a page per entry (its collections), in its order. */
export const kindsWithPages = Object.entries(registry.kinds).flatMap(([kind, spec]) => (spec.shape === 'collection' ? [kind as CollectionKind] : []));

/** The kinds of the table the model lists as they are. */
const plainKinds = kindsWithPages.filter((kind): kind is PlainKind => !(joinedKinds as readonly string[]).includes(kind));

/** An entry of a collection as the model lists it. */
export type EntryOf<K extends CollectionKind> = SiteModel[ModelFieldOf<K>][number];

/** The entries of a collection, by its kind. */
export function entriesOf<K extends CollectionKind>(model: SiteModel, kind: K): EntryOf<K>[] {
  // TypeScript cannot follow a kind given as a type parameter to its own field of the model.
  return (model as unknown as Record<string, EntryOf<K>[]>)[rules.modelOf.get(kind)!];
}

/**
 * A language's slug: the lowercase name with spaces and slashes turned into hyphens. Accents and
 * macrons are dropped, so Māori keeps its macron in text while its address stays /maori, and so are the
 * apostrophes and brackets the schema lets a name hold: Sign Language (Auslan) is /sign-language-auslan.
 */
export function languageSlug(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f'()]/g, '').toLowerCase().trim().replace(/[\s/-]+/g, '-');
}


const postFile = Symbol('file');

/**
 * A post of the model. Its body is read from its file when a page asks for it: a build that renders one post
 * reads one post's text. The getter is the class's, not each post's own: defining one on each of thousands of
 * posts cost more than making them, and left V8 keeping them as dictionaries. So `body` is not an own field
 * of a post: what lists a post's fields (the record's fingerprints, entryFields in incremental/record.ts) adds it,
 * by its hash.
 */
class Post {
  declare [postFile]: SourceFile;

  constructor(file: SourceFile) {
    Object.defineProperty(this, postFile, { value: file });
  }

  get body(): string {
    return this[postFile].body ?? '';
  }

  /** A hash of the body, for the build's record (incremental/record.ts), known without reading the file. */
  get bodyHash(): string {
    return this[postFile].bodyHash ?? '';
  }
}

/** `buildDate`: the build's date (yyyy-mm-dd, the day in Melbourne), for reproducible output: `SOURCE_DATE_EPOCH` when set. */
export function buildModel(files: SourceFile[], options: { buildDate?: string } = {}) {
  const byKind = new Map<string, SourceFile[]>();
  for (const f of files) byKind.get(f.source.kind)?.push(f) ?? byKind.set(f.source.kind, [f]);
  // The data of files validated against their kinds' schemas, typed by them.
  const one = <K extends SingletonKind>(kind: K) => byKind.get(kind)?.[0]?.data as DataOf<K>;
  const all = <K extends CollectionKind | 'prose-page'>(kind: K) => (byKind.get(kind) ?? []) as (SourceFile & { data: DataOf<K> })[];
  /** Where an entry's file and page are: its slug is its file's name, but a language's is made from its name. */
  const placeOf = (kind: CollectionKind | 'prose-page', f: SourceFile, slug = 'slug' in f.source ? f.source.slug : '') => ({ slug, url: entryPath(kind, slug), file: f.path });

  const pages = Object.fromEntries((byKind.get('page-copy') ?? []).map((f) => [f.source.kind === 'page-copy' ? f.source.name : '', f.data])) as PageCopies;
  const plain = Object.fromEntries(
    plainKinds.map((kind) => [
      rules.modelOf.get(kind)!,
      all(kind)
        .map((f) => ({ ...(f.data as object), ...placeOf(kind, f), body: f.body }))
        .sort((a, b) => compare(a.slug, b.slug)),
    ]),
  ) as PlainCollections;

  const allLanguages = all('language')
    .map((f) => ({ ...f.data, ...placeOf('language', f, languageSlug(f.data.name)), dir: f.data.direction ?? 'ltr' }))
    .sort((a, b) => a.order - b.order || compare(a.name, b.name));
  const languages = allLanguages.filter((l) => !l.isTarget);
  const byCode = new Map(languages.map((l) => [l.code, l]));

  const cities = all('city')
    .map((f) => {
      // The name inside a sentence and with its preposition: the Gold Coast, on the Gold Coast; Sydney, in Sydney.
      const inText = f.data.nameInText ?? f.data.name;
      return { ...f.data, inText, inCity: `${f.data.preposition ?? 'in'} ${inText}`, ...placeOf('city', f) };
    })
    .sort((a, b) => a.order - b.order || compare(a.name, b.name));

  const services = all('service')
    .map((f) => ({ ...f.data, ...placeOf('service', f) }))
    .sort((a, b) => a.order - b.order || compare(a.slug, b.slug));
  const serviceBySlug = new Map(services.map((s) => [s.slug, s]));

  const posts = all('post').map((f) => {
    const { date, updated } = f.data;
    // Written as dd/mm/yyyy or yyyy-mm-dd (content/dates.ts); shown the Australian way whichever it was. `isoDate`,
    // as YYYY-MM-DD, is for sorting, feeds and the sitemap; `words` (in the body) for reading time and structured data.
    // `authorName` is the author without the role written after a comma, for the feed and structured data.
    const iso = isoDate(date);
    const derived = { ...placeOf('post', f), isoDate: iso, date: australianDate(iso), isoUpdated: updated ? isoDate(updated) : iso, words: f.words ?? 0, authorName: f.data.author.split(',')[0] };
    return Object.assign(new Post(f), f.data, derived);
  });
  posts.sort((a, b) => compare(b.isoDate, a.isoDate) || compare(a.slug, b.slug));

  const prose = all('prose-page')
    .map((f) => ({ ...f.data, updated: isoDate(f.data.updated), ...placeOf('prose-page', f), body: f.body ?? '' }))
    .sort((a, b) => compare(a.slug, b.slug));

  const navigation = one('navigation');
  const popular = languages.filter((l) => l.popularInAustralia);
  const pick = <V>(keys: string[] | undefined, map: Map<string, V>) => (keys ?? []).map((k) => map.get(k)).filter((v): v is V => !!v);
  const menuServices = navigation?.servicesMenu ?? [];

  return {
    settings: one('site'),
    navigation,
    shared: one('shared'),
    plans: one('plans'),
    /** content/facts.json: facts templates show (hours, turnarounds, uploads), so no template types one. */
    facts: withHours(one('facts')) as T.BusinessFacts & { hours: Hours },
    testimonials: one('testimonials')?.testimonials ?? [],
    faq: one('faq')?.groups ?? [],
    contactForm: one('contact-form'),
    pages,
    /** Every language we translate from, in list order; the target language (English) is left out. */
    languages,
    target: allLanguages.find((l) => l.isTarget),
    /** content/language-groups.json's groups, as written (templates gather their languages). */
    languageGroups: one('language-groups')?.groups ?? [],
    cities,
    services,
    /** Newest first. */
    posts,
    prose,
    menus: {
      services: pick(menuServices.filter((m) => !m.mobileOnly).map((m) => m.service), serviceBySlug),
      mobileServices: pick(menuServices.map((m) => m.service), serviceBySlug),
      languages: popular.slice(0, navigation?.languagesMenu.count ?? 10),
      mobilePopularLanguages: pick(navigation?.mobileLanguages.popular, byCode),
      mobileMoreLanguages: pick(navigation?.mobileLanguages.more, byCode),
      footerLanguages: popular.slice(0, navigation?.footer.languageCount ?? 6),
    },
    ...plain,
    /** The kinds of the table with a page per entry, in its order (for lists of every page, such as the HTML sitemap). */
    kindsWithPages,
    /** The build's own date (YYYY-MM-DD) when SOURCE_DATE_EPOCH gives one; pages otherwise date themselves from content. */
    ...(options.buildDate ? { buildDate: options.buildDate } : {}),
  };
}
