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

/**
 * Anything in an SVG that runs or pulls in other content. An element or attribute counts under any namespace
 * prefix: `<x:script>` runs when x names the SVG or XHTML namespace. A link within the file (`href="#part"`,
 * which `<use>` needs) is fine: the quote is inside the look-ahead, so that it cannot be skipped to pass it.
 */
const activeSvg = /<([\w.-]+:)?(script|foreignObject|iframe|embed|object)|\son[a-z]+\s*=|javascript:|<!ENTITY|xlink:href\s*=\s*(?!["']?\s*#)|\s([\w.-]+:)?href\s*=\s*(?!["']?\s*#)/i;

/**
 * The text as an XML parser reads it: a character reference is the character (`javascript&#58;` is
 * `javascript:`), and the tabs and line breaks a URL parser drops are gone from "javascript:" too.
 */
function asRead(text: string): string {
  const referenced = text.replace(/&#(?:x([0-9a-f]+)|(\d+));?/gi, (whole, hex: string | undefined, dec: string | undefined) => {
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
  return referenced.replace(/j[\t\n\r]*a[\t\n\r]*v[\t\n\r]*a[\t\n\r]*s[\t\n\r]*c[\t\n\r]*r[\t\n\r]*i[\t\n\r]*p[\t\n\r]*t[\t\n\r]*:/gi, 'javascript:');
}

/** The bytes when they are an image of the type the name says, else what is wrong with them. */
export function checkedImage(rel: string, bytes: Buffer): Buffer | string {
  const ext = path.extname(rel).toLowerCase();
  if (bytes.length === 0) return 'the file is empty';
  if (ext === '.svg') {
    const text = bytes.toString('utf8');
    if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'it is not an SVG image';
    if (activeSvg.test(text) || activeSvg.test(asRead(text))) return 'the SVG holds a script, an event handler or a link to other content, which the editor does not accept';
    return bytes;
  }
  const kinds = signatures[ext];
  if (!kinds) return `only images can be uploaded (${[...Object.keys(signatures), '.svg'].join(', ')}), not ${ext || 'a file without an extension'}`;
  const matches = kinds.some((parts) => parts.every(([offset, hex]) => bytes.subarray(offset, offset + hex.length / 2).toString('hex') === hex));
  return matches ? bytes : `its content is not a ${ext.slice(1).toUpperCase()} image`;
}
