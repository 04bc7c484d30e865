// Loaded after decap-cms.js and before it starts: how the editor writes JSON content files. The repository's
// files start with "$schema" and use two-space indentation with a final newline; Decap's own JSON format
// keeps neither once an entry has more than eight fields, because its data maps stop keeping order.
/* global CMS */
CMS.registerCustomFormat('site-json', 'json', {
  fromFile(text) {
    return JSON.parse(text);
  },
  toFile(data, sortedKeys) {
    const rank = new Map((sortedKeys || []).map((key, i) => [key, i]));
    const keys = Object.keys(data).sort((a, b) => {
      if (a === '$schema' || b === '$schema') return a === '$schema' ? -1 : 1;
      return (rank.has(a) ? rank.get(a) : Infinity) - (rank.has(b) ? rank.get(b) : Infinity);
    });
    const ordered = {};
    for (const key of keys) ordered[key] = data[key];
    return JSON.stringify(ordered, null, 2) + '\n';
  },
});
