// The preview of an entry as its page looks: the page the build made from the site's own templates and CSS
// (fetched from this site, its scripts left out), shown in a frame beside the form, with every change in the
// form written into it as staff type, before anything is saved: each text that changed replaces the text the
// page showed (placeholders resolved to their facts, as the page prints them), and a changed paragraph of the
// Markdown body replaces that paragraph. Entries with no page yet (a new post) keep the plain preview
// (preview.ts).
import { factValue, type Facts } from './rules.ts';

/** The page each settings file and page copy shows on most; entries of collections have their own address. */
const pageOfFile: Record<string, string> = {
  'content/plans.json': '/pricing',
  'content/faq.json': '/faq',
  'content/contact-form.json': '/contact',
  'content/language-groups.json': '/languages',
  'content/pages/home.json': '/',
  'content/pages/not-found.json': '/404',
};

/** The address of the page that shows the entry at `path`, from the build's index, or undefined. */
export function pageAddress(path: string, offers: string[] | undefined): string | undefined {
  const own = offers?.find((key) => key.startsWith('page:'));
  if (own) return own.slice('page:'.length);
  if (pageOfFile[path]) return pageOfFile[path];
  const copy = /^content\/pages\/([a-z0-9-]+)\.json$/.exec(path);
  if (copy) return `/${copy[1]}`;
  // Facts, shared sections, menus and settings show on every page: the home page shows most of them.
  if (/^content\/[a-z-]+\.json$/.test(path)) return '/';
  return undefined;
}

const placeholder = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Text as the page prints it: placeholders replaced by their facts' values. */
function resolved(text: string, facts: Facts): string {
  return text.replace(placeholder, (whole, inner: string) => (inner.startsWith('verbatim') ? inner.replace(/^verbatim\s*:\s*/, '') : (factValue(facts, inner) ?? whole)));
}

/** Markdown reduced to the words a reader sees: no emphasis marks, link targets, heading or list marks. */
export function plainMarkdown(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+\.|>)\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each string in `data` at its path, for comparing what the page showed with what the form holds. */
function strings(value: unknown, at = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(at, value);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${at}/${i}`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${at}/${k}`, out);
  return out;
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Replaces, in the page's text, what the entry held with what the form holds now. */
export function applyChanges(doc: Document, before: Record<string, unknown>, now: Record<string, unknown>, facts: Facts): number {
  let changed = 0;
  const { body: oldBody, ...oldFields } = before;
  const { body: newBody, ...newFields } = now;
  const was = strings(oldFields);
  const texts: Text[] = [];
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const [at, value] of strings(newFields)) {
    const old = was.get(at);
    if (old === undefined || old === value) continue;
    const from = normal(resolved(old, facts));
    const to = resolved(value, facts);
    if (!from) continue;
    for (const text of texts) {
      const content = text.nodeValue ?? '';
      if (!normal(content).includes(from)) continue;
      text.nodeValue = normal(content) === from ? to : normal(content).split(from).join(to);
      text.parentElement?.setAttribute('data-site-changed', '');
      changed++;
    }
    for (const el of doc.querySelectorAll<HTMLElement>('[alt], [title], [aria-label]')) {
      for (const name of ['alt', 'title', 'aria-label']) if (normal(el.getAttribute(name) ?? '') === from) (el.setAttribute(name, to), changed++);
    }
  }
  if (typeof oldBody === 'string' && typeof newBody === 'string' && oldBody !== newBody) changed += applyBody(doc, oldBody, newBody);
  return changed;
}

/** A changed paragraph of the body replaces the element that showed it; a new one follows the one before it. */
function applyBody(doc: Document, before: string, after: string): number {
  const blocks = (text: string) => text.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  const old = blocks(before);
  const now = blocks(after);
  const elements = [...doc.querySelectorAll<HTMLElement>('main p, main li, main h2, main h3, main h4, main blockquote')];
  const find = (block: string) => {
    const words = plainMarkdown(block);
    return elements.find((el) => normal(el.textContent ?? '') === words) ?? elements.find((el) => words.length > 20 && normal(el.textContent ?? '').startsWith(words.slice(0, 40)));
  };
  let changed = 0;
  let previous: HTMLElement | undefined;
  now.forEach((block, i) => {
    const same = old.indexOf(block);
    if (same >= 0) {
      previous = find(block) ?? previous;
      return;
    }
    // Changed in place (the same position held another text), or added.
    const replaced = old[i] !== undefined && !now.includes(old[i]) ? find(old[i]) : undefined;
    const heading = /^(#{2,4})\s/.exec(block)?.[1].length;
    const el = doc.createElement(heading ? `h${heading}` : 'p');
    el.textContent = plainMarkdown(block);
    el.setAttribute('data-site-changed', '');
    if (replaced) replaced.replaceWith(el);
    else if (previous) previous.after(el);
    else return;
    previous = el;
    changed++;
  });
  return changed;
}

/** The page's HTML for the frame: no scripts (the preview shows, it does not run), links resolved on this site. */
export function framedPage(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<head>/i, `<head><base href="${location.origin}/"><style>[data-site-changed]{outline:2px dashed #d4a017;outline-offset:2px}</style>`);
}
