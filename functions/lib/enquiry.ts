// The contact forms' rules, shared by the browser (the contact-form island) and the server (send-email):
// how input is normalised, which variant it is, and which message to show for the first invalid field. The
// rules themselves are enquiry.schema.json, compiled by ajv on each side. Nothing here touches Node or the DOM.
import schema from '../enquiry.schema.json' with { type: 'json' };
import { notTextMessage } from './not-text.ts';

export type Variant = 'enquiry' | 'message';

/** The fields of each variant, in the order the form shows them (errors are reported in this order). */
export const fields: Record<Variant, string[]> = {
  enquiry: ['name', 'email', 'phone', 'enquiryType', 'subject', 'message'],
  message: ['name', 'email', 'phone', 'language', 'subject', 'message', 'recaptcha'],
};

/** The page each form is on: answers to a native post are that page with the form filled in. */
export const formPage: Record<Variant, string> = { enquiry: '/pricing', message: '/contact' };

/**
 * An enquiry the mail server refused for good is stored and waits for the operator (lib/enquiry-records.ts: held):
 * the visitor's message is safe, so the form shows it as taken, in these words, with or without JavaScript.
 */
export const heldAnswer = {
  heading: 'Your message is saved',
  text: "Your message is saved, but our mail system turned it away, so it hasn't reached our team yet. We check for messages like this and will pass it on; if it's urgent, please phone or email us.",
};

/** The help form (A) has an enquiry type; the contact form (B) has a captcha. */
export function variantOf(input: Record<string, unknown>): Variant {
  return Object.hasOwn(input, 'enquiryType') ? 'enquiry' : 'message';
}

/**
 * Text fields trimmed, with their line breaks as a textarea's value has them (LF: a browser posts each as CR LF,
 * and the form's maxlength counts it as one character), optional empty ones dropped; anything else is left for
 * the schema to judge.
 */
export function normalise(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const value = input[key];
    const v = typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : value;
    if ((key === 'phone' || key === 'language' || key === 'leave_blank') && v === '') continue;
    // Every key stays the object's own, even `__proto__`: the schema then refuses it as an unknown field
    // instead of an assignment quietly making it the prototype.
    Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

export interface FieldError {
  field: string;
  message: string;
}

type Messages = Record<string, string>;
const definitions = (schema as unknown as { definitions: Record<Variant, { properties: Record<string, { title: string; errorMessages?: Messages }> }> }).definitions;

/**
 * One message per invalid field, in form order: the field's message for the keyword that failed. `data`, what was
 * checked: a field that is not text there (a number, a list, an object in JSON) is told so, not given its length rule.
 */
export function fieldErrors(variant: Variant, errors: SchemaError[], data: Record<string, unknown>): FieldError[] {
  const byField = new Map<string, string>();
  for (const error of errors) {
    const field = error.keyword === 'required' ? String(error.params.missingProperty) : error.keyword === 'additionalProperties' ? String(error.params.additionalProperty) : error.instancePath.split('/')[1] ?? '';
    if (byField.has(field)) continue;
    if (error.keyword === 'additionalProperties') {
      byField.set(field, `Unknown field "${field}".`);
    } else if (field === '') {
      byField.set(field, 'The enquiry must be a JSON object.');
    } else {
      const property = definitions[variant].properties[field];
      const messages = property?.errorMessages ?? {};
      const notText = error.keyword === 'type' && property ? notTextMessage(property.title, data[field]) : undefined;
      byField.set(field, notText ?? messages[error.keyword] ?? messages.default ?? `${field} is not valid.`);
    }
  }
  const order = ['', ...fields[variant]];
  return [...byField]
    .map(([field, message]) => ({ field, message }))
    .sort((a, b) => rank(order, a.field) - rank(order, b.field));
}

function rank(order: string[], field: string): number {
  const i = order.indexOf(field);
  return i === -1 ? order.length : i;
}

export { schema };

interface FieldRules {
  minLength?: number;
  maxLength?: number;
}
const required = (variant: Variant) => (schema as unknown as { definitions: Record<Variant, { required: string[] }> }).definitions[variant].required;

/** A field's limits as HTML attributes, from the schema, so the server-rendered form states every constraint. */
export function htmlConstraints(variant: Variant, field: string): { required?: boolean; minLength?: number; maxLength?: number } {
  const rules = (definitions[variant].properties[field] ?? {}) as FieldRules;
  return { required: required(variant).includes(field) || undefined, minLength: rules.minLength, maxLength: rules.maxLength };
}
