import { Fragment } from 'react';

// Runs of letters outside the Latin script (Hangul, Arabic, Devanagari...), with the spaces and punctuation
// between them, so 가족관계증명서 or a two-word Arabic title is tagged as one phrase.
const foreignRun = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}](?:[\p{Script=Common}\p{Script=Inherited}]*[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}])*/gu;

// Scripts a quoted run may be in, by their ISO 15924 codes (which Unicode's script names accept as aliases).
const scripts = ['Arab', 'Armn', 'Beng', 'Cyrl', 'Deva', 'Ethi', 'Geor', 'Grek', 'Gujr', 'Guru', 'Hang', 'Hani', 'Hebr', 'Hira', 'Kana', 'Khmr', 'Knda', 'Laoo', 'Mlym', 'Mong', 'Mymr', 'Orya', 'Sinh', 'Syrc', 'Taml', 'Telu', 'Thaa', 'Thai', 'Tibt'].map((code) => ({ code, letter: new RegExp(`\\p{Script=${code}}`, 'u') }));
// The scripts above written from right to left. (Intl's text info would say so too, but Node 22 names it
// `textInfo` and Node 24 `getTextInfo()`.)
const rightToLeft = new Set(['Arab', 'Hebr', 'Syrc', 'Thaa']);
// A language's script subtag that stands for several Unicode scripts: Japanese mixes three, Korean two, and
// both forms of Chinese are Han.
const scriptParts: Record<string, string[]> = { Jpan: ['Hani', 'Hira', 'Kana'], Kore: ['Hang', 'Hani'], Hans: ['Hani'], Hant: ['Hani'] };

/** A language tag with its likely script and language filled in (CLDR's likely subtags), or none if it is not one Intl reads. */
function likely(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag).maximize();
  } catch {
    return undefined;
  }
}

/**
 * The lang and direction of a run in a script other than Latin. A run in the language's own script is the
 * language's. One in another script quotes another language (a Soviet record's Russian on the Lithuanian page, an
 * Arabic form of a Kurdish name): it gets the language that script most likely writes, never the page's, which
 * a screen reader could not read it in, and that script's own direction.
 */
function runLanguage(run: string, lang: string, dir: 'ltr' | 'rtl'): { lang: string; dir: 'ltr' | 'rtl' } {
  const own = likely(lang)?.script;
  const first = String.fromCodePoint(run.codePointAt(0)!);
  const script = scripts.find((s) => s.letter.test(first))?.code;
  if (!own || !script || (scriptParts[own] ?? [own]).includes(script)) return { lang, dir };
  const other = likely(`und-${script}`);
  if (!other) return { lang, dir };
  return { lang: other.language, dir: rightToLeft.has(script) ? 'rtl' : 'ltr' };
}

/**
 * English text that quotes the language in its own script: each quoted run carries the language's lang (so
 * screen readers switch voice and browsers pick the right font) and, for right-to-left scripts, its own
 * direction, so brackets and commas around it stay where the writer put them. A run in another script is
 * tagged as that script's language (runLanguage).
 */
export function NativeText({ text, lang, dir }: { text: string; lang: string; dir: 'ltr' | 'rtl' }) {
  const parts: (string | { native: string; lang: string; dir: 'ltr' | 'rtl' })[] = [];
  let last = 0;
  for (const match of text.matchAll(foreignRun)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ native: match[0], ...runLanguage(match[0], lang, dir) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <span key={i} lang={part.lang} dir={part.dir === 'rtl' ? 'rtl' : undefined}>
            {part.native}
          </span>
        ),
      )}
    </>
  );
}
