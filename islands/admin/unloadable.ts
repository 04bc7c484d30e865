// An entry Decap could not load, such as a post whose YAML aliases formats.ts refuses: in place of the editor,
// decap-cms-core's Editor.js draws only the words, in a bare heading (`<div><h3>{error}</h3></div>`) at the page's
// top left edge, without its toolbar, and so without the link back to the list: on a phone staff were stuck
// there. The words stay as Decap wrote them; the page is marked for admin.css, which gives it room, and a link
// back to the collection's list goes above them.

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
