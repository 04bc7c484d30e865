// Every problem a person must fix is a SiteError: a stable code from the catalogue below, the file, the JSON
// pointer and position where known, what is wrong, and a hint saying what to do. Stages collect them and fail
// once with a numbered list; a stack trace is only ever shown for a bug in the generator itself.

export const catalogue = {
  CONTENT_JSON_SYNTAX: 'The file is not valid JSON',
  CONTENT_FRONT_MATTER: 'The front matter is not valid YAML',
  CONTENT_SCHEMA: 'A field does not match its schema',
  CONTENT_SCHEMA_REFERENCE: 'The file does not name its schema',
  CONTENT_UNKNOWN_FILE: 'The file is in a place the generator does not read',
  CONTENT_MISSING_FILE: 'A required content file is missing',
  CONTENT_DUPLICATE: 'Two files claim the same slug, code or position',
  CONTENT_SLUG_MISMATCH: 'The file name does not match the slug its content implies',
  CONTENT_ROUTE_COLLISION: 'A page would take the address of another route',
  CONTENT_UNKNOWN_REFERENCE: 'A reference points at something that does not exist',
  CONTENT_MISSING_IMAGE: 'An image file is missing or unreadable',
  CONTENT_UNKNOWN_ICON: 'An icon name is not in the icon set',
  CONTENT_UNKNOWN_FLAG: 'A country code has no flag',
  CONTENT_UNKNOWN_FACT: 'A placeholder names a fact that does not exist',
  CONTENT_HAND_TYPED_FACT: 'A price, time or phone number is typed by hand instead of named',
  TEMPLATE_COMPILE: 'A template does not compile',
  RENDER_FAILED: 'A page failed to render',
  CSS_FAILED: 'The stylesheet does not compile',
  ISLAND_COMPILE: 'An island does not compile',
  BUDGET_EXCEEDED: 'A page ships more JavaScript than its budget',
  MARKDOWN_FAILED: 'A Markdown file failed to render',
  OUTPUT_FAILED: 'The output folder could not be written',
  LINK_BROKEN: 'A link, image, script or stylesheet points nowhere',
  FUNCTION_FAILED: 'A function could not be loaded',
  STORE_UNAVAILABLE: 'The form store could not be read',
} as const;

export type ErrorCode = keyof typeof catalogue;

export interface SiteErrorData {
  code: ErrorCode;
  message: string;
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;
  frame?: string;
  hint?: string;
}

export class SiteError extends Error implements SiteErrorData {
  code: ErrorCode;
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;
  frame?: string;
  hint?: string;

  constructor(data: SiteErrorData) {
    super(data.message);
    this.name = 'SiteError';
    this.code = data.code;
    this.file = data.file;
    this.pointer = data.pointer;
    this.line = data.line;
    this.column = data.column;
    this.frame = data.frame;
    this.hint = data.hint;
  }

  get title(): string {
    return catalogue[this.code];
  }

  /** `content/cities/perth.json:4:17 /population must be string` */
  get headline(): string {
    const where = this.file ? [this.file, this.line, this.line ? this.column : undefined].filter(Boolean).join(':') : '';
    return [where, this.pointer, this.message].filter(Boolean).join(' ');
  }
}

/** A failed stage: every problem found, reported together. */
export class BuildFailure extends Error {
  constructor(readonly stage: string, readonly errors: SiteError[]) {
    super(`${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} in ${stage}`);
    this.name = 'BuildFailure';
  }
}

/** Throws a BuildFailure when the list is not empty. */
export function failIfAny(stage: string, errors: SiteError[]): void {
  if (errors.length > 0) throw new BuildFailure(stage, sortErrors(errors));
}

export function sortErrors(errors: SiteError[]): SiteError[] {
  return [...errors].sort(
    (a, b) =>
      compare(a.file ?? '', b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compare(a.message, b.message),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Line and column (both 1-based) of an offset into text. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Two lines of context either side and a caret under the column, like a compiler's code frame. */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === line ? '>' : ' ';
    const source = lines[n - 1].length > 160 ? `${lines[n - 1].slice(0, 157)}...` : lines[n - 1];
    out.push(`${marker} ${String(n).padStart(width)} | ${source}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, Math.min(column, 158) - 1))}^`);
  }
  return out.join('\n');
}

/** The numbered list printed for a failed stage. Colour is added by the caller. */
export function formatFailure(failure: BuildFailure): string {
  const out = [`✗ ${failure.message}:`, ''];
  failure.errors.forEach((error, i) => {
    out.push(`${String(i + 1).padStart(3)}. ${error.headline}  [${error.code}]`);
    if (error.frame) out.push(indent(error.frame, 7));
    if (error.hint) out.push(indent(`hint: ${error.hint}`, 7));
    out.push('');
  });
  return out.join('\n');
}

function indent(text: string, by: number): string {
  return text
    .split('\n')
    .map((line) => ' '.repeat(by) + line)
    .join('\n');
}

/** Strips ANSI colour codes, for the browser overlay. */
export function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
