// The form schemas compiled with ajv on the server, once per process; the browser compiles the same schemas
// at build time (generator/assets/islands.ts).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export type Validator = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; params: Record<string, unknown> }[] | null };

const compiled = new Map<string, Validator>();

/** The validator of `ref` (a schema id with a JSON pointer) in `schema`. */
export function validator(schema: { $id: string }, ref: string): Validator {
  let validate = compiled.get(ref);
  if (!validate) {
    const Ajv = require('ajv').default;
    const addFormats = require('ajv-formats').default;
    const ajv = new Ajv({ allErrors: true, strict: true });
    addFormats(ajv, ['email']);
    ajv.addKeyword({ keyword: 'errorMessages', schemaType: 'object' });
    ajv.addSchema(schema);
    validate = ajv.getSchema(ref) as Validator;
    if (!validate) throw new Error(`no schema ${ref}`);
    compiled.set(ref, validate);
  }
  return validate;
}

type Properties = Record<string, { errorMessages?: Record<string, string> }>;

/**
 * The message for the first invalid field in `order`: the field's errorMessages for the keyword that failed,
 * else its default. `whole` is the message when the value is not an object at all.
 */
export function firstProblem(properties: Properties, errors: NonNullable<Validator['errors']>, order: string[], whole: string): { field: string; message: string } {
  const found = errors.map((error) => {
    const field = error.keyword === 'required' ? String(error.params.missingProperty) : error.keyword === 'additionalProperties' ? String(error.params.additionalProperty) : (error.instancePath.split('/')[1] ?? '');
    if (error.keyword === 'additionalProperties') return { field, message: `Unknown field "${field}".`, rank: order.length };
    if (field === '') return { field, message: whole, rank: -1 };
    const messages = properties[field]?.errorMessages ?? {};
    return { field, message: messages[error.keyword] ?? messages.default ?? `${field} is not valid.`, rank: order.indexOf(field) };
  });
  found.sort((a, b) => a.rank - b.rank);
  return { field: found[0].field, message: found[0].message };
}
