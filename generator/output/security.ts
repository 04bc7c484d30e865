// The response headers of every page, written to _headers for the host and applied by `site serve`.
// The Content-Security-Policy allows exactly the third parties the settings name and nothing else.
//
// Netlify sends the headers of every rule whose path matches a request, and its documentation does not say what
// it does when two matching rules set the same header (docs.netlify.com/routing/headers; its parser's notes
// cover only one path given twice, where the later wins). Its local emulation lets the later rule win (netlify-cli,
// utils/headers.js, headersForPath); other hosts join the values with a comma, and two Content-Security-Policy
// values are two policies, both enforced. So no header is set by two rules that can match the same address: the
// headers every answer gets, /admin/ included, are on `/*`; the page policy (Content-Security-Policy,
// Cross-Origin-Opener-Policy) is on the pages' own paths, and the editor's page has its own. That keeps the
// site-wide `Cross-Origin-Opener-Policy: same-origin`, which cuts a sign-in pop-up off from the page that opened
// it, away from /admin/ (docs/sources.md, "The host: Netlify's _headers and _redirects").
//
// So the 404 page the host sends at an unknown address has no Cross-Origin-Opener-Policy: the host matches the
// address asked for, which only `/*` matches, and a browser takes COOP from a header only, never a <meta>. `/*`
// with same-origin and /admin/ with same-origin-allow-popups would be two rules setting it on /admin/: joined,
// "same-origin, same-origin-allow-popups" is no valid value and a browser falls back to none; the first winning
// would break the editor's sign-in. Left so on purpose: that page holds nothing of the visitor's (no form; the
// chat's conversation is in tawk.to's own frames), and a move from it to any page of the site, which has
// same-origin, puts that page in a browsing context group of its own, away from whatever opened the 404 page.
// test/e2e/netlify-emulation.test.ts shows what an unknown address and /admin/ get under netlify dev.
import type { SiteModel } from '../content/model.ts';
import { rules } from '../content/kinds.ts';
import { cleanPath, requestPathsOf } from '../address.ts';
import { routes, type Page } from '../routes.ts';
import { pathPattern, type HeaderRule } from './header-rules.ts';

export { headersFile, headersFor, pathPattern, type HeaderRule } from './header-rules.ts';


// No host that serves anyone's files may run scripts here: with a public CDN such as cdn.jsdelivr.net (any npm
// package or GitHub file) in script-src, one <script> added to a blog post would run an attacker's code on
// every page. It was listed beside tawk.to, whose widget serves its own code, styles and frames from *.tawk.to
// and needs nothing from a CDN. Google's hosts are allowed by path: reCAPTCHA's folders and the tag manager's
// two loaders only. The tag manager still runs whatever container id it is asked for; only a content change
// can ask, and every content change is a reviewed commit.
//
// Each third party's hosts are the ones its own CSP guide names for the features the site uses; the guides, and
// what was not confirmed, are in docs/sources.md ("Content-Security-Policy: the third parties' hosts").
//
// reCAPTCHA v2 (the contact form's checkbox) is loaded from www.google.com, not www.recaptcha.net; its challenge's
// images load inside its own frame, under that document's policy, so the page needs no img-src for them.
const recaptcha = { script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'], frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] };
// tawk.to publishes no CSP guide: these are the hosts its widget is seen to use (loader, code, styles, fonts,
// frames and its socket).
const tawk = ['https://embed.tawk.to', 'https://*.tawk.to'];
// Tag Manager, and Google Analytics 4 through it: GA4 sends its hits to regional hosts (region1.analytics.google.com)
// and a pixel to www.google-analytics.com. Scripts stay limited to the two loaders (gtm.js, and gtag/js, which a
// GA4 tag loads), narrower than Google's *.googletagmanager.com; Google signals (*.g.doubleclick.net) are not used.
const analytics = {
  script: ['https://www.googletagmanager.com/gtm.js', 'https://www.googletagmanager.com/gtag/js'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://www.google.com', 'https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
};

/** What both policies end with: no plugins, no other base address, forms sent here only, never in a frame. */
const closed: [string, string[]][] = [['object-src', ["'none'"]], ['base-uri', ["'self'"]], ['form-action', ["'self'"]], ['frame-ancestors', ["'none'"]]];

/** A policy's text: each directive with its sources, once each. */
function policy(directives: [string, string[]][]): string {
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

function contentSecurityPolicy(model: SiteModel): string {
  const reviews = new URL(model.settings.integrations.reviews.scriptUrl).origin;
  return policy([
    ["default-src", ["'self'"]],
    ['script-src', ["'self'", ...recaptcha.script, reviews, ...tawk, ...analytics.script]],
    // Inline style attributes (image placeholders, the chat widget) are allowed; inline scripts are not.
    ['style-src', ["'self'", "'unsafe-inline'", ...tawk]],
    ['img-src', ["'self'", 'data:', reviews, 'https://*.tawk.to', ...analytics.img]],
    // The site's font is its own file (assets/css/base.css); nothing loads Google Fonts.
    ['font-src', ["'self'", 'https://*.tawk.to']],
    ['connect-src', ["'self'", reviews, 'https://*.tawk.to', 'wss://*.tawk.to', ...analytics.connect]],
    ['frame-src', [...recaptcha.frame, 'https://*.tawk.to', reviews]],
    ['media-src', ["'self'", 'https://*.tawk.to']],
    ...closed,
  ]);
}

/**
 * The page the host sends for every address it has no file for (Netlify's 404.html). The host matches _headers
 * against the address asked for (/no-such-page), never /404, so no rule for the pages reached it there, and no
 * rule may (a wide one would match the editor's page too): it went out with no policy at all. So it carries the
 * pages' policy in its own head, first thing after the character set. frame-ancestors is left out: a browser
 * ignores it in a document, with a warning, and X-Frame-Options on /* keeps the page out of frames.
 */
export const hostNotFoundFile = '404.html';

/** `html`, the rendered page `page`, with the pages' policy in its head when the host sends it at unknown addresses. */
export function withOwnPolicy(html: string, page: Pick<Page, 'file'>, model: SiteModel): string {
  if (page.file !== hostNotFoundFile) return html;
  const inDocument = contentSecurityPolicy(model)
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors '))
    .join('; ');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${inDocument.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"/>`;
  const charset = /<meta charset="[^"]*"\/?>/i.exec(html);
  const at = charset ? charset.index + charset[0].length : html.indexOf('<head>') + '<head>'.length;
  return html.slice(0, at) + meta + html.slice(at);
}

/**
 * The content editor's page gets its own policy: no rule for the site's pages matches it. Decap needs
 * 'unsafe-eval': it compiles its configuration checks with ajv at run time. It talks only to this origin and
 * to GitHub's API (editors sign in with GitHub); the sign-in pop-up is a window of its own, which no
 * directive here governs.
 */
function editorSecurityPolicy(model: SiteModel): string {
  const github = model.settings.editor !== undefined;
  return policy([
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'unsafe-eval'"]],
    // Decap's components style themselves with inline <style> elements.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(github ? ['https://avatars.githubusercontent.com', 'https://raw.githubusercontent.com'] : [])]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", 'blob:', ...(github ? ['https://api.github.com'] : [])]],
    ['frame-src', ["'self'", 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
    ...closed,
  ]);
}

/** The editor's page under every address it answers to; /admin/tawkto-setup is a site page and keeps the site's policy. */
const editorPaths = requestPathsOf('/admin');


/**
 * The paths that carry the page policy: one rule per first segment of the pages' addresses (`/cities/*` covers
 * every city, `/arabic/*` the Arabic page), and the pages' own addresses where such a rule would also match
 * another group's page or the editor's.
 */
function pagePolicyPaths(pages: { path: string; file: string }[]): string[] {
  const firstSegment = (page: { path: string }) => page.path.split('/')[1] ?? '';
  const groups = Map.groupBy(pages, firstSegment);
  // A wide rule `/first/*` matches, in any case, the addresses whose first segment begins with `first`: each
  // group under its first segment in lower case, for each address to look up under each beginning of its own.
  const byLower = new Map<string, string[]>();
  for (const first of groups.keys()) byLower.set(first.toLowerCase(), [...(byLower.get(first.toLowerCase()) ?? []), first]);
  // The groups whose wide rule would also match an address of another group or the editor's. Trying each rule
  // on every address instead grew with the square of the number of pages.
  const clashing = new Set<string>();
  const addresses = [
    ...editorPaths.map((text) => ({ text, owner: undefined as string | undefined })),
    ...pages.flatMap((page) => [page.path, `${page.path}/`, `/${page.file}`].map((text) => ({ text, owner: firstSegment(page) }))),
  ];
  for (const { text, owner } of addresses) {
    const segment = (text.split('/')[1] ?? '').toLowerCase();
    for (let end = 1; end <= segment.length; end++) {
      for (const first of byLower.get(segment.slice(0, end)) ?? []) {
        if (first !== owner && pathPattern(`/${first}/*`).test(text)) clashing.add(first);
      }
    }
  }
  const exact = (group: { path: string; file: string }[]) => [...new Set(group.flatMap((page) => [cleanPath(page.path), `/${page.file}`]))];
  return [...groups].flatMap(([first, group]) => (!first || clashing.has(first) ? exact(group) : [`/${first}/*`]));
}

/** What the rules are made from: the two policies and every page's addresses. */
export function headersInputs(model: SiteModel, pages: readonly Page[]): string {
  return JSON.stringify([contentSecurityPolicy(model), editorSecurityPolicy(model), pages.map((p) => [p.path, p.file])]);
}

/** `pages`: the model's routed pages, when the caller has them already. */
export function headerRules(model: SiteModel, pages: readonly Page[] = routes(model).pages): HeaderRule[] {
  const pagePolicy: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(model)],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  // The editor signs in through a pop-up (GitHub through Netlify's OAuth provider), which must be able to
  // message this page back: same-origin-allow-popups keeps that link and still cuts off any page that opens
  // the editor.
  const editorPolicy: [string, string][] = [
    ['Content-Security-Policy', editorSecurityPolicy(model)],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Cache-Control', 'no-cache'],
  ];
  const editorPages = [...new Set(editorPaths.map((path) => (path === '/admin' ? '/admin/' : path)))];
  return [
    // What every answer gets, the editor's page included: nothing here may break the editor or its sign-in.
    {
      path: '/*',
      headers: [
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
        ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'],
        ['X-Frame-Options', 'DENY'],
      ],
    },
    // Hashed names change whenever the bytes do, so these never need revalidating. An image opened on its own
    // (an SVG is a document) gets the page policy too.
    { path: '/assets/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable'], ...pagePolicy] },
    ...pagePolicyPaths(pages.filter((page) => !editorPaths.includes(page.path))).map((path): HeaderRule => ({ path, headers: pagePolicy })),
    ...rules.noindexRules,
    ...editorPages.map((path): HeaderRule => ({ path, headers: editorPolicy })),
  ];
}
