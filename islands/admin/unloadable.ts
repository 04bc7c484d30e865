// An entry Decap could not load, such as a post whose front matter formats.ts refuses: in place of the editor,
// decap-cms-core's Editor.js draws only the words, in a bare heading (`<div><h3>{error}</h3></div>`) at the page's
// top left edge, without its toolbar, and so without the link back to the list: on a phone staff were stuck
// there. The words stay as Decap wrote them; the page is marked for admin.css, which gives it room, and a link
// back to the collection's list goes above them. In the list, such an entry's card names its file.

/** An entry's address: the collection's name, then its entry. */
const entryRoute = /^#\/collections\/([^/]+)\/entries\//;

/** Decap's page for an entry it could not load, not yet given its link. */
const unloadedPage = '[class*="-AppMainContainer"] > div:not([data-site-unloadable]):has(> h3:only-child)';

/** `labels` gives each collection's label by its name (editor.json), for the link's words. */
export function linkBackFromUnloadable(labels: () => Promise<Record<string, string>>): void {
  const mark = () => {
    const route = entryRoute.exec(location.hash);
    const page = route && document.querySelector<HTMLElement>(unloadedPage);
    if (!route || !page) return;
    page.dataset.siteUnloadable = '';
    const back = document.createElement('a');
    back.href = `#/collections/${route[1]}`;
    const arrow = document.createElement('span');
    arrow.textContent = '← ';
    arrow.setAttribute('aria-hidden', 'true');
    const words = document.createElement('span');
    words.textContent = 'Back to the list';
    back.append(arrow, words);
    page.prepend(back);
    void labels().then((byName) => {
      const label = byName[decodeURIComponent(route[1])];
      if (label) words.textContent = `Back to ${label}`;
    });
  };
  new MutationObserver(mark).observe(document.body, { childList: true, subtree: true });
  mark();
}

/** Where a folder collection's entries are: `${folder}/${slug}.${extension}`. */
export interface Folder {
  folder: string;
  extension: string;
}

/** An entry's card in a list links to the entry: the collection's name, then the entry's slug. */
const cardRoute = /^#\/collections\/([^/]+)\/entries\/(.+)$/;
const cardTitles = 'a[href^="#/collections/"][href*="/entries/"] h2';

/**
 * In a collection's list, Decap lists an entry whose file it could not read (what the format threw is only logged)
 * with no fields, and so its card showed no title, only an empty box. Such a card names the entry's file and says
 * that no title could be read from it; opened, it says why (above). The words go once the card has a title of its
 * own (the file mended, the list drawn again over the same card).
 */
export function nameUntitledCards(folders: () => Promise<Record<string, Folder>>): void {
  const name = () => {
    for (const title of document.querySelectorAll<HTMLElement>(cardTitles)) {
      const words = title.querySelector<HTMLElement>(':scope > [data-site-untitled]');
      // Decap's title is the heading's text; its badges (editorial workflow's status) are in an element of their own.
      const own = [...title.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
      if (own) words?.remove();
      if (own || words) continue;
      const route = cardRoute.exec(title.closest('a')!.getAttribute('href')!);
      if (!route) continue;
      const added = document.createElement('span');
      added.dataset.siteUntitled = '';
      title.prepend(added);
      void folders().then((byName) => {
        const where = byName[decodeURIComponent(route[1])];
        const slug = decodeURIComponent(route[2]);
        added.textContent = `${where ? `${where.folder}/${slug}.${where.extension}` : slug} (no title could be read from this file)`;
      });
    }
  };
  new MutationObserver(name).observe(document.body, { childList: true, subtree: true });
  name();
}
