// The host matches page addresses with their case (Netlify: "Paths are case-sensitive"), and the build's rules
// send on only the Title-case and UPPER-case forms of a language's address, so /ArAbIc meets the not-found page.

/**
 * The address `pathname` in small letters, with no slash after it, when it has capitals outside its %-escapes
 * (whose hex digits are the same byte in either case); otherwise undefined. Never for one starting with two
 * slashes: fetched or linked, //host/path is another host's address, and the page would offer a link off the site.
 */
export function inSmallLetters(pathname: string): string | undefined {
  if (pathname.startsWith('//')) return undefined;
  if (!/[A-Z]/.test(pathname.replace(/%[0-9a-f]{2}/gi, ''))) return undefined;
  return pathname.toLowerCase().replace(/(?<=.)\/+$/, '');
}
