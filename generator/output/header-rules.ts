// The host's _headers file as data: its rules, written and read, and the headers an address gets from them, matched
// as Netlify matches them. No other imports, so that the functions (answer pages) can use it as the dev server does.

export interface HeaderRule {
  /** A path pattern in Netlify's _headers syntax: /* or /assets/* */
  path: string;
  headers: [string, string][];
}

/**
 * A rule's path as Netlify matches it (its headers parser, getForRegExp): case-insensitive, an optional
 * trailing slash, `:name` for one segment, a standalone `*` for the rest of the path (the slash before it
 * optional too, so `/blog/*` also matches `/blog` and `/blog.html`), any other `*` for any characters.
 */
export function pathPattern(rulePath: string): RegExp {
  const parts = rulePath
    .split('/')
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part === '*' ? '?(.*)' : part.split('*').map((text) => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&')).join('(.*)')));
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

export function headersFile(rules: HeaderRule[]): string {
  return rules.map((rule) => [rule.path, ...rule.headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n') + '\n';
}

/** The headers of every rule whose path matches, matched as Netlify matches them, in the file's order. */
export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  return rules.filter((rule) => pathPattern(rule.path).test(pathname)).flatMap((rule) => rule.headers);
}

/** The rules of a _headers file's text. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: [] });
    else {
      const at = line.indexOf(':');
      if (at > 0 && rules.length) rules[rules.length - 1].headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}
