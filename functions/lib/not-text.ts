// The words for a form field whose JSON value is not text (a number, a list, an object, true or false): the
// field's own messages speak of lengths and formats ("Message must be at least 10 characters."), which would
// send the sender looking for the wrong fault. Shared by the contact forms' rules (enquiry.ts, which the browser
// runs too) and the sign-up's (validators.ts); a form post is text but for a file (multipart), which only a
// crafted post sends. Nothing here touches Node or the DOM.

/**
 * The message for a field the schema wants as text that holds another JSON type, naming the field by its label
 * and saying what it holds; undefined for text, and for null, which is taken as the field left out (its own message
 * says what to enter). `label`: the field's title in its schema, the words the visitor knows it by, as its other
 * messages name it: a name made from the JSON key read "Recaptcha" for the reCAPTCHA verification.
 */
export function notTextMessage(label: string, value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'string') return undefined;
  const kind = value instanceof UploadedFile ? 'a file' : Array.isArray(value) ? 'a list' : typeof value === 'number' ? 'a number' : typeof value === 'boolean' ? 'true or false' : 'an object';
  return `${label} must be text, not ${kind}.`;
}

/**
 * A file sent in a form post's field (multipart), which the forms never send but a crafted post can: kept as
 * this, not as its bytes, so that its message says "a file". JSON cannot make one.
 */
export class UploadedFile {}
