// Patches applied to dependencies' source as the CLI is bundled (bin/site.js): each removes a hot spot
// without changing what the code does, and is checked by test/markdown.test.ts, which bundles the Markdown
// processor with them and compares its HTML with unpatched remark's. A patch whose text is no longer found
// (the package changed) is skipped with a warning: the build stays correct, only slower. A patch stays only
// while it pays for itself in a Markdown-cold build: each says how much in its first line.

import fs from 'node:fs';

/**
 * `module` is the patched file under node_modules (the test finds the installed file by it), and `file` the same
 * as a pattern over the paths esbuild loads. A patch replaces what `find` finds, which must be found `count`
 * times; or, when it has `edits`, makes each of them, and only if every one is found as often as it says.
 * `append`, if any, is added to the end of the file.
 * @typedef {{ find: RegExp, count: number, replace: string }} Edit
 * @type {({ name: string, module: string, file: RegExp, append?: string } & (Edit | { edits: Edit[] }))[]}
 */
export const patches = [
  {
    // Pays, with the four below: remark takes 31% more CPU without them (4.43 s against 3.37 s for 1,500 bench posts).
    // micromark hands each character of a document to a state function, one call at a time, at every level
    // of its tokenizers: a paragraph's plain text is consumed four times over (the document's line, the flow's
    // content, the content's chunks of text, the text's data), and those calls were about a third of remark's
    // time per post. Four state functions take any character of a string chunk (strings never hold line
    // endings, tabs or NUL: micromark's preprocessor makes those codes of their own), or, for text data, any
    // character that no construct starts with, and return themselves. `siteRun` consumes that character as
    // `consume` does, then the rest of the run in the same string chunk at once, with the point, column,
    // offset and previous character left exactly as consuming them one by one leaves them.
    name: 'micromark: a run of plain characters consumed at once',
    module: 'micromark/lib/create-tokenizer.js',
    file: /[\\/]micromark[\\/]lib[\\/]create-tokenizer\.js$/,
    find: /(\n\s*consume,)(\s*enter,\s*exit,[\s\S]*?\n)(\s*)(function consume\(code\) \{)/g,
    count: 1,
    replace: `$1
    siteRun,$2$3function siteRun(code, constructs) {
    consume(code);
    const start = point._bufferIndex;
    if (start < 0) return;
    const chunk = chunks[point._index];
    let end = chunk.length;
    if (constructs) {
      end = start;
      while (end < chunk.length && !constructs[chunk.charCodeAt(end)]) end++;
      if (end === start) return;
    }
    point.column += end - start;
    point.offset += end - start;
    context.previous = chunk.charCodeAt(end - 1);
    if (end === chunk.length) {
      point._bufferIndex = -1;
      point._index++;
    } else {
      point._bufferIndex = end;
    }
  }
$3$4`,
  },
  // The four state functions; text data is found twice (the first character of a run, and the others).
  ...[
    { what: 'document', state: 'flowContinue', module: 'micromark/lib/initialize/document.js', file: /[\\/]micromark[\\/]lib[\\/]initialize[\\/]document\.js$/, count: 1 },
    { what: 'content', state: 'chunkInside', module: 'micromark-core-commonmark/lib/content.js', file: /[\\/]micromark-core-commonmark[\\/]lib[\\/]content\.js$/, count: 1 },
    { what: 'content initializer', state: 'data', module: 'micromark/lib/initialize/content.js', file: /[\\/]micromark[\\/]lib[\\/]initialize[\\/]content\.js$/, count: 1 },
    { what: 'text initializer', state: 'data', module: 'micromark/lib/initialize/text.js', file: /[\\/]micromark[\\/]lib[\\/]initialize[\\/]text\.js$/, count: 2, stops: 'constructs' },
  ].map(({ what, state, module, file, count, stops }) => ({
    name: `micromark: the ${what}'s ${state} consumes a run of plain characters at once`,
    module,
    file,
    find: new RegExp(`effects\\.consume\\(code\\);(\\s*)return ${state};`, 'g'),
    count,
    // Text data stops at any character a construct is listed under (atBreak looks closer at those).
    replace: `siteRun(effects, code${stops ? `, ${stops}` : ''});$1return ${state};`,
    // Consumed one at a time, as before, should the tokenizer's own patch not apply.
    append: `
function siteRun(effects, code, constructs) {
  if (effects.siteRun) effects.siteRun(code, constructs);
  else effects.consume(code);
}
`,
  })),
  {
    // Pays with the next one: remark takes 10% more CPU without both (3.64 s against 3.30 s for 1,500 bench posts).
    // unist-util-visit-parents renames its visitor function for each node it visits (Object.defineProperty
    // with a coloured label), so that a stack trace reads better. mdast-util-to-hast walks every node of a
    // document with it to find link definitions: the renaming was about 5 % of remark's time per post. The
    // walk itself is unchanged; only the label in a stack trace is gone.
    name: 'unist-util-visit-parents: no debugging name set on the visitor of each node',
    module: 'unist-util-visit-parents/lib/index.js',
    file: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/,
    find: /Object\.defineProperty\(visit, 'name', \{\s*value:\s*'node \(' \+ color\(node\.type \+ \(name \? '<' \+ name \+ '>' : ''\)\) \+ '\)'\s*\}\)/g,
    count: 1,
    replace: '',
  },
  {
    // Pays with the one above (10% of remark's CPU together; 1.5% and 1.8% each alone, measured alternately).
    // micromark-util-subtokenize notes, as it expands a document's nested content, where each expanded run of
    // events ends, so that its walk over the events jumps past it: a plain object keyed by event index, filled
    // for each run by Object.assign from a second such object. With thousands of events a document, those
    // integer keys make both objects dictionaries, and the copying, the writes and the walk's `in` checks
    // were 6 % of remark's time per post. A Map, written in place by `subcontent`, holds the same jumps: each
    // key is written as the copy wrote it, the last value for a key winning, and looked up as `in` did.
    name: 'micromark-util-subtokenize: its jumps kept in one Map',
    module: 'micromark-util-subtokenize/index.js',
    file: /[\\/]micromark-util-subtokenize[\\/]index\.js$/,
    edits: [
      { find: /const jumps = \{\};(\s*let index = -1;)/g, count: 1, replace: 'const jumps = new Map();$1' },
      { find: /while \(index in jumps\) \{(\s*)index = jumps\[index\];/g, count: 1, replace: 'while (jumps.has(index)) {$1index = jumps.get(index);' },
      { find: /Object\.assign\(jumps, subcontent\(events, index\)\);(\s*)index = jumps\[index\];/g, count: 1, replace: 'subcontent(events, index, jumps);$1index = jumps.get(index);' },
      { find: /function subcontent\(events, eventIndex\) \{/g, count: 1, replace: 'function subcontent(events, eventIndex, gaps) {' },
      { find: /const gaps = \{\};/g, count: 1, replace: '' },
      { find: /gaps\[adjust \+ jumps\[index\]\[0\]\] = adjust \+ jumps\[index\]\[1\];/g, count: 1, replace: 'gaps.set(adjust + jumps[index][0], adjust + jumps[index][1]);' },
    ],
  },
];

/**
 * A dependency's source with the patches that apply to its file: `applied` names those made, `missed` those
 * whose text was not found.
 */
export function patchSource(file, source) {
  let result = source;
  const applied = [];
  const missed = [];
  for (const patch of patches) {
    if (!patch.file.test(file)) continue;
    const edits = 'edits' in patch ? patch.edits : [patch];
    if (edits.some((edit) => (result.match(edit.find)?.length ?? 0) !== edit.count)) {
      missed.push(patch.name);
      continue;
    }
    for (const edit of edits) result = result.replace(edit.find, edit.replace);
    result += patch.append ?? '';
    applied.push(patch.name);
  }
  return { source: result, applied, missed };
}

/**
 * The patches as an esbuild plugin: `warn` hears of each patch that no longer applies, `applied` of each one
 * made.
 */
export function patchPlugin(warn = (message) => console.warn(message), applied = (name) => {}) {
  return {
    name: 'site-bundle-patches',
    setup(build) {
      const filter = new RegExp(patches.map((p) => p.file.source).join('|'));
      build.onLoad({ filter }, (args) => {
        const { source, applied: made, missed } = patchSource(args.path, fs.readFileSync(args.path, 'utf8'));
        for (const name of made) applied(name);
        for (const name of missed) warn(`site: the bundle patch "${name}" no longer applies to ${args.path}; bundling it unpatched (correct, but slower)`);
        return { contents: source, loader: 'js' };
      });
    },
  };
}
