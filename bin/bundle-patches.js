// Patches applied to dependencies' source as the CLI is bundled (bin/site.js): each removes a hot spot
// without changing what the code does, and is checked by test/markdown.test.ts, which bundles the Markdown
// processor with them and compares its HTML with unpatched remark's. A patch whose text is no longer found
// (the package changed) is skipped with a warning: the build stays correct, only slower.

import fs from 'node:fs';

/** @type {{ name: string, file: RegExp, find: RegExp, count: number, replace: string, append: string }[]} */
export const patches = [
  {
    // mdast-util-from-markdown calls a handler for each of the thousands of events of a document with a fresh
    // copy of its context (`{ ...context, sliceSerialize }`). In V8 that copy is most of the function's own
    // time, and its garbage a good part of the collector's: about a sixth of remark's time per post here. An
    // object whose prototype is the context reads the same properties, and what a handler might write to
    // `this` stays on the object of that one call, as it did on the copy.
    name: 'mdast-util-from-markdown: a handler context per event without copying the context',
    file: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/,
    find: /\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/g,
    count: 3,
    replace: 'siteHandlerContext(context, events[index][2].sliceSerialize)',
    append: `
function siteHandlerContext(context, sliceSerialize) {
  const self = Object.create(context);
  self.sliceSerialize = sliceSerialize;
  return self;
}
`,
  },
];

/** A dependency's source with the patches that apply to its file; `missed` names those whose text was not found. */
export function patchSource(file, source) {
  let result = source;
  const missed = [];
  for (const patch of patches) {
    if (!patch.file.test(file)) continue;
    const found = result.match(patch.find)?.length ?? 0;
    if (found !== patch.count) {
      missed.push(patch.name);
      continue;
    }
    result = result.replace(patch.find, patch.replace) + patch.append;
  }
  return { source: result, missed };
}

/** The patches as an esbuild plugin; `warn` hears of each patch that no longer applies. */
export function patchPlugin(warn = (message) => console.warn(message)) {
  return {
    name: 'site-bundle-patches',
    setup(build) {
      const filter = new RegExp(patches.map((p) => p.file.source).join('|'));
      build.onLoad({ filter }, (args) => {
        const { source, missed } = patchSource(args.path, fs.readFileSync(args.path, 'utf8'));
        for (const name of missed) warn(`site: the bundle patch "${name}" no longer applies to ${args.path}; bundling it unpatched (correct, but slower)`);
        return { contents: source, loader: 'js' };
      });
    },
  };
}
