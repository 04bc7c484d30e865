// The preview pane beside each entry: the entry as it stands in the form, before any save, drawn with the site's
// own stylesheet, each placeholder shown as the value the site will print (marked, with its name on hover).
// Decap hands a preview template the entry and its fields; React and its createClass come from Decap's bundle.
import { factValue, type Facts } from './rules.ts';
import { applyChanges, collectionPages, framedPage, newPageKinds, pageAddress, skeletonWords, writeNewPage, type NewEntry, type Skeleton, type SkeletonTools } from './page-preview.ts';

type Node = unknown;
declare const h: (type: string, props?: Record<string, unknown> | null, ...children: Node[]) => Node;
interface Component {
  props: PreviewProps;
  body?: HTMLElement | null;
  frame?: HTMLIFrameElement | null;
  forceUpdate(): void;
}
declare const createClass: (spec: { render(this: Component): Node; componentDidMount?(this: Component): void; componentDidUpdate?(this: Component): void }) => unknown;

interface ImmutableLike {
  toJS(): unknown;
}

interface PreviewProps {
  entry: { getIn(path: string[]): ImmutableLike | string | boolean | undefined };
  collection: { get(key: string): unknown };
  fields: ImmutableList;
  widgetFor(name: string): Node;
  /** With the image field's own config (Decap's Immutable map), so that its folder is used. */
  getAsset(path: string, field?: unknown): { toString(): string } | string | undefined;
}

interface ImmutableList {
  toJS(): FieldConfig[];
  find(test: (item: ImmutableMap) => boolean): ImmutableMap | undefined;
}

interface ImmutableMap {
  get(key: string): unknown;
}

/** Decap's own config of the image field at `names` (image, src), which getAsset needs to find the picture. */
function imageFieldAt(fields: ImmutableList, names: string[]): unknown {
  let list: ImmutableList | undefined = fields;
  let found: ImmutableMap | undefined;
  for (const name of names) {
    found = list?.find((f) => f.get('name') === name);
    list = found?.get('fields') as ImmutableList | undefined;
  }
  return found;
}

interface FieldConfig {
  name: string;
  label?: string;
  widget?: string;
  fields?: FieldConfig[];
  field?: FieldConfig;
}

declare const CMS: {
  registerPreviewTemplate(name: string, component: unknown): void;
  registerPreviewStyle(href: string): void;
};

const placeholder = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Text with each placeholder replaced by its value, marked so that staff see where a fact shows. */
export function withFacts(text: string, facts: Facts): Node[] {
  const out: Node[] = [];
  let last = 0;
  for (const m of text.matchAll(placeholder)) {
    out.push(text.slice(last, m.index));
    const name = m[1].replace(/^verbatim\s*:\s*/, '');
    const value = m[1].startsWith('verbatim') ? name : factValue(facts, name);
    out.push(
      value === undefined
        ? h('mark', { title: 'This placeholder names no fact', style: { background: '#fdecea', color: '#8a1c10' } }, m[0])
        : h('mark', { title: m[0], style: { background: '#fff3c4', color: 'inherit', borderRadius: '3px', padding: '0 2px' } }, value),
    );
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

const headingNames = /^(title|name|heading|headline|serviceName|question)$/;
const hidden = new Set(['$schema', 'seo', 'order', 'slug', 'featured', 'icon', 'color', 'code', 'nativeLang', 'id', 'recommended', 'coordinates', 'alt']);

function render(value: unknown, field: FieldConfig | undefined, facts: Facts, props: PreviewProps, depth: number, at: string[] = []): Node {
  if (value === undefined || value === null || value === '' || value === false) return null;
  const label = field?.label ?? field?.name ?? '';
  if (typeof value === 'string') {
    if (field?.widget === 'image') {
      const src = props.getAsset(value, imageFieldAt(props.fields, at));
      return src ? h('img', { src: String(src), alt: '', style: { maxWidth: '100%', height: 'auto', borderRadius: '8px' } }) : null;
    }
    if (field && headingNames.test(field.name)) return h(depth === 0 ? 'h1' : 'h3', null, ...withFacts(value, facts));
    return h('p', null, ...withFacts(value, facts));
  }
  if (typeof value === 'number' || typeof value === 'boolean') return h('p', null, h('strong', null, `${label}: `), String(value));
  if (Array.isArray(value)) {
    const item = field?.field ?? (field?.fields ? { name: field.name, label, fields: field.fields } : undefined);
    const children = value.map((v) => h('li', null, render(v, item?.fields ? { ...item, widget: 'object' } : item, facts, props, depth + 1)));
    return h('section', null, label ? h('h2', { style: { fontSize: '1.1rem' } }, label) : null, h('ul', null, ...children));
  }
  if (typeof value === 'object') {
    const fields = field?.fields ?? [];
    return h(
      'div',
      null,
      ...Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !hidden.has(k))
        .map(([k, v]) => render(v, fields.find((f) => f.name === k) ?? { name: k }, facts, props, depth + 1, [...at, k])),
    );
  }
  return null;
}

/**
 * Placeholders in the Markdown body, which Decap renders as HTML of its own (not React's to update): each text
 * holding one is split around it, the value marked as in the fields.
 */
function markFacts(root: HTMLElement, facts: Facts): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if ((node.nodeValue ?? '').includes('{{') && !node.parentElement?.closest('mark')) texts.push(node as Text);
  for (const text of texts) {
    const doc = root.ownerDocument;
    const parts = document.createDocumentFragment();
    let last = 0;
    const value = text.nodeValue ?? '';
    for (const m of value.matchAll(placeholder)) {
      parts.append(doc.createTextNode(value.slice(last, m.index)));
      const mark = doc.createElement('mark');
      const found = m[1].startsWith('verbatim') ? m[1].replace(/^verbatim\s*:\s*/, '') : factValue(facts, m[1]);
      mark.textContent = found ?? m[0];
      mark.title = found === undefined ? 'This placeholder names no fact' : m[0];
      mark.style.cssText = found === undefined ? 'background:#fdecea;color:#8a1c10' : 'background:#fff3c4;color:inherit;border-radius:3px;padding:0 2px';
      parts.append(mark);
      last = (m.index ?? 0) + m[0].length;
    }
    parts.append(doc.createTextNode(value.slice(last)));
    text.replaceWith(parts);
  }
}

/**
 * The built page's HTML by address, fetched once for the session; a page not there (not built yet: an entry just
 * saved, its build under way) is asked for again next time.
 */
const pages = new Map<string, Promise<string | undefined>>();
const pageHtml = (address: string) => {
  if (!pages.has(address)) {
    const html = fetch(address, { credentials: 'same-origin' }).then((r) => (r.ok && (r.headers.get('content-type') ?? '').includes('html') ? r.text() : undefined), () => undefined);
    pages.set(address, html);
    void html.then((found) => found === undefined && pages.get(address) === html && pages.delete(address));
  }
  return pages.get(address)!;
};
/** The entry's data as it was opened, by its path: what its page shows now. */
const opened = new Map<string, Record<string, unknown>>();

/** How often, and how many times, a page not built yet is asked for again while the form is left alone. */
const retryEvery = 1500;
const retries = 40;
const retried = new Map<string, number>();

/**
 * Shows the page in the frame (once), then the form's changes in it, from the page as built each time. A page not
 * built yet (an entry just saved, its build under way) is asked for again by the next change to the form, or by
 * `again` a moment later, as staff may change nothing more.
 */
async function showPage(frame: HTMLIFrameElement, address: string, before: Record<string, unknown>, now: Record<string, unknown>, facts: Facts, again: () => void): Promise<void> {
  const state = frame as HTMLIFrameElement & { siteAddress?: string; sitePristine?: HTMLElement; siteLoading?: Promise<void> };
  if (state.siteAddress !== address) {
    state.siteAddress = address;
    state.sitePristine = undefined;
    state.siteLoading = pageHtml(address).then(
      (html) =>
        new Promise<void>((resolve) => {
          if (!html && state.siteAddress === address) {
            state.siteAddress = undefined;
            const tries = retried.get(address) ?? 0;
            retried.set(address, tries + 1);
            if (tries < retries) setTimeout(() => frame.isConnected && state.siteAddress === undefined && again(), retryEvery);
          }
          if (!html) return resolve();
          retried.delete(address);
          frame.addEventListener('load', () => resolve(), { once: true });
          frame.srcdoc = framedPage(html);
        }),
    );
  }
  await state.siteLoading;
  const doc = frame.contentDocument;
  if (!doc?.body || state.siteAddress !== address) return;
  state.sitePristine ??= doc.body.cloneNode(true) as HTMLElement;
  const scroll = doc.defaultView?.scrollY ?? 0;
  doc.body.replaceWith(state.sitePristine.cloneNode(true));
  applyChanges(doc, before, now, facts);
  frame.style.height = `${doc.documentElement.scrollHeight}px`;
  doc.defaultView?.scrollTo(0, scroll);
}

/** The address of the picture at `at` (image, src) as the editor has it, or undefined while it has none. */
function pictureAddress(props: PreviewProps, data: Record<string, unknown>, at: string[]): string | undefined {
  let value: unknown = data;
  for (const key of at) value = (value as Record<string, unknown> | undefined)?.[key];
  if (typeof value !== 'string' || !value) return undefined;
  const asset = props.getAsset(value, imageFieldAt(props.fields, at));
  const url = asset ? String(asset) : '';
  // Decap's stand-in while the picture loads.
  if (!url || /(^|\/)empty\.svg$/.test(url)) return undefined;
  return new URL(url, location.href).href;
}

/** Collections whose new entries found no page to use as the skeleton: those keep the plain preview. */
const noSkeleton = new Set<string>();

/**
 * Shows a new entry in the page of another entry of its collection (the skeleton, loaded once), each time
 * written afresh from that page as built. Returns false when there is no such page to use.
 */
async function showNewPage(frame: HTMLIFrameElement, folder: string, entry: NewEntry, entries: SkeletonTools['entries']): Promise<boolean> {
  const state = frame as HTMLIFrameElement & { siteAddress?: string; sitePristine?: HTMLElement; siteLoading?: Promise<void>; siteSkeleton?: Skeleton; siteWords?: string[] };
  const key = `new:${folder}`;
  if (state.siteAddress !== key) {
    state.siteAddress = key;
    state.sitePristine = undefined;
    const tools: SkeletonTools = { page: pageHtml, facts: entry.facts, entries };
    state.siteLoading = newPageKinds[folder].skeleton(collectionPages(folder, entries), tools).then(async (skeleton) => {
      const html = skeleton && (await pageHtml(skeleton.address));
      if (!skeleton || !html) return;
      await new Promise<void>((resolve) => {
        frame.addEventListener('load', () => resolve(), { once: true });
        frame.srcdoc = framedPage(html);
      });
      state.siteSkeleton = skeleton;
    });
  }
  await state.siteLoading;
  const doc = frame.contentDocument;
  if (state.siteAddress !== key) return true;
  if (!doc?.body || !state.siteSkeleton) return false;
  if (!state.sitePristine) {
    state.sitePristine = doc.body.cloneNode(true) as HTMLElement;
    state.siteWords = skeletonWords(doc, folder);
  }
  const scroll = doc.defaultView?.scrollY ?? 0;
  doc.body.replaceWith(state.sitePristine.cloneNode(true));
  writeNewPage(doc, folder, entry, state.siteSkeleton, state.siteWords ?? []);
  frame.style.height = `${doc.documentElement.scrollHeight}px`;
  doc.defaultView?.scrollTo(0, scroll);
  return true;
}

/**
 * `offers`: what an entry offers (its page's address among them), from the build's index; one saved since the
 * editor opened is not in it, so its own data says.
 */
export function registerPreview(collections: string[], facts: () => Facts, offers: (path: string, data: Record<string, unknown>) => string[] | undefined, entries: () => Record<string, { offers: string[] }> | undefined): void {
  /** The folder of a new entry whose preview is its page's template, else undefined. */
  const newPageOf = (props: PreviewProps) => {
    const folder = props.collection.get('folder');
    return props.entry.getIn(['newRecord']) === true && typeof folder === 'string' && newPageKinds[folder] && !noSkeleton.has(folder) ? folder : undefined;
  };
  const pageOf = (props: PreviewProps) => {
    const path = props.entry.getIn(['path']);
    const isNew = props.entry.getIn(['newRecord']);
    const data = ((props.entry.getIn(['data']) as ImmutableLike | undefined)?.toJS() ?? {}) as Record<string, unknown>;
    return typeof path === 'string' && isNew !== true ? { path, address: pageAddress(path, offers(path, data)) } : undefined;
  };
  const update = (component: Component) => {
    if (component.body) markFacts(component.body, facts());
    const folder = newPageOf(component.props);
    if (folder && component.frame) {
      const props = component.props;
      const data = ((props.entry.getIn(['data']) as ImmutableLike | undefined)?.toJS() ?? {}) as Record<string, unknown>;
      const entry: NewEntry = { data, bodyHtml: component.body?.innerHTML, picture: (at) => pictureAddress(props, data, at), facts: facts() };
      void showNewPage(component.frame, folder, entry, entries() ?? {}).then((shown) => {
        if (shown) return;
        noSkeleton.add(folder);
        component.forceUpdate();
      });
      return;
    }
    const page = pageOf(component.props);
    if (!component.frame || !page?.address) return;
    const now = ((component.props.entry.getIn(['data']) as ImmutableLike | undefined)?.toJS() ?? {}) as Record<string, unknown>;
    if (!opened.has(page.path)) opened.set(page.path, now);
    void showPage(component.frame, page.address, opened.get(page.path)!, now, facts(), () => update(component));
  };
  const Template = createClass({
    componentDidMount() {
      update(this);
    },
    componentDidUpdate() {
      update(this);
    },
    render() {
      const props = this.props;
      const folder = newPageOf(props);
      if (folder) {
        // The new entry in its page's template (page-preview.ts); the body as Decap renders Markdown, kept out of
        // sight here and written into the page.
        return h(
          'div',
          null,
          h('div', { hidden: true, ref: (el: HTMLElement | null) => (this.body = el) }, 'body' in (((props.entry.getIn(['data']) as ImmutableLike | undefined)?.toJS() ?? {}) as object) ? props.widgetFor('body') : null),
          h('iframe', {
            ref: (el: HTMLIFrameElement | null) => (this.frame = el),
            title: 'Preview of the new page',
            sandbox: 'allow-same-origin',
            'data-site-new-page': folder,
            style: { display: 'block', width: '100%', minHeight: '100vh', border: 0, background: '#fff' },
          }),
        );
      }
      const page = pageOf(props);
      if (page?.address) {
        // The page as built, in its own frame so that the site's CSS applies as on the site (the width of this pane).
        return h('iframe', {
          ref: (el: HTMLIFrameElement | null) => (this.frame = el),
          title: `Preview of ${page.address}`,
          sandbox: 'allow-same-origin',
          'data-site-page': page.address,
          style: { display: 'block', width: '100%', minHeight: '100vh', border: 0, background: '#fff' },
        });
      }
      const data = ((props.entry.getIn(['data']) as ImmutableLike | undefined)?.toJS() ?? {}) as Record<string, unknown>;
      const fields = props.fields.toJS();
      const known = facts();
      // In the form's order, which is the schema's: the heading first, as on the page.
      const names = [...fields.map((f) => f.name).filter((n) => n in data), ...Object.keys(data).filter((k) => !fields.some((f) => f.name === k))];
      const heading = names.find((n) => headingNames.test(n));
      const parts = [...(heading ? [heading] : []), ...names.filter((n) => n !== heading)]
        .filter((k) => !hidden.has(k) && k !== 'body')
        .map((k) => render(data[k], fields.find((f) => f.name === k), known, props, 0, [k]));
      const body = 'body' in data ? h('div', { className: 'prose', ref: (el: HTMLElement | null) => (this.body = el) }, props.widgetFor('body')) : null;
      return h('main', { id: 'main', style: { maxWidth: '72ch', margin: '0 auto', padding: '24px 20px' } }, h('article', { className: 'prose' }, ...parts, body));
    },
  });
  for (const name of collections) CMS.registerPreviewTemplate(name, Template);
}

/** The site's stylesheet (its name carries a hash), taken from the home page the build wrote. */
export async function registerSiteStyle(): Promise<void> {
  const html = await fetch('/').then((r) => (r.ok ? r.text() : ''), () => '');
  const href = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  if (href) CMS.registerPreviewStyle(href);
}
