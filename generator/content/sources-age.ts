// A rule of a government or an authority is stated on the site as a sourced fact in content/facts.json:
// { value, source, sourceTitle, checked }. Rules change (Victoria's licence period did, Vietnam's issuer of
// judicial records did), so `site check` warns about every source not read again for more than a year. A
// warning, not a failure: the site still builds and deploys; someone should read the source again.
import type { SourceFile } from './load.ts';
import { parseDate } from './dates.ts';

/** `name`: the fact's name as content uses it, without `.value`: facts.rules.nswConvert. */
type SourcedFact = { name: string; source: string; checked: string };
/** `days`: whole days since it was checked. */
export type StaleSource = SourcedFact & { days: number };

/** How old a source may be before `site check` warns: 12 months. */
const maxAgeMonths = 12;

/** The sourced facts in facts.json (any object with a `source` address and a `checked` date), with their names. */
export function sourcedFacts(facts: unknown, prefix = 'facts'): SourcedFact[] {
  if (!facts || typeof facts !== 'object' || Array.isArray(facts)) return [];
  const node = facts as Record<string, unknown>;
  if (typeof node.source === 'string' && typeof node.checked === 'string') return [{ name: prefix, source: node.source, checked: node.checked }];
  return Object.entries(node).flatMap(([key, value]) => (key === '$schema' ? [] : sourcedFacts(value, `${prefix}.${key}`)));
}

/** The sources last checked more than 12 months before `today` (or with a date that is not a real day), oldest first. */
export function staleSources(files: SourceFile[], today: Date = new Date()): StaleSource[] {
  const facts = files.find((f) => f.rel === 'facts.json')?.data;
  const limit = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - maxAgeMonths, today.getUTCDate()));
  const stale: StaleSource[] = [];
  for (const fact of sourcedFacts(facts)) {
    // A yyyy-mm-dd date (the schema's form) naming a real day; any other counts as never checked.
    const checked = /^\d{4}-\d{2}-\d{2}$/.test(fact.checked) && 'iso' in parseDate(fact.checked) ? new Date(`${fact.checked}T00:00:00Z`) : undefined;
    if (checked && checked >= limit) continue;
    const days = checked ? Math.floor((today.getTime() - checked.getTime()) / 86_400_000) : Number.NaN;
    stale.push({ ...fact, days });
  }
  return stale.sort((a, b) => (a.checked < b.checked ? -1 : 1));
}

/** One line per stale source, for the check's warnings. */
export function describeStale(s: StaleSource): string {
  const age = Number.isNaN(s.days) ? `has a checked date that is not a real day ("${s.checked}")` : `was last checked on ${s.checked}, ${s.days} days ago`;
  return `content/facts.json ${s.name}: its source ${s.source} ${age}. Read it again, update the fact if the rule changed, and set "checked" to today's date.`;
}
