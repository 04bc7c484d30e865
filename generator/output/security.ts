// The response headers of every page, written to _headers for the host and applied by `site serve`.
// The Content-Security-Policy allows exactly the third parties the settings name and nothing else.
import type { SiteModel } from '../content/model.ts';
import { rules } from '../content/kinds.ts';
import { requestPathsOf } from '../address.ts';

export interface HeaderRule {
  /** A path pattern in Netlify's _headers syntax: /* or /assets/* */
  path: string;
  headers: [string, string][];
}

const recaptcha = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const tawk = ['https://embed.tawk.to', 'https://*.tawk.to', 'https://cdn.jsdelivr.net'];
const analytics = ['https://www.googletagmanager.com'];

function origin(url: string): string {
  return new URL(url).origin;
}

export function contentSecurityPolicy(model: SiteModel): string {
  const reviews = origin(model.settings.integrations.reviews.scriptUrl);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ['script-src', ["'self'", ...recaptcha, reviews, ...tawk, ...analytics]],
    // Inline style attributes (image placeholders, the chat widget) are allowed; inline scripts are not.
    ['style-src', ["'self'", "'unsafe-inline'", ...tawk]],
    ['img-src', ["'self'", 'data:', reviews, 'https://*.tawk.to', 'https://www.gstatic.com', 'https://www.googletagmanager.com']],
    ['font-src', ["'self'", 'https://*.tawk.to', 'https://fonts.gstatic.com']],
    ['connect-src', ["'self'", reviews, 'https://*.tawk.to', 'wss://*.tawk.to', 'https://www.google.com', 'https://www.googletagmanager.com', 'https://*.google-analytics.com']],
    ['frame-src', ['https://www.google.com', 'https://www.recaptcha.net', 'https://*.tawk.to', reviews]],
    ['media-src', ["'self'", 'https://*.tawk.to']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

/**
 * The content editor's page gets its own policy, which replaces the site's for that page alone (a later rule's
 * header wins, in Netlify's _headers and in `site serve`). Decap needs 'unsafe-eval': it compiles its
 * configuration checks with ajv at run time. It talks only to this origin, and to GitHub's API when editors
 * sign in with GitHub.
 */
export function editorSecurityPolicy(model: SiteModel): string {
  const github = model.settings.editor?.backend === 'github';
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'unsafe-eval'"]],
    // Decap's components style themselves with inline <style> elements.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(github ? ['https://avatars.githubusercontent.com', 'https://raw.githubusercontent.com'] : [])]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", 'blob:', ...(github ? ['https://api.github.com'] : [])]],
    ['frame-src', ["'self'", 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The editor's page under every address it answers to; /admin/tawkto-setup is a site page and keeps the site's policy. */
export const editorPaths = requestPathsOf('/admin');

export function headerRules(model: SiteModel): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: [
        ['Content-Security-Policy', contentSecurityPolicy(model)],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
        ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'],
        ['X-Frame-Options', 'DENY'],
        ['Cross-Origin-Opener-Policy', 'same-origin'],
      ],
    },
    // Hashed names change whenever the bytes do, so these never need revalidating.
    { path: '/assets/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']] },
    ...rules.noindexRules,
    ...editorPaths.map((path): HeaderRule => ({ path, headers: [['Content-Security-Policy', editorSecurityPolicy(model)], ['Cache-Control', 'no-cache']] })),
  ];
}

export function headersFile(rules: HeaderRule[]): string {
  return rules.map((rule) => [rule.path, ...rule.headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n') + '\n';
}

/** The headers of the rules whose pattern matches a path, later rules adding to earlier ones. */
export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  const out: [string, string][] = [];
  for (const rule of rules) {
    const pattern = rule.path.endsWith('*') ? rule.path.slice(0, -1) : rule.path;
    if (rule.path.endsWith('*') ? pathname.startsWith(pattern) : pathname === pattern) out.push(...rule.headers);
  }
  return out;
}
