// What no text of the content may hold, for the build (content/load.ts, validate.ts) and the live editor's
// checks in the browser (islands/admin/checks.ts) alike.
import { siteError, type SiteError } from '../errors.ts';
import { dateShape, parseDate } from './dates.ts';
import { eachValue } from './pointer.ts';

/**
 * A control character but tab, line feed and carriage return: XML forbids most of them, so one in a title would
 * make the feed unreadable, and HTML counts each as an error. Written in a file or escaped in a value.
 */
export const controlCharacter = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

/** A character as Unicode names it: U+000B. */
export const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What a schema cannot say of the texts of a file's data, by pointer: a control character, and a date (dd/mm/yyyy
 * or yyyy-mm-dd) that names no real day, since a pattern cannot count the days of a month and 31/02/2026 would
 * otherwise reach a page as datetime="2026-02-31". Each error is placed by the caller.
 */
export function textProblems(data: unknown): { pointer: string; error: SiteError }[] {
  const out: { pointer: string; error: SiteError }[] = [];
  eachValue(data, (value, pointer) => {
    if (typeof value !== 'string') return;
    const control = controlCharacter.exec(value);
    if (control) out.push({ pointer, error: siteError('CONTENT_CONTROL_CHARACTER', { character: codePoint(control[0]) }) });
    const parsed = dateShape.test(value) ? parseDate(value) : undefined;
    if (parsed && 'problem' in parsed) out.push({ pointer, error: siteError('CONTENT_IMPOSSIBLE_DATE', { written: value, problem: parsed.problem }) });
  });
  return out;
}

/**
 * The words a reader reads in a Markdown text, for reading times and the posts' structured data: what the page
 * does not show is taken out (comments, tags, pictures, links' addresses, reference definitions, code fences,
 * list numbers, `{{verbatim:`), and a run of characters between spaces counts only if it holds a letter or digit,
 * so `##`, `-`, `*`, `>`, `|` and a dash standing alone are not words. Placeholders are not resolved yet: each
 * stands for one word, as a price or a time does.
 */
export function wordCount(markdown: string): number {
  const shown = markdown
    .replace(/<!--[\s\S]*?(?:-->|$)|<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?>|!\[[^\]\n]*\]\([^)\n]*\)|\]\([^)\n]*\)|\{\{\s*verbatim\s*:/gi, ' ')
    .replace(/^[ \t]*(?:\[[^\]\n]+\]:.*|(?:`{3,}|~{3,}).*|\d+[.)](?=\s))/gm, ' ');
  // A match starts at a run's first letter or digit and takes the rest of the run: one per run that has one.
  return shown.match(/[\p{L}\p{N}]\S*/gu)?.length ?? 0;
}

/**
 * A Markdown body's words, or CONTENT_EMPTY_BODY (placed by the caller) when it has none: every Markdown file is
 * a page's text, and without a word it would be a page with a heading and nothing else.
 */
export function bodyWords(body: string): number | SiteError {
  return wordCount(body) || siteError('CONTENT_EMPTY_BODY', {});
}
