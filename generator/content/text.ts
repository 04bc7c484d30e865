// What no text of the content may hold, for the build (content/load.ts, validate.ts) and the live editor's
// checks in the browser (islands/admin/checks.ts) alike.

/**
 * A control character but tab, line feed and carriage return: XML forbids most of them, so one in a title would
 * make the feed unreadable, and HTML counts each as an error. Written in a file or escaped in a value.
 */
export const controlCharacter = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

/** A character as Unicode names it: U+000B. */
export const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
