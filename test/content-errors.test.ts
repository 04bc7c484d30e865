// One fixture per error code of the content stage: each names the file, the pointer, the line and column,
// and says what is wrong in words a person can act on. The message texts are pinned here so they stay good.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { copyCode, fixture, repoRoot } from './helpers/project.ts';
import { renderError } from '../generator/render/render.ts';
import { resolveProject } from '../generator/project.ts';
import type { Page } from '../generator/routes.ts';
import { failure, replaceIn } from './helpers/failure.ts';
import { loadContent } from '../generator/content/load.ts';
import { createStarter } from '../generator/new.ts';
import { BuildFailure } from '../generator/errors.ts';
import { silentLogger } from '../generator/log.ts';

const test = suite('content errors');

test('CONTENT_SCHEMA: a number where text is expected, with line, column, frame and the field description', async () => {
  const [error] = await failure((f) => replaceIn(f, 'content/cities/perth.json', '"population": "2.3 million"', '"population": 2300000'));
  assert.is(error.code, 'CONTENT_SCHEMA');
  assert.is(error.headline, 'content/cities/perth.json:7:17 /population must be text');
  assert.match(error.frame!, /> 7 \|   "population": 2300000,/);
  assert.match(error.frame!, /\n\s+\|\s{17}\^/);
  assert.is(error.hint, 'The population as text, such as 5.3 million or 147,000.');
});

test('CONTENT_SCHEMA: limits in words, with what the value has: a length, a number of items, a number out of range', async () => {
  const errors = await failure((f) =>
    f.editJson('content/cities/perth.json', (d) => {
      d.order = 0;
      d.coordinates.latitude = 31.95;
      d.localGuide.heading = 'WA';
      d.localGuide.paragraphs = ['Too short to say much about Perth.'];
    }),
  );
  assert.equal(
    errors.map((e) => e.headline.replace(/:\d+:\d+ /, ' ')),
    [
      'content/cities/perth.json /order must be at least 1 (it is 0)',
      'content/cities/perth.json /coordinates/latitude must be at most -9 (it is 31.95)',
      'content/cities/perth.json /localGuide/heading must have at least 5 characters (it has 2)',
      'content/cities/perth.json /localGuide/paragraphs must have at least 2 items (it has 1)',
      'content/cities/perth.json /localGuide/paragraphs/0 must have at least 40 characters (it has 34)',
    ],
  );
});

test('CONTENT_SCHEMA: a misspelt field suggests the right one, and the missing field is reported too', async () => {
  const errors = await failure((f) => replaceIn(f, 'content/cities/perth.json', '"stateName"', '"stateNmae"'));
  const headlines = errors.map((e) => e.headline);
  assert.equal(headlines, [
    'content/cities/perth.json:1:1 /stateName is required but missing',
    'content/cities/perth.json:5:3 /stateNmae is not a known field (did you mean "stateName"?)',
  ]);
});

test('CONTENT_SCHEMA: every problem of a run is reported at once, across files', async () => {
  const errors = await failure((f) => {
    f.editJson('content/cities/perth.json', (d) => (d.state = 'Western Australia'));
    f.editJson('content/services/payslips.json', (d) => (d.pricing.startingPrice = '89.95'));
    f.editJson('content/site.json', (d) => (d.orderUrl = 'https://orders.example.net/providers/wattle-translations/new'));
  });
  assert.equal(
    errors.map((e) => `${e.file} ${e.pointer} ${e.message}`),
    [
      'content/cities/perth.json /state must be one of: "NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"',
      'content/services/payslips.json /pricing/startingPrice "89.95" does not have the expected form',
      `content/site.json /orderUrl "https://orders.example.net/providers/wattle-translations/new" does not have the expected form`,
    ],
  );
  assert.is(errors[1].hint, 'A price in Australian dollars, such as $44.95.');
  assert.is(errors[2].hint, "The external order page on the provider's profile; its path must end in /create.");
});

test('CONTENT_SCHEMA: a language sets no seo title, which its page would not show (the title is made from its name and price)', async () => {
  const [error] = await failure((f) => f.editJson('content/languages/afrikaans.json', (d) => (d.seo = { title: 'Afrikaans translations in Perth', ...d.seo })));
  assert.is(error.code, 'CONTENT_SCHEMA');
  assert.is(error.headline, 'content/languages/afrikaans.json:20:5 /seo/title is not a known field');
  assert.is(error.hint, 'Known fields here: description, keywords.');
});

test('CONTENT_SCHEMA: blog front matter is validated with the line of the field', async () => {
  const [error] = await failure((f) => replaceIn(f, 'content/blog/naati-vs-standard-translations-differences.md', 'date: "22/09/2026"', 'date: 22 September 2026'));
  assert.is(error.code, 'CONTENT_SCHEMA');
  assert.is(error.headline, 'content/blog/naati-vs-standard-translations-differences.md:4:1 /date "22 September 2026" does not have the expected form');
  assert.is(error.hint, 'A date as dd/mm/yyyy, such as 22/09/2026, or as yyyy-mm-dd; the site shows dd/mm/yyyy.');
});

test('CONTENT_IMPOSSIBLE_DATE: a day the calendar lacks is refused, whichever way it is written, with the file, field and why', async () => {
  const errors = await failure((f) => {
    replaceIn(f, 'content/blog/naati-vs-standard-translations-differences.md', 'date: "22/09/2026"', 'date: "31/02/2026"');
    // Unquoted, YAML would have read this as a Date and rolled it into 3 March before anything could see it.
    replaceIn(f, 'content/blog/choose-right-translation-service-legal-documents.md', 'date: "18/08/2026"', 'date: 2026-02-29');
    // Whatever day the terms were last updated on: that date moves with every change to them.
    replaceIn(f, 'content/pages/terms.md', f.read('content/pages/terms.md').match(/^updated: .*$/m)![0], 'updated: "2026-04-31"');
    f.editJson('content/site.json', (d) => (d.updated = '2026-06-31'));
  });
  assert.equal(
    // site.json is written anew by editJson, so its line depends on the fields above; its column does not.
    errors.map((e) => e.headline.replace(/^(content\/site\.json):\d+:/, '$1:N:')),
    [
      'content/blog/choose-right-translation-service-legal-documents.md:4:1 /date "2026-02-29" is not a real date: February 2026 has 28 days',
      'content/blog/naati-vs-standard-translations-differences.md:4:1 /date "31/02/2026" is not a real date: February 2026 has 28 days',
      'content/pages/terms.md:6:1 /updated "2026-04-31" is not a real date: April 2026 has 30 days',
      'content/site.json:N:14 /updated "2026-06-31" is not a real date: June 2026 has 30 days',
    ],
  );
  assert.ok(errors.every((e) => e.code === 'CONTENT_IMPOSSIBLE_DATE'));
  assert.match(errors[0].hint!, 'dd/mm/yyyy');
});

test('CONTENT_JSON_SYNTAX: a missing comma is placed where the parser stopped', async () => {
  const [error] = await failure((f) => replaceIn(f, 'content/cities/perth.json', '"state": "WA",', '"state": "WA"'));
  assert.is(error.code, 'CONTENT_JSON_SYNTAX');
  assert.is(error.headline, 'content/cities/perth.json:5:3 is not valid JSON: comma expected');
});

test('CONTENT_JSON_SYNTAX: an empty JSON file (or one of spaces) says it is empty, rather than "value expected"', async () => {
  const errors = await failure((f) => {
    f.write('content/cities/perth.json', '');
    f.write('content/cities/darwin.json', '\n  \n');
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    'CONTENT_JSON_SYNTAX content/cities/darwin.json:1:1 is not valid JSON: the file is empty',
    'CONTENT_JSON_SYNTAX content/cities/perth.json:1:1 is not valid JSON: the file is empty',
  ]);
});

test('CONTENT_JSON_DEPTH: JSON nested thousands of levels deep is named as such, not a stack trace or a wrong "not valid JSON"', async () => {
  // Valid JSON 5,000 deep was called invalid ("unexpected character" at 1:1); 20,000 deep, valid or not, stopped
  // the build with a stack overflow (RangeError) from the parser that looks for repeated names and places problems.
  const deep = (n: number, close = n) => `{"a": ${'['.repeat(n)}${']'.repeat(close)}}`;
  const errors = await failure((f) => {
    f.write('content/cities/perth.json', deep(5_000));
    f.write('content/cities/darwin.json', deep(20_000));
    f.write('content/cities/hobart.json', deep(20_000, 19_999));
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), ['darwin', 'hobart', 'perth'].map((city) => `CONTENT_JSON_DEPTH content/cities/${city}.json:1:1 nests lists or objects thousands of levels deep, more than can be read`));
});

test('CONTENT_EMPTY_MARKDOWN: an empty Markdown file (or one of spaces and blank lines) says it is empty, as an empty JSON file does, rather than "has no front matter"', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await failure((f) => {
    f.write(post, '');
    f.write('content/pages/terms.md', '\n  \r\n\t\n');
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    `CONTENT_EMPTY_MARKDOWN ${post}:1:1 is empty: the file has no front matter and no text`,
    'CONTENT_EMPTY_MARKDOWN content/pages/terms.md:1:1 is empty: the file has no front matter and no text',
  ]);
  assert.match(errors[0].hint!, /delete the file/);
});

test('CONTENT_ENCODING: a file saved in another encoding is refused at the character, rather than built with U+FFFD in its place', async () => {
  const errors = await failure((f) => {
    const latin1 = Buffer.from(f.read('content/cities/perth.json').replace('"Perth"', '"Perthé"'), 'latin1');
    fs.writeFileSync(path.join(f.root, 'content/cities/perth.json'), latin1);
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), ['CONTENT_ENCODING content/cities/perth.json:3:17 is not UTF-8: the character here was saved in another encoding']);
  assert.match(errors[0].frame!, /> 3 \|   "name": "Perth\uFFFD",\n\s+\| {17}\^/);
  assert.match(errors[0].hint!, /^Save the file as UTF-8/);
});

test('CONTENT_UTF_SIXTEEN: a file saved as UTF-16 (Windows Notepad\'s "Unicode") is named as such, not as Windows-1252 with a frame of stray bytes', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await failure((f) => {
    const le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    fs.writeFileSync(path.join(f.root, 'content/cities/perth.json'), le(f.read('content/cities/perth.json')));
    fs.writeFileSync(path.join(f.root, post), le(f.read(post)).swap16());
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline} ${e.frame}`), [
    `CONTENT_UTF_SIXTEEN ${post} is saved as UTF-16, which the build does not read undefined`,
    'CONTENT_UTF_SIXTEEN content/cities/perth.json is saved as UTF-16, which the build does not read undefined',
  ]);
  assert.match(errors[0].hint!, /^Save it as UTF-8/);
});

test('CONTENT_UTF_SIXTEEN: a file saved as UTF-16 without a byte-order mark is named as such too, not as holding the control character U+0000', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await failure((f) => {
    fs.writeFileSync(path.join(f.root, 'content/cities/perth.json'), Buffer.from(f.read('content/cities/perth.json'), 'utf16le'));
    fs.writeFileSync(path.join(f.root, post), Buffer.from(f.read(post), 'utf16le').swap16());
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    `CONTENT_UTF_SIXTEEN ${post} is saved as UTF-16, which the build does not read`,
    'CONTENT_UTF_SIXTEEN content/cities/perth.json is saved as UTF-16, which the build does not read',
  ]);
});

test('CONTENT_CONTROL_CHARACTER: a control character, written or escaped, is refused where it stands, rather than making the feed invalid XML', async () => {
  const errors = await failure((f) => {
    // As the editor writes text pasted from a word processor, whose line break is U+000B.
    replaceIn(f, 'content/cities/perth.json', '"name": "Perth"', '"name": "Perth\\u000b"');
    replaceIn(f, 'content/blog/choose-right-translation-service-legal-documents.md', 'title: "How to', 'title: "\\x07How to');
    replaceIn(f, 'content/blog/naati-vs-standard-translations-differences.md', '\n---\n', '\n---\n\u0085\n');
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    'CONTENT_CONTROL_CHARACTER content/blog/choose-right-translation-service-legal-documents.md:2:1 /title holds the control character U+0007, which no page or feed may carry',
    'CONTENT_CONTROL_CHARACTER content/blog/naati-vs-standard-translations-differences.md:15:1 holds the control character U+0085, which no page or feed may carry',
    'CONTENT_CONTROL_CHARACTER content/cities/perth.json:3:11 /name holds the control character U+000B, which no page or feed may carry',
  ]);
  assert.match(errors[0].hint!, /^Delete it/);
});

test('CONTENT_REPEATED_FIELD: a field written twice in one object is refused at the second, rather than the first silently ignored', async () => {
  const errors = await failure((f) => {
    replaceIn(f, 'content/cities/perth.json', '"state": "WA",', '"state": "WA",\n  "name": "Perth City",');
    replaceIn(f, 'content/cities/darwin.json', '"image": {', '"image": {\n    "alt": "A \\"quoted\\" alt: with a colon",');
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    'CONTENT_REPEATED_FIELD content/cities/darwin.json:12:5 /image/alt "alt" is written twice in one object: only this last value would count',
    'CONTENT_REPEATED_FIELD content/cities/perth.json:5:3 /name "name" is written twice in one object: only this last value would count',
  ]);
  assert.match(errors[1].frame!, /> 5 \|   "name": "Perth City",/);
  assert.is(errors[1].hint, 'Keep one "name" with the value you mean and delete the other.');
});

test('CONTENT_FRONT_MATTER: broken YAML names the line', async () => {
  const [error] = await failure((f) => replaceIn(f, 'content/blog/naati-vs-standard-translations-differences.md', 'category: "Translation"', 'category: [Translation'));
  assert.is(error.code, 'CONTENT_FRONT_MATTER');
  assert.is(error.file, 'content/blog/naati-vs-standard-translations-differences.md');
  assert.match(error.message, /^front matter is not valid YAML: /);
  assert.ok(error.line! >= 6, `line ${error.line}`);
});

test('CONTENT_EMPTY_BODY: a post or page with nothing after its front matter is refused, rather than built as an empty "1 min read" article', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await failure((f) => {
    const text = f.read(post);
    const end = text.indexOf('\n---\n', 3) + 5;
    f.write(post, `${text.slice(0, end)}\n  \n\t\n`);
    // Only the front matter, ending without a line break.
    f.write('content/pages/terms.md', f.read('content/pages/terms.md').replace(/\n---\n[\s\S]*$/, '\n---'));
    // Markup with no word a reader would read.
    f.write('content/pages/privacy-policy.md', f.read('content/pages/privacy-policy.md').replace(/\n---\n[\s\S]*$/, '\n---\n## \n<!-- To be written -->\n'));
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    `CONTENT_EMPTY_BODY ${post}:15:1 has no text after its front matter: its page would be empty`,
    'CONTENT_EMPTY_BODY content/pages/privacy-policy.md:9:1 has no text after its front matter: its page would be empty',
    'CONTENT_EMPTY_BODY content/pages/terms.md:8:4 has no text after its front matter: its page would be empty',
  ]);
  assert.match(errors[0].hint!, /below the closing ---/);
});

test('CONTENT_FRONT_MATTER: the problem is placed at its own line of the file, not the one after it', async () => {
  const errors = await failure((f) => replaceIn(f, 'content/blog/naati-vs-standard-translations-differences.md', 'author: "Priya Raman, Senior Translation Coordinator"', 'author: Priya Raman: Senior Translation Coordinator'));
  assert.equal(errors.map((e) => [e.code, e.line]), [['CONTENT_FRONT_MATTER', 5]]);
  assert.match(errors[0].frame!, /> 5 \| author: Priya Raman: Senior/);
});

test('CONTENT_FRONT_MATTER_TAB: a front matter line indented with a tab is named at the tab, not as bad indentation of the line after it with a hint about quotes', async () => {
  const errors = await failure((f) => replaceIn(f, 'content/blog/naati-vs-standard-translations-differences.md', '\n  src: ', '\n\tsrc: '));
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), ['CONTENT_FRONT_MATTER_TAB content/blog/naati-vs-standard-translations-differences.md:8:1 is indented with a tab: YAML indents with spaces only']);
  assert.match(errors[0].frame!, />\s+8 \| \tsrc:/);
  assert.is(errors[0].hint, 'Replace the tab at the start of the line with spaces, as many as the lines around it use (two for a field inside image: or seo:).');
});

test('CONTENT_FRONT_MATTER_QUOTE: a quote not closed is named on its own line, not as bad indentation where the next quote ends it', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await failure((f) => {
    replaceIn(f, post, 'category: "Translation"', 'category: "Translation');
    // A quoted value may go on over lines when it is closed: that is no problem.
    replaceIn(f, 'content/blog/choose-right-translation-service-legal-documents.md', '\nauthor: "', '\nauthor: "Wattle\n  ');
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [`CONTENT_FRONT_MATTER_QUOTE ${post}:6:11 opens a quote that is not closed on its line`]);
  assert.match(errors[0].hint!, /^Close it with " at the end of the value/);
});

test('CONTENT_FRONT_MATTER_AFTER_QUOTE: text after a value\'s closing quote is named where it starts, on its own line, not as js-yaml\'s "multiline key" on the next; a comment there is no problem', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await failure((f) => {
    replaceIn(f, post, 'title: "NAATI Certified vs Standard Translations: What\'s the Difference?"', 'title: "NAATI Certified vs "Standard" Translations"');
    replaceIn(f, 'content/blog/choose-right-translation-service-legal-documents.md', 'category: "Legal"', 'category: "Legal" # the category filter\'s name');
    // The last field before the closing line, where js-yaml fails on the line itself.
    replaceIn(f, 'content/blog/choose-right-translation-service-legal-documents.md', '  title: "Choosing a Translation Service for Legal Documents"', '  title: \'Choosing a Translation Service\' for Legal Documents');
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    `CONTENT_FRONT_MATTER_AFTER_QUOTE content/blog/choose-right-translation-service-legal-documents.md:12:43 has text after the closing ' of its value`,
    `CONTENT_FRONT_MATTER_AFTER_QUOTE ${post}:2:29 has text after the closing " of its value`,
  ]);
  assert.match(errors[1].hint!, /^Put the whole value inside the quotes/);
});

test('CONTENT_REPEATED_FIELD: a front matter field written twice is named at the second, as in JSON, not as YAML jargon with a hint about quotes', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await failure((f) => {
    replaceIn(f, post, 'icon: "languages"', 'icon: "languages"\ntitle:\n  "Another title"');
    replaceIn(f, 'content/blog/choose-right-translation-service-legal-documents.md', '\n  alt: ', '\n  "src": "blog/x.svg"\n  alt: ');
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    'CONTENT_REPEATED_FIELD content/blog/choose-right-translation-service-legal-documents.md:9:3 "src" is written twice in one object: only this last value would count',
    `CONTENT_REPEATED_FIELD ${post}:11:1 "title" is written twice in one object: only this last value would count`,
  ]);
  assert.match(errors[1].frame!, /> 11 \| title:/);
  assert.is(errors[1].hint, 'Keep one "title" with the value you mean and delete the other.');
});

test('CONTENT_FRONT_MATTER_UNCLOSED: front matter with no closing --- is named as such, not as YAML the text after it breaks (or as an empty page)', async () => {
  const errors = await failure((f) => {
    replaceIn(f, 'content/blog/naati-vs-standard-translations-differences.md', '\n---\n', '\n\n');
    // Here the rest of the file would be read as YAML and pass: the page would have no text.
    f.write('content/pages/terms.md', f.read('content/pages/terms.md').replace(/\n---\n[\s\S]*$/, '\n'));
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    'CONTENT_FRONT_MATTER_UNCLOSED content/blog/naati-vs-standard-translations-differences.md:1:1 has front matter that no line of --- closes',
    'CONTENT_FRONT_MATTER_UNCLOSED content/pages/terms.md:1:1 has front matter that no line of --- closes',
  ]);
  assert.match(errors[0].hint!, /^End the fields with a line of ---/);
});

test('CONTENT_FRONT_MATTER_ALIASES: front matter that YAML aliases expand into millions of values, or that holds itself through one, is named at its field, not run out of memory or stack', async () => {
  // Nine lists of ten, each of the one before, ran the build out of memory after a minute and a half; a list that
  // holds itself stopped it at once with a stack trace (RangeError) from the walk of its fields.
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const lists = 'abcdefghi'.split('').map((name, i, names) => `${name}: &${name} [${Array(10).fill(i ? `*${names[i - 1]}` : '"x"').join(', ')}]`);
  const errors = await failure((f) => {
    f.write(post, f.read(post).replace(/^---\n/, `---\n${lists.join('\n')}\n`));
    replaceIn(f, 'content/pages/terms.md', '\nupdated:', '\nlinks: &links ["terms", *links]\nupdated:');
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [
    `CONTENT_FRONT_MATTER_ALIASES ${post}:5:1 /d holds more than 10,000 values once its YAML aliases (*name) are written out`,
    'CONTENT_FRONT_MATTER_ALIASES content/pages/terms.md:6:1 /links holds itself through a YAML alias (*name), so it never ends',
  ]);
  assert.match(errors[0].frame!, />\s+5 \| d: &d \[\*c, \*c,/);
  assert.is(errors[0].hint, 'Front matter holds a few short fields: write each value out in full where it belongs, without anchors (&name) and aliases (*name).');
});

test('CONTENT_SCHEMA_REFERENCE: a JSON file must name its schema', async () => {
  const [error] = await failure((f) => f.editJson('content/cities/perth.json', (d) => delete d.$schema));
  assert.is(error.code, 'CONTENT_SCHEMA_REFERENCE');
  assert.is(error.message, 'does not name its schema');
  assert.is(error.hint, 'Start the file with "$schema": "../schemas/city.schema.json" so editors check it while you type.');
});

test('CONTENT_UNKNOWN_FILE: a file in a place nothing reads', async () => {
  const [error] = await failure((f) => f.write('content/city/perth.json', '{}'));
  assert.is(error.code, 'CONTENT_UNKNOWN_FILE');
  assert.is(error.headline, 'content/city/perth.json is not read by the generator');
  assert.match(error.hint!, /cities\/<slug>\.json/);
});

test('CONTENT_UNKNOWN_FILE: a post or entry saved as .markdown or with its extension in capitals is named, not silently left out', async () => {
  const errors = await failure((f) => {
    const post = f.read('content/blog/naati-vs-standard-translations-differences.md');
    f.write('content/blog/visa-checklist.markdown', post);
    f.write('content/blog/visa-tips.MD', post);
    f.write('content/cities/ballarat.JSON', f.read('content/cities/perth.json'));
    f.write('content/blog/readme.txt', 'notes for editors');
    f.write('content/blog/Readme.MD', 'notes for editors');
  });
  assert.equal(
    errors.filter((e) => e.code === 'CONTENT_UNKNOWN_FILE').map((e) => e.headline).sort(),
    ['content/blog/visa-checklist.markdown', 'content/blog/visa-tips.MD', 'content/cities/ballarat.JSON'].map((file) => `${file} is not read by the generator`).sort(),
  );
});

test('CONTENT_FILE_NAME: a file whose name cannot be an address as written (#, ?, %, a space) is refused, with a name that can', async () => {
  const errors = await failure((f) => {
    const post = f.read('content/blog/naati-vs-standard-translations-differences.md');
    for (const name of ['c#-guide', 'why?', '100%-online', 'Résumé Tips']) f.write(`content/blog/${name}.md`, post);
    f.write('content/cities/alice springs.json', f.read('content/cities/perth.json'));
  });
  const named = errors.filter((e) => e.code === 'CONTENT_FILE_NAME');
  assert.equal(named.map((e) => `${e.headline} | ${e.hint}`), [
    'content/blog/100%-online.md holds "%", which a page address cannot hold as written: the file name is its page\'s address | Rename the file with lowercase letters, digits and hyphens, such as 100-online.md; links to it as it is named would lead to no page.',
    'content/blog/Résumé Tips.md holds " ", which a page address cannot hold as written: the file name is its page\'s address | Rename the file with lowercase letters, digits and hyphens, such as resume-tips.md; links to it as it is named would lead to no page.',
    'content/blog/c#-guide.md holds "#", which a page address cannot hold as written: the file name is its page\'s address | Rename the file with lowercase letters, digits and hyphens, such as c-guide.md; links to it as it is named would lead to no page.',
    'content/blog/why?.md holds "?", which a page address cannot hold as written: the file name is its page\'s address | Rename the file with lowercase letters, digits and hyphens, such as why.md; links to it as it is named would lead to no page.',
    'content/cities/alice springs.json holds " ", which a page address cannot hold as written: the file name is its page\'s address | Rename the file with lowercase letters, digits and hyphens, such as alice-springs.json; links to it as it is named would lead to no page.',
  ]);
});

test('CONTENT_FILE_NAME: a file named with capitals is refused, saying to rename it in lower case, as site new refuses that slug', async () => {
  const errors = await failure((f) => {
    f.write('content/blog/My-Post.md', f.read('content/blog/naati-vs-standard-translations-differences.md'));
    f.write('content/cities/Ballarat.json', f.read('content/cities/perth.json'));
  });
  const named = errors.filter((e) => e.code === 'CONTENT_FILE_NAME');
  assert.equal(named.map((e) => `${e.headline} | ${e.hint}`), [
    'content/blog/My-Post.md holds "M", a capital letter: the file name is its page\'s address | Rename the file in lower case, such as my-post.md: addresses are case-sensitive on the host, so a link written in lower case would lead to no page, and two files whose names differ only in case would clash on a disk that ignores case.',
    'content/cities/Ballarat.json holds "B", a capital letter: the file name is its page\'s address | Rename the file in lower case, such as ballarat.json: addresses are case-sensitive on the host, so a link written in lower case would lead to no page, and two files whose names differ only in case would clash on a disk that ignores case.',
  ]);
});

test('CONTENT_FILE_NAME: the build refuses exactly the file names site new refuses as slugs (one rule): dots, underscores, accents, stray hyphens, over 100 characters', async () => {
  const f = fixture();
  try {
    const names = ['plain-post', 'post-2', 'a'.repeat(100), 'My-Post', 'post_2', 'v1.2-notes', 'café-guide', 'trail-', 'two--hyphens', 'a'.repeat(101), 'Résumé Tips'];
    const refusedByNew: string[] = [];
    for (const name of names) {
      try {
        await createStarter({ root: f.root, kind: 'blog', slug: name, today: '01/12/2026', logger: silentLogger });
      } catch (error) {
        if (!(error instanceof BuildFailure)) throw error;
        assert.equal(error.errors.map((e) => e.code), ['NEW_INVALID_SLUG'], name);
        refusedByNew.push(name);
      }
    }
    const post = f.read('content/blog/naati-vs-standard-translations-differences.md');
    for (const name of names) f.write(`content/blog/${name}.md`, post);
    const { errors } = loadContent(resolveProject(f.root));
    const refusedByBuild = errors.filter((e) => e.code === 'CONTENT_FILE_NAME').map((e) => e.file!.slice('content/blog/'.length, -'.md'.length));
    assert.equal(refusedByNew.sort(), names.slice(3).sort());
    assert.equal(refusedByBuild.sort(), refusedByNew);
    const headline = (name: string) => errors.find((e) => e.file === `content/blog/${name}.md`)!.headline;
    assert.is(headline('post_2'), 'content/blog/post_2.md holds "_", which a slug cannot hold: the file name is its page\'s address');
    assert.is(headline('two--hyphens'), "content/blog/two--hyphens.md starts or ends with a hyphen, or has two together: the file name is its page's address");
    assert.is(headline('a'.repeat(101)), `content/blog/${'a'.repeat(101)}.md is longer than 100 characters: the file name is its page's address`);
  } finally {
    f.remove();
  }
});

test('CONTENT_MISSING_FILE: a required file', async () => {
  const errors = await failure((f) => f.write('content/pages/terms.md', null));
  assert.equal(errors.map((e) => [e.code, e.headline]), [['CONTENT_MISSING_FILE', 'content/pages/terms.md is missing']]);
});

test('CONTENT_FOLDER_MISSING: a content/ folder deleted (under site serve, or a build called from code) is one problem naming it, not every required file missing', async () => {
  for (const [problem, replace] of [['is missing', () => {}], ['is a file, not a folder', (content: string) => fs.writeFileSync(content, '')]] as const) {
    let folder = '';
    const errors = await failure((f) => {
      fs.rmSync(f.content, { recursive: true });
      replace(f.content);
      folder = f.content;
    });
    assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [`CONTENT_FOLDER_MISSING the content folder ${folder} ${problem}`]);
    assert.match(errors[0].hint!, /git restore content/);
  }
});

test('CONTENT_DUPLICATE: a position claimed twice is reported once, on the later file', async () => {
  const errors = await failure((f) => f.editJson('content/cities/perth.json', (d) => (d.order = 1)));
  assert.equal(errors.map((e) => e.headline), ['content/cities/sydney.json:6:12 /order position 1 is also taken by content/cities/perth.json']);
  assert.is(errors[0].hint, 'The next free position is 13.');
});

test('CONTENT_DUPLICATE: a copied language file is reported once for its code and once for its position, not from both sides', async () => {
  const errors = await failure((f) => f.write('content/languages/fijian-copy.json', f.read('content/languages/fijian.json')));
  // The two files are alike but for the name: whichever the list holds second is reported, naming the other.
  assert.equal(errors.map((e) => `${e.code} ${e.pointer}`).sort(), ['CONTENT_DUPLICATE /order', 'CONTENT_DUPLICATE_CODE /code', 'CONTENT_SLUG_MISMATCH /name']);
  const duplicates = errors.filter((e) => e.code !== 'CONTENT_SLUG_MISMATCH');
  assert.equal(new Set(duplicates.map((e) => e.file)).size, 1);
  assert.match(duplicates[0].message, /content\/languages\/fijian(-copy)?\.json/);
});

test('CONTENT_DUPLICATE: two languages with one code', async () => {
  const errors = await failure((f) => f.editJson('content/languages/cantonese.json', (d) => (d.code = 'zh')));
  // Cities that listed yue now name a code no language has; those are reported too.
  assert.ok(errors.some((e) => e.code === 'CONTENT_UNKNOWN_REFERENCE' && e.message === 'no language has the code "yue"'));
  const duplicates = errors.filter((e) => e.code === 'CONTENT_DUPLICATE_CODE').map((e) => [e.file, e.message]);
  assert.equal(duplicates.length, 1);
  assert.ok(
    ['content/languages/cantonese.json language code "zh" is also used by content/languages/chinese.json', 'content/languages/chinese.json language code "zh" is also used by content/languages/cantonese.json'].includes(duplicates[0].join(' ')),
    duplicates[0].join(' '),
  );
  assert.is(errors.find((e) => e.code === 'CONTENT_DUPLICATE_CODE')!.hint, 'Every language needs its own ISO 639 code.');
});

test('CONTENT_SLUG_MISMATCH: a language file must be named after its page address', async () => {
  const errors = await failure((f) => f.editJson('content/languages/tok-pisin.json', (d) => (d.name = 'Tok Pisin/Neo-Melanesian')));
  assert.is(errors[0].code, 'CONTENT_SLUG_MISMATCH');
  assert.is(errors[0].message, '"Tok Pisin/Neo-Melanesian" gives the address /tok-pisin-neo-melanesian, but the file is named tok-pisin.json');
  assert.is(errors[0].hint, 'Rename the file to content/languages/tok-pisin-neo-melanesian.json.');
});

test('CONTENT_ROUTE_COLLISION: a language may not take the address of another page', async () => {
  const [error] = await failure((f) =>
    f.write('content/languages/pricing.json', JSON.stringify({ $schema: '../schemas/language.schema.json', code: 'pr', name: 'Pricing', region: 'Asia', countryCode: 'au', order: 99 }, null, 2)),
  );
  assert.is(error.code, 'CONTENT_ROUTE_COLLISION');
  assert.is(error.headline, 'content/languages/pricing.json:4:11 /name /pricing is already a built-in route');
});

test('CONTENT_INDEX_PAGE: an entry named index would be its folder\'s page, which hosts serve at the list page\'s or the home page\'s address', async () => {
  const errors = await failure((f) => {
    f.editJson('content/cities/perth.json', (d) => (d.order = 99));
    fs.renameSync(path.join(f.content, 'cities/perth.json'), path.join(f.content, 'cities/index.json'));
    f.write('content/pages/index.md', f.read('content/pages/terms.md'));
  });
  assert.equal(
    errors.map((e) => [e.code, e.file, e.message]),
    [
      ['CONTENT_INDEX_PAGE', 'content/cities/index.json', '/cities/index would be the file cities/index.html, which hosts serve at /cities/ as its folder\'s page'],
      ['CONTENT_INDEX_PAGE', 'content/pages/index.md', '/index would be the file index.html, which hosts serve at / as its folder\'s page'],
    ],
  );
  assert.match(errors[0].hint!, /^Name it something other than index/);
});

test('CONTENT_UNKNOWN_REFERENCE: a city language code that no language has', async () => {
  const [error] = await failure((f) => f.editJson('content/cities/perth.json', (d) => (d.languages[2] = 'xx')));
  assert.is(error.code, 'CONTENT_UNKNOWN_REFERENCE');
  assert.match(error.headline, /^content\/cities\/perth\.json:\d+:5 \/languages\/2 no language has the code "xx"$/);
  assert.match(error.hint!, /^Known codes: af, aii, /);
});

test('CONTENT_UNKNOWN_REFERENCE: a related service that does not exist, with the known slugs', async () => {
  const [error] = await failure((f) => f.editJson('content/services/passports.json', (d) => (d.related = ['visas'])));
  assert.is(error.code, 'CONTENT_UNKNOWN_REFERENCE');
  assert.match(error.headline, /^content\/services\/passports\.json:\d+:\d+ \/related\/0 no service has the slug "visas"$/);
  assert.match(error.hint!, /^Known slugs: .*\bpassports\b.*\.$/);
});

test('CONTENT_UNKNOWN_PAGE: an internal link to a page that does not exist, in JSON and in Markdown', async () => {
  const errors = await failure((f) => {
    f.editJson('content/navigation.json', (d) => d.footer.columns[0].links.push({ label: 'Careers', href: '/careers' }));
    f.write('content/blog/naati-vs-standard-translations-differences.md', `${f.read('content/blog/naati-vs-standard-translations-differences.md')}\nSee [our prices](/prices).\n`);
  });
  assert.equal(
    errors.map((e) => `${e.code} ${e.file} ${e.message}`),
    [
      'CONTENT_UNKNOWN_PAGE content/blog/naati-vs-standard-translations-differences.md links to /prices, which is not a page of the site (did you mean /process?)',
      'CONTENT_UNKNOWN_PAGE content/navigation.json links to /careers, which is not a page of the site',
    ],
  );
});

test('CONTENT_UNKNOWN_PAGE: a Markdown link is placed at its line and column, with a frame, once per link', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\nSee [our prices](/prices) or [plans](/plans#top).\nAgain: [prices](/prices).\n`);
  });
  assert.equal(
    errors.map((e) => `${e.headline}`),
    [
      `${post}:${lines + 1}:18 links to /prices, which is not a page of the site (did you mean /process?)`,
      `${post}:${lines + 1}:38 links to /plans, which is not a page of the site`,
      `${post}:${lines + 2}:17 links to /prices, which is not a page of the site (did you mean /process?)`,
    ],
  );
  assert.match(errors[0].frame!, new RegExp(`> ${lines + 1} \\| See \\[our prices\\]\\(/prices\\)`));
  // The caret stands under the link's address: a space after the bar, then 17 columns.
  assert.match(errors[0].frame!, /\n\s+\| {18}\^/);
});

test('CONTENT_UNKNOWN_PAGE: a link close to an address of the site suggests it, in JSON and in Markdown; every one has a hint', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await failure((f) => {
    f.editJson('content/navigation.json', (d) => d.footer.columns[0].links.push({ label: 'Passports', href: '/services/pasports' }));
    f.write(post, `${f.read(post)}\nSee [our plans](/pricng) and [jobs](/careers).\n`);
  });
  assert.equal(
    errors.map((e) => `${e.file} ${e.message}`),
    [
      `${post} links to /pricng, which is not a page of the site (did you mean /pricing?)`,
      `${post} links to /careers, which is not a page of the site`,
      'content/navigation.json links to /services/pasports, which is not a page of the site (did you mean /services/passports?)',
    ],
  );
  for (const error of errors) assert.match(error.hint!, /dist\/sitemap\.xml lists the pages/);
});

test('CONTENT_UNKNOWN_PAGE: a trailing slash is taken off a page\'s address, as the host sends it on, but not off a file\'s, which is the 404 page there', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\nSee [prices](/pricing/), [the map](/sitemap.xml) and [the feed](/blog/feed.xml/).\n`);
    f.editJson('content/navigation.json', (d) => d.footer.columns[0].links.push({ label: 'Sitemap', href: '/sitemap.xml/' }, { label: 'FAQ', href: '/faq/' }));
  });
  assert.equal(
    errors.map((e) => `${e.code} ${e.file} ${e.message}`),
    [
      `CONTENT_UNKNOWN_PAGE ${post} links to /blog/feed.xml/, which is not a page of the site (did you mean /blog/feed.xml?)`,
      'CONTENT_UNKNOWN_PAGE content/navigation.json links to /sitemap.xml/, which is not a page of the site (did you mean /sitemap.xml?)',
    ],
  );
  assert.match(errors[0].headline, `${post}:${lines + 1}:65 `);
});

test('CONTENT_UNKNOWN_PAGE: a run of slashes is one, as the host reads it (/pricing// is /pricing), in JSON as in Markdown, but a file is still no folder', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const errors = await failure((f) => {
    f.write(post, `${f.read(post)}\nSee [prices](/pricing//), [a service](/services//passports) and <a href="/faq//">the FAQ</a>.\n`);
    f.editJson('content/navigation.json', (d) => d.footer.columns[0].links.push({ label: 'Prices', href: '/pricing//' }, { label: 'Passports', href: '/services//passports' }, { label: 'Sitemap', href: '/sitemap.xml//' }));
  });
  assert.equal(errors.map((e) => `${e.code} ${e.file} ${e.message}`), [
    'CONTENT_UNKNOWN_PAGE content/navigation.json links to /sitemap.xml//, which is not a page of the site (did you mean /sitemap.xml?)',
  ]);
});

test('CONTENT_UNKNOWN_PAGE: a link written inside code (a fenced block, a code span) is text, not a link', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    const code = '```md\nSee [our prices](/nowhere).\n```\n\n~~~\n[x](/elsewhere)\n~~~\n\nWrite `[plans](/nothing)` for a link.\n';
    f.write(post, `${text}\n${code}See [our prices](/prices).\n`);
  });
  assert.equal(errors.map((e) => e.headline), [`${post}:${lines + 10}:18 links to /prices, which is not a page of the site (did you mean /process?)`]);
});

test('CONTENT_UNKNOWN_PAGE: a reference link\'s definition, [label]: /address, is checked and placed at its address', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\nSee [our prices][p] and [plans].\n\n[p]: /prices\n  [plans]: </pricing#plans> "Plans"\n`);
  });
  assert.equal(errors.map((e) => e.headline), [`${post}:${lines + 3}:6 links to /prices, which is not a page of the site (did you mean /process?)`]);
});

test('CONTENT_UNKNOWN_PAGE: a link in an HTML comment is not shown, and not checked', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\n<!-- Taken out until it is written:\nSee [the old guide](/old-guide).\n-->\nSee [our prices](/prices).\n`);
  });
  assert.equal(errors.map((e) => e.headline), [`${post}:${lines + 4}:18 links to /prices, which is not a page of the site (did you mean /process?)`]);
});

test('CONTENT_UNKNOWN_PAGE: a relative Markdown link is read from the address of the page that shows it', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\nSee [prices](pricing), [the FAQ](../faq#general), [the blog](./), [top](#top) and [more][m].\n\n[m]: ../pricng\n\nNot [another site's](//pricing) either.\n`);
    // /terms shows its text, so privacy-policy there is /privacy-policy, a page.
    f.write('content/pages/terms.md', `${f.read('content/pages/terms.md')}\nSee [our privacy policy](privacy-policy) and [mail](mailto:a@b.c).\n`);
    f.editJson('content/services/passports.json', (d) => (d.faq[0].answer += ' See [prices](pricing).'));
  });
  assert.equal(
    errors.map((e) => `${e.code} ${e.headline}`),
    [
      `CONTENT_UNKNOWN_PAGE ${post}:${lines + 1}:14 links to pricing (/blog/pricing from /blog/naati-vs-standard-translations-differences), which is not a page of the site (did you mean /pricing?)`,
      `CONTENT_UNKNOWN_PAGE ${post}:${lines + 3}:6 links to ../pricng (/pricng from /blog/naati-vs-standard-translations-differences), which is not a page of the site (did you mean /pricing?)`,
      // A browser reads //pricing as the host "pricing": a page of no site.
      `CONTENT_UNKNOWN_PAGE ${post}:${lines + 5}:22 links to //pricing, which is not a page of the site (did you mean /pricing?)`,
      'CONTENT_UNKNOWN_PAGE content/services/passports.json:94:17 /faq/0/answer links to pricing (/services/pricing from /services/passports), which is not a page of the site (did you mean /pricing?)',
    ],
  );
});

test('CONTENT_UNKNOWN_PAGE: an address is read as the host reads it, escapes decoded and dot segments taken out', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\nSee [a](/pricin%67), [b](/blog/../pricing), [c](/./faq#general), [d](/cities/perth%20x), [e](/faq%zz) and [f](\\\\[x).\n`);
    f.editJson('content/navigation.json', (d) => d.footer.columns[0].links.push({ label: 'Prices', href: '/blog/../pricing' }));
  });
  assert.equal(errors.map((e) => e.headline), [
    `${post}:${lines + 1}:70 links to /cities/perth%20x, which is not a page of the site (did you mean /cities/perth?)`,
    `${post}:${lines + 1}:94 links to /faq%zz, which is not a page of the site`,
    // Read as a host name (\\[x), it is no address at all: reported, not a failure of the build.
    `${post}:${lines + 1}:111 links to \\\\[x, which is not a page of the site`,
  ]);
});

test('CONTENT_UNKNOWN_PAGE: an inline link\'s address may follow spaces or a line break, or stand in <…> with spaces', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\nSee [a]( /nowhere), [b](</cities/perth x>), [c](<../pricng> "t") and [d](\n/elsewhere).\n`);
  });
  assert.equal(errors.map((e) => e.headline), [
    `${post}:${lines + 1}:10 links to /nowhere, which is not a page of the site`,
    `${post}:${lines + 1}:26 links to /cities/perth x, which is not a page of the site (did you mean /cities/perth?)`,
    `${post}:${lines + 1}:50 links to ../pricng (/pricng from /blog/naati-vs-standard-translations-differences), which is not a page of the site (did you mean /pricing?)`,
    `${post}:${lines + 2}:1 links to /elsewhere, which is not a page of the site`,
  ]);
});

test('CONTENT_UNKNOWN_PAGE: a raw HTML <a href> in Markdown is checked at its address, but not one shown as code', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\n<p>See <a class="x" href="/nowhere">this</a> and <A HREF='/pricing#plans'>prices</A>.</p>\n\nWrite \`<a href="/shown">\` for a link, or <a href=/pricng>this</a>.\n`);
    f.editJson('content/services/passports.json', (d) => (d.faq[0].answer += ' See <a href="/nowhere-else">this</a>.'));
  });
  assert.equal(errors.map((e) => e.headline), [
    `${post}:${lines + 1}:27 links to /nowhere, which is not a page of the site`,
    `${post}:${lines + 3}:50 links to /pricng, which is not a page of the site (did you mean /pricing?)`,
    'content/services/passports.json:94:17 /faq/0/answer links to /nowhere-else, which is not a page of the site',
  ]);
});

test('CONTENT_UNKNOWN_PAGE: a raw HTML <a href> or <img src> after an attribute whose quoted value holds > is still checked', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  const line = `<p><a title="a > b" href="/nowhere">x</a> and <img alt='1 > 0' class="x" src="/missing.png"></p>`;
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\n${line}\n`);
  });
  assert.equal(errors.map((e) => [e.code, e.headline]), [
    ['CONTENT_UNKNOWN_PAGE', `${post}:${lines + 1}:${line.indexOf('/nowhere') + 1} links to /nowhere, which is not a page of the site`],
    ['CONTENT_MARKDOWN_IMAGE', `${post}:${lines + 1}:${line.indexOf('/missing.png') + 1} shows the image /missing.png, which is not a file of the site`],
  ]);
});

test('CONTENT_UNKNOWN_PAGE: a link in 4-space indented code is text, while an indented paragraph of a list item is checked', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    const item = '- A step\n\n    See [our prices](/prices).\n\n      [code](/in-item-code)\n\n';
    const lazy = 'Back out\n    [a line of the paragraph](/pricng)\n\n    [code again](/nowhere-after)\n\n';
    const nested = '1. One\n   1. Two\n\n          [code](/deep-code)\n\n       [its text](/deep-text)\n';
    f.write(post, `${text}\nAn example:\n\n    See [our prices](/nowhere).\n\n\t[x](/elsewhere)\n\n${item}${lazy}${nested}`);
  });
  assert.equal(errors.map((e) => e.headline), [
    `${post}:${lines + 9}:22 links to /prices, which is not a page of the site (did you mean /process?)`,
    `${post}:${lines + 14}:31 links to /pricng, which is not a page of the site (did you mean /pricing?)`,
    `${post}:${lines + 23}:19 links to /deep-text, which is not a page of the site`,
  ]);
});

test('CONTENT_MARKDOWN_IMAGE: a missing image in Markdown is reported as an image, with where images live', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\n![A stamped page [sample]](/images/stamp.jpg) and [a page](/pricing).\n`);
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [`CONTENT_MARKDOWN_IMAGE ${post}:${lines + 1}:28 shows the image /images/stamp.jpg, which is not a file of the site`]);
  assert.match(errors[0].hint!, /assets\/images\//);
  assert.match(errors[0].frame!, /\^/);
});

test('CONTENT_MARKDOWN_IMAGE: a raw HTML <img src> in Markdown is checked as an image, at its address', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\n<img alt="A stamp" src="/images/stamp.jpg"> and <img src="https://example.com/a.png" alt="">\n`);
  });
  assert.equal(errors.map((e) => `${e.code} ${e.headline}`), [`CONTENT_MARKDOWN_IMAGE ${post}:${lines + 1}:25 shows the image /images/stamp.jpg, which is not a file of the site`]);
});

test('CONTENT_SCRIPT: a script, an event attribute or a javascript: address in Markdown is refused at its place, in an FAQ answer and a post, but not when shown as code', async () => {
  const post = 'content/blog/naati-vs-standard-translations-differences.md';
  let lines = 0;
  const errors = await failure((f) => {
    const text = f.read(post);
    lines = text.split('\n').length;
    f.write(post, `${text}\nWrite \`<script>\` as code.\n\n<img src="https://example.com/a.png" alt="" onerror="alert(1)">\n`);
    replaceIn(f, 'content/faq.json', 'It is a translation completed', '<script>alert(2)</script> It is a translation completed');
    replaceIn(f, 'content/faq.json', 'No. We are a 100% online service', '[No](javascript:alert(3)). We are a 100% online service');
  });
  assert.equal(errors.map((e) => `${e.code} ${e.file}:${e.line} ${e.pointer ?? ''} ${e.message}`), [
    `CONTENT_SCRIPT ${post}:${lines + 3}  holds an event attribute (onerror=), which would run a script in visitors' browsers`,
    'CONTENT_SCRIPT content/faq.json:18 /groups/0/items/0/answer holds a <script> element, which would run a script in visitors\' browsers',
    'CONTENT_SCRIPT content/faq.json:28 /groups/0/items/2/answer holds a javascript: address, which would run a script in visitors\' browsers',
  ]);
});

test('CONTENT_SCHEMA: a missing field with a fixed set of values lists them', async () => {
  const [error] = await failure((f) => f.editJson('content/cities/perth.json', (d) => delete d.state));
  assert.is(error.headline, 'content/cities/perth.json:1:1 /state is required but missing');
  assert.match(error.hint!, /It is one of: "NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"\.$/);
});

test('CONTENT_SCHEMA: a field its schema does not describe still has a hint, naming the schema that holds the rule', async () => {
  const [error] = await failure((f) => f.editJson('content/cities/perth.json', (d) => (d.coordinates.latitude = '-31.95')));
  assert.match(error.headline, /^content\/cities\/perth\.json:\d+:17 \/coordinates\/latitude must be a number$/);
  // The schema's own description when it has one (editors may add it), else where the rule is written.
  assert.ok(error.hint && (error.hint === 'The rule is in content/schemas/city.schema.json.' || !error.hint.startsWith('The rule')), error.hint);
});

test('CONTENT_SCHEMA: a page copy or prose page without seo, which a project\'s own schema leaves optional, is named at its file, not a TypeError in routes', async () => {
  const errors = await failure((f) => {
    for (const name of ['page-home', 'prose-page']) f.editJson(`content/schemas/${name}.schema.json`, (s) => (s.required = s.required.filter((r: string) => r !== 'seo')));
    f.editJson('content/pages/home.json', (d) => delete d.seo);
    replaceIn(f, 'content/pages/terms.md', /^seo:\n(  .*\n)+/m.exec(f.read('content/pages/terms.md'))![0], '');
  });
  assert.equal(errors.map((e) => [e.code, e.headline]), [
    ['CONTENT_SCHEMA', 'content/pages/home.json:1:1 /seo is required but missing'],
    ['CONTENT_SCHEMA', 'content/pages/terms.md:1:1 /seo is required but missing'],
  ]);
  assert.match(errors[0].hint!, /content\/schemas\/page-home\.schema\.json/);
});

test('CONTENT_SCHEMA: a page copy whose seo lacks a title or a description, which a project\'s own schema leaves optional, is named at the field, not built with an empty <title>', async () => {
  const errors = await failure((f) => {
    f.editJson('content/schemas/common.schema.json', (s) => (s.definitions.pageSeo.required = []));
    f.editJson('content/pages/home.json', (d) => delete d.seo.title);
    f.editJson('content/pages/faq.json', (d) => delete d.seo.description);
  });
  assert.equal(errors.map((e) => [e.code, e.file, e.pointer, e.message]), [
    ['CONTENT_SCHEMA', 'content/pages/faq.json', '/seo/description', 'is required but missing'],
    ['CONTENT_SCHEMA', 'content/pages/home.json', '/seo/title', 'is required but missing'],
  ]);
});

test('CONTENT_SCHEMA_INVALID: a schema file that is not JSON, not an object or not a valid schema is named with what is wrong, not a stack trace', async () => {
  const [syntax] = await failure((f) => f.write('content/schemas/city.schema.json', '{ "type": \n'));
  assert.is(syntax.code, 'CONTENT_JSON_SYNTAX');
  assert.is(syntax.headline, 'content/schemas/city.schema.json:2:1 is not valid JSON: value expected');
  const [list] = await failure((f) => f.write('content/schemas/city.schema.json', '[]\n'));
  assert.is(list.code, 'CONTENT_SCHEMA_INVALID');
  assert.is(list.headline, 'content/schemas/city.schema.json is not a valid schema: it holds an array, not an object');
  const [keyword] = await failure((f) => f.editJson('content/schemas/city.schema.json', (s) => (s.properties.population.type = 'strang')));
  assert.is(keyword.code, 'CONTENT_SCHEMA_INVALID');
  assert.match(keyword.headline, /^content\/schemas\/city\.schema\.json is not a valid schema: .*\/properties\/population\/type must be equal to one of the allowed values/);
  assert.ok(keyword.hint);
  const [reference] = await failure((f) => f.editJson('content/schemas/city.schema.json', (s) => (s.properties.population = { $ref: 'common.schema.json#/definitions/nothingHere' })));
  assert.is(reference.code, 'CONTENT_SCHEMA_INVALID');
  assert.match(reference.headline, /^content\/schemas\/city\.schema\.json is not a valid schema: .*nothingHere/);
});

test('CONTENT_MISSING_IMAGE: an image that is not there', async () => {
  const [error] = await failure((f) => f.editJson('content/cities/perth.json', (d) => (d.image.src = 'cities/perth-at-night.jpg')));
  assert.is(error.code, 'CONTENT_MISSING_IMAGE');
  assert.is(error.headline, 'content/cities/perth.json:10:12 /image/src image cities/perth-at-night.jpg does not exist');
});

test('CONTENT_MISSING_IMAGE: a name differs from the file\'s only in case, which a case-insensitive disk (macOS, Windows) would find and the host does not', async () => {
  const errors = await failure((f) => {
    copyCode(f, ['assets']);
    const images = path.join(f.root, 'assets/images');
    fs.renameSync(path.join(images, 'cities/perth.svg'), path.join(images, 'cities/Perth.svg'));
    fs.mkdirSync(path.join(images, 'Extra'));
    fs.copyFileSync(path.join(images, 'cities/darwin.svg'), path.join(images, 'Extra/darwin.svg'));
    f.editJson('content/cities/darwin.json', (d) => (d.image.src = 'extra/darwin.svg'));
  });
  assert.equal(
    errors.map((e) => `${e.code} ${e.file} ${e.pointer} ${e.message}. ${e.hint}`),
    [
      'CONTENT_MISSING_IMAGE content/cities/darwin.json /image/src image extra/darwin.svg does not exist (there is Extra/darwin.svg: the host matches names exactly). Put the image at assets/images/extra/darwin.svg or correct the path.',
      'CONTENT_MISSING_IMAGE content/cities/perth.json /image/src image cities/perth.svg does not exist (there is cities/Perth.svg: the host matches names exactly). Put the image at assets/images/cities/perth.svg or correct the path.',
    ],
  );
});

test('CONTENT_MISSING_IMAGE: a hidden image (a name or folder starting with a dot), which the image step does not publish, is refused at the reference, not a render failure', async () => {
  const errors = await failure((f) => {
    copyCode(f, ['assets']);
    const images = path.join(f.root, 'assets/images');
    fs.copyFileSync(path.join(images, 'cities/darwin.svg'), path.join(images, 'cities/.darwin.svg'));
    fs.mkdirSync(path.join(images, 'cities/.old'));
    fs.copyFileSync(path.join(images, 'cities/perth.svg'), path.join(images, 'cities/.old/perth.svg'));
    f.editJson('content/cities/darwin.json', (d) => (d.image.src = 'cities/.darwin.svg'));
    f.editJson('content/cities/perth.json', (d) => (d.image.src = 'cities/.old/perth.svg'));
  });
  assert.equal(
    errors.map((e) => `${e.code} ${e.file} ${e.pointer} ${e.message}. ${e.hint}`),
    [
      'CONTENT_MISSING_IMAGE content/cities/darwin.json /image/src image cities/.darwin.svg does not exist (a name starting with a dot is hidden, and the build publishes no hidden file). Put the image at assets/images/cities/darwin.svg or correct the path.',
      'CONTENT_MISSING_IMAGE content/cities/perth.json /image/src image cities/.old/perth.svg does not exist (a name starting with a dot is hidden, and the build publishes no hidden file). Put the image at assets/images/cities/old/perth.svg or correct the path.',
    ],
  );
});

test('CONTENT_MISSING_IMAGE: a path that steps out of its folder with .. (though the file is there) is refused as that, naming the path to write', async () => {
  const errors = await failure((f) => {
    copyCode(f, ['assets']);
    f.editJson('content/cities/darwin.json', (d) => (d.image.src = 'cities/../logo.svg'));
    f.editJson('content/cities/perth.json', (d) => (d.image.src = 'cities/../../images/cities/perth.svg'));
    f.editJson('content/cities/brisbane.json', (d) => (d.image.src = 'cities/../../brisbane.svg'));
  });
  assert.equal(
    errors.map((e) => `${e.code} ${e.file} ${e.pointer} ${e.message}. ${e.hint}`),
    [
      'CONTENT_MISSING_IMAGE content/cities/brisbane.json /image/src image cities/../../brisbane.svg does not exist (a path must not step out of its folder with ..: write brisbane.svg). Put the image at assets/images/brisbane.svg or correct the path.',
      'CONTENT_MISSING_IMAGE content/cities/darwin.json /image/src image cities/../logo.svg does not exist (a path must not step out of its folder with ..: write logo.svg). Put the image at assets/images/logo.svg or correct the path.',
      'CONTENT_MISSING_IMAGE content/cities/perth.json /image/src image cities/../../images/cities/perth.svg does not exist (a path must not step out of its folder with ..: write cities/perth.svg). Put the image at assets/images/cities/perth.svg or correct the path.',
    ],
  );
});

test('CONTENT_UNKNOWN_ICON: an icon name outside the set', async () => {
  const [error] = await failure((f) => f.editJson('content/services/passports.json', (d) => (d.card.icon = 'passport-stamp')));
  assert.is(error.code, 'CONTENT_UNKNOWN_ICON');
  assert.is(error.message, '"passport-stamp" is not a Lucide icon');
  assert.is(error.pointer, '/card/icon');
});

test('CONTENT_UNKNOWN_FLAG: a country code without a flag', async () => {
  const [error] = await failure((f) => f.editJson('content/languages/greek.json', (d) => (d.countryCode = 'xq')));
  assert.is(error.code, 'CONTENT_UNKNOWN_FLAG');
  assert.is(error.message, 'there is no flag for country code "xq"');
});

test('TEMPLATE_COMPILE: a syntax error in a template names its file and line', async () => {
  const errors = await failure((f) => {
    copyCode(f);
    replaceIn(f, 'templates/pages/not-found.tsx', '<p className="lead">{text}</p>', '<p className="lead">{text}</p');
  });
  assert.is(errors[0].code, 'TEMPLATE_COMPILE');
  assert.is(errors[0].file, 'templates/pages/not-found.tsx');
  assert.ok(errors[0].line! > 1);
  // The frame comes from the file itself: the failing line and the lines around it.
  const frame = errors[0].frame!.split('\n');
  assert.ok(frame.some((l) => new RegExp(`^> +${errors[0].line} \\| `).test(l)), errors[0].frame);
  assert.ok(frame.some((l) => new RegExp(`^ {2,}${errors[0].line! - 1} \\| `).test(l)), errors[0].frame);
});

test('TEMPLATE_COMPILE: an esbuild note that points at another place (the opening tag of an unclosed one) names that place', async () => {
  const opening = '<div className="container narrow center">';
  let line = 0;
  let column = 0;
  const errors = await failure((f) => {
    copyCode(f);
    // The page's text ends without the div's closing tag: esbuild's note points back at the opening tag's name.
    const lines = f.read('templates/pages/not-found.tsx').split('\n');
    line = lines.findIndex((l) => l.includes(opening)) + 1;
    column = lines[line - 1].indexOf(opening) + 2;
    replaceIn(f, 'templates/pages/not-found.tsx', '        {children}\n      </div>\n', '        {children}\n');
  });
  assert.is(errors[0].code, 'TEMPLATE_COMPILE');
  assert.ok(line > 1);
  assert.is(errors[0].hint, `The opening "div" tag is here: templates/pages/not-found.tsx:${line}:${column}`);
});

test('RENDER_FAILED: a template that throws names the page and the template line', async () => {
  const errors = await failure((f) => {
    copyCode(f);
    replaceIn(f, 'templates/pages/not-found.tsx', "const copy = site.pages['not-found'];", "const copy = site.pages['not-found'];\n  if (copy) throw new Error('the copy is missing its heading');");
  });
  // The not-found copy makes the site's page and the blog's: each names itself.
  assert.equal(errors.map((e) => [e.code, e.page, e.file, e.message]), ['/404', '/blog/404'].map((page) => ['RENDER_FAILED', page, 'templates/pages/not-found.tsx', 'the copy is missing its heading']));
  assert.ok(errors[0].line! > 1);
  assert.match(errors[0].headline, /^\/404 \(templates\/pages\/not-found\.tsx:\d+:\d+\) the copy is missing its heading$/);
  assert.is(errors[0].hint, 'The page is made from content/pages/not-found.json.');
});

test('RENDER_FAILED in the generator\'s own templates (a project without templates/) names the template within the generator, not by its place on this machine', () => {
  const f = fixture();
  try {
    // A throw at the line Node gives for the generator's own picture.tsx, as when a project brings content only.
    const thrown = new Error('picture broke');
    thrown.stack = `Error: picture broke\n    at Picture (${path.join(repoRoot, 'templates/components/picture.tsx')}:17:20)`;
    const error = renderError(resolveProject(f.root), { path: '/', source: 'content/pages/home.json' } as Page, thrown);
    assert.is(error.headline, '/ (templates/components/picture.tsx:17:20) picture broke');
    assert.is(error.hint, 'The page is made from content/pages/home.json.');
  } finally {
    f.remove();
  }
});

test('CSS_UNKNOWN_URL: a stylesheet url() that names no file', async () => {
  const errors = await failure((f) => {
    fs.cpSync(path.join(repoRoot, 'assets'), path.join(f.root, 'assets'), { recursive: true });
    f.write('assets/css/main.css', `${f.read('assets/css/main.css')}\n.x { background: url("../images/nowhere.png"); }\n`);
  });
  assert.equal(errors.map((e) => [e.code, e.file, e.message]), [['CSS_UNKNOWN_URL', 'assets/css/main.css', 'url(../images/nowhere.png) does not name a file under assets/']]);
});

test('CSS_UNKNOWN_IMPORT: an @import of a file that is not there names it, at the @import, with no system error', async () => {
  const errors = await failure((f) => {
    fs.cpSync(path.join(repoRoot, 'assets'), path.join(f.root, 'assets'), { recursive: true });
    f.write('assets/css/pages/faq.css', `@import "./faq-extra.css";\n${f.read('assets/css/pages/faq.css')}`);
  });
  assert.equal(errors.map((e) => [e.code, e.file, e.line, e.message]), [['CSS_UNKNOWN_IMPORT', 'assets/css/pages/faq.css', 1, '@import names assets/css/pages/faq-extra.css, which is not there']]);
  assert.match(errors[0].frame!, /> 1 \| @import "\.\/faq-extra\.css";/);
});

test('CSS_FAILED: a stylesheet that does not compile, placed at its line with a frame', async () => {
  const errors = await failure((f) => {
    fs.cpSync(path.join(repoRoot, 'assets'), path.join(f.root, 'assets'), { recursive: true });
    f.write('assets/css/main.css', '.a { color: red }\n.b { color: ;; {{ }\n');
  });
  assert.equal(errors.map((e) => [e.code, e.file, e.line]), [['CSS_FAILED', 'assets/css/main.css', 2]]);
  assert.match(errors[0].frame!, /> 2 \| \.b \{ color: ;; \{\{ \}/);
});

test.run();
