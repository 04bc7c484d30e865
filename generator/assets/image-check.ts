// What makes an image file unfit to publish: the build refuses it (assets/images.ts), and the editor refuses it as
// an upload, before a byte is written (admin/local-backend.ts), by the same rules. A raster image must be what
// its name says; an SVG must hold nothing that runs or fetches (an SVG opened from the site runs its scripts
// with the site's rights). The editor's page runs the same check on a picture as it is chosen (islands/admin/
// uploads.ts), before Decap keeps it as a draft of the entry: so this file imports nothing of Node's.

/** Bytes each raster type the build encodes (assets/images.ts) starts with, at the offset given. */
const signatures: Record<string, [offset: number, bytes: string][][]> = {
  '.png': [[[0, '89504e470d0a1a0a']]],
  '.jpg': [[[0, 'ffd8ff']]],
  '.jpeg': [[[0, 'ffd8ff']]],
  '.webp': [[[0, '52494646'], [8, '57454250']]],
  '.avif': [[[4, '6674797061766966']], [[4, '6674797061766973']]],
};

/**
 * What in an SVG would run, or fetch another file, opened on its own at the site's address (in an <img> it runs
 * and fetches nothing, so the picture would be incomplete too): a script or an embedded document under any
 * namespace prefix (`<x:script>` runs when x names SVG or XHTML), an event handler, a javascript: URL, an entity
 * declaration (which could spell any of these), an @import, or a link (href, or an XHTML element's src) or CSS
 * url() to anything but a part of the file itself (`#id`, which `<use>` needs) or an embedded picture
 * (`data:image/`). A `<use>` may link only to a part of the file: one of a data: URL draws that document, and
 * whatever it links to, as part of the picture, where this check cannot read it. CSS image-set() names its
 * pictures by plain strings as well as url(), so any is refused; and so is xml:base, which sends every relative
 * link of its element, `#id` too, to the address it names, and an animation of href or src, which sets a link
 * where none is written. Comments are not read; character references and CSS escapes (`u\72l(` is url() to a
 * browser) are read as the characters they stand for, and tabs and line breaks in "javascript:" are dropped, as
 * browsers read them.
 */
function activeSvgPart(svg: string): string | undefined {
  const text = svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/&#(?:x([0-9a-f]+)|(\d+));?/gi, (whole, hex: string | undefined, dec: string | undefined) => {
      const code = hex ? parseInt(hex, 16) : Number(dec);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|([^\n\r\f0-9a-f]))/gi, (whole, hex: string | undefined, char: string | undefined) => {
      const code = hex ? parseInt(hex, 16) : 0;
      return char ?? (code <= 0x10ffff ? String.fromCodePoint(code) : whole);
    })
    .replace(/j[\t\n\r]*a[\t\n\r]*v[\t\n\r]*a[\t\n\r]*s[\t\n\r]*c[\t\n\r]*r[\t\n\r]*i[\t\n\r]*p[\t\n\r]*t[\t\n\r]*:/gi, 'javascript:');
  const link = String.raw`[\s:](?:href|src)\s*=\s*(?:(?<quote>["'])\s*(?!#|data:image\/)[\s\S]*?\k<quote>|(?!["'#]|data:image\/)[^\s>]+)`;
  const use = String.raw`<(?:[\w.-]+:)?use\b(?:[^>"']|"[^"]*"|'[^']*')*?[\s:]href\s*=\s*(?:(?<useQuote>["'])\s*(?!#)[\s\S]*?\k<useQuote>|(?!["'#])[^\s>]+)`;
  const base = String.raw`\sxml:base\s*=\s*(?:(?<baseQuote>["'])[\s\S]*?\k<baseQuote>|[^\s>]+)`;
  // An animation can set a link to any address, from a list of values or in steps, where no href= is written.
  const animatedLink = String.raw`<(?:[\w.-]+:)?(?:set|animate)\b(?:[^>"']|"[^"]*"|'[^']*')*?\sattributeName\s*=\s*["']?\s*(?:[\w.-]+:)?(?:href|src)\b["']?`;
  const css = String.raw`url\(\s*["']?\s*(?!#|data:image\/)[^)]*\)|@import\b|(?:-webkit-)?image-set\((?:"[^"]*"|'[^']*'|\([^()]*\)|[^()<>;{}"'])*\)?`;
  const found = new RegExp(String.raw`<([\w.-]+:)?(script|foreignObject|iframe|embed|object)\b|\son[a-z]+\s*=|javascript:|<!ENTITY|${use}|${base}|${animatedLink}|${link}|${css}`, 'i').exec(text);
  return found?.[0].trim().replace(/^:/, '');
}

/** A file name's extension, as path.extname gives it: "blog/photo.PNG" -> ".PNG", ".png" -> "". */
function extension(rel: string): string {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/** The image types the build publishes and the editor takes, as their extensions: ".png", … ".svg". */
export const imageTypes: readonly string[] = [...Object.keys(signatures), '.svg'];

/** Whether a file's name says it is one of the image types (what it holds is imageProblem's to check). */
export function isImageName(rel: string): boolean {
  return imageTypes.includes(extension(rel).toLowerCase());
}

/**
 * The first character of an image's name under assets/images/ ("blog/Photo.png") that content cannot name, as
 * common.schema.json's image pattern allows: lower-case letters, digits, dots, hyphens and slashes.
 */
export function unfitNameCharacter(name: string): string | undefined {
  return /[^a-z0-9._/-]/.exec(name)?.[0];
}

/** That name as content can name it: lower case, any other characters as a hyphen. */
export function fitName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9._/-]+/g, '-');
}

/**
 * The largest picture the editor takes, in bytes: far more than any page needs (the build makes every size it
 * serves from it), and small enough that the repository and the live editor's requests stay reasonable. The
 * editor's page refuses a larger one as it is chosen (islands/admin/uploads.ts), before Decap keeps it as a draft
 * that Publish would send; the local backend refuses it too, and takes a request just big enough for one such
 * picture with its entry (admin/local-backend.ts). README.md states it, and readme.test.ts holds the two together.
 */
export const maxUploadBytes = 20 * 1024 * 1024;

/** Megabytes as the editor writes them: 32, or 20.1 for a little over 20 (rounded up, never down to the limit). */
export const megabytes = (bytes: number) => String(Math.ceil((bytes / 1024 / 1024) * 10) / 10);

/** What is wrong with an upload of `size` bytes, or undefined when it is within maxUploadBytes. */
export function uploadSizeProblem(size: number): string | undefined {
  if (size <= maxUploadBytes) return undefined;
  return `it is ${megabytes(size)} MB, larger than the ${megabytes(maxUploadBytes)} MB the editor takes for a picture. Make it smaller (a few MB is plenty for the site), then upload it again`;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** What is wrong with an image file named `rel`, or undefined when nothing is. */
export function imageProblem(rel: string, bytes: Uint8Array): string | undefined {
  const ext = extension(rel).toLowerCase();
  if (bytes.length === 0) return 'the file is empty';
  if (ext === '.svg') {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'it is not an SVG image';
    const active = activeSvgPart(text);
    if (!active) return undefined;
    return `it holds ${active}: a script, an event handler or a link to another file, which a browser would run or fetch (an <img> fetches nothing, so the picture would be incomplete, and opened on its own it would run at the site's address); remove it`;
  }
  const kinds = signatures[ext];
  if (!kinds) return `only images can be uploaded (${imageTypes.join(', ')}), not ${ext || 'a file without an extension'}`;
  const matches = kinds.some((parts) => parts.every(([offset, signature]) => hex(bytes.subarray(offset, offset + signature.length / 2)) === signature));
  return matches ? undefined : `its content is not a ${ext.slice(1).toUpperCase()} image`;
}
