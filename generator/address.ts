// The page address rule, in one place: a page at /a/b is the file a/b/index.html, answers with or without a
// trailing slash, and is named on the web without one (the home page is the one address that ends in /).
// The build writes pages by it, `site serve` finds them by it, and the reload client (in the browser) knows
// which file the open page is by it.

/** An address without its trailing slash, as pages are named: /a/b/ -> /a/b, and an empty path -> /. */
export function cleanPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * The output file of a page's address: / -> index.html, /a/b and /a/b/ -> a/b/index.html. Self-contained
 * on purpose: the reload client runs this very function in the browser (see serve/reload-client.ts).
 */
export function outputFileOf(pathname: string): string {
  const clean = pathname.replace(/\/+$/, '');
  return clean === '' ? 'index.html' : `${clean.slice(1)}/index.html`;
}

/** The address of a page's output file, or undefined for a file that is not a page by the rule above. */
export function pathOfOutputFile(file: string): string | undefined {
  if (file === 'index.html') return '/';
  return file.endsWith('/index.html') ? `/${file.slice(0, -'/index.html'.length)}` : undefined;
}

/** Every request path a folder's page answers to: /admin, /admin/ and /admin/index.html. */
export function requestPathsOf(path: string): string[] {
  const clean = cleanPath(path);
  return clean === '/' ? ['/', '/index.html'] : [clean, `${clean}/`, `/${outputFileOf(clean)}`];
}

/** The absolute URL of an address, as canonical links, feeds and the sitemap name it. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return path === '/' ? `${baseUrl}/` : `${baseUrl}${path}`;
}
