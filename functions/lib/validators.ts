// The form schemas (enquiry.schema.json, subscriber.schema.json) compiled with ajv, for the functions at run
// time and for the browser and the templates at build time (as standalone code), with one set of ajv settings
// so the form and the function cannot judge the same input differently. It needs nothing but ajv, so the
// functions' bundle does not pull in the generator.
import { createRequire } from 'node:module';
import { notTextMessage } from './not-text.ts';

const require = createRequire(import.meta.url);

export type Validator = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; params: Record<string, unknown> }[] | null };

/** ajv as every form validator uses it; `standalone` makes it keep the source of what it compiles. */
function formAjv(schema: object, standalone: boolean) {
  const Ajv = require('ajv').default;
  const addFormats = require('ajv-formats').default;
  const ajv = new Ajv({ allErrors: true, strict: true, ...(standalone ? { code: { source: true, esm: true } } : {}) });
  addFormats(ajv, ['email']);
  ajv.addKeyword({ keyword: 'errorMessages', schemaType: 'object' });
  ajv.addSchema(schema);
  return ajv;
}

const compiled = new Map<string, Validator>();

/** The validator of `ref` (a schema id with a JSON pointer) in `schema`, compiled once per process. */
export function validator(schema: { $id: string }, ref: string): Validator {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = formAjv(schema, false).getSchema(ref) as Validator;
    if (!validate) throw new Error(`no schema ${ref}`);
    compiled.set(ref, validate);
  }
  return validate;
}

/**
 * ajv's standalone code for `schema`: an ES module exporting one validator per entry of `refs` (export name ->
 * schema id with a JSON pointer). The code calls require() for ajv's runtime helpers: a browser bundle gets
 * them from esbuild as they are; for Node (`target: 'node'`, the server's templates) a real require is added.
 */
export function standaloneValidators(schema: object, refs: Record<string, string>, target: 'browser' | 'node'): string {
  const standaloneCode = require('ajv/dist/standalone').default;
  const code: string = standaloneCode(formAjv(schema, true), refs);
  return target === 'node' ? `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n${code}` : code;
}

export type Properties = Record<string, { title: string; maxLength?: number; errorMessages?: Record<string, string> }>;

/**
 * The message for the first invalid field in `order`: the field's errorMessages for the keyword that failed,
 * else its default; a field that is not text in `data` (a number, a list, an object in JSON) is told so. `whole`
 * is the message when the value is not an object at all.
 */
export function firstProblem(properties: Properties, errors: NonNullable<Validator['errors']>, order: string[], whole: string, data?: Record<string, unknown>): { field: string; message: string } {
  const found = errors.map((error) => {
    const field = error.keyword === 'required' ? String(error.params.missingProperty) : error.keyword === 'additionalProperties' ? String(error.params.additionalProperty) : (error.instancePath.split('/')[1] ?? '');
    if (error.keyword === 'additionalProperties') return { field, message: `Unknown field "${field}".`, rank: order.length };
    if (field === '') return { field, message: whole, rank: -1 };
    const property = properties[field];
    const messages = property?.errorMessages ?? {};
    const notText = error.keyword === 'type' && property ? notTextMessage(property.title, data?.[field]) : undefined;
    return { field, message: notText ?? messages[error.keyword] ?? messages.default ?? `${field} is not valid.`, rank: order.indexOf(field) };
  });
  found.sort((a, b) => a.rank - b.rank);
  return { field: found[0].field, message: found[0].message };
}

/**
 * For a post refused as too large, the first field in `order` whose text is longer than the schema allows, with
 * the message the form gives for it (its errorMessages.maxLength, else its title and limit in the same words), so
 * the answer can say what to shorten. Characters are counted as the schema counts them, one per code point.
 * Undefined when no field in `order` is over its limit: then the post is large for some other reason.
 */
export function overLimit(properties: Properties, fields: Record<string, unknown>, order: string[]): { field: string; message: string } | undefined {
  for (const field of order) {
    const value = fields[field];
    const property = properties[field];
    const limit = property?.maxLength;
    if (typeof value !== 'string' || limit === undefined || [...value].length <= limit) continue;
    return { field, message: property.errorMessages?.maxLength ?? `${property.title} must be ${limit.toLocaleString('en-AU')} characters or fewer.` };
  }
  return undefined;
}
