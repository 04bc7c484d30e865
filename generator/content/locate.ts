import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { positionAt } from '../errors.ts';
import type { SourceFile } from './load.ts';
import { pointerKeys } from './pointer.ts';

type Position = ReturnType<typeof positionAt>;

/** The segments of a JSON pointer: /cities/3/population -> ['cities', 3, 'population']. */
export function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === '/') return [];
  return pointerKeys(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** The offset in a text of a line and column (the inverse of errors.ts's positionAt). */
export function offsetAt(text: string, { line, column }: Position): number {
  let offset = 0;
  for (let n = 1; n < line; n++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

/**
 * Where a pointer's value starts in its file. With `key`, where the property's name starts instead (for a
 * field that should not be there). Falls back to the nearest ancestor that exists.
 */
export function locate(file: SourceFile, pointer: string, key = false): Position {
  const segments = pointerSegments(pointer);
  if (file.body !== undefined) return locateInFrontMatter(file, segments);
  // Parsed again on each call: a file's text is located only to report a problem in it.
  const root = parseTree(file.text);
  // Text that parses to no tree at all starts at its beginning, as a pointer to nothing in the tree does.
  for (let n = segments.length; root && n >= 0; n--) {
    const node = findNodeAtLocation(root, segments.slice(0, n));
    if (!node) continue;
    const target = key && n === segments.length && node.parent?.type === 'property' ? node.parent.children![0] : node;
    return positionAt(file.text, target.offset);
  }
  return { line: 1, column: 1 };
}

/**
 * Front matter is small, flat YAML: find each key on a line of its own, deeper keys below their parent and
 * indented further. Array items are counted by their leading dash.
 */
function locateInFrontMatter(file: SourceFile, segments: (string | number)[]): Position {
  const lines = file.text.split(/\r?\n/);
  const end = lines.indexOf('---', 1);
  let indent = -1;
  // The opening --- and then each key found: the next is looked for from the line after it, whose index is its
  // line number.
  let found: Position = { line: 1, column: 1 };
  for (const segment of segments) {
    let hit = -1;
    let seen = -1;
    // The parent's own keys sit at the indent of its first line: a deeper key of the same name (seo's title for a
    // missing title) is not the one looked for.
    let inner = -1;
    for (let i = found.line; i < (end === -1 ? lines.length : end); i++) {
      const text = lines[i].trimStart();
      if (text === '') continue;
      const at = lines[i].length - text.length;
      if (at <= indent) {
        if (i > found.line) break;
        continue;
      }
      if (inner === -1) inner = at;
      if (at !== inner) continue;
      if (typeof segment === 'number' ? (text.startsWith('- ') || text.trim() === '-') && ++seen === segment : text.startsWith(`${segment}:`)) {
        hit = i;
        break;
      }
    }
    if (hit === -1) break;
    indent = lines[hit].length - lines[hit].trimStart().length;
    found = { line: hit + 1, column: indent + 1 };
  }
  return found;
}
