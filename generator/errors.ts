// Every problem a person must fix is a SiteError: a stable code from the catalogue below, the file or page,
// the JSON pointer and position where known, what is wrong, and a hint saying what to do. Stages collect
// them and fail once with a numbered list; a stack trace is only ever shown for a bug in the generator itself.
//
// The catalogue is the only place the wording lives. A call site names the code and fills the template's
// `{parameters}`; TypeScript reads the parameter names out of the templates, so a call that forgets one, or
// passes one the template does not have, does not compile.

export const catalogue = {
  PROJECT_NOT_FOUND: {
    title: 'No site here',
    message: 'no site here: {folder} {problem}',
    hint: 'Run site in the project folder, the one holding content/ (with site.json, pages/, cities/ …), or name it with --root <folder>. To start a new site, copy the content/ folder of the site package and edit it.',
  },
  BUILD_DATE_INVALID: {
    title: 'SOURCE_DATE_EPOCH names no date',
    message: 'SOURCE_DATE_EPOCH is "{value}", {problem}',
    hint: "Set it to the time to date the build by, in whole seconds since 1 January 1970 UTC, such as 1764547200 (`git log -1 --format=%ct` gives the last commit's), or leave it unset: pages then take their dates from their content.",
  },
  SETTING_NOT_A_NUMBER: {
    title: 'A setting is not a whole number',
    message: '{name} is "{value}", which is not {expected}',
    hint: 'Set it to {expected}, such as {example}, or leave it unset to let the build choose.',
  },
  CONTENT_JSON_SYNTAX: {
    title: 'The file is not valid JSON',
    message: 'is not valid JSON: {problem}',
    hint: 'JSON needs double quotes around names and strings, commas between items and none after the last one, and no comments.',
  },
  CONTENT_JSON_DEPTH: {
    title: 'A JSON file nests too deeply to read',
    message: 'nests lists or objects thousands of levels deep, more than can be read',
    hint: 'Content nests a few levels at most: write the value as text, a list or an object of its own, as the schema describes it.',
  },
  CONTENT_ENCODING: {
    title: 'The file is not UTF-8 text',
    message: 'is not UTF-8: the character here was saved in another encoding',
    hint: 'Save the file as UTF-8 (in VS Code: click the encoding in the status bar, then Save with Encoding, UTF-8) and check the character; the file was probably saved as Windows-1252 or Latin-1.',
  },
  CONTENT_UTF_SIXTEEN: {
    title: 'The file is UTF-16 text',
    message: 'is saved as UTF-16, which the build does not read',
    hint: 'Save it as UTF-8 (in VS Code: click the encoding in the status bar, then Save with Encoding, UTF-8; Windows Notepad calls UTF-16 "Unicode").',
  },
  CONTENT_CONTROL_CHARACTER: {
    title: 'The text holds an invisible control character',
    message: 'holds the control character {character}, which no page or feed may carry',
    hint: 'Delete it, or put a space or a line break in its place: such characters come with text pasted from a word processor or a PDF (a line break in Word is U+000B).',
  },
  CONTENT_REPEATED_FIELD: {
    title: 'An object names a field twice',
    message: '"{name}" is written twice in one object: only this last value would count',
    hint: 'Keep one "{name}" with the value you mean and delete the other.',
  },
  CONTENT_EMPTY_MARKDOWN: {
    title: 'A Markdown file is empty',
    message: 'is empty: the file has no front matter and no text',
    hint: 'Write its fields between two lines of --- and its text below them, as in the other files of its folder, or delete the file if it is not wanted.',
  },
  CONTENT_NO_FRONT_MATTER: {
    title: 'A Markdown file has no front matter',
    message: 'has no front matter',
    hint: 'Start the file with a block of fields between two lines of ---, such as:\n---\ntitle: "..."\n---',
  },
  CONTENT_FRONT_MATTER_UNCLOSED: {
    title: 'The front matter is not closed',
    message: 'has front matter that no line of --- closes',
    hint: 'End the fields with a line of --- of its own, and write the text below it: without it the whole file is read as fields.',
  },
  CONTENT_EMPTY_BODY: {
    title: 'A Markdown file has no text',
    message: 'has no text after its front matter: its page would be empty',
    hint: 'Write the post or page below the closing --- line, or delete the file if it is not wanted.',
  },
  CONTENT_CHANGED_DURING_BUILD: {
    title: 'A content file changed while the build ran',
    message: 'changed while the build was reading it (or was changed with its size and modification time kept)',
    hint: 'Run the build again: it reads every content file afresh.',
  },
  CONTENT_FRONT_MATTER: {
    title: 'The front matter is not valid YAML',
    message: 'front matter is not valid YAML: {reason}',
    hint: 'Put text that contains a colon, a # or starts with a quote or bracket in double quotes.',
  },
  CONTENT_FRONT_MATTER_AFTER_QUOTE: {
    title: 'Text follows a quoted value in the front matter',
    message: 'has text after the closing {quote} of its value',
    hint: 'Put the whole value inside the quotes. A quote mark inside double quotes is written \\", inside single quotes as two, \'\'.',
  },
  CONTENT_FRONT_MATTER_TAB: {
    title: 'A front matter line is indented with a tab',
    message: 'is indented with a tab: YAML indents with spaces only',
    hint: 'Replace the tab at the start of the line with spaces, as many as the lines around it use (two for a field inside image: or seo:).',
  },
  CONTENT_FRONT_MATTER_QUOTE: {
    title: 'A quote in the front matter is not closed',
    message: 'opens a quote that is not closed on its line',
    hint: 'Close it with {quote} at the end of the value. Inside double quotes a quote mark is written \\", inside single quotes as two, \'\'.',
  },
  CONTENT_FRONT_MATTER_ALIASES: {
    title: 'Front matter repeats itself through YAML aliases',
    message: '{problem}',
    hint: 'Front matter holds a few short fields: write each value out in full where it belongs, without anchors (&name) and aliases (*name).',
  },
  CONTENT_SCHEMA: {
    title: 'A field does not match its schema',
    // The schema explains the problem (see validate.ts) and its description says what the field holds.
    message: '{problem}',
    hint: '{description}',
  },
  CONTENT_IMPOSSIBLE_DATE: {
    title: 'A date names no real day',
    message: '"{written}" {problem}',
    hint: 'Write a real calendar date as dd/mm/yyyy, such as 22/09/2026, or as yyyy-mm-dd.',
  },
  CONTENT_SCHEMA_MISSING: {
    title: 'The schema a file needs is missing',
    message: 'has no schema: {schema} is missing from content/schemas/',
    hint: "A project's content/schemas/ replaces the generator's schemas as a whole: copy {schema} into it from the generator's content/schemas/, or delete the project's content/schemas/ to use the generator's own.",
  },
  CONTENT_SCHEMA_INVALID: {
    title: 'A schema file is not a valid schema',
    message: 'is not a valid schema: {problem}',
    hint: "Correct the schema (JSON Schema, draft-07, as the generator's own content/schemas/ are written), or put the generator's copy of the file back: every content file it describes is checked against it.",
  },
  CONTENT_SCHEMA_REFERENCE: {
    title: 'The file does not name its schema',
    message: 'does not name its schema',
    hint: 'Start the file with "$schema": "{wanted}" so editors check it while you type.',
  },
  CONTENT_WRONG_SCHEMA: {
    title: 'The file names another schema than its own',
    message: 'names the schema {named}',
    hint: 'Start the file with "$schema": "{wanted}" so editors check it while you type.',
  },
  CONTENT_SCHEMA_UNSHOWN: {
    title: 'The content editor cannot show a field',
    message: '{problem}',
    hint: 'Editors cannot change this field at /admin until it has a type the editor can show (see ARCHITECTURE.md, The content editor).',
  },
  CONTENT_UNKNOWN_FILE: {
    title: 'The file is in a place the generator does not read',
    message: 'is not read by the generator',
    hint: '{places}',
  },
  CONTENT_FILE_NAME: {
    title: "A file's name cannot be its page's address",
    message: "{problem}: the file name is its page's address",
    hint: 'Rename the file {how}, such as {renamed}{why}.',
  },
  CONTENT_DANGLING_LINK: {
    title: 'A content file is a link to nothing',
    message: 'is a symbolic link to {target}, which does not exist',
    hint: 'Point the link at a file that exists, put the file itself in its place, or delete the link.',
  },
  NOT_A_FILE: {
    title: 'A file the build reads is not a regular file',
    message: 'is not a regular file ({kind})',
    hint: 'Remove it, or put a file in its place: the build reads it, and a named pipe, socket or device is no file to read (reading a pipe would wait for ever).',
  },
  CONTENT_FOLDER_MISSING: {
    title: 'The content folder is missing',
    message: 'the content folder {folder} {problem}',
    hint: 'Put the folder back (if it was committed: git restore content), or run site in the project folder that holds it (or name that with --root <folder>).',
  },
  CONTENT_MISSING_FILE: {
    title: 'A required content file is missing',
    message: 'is missing',
    hint: "Every site needs {file}. Run `site new` for starters of pages with many copies, or copy the file from the generator's own content folder.",
  },
  CONTENT_DUPLICATE: {
    title: 'Two files claim the same position',
    message: 'position {order} is also taken by {others}',
    hint: 'The next free position is {free}.',
  },
  CONTENT_DUPLICATE_CODE: {
    title: 'Two languages have the same code',
    message: 'language code "{code}" is also used by {others}',
    hint: 'Every language needs its own ISO 639 code.',
  },
  CONTENT_TWO_TARGETS: {
    title: 'More than one language is the target language',
    message: 'only one language can be the target language; {other} already is',
    hint: 'Keep "isTarget": true in one language file only, the language every translation is into; remove it from the others.',
  },
  CONTENT_SLUG_MISMATCH: {
    title: 'The file name does not match the slug its content implies',
    message: '"{name}" gives the address /{slug}, but the file is named {fileName}',
    hint: 'Rename the file to content/languages/{slug}.json.',
  },
  CONTENT_ROUTE_COLLISION: {
    title: 'A page would take the address of another route',
    message: '{address} is already {owner}',
    hint: 'Every page needs an address of its own: rename the file, or change the name or alias that gives it this one.',
  },
  CONTENT_INDEX_PAGE: {
    title: "A page would take its folder's address",
    message: "{address} would be the file {file}, which hosts serve at {served} as its folder's page",
    hint: 'Name it something other than index: that address is the list page\'s (or, at the top, the home page\'s), and this page could not be reached at its own.',
  },
  CONTENT_UNKNOWN_REFERENCE: {
    title: 'A reference points at something that does not exist',
    message: 'no {kind} has the {key} "{value}"',
    hint: 'Known {keys}: {known}.',
  },
  CONTENT_UNKNOWN_PAGE: {
    title: 'An internal link points at no page of the site',
    // `suggestion` is " (did you mean /pricing?)" when an address of the site is close, else empty.
    message: 'links to {target}, which is not a page of the site{suggestion}',
    hint: 'Link to an address the site has: they start with / and have no .html, such as /pricing or /services/passports, and after a build dist/sitemap.xml lists the pages.',
  },
  CONTENT_LINK_TO_DRAFT: {
    title: 'A published page links to a draft',
    message: 'links to {target}, a draft ({draft}) that the build leaves out',
    hint: 'Publish the draft (delete its `draft: true` line, or set it to false), or take the link out until it is published.',
  },
  CONTENT_DRAFT_REFERENCE: {
    title: 'A published entry names a draft',
    message: 'names the {kind} "{value}", a draft ({draft}) that the build leaves out',
    hint: 'Publish the draft (delete its `draft: true` line, or set it to false), or leave it out here until it is published.',
  },
  CONTENT_MISSING_IMAGE: {
    title: 'An image file is missing',
    // `other` is " (there is cities/Perth.jpg: …)" when a file's name differs only in case, why a hidden file is none, else empty.
    message: 'image {src} does not exist{other}',
    hint: 'Put the image at {expected} or correct the path.',
  },
  CONTENT_MARKDOWN_IMAGE: {
    title: 'An image in Markdown is missing',
    message: 'shows the image {src}, which is not a file of the site',
    hint: 'Images live in assets/images/ and are published under names that change with their content, so Markdown cannot name one by path: give the page its picture in the front matter (image: src: "blog/<file>.svg"), or show an image from another site by its full https:// address.',
  },
  CONTENT_SCRIPT: {
    title: 'Content holds a script',
    message: "holds {what}, which would run a script in visitors' browsers",
    hint: 'Write text and simple Markdown only; raw HTML is published as written, so it must not run code. To show code as text, put it in `backticks`.',
  },
  CONTENT_UNREADABLE_IMAGE: {
    title: 'An image file cannot be read',
    message: 'cannot be read as an image ({reason})',
    hint: 'Replace it with a JPEG, PNG, WebP or SVG file. It is used by {users}.',
  },
  CONTENT_IMAGE_NAME: {
    title: "An image's name cannot be written in content",
    message: 'holds {character}, which no content can name: a picture field takes lower-case letters, digits, dots, hyphens and slashes',
    hint: 'Rename it {renamed}, and name it so where content shows it.',
  },
  CONTENT_UNKNOWN_ICON: {
    title: 'An icon name is not in the icon set',
    message: '"{icon}" is not a Lucide icon',
    hint: 'Pick a name from lucide.dev/icons, such as file-text or shield-check.',
  },
  CONTENT_UNKNOWN_FLAG: {
    title: 'A country code has no flag',
    message: 'there is no flag for country code "{countryCode}"',
    hint: 'Use a lowercase two-letter ISO 3166-1 code, such as cn or gr.',
  },
  CONTENT_UNKNOWN_FACT: {
    title: 'A placeholder names a fact that does not exist',
    message: '{placeholder} names no fact',
    hint: 'Add it to content/{source}, or use a name it already has. Plans are named by id: plans.self-service, plans.extract, plans.full.',
  },
  CONTENT_MISSPELT_FACT: {
    title: 'A placeholder names a fact that does not exist, but one like it does',
    message: '{placeholder} names no fact (did you mean {near}?)',
    hint: 'Add it to content/{source}, or use a name it already has. Plans are named by id: plans.self-service, plans.extract, plans.full.',
  },
  CONTENT_UNKNOWN_FACT_FILE: {
    title: 'A placeholder names no file of facts',
    message: '{placeholder} names no fact',
    hint: 'Fact names start with site., plans. or facts., for the file that holds them: content/site.json, content/plans.json (plans by id, such as plans.extract.price) or content/facts.json.',
  },
  CONTENT_FACT_GROUP: {
    title: 'A placeholder names a group of facts',
    message: '{placeholder} names a group of facts, not one fact',
    hint: 'Name one fact inside it, such as {inside}.',
  },
  CONTENT_FACT_LOOP: {
    title: 'Facts name each other in a loop',
    message: '{placeholder} is part of a loop: {chain}',
    hint: 'A fact may name other facts, but never itself through them.',
  },
  CONTENT_HAND_TYPED_FACT: {
    title: 'A price, time or phone number is typed by hand instead of named',
    message: '{written} is a {kind} typed by hand',
    hint: '{suggestion}',
  },
  NEW_INVALID_SLUG: {
    title: 'The slug for a new file is not valid',
    message: '"{slug}" is not a valid slug: {problem}',
    hint: 'Use at most 100 lowercase letters, digits and single hyphens, such as gold-coast.',
  },
  NEW_INVALID_NAME: {
    title: 'The name for a new language cannot make its address',
    message: '"{name}" cannot name a language: {problem}',
    hint: "Write its English name in letters, with spaces, hyphens, slashes, apostrophes or brackets between words, such as Tagalog/Filipino or Sign Language (Auslan): its page's address is made from it, of at most 100 characters.",
  },
  NEW_FILE_EXISTS: {
    title: 'The new file would replace one that exists',
    message: '{file} already exists',
    hint: 'Pick another slug, or edit the existing file.',
  },
  NEW_ADDRESS_TAKEN: {
    title: "The new page's address is taken",
    message: 'the address {address} is taken by {owner}',
    hint: 'Pick another name; a language page takes its address from its English name.',
  },
  NEW_TOO_FEW_LANGUAGES: {
    title: 'A new city needs more languages than exist',
    message: 'a city needs ten languages, and fewer than ten exist in content/languages/',
    hint: 'Add languages first, such as `site new language "Pitjantjatjara"`, then create the city.',
  },
  TEMPLATE_COMPILE: {
    title: 'A template does not compile',
    message: '{problem}',
    hint: '{note}',
  },
  TEMPLATE_TYPE: {
    title: 'The code does not type-check',
    message: '{problem} [{tsCode}]',
    hint: '`site build` compiles templates, islands and functions without checking their types, so `site check` does: correct the code at the place shown.',
  },
  TEMPLATE_NO_DOCUMENT: {
    title: 'The templates have no Document to render pages with',
    message: 'has no index.tsx exporting Document',
    hint: "templates/index.tsx must export the Document component every page is rendered in: copy it from the generator's own templates/, or remove the project's templates/ to use the generator's.",
  },
  TEMPLATE_MISSING_EXPORT: {
    title: 'The templates lack an export every site needs',
    message: 'does not export {name}',
    hint: "{what} Copy it from the generator's own templates/, or remove the project's templates/ to use the generator's.",
  },
  RENDER_FAILED: {
    title: 'A page failed to render',
    message: '{problem}',
    hint: 'The page is made from {source}.',
  },
  CSS_MISSING: {
    title: 'The stylesheet is missing',
    message: 'is missing: the site needs one stylesheet entry',
    hint: "The stylesheet's entry is assets/css/main.css: create it, or remove the project's assets/ to use the generator's own.",
  },
  CSS_FAILED: {
    title: 'The stylesheet does not compile',
    message: '{problem}',
    hint: 'Correct the CSS at the place shown: the stylesheet and every file it imports must be valid CSS.',
  },
  CSS_UNKNOWN_IMPORT: {
    title: 'The stylesheet imports a file that is not there',
    message: '@import names {file}, which is not there',
    hint: 'An @import is read relative to the stylesheet that holds it: create the file, or correct the path.',
  },
  CSS_UNKNOWN_URL: {
    title: 'The stylesheet names a file that is not there',
    message: 'url({url}) does not name a file under assets/',
    hint: 'A url() is read relative to the stylesheet that holds it: put the file there under assets/, or correct the path.',
  },
  ISLAND_COMPILE: {
    title: 'An island does not compile',
    message: '{problem}',
    hint: '{note}',
  },
  BUDGET_EXCEEDED: {
    title: 'A page ships more JavaScript than its budget',
    message: 'ships {over} of gzipped JavaScript',
    hint: 'Islands on the page: {islands}. Wake heavy islands later (visible, interaction) or make them smaller, and keep the script every page runs small and free of frameworks.',
  },
  PAGE_TOO_HEAVY: {
    title: 'A page is heavier than the HTML budget',
    message: 'is {size} of gzipped HTML, over the budget of {budget}',
    hint: '{remedy}',
  },
  OUTPUT_FAILED: {
    title: 'The output folder could not be written',
    message: 'could not be written: {reason}',
    hint: 'Check that the output folder is writable and not held open by another program, then build again: the last complete build is left as it was.',
  },
  DISK_FAILED: {
    title: 'The disk refused a file',
    message: 'failed: {reason}',
    hint: '{remedy} The output folder is never left half-written: it holds the last complete build.',
  },
  OUTPUT_FOLDER_UNSAFE: {
    title: 'The build would replace files that are not its own',
    message: 'the output folder {folder} {problem}',
    hint: 'A build replaces its output folder as a whole: name a folder of its own with --out, such as dist (the default) or public.',
  },
  OUTPUT_FOLDER_UNCREATABLE: {
    title: 'The output folder cannot be made',
    message: 'the output folder {folder} cannot be made: {reason}',
    hint: 'Name a folder on a disk you may write to with --out, such as dist (the default) or public.',
  },
  OUTPUT_TWICE: {
    title: 'Two routes or assets write the same file',
    message: 'is written twice, by {sources}: each makes this same file',
    hint: 'Give each page and asset an address of its own: rename or remove one of the two.',
  },
  SERVE_CANNOT_LISTEN: {
    title: 'The server cannot listen on its address',
    message: 'cannot listen on {address}: {problem}',
    hint: '{remedy}; --port 0 takes any free port.',
  },
  LINK_BROKEN: {
    title: 'A link, image, script or stylesheet points nowhere',
    message: 'links to {url}, which answers {status}',
    hint: 'Correct the address where the page links it (its content file or a template), or add what it points at, then run `site check` again.',
  },
  LINK_FRAGMENT_MISSING: {
    title: 'A link points at a part of a page that is not there',
    message: 'links to {url}, but {page} has no element with the id "{id}"',
    hint: 'The part after # names an element of that page by its id; a section heading\'s id is made from its words ("Our acceptance guarantee" is #our-acceptance-guarantee). Correct the link, or the heading it names, then run `site check` again.',
  },
  FUNCTION_FAILED: {
    title: 'A function could not be loaded',
    message: '{problem}',
    hint: '{note}',
  },
  STORE_UNAVAILABLE: {
    title: 'The form store could not be read',
    message: '{where} could not be read: {reason}',
    hint: 'Run it from the project folder, or pass --root.',
  },
  STORE_NETLIFY_UNAVAILABLE: {
    title: 'The form store on Netlify could not be read',
    message: '{where} could not be read: {reason}',
    hint: 'Check the site ID and that the token belongs to a member of the site.',
  },
  ENQUIRY_NOT_FOUND: {
    title: 'No such stored enquiry',
    message: '{keys} {verb} not in {where}',
    hint: 'Run `site enquiries` to list the stored enquiries and their ids.',
  },
  ENQUIRY_NOT_HELD: {
    title: 'A stored enquiry is not held',
    message: '{keys} {verb} waiting for a delivery run, not held; it is left as it is',
    hint: 'Only a held or unconfirmed enquiry waits for you: run `site enquiries` to see which are.',
  },
  ENQUIRY_UNREADABLE: {
    title: 'A stored enquiry cannot be read',
    message: '{place} cannot be read: {problem}; it cannot be mailed, and is left as it is',
    hint: 'Read what the visitor sent in it and answer them yourself, then mend the record (its "key" is its name; "variant" and "data" as in the others) or remove it.',
  },
  SUBSCRIBER_UNREADABLE: {
    title: 'A stored sign-up cannot be read',
    message: '{place} cannot be read: {problem}; it is left out of the export',
    hint: 'Mend the record (an "email" and a "subscribedAt" time, as in the others) or remove it; every other sign-up was exported.',
  },
  EXPORT_FAILED: {
    title: 'The export could not be written',
    message: 'could not be written: {reason}',
    hint: 'Name a file in a folder that exists and that you may write, such as --out subscribers.csv.',
  },
  ENQUIRY_NONE_NAMED: {
    title: 'No enquiry named',
    message: 'name the enquiries to retry by their ids, or retry them all with --all',
    hint: 'Run `site enquiries` to list the stored enquiries and their ids.',
  },
  STORE_NOT_CONFIGURED: {
    title: 'The form store is not configured',
    message: '--netlify needs NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN in the environment.',
    hint: 'The site ID is under Site configuration in the Netlify app; create a personal access token under User settings > Applications.',
  },
} as const satisfies Record<string, { title: string; message: string; hint: string }>;

export type ErrorCode = keyof typeof catalogue;

/** The `{names}` a template uses. */
type Names<T> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | Names<Rest> : never;
type MessageNames<C extends ErrorCode> = Names<(typeof catalogue)[C]['message']>;
type HintNames<C extends ErrorCode> = Exclude<Names<(typeof catalogue)[C]['hint']>, MessageNames<C>>;

/**
 * What a code's templates need. A parameter only the hint uses may be undefined: the error then has no hint,
 * for a hint with a hole in it helps nobody.
 */
export type ErrorParams<C extends ErrorCode> = { [K in MessageNames<C>]: string | number } & { [K in HintNames<C>]: string | number | undefined };

/** Where a problem is: a file (and a place in it), a page of the site (its address), or both. */
export type Place = Pick<SiteError, 'file' | 'page' | 'pointer' | 'line' | 'column' | 'frame'>;

export type SiteErrorData = ReturnType<SiteError['toJSON']>;

type Values = Record<string, string | number | undefined>;

/** Fills a template's `{name}`s. */
export function fill(template: string, params: Values): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Whether every `{name}` a template uses has a value. */
function complete(template: string, params: Values): boolean {
  return [...template.matchAll(/\{(\w+)\}/g)].every(([, name]) => params[name] !== undefined && params[name] !== '');
}

export class SiteError extends Error {
  code: ErrorCode;
  file?: string;
  page?: string;
  pointer?: string;
  line?: number;
  column?: number;
  frame?: string;
  hint?: string;

  /** Use siteError(), which takes the wording from the catalogue. */
  constructor(code: ErrorCode, message: string, hint: string | undefined, place: Place) {
    super(message);
    this.name = 'SiteError';
    this.code = code;
    this.hint = hint;
    Object.assign(this, place);
  }

  get title(): string {
    return catalogue[this.code].title;
  }

  /**
   * `content/cities/perth.json:4:17 /population must be text`, or for a page
   * `/contact (content/pages/contact.json) ships 20.1 KB at load ...`.
   */
  get headline(): string {
    const where = this.file ? [this.file, this.line, this.line ? this.column : undefined].filter(Boolean).join(':') : '';
    const subject = this.page ? (where ? `${this.page} (${where})` : this.page) : where;
    return [subject, this.pointer, this.message].filter(Boolean).join(' ');
  }

  /** The error as plain data: what `site serve` sends to the browser's error overlay. */
  toJSON() {
    const { code, title, file, page, pointer, line, column, message, hint, frame } = this;
    return { code, title, file, page, pointer, line, column, message, hint, frame };
  }
}

/** The error a code's templates describe, filled with its parameters, at a place. */
export function siteError<C extends ErrorCode>(code: C, params: ErrorParams<C>, place: Place = {}): SiteError {
  const entry: { message: string; hint: string } = catalogue[code];
  const values = params as Values;
  const hint = complete(entry.hint, values) ? fill(entry.hint, values) : undefined;
  return new SiteError(code, fill(entry.message, values), hint, place);
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
      compare(a.page ?? '', b.page ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compare(a.message, b.message),
  );
}

/**
 * Code-unit order. Sorting uses it rather than localeCompare: slugs, ISO dates and capitalised English names
 * sort the same either way, and ICU collation is many times slower.
 */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Line and column (both 1-based) of an offset into text. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** The widest a frame's source text is shown; a longer line is cut to a window around the caret. */
const frameWidth = 155;

/**
 * Two lines of context either side and a caret under the column, like a compiler's code frame. A line wider
 * than frameWidth is shown as a window centred on the caret, with "…" where it is cut, so the caret always
 * points at the text itself (a minified line, a long paragraph of Markdown); the context lines share the
 * window, so columns stay aligned.
 */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const longest = Math.max(...lines.slice(first - 1, last).map((l) => l.length));
  // The window's first column (0-based): the caret in the middle, within the longest line (0 when all fit).
  const start = Math.max(0, Math.min(column - 1 - Math.floor(frameWidth / 2), longest - frameWidth));
  const cut = (source: string) => `${start > 0 ? '…' : ''}${source.slice(start, start + frameWidth)}${start + frameWidth < source.length ? '…' : ''}`;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${cut(lines[n - 1])}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1 - start) + (start > 0 ? 1 : 0))}^`);
  }
  return out.join('\n');
}

/** A place in a file: a line and column of its text, with the code frame around them. */
export function framed(file: string, text: string, { line, column }: { line: number; column: number }): Place {
  return { file, line, column, frame: codeFrame(text, line, column) };
}

/**
 * One mistake in a shared template fails every page that uses it, with the same message at the same line: the
 * terminal and the browser's overlay list it once, with the other pages it failed (`pages`) and each distinct
 * hint (`hints`): a hint may name the page's own content file, which the first page's does not for the rest.
 */
export function groupByCause(errors: SiteError[]): { error: SiteError; number: number; pages: string[]; hints: string[] }[] {
  const byCause = new Map<string | number, { error: SiteError; number: number; pages: string[]; hints: string[] }>();
  errors.forEach((error, i) => {
    // A problem with no page is its own cause.
    const cause = error.page ? JSON.stringify([error.code, error.file, error.line, error.column, error.message]) : i;
    const same = byCause.get(cause) ?? byCause.set(cause, { error, number: i + 1, pages: [], hints: [] }).get(cause)!;
    if (same.error !== error) same.pages.push(error.page!);
    if (error.hint && !same.hints.includes(error.hint)) same.hints.push(error.hint);
  });
  return [...byCause.values()];
}

/** The numbered list printed for a failed stage. Colour is added by the caller. */
export function formatFailure(failure: BuildFailure): string {
  const out = [`✗ ${failure.message}:`, ''];
  const groups = groupByCause(failure.errors);
  groups.forEach(({ error, number, pages, hints }, i) => {
    // The title heads each run of problems of one kind.
    if (error.code !== groups[i - 1]?.error.code) out.push(`     ${error.title}:`);
    out.push(`${String(number).padStart(3)}. ${error.headline}  [${error.code}]`);
    if (pages.length) out.push(indent(`the same on ${pages.length} more ${pages.length === 1 ? 'page' : 'pages'}: ${pages.slice(0, 5).join(', ')}${pages.length > 5 ? ', …' : ''}`, 7));
    if (error.frame) out.push(indent(error.frame, 7));
    for (const hint of [...hints.slice(0, 5), ...(hints.length > 5 ? [`… and ${hints.length - 5} more`] : [])]) out.push(indent(`hint: ${hint}`, 7));
    out.push('');
  });
  return out.join('\n');
}

function indent(text: string, by: number): string {
  return text.replace(/^/gm, ' '.repeat(by));
}

