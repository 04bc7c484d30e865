// svgo as the CLI bundles it (bin/site.js): an entry of its own, svgo.mjs (svgo-entry.ts), so that its 150
// modules load as one file when an image is first optimised, and the CLI does not carry it otherwise.
// optimiseSvg() is the one way the generator uses svgo: loaded from that file when running from the bundle, from
// the package under tsx.

/**
 * An SVG through svgo's default preset (svgo 4's keeps the viewBox, which artwork needs to scale), in one pass:
 * multipass took three times as long on this site's artwork and saved 0.1% of its bytes.
 */
export async function optimiseSvg(svg: string): Promise<Buffer> {
  const from = import.meta.url.endsWith('.ts') ? 'svgo' : new URL('./svgo.mjs', import.meta.url).href;
  const { optimize } = (await import(from)) as Pick<typeof import('svgo'), 'optimize'>;
  return Buffer.from(optimize(svg, { plugins: ['preset-default'] }).data);
}
