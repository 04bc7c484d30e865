// Patches applied to dependencies' source as the CLI is bundled (bin/site.js): each removes a hot spot
// without changing what the code does, and is checked by test/markdown.test.ts, which bundles the Markdown
// processor with them and compares its HTML with unpatched remark's. A patch whose text is no longer found
// (the package changed) is skipped with a warning: the build stays correct, only slower. A patch stays only
// while it pays for itself in a Markdown-cold build: each says how much in its first line.

import fs from 'node:fs';

/**
 * `module` is the patched file under node_modules (the test finds the installed file by it), and `file` the same
 * as a pattern over the paths esbuild loads. A patch replaces what `find` finds, which must be found `count`
 * times; `append`, if any, is added to the end of the file. Their type: bundle-patches.d.ts.
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
    // Pays: remark takes 27% more CPU without it (2.62 s against 2.06 s for 1,500 bench posts, 10 alternating runs).
    // mdast-util-to-hast walks every node of a document to find link and footnote definitions, with
    // unist-util-visit, which makes a closure and a copy of the node's ancestors for each node it visits: that
    // walk was a tenth of remark's time per post. Its visitor never stops or skips the walk, so a plain walk
    // in the same order, into every node with children, finds the same definitions.
    name: 'mdast-util-to-hast: definitions found by a plain walk of the tree',
    module: 'mdast-util-to-hast/lib/state.js',
    file: /[\\/]mdast-util-to-hast[\\/]lib[\\/]state\.js$/,
    find: /\bvisit\(tree, function \(node\) \{/g,
    count: 1,
    replace: 'siteWalk(tree, function (node) {',
    append: `
function siteWalk(node, visitor) {
  visitor(node);
  if (node.children) for (const child of node.children) siteWalk(child, visitor);
}
`,
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
    if ((result.match(patch.find)?.length ?? 0) !== patch.count) {
      missed.push(patch.name);
      continue;
    }
    result = result.replace(patch.find, patch.replace) + (patch.append ?? '');
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
