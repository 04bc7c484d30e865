// How the build words a failed schema rule: "/pointer what is wrong", with the field's description as the hint.
// Pure, so that the editor's browser code (islands/admin/rules.ts) words a refusal exactly as the build does.
import type { ErrorObject } from 'ajv';

export interface SchemaNode {
  description?: string;
  properties?: Record<string, { description?: string; $ref?: string; enum?: unknown[] }>;
}

export function explain(problem: ErrorObject, schema: SchemaNode | undefined, data: unknown) {
  const pointer = problem.instancePath;
  const hint = schema?.description;
  const params = problem.params as Record<string, unknown>;
  switch (problem.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      const field = schema?.properties?.[name];
      // A field with a fixed set of values names them, as the enum rule's message does for a wrong value.
      const allowed = field?.enum ? `It is one of: ${field.enum.map((v) => JSON.stringify(v)).join(', ')}.` : undefined;
      const hint = [field?.description, allowed].filter(Boolean).join(' ') || undefined;
      return { pointer: `${pointer}/${name}`, message: 'is required but missing', hint };
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const known = Object.keys(schema?.properties ?? {});
      const close = nearest(name, known)[0];
      return {
        pointer: `${pointer}/${name}`,
        message: close ? `is not a known field (did you mean "${close}"?)` : 'is not a known field',
        hint: known.length ? `Known fields here: ${known.filter((k) => k !== '$schema').join(', ')}.` : undefined,
        key: true,
      };
    }
    case 'enum':
      return { pointer, message: `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`, hint };
    case 'const':
      return { pointer, message: `must be ${JSON.stringify(params.allowedValue)}`, hint };
    case 'pattern':
      return { pointer, message: `${JSON.stringify(data)} does not have the expected form`, hint: hint ?? `It must match ${String(params.pattern)}.` };
    case 'format':
      return { pointer, message: `${JSON.stringify(data)} is not a valid ${params.format === 'email' ? 'email address' : String(params.format)}`, hint };
    case 'type':
      return { pointer, message: `must be ${String(params.type).split(',').map((type) => typeNames[type] ?? type).join(' or ')}`, hint };
    // In words, not ajv's ("must NOT have fewer than 40 characters"), which the editor shows staff too.
    case 'minItems':
    case 'maxItems':
      return { pointer, message: `must have ${atLeastOrMost(problem.keyword)} ${counted(Number(params.limit), 'item')} (it has ${(data as unknown[]).length})`, hint };
    case 'minLength':
    case 'maxLength':
      return { pointer, message: `must have ${atLeastOrMost(problem.keyword)} ${counted(Number(params.limit), 'character')} (it has ${[...String(data)].length})`, hint };
    case 'minimum':
    case 'maximum':
      return { pointer, message: `must be ${atLeastOrMost(problem.keyword)} ${params.limit} (it is ${JSON.stringify(data)})`, hint };
    case 'uniqueItems':
      return { pointer: `${pointer}/${params.i}`, message: `repeats item ${params.j}: every item must be different`, hint };
    default:
      return { pointer, message: problem.message ?? `fails the ${problem.keyword} rule`, hint };
  }
}

/** JSON's types as the person writing the file would name them. */
const typeNames: Record<string, string> = { string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object ({ … })', null: 'null' };

const atLeastOrMost = (keyword: string) => (keyword.startsWith('min') ? 'at least' : 'at most');
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The known names nearest a mistyped one, in their order, if they are close enough to be a typo. */
export function nearest(name: string, known: string[]): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  const scored = known.map((k) => [k, distance(name.toLowerCase(), k.toLowerCase())] as const).filter(([, d]) => d <= limit);
  const best = Math.min(...scored.map(([, d]) => d));
  return scored.filter(([, d]) => d === best).map(([k]) => k);
}

/** The `suggestion` of CONTENT_UNKNOWN_PAGE: " (did you mean /pricing?)" when an address is near (up to three), else empty. */
export function suggestAddress(target: string, addresses: string[]): string {
  const near = nearest(target, addresses).sort().slice(0, 3);
  return near.length ? ` (did you mean ${near.join(' or ')}?)` : '';
}

/** Levenshtein distance: the fewest single-character edits that turn one into the other. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = next;
    }
  }
  return row[b.length];
}
