// Rules that span files and that a schema cannot express: unique slugs and positions, addresses that collide,
// references (language codes, service slugs, internal links, images, icons, flags) that must resolve.
import fs from 'node:fs';
import path from 'node:path';
import { positionAt, framed, siteError, type ErrorCode, type ErrorParams, type SiteError } from '../errors.ts';
import type { Project } from '../project.ts';
import { flagFile, readIcon } from '../assets/library.ts';
import type { Page, Redirect } from '../routes.ts';
import { servedElsewhere } from '../address.ts';
import type { SourceFile } from './load.ts';
import type { SiteModel } from './model.ts';
import { rules } from './kinds.ts';
import { at } from './validate.ts';
import { eachValue } from './pointer.ts';
import { bodyLinks, bodyStart, isMarkdownImage, markdownLinks, mayLink, resolveLink, scriptIn, type MarkdownLink } from './links.ts';
import { suggestAddress } from './explain.ts';
import { draftAware, type Drafts, type Make } from './drafts.ts';

/** The addresses a link may name: the pages, the redirects' old addresses (not a 404 rule's pattern) and the files the build writes. */
export function linkableAddresses(pages: readonly { path: string }[], redirects: readonly { from: string; status: number }[]): string[] {
  return [...new Set([...pages.map((p) => p.path), ...redirects.filter((r) => r.status !== 404).map((r) => r.from), ...rules.generatedFiles])];
}

/**
 * `recheck` limits the checks of each file's own references (links, images, icons) to the files it accepts:
 * those that changed, when the addresses, images and tool are as the last successful check found them.
 */
export function crossCheck(project: Project, files: SourceFile[], model: SiteModel, pages: Page[], redirects: Redirect[], recheck: (file: SourceFile) => boolean = () => true, drafts?: Drafts): SiteError[] {
  const errors: SiteError[] = [];
  const byPath = new Map(files.map((f) => [f.path, f]));
  const fileOf = (p: string) => byPath.get(p)!;
  // A missing page or entry that is a draft is reported as one (content/drafts.ts).
  const fail = <C extends ErrorCode>(file: SourceFile, code: C, pointer: string, params: ErrorParams<C>) => errors.push(draftAware(drafts, code, params, (c, p) => at(file, c, p, pointer)));

  // Unique codes and positions; file names that follow the slug rule; no address collisions.
  // Two entries at one address are reported on the one found second, naming the first; but where the first is a
  // draft and the second is not (the dev server's build, which keeps drafts), the draft is what took an address
  // already published, and the draft is named as the cause, with the published file as the other party.
  const isDraft = (p: string) => drafts?.files.has(p) === true;
  const collide = (second: { file: string; pointer: string; says: string }, first: { file: string; pointer: string; says: string }, address: string) =>
    isDraft(first.file) && !isDraft(second.file)
      ? fail(fileOf(first.file), 'CONTENT_ROUTE_COLLISION', first.pointer, { address, owner: second.says })
      : fail(fileOf(second.file), 'CONTENT_ROUTE_COLLISION', second.pointer, { address, owner: first.says });
  const taken = new Map<string, string>();
  for (const r of rules.reservedSegments) taken.set(r, 'a built-in route');
  for (const prose of model.prose) taken.set(prose.slug, prose.file);
  const everyLanguage = model.languages.concat(model.target ? [model.target] : []);
  duplicates(everyLanguage, (l) => l.code, (l, others) =>
    fail(fileOf(l.file), 'CONTENT_DUPLICATE_CODE', '/code', { code: l.code, others: listOf(others) }),
  );
  // A repeated position names the next free one: one past the highest.
  const sameOrder = (entries: { order: number; file: string }[]) =>
    duplicates(entries, (e) => String(e.order), (e, others) =>
      fail(fileOf(e.file), 'CONTENT_DUPLICATE', '/order', { order: e.order, others: listOf(others), free: Math.max(0, ...entries.map((x) => x.order)) + 1 }),
    );
  sameOrder(everyLanguage);
  for (const language of everyLanguage) {
    const file = fileOf(language.file);
    // The model makes a language's slug from its name (languageSlug).
    if (path.posix.basename(language.file, '.json') !== language.slug) {
      fail(file, 'CONTENT_SLUG_MISMATCH', '/name', { name: language.name, slug: language.slug, fileName: path.posix.basename(language.file) });
    }
    if (!language.isTarget && taken.has(language.slug)) {
      const owner = taken.get(language.slug)!;
      collide({ file: language.file, pointer: '/name', says: language.file }, { file: owner, pointer: '', says: owner }, `/${language.slug}`);
    }
    if (!flagFile(language.countryCode)) {
      fail(file, 'CONTENT_UNKNOWN_FLAG', '/countryCode', { countryCode: language.countryCode });
    }
  }
  const targets = files.filter((f) => f.source.kind === 'language' && (f.data as { isTarget?: boolean }).isTarget);
  for (const extra of targets.slice(1)) fail(extra, 'CONTENT_TWO_TARGETS', '/isTarget', { other: targets[0].path });
  for (const prose of model.prose) {
    if (rules.reservedSegments.includes(prose.slug)) fail(fileOf(prose.file), 'CONTENT_ROUTE_COLLISION', '', { address: `/${prose.slug}`, owner: 'a built-in route' });
  }
  for (const page of pages) {
    const served = servedElsewhere(page.path);
    if (served && page.source) fail(fileOf(page.source), 'CONTENT_INDEX_PAGE', '', { address: page.path, file: page.file, served });
  }
  sameOrder(model.cities);
  sameOrder(model.services);

  // References between files: a language by its code, a service by its slug.
  const codes = new Set(model.languages.map((l) => l.code));
  const serviceSlugs = new Set(model.services.map((s) => s.slug));
  const referred = { language: { key: 'code', keys: 'codes', known: codes }, service: { key: 'slug', keys: 'slugs', known: serviceSlugs } };
  const refer = (file: SourceFile | undefined, kind: keyof typeof referred, values: readonly string[] | undefined, pointer: (i: number) => string) =>
    values?.forEach((value, i) => {
      const { key, keys, known } = referred[kind];
      if (file && !known.has(value)) fail(file, 'CONTENT_UNKNOWN_REFERENCE', pointer(i), { kind, key, value, keys, known: [...known].sort().join(', ') });
    });
  for (const city of model.cities) refer(fileOf(city.file), 'language', city.languages, (i) => `/languages/${i}`);
  const aliasOwner = new Map<string, { file: string; pointer: string; says: string }>();
  for (const service of model.services) {
    (service.aliases ?? []).forEach((alias, i) => {
      const here = { file: service.file, pointer: `/aliases/${i}`, says: service.file };
      // The service whose own page it is (its slug is its file's name), or a service that has it as an alias already.
      const page = model.services.find((s) => s.slug === alias);
      const first = page ? { file: page.file, pointer: '', says: `a service page (${page.file})` } : aliasOwner.get(alias);
      if (first) collide({ ...here, says: `an alias of ${service.file}` }, first, `/services/${alias}`);
      aliasOwner.set(alias, here);
    });
    refer(fileOf(service.file), 'service', service.related, (i) => `/related/${i}`);
  }
  const navigation = files.find((f) => f.source.kind === 'navigation');
  refer(navigation, 'service', model.navigation?.servicesMenu.map((item) => item.service), (i) => `/servicesMenu/${i}/service`);
  for (const list of ['popular', 'more'] as const) refer(navigation, 'language', model.navigation?.mobileLanguages[list], (i) => `/mobileLanguages/${list}/${i}`);
  const home = files.find((f) => f.source.kind === 'page-copy' && f.rel === 'pages/home.json');
  refer(home, 'service', model.pages.home?.documents.services, (i) => `/documents/services/${i}`);

  // Internal links, images and icons anywhere in content.
  const addresses = new Set(linkableAddresses(pages, redirects));
  const nearest = (target: string) => suggestAddress(target, [...addresses]);
  const imageRoot = path.join(project.assets, 'images');
  // An image's path as the disk spells it, each name found in its folder's listing exactly, else ignoring case (a
  // case-insensitive disk, macOS's or Windows's, opens Perth.jpg for perth.jpg; the host does not). Thousands of
  // posts share a handful of images: each folder is read once, each image looked for once.
  const listings = new Map<string, Map<string, string>>();
  const listing = (dir: string): Map<string, string> => {
    if (listings.has(dir)) return listings.get(dir)!;
    const abs = path.join(imageRoot, dir);
    const names = fs.statSync(abs, { throwIfNoEntry: false })?.isDirectory() ? fs.readdirSync(abs) : [];
    // Each name is found under its lower case too, unless another is named that exactly.
    return listings.set(dir, new Map([...names.map((n) => [n.toLowerCase(), n] as const), ...names.map((n) => [n, n] as const)])).get(dir)!;
  };
  const spelling = (rel: string): string | undefined => {
    const [dir, base] = [path.posix.dirname(rel), path.posix.basename(rel)];
    const parent = dir === '.' ? dir : spelling(dir);
    const name = parent === undefined ? undefined : (listing(parent).get(base) ?? listing(parent).get(base.toLowerCase()));
    return name && path.posix.join(parent!, name);
  };
  // A folder or pipe under an image's name is none, nor is a hidden file (or one in a hidden folder): the images
  // stage passes them by, and the page would fail to render.
  const images = new Map<string, boolean>();
  const hidden = (src: string) => src.split('/').some((part) => part.startsWith('.'));
  const imageExists = (src: string) => images.get(src) ?? images.set(src, !hidden(src) && spelling(src) === src && fs.statSync(path.join(imageRoot, src), { throwIfNoEntry: false })?.isFile() === true).get(src)!;
  // A relative link is read from the address of the page that shows the text, as a browser reads it there: a
  // file's own page, or one at the top of the site (faq.json's answers are shown on /faq, /contact and /pricing).
  const pageOf = new Map<string, string>();
  for (const page of pages) if (page.source && !pageOf.has(page.source)) pageOf.set(page.source, page.path);
  // Markdown's links (each address at its offset in the text) to no page: an image written as a link is told as one.
  const brokenLinks = (file: SourceFile, text: () => string, links: MarkdownLink[], make: (offset: number) => Make) => {
    const base = pageOf.get(file.path) ?? '/';
    for (const [written, offset] of links) {
      const target = resolveLink(written, base);
      if (addresses.has(target)) continue;
      const shown = written.startsWith('/') || target === written ? written : `${written} (${target} from ${base})`;
      const suggestion = nearest(target) || nearest(resolveLink(written, '/'));
      errors.push(isMarkdownImage(text(), offset) ? make(offset)('CONTENT_MARKDOWN_IMAGE', { src: shown }) : draftAware(drafts, 'CONTENT_UNKNOWN_PAGE', { target, suggestion }, (c, p) => make(offset)(c, { ...p, target: shown })));
    }
  };
  for (const file of files) {
    if (!recheck(file)) continue;
    eachValue(file.data, (value, pointer, key) => {
      const script = typeof value === 'string' ? scriptIn(value) : undefined;
      if (script) fail(file, 'CONTENT_SCRIPT', pointer, { what: script.what });
      if (key === 'href' && typeof value === 'string' && value.startsWith('/') && !addresses.has(resolveLink(value, '/'))) {
        fail(file, 'CONTENT_UNKNOWN_PAGE', pointer, { target: value, suggestion: nearest(resolveLink(value, '/')) });
      } else if (key === 'icon' && typeof value === 'string' && readIcon(value) === undefined) {
        fail(file, 'CONTENT_UNKNOWN_ICON', pointer, { icon: value });
      } else if (key === 'src' && typeof value === 'string' && !pointer.startsWith('/$schema')) {
        if (!imageExists(value)) {
          const other = spelling(value);
          // A path through .. is read as the folder it lands in (or, landing outside the images, as the bare name).
          const landed = path.posix.relative(imageRoot, path.posix.join(imageRoot, value));
          const steps = value.split('/').includes('..') && (landed.startsWith('../') ? path.posix.basename(value) : landed);
          const why = steps ? ` (a path must not step out of its folder with ..: write ${steps})` : hidden(value) ? ' (a name starting with a dot is hidden, and the build publishes no hidden file)' : other && other !== value ? ` (there is ${other}: the host matches names exactly)` : '';
          fail(file, 'CONTENT_MISSING_IMAGE', pointer, { src: value, expected: path.relative(project.root, path.join(imageRoot, steps || value.replace(/(^|\/)\.+/g, '$1'))), other: why });
        }
      } else if (typeof value === 'string' && mayLink.test(value)) {
        brokenLinks(file, () => value, markdownLinks(value), () => (c, p) => at(file, c, p, pointer));
      }
    });
    if (file.path.endsWith('.md')) {
      // Placed in the file as written, so each link is reported where it stands. The links were found when
      // the file was read: an unchanged file's text is not read again unless one of them is broken.
      brokenLinks(file, () => file.text, file.links ?? bodyLinks(file.text), (offset) => (c, p) => siteError(c, p, framed(file.path, file.text, positionAt(file.text, offset))));
      // In the text as written: the body with its placeholders resolved is no longer at the same offsets.
      const start = bodyStart(file.text);
      const script = scriptIn(file.text.slice(start));
      if (script) errors.push(siteError('CONTENT_SCRIPT', { what: script.what }, framed(file.path, file.text, positionAt(file.text, start + script.offset))));
    }
  }
  return errors;
}

/**
 * Calls `report` for every item whose key an earlier item has, with those earlier ones: each pair is reported
 * once, on the later file, rather than once from each side.
 */
function duplicates<T>(items: T[], key: (item: T) => string, report: (item: T, earlier: T[]) => void): void {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const earlier = groups.get(key(item));
    if (earlier) report(item, [...earlier]);
    groups.set(key(item), [...(earlier ?? []), item]);
  }
}

const listOf = (items: { file: string }[]) => items.map((i) => i.file).join(", ");
