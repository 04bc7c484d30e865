// What the local editor accepts as an image upload: a raster image whose bytes are what its name says, or
// an SVG with nothing in it that runs (an SVG opened from the site runs its scripts with the site's rights).
// Anything else is refused with the reason, before a byte is written.
import path from 'node:path';

/** Bytes each raster type starts with (at the offset given). */
const signatures: Record<string, [offset: number, bytes: string][][]> = {
  '.png': [[[0, '89504e470d0a1a0a']]],
  '.jpg': [[[0, 'ffd8ff']]],
  '.jpeg': [[[0, 'ffd8ff']]],
  '.gif': [[[0, '474946383761']], [[0, '474946383961']]],
  '.webp': [[[0, '52494646'], [8, '57454250']]],
  '.avif': [[[4, '6674797061766966']], [[4, '6674797061766973']]],
};

/** Anything in an SVG that runs or pulls in other content. */
const activeSvg = /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|javascript:|<!ENTITY|xlink:href\s*=\s*["']?\s*(?!#)|\shref\s*=\s*["']?\s*(?!#)/i;

/** The bytes when they are an image of the type the name says, else what is wrong with them. */
export function checkedImage(rel: string, bytes: Buffer): Buffer | string {
  const ext = path.extname(rel).toLowerCase();
  if (bytes.length === 0) return 'the file is empty';
  if (ext === '.svg') {
    const text = bytes.toString('utf8');
    if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'it is not an SVG image';
    if (activeSvg.test(text)) return 'the SVG holds a script, an event handler or a link to other content, which the editor does not accept';
    return bytes;
  }
  const kinds = signatures[ext];
  if (!kinds) return `only images can be uploaded (${[...Object.keys(signatures), '.svg'].join(', ')}), not ${ext || 'a file without an extension'}`;
  const matches = kinds.some((parts) => parts.every(([offset, hex]) => bytes.subarray(offset, offset + hex.length / 2).toString('hex') === hex));
  return matches ? bytes : `its content is not a ${ext.slice(1).toUpperCase()} image`;
}
