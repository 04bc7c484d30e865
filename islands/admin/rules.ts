// The build's schema and placeholder rules in words, for the browser (checks.ts): the same wording as the build's
// errors (generator/content/explain.ts, shared with the build, generator/content/facts.ts's placeholders), "/pointer what is wrong. what the
// field holds", without the file's line and column, which the browser does not have.
import { pointerKeys, resolveKeys } from '../../generator/content/pointer.ts';
import type { ErrorObject } from 'ajv';
import { explain, type SchemaNode } from '../../generator/content/explain.ts';

/** Every fact by name, as written in its file (it may itself hold placeholders). */
export type Facts = Record<string, string>;

const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;
const verbatimPrefix = /^verbatim\s*:\s*/;

/** A fact's value with the placeholders inside it resolved; undefined for a name that is no fact. */
export function factValue(facts: Facts, name: string, seen: string[] = []): string | undefined {
  const raw = facts[name];
  if (raw === undefined || seen.includes(name)) return undefined;
  return raw.replace(placeholderPattern, (whole, inner: string) => (verbatimPrefix.test(inner) ? inner.replace(verbatimPrefix, '') : (factValue(facts, inner, [...seen, name]) ?? whole)));
}

/** The data with every placeholder replaced by its fact, as the build validates it, and each one naming no fact. */
export function resolvePlaceholders(data: unknown, facts: Facts): { value: unknown; problems: string[] } {
  const problems: string[] = [];
  const visit = (value: unknown, pointer: string): unknown => {
    if (typeof value === 'string') {
      return value.replace(placeholderPattern, (whole, inner: string) => {
        if (verbatimPrefix.test(inner)) return inner.replace(verbatimPrefix, '');
        const found = factValue(facts, inner);
        if (found === undefined) problems.push(`${pointer} ${whole} names no fact. Use a name the fact picker offers, or add the fact to content/facts.json.`);
        return found ?? whole;
      });
    }
    if (Array.isArray(value)) return value.map((item, i) => visit(item, `${pointer}/${i}`));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, `${pointer}/${k}`)]));
    return value;
  };
  return { value: visit(data, ''), problems };
}

/** Each failed rule as the build words it: the field's pointer, what is wrong and what the field holds. */
export function describeProblems(errors: ErrorObject[], schemas: Record<string, unknown>, schemaName: string, data: unknown): string[] {
  const out = new Set<string>();
  for (const problem of errors) {
    const [file, fragment = ''] = problem.schemaPath.split('#');
    const schema = resolveKeys(schemas[file || schemaName], pointerKeys(fragment).slice(0, -1)) as SchemaNode | undefined;
    const { pointer, message, hint } = explain(problem, schema, resolveKeys(data, pointerKeys(problem.instancePath)));
    out.add(`${pointer || '/'} ${message}.${hint ? ` ${hint}` : ''}`);
  }
  return [...out];
}
