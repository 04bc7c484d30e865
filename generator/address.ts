// The page address rule, in one place: a page at /a/b is the file a/b.html and is named on the web without a
// trailing slash; the home page, /, is index.html and is the one address that ends in /.
//
// Why a/b.html rather than a/b/index.html: Netlify serves a/b.html at /a/b with a 200 and sends /a/b/ to /a/b
// with a 301, whereas a folder's a/b/index.html is reached from /a/b only through a 301 to /a/b/ (Netlify's
// support guide "How can I alter trailing slash behaviour in my URLs?", and the measured table of
// github.com/slorber/trailing-slash-guide). So every link the site writes, /a/b, answers directly.
// The build writes pages by this rule, `site serve` answers by it as the host does, and the reload client
// (in the browser) knows which file the open page is by it.

/** An address without its trailing slash, as pages are named: /a/b/ -> /a/b, and an empty path -> /. */
export function cleanPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * The output file of a page's address: / -> index.html, /a/b (and /a/b/, /a/b.html) -> a/b.html.
 * Self-contained on purpose: the reload client runs this very function in the browser (see serve/reload-client.ts).
 */
export function outputFileOf(pathname: string): string {
  const clean = pathname.replace(/\/+$/, '');
  if (clean === '') return 'index.html';
  return clean.endsWith('.html') ? clean.slice(1) : `${clean.slice(1)}.html`;
}

/**
 * Where hosts serve the file of an address that is not its own, or undefined: /a/index is the file a/index.html,
 * which hosts serve as the folder's page, at /a/ (the list page's address), and /index is the home page's file.
 * A page named index would take that address and could not be reached at its own.
 */
export function servedElsewhere(pathname: string): string | undefined {
  const file = outputFileOf(pathname);
  const served = /(^|\/)index\.html$/.test(file) ? `/${file.slice(0, -'index.html'.length)}` : undefined;
  return served === cleanPath(pathname) ? undefined : served;
}

/**
 * Every request path a folder's own index page answers to, for the one page kept as a folder (the editor at
 * /admin/, whose relative files sit beside it): /admin (which the host sends on to /admin/), /admin/ and
 * /admin/index.html.
 */
export function requestPathsOf(folder: string): string[] {
  const clean = cleanPath(folder);
  return clean === '/' ? ['/', '/index.html'] : [clean, `${clean}/`, `${clean}/index.html`];
}
