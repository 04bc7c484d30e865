// The slug rule, in one place: a slug is at most 100 lowercase letters (a to z), digits and single hyphens,
// starting and ending with a letter or digit, as common.schema.json#/definitions/slug says to the schemas. The
// file name of an entry with a page (a post, city, service, language or prose page) is its slug and its page's
// address, so `site new` (new.ts) writes files by this rule and the build (content/load.ts) refuses a file
// named otherwise: the two cannot disagree about a name. At most 100 characters, because the slug names files
// (the content file, the page, its social card) the disk must allow.

/** The longest slug. */
export const slugLimit = 100;

/** What keeps a name from being a slug, the first the rule meets: characters, then length, then hyphens. */
export type SlugProblem =
  /** Every character the rule does not take, once each, in the order they appear. */
  | { kind: 'characters'; characters: string[] }
  | { kind: 'length' }
  /** It starts or ends with a hyphen, or has two together. */
  | { kind: 'hyphens' };

/** Why a name is not a slug, or undefined when it is one. */
export function slugProblem(name: string): SlugProblem | undefined {
  const characters = [...new Set(name.match(/[^a-z0-9-]/gu))];
  if (characters.length) return { kind: 'characters', characters };
  if (name.length > slugLimit) return { kind: 'length' };
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) return { kind: 'hyphens' };
  return undefined;
}

/** The slug nearest a name, to suggest: accents dropped, lower case, every run of other characters one hyphen. */
export function slugOf(name: string): string {
  const slug = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return slug.slice(0, slugLimit).replace(/-$/, '') || 'new-page';
}
