// `site check`'s search for facts typed by hand: a price, a duration, business hours, a time zone, a file size, a
// count such as 60+ or a phone number written out in content instead of named with a placeholder. Such a copy
// does not change when the fact does, which is how pages came to disagree.
//
// It reads each text as a visitor reads it, not as it is typed: rendered (Markdown and HTML, entities decoded),
// then normalised (NFKC, invisible characters dropped, every digit, space, dash and dollar sign made plain) and
// with numbers spelt in words turned into digits. So `&#36;44.95`, `＄44.95`, `$` + zero-width space + `44.95`
// and `forty-four dollars ninety-five` are all $44.95. What a placeholder produces is marked before rendering,
// so it is never reported; {{verbatim: ...}} exceptions are marked the same way. The fact files themselves are
// where facts are typed, so they are not searched.
import { framed, positionAt, siteError, sortErrors, type SiteError } from '../errors.ts';
import type { SourceFile } from './load.ts';
import { factNames, factSources, factTree, placeholderPattern } from './facts.ts';
import { locate, offsetAt } from './locate.ts';
import { eachValue } from './pointer.ts';
import { markdownToHtml } from '../markdown/processor.ts';
import { dateShape } from './dates.ts';

/** Stands where a placeholder's text will be: a private-use character no pattern matches across. */
export const placeholderMark = '\uE000';

// ---- The normaliser: text as a reader sees it.

const named: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ', hairsp: ' ', numsp: ' ', puncsp: ' ',
  shy: '', zwj: '', zwnj: '', lrm: '', rlm: '', dollar: '$', plus: '+', colon: ':', period: '.', comma: ',', hyphen: '-', dash: '-',
  ndash: '-', mdash: '-', minus: '-', sol: '/', num: '#', percnt: '%', lpar: '(', rpar: ')', half: '½', frac12: '½',
  nonbreakingspace: ' ', zerowidthspace: '', invisibletimes: '', invisiblecomma: '', nobreak: '', newline: ' ', tab: ' ',
};

/** HTML character references, numeric and the named ones a figure can be spelt with; repeated for &amp;#36;. */
function decodeEntities(text: string, rounds = 3): string {
  if (rounds === 0 || !text.includes('&')) return text;
  const next = text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z][a-z0-9]*));?/gi, (whole, dec: string, hex: string, name: string) => {
    // Own names only: `&constructor;` is no character, whatever plain objects inherit.
    if (name) return Object.hasOwn(named, name.toLowerCase()) ? named[name.toLowerCase()] : whole;
    const code = dec ? Number(dec) : parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
  return next === text ? text : decodeEntities(next, rounds - 1);
}

/** The value of any decimal digit (Arabic-Indic, Devanagari...): runs of ten in Unicode, from zero. */
function asciiDigit(digit: string): string {
  let start = digit.codePointAt(0)!;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return String((digit.codePointAt(0)! - start) % 10);
}

// Cyrillic and Greek letters that look Latin, so "busіness" with a Cyrillic і is still "business".
const lookalikes: Record<string, string> = Object.fromEntries(
  [...'аaеeоoрpсcуyхxіiјjѕsԁdһhӏlАAВBЕEКKМMНHОOРPСCТTХXІIЈJЅSοoαaνvκkιiτtρpΟOΑAΒBΕEΗHΙIΚKΜMΝNΡPΤTΧXΥYΖZ'].flatMap((c, i, all) => (i % 2 ? [] : [[c, all[i + 1]]])),
);
const blockTag = /^(?:p|div|li|ul|ol|h\d|br|hr|tr|td|th|table|tbody|thead|section|article|blockquote|pre|dt|dd|dl|figure|figcaption|header|footer|nav|aside|main)$/i;

/**
 * Text as a reader sees it: comments and tags removed (a block ends a word, an inline tag does not), a tel:
 * link's number kept, entities decoded, NFKC, invisible characters and combining marks dropped, every digit,
 * space, dash, colon and dollar sign made the ASCII one. Letter case is kept, for the report.
 */
export function readable(html: string): string {
  const text = decodeEntities(
    html
      .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
      .replace(/<a\b[^>]*\bhref\s*=\s*["']?tel:([^"'\s>]+)[^>]*>/gi, ' $1 ')
      // A tag goes, but what it shows in words stays: an image's alt text, a title, an aria-label.
      .replace(/<\/?([a-z][a-z0-9]*)\b([^>]*)>/gi, (_, tag: string, attributes: string) => {
        const words = [...attributes.matchAll(/\b(?:alt|title|aria-label)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => m[1] ?? m[2]);
        return words.length ? ` ${words.join(' ')} ` : blockTag.test(tag) ? ' ' : '';
      }),
  );
  return text
    .normalize('NFKC')
    .replace(/[\t\n\r\f\v]/g, ' ')
    .replace(/[\p{Cf}\p{Cc}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/gu, '')
    .replace(/\p{Nd}/gu, (d) => (d >= '0' && d <= '9' ? d : asciiDigit(d)))
    .replace(/[\p{Zs}]/gu, ' ')
    .replace(/[\p{Pd}\u2212\u2043\u02D7]/gu, '-')
    .replace(/[\u2236\uA789\u02D0\u02F8\u0589\u05C3\uFE13\uFE55]/g, ':')
    .replace(/[\u{1F4B2}\u{1F4B5}]/gu, '$')
    .replace(/(\d)[\u00B7\u2219\u066B\u2027\u02D9\u2E31](?=\d)/g, '$1.')
    .replace(/[\u0370-\u03FF\u0400-\u04FF\u0500-\u052F]/g, (c) => lookalikes[c] ?? c)
    .replace(/ {2,}/g, ' ');
}

// ---- Numbers as digits, keeping where each character came from, to report what was written.

const small = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const tens = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** One number in words, up to ninety-nine: "forty-four", "forty four", "seven", "oh" (as in a phone number). */
const word = String.raw`(?:(?:${tens.join('|')})(?:[\s-]+(?:${small.slice(1, 10).join('|')}))?|${small.join('|')}|oh|nought)`;
const wordToken = new RegExp(String.raw`\b(${tens.join('|')})(?:[\s-]+(${small.slice(1, 10).join('|')}))?\b|\b(${small.join('|')}|oh|nought)\b`, 'gi');
/**
 * Numbers in words are read as figures where a fact would stand: before the units of a turnaround, a price, a
 * time or a count ("two business days", "forty-eight hours", "sixty plus"), and in a run of them ("forty-four
 * ninety-five", a phone number read out). Elsewhere they stay words: "twelve months of thirty days" in a note on
 * the Ethiopian calendar is not one of our facts.
 */
const factUnit = String.raw`(?:(?:business|working)[\s-]+days?|hours?|hrs?|h\b|dollars?|bucks|cents?|plus\b|\+|languages|[kmg]b\b|(?:kilo|mega|giga)bytes?|megs?\b|am\b|pm\b|a\.m|p\.m|o'?clock|in\s+the\s+(?:morning|afternoon|evening))`;
const numberWords = new RegExp(
  String.raw`\b${word}(?:\s*(?:-|to|or)\s*${word})?(?=\s*-?\s*${factUnit})|\b${word}(?=-(?:day|week|minute)\b)|(?<=\b(?:in|within|under|than|takes?|only|just)\s+)${word}(?:\s*(?:-|to|or)\s*${word})?(?=\s+(?:days?|weeks?|minutes?)\b)|\b${word}\s+point(?:\s+${word})+\b|\b${word}(?:[\s,-]+${word})+\b|\b${word}\s+(?:to|till|until)\s+${word}\b|\b(?:half\s+an|an)(?=\s+hours?\b)|\ba(?=\s+(?:business|working)\s+day\b)`,
  'iy',
);
/** Where a phrase of numberWords may start: it is tried only there, as trying it at every character is slow. */
const phraseStart = new RegExp(String.raw`\b(?:${[...small, ...tens, 'oh', 'nought', 'half', 'an', 'a'].join('|')})\b`, 'gi');

/**
 * "two business days" -> "2 business days", "forty-four dollars" -> "44 dollars", "an hour" -> "1 hour": the text
 * with numbers in digits, and where the characters from `start` to `end` of it came from in the text given.
 */
export function inDigits(text: string) {
  // Where each character of the output came from, [start, end) in the text: a copied one its own place, a figure its words.
  const origin: [number, number][] = [];
  let out = '';
  let last = 0;
  const keep = (end: number) => {
    if (end <= last) return;
    for (let i = last; i < end; i++) origin.push([i, i + 1]);
    out += text.slice(last, end);
    last = end;
  };
  const put = (figures: string, start: number, end: number) => {
    for (let i = 0; i < figures.length; i++) origin.push([start, end]);
    out += figures;
    last = end;
  };
  for (const start of text.matchAll(phraseStart)) {
    if (start.index < last) continue;
    numberWords.lastIndex = start.index;
    const phrase = numberWords.exec(text);
    if (!phrase) continue;
    keep(phrase.index);
    const end = phrase.index + phrase[0].length;
    if (/^(?:half\s+an|an?)$/i.test(phrase[0])) {
      put(/^half/i.test(phrase[0]) ? '0.5' : '1', phrase.index, end);
      continue;
    }
    // "forty-four point nine five" is 44.95: the words after "point" are its decimals, one digit each, together.
    const point = /\s+point\s+/i.exec(phrase[0]);
    const pointAt = point ? phrase.index + point.index : Infinity;
    // The phrase is lower-cased whole, keeping every offset: its letters are ASCII (numberWords has no u flag).
    for (const token of phrase[0].toLowerCase().matchAll(wordToken)) {
      const at = phrase.index + token.index;
      if (at < pointAt) keep(at);
      else if (last <= pointAt) {
        keep(pointAt);
        put('.', pointAt, at);
      } else last = at;
      const [whole, ten, unit, alone] = token;
      const value = ten ? (tens.indexOf(ten) + 2) * 10 + (unit ? small.indexOf(unit) : 0) : /^(?:oh|nought)$/.test(alone) ? 0 : small.indexOf(alone);
      put(String(value), at, at + whole.length);
    }
    keep(end);
  }
  keep(text.length);
  return { text: out, source: (start: number, end: number): [number, number] => [origin[start]?.[0] ?? 0, origin[end - 1]?.[1] ?? 0] };
}

// ---- The matcher.

const num = String.raw`\d+(?:,\d{3})*(?:\.\d+)?`;
const time = String.raw`\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.?|p\.m\.?)(?![a-z])`;
const clock24 = String.raw`(?:[01]?\d|2[0-3]):[0-5]\d(?!\d)`;
type Pattern = { kind: string; pattern: RegExp };
const kinds: Pattern[] = [
  { kind: 'price', pattern: new RegExp(String.raw`(?:\b(?:a|au|aud|us|usd|nz|nzd))?\$\s*${num}(?:\s*-\s*\$?\s*${num})?|\b(?:aud|usd|nzd|(?:australian\s+)?dollars?|bucks)\s*${num}|${num}\s*(?:aud|usd|nzd|(?:australian\s+)?dollars?|bucks)\b|${num}\s*\$`, 'gi') },
  { kind: 'time of day', pattern: new RegExp(String.raw`\b(?:${time}|${clock24})(?:\s*(?:-|to|until|till)\s*(?:${time}|${clock24}))?`, 'gi') },
  { kind: 'duration', pattern: new RegExp(String.raw`(?<![\d.])${num}(?:\s*(?:-|to|or|and|/)\s*${num})?\s*-?\s*(?:(?:business|biz|working|work|calendar|clear|week)\s*-?\s*)?(?:hours?|hrs?|h|days?|minutes?|mins?|weeks?|wks?|months?|mths?|fortnights?)\b`, 'gi') },
  { kind: 'time zone', pattern: /\ba\.?[ecw]\.?[sd]\.?t\b\.?|\baet\b|\b(?:utc|gmt)\s*(?:[+-]\s*\d{1,2}(?:[:.]?\d{2})?)?\b|\b(?:australian\s+)?(?:eastern|central|western)\s+(?:(?:standard|daylight|summer)\s+)?time\b|\b(?:sydney|melbourne|brisbane|perth|adelaide|hobart|darwin|canberra)\s+time\b/gi },
  { kind: 'file size', pattern: new RegExp(String.raw`(?<![\d.])${num}\s*(?:kb|mb|gb|kib|mib|gib|kilobytes?|megabytes?|gigabytes?|megs?)\b`, 'gi') },
  { kind: 'count', pattern: new RegExp(String.raw`(?<![\d.])\d+[\s-]*(?:\+(?![\d\s]*\d)|plus\b)|\b(?:over|more\s+than|upwards\s+of|at\s+least|above|nearly|almost|around|about|some)\s+\d+(?:\s+\w+)?\s+languages\b|(?<![\d.])\d{2,}(?:\s*(?:-?odd|or\s+more|and\s+more|different|more|other|spoken|world))*\s+languages\b`, 'gi') },
];
/** A run of digits with the separators a phone number or ABN is written with. */
const digitRun = /\+?\s*\(?\d[\d\s().\-/]{6,}\d/g;
const australianPhone = /^(?:0[2-478]\d{8}|610?[2-478]\d{8}|1[38]00\d{6})$/;

type Found = ReturnType<typeof findFacts>[number];
type FactSpellings = ReturnType<typeof factSpellings>;

/** A number without its country or trunk prefix: 61355504827 and 0355504827 are both 355504827. */
const national = (digits: string) => digits.replace(/^61|^0/, '');

/**
 * What a fact's value is made of, for the matcher: its digits (a phone number, an ABN); `values`, texts with a
 * figure, matched as they are; `all`, every fact, for the hint naming the one to use; `forms`, a fact's figure in
 * forms no kind's pattern knows: a price without its sign, an opening hour on the clock.
 */
export function factSpellings(names: Map<string, string>) {
  const digits = new Set<string>();
  const values: { name: string; plain: string }[] = [];
  const forms: Pattern[] = [];
  const hours: number[] = [];
  const all = [...names].map(([name, value]) => ({ name, value, plain: inDigits(readable(value)).text.toLowerCase() }));
  for (const { name, value, plain } of all) {
    if (!/\d/.test(value) || value.includes('{{') || dateShape.test(value)) continue;
    // A number written with separators only (a phone number, an ABN) is matched by its digits, however grouped.
    const bare = value.replace(/\D/g, '');
    if (/^[\d\s+().-]+$/.test(value) && bare.length >= 8) {
      const local = national(bare);
      digits.add(bare).add(local).add(`0${local}`).add(bare.slice(-8));
    }
    // Texts with a figure, such as "about 1 hour" or an address; not ids, addresses of pages or dates, which have no space.
    if (/\s/.test(value)) values.push({ name, plain });
    // $44.95 is also "44.95", "44 95" and "44,95" without its sign ("44 dollars 95" is a price already by its word).
    const price = /^\$(\d+)\.(\d{2})$/.exec(value);
    const spaced = (digits: string) => [...digits].join(String.raw`\s*`);
    if (price) forms.push({ kind: 'price', pattern: new RegExp(String.raw`(?<![\d.,])${spaced(price[1])}\s*[\s,.]\s*${spaced(price[2])}(?![\d.,])`, 'g') });
    // 09:00 and 17:00 are also "9 o'clock", "five o'clock" and, together, "9 to 5" or "9-17".
    const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
    if (clock && clock[2] === '00') hours.push(Number(clock[1]));
  }
  const hour = (h: number) => `(?:${h}|${h % 12 || 12}|0${h})(?:[:.]?00)?`;
  for (const h of hours) forms.push({ kind: 'time of day', pattern: new RegExp(String.raw`(?<![\d.:])${hour(h)}\s*(?:o'?clock|in\s+the\s+(?:morning|afternoon|evening))\b`, 'gi') });
  for (const a of hours) for (const b of hours) if (a < b) forms.push({ kind: 'time of day', pattern: new RegExp(String.raw`(?<![\d.:$])${hour(a)}\s*(?:-|to|till|until)\s*${hour(b)}(?![\d.:])`, 'gi') });
  return { digits, values, all, forms };
}

/** Every fact written out in a text (already readable): by its kind's patterns, its digits and its values. */
export function findFacts(text: string, facts: FactSpellings) {
  const spelt = inDigits(text);
  const hits: { start: number; end: number; kind: string }[] = [];
  // Most texts have no figure at all: then only a time zone's name can be a fact.
  const figures = /\d/.test(spelt.text);
  for (const { kind, pattern } of kinds) {
    if (figures || kind === 'time zone') for (const m of spelt.text.matchAll(pattern)) hits.push({ start: m.index, end: m.index + m[0].length, kind });
  }
  if (figures) {
    for (const m of spelt.text.matchAll(digitRun)) {
      const bare = m[0].replace(/\D/g, '');
      const kind = australianPhone.test(bare) ? 'phone number' : facts.digits.has(bare) ? 'business number' : undefined;
      if (kind) hits.push({ start: m.index + m[0].search(/[+(\d]/), end: m.index + m[0].length, kind });
    }
    for (const { kind, pattern } of facts.forms) for (const m of spelt.text.matchAll(pattern)) hits.push({ start: m.index, end: m.index + m[0].length, kind });
    // Lower case letter by letter, keeping every offset: "İ" lower-cased whole is two characters.
    const lower = spelt.text.replace(/\p{Lu}/gu, (c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c));
    for (const { plain } of facts.values) {
      if (plain.length < 6) continue;
      for (let at = lower.indexOf(plain); at !== -1; at = lower.indexOf(plain, at + 1)) {
        if (/\w/.test(lower[at - 1] ?? '') || /\w/.test(lower[at + plain.length] ?? '')) continue;
        hits.push({ start: at, end: at + plain.length, kind: 'fact' });
      }
    }
  }
  // The longest of overlapping hits is kept: "$44.95" once, not also as "44.95".
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: typeof hits = [];
  for (const hit of hits) {
    const last = kept.at(-1);
    if (last && hit.start < last.end) last.end = Math.max(last.end, hit.end);
    else kept.push({ ...hit });
  }
  // `plain`: the text with numbers in digits, for finding the fact it copies.
  return kept.map(({ start, end, kind }) => ({ written: text.slice(...spelt.source(start, end)).trim(), kind, plain: spelt.text.slice(start, end).trim() }));
}

// ---- The content files.

/** The facts a text of content shows: read as plain text (JSX escapes it) and, where it may be Markdown or HTML, as rendered. */
function scan(text: string, markdown: boolean, facts: FactSpellings): Found[] {
  // An empty {{verbatim:}} shows nothing, so it hides nothing: "$4{{verbatim:}}4.95" is still $44.95.
  const marked = text.replace(placeholderPattern, (_, inner: string) => (/^verbatim\s*:\s*$/.test(inner) ? '' : placeholderMark));
  const views = [readable(marked)];
  if (markdown || /[\\*_`<&[\]!#~]/.test(marked)) views.push(readable(markdownToHtml(marked)));
  const found = new Map<string, Found>();
  for (const view of views) for (const f of findFacts(view, facts)) if (!found.has(f.plain)) found.set(f.plain, f);
  return [...found.values()];
}

/** The texts of a file a visitor may read, with where each is: strings of JSON and front matter, a Markdown body by paragraph. */
function texts(file: SourceFile, facts: FactSpellings): { found: Found[]; pointer?: string; line?: number }[] {
  const out: { found: Found[]; pointer?: string; line?: number }[] = [];
  eachValue(file.data, (value, pointer, key) => {
    if (typeof value === 'string' && key !== '$schema') out.push({ found: scan(value, false, facts), pointer });
  });
  // A body is rendered whole, and paragraph by paragraph (each a render of its own) only to place what it shows.
  // Read once: a loaded file's text and body are read from its file each time they are asked for.
  const body = file.body;
  if (body === undefined || !scan(body, true, facts).length) return out;
  const text = file.text;
  let line = text.slice(0, text.length - body.length).split('\n').length;
  for (const block of body.split(/\n[ \t\r]*\n/)) {
    if (block.trim()) out.push({ found: scan(block, true, facts), line: line + (block.match(/^\s*/)![0].split('\n').length - 1) });
    line += block.split('\n').length + 1;
  }
  return out;
}

/**
 * Every hand-typed fact in the content files, with the names of the facts that hold the same text. `pages`
 * gives the pages a file makes, for the report (the build's pages, each with its source file).
 */
export function findHandTypedFacts(files: SourceFile[], pages: { path: string; source?: string }[] = []): SiteError[] {
  const facts = factSpellings(factNames(factTree(files)));
  const factFiles = new Set<string>(Object.values(factSources));
  const pageOf = new Map<string, string>();
  for (const page of pages) if (page.source && !pageOf.has(page.source)) pageOf.set(page.source, page.path);
  const errors: SiteError[] = [];
  for (const file of files) {
    if (factFiles.has(file.rel)) continue;
    const page = pageOf.get(file.path);
    for (const { found, pointer, line: blockLine } of texts(file, facts)) {
      for (const f of found) {
        const place = framed(file.path, file.text, exactly(file.text, pointer !== undefined ? locate(file, pointer) : { line: blockLine!, column: 1 }, f.written));
        const params = { written: f.written, kind: f.kind, suggestion: hintFor(f, facts) };
        errors.push(siteError('CONTENT_HAND_TYPED_FACT', params, { ...place, page, pointer: pointer || undefined }));
      }
    }
  }
  return sortErrors(errors);
}

/** Where the text starts, when it is written as found (no entity or spelling in between); else where its field does. */
function exactly(text: string, field: { line: number; column: number }, written: string): { line: number; column: number } {
  const offset = offsetAt(text, field);
  const at = text.indexOf(written, offset);
  return at === -1 || at - offset > 5000 ? field : positionAt(text, at);
}

function hintFor(found: Found, facts: FactSpellings): string {
  const plain = found.plain.toLowerCase();
  // A phone number or the ABN is the same fact however its digits are grouped.
  const digits = national(plain.replace(/\D/g, ''));
  const sameNumber = digits.length >= 8 ? facts.all.filter((v) => /^[\d\s+().-]+$/.test(v.value) && national(v.value.replace(/\D/g, '')) === digits) : [];
  const exact = [...facts.all.filter((v) => v.plain === plain), ...sameNumber];
  // A fact may hold the figure inside a longer text (a timeframe "From 1 hour (business hours)"); exact names come first.
  const within = exact.length ? [] : facts.all.filter((v) => v.plain.length < 60 && v.plain.includes(plain));
  const candidates = [...new Set([...exact, ...within].map((v) => `{{${v.name}}}`))].slice(0, 3);
  const exception = `If it is deliberately not one of our facts (a market figure, a quote), write {{verbatim: ${found.written}}}.`;
  if (candidates.length) return `Write ${candidates.join(' or ')} instead, so it changes when the fact does. ${exception}`;
  return `Add it to content/facts.json (or plans.json, site.json) and name it with a placeholder such as {{facts.group.name}}, or rephrase so no figure is typed. ${exception}`;
}
