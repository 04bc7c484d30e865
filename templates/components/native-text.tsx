import { Fragment } from 'react';

// Runs of letters outside the Latin script (Hangul, Arabic, Devanagari...), with the spaces and punctuation
// between them, so 가족관계증명서 or a two-word Arabic title is tagged as one phrase.
const foreignRun = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}](?:[\p{Script=Common}\p{Script=Inherited}]*[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}])*/gu;

/**
 * English text that quotes the language in its own script: each quoted run carries the language's lang (so
 * screen readers switch voice and browsers pick the right font) and, for right-to-left scripts, its own
 * direction, so brackets and commas around it stay where the writer put them.
 */
export function NativeText({ text, lang, dir }: { text: string; lang: string; dir: 'ltr' | 'rtl' }) {
  const parts: (string | { native: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(foreignRun)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ native: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <span key={i} lang={lang} dir={dir === 'rtl' ? 'rtl' : undefined}>
            {part.native}
          </span>
        ),
      )}
    </>
  );
}
