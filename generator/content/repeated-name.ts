// A JSON object that names a field twice: JSON.parse keeps the last value without a word, so an editor who
// changes the first one sees nothing change on the site (a merge or a paste leaves such pairs behind).
import { visit } from 'jsonc-parser';
import { encodeSegment } from './pointer.ts';

/**
 * The first name an object of a JSON text holds twice, with its pointer and the offset of its second use; undefined
 * when there is none. `data` is the text as JSON.parse read it: counting names is cheap, and only a text with more
 * names written than parsed is walked again to find the one.
 */
export function repeatedName(text: string, data: unknown): { name: string; pointer: string; offset: number } | undefined {
  if (namesWritten(text) === namesParsed(data)) return undefined;
  const open: Set<string>[] = [];
  let found: { name: string; pointer: string; offset: number } | undefined;
  visit(text, {
    onObjectBegin: () => void open.push(new Set()),
    onObjectEnd: () => void open.pop(),
    onObjectProperty: (name, offset, _length, _line, _column, parents) => {
      const names = open[open.length - 1];
      if (!found && names.has(name)) found = { name, offset, pointer: [...parents(), name].map((key) => `/${encodeSegment(String(key))}`).join('') };
      names.add(name);
    },
  });
  return found;
}

/** The names the objects of a JSON text hold as written: each string followed by a colon. */
function namesWritten(text: string): number {
  let names = 0;
  // Each match is a whole string, so a colon inside one is never taken for a name's.
  for (const [, colon] of text.matchAll(/"(?:[^"\\]|\\.)*"(\s*:)?/g)) if (colon) names++;
  return names;
}

/** The names the objects of a parsed value hold. */
function namesParsed(value: unknown): number {
  if (!value || typeof value !== 'object') return 0;
  return Object.values(value).reduce((names: number, inner) => names + namesParsed(inner), Array.isArray(value) ? 0 : Object.keys(value).length);
}
