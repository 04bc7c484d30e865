// `site check`'s search for facts typed by hand: a price, a duration, business hours, a file size, a count such
// as 60+ or a phone number written out in content instead of named with a placeholder. Such a copy does not change when the fact does, which is how
// pages came to disagree. The fact files themselves are where facts are typed, so they are not searched;
// text inside {{...}} (a placeholder, or a {{verbatim: ...}} exception) is skipped.
import { codeFrame, positionAt, siteError, sortErrors, type SiteError } from '../errors.ts';
import type { SourceFile } from './load.ts';
import { factNames, factSources, factTree, placeholderPattern } from './facts.ts';

const range = String.raw`\d+(?:[\u2013-]\d+)?`;
const patterns: { kind: string; pattern: RegExp }[] = [
  { kind: 'price', pattern: /\$\s?\d[\d,]*(?:\.\d{2})?(?:\s?[\u2013-]\s?\$?\d[\d,]*(?:\.\d{2})?)?/g },
  { kind: 'duration', pattern: new RegExp(String.raw`\b${range}\s(?:business\s)?(?:hours?|days?|minutes?|weeks?|months?)\b`, 'gi') },
  { kind: 'file size', pattern: /\b\d+\s?[KMG]B\b/g },
  { kind: 'count', pattern: /\b\d+\+(?![\w+])|\b(?:over|more than) \d+ languages\b/g },
  { kind: 'time of day', pattern: /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b/gi },
  { kind: 'time zone', pattern: /\b(?:AEST|AEDT|ACST|ACDT|AWST)\b/g },
  { kind: 'phone number', pattern: /(?:\(0\d\)\s?\d{4}\s?\d{4}|\+61\s?\d(?:\s?\d){8}|\b1[38]00\s?\d{3}\s?\d{3}\b|\b0[2-478]\s?\d{4}\s?\d{4}\b)/g },
];

/** Every hand-typed fact in the content files, with the names of the facts that hold the same text. */
export function findHandTypedFacts(files: SourceFile[]): SiteError[] {
  const names = factNames(factTree(files));
  const byValue = new Map<string, string[]>();
  for (const [name, value] of names) byValue.set(value, [...(byValue.get(value) ?? []), name]);
  const factFiles = new Set<string>(Object.values(factSources));
  const errors: SiteError[] = [];
  for (const file of files) {
    if (factFiles.has(file.rel)) continue;
    // Blank out placeholders and the "$schema" line so neither is mistaken for a typed fact.
    const text = file.text.replace(placeholderPattern, (whole) => ' '.repeat(whole.length)).replace(/"\$schema":[^\n]*/, (whole) => ' '.repeat(whole.length));
    for (const { kind, pattern } of patterns) {
      for (const match of text.matchAll(pattern)) {
        const written = match[0].trim();
        const { line, column } = positionAt(file.text, match.index!);
        errors.push(
          siteError('CONTENT_HAND_TYPED_FACT', { written, kind, suggestion: hintFor(written, byValue) }, { file: file.path, line, column, frame: codeFrame(file.text, line, column) }),
        );
      }
    }
  }
  return sortErrors(errors);
}

function hintFor(written: string, byValue: Map<string, string[]>): string {
  const exact = byValue.get(written) ?? [];
  // A fact may hold the figure inside a longer text (a timeframe "From 1 hour (business hours)"); exact names come first.
  const within = exact.length ? [] : [...byValue].filter(([value]) => value.length < 40 && value.includes(written)).flatMap(([, n]) => n);
  const candidates = [...exact, ...within].slice(0, 3).map((n) => `{{${n}}}`);
  const exception = `If it is deliberately not one of our facts (a market figure, a quote), write {{verbatim: ${written}}}.`;
  if (candidates.length) return `Write ${candidates.join(' or ')} instead, so it changes when the fact does. ${exception}`;
  return `Add it to content/facts.json (or plans.json, site.json) and name it with a placeholder such as {{facts.group.name}}. ${exception}`;
}
