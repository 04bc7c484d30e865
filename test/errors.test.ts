// The error catalogue: templates filled with their parameters, hints dropped when their parameters are
// missing, the printed report headed by each kind's title, and no code that is never raised.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import fg from 'fast-glob';
import { BuildFailure, catalogue, codeFrame, fill, formatFailure, siteError } from '../generator/errors.ts';
import { diskFailure, errorCodeOf } from '../generator/disk-errors.ts';
import { TreeWriter } from '../generator/output/tree.ts';
import { stopEsbuild } from '../generator/esbuild.ts';
import type { Project } from '../generator/project.ts';
import { functionsHandler } from '../generator/serve/functions.ts';
import { repoRoot } from './helpers/project.ts';

const test = suite('errors');

test('a template with parameters yields its message and hint', () => {
  const error = siteError('CONTENT_DUPLICATE', { order: 3, others: 'content/cities/perth.json', free: 13 }, { file: 'content/cities/sydney.json', pointer: '/order', line: 6, column: 12 });
  assert.is(error.message, 'position 3 is also taken by content/cities/perth.json');
  assert.is(error.hint, 'The next free position is 13.');
  assert.is(error.title, 'Two files claim the same position');
  assert.is(error.headline, 'content/cities/sydney.json:6:12 /order position 3 is also taken by content/cities/perth.json');
});

test('fill replaces every parameter, however often it appears', () => {
  assert.is(fill('{a} and {b} and {a}', { a: 'x', b: 2 }), 'x and 2 and x');
});

test('a hint whose parameter is missing is left out, not printed with a hole', () => {
  assert.is(siteError('CONTENT_SCHEMA', { problem: 'must be string', description: undefined }).hint, undefined);
  assert.is(siteError('CONTENT_SCHEMA', { problem: 'must be string', description: 'The population as text.' }).hint, 'The population as text.');
  assert.is(siteError('CONTENT_NO_FRONT_MATTER', {}).hint, catalogue.CONTENT_NO_FRONT_MATTER.hint);
});

test('every code says what to do: each has a hint, in words of its own and not just a parameter the caller may leave out', () => {
  const bare = Object.entries(catalogue as Record<string, { hint?: string }>).filter(([, entry]) => !entry.hint?.trim());
  assert.equal(bare.map(([code]) => code), [], 'codes without a hint');
  // A hint made only of a parameter is filled by its callers, each of which always gives one (tested with
  // the stage that raises it): these are the only ones, so a new code cannot slip in without words.
  const onlyParameter = Object.entries(catalogue as Record<string, { hint?: string }>).filter(([, entry]) => /^\{\w+\}$/.test(entry.hint!)).map(([code]) => code);
  assert.equal(onlyParameter, ['CONTENT_SCHEMA', 'CONTENT_UNKNOWN_FILE', 'CONTENT_HAND_TYPED_FACT', 'TEMPLATE_COMPILE', 'ISLAND_COMPILE', 'PAGE_TOO_HEAVY', 'FUNCTION_FAILED']);
});

test('a code frame of a long line is a window centred on the caret, which points at the text, not at a cut', () => {
  const long = `${'a'.repeat(300)}X${'b'.repeat(300)}`;
  const text = ['first', long, 'c'.repeat(400)].join('\n');
  const frame = codeFrame(text, 2, 301).split('\n');
  const shown = frame[1].slice(frame[1].indexOf('| ') + 2);
  const caret = frame[2].indexOf('^') - frame[2].indexOf('| ') - 2;
  assert.is(shown[caret], 'X');
  assert.ok(shown.startsWith('…') && shown.endsWith('…'), shown);
  assert.ok(Math.abs(caret - shown.length / 2) <= 2, `caret at ${caret} of ${shown.length}`);
  assert.ok(shown.length <= 157);
  // Near the start of a long line nothing is cut before it; a short frame is as it was.
  const early = codeFrame(text, 2, 10).split('\n');
  assert.is(early[2].indexOf('^') - early[2].indexOf('| ') - 2, 9);
  assert.ok(!early[1].includes('| …'));
  assert.is(codeFrame('one\ntwo', 2, 2), '  1 | one\n> 2 | two\n    |  ^');
  // Past the end of the longest line the window still holds the caret.
  const end = codeFrame(long, 1, 601).split('\n');
  assert.is(end[0].slice(end[0].indexOf('| ') + 2)[end[1].indexOf('^') - end[1].indexOf('| ') - 2], 'b');
});

test('an error about a page leads with its address, then the file it is made from', () => {
  const error = siteError('BUDGET_EXCEEDED', { over: '30.0 KB in all (budget 25.0 KB)', islands: 'demo-order' }, { page: '/contact', file: 'content/pages/contact.json' });
  assert.is(error.headline, '/contact (content/pages/contact.json) ships 30.0 KB in all (budget 25.0 KB) of gzipped JavaScript');
  assert.is(siteError('LINK_BROKEN', { url: '/x', status: 404 }, { page: '/blog' }).headline, '/blog links to /x, which answers 404');
  assert.equal(Object.keys(error.toJSON()).sort(), ['code', 'column', 'file', 'frame', 'hint', 'line', 'message', 'page', 'pointer', 'title']);
});

test('the report heads each run of one kind of problem with its title', () => {
  const failure = new BuildFailure('content', [
    siteError('CONTENT_UNKNOWN_ICON', { icon: 'a' }, { file: 'content/a.json', pointer: '/icon' }),
    siteError('CONTENT_UNKNOWN_ICON', { icon: 'b' }, { file: 'content/b.json', pointer: '/icon' }),
    siteError('CONTENT_UNKNOWN_FLAG', { countryCode: 'xq' }, { file: 'content/c.json', pointer: '/countryCode' }),
  ]);
  const lines = formatFailure(failure).split('\n');
  assert.equal(lines.filter((l) => l.startsWith('     ') && !l.startsWith('       ')), ['     An icon name is not in the icon set:', '     A country code has no flag:']);
  assert.ok(lines.includes('  1. content/a.json /icon "a" is not a Lucide icon  [CONTENT_UNKNOWN_ICON]'));
  assert.ok(lines.includes('       hint: Pick a name from lucide.dev/icons, such as file-text or shield-check.'));
});

test('a full disk or a folder that may not be written is a problem naming the file and what to do, not a bug with a stack', () => {
  const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', errno: -28 });
  const failure = diskFailure(full, '/site/.cache/markdown/rendered-3.v8');
  assert.instance(failure, BuildFailure);
  const [problem] = (failure as BuildFailure).errors;
  assert.is(problem.code, 'DISK_FAILED');
  assert.is(problem.headline, '/site/.cache/markdown/rendered-3.v8 failed: no space left on device (ENOSPC in write)');
  assert.match(problem.hint!, /^The disk is full: free some space and build again\. The output folder is never left half-written/);
  // The path an error carries wins over the one given; the files that failed after it are counted.
  const denied = Object.assign(new Error("EACCES: permission denied, open '/site/dist.tmp-1/index.html'"), { code: 'EACCES', syscall: 'open', path: '/site/dist.tmp-1/index.html' });
  const [many] = (diskFailure(denied, 'elsewhere', 41) as BuildFailure).errors;
  assert.is(many.headline, '/site/dist.tmp-1/index.html failed: permission denied (EACCES in open), and 41 more files after it');
  assert.match(formatFailure(diskFailure(denied) as BuildFailure), /The disk refused a file:\n {2}1\. .*\[DISK_FAILED\]\n {7}hint: Check the permissions/);
  // Anything else is a bug, and stays as it was thrown.
  const bug = new TypeError('x is not a function');
  assert.is(diskFailure(bug, 'a file'), bug);
  assert.is(diskFailure(Object.assign(new Error('EEXIST: file already exists, mkdir'), { code: 'EEXIST' })) instanceof BuildFailure, false);
  assert.is(errorCodeOf('ENOSPC: no space left on device, write'), 'ENOSPC');
  assert.is(errorCodeOf('a template threw'), undefined);
});

test('a write the disk refuses names the file being written, though the error of a write names none', () => {
  // /dev/full refuses every write with ENOSPC, as a full disk does: a page whose file leads there fails so.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-full-'));
  try {
    fs.symlinkSync('/dev/full', path.join(root, 'index.html'));
    let thrown: unknown;
    try {
      new TreeWriter(root, undefined, root).place('index.html', 'x'.repeat(100_000));
    } catch (error) {
      thrown = error;
    }
    const [problem] = (diskFailure(thrown) as BuildFailure).errors;
    assert.is(problem.headline, `${path.join(root, 'index.html')} failed: no space left on device (ENOSPC in write)`);
    assert.match(problem.hint!, /^The disk is full: free some space and build again\. The output folder is never left half-written/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('every code in the catalogue is raised somewhere, and every code raised is in the catalogue', () => {
  const codes = new Set(Object.keys(catalogue));
  const prefixes = new Set([...codes].map((c) => c.split('_')[0]));
  const raised = new Map<string, string>();
  const sources = fg.sync(['generator/**/*.{ts,tsx}', 'functions/**/*.ts'], { cwd: repoRoot, ignore: ['generator/errors.ts'] });
  assert.ok(sources.length > 20, 'the scan finds the sources');
  for (const file of sources) {
    for (const [, code] of fs.readFileSync(path.join(repoRoot, file), 'utf8').matchAll(/['"`]([A-Z]+(?:_[A-Z]+)+)['"`]/g)) {
      if (prefixes.has(code.split('_')[0])) raised.set(code, file);
    }
  }
  assert.equal([...raised.keys()].filter((code) => !codes.has(code)).map((code) => `${code} (${raised.get(code)})`), [], 'raised but not in the catalogue');
  assert.equal([...codes].filter((code) => !raised.has(code)), [], 'in the catalogue but never raised');
});

test('an esbuild error is a SiteError at its file, line and column, with a frame from the source', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-errors-'));
  try {
    fs.mkdirSync(path.join(root, 'functions'));
    // The error is after a multi-byte character: esbuild counts bytes, the frame counts characters.
    fs.writeFileSync(path.join(root, 'functions/broken.ts'), "// one\n// two\nconst café = 'é'; export default () => new Response(café +);\n// four\n");
    const project = { root, functions: path.join(root, 'functions') } as Project;
    let thrown: unknown;
    await functionsHandler(project, () => ({}), () => {}).run('broken').catch((error) => (thrown = error));
    assert.instance(thrown, BuildFailure);
    const [error] = (thrown as BuildFailure).errors;
    assert.equal([error.code, error.file, error.line, error.column], ['FUNCTION_FAILED', 'functions/broken.ts', 3, 59]);
    assert.match(error.message, /Unexpected "\)"/);
    // esbuild gave no note: the hint says what to do all the same.
    assert.match(error.hint!, /^Correct the function at the place shown/);
    assert.is(
      error.frame,
      [
        '  1 | // one',
        '  2 | // two',
        "> 3 | const café = 'é'; export default () => new Response(café +);",
        `    | ${' '.repeat(58)}^`,
        '  4 | // four',
        '  5 | ',
      ].join('\n'),
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    await stopEsbuild();
  }
});


test('a broken module two functions import is listed once, not once for each function', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-errors-'));
  try {
    fs.mkdirSync(path.join(root, 'functions', 'lib'), { recursive: true });
    fs.writeFileSync(path.join(root, 'functions/lib/shared.ts'), 'export const answer = (;\n');
    for (const name of ['first', 'second']) {
      fs.writeFileSync(path.join(root, `functions/${name}.ts`), "import { answer } from './lib/shared.ts';\nexport default () => new Response(String(answer));\n");
    }
    const project = { root, functions: path.join(root, 'functions') } as Project;
    let thrown: unknown;
    await functionsHandler(project, () => ({}), () => {}).check().catch((error) => (thrown = error));
    assert.instance(thrown, BuildFailure);
    assert.equal((thrown as BuildFailure).errors.map((e) => `${e.code} ${e.file}:${e.line}:${e.column}`), ['FUNCTION_FAILED functions/lib/shared.ts:1:24']);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    await stopEsbuild();
  }
});

test('a problem that fails many pages at the same line is listed once, with the other pages it failed', () => {
  const failed = (page: string) => siteError('RENDER_FAILED', { problem: 'x is not defined', source: undefined }, { page, file: 'templates/document.tsx', line: 45, column: 33 });
  const other = siteError('RENDER_FAILED', { problem: 'y is not defined', source: undefined }, { page: '/faq', file: 'templates/pages/faq.tsx', line: 3, column: 1 });
  const pages = ['/', '/blog', '/contact', '/faq', '/pricing', '/process', '/services'];
  const text = formatFailure(new BuildFailure('render', [...pages.map(failed), other]));
  assert.is(text.match(/x is not defined/g)!.length, 1, 'listed once');
  assert.match(text, /the same on 6 more pages: \/blog, \/contact, \/faq, \/pricing, \/process, …/);
  assert.match(text, /  8\. \/faq \(templates\/pages\/faq\.tsx:3:1\) y is not defined/);
  assert.match(text, /^✗ 8 problems in render:/);
});

test('a problem listed once for many pages gives each distinct hint, as the pages differ in theirs, and a hint all share once', () => {
  const failed = (page: string) => siteError('RENDER_FAILED', { problem: 'x is not defined', source: `content/pages${page === '/' ? '/home' : page}.json` }, { page, file: 'templates/document.tsx', line: 45, column: 33 });
  const pages = ['/', '/blog', '/contact', '/faq', '/pricing', '/process', '/services'];
  const text = formatFailure(new BuildFailure('render', pages.map(failed)));
  assert.match(text, /hint: The page is made from content\/pages\/home\.json\.\n {7}hint: The page is made from content\/pages\/blog\.json\.\n/);
  assert.match(text, /hint: The page is made from content\/pages\/pricing\.json\.\n {7}hint: … and 2 more\n/);
  assert.not.match(text, /process\.json|services\.json/);
  const same = formatFailure(new BuildFailure('render', pages.map((page) => siteError('CONTENT_SCHEMA', { problem: 'must be string', description: 'The population as text.' }, { page, file: 'content/cities/perth.json', line: 4, column: 17 }))));
  assert.is(same.match(/hint: /g)!.length, 1, same);
});

test.run();
