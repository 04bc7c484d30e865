// The preview of an entry as its page looks: the page the build made from the site's own templates and CSS
// (fetched from this site, its scripts left out), shown in a frame beside the form, with every change in the
// form written into it as staff type, before anything is saved: each text that changed replaces the text the
// page showed (placeholders resolved to their facts, as the page prints them), and a changed paragraph of the
// Markdown body replaces that paragraph. A new entry of a collection listed in newPageKinds (below) is shown in
// another entry's page with every part the form controls replaced; other entries with no page yet keep the plain
// preview (preview.ts).
import { factValue, type Facts } from './rules.ts';
import { australianDate, parseDate } from '../../generator/content/dates.ts';
import { wordCount } from '../../generator/content/text.ts';

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

/** The marks the preview adds: a changed part outlined, a part not filled in yet, the band over a new page. */
const previewStyle = [
  '[data-site-changed]{outline:2px dashed #d4a017;outline-offset:2px}',
  '[data-site-missing]{display:inline-block;border:2px dashed #b3261e;border-radius:6px;padding:.1em .5em;color:#8a1c10;background:#fdecea;font:italic 600 1rem/1.5 system-ui,sans-serif}',
  'div[data-site-missing]{display:flex;align-items:center;justify-content:center;aspect-ratio:16/9;width:100%;margin:1rem 0}',
  '[data-site-new-page]{position:sticky;top:0;z-index:1000;margin:0;padding:.6em 4.5em;background:#1f3b57;color:#fff;font:600 1rem/1.4 system-ui,sans-serif;text-align:center}',
].join('');

/** The page's HTML for the frame: no scripts (the preview shows, it does not run), links resolved on this site. */
export function framedPage(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<head>/i, `<head><base href="${location.origin}/"><style>${previewStyle}</style>`);
}

// A new entry (a post not yet saved) has no page of its own yet. Its preview is the built page of another entry
// of the same collection, used as the skeleton of its template: every part of that page the form controls is
// replaced by the new entry's value, or by a marked "not filled in yet" when the form has none, so that no word
// of the other entry shows as the new one's. A collection is listed here only where that can be done for every
// part its page shows; the others keep the plain preview (preview.ts), as a page half of another entry would not
// be honest.

/** A link of a list the page makes from other entries (a post's "More guides"). */
export interface Link {
  title: string;
  href: string;
}

/** The page used as the skeleton, and what the new page shows of other entries. */
export interface Skeleton {
  address: string;
  /** The posts a new post's "More guides" lists: the newest three, as the feed gives them. */
  more?: Link[];
  /** A new city's language cards, by language code: each as the site draws it (from /languages). */
  languageCards?: Record<string, string>;
}

/** What the form holds for the new entry, with what the preview pane worked out from it. */
export interface NewEntry {
  data: Record<string, unknown>;
  /** The Markdown body as Decap's own preview renders it (HTML), when the body is not empty. */
  bodyHtml?: string;
  /** The address of the picture at a field's path (image), as the editor shows it, when it has one. */
  picture(at: string[]): string | undefined;
  facts: Facts;
}

/** What choosing a skeleton may use: the built pages by address, the facts, the build's index. */
export interface SkeletonTools {
  page(address: string): Promise<string | undefined>;
  facts: Facts;
  /** Per content file (content/…), the keys it offers (page:/…, language:…). */
  entries: Record<string, { offers: string[] }>;
}

interface NewPageKind {
  /** The page to use as the skeleton, from the addresses the collection's entries have. */
  skeleton(addresses: string[], tools: SkeletonTools): Promise<Skeleton | undefined>;
  /** Writes the new entry into the skeleton's page. */
  fill(doc: Document, entry: NewEntry, skeleton: Skeleton): void;
  /** The skeleton's own words (read from its page as built), none of which may show once the entry is written in. */
  words(doc: Document): string[];
}

/** The mark for a part of the page the form has no value for yet. */
export function missing(doc: Document, what: string, tag = 'span'): HTMLElement {
  const el = doc.createElement(tag);
  el.setAttribute('data-site-missing', '');
  el.textContent = `${what}: not filled in yet`;
  return el;
}

/** `el` shows `value` (placeholders resolved), or the mark that `what` is not filled in yet. */
function show(el: Element | null | undefined, value: unknown, what: string, facts: Facts): void {
  if (!el) return;
  const text = typeof value === 'string' ? value.trim() : '';
  if (text) el.textContent = resolved(text, facts);
  else el.replaceChildren(missing(el.ownerDocument, what));
  el.setAttribute('data-site-changed', '');
}

/** The newest posts, as the blog's feed lists them (the build's order: newest first). */
async function feedPosts(): Promise<Link[]> {
  const xml = await fetch('/blog/feed.xml', { credentials: 'same-origin' }).then((r) => (r.ok ? r.text() : ''), () => '');
  if (!xml) return [];
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  return [...doc.querySelectorAll('item')].flatMap((item) => {
    const title = item.querySelector('title')?.textContent ?? '';
    const link = item.querySelector('link')?.textContent ?? '';
    try {
      return title && link ? [{ title, href: new URL(link).pathname }] : [];
    } catch {
      return [];
    }
  });
}

/** A blog post's page (templates/pages/post.tsx): heading, category, date, author, reading time, picture, text. */
const post: NewPageKind = {
  async skeleton(addresses) {
    const feed = (await feedPosts()).filter((p) => addresses.includes(p.href));
    // Any post's page has the same template; one outside the newest three lists those three as the new post will.
    const address = feed.length ? feed[feed.length - 1].href : [...addresses].sort()[0];
    return address ? { address, more: feed.length ? feed.slice(0, 3) : undefined } : undefined;
  },
  fill(doc, entry, skeleton) {
    const { data, facts } = entry;
    show(doc.querySelector('main h1'), data.title, 'Title', facts);
    const meta = doc.querySelector('main .post-meta');
    show(meta?.querySelector('.category-badge'), data.category, 'Category', facts);
    const time = meta?.querySelector('time');
    // Shown the Australian way, as the build shows it, whichever way it was written.
    const date = typeof data.date === 'string' && data.date.trim() ? parseDate(data.date.trim()) : undefined;
    const iso = date && 'iso' in date ? date.iso : undefined;
    show(time, iso ? australianDate(iso) : '', 'Date', facts);
    if (iso) time?.setAttribute('datetime', iso);
    else time?.removeAttribute('datetime');
    show(meta?.querySelector(':scope > span:last-of-type'), data.author, 'Author', facts);
    const body = typeof data.body === 'string' ? data.body : '';
    const readingTime = meta?.nextElementSibling;
    if (readingTime?.matches('p')) readingTime.textContent = `${Math.max(1, Math.round(wordCount(body) / 220))} min read`;
    showPicture(doc, 'main .article-image', entry, ['image']);
    const prose = doc.querySelector('main .article-body');
    if (prose) {
      if (entry.bodyHtml && body.trim()) prose.innerHTML = entry.bodyHtml;
      else prose.replaceChildren(missing(doc, 'Text', 'p'));
      prose.setAttribute('data-site-changed', '');
    }
    // "More guides": the newest posts, which the new post lists as every post does.
    const more = doc.querySelector('main [aria-labelledby="more-heading"] ul');
    if (more && skeleton.more) {
      more.replaceChildren(
        ...skeleton.more.map((p) => {
          const li = doc.createElement('li');
          const a = doc.createElement('a');
          a.href = p.href;
          a.textContent = p.title;
          li.append(a);
          return li;
        }),
      );
    }
  },
  words(doc) {
    const parts = [...doc.querySelectorAll('main h1, main .article-body p, main .article-body li, main .article-body h2, main .article-body h3, main .post-meta > span:last-of-type')];
    return parts.map((el) => normal(el.textContent ?? '')).filter((t) => t.length >= 12);
  },
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown) => (Array.isArray(value) ? value : []);

/**
 * In the text under `el` that the template made from the skeleton's own words (its name in "Popular languages in
 * Perth"), each of those words is replaced by the new entry's, or by the mark when the form has none yet.
 */
function substitute(el: Element | null | undefined, pairs: [from: string, to: string, what: string][], skip?: string): void {
  const used = pairs.filter(([from]) => from).sort((a, b) => b[0].length - a[0].length);
  if (!el || !used.length) return;
  const doc = el.ownerDocument;
  const pattern = new RegExp(used.map(([from]) => from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const node of texts) {
    const value = node.nodeValue ?? '';
    if (!value.match(pattern) || (skip && node.parentElement?.closest(skip))) continue;
    const parts = doc.createDocumentFragment();
    let last = 0;
    for (const m of value.matchAll(pattern)) {
      parts.append(value.slice(last, m.index));
      const [, to, what] = used.find(([from]) => from === m[0])!;
      parts.append(to ? doc.createTextNode(to) : missing(doc, what));
      last = (m.index ?? 0) + m[0].length;
    }
    parts.append(value.slice(last));
    node.parentElement?.setAttribute('data-site-changed', '');
    node.replaceWith(parts);
  }
}

/** A list's items made afresh from `values`, each from a copy of the list's first item (its icon kept). */
function refill(ul: Element | null | undefined, values: unknown[], write: (li: Element, value: unknown) => void): void {
  const first = ul?.firstElementChild;
  if (!ul || !first) return;
  ul.replaceChildren(
    ...values.map((value) => {
      const li = first.cloneNode(true) as Element;
      write(li, value);
      return li;
    }),
  );
  ul.setAttribute('data-site-changed', '');
}

/** `el`'s text after its icon (an svg, kept): `value`, or the mark. */
function showAfterIcon(el: Element, value: unknown, what: string, facts: Facts): void {
  const icon = el.querySelector('svg');
  el.replaceChildren(...(icon ? [icon, ' '] : []));
  const words = text(value);
  el.append(words ? resolved(words, facts) : missing(el.ownerDocument, what));
}

/** Paragraphs written into `el` (a prose block), or one mark when there are none. */
function showParagraphs(el: Element | null | undefined, values: unknown, what: string, facts: Facts): void {
  if (!el) return;
  const doc = el.ownerDocument;
  const paragraphs = list(values).map(text).filter(Boolean);
  el.replaceChildren(
    ...(paragraphs.length
      ? paragraphs.map((words) => {
          const p = doc.createElement('p');
          p.textContent = resolved(words, facts);
          return p;
        })
      : [missing(doc, what, 'p')]),
  );
  el.setAttribute('data-site-changed', '');
}

/** The picture element `selector` (img or picture) replaced by the form's picture, or the mark. */
function showPicture(doc: Document, selector: string, entry: NewEntry, at: string[]): void {
  const image = doc.querySelector(selector);
  if (!image) return;
  const chosen = (entry.data[at[0]] ?? {}) as { src?: unknown; alt?: unknown };
  const src = text(chosen.src) ? entry.picture([...at, 'src']) : undefined;
  const className = image.getAttribute('class') ?? '';
  let replacement: HTMLElement;
  if (src) {
    const img = doc.createElement('img');
    img.src = src;
    img.alt = text(chosen.alt);
    img.className = className;
    for (const name of ['width', 'height']) {
      const size = (image.matches('img') ? image : image.querySelector('img'))?.getAttribute(name);
      if (size) img.setAttribute(name, size);
    }
    replacement = img;
  } else {
    replacement = missing(doc, 'Picture', 'div');
    // Chosen, but the editor has not loaded it yet: said as such, not as missing.
    if (text(chosen.src)) replacement.textContent = `Picture ${text(chosen.src)}: loading`;
  }
  replacement.setAttribute('data-site-changed', '');
  image.replaceWith(replacement);
}

/** The language codes each language file offers, with its page's address. */
function languageAddresses(entries: SkeletonTools['entries']): Map<string, string> {
  const out = new Map<string, string>();
  for (const { offers } of Object.values(entries)) {
    const code = offers.find((k) => k.startsWith('language:'))?.slice('language:'.length);
    const page = offers.find((k) => k.startsWith('page:'))?.slice('page:'.length);
    if (code && page) out.set(code, page);
  }
  return out;
}

/**
 * A city's page (templates/pages/city.tsx and its local guide). The template puts the city's name, its name in a
 * sentence ("the Gold Coast"), "in"/"on" and its state into headings and the shared copy; the skeleton is a city
 * whose name and state no fact holds, so that each of them in its page comes from the city alone, and one that
 * shows every optional part (a local guide and local notes), which a new city may leave out.
 */
const city: NewPageKind = {
  async skeleton(addresses, tools) {
    const factWords = Object.values(tools.facts).join('\n');
    let address: string | undefined;
    for (const candidate of [...addresses].sort()) {
      const html = await tools.page(candidate);
      if (!html || !html.includes('id="local-guide"') || !html.includes('id="local"')) continue;
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const id = cityWords(doc);
      if (!id.name || [id.name, id.stateName].some((w) => factWords.includes(w))) continue;
      address = candidate;
      break;
    }
    if (!address) return undefined;
    // Every language's card, as the languages page draws it.
    const cards: Record<string, string> = {};
    const languages = await tools.page('/languages');
    if (languages) {
      const doc = new DOMParser().parseFromString(languages, 'text/html');
      for (const [code, page] of languageAddresses(tools.entries)) {
        const card = doc.querySelector(`a.language-card[href="${page}"]`)?.cloneNode(true) as Element | undefined;
        if (!card) continue;
        card.querySelector('.language-card-note')?.remove();
        cards[code] = card.outerHTML;
      }
    }
    return { address, languageCards: cards };
  },
  fill(doc, entry, skeleton) {
    const { data, facts } = entry;
    const was = cityWords(doc);
    const name = resolved(text(data.name), facts);
    const inText = resolved(text(data.nameInText), facts) || name;
    const preposition = text(data.preposition) || 'in';
    const main = doc.querySelector('main');
    // Where the template wrote the skeleton's name, state, or the name in a sentence: the new city's.
    const inCity: [string, string, string] = [was.inCity, inText ? `${preposition} ${inText}` : '', 'Name'];
    const state: [string, string, string] = [was.stateName, resolved(text(data.stateName), facts), 'State name'];
    // The name as such shows in these (the copy's {city}); elsewhere the name in a sentence (its {cityInText}),
    // which for most cities is the same words: "Gold Coast customers", but "on the Gold Coast".
    const asName = 'main .breadcrumbs [aria-current="page"], main .eyebrow, main #documents-heading, main #benefits-heading';
    // First the template's own words around the city's (headings, shared copy): the new city's name, state and
    // name in a sentence where the skeleton's were. Then the parts the form fills, written over whatever they held.
    for (const el of doc.querySelectorAll(asName)) substitute(el, [inCity, [was.name, name, 'Name'], state]);
    substitute(main, [inCity, [was.inText, inText, 'Name'], state], asName);
    show(main?.querySelector('.hero-text'), data.tagline, 'Tagline', facts);
    if (!text(data.tagline)) main?.querySelector('.hero-text')?.remove();
    showPicture(doc, 'main .hero-image', entry, ['image']);
    showParagraphs(main?.querySelector('#about .prose'), data.description, 'Description', facts);
    const figures = main?.querySelectorAll('#about dl.facts dd');
    show(figures?.[0], data.population, 'Population', facts);
    show(figures?.[1], data.suburbs, 'Suburbs served', facts);
    const guide = (data.localGuide ?? {}) as { heading?: unknown; paragraphs?: unknown; places?: unknown };
    const guideSection = main?.querySelector('#local-guide');
    if (text(guide.heading) || list(guide.paragraphs).some(text) || list(guide.places).length) {
      show(guideSection?.querySelector('h2'), guide.heading, 'Local guide heading', facts);
      showParagraphs(guideSection?.querySelector('.local-guide .prose'), guide.paragraphs, 'Local guide paragraphs', facts);
      refill(guideSection?.querySelector('.local-places ul'), list(guide.places), (li, place) => {
        const { name: placeName, note } = (place ?? {}) as { name?: unknown; note?: unknown };
        show(li.querySelector('strong'), placeName, 'Place', facts);
        const span = li.querySelector('span');
        if (span?.lastChild && span.lastChild.nodeType === Node.TEXT_NODE) span.lastChild.remove();
        const noteText = text(note);
        span?.append(' ', noteText ? resolved(noteText, facts) : missing(doc, 'Note'));
      });
    } else guideSection?.remove();
    refill(main?.querySelector('#documents ul'), list(data.popularDocuments), (li, value) => showAfterIcon(li, value, 'Document', facts));
    if (!list(data.popularDocuments).length) main?.querySelector('#documents ul')?.replaceChildren(missing(doc, 'Popular documents', 'li'));
    // Each language by its code, drawn as the languages page draws it.
    const grid = main?.querySelector('#languages ul.language-grid');
    if (grid) {
      const codes = list(data.languages).map(text).filter(Boolean);
      grid.replaceChildren(
        ...codes.map((code) => {
          const li = doc.createElement('li');
          const card = skeleton.languageCards?.[code];
          if (card) li.innerHTML = card;
          else li.append(missing(doc, `Language "${code}"`));
          return li;
        }),
      );
      if (!codes.length) grid.append(missing(doc, 'Languages', 'li'));
      grid.setAttribute('data-site-changed', '');
    }
    const notes = list(data.localNotes).filter((n) => n && (text((n as { title?: unknown }).title) || text((n as { text?: unknown }).text)));
    const notesSection = main?.querySelector('#local');
    if (notes.length) {
      refill(notesSection?.querySelector('ul'), notes, (li, note) => {
        const card = note as { title?: unknown; text?: unknown; icon?: unknown };
        show(li.querySelector('h3'), card.title, 'Title', facts);
        show(li.querySelector('p'), card.text, 'Text', facts);
        // The icon is drawn by the build from its name; the preview has only the skeleton's, so none is shown.
        const badge = li.querySelector('.icon-badge');
        badge?.replaceChildren();
        badge?.setAttribute('title', text(card.icon) ? `The "${text(card.icon)}" icon shows here once saved` : 'Icon: not filled in yet');
      });
    } else notesSection?.remove();
  },
  words(doc) {
    const own = cityWords(doc);
    const parts = [...doc.querySelectorAll('main .hero-text, main #about .prose p, main #about dd, main #local-guide h2, main #local-guide .prose p, main .local-places li, main #documents li, main #local li h3, main #local li p')];
    return [own.name, own.stateName, own.inText, ...parts.map((el) => normal(el.textContent ?? ''))].filter((t) => t.length >= 4);
  },
};

/** A city's own words as its page shows them: its name, state, name in a sentence and "in"/"on" with it. */
function cityWords(doc: Document): { name: string; stateName: string; inCity: string; inText: string } {
  const name = normal(doc.querySelector('main .breadcrumbs [aria-current="page"]')?.textContent ?? '');
  const eyebrow = normal(doc.querySelector('main .eyebrow')?.textContent ?? '');
  const stateName = eyebrow.startsWith(`${name}, `) ? eyebrow.slice(name.length + 2) : '';
  const inCity = normal(doc.querySelector('main h1')?.textContent ?? '').replace(/^NAATI Certified Translations /, '');
  const inText = inCity.replace(/^(in|on) /, '');
  return { name, stateName, inCity, inText };
}

/**
 * The collections (by folder) whose new entries are previewed in their page's template. Not services: a
 * service's page shows its price, which the build works out from the plans and the service's own pricing, and
 * its related services, drawn from other entries. Not languages: the build picks a language page's backdrop
 * picture from its region's set by its file name, draws its flag from the country code as processed images, and
 * words much of the page by its credential. Another entry's page would show that entry's price, picture or flag
 * as the new one's, so those keep the plain preview.
 */
export const newPageKinds: Record<string, NewPageKind> = { 'content/blog': post, 'content/cities': city };

/** The addresses of the pages of a collection's entries, from the build's index. */
export function collectionPages(folder: string, entries: Record<string, { offers: string[] }> | undefined): string[] {
  return Object.entries(entries ?? {})
    .filter(([file]) => file.startsWith(`${folder}/`))
    .flatMap(([, e]) => e.offers.filter((key) => key.startsWith('page:')).map((key) => key.slice('page:'.length)));
}

/** The skeleton's own words (read from its page as built), which must not show once the new entry is written in. */
export function skeletonWords(doc: Document, folder: string): string[] {
  return newPageKinds[folder].words(doc);
}

/**
 * The last guard: any text still holding one of the skeleton's own words is replaced by the mark, so that a part
 * the mapping missed shows as not filled in rather than as the other entry's.
 */
function blankLeftovers(doc: Document, words: string[], keep: Set<string>): number {
  let blanked = 0;
  // The entry's part of the page: the header and footer are the site's, the same on every page.
  const main = doc.querySelector('main');
  if (!main) return 0;
  const walker = doc.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const content = normal(text.nodeValue ?? '');
    // What the mapping wrote is the new entry's own (even where staff typed the same words).
    if (!content || keep.has(content) || text.parentElement?.closest('[data-site-missing], [data-site-changed]')) continue;
    if (words.some((w) => content.includes(w) && !keep.has(w))) {
      text.replaceWith(missing(doc, 'This part'));
      blanked++;
    }
  }
  return blanked;
}

/** The band above a new entry's page: what the preview is. */
function newPageBanner(doc: Document): void {
  const band = doc.createElement('p');
  band.setAttribute('data-site-new-page', '');
  band.setAttribute('role', 'note');
  band.textContent = 'New page — as it will look once saved. Parts not filled in yet are marked.';
  doc.body.prepend(band);
}

/**
 * The new entry written into the skeleton's page, `doc` holding the skeleton's page as built (`words` its own
 * words, taken once from it by `skeletonWords`). Returns how many leftovers the last guard had to blank.
 */
export function writeNewPage(doc: Document, folder: string, entry: NewEntry, skeleton: Skeleton, words: string[]): number {
  newPageKinds[folder].fill(doc, entry, skeleton);
  const keep = new Set([...(skeleton.more ?? []).map((p) => p.title), ...strings(entry.data).values()].map(normal));
  const blanked = blankLeftovers(doc, words, keep);
  newPageBanner(doc);
  return blanked;
}
