// Placeholders: content refers to a business fact by name, {{plans.extract.price}}, so a price, time or
// rule is typed once and every page that shows it changes with it. Names start with the file holding the
// fact: site (site.json), plans (plans.json, each plan by its id) or facts (facts.json). A deliberate
// exception to "never type a fact by hand", such as a market figure quoted in a blog post, is written
// {{verbatim: AUD $40–90 per page}}: it shows as written and `site check` leaves it alone.
import { framed, positionAt, siteError, type Place, type SiteError } from '../errors.ts';
import { hashText, type SourceFile } from './load.ts';
import { hashOf } from '../cache.ts';
import { locate, offsetAt } from './locate.ts';
import { nearest } from './explain.ts';
import { encodeSegment, pointerKeys } from './pointer.ts';
import { withHours } from './hours.ts';

export const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;
const verbatimPrefix = /^verbatim\s*:\s*/;
/** The files facts come from, by the first segment of a name. */
export const factSources = { site: 'site.json', plans: 'plans.json', facts: 'facts.json' } as const;

type Namespaces = Record<keyof typeof factSources, unknown>;

/** The three fact files as one tree of names, plans keyed by id. */
export function factTree(files: SourceFile[]): Namespaces {
  const data = (rel: string) => files.find((f) => f.rel === rel)?.data;
  const plans = data('plans.json') as { plans?: { id: string; price?: unknown }[]; serviceFee?: unknown } | undefined;
  // Each plan also gets its `total`, its price with the service fee added ({{plans.extract.total}}).
  const byId = Object.fromEntries(
    (Array.isArray(plans?.plans) ? plans.plans : []).map((p) => {
      const total = lowestTotal({ plans: [p], serviceFee: plans?.serviceFee });
      return [p.id, total ? { ...p, total } : p];
    }),
  );
  const minimumTotal = lowestTotal(plans);
  return { site: data('site.json') ?? {}, plans: { ...(plans ?? {}), ...byId, ...(minimumTotal && { minimumTotal }) }, facts: withHours(data('facts.json') ?? {}) };
}

/**
 * The least an order can cost, service fee included: the cheapest plan's price plus `serviceFee`. The
 * Australian Consumer Law (s48) asks for the total wherever a price is shown without the fee, so totals are
 * worked out here, never typed.
 */
function lowestTotal(plans: { plans?: { price?: unknown }[]; serviceFee?: unknown } | undefined): string | undefined {
  const cents = (v: unknown) => (typeof v === 'string' && /^\$\d+\.\d{2}$/.test(v) ? Math.round(Number(v.slice(1)) * 100) : undefined);
  const fee = cents(plans?.serviceFee);
  const prices = (Array.isArray(plans?.plans) ? plans.plans : []).map((p) => cents(p.price)).filter((c): c is number => c !== undefined);
  if (fee === undefined || !prices.length) return undefined;
  return `$${((Math.min(...prices) + fee) / 100).toFixed(2)}`;
}

/** Every name that leads to a text or number, for suggestions and for `site check`'s reverse lookup. */
export function factNames(tree: Namespaces): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (value: unknown, name: string) => {
    if (typeof value === 'string' || typeof value === 'number') names.set(name, String(value));
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, v] of Object.entries(value)) if (key !== '$schema' && key !== 'plans') visit(v, `${name}.${key}`);
    }
  };
  for (const [space, value] of Object.entries(tree)) visit(value, space);
  return names;
}

/** A fact's value, or the error a placeholder naming it is, once the placeholder and its place are known. */
type Lookup = { value: string } | { fail: (placeholder: string, place: Place) => SiteError };

/** Resolves one name, following placeholders inside facts; a loop of facts naming each other is a problem. */
function lookup(tree: Namespaces, name: string, seen: string[] = []): Lookup {
  if (seen.includes(name)) return { fail: (placeholder, place) => siteError('CONTENT_FACT_LOOP', { placeholder, chain: [...seen, name].join(' → ') }, place) };
  let node: unknown = tree;
  for (const segment of name.split('.')) node = node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  if (typeof node === 'number') return { value: String(node) };
  if (typeof node === 'string') {
    let failed: Lookup | undefined;
    const value = node.replace(placeholderPattern, (whole, inner: string) => {
      if (verbatimPrefix.test(inner)) return inner.replace(verbatimPrefix, '');
      const found = lookup(tree, inner, [...seen, name]);
      if ('fail' in found) failed ??= found;
      return 'value' in found ? found.value : whole;
    });
    return failed ?? { value };
  }
  const space = name.split('.')[0];
  if (node && typeof node === 'object') {
    const inside = [...factNames(tree).keys()].filter((n) => n.startsWith(`${name}.`)).slice(0, 6);
    return { fail: (placeholder, place) => siteError('CONTENT_FACT_GROUP', { placeholder, inside: inside.join(', ') }, place) };
  }
  if (!Object.hasOwn(factSources, space)) {
    return { fail: (placeholder, place) => siteError('CONTENT_UNKNOWN_FACT_FILE', { placeholder }, place) };
  }
  const near = nearest(name, [...factNames(tree).keys()])[0];
  const source = factSources[space as keyof typeof factSources];
  return {
    fail: (placeholder, place) =>
      near ? siteError('CONTENT_MISSPELT_FACT', { placeholder, near: `{{${near}}}`, source }, place) : siteError('CONTENT_UNKNOWN_FACT', { placeholder, source }, place),
  };
}

/**
 * A file resolved: its copy, the placeholders that failed, the fact file each failed one names, and the facts
 * each field's placeholders name, by the field's pointer.
 */
type Resolved = { file: SourceFile; errors: SiteError[]; factFiles: Map<SiteError, string>; uses: Map<string, string[]> };

/** Copies of files with placeholders resolved, kept while neither the file nor the facts change. */
let memo: { key: string; files: WeakMap<SourceFile, Resolved> } | undefined;

/**
 * Every content file with its placeholders replaced by the facts they name, in JSON strings, front matter and
 * Markdown bodies. A file without a placeholder is returned as it is, so caches keyed by the file object keep
 * working; the others are resolved copies, and their `text` stays the text as written, for error positions.
 * `factFiles` gives the fact file (content/plans.json) a failed placeholder names: when that file is itself broken,
 * the placeholder's failure follows from it and need not be reported. `uses` gives, by file path and then field
 * pointer, the facts placeholders name in each field, for `followsFromFacts`.
 */
export function resolveFacts(files: SourceFile[]): { files: SourceFile[]; errors: SiteError[]; factFiles: Map<SiteError, string>; uses: FactUses } {
  const tree = factTree(files);
  const key = hashOf(tree);
  if (memo?.key !== key) memo = { key, files: new WeakMap() };
  const out: SourceFile[] = [];
  const errors: SiteError[] = [];
  const factFiles = new Map<SiteError, string>();
  const uses: FactUses = new Map();
  for (const file of files) {
    if (!(file.placeholders ?? file.text.includes('{{'))) {
      out.push(file);
      continue;
    }
    let done = memo.files.get(file);
    if (!done) memo.files.set(file, (done = resolveFile(file, tree)));
    out.push(done.file);
    errors.push(...done.errors);
    for (const [error, factFile] of done.factFiles) factFiles.set(error, factFile);
    if (done.uses.size) uses.set(file.path, done.uses);
  }
  return { files: out, errors, factFiles, uses };
}

/** The facts each field's placeholders name, resolved or not: file path, then the field's pointer, then the facts' names. */
type FactUses = Map<string, Map<string, string[]>>;

/**
 * Whether an error follows from a broken fact: a placeholder naming a fact in a fact file that does not load or
 * validate, or a schema error in a field that took, through a placeholder, a fact that breaks its own file's
 * rules ("$44.955" in plans.json, in every startingPrice that names it) or that did not resolve. The broken fact
 * is reported where it is defined; reported again in each field that shows it (hundreds for plans.json), it
 * would bury the one place to fix. Every other error of a file naming it is the file's own. `errors` are every
 * load and schema error, the fact files' own among them.
 */
export function followsFromFacts(files: SourceFile[], resolved: { errors: SiteError[]; uses: FactUses; factFiles: Map<SiteError, string> }, errors: SiteError[]): (error: SiteError) => boolean {
  const tree = factTree(files);
  const brokenFiles = new Set(errors.map((e) => e.file));
  const plans = files.find((f) => f.rel === factSources.plans)?.data as { plans?: { id?: unknown }[] } | undefined;
  // A fact file's field by the name placeholders give it: plans.json's /plans/0/price is plans.<that plan's id>.price.
  const broken = errors.flatMap((e) => {
    const space = Object.entries(factSources).find(([, rel]) => e.file === `content/${rel}`)?.[0];
    if (!space || e.pointer === undefined) return [];
    const keys = pointerKeys(e.pointer);
    const plan = space === 'plans' && keys[0] === 'plans' && keys.length > 1 ? plans?.plans?.[Number(keys[1])]?.id : undefined;
    return [[space, ...(typeof plan === 'string' ? [plan, ...keys.slice(2)] : keys)].join('.')];
  });
  // A placeholder that did not resolve stays as written, which the field's rules may refuse too; its own error is
  // reported instead (or, when its fact file is broken, that file's).
  const isBroken = (name: string) => broken.some((b) => name === b || name.startsWith(`${b}.`)) || 'fail' in lookup(tree, name);
  const placeholders = new Set(resolved.errors);
  return (error) => {
    // A placeholder naming no fact is its own file's mistake, unless the fact file it names failed to load.
    if (placeholders.has(error)) {
      const factFile = resolved.factFiles.get(error);
      return factFile !== undefined && brokenFiles.has(factFile);
    }
    return !!error.file && error.pointer !== undefined && !!resolved.uses.get(error.file)?.get(error.pointer)?.some(isBroken);
  };
}

function resolveFile(file: SourceFile, tree: Namespaces): Resolved {
  const errors: SiteError[] = [];
  const factFiles = new Map<SiteError, string>();
  const uses = new Map<string, string[]>();
  const named = new Map<string, string>();
  // `from` is where the text starts in the file; the match's own offset is added, so the second of two
  // identical placeholders is placed at the second. Escapes in JSON only push a placeholder further on.
  const replace = (text: string, from: () => number, pointer?: string) =>
    text.replace(placeholderPattern, (whole, inner: string, at: number) => {
      if (verbatimPrefix.test(inner)) return inner.replace(verbatimPrefix, '');
      const found = lookup(tree, inner);
      if (pointer !== undefined) uses.set(pointer, [...(uses.get(pointer) ?? []), inner]);
      if ('value' in found) {
        named.set(inner, found.value);
        return found.value;
      }
      const start = from() + at;
      const offset = file.text.indexOf(whole, start);
      // The field's pointer as well as the line: the editor keeps a refusal beside the field it names
      // (islands/admin/notices.ts), as for a schema error. A Markdown body has none.
      const error = found.fail(whole, { ...framed(file.path, file.text, positionAt(file.text, offset === -1 ? start : offset)), pointer });
      errors.push(error);
      const space = inner.split('.')[0];
      if (Object.hasOwn(factSources, space)) factFiles.set(error, `content/${factSources[space as keyof typeof factSources]}`);
      return whole;
    });
  const walk = (value: unknown, pointer: string): unknown => {
    if (typeof value === 'string') return value.includes('{{') ? replace(value, () => offsetAt(file.text, locate(file, pointer)), pointer) : value;
    if (!value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${pointer}/${i}`));
    // fromEntries defines each key rather than assigning it, so a key "__proto__" stays a key.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, `${pointer}/${encodeSegment(k)}`)]));
  };
  const data = walk(file.data, '');
  const written = file.body;
  const body = written === undefined ? undefined : replace(written, () => file.text.length - written.length);
  const factsKey = hashOf([...named].sort());
  // A copy that keeps the file's own properties and its prototype as they are: a file from the content snapshot
  // reads its text only when asked (content/load.ts), and a hundred files with placeholders need not be read to
  // be resolved.
  const resolved = Object.create(Object.getPrototypeOf(file) as object, Object.getOwnPropertyDescriptors(file)) as SourceFile;
  Object.assign(resolved, { data, factsKey });
  if (body !== undefined) {
    Object.defineProperty(resolved, 'body', { value: body, enumerable: true, writable: true, configurable: true });
    resolved.bodyHash = hashText(body);
  }
  return { file: resolved, errors, factFiles, uses };
}
