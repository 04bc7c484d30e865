// The CLI bundles svgo as an entry of its own, svgo.mjs (bin/site.js), loaded through optimiseSvg() (svgo.ts).
export { optimize } from 'svgo';
