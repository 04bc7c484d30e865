// /admin/editor.js, loaded after decap-cms.js and formats.js: what the site adds to Decap for staff. The build
// writes /admin/editor.json beside it: every fact with its value and what it is, and the collections and files
// that get a preview.
import type { Facts } from './rules.ts';
import { registerChecks } from './checks.ts';
import { holdFormWhilePublishing } from './publishing.ts';
import { offersOf, type ReferenceIndex } from '../../generator/admin/references.ts';
import { classify } from '../../generator/content/kinds.ts';
import { watchRefusals } from './notices.ts';
import { showNewestNoticeOnly } from './decap-notices.ts';
import { registerPreview, registerSiteStyle } from './preview.ts';
import { addPreviewJump } from './preview-jump.ts';
import { watchPlaceholders, type FactInfo } from './placeholders.ts';
import { showThumbnails } from './thumbnails.ts';
import { oneMediaLibrary } from './media.ts';
import { checkUploads } from './uploads.ts';
import { nameDecapControls } from './control-names.ts';
import { linkBackFromUnloadable, nameUntitledCards, type Folder } from './unloadable.ts';

interface EditorData extends FactInfo {
  facts: Facts;
  previews: string[];
  /** Each collection's label, by its name (for unloadable.ts's link back to its list). */
  labels: Record<string, string>;
  /** Each folder collection's folder and extension, by its name (for unloadable.ts's cards without a title). */
  folders: Record<string, Folder>;
  /** The folders under assets/images/, which the one media library lists besides it (media.ts). */
  imageFolders: string[];
}

/** Decap's registry, for its English words (decap-cms-locales' en, which the editor's `locale: 'en'` shows). */
declare const CMS: {
  getLocale(name: string): { collection: { collectionTop: Record<string, string> } } & Record<string, unknown>;
  registerLocale(name: string, phrases: object): void;
};

// The button that opens a new entry reads "＋ Blog post" in Decap's English: a full-width plus (U+FF0B, a CJK
// form) that the fonts of many Linux machines and some phones lack, so it showed as an empty box. It says "New"
// instead, in words any font draws, and its name for a screen reader or speech input ("Create entry of type Blog
// post") is the same words, so that the name holds what shows (WCAG 2.5.3). Decap takes its words afresh when its
// config has loaded, after this script has run (formats.ts's formats count on the same); registerLocale replaces
// a language's words whole, so Decap's own are kept with these two changed.
const english = CMS.getLocale('en');
const newEntry = 'New %{collectionLabel}';
CMS.registerLocale('en', {
  ...english,
  collection: { ...english.collection, collectionTop: { ...english.collection.collectionTop, newButton: newEntry, newButtonAriaLabel: newEntry } },
});

let data: EditorData = { facts: {}, about: {}, previews: [], labels: {}, folders: {}, imageFolders: [] };
const loaded = fetch('/admin/editor.json')
  .then((r) => (r.ok ? (r.json() as Promise<EditorData>) : data))
  .catch(() => data)
  .then((d) => (data = d));

// The build's index of addresses, codes and slugs, and what each entry names (generator/admin/references.ts).
let references: Promise<ReferenceIndex | undefined> | undefined;
const loadReferences = () =>
  (references ??= fetch('/admin/references.json', { cache: 'no-cache' })
    .then((r) => (r.ok ? (r.json() as Promise<ReferenceIndex>) : undefined))
    .catch(() => undefined));
// Before the site's own check, which stops a refused save by throwing (publishing.ts).
holdFormWhilePublishing();
registerChecks(async () => (await loaded).facts, loadReferences);
// The preview finds each entry's page in the same index, or for an entry saved since it was made, by its own data.
let index: ReferenceIndex | undefined;
const ownOffers = (path: string, entry: Record<string, unknown>) => {
  const source = classify(path.replace(/^content\//, ''));
  return source && offersOf(source, entry);
};
watchRefusals();
showNewestNoticeOnly();
showThumbnails();
addPreviewJump();
nameDecapControls();
checkUploads();
linkBackFromUnloadable(async () => (await loaded).labels ?? {});
nameUntitledCards(async () => (await loaded).folders ?? {});
oneMediaLibrary(async () => (await loaded).imageFolders ?? []);
void Promise.all([loaded, loadReferences()]).then(([d, i]) => {
  index = i;
  registerPreview(d.previews, () => data.facts, (path, entry) => index?.entries[path]?.offers ?? ownOffers(path, entry), () => index?.entries);
});
void registerSiteStyle();
watchPlaceholders(() => data.facts, () => data);

// Decap keeps the form of the entry it opened when only the address changes from one entry to another (typed
// or pasted into the address bar), and shows it empty. Such a change loads the editor afresh. Decap's own move
// from a new entry to its saved address is left alone.
const entryRoute = /^#\/collections\/([^/]+)\/(?:entries\/.+|new)$/;
let lastHash = location.hash;
window.addEventListener('hashchange', () => {
  const before = entryRoute.exec(lastHash);
  const after = entryRoute.exec(location.hash);
  const savedNew = before && after && lastHash === `#/collections/${before[1]}/new` && before[1] === after[1];
  const changed = lastHash !== location.hash;
  lastHash = location.hash;
  if (before && after && changed && !savedNew) location.reload();
});
