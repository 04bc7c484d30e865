// Internal links written in Markdown, found once when a file is read (load.ts keeps them in the content
// snapshot), so the checks across files (cross-check.ts) need not scan thousands of unchanged bodies again.

/**
 * An internal link target (no fragment, query or page's trailing slash) and the offset of its address in the file's text.
 * The target is as written: from the site's root (/pricing) or relative to the page that shows the text (../faq).
 */
export type MarkdownLink = [target: string, offset: number];

/** The internal links of a Markdown file's body, placed in the file's whole text (front matter included). */
export function bodyLinks(text: string): MarkdownLink[] {
  const start = bodyStart(text);
  return markdownLinks(text.slice(start)).map(([target, offset]) => [target, start + offset]);
}

/** Where a Markdown file's body starts in its text: after the front matter's closing line. */
export const bodyStart = (text: string) => /^---\r?\n(?:[\s\S]*?\r?\n)?---[^\n]*(\n|$)/.exec(text)?.[0].length ?? 0;

// An address meant for this site: not another scheme's (https:, mailto:), not a part of the same page (#, ?), not a
// placeholder ({{site.orderUrl}}) that facts.ts resolves to one of those. `//host/…` is kept: it is no page of the site.
const meant = String.raw`(?![a-z][a-z\d+.-]*:|[#?{])`;
const address = String.raw`${meant}[^\s)>"']+`;
// An inline link, `[text](address)` (after spaces and a line break, if any; `<address>` may hold spaces); a
// reference link's definition, `[label]: address` on a line of its own (a title at most after it); raw HTML's
// `<a href="address">` and `<img src="address">`, after other attributes whose quoted values may hold `>`.
const attributes = String.raw`(?:(?:[^>"']|"[^"]*"|'[^']*')*?\s)?`;
const linkPattern = new RegExp(
  String.raw`\]\([ \t]*\r?\n?[ \t]*(?:<${meant}([^<>\n]+)>|<?(${address}))|^ {0,3}\[[^\]\n]+\]:[ \t]*<?(${address})>?(?=[ \t]*(?:["'(].*)?\r?$)|<(?:a\s${attributes}href|img\s${attributes}src)[ \t]*=[ \t]*["']?(${address})`,
  'dgim',
);

/** Internal link targets in Markdown, each with the offset of its address in the text. */
export function markdownLinks(text: string): MarkdownLink[] {
  return [...linkable(text).matchAll(linkPattern)].map((m) => {
    const group = m.findIndex((g, i) => i > 0 && g !== undefined);
    return [stripHash(m[group]), m.indices![group]![0]];
  });
}

// What would run a script in a visitor's browser if Markdown's raw HTML (kept as written: markdown/processor.ts)
// held it: an element that runs or embeds code, an event attribute (onerror=) or a javascript: address.
const scriptPattern = /<(script|iframe|object|embed)\b|<[a-z][^>]*?\s(on[a-z]+)\s*=|(?:\]\(\s*<?|\s(?:href|src)\s*=\s*["']?\s*)(javascript:)/i;

/** The first thing in Markdown that would run a script, in words, and its offset; code shown as text is none. */
export function scriptIn(text: string): { what: string; offset: number } | undefined {
  if (!/script|<|\son/i.test(text)) return undefined;
  const m = new RegExp(scriptPattern.source, 'di').exec(linkable(text));
  if (!m) return undefined;
  const group = m.findIndex((g, i) => i > 0 && g !== undefined);
  const name = m[group].toLowerCase();
  const what = group === 1 ? `a <${name}> element` : group === 2 ? `an event attribute (${name}=)` : 'a javascript: address';
  return { what, offset: m.indices![group]![0] };
}

// A link written in a fenced block, a code span or indented code is shown as text, not followed: a post may show
// how to link; one in an HTML comment is not shown at all. Blanked with spaces of the same length, so offsets
// still place the other links. A span does not cross a blank line.
const fenced = /^[ \t]*((`|~)\2{2,})[^\n]*\n[\s\S]*?(?:^[ \t]*\1\2*[ \t]*\r?$|(?![\s\S]))/gm;
const span = /(?<![`\\])(`+)(?!`)(?:(?!\n[ \t]*\r?\n)[\s\S])*?(?<!`)\1(?!`)/g;
const blank = (code: string) => code.replace(/[^\n]/g, ' ');
function linkable(text: string): string {
  let prose = text.includes('`') || text.includes('~~~') ? text.replace(fenced, blank).replace(span, blank) : text;
  if (/(?:^|\n[ \t]*\r?\n)(?: {4}|\t)/.test(prose)) prose = withoutIndentedCode(prose);
  return prose.includes('<!--') ? withoutComments(prose) : prose;
}

// Indented code starts after a blank line, four columns further in than the list item it stands in (if any): a
// list item's own paragraphs are indented as far as its text, `- ` or `1. `. A line less indented than an item's
// text after a blank line has left the item.
function withoutIndentedCode(text: string): string {
  const items: number[] = [];
  let open = true; // at the start, after a blank line or in code: where code may start or go on
  return text
    .split('\n')
    .map((line) => {
      const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
      if (!line.trim()) return ((open = true), line);
      if (open) while (indent < items.at(-1)!) items.pop();
      if (open && indent >= (items.at(-1) ?? 0) + 4) return blank(line);
      open = false;
      const item = /^[ \t]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$)/.exec(line)?.[0];
      if (item) items.push(item.replace(/\t/g, '    ').length);
      return line;
    })
    .join('\n');
}

// In one pass: a lazy /<!--[\s\S]*?-->/ looks to the end of the text again for each comment left open.
function withoutComments(text: string): string {
  let out = '';
  let last = 0;
  let open = -1;
  for (const { 0: mark, index } of text.matchAll(/<!--|-->/g)) {
    if (mark === '<!--' && open < 0) open = index;
    else if (mark === '-->' && open >= 0) {
      out += text.slice(last, open) + blank(text.slice(open, index + 3));
      [last, open] = [index + 3, -1];
    }
  }
  return out + text.slice(last);
}

/**
 * An address without its fragment or query, and without a page's trailing slash (the host sends /a/ on to /a). A
 * file's is kept: /sitemap.xml/ is no folder, and the host (serve/static.ts, like Netlify) answers it with a 404.
 */
export function stripHash(href: string): string {
  const bare = href.replace(/[?#].*$/, '');
  return bare.length > 1 && !/[^/]\.[^/]*\/$/.test(bare) ? bare.replace(/\/$/, '') : bare;
}

/** A text in which markdownLinks may find a link: the build and the live editor look in no other field. */
export const mayLink = /\]\(|<a\s/i;

/**
 * An address as the browser and the host read it from the page at `base`: dot segments taken out, escapes decoded
 * (/pricin%67 is /pricing), each run of slashes made one (/pricing// is /pricing/, as serve/static.ts's requestUrl
 * says). One that names another host (//x) or that does not parse or decode is kept as written: no page.
 */
export function resolveLink(target: string, base: string): string {
  const url = URL.parse(target, `http://site${base}`);
  try {
    return url?.host === 'site' ? stripHash(decodeURI(url.pathname).replace(/\/{2,}/g, '/')) : target;
  } catch {
    return target;
  }
}

/**
 * Whether the link whose address starts at `offset` is an image, `![alt](/address)` (its text's opening bracket
 * follows a `!`) or `<img src="/address">`. Asked only of a broken link, so the links found when a file is read
 * stay plain pairs.
 */
export function isMarkdownImage(text: string, offset: number): boolean {
  if (/\ssrc[ \t]*=[ \t]*["']?$/i.test(text.slice(Math.max(0, offset - 40), offset))) return true;
  const close = offset - 2;
  if (text[close] !== ']') return false;
  let depth = 0;
  for (let i = close - 1; i >= 0 && text[i] !== '\n'; i--) {
    if (text[i] === ']') depth++;
    else if (text[i] === '[') {
      if (depth === 0) return text[i - 1] === '!';
      depth--;
    }
  }
  return false;
}
