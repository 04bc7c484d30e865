// Writes an edited entry back in the layout its file already has. Decap hands over the whole file, formatted
// its own way; only the values that changed are written into the original text, so an entry saved unchanged
// stays byte-identical, and an edit shows in git as the lines it changed.
import { applyEdits, findNodeAtLocation, getNodePath, modify, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { isEmpty, isObject, yamlDocument } from './yaml.ts';

// Keys are read and set as the object's own. A field named "__proto__" was otherwise read from Object.prototype,
// or, assigned, set the object's prototype rather than a key, and so left the file without a word; kept, it is
// refused by the check of the saved text, as the build refuses it ("is not a known field").
const own = (value: Record<string, unknown>, key: string) => (Object.hasOwn(value, key) ? value[key] : undefined);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
  }
  return false;
}

/** The smallest set of (path, new value) changes that turns `before` into `after`; undefined removes. */
function changes(before: unknown, after: unknown, at: JSONPath = []): [JSONPath, unknown][] {
  if (sameValue(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    // A key only before is removed (its new value is undefined), a key only after is added.
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) => changes(own(before, key), own(after, key), [...at, key]));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return after.flatMap((item, i) => changes(before[i], item, [...at, i]));
  }
  return [[at, after]];
}

/**
 * The data without the fields the editor left empty ("", null, an empty list or group: an optional field not
 * filled in, or cleared),
 * which the schemas treat as absent; an empty value the file itself has is kept, so an unchanged save stays the same.
 */
export function withoutEmpty(data: unknown, before?: unknown): unknown {
  if (Array.isArray(data)) return data.map((item, i) => withoutEmpty(item, Array.isArray(before) ? before[i] : undefined));
  if (!isObject(data)) return data;
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(data)) {
    const was = isObject(before) ? own(before, key) : undefined;
    const kept = withoutEmpty(value, was);
    const empty = kept === '' || kept === null || isEmpty(kept);
    if (empty && !sameValue(was, kept)) continue;
    out.push([key, kept]);
  }
  // fromEntries defines each key rather than assigning it (as content/facts.ts does).
  return Object.fromEntries(out);
}

/** The lists of plain values (`"plans": ["full"]`) that a JSON text writes on one line, by their paths. */
function inlineLists(text: string): JSONPath[] {
  const paths: JSONPath[] = [];
  const visit = (node: Node) => {
    const plain = node.type === 'array' && node.children?.length && node.children.every((item) => item.type !== 'array' && item.type !== 'object');
    if (plain && !text.slice(node.offset, node.offset + node.length).includes('\n')) paths.push(getNodePath(node));
    else node.children?.forEach(visit);
  };
  const tree = parseTree(text);
  if (tree) visit(tree);
  return paths;
}

/**
 * The byte-order mark some editors write first. The build reads past it (content/load.ts); the text after it is
 * laid out, and the file keeps its mark, as it keeps its other bytes.
 */
const mark = '\uFEFF';

/** JSON: the original text with only the changed values rewritten; a new file as two-space JSON. */
export function jsonInLayout(original: string | undefined, data: unknown): string {
  if (original?.startsWith(mark)) return mark + jsonInLayout(original.slice(mark.length), data);
  if (original === undefined) return `${JSON.stringify(withoutEmpty(data), null, 2)}\n`;
  let text = original;
  const before = JSON.parse(original) as unknown;
  for (const [path, value] of changes(before, withoutEmpty(data, before))) {
    text = applyEdits(text, modify(text, path, value, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }));
  }
  // The formatter writes a list it changed one item a line, and so does it to a list on the line before a key it
  // adds: a list the file had on one line is put back on one line, as long as it is still a list of plain values.
  // Only lists reached by keys: one inside a list of groups may be another group's once items are added or taken away.
  for (const path of inlineLists(original).filter((p) => p.every((segment) => typeof segment === 'string'))) {
    const node = findNodeAtLocation(parseTree(text)!, path);
    const written = node && text.slice(node.offset, node.offset + node.length);
    if (node?.type !== 'array' || !written!.includes('\n') || !node.children?.every((item) => item.type !== 'array' && item.type !== 'object')) continue;
    const items = node.children.map((item) => text.slice(item.offset, item.offset + item.length));
    text = `${text.slice(0, node.offset)}[${items.join(', ')}]${text.slice(node.offset + node.length)}`;
  }
  return text;
}

export const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

interface KeyBlock {
  /** The comment and blank lines just above the key: they stay with it when its value is written again. */
  lead: string[];
  /** The key's line and the lines of its value. */
  lines: string[];
}

/**
 * The front matter's top-level keys with the lines that hold each, in file order; `head` and `tail` are the
 * comment and blank lines above the first key and below the last, which stay where they are.
 */
function keyBlocks(yaml: string): { blocks: Map<string, KeyBlock>; head: string[]; tail: string[] } {
  const blocks = new Map<string, KeyBlock>();
  let head: string[] = [];
  let current: KeyBlock | undefined;
  let pending: string[] = [];
  for (const line of yaml.split('\n')) {
    const key = /^([A-Za-z_][\w-]*|"[^"]+"):/.exec(line)?.[1]?.replace(/^"|"$/g, '');
    if (key) {
      if (!current) head = pending;
      blocks.set(key, (current = { lead: current ? pending : [], lines: [line] }));
      pending = [];
    } else if (/^\s*(#.*)?\r?$/.test(line) || !current) pending.push(line);
    else {
      // A comment or blank line followed by more of the value is part of the value.
      current.lines.push(...pending, line);
      pending = [];
    }
  }
  return { blocks, head, tail: pending };
}

/**
 * Markdown with front matter: keys whose value is unchanged keep their original lines (and quoting), changed
 * and new keys are written in the house style (double-quoted strings), the body is kept unless it changed.
 * `before` is the original front matter as the build parses it (dates as text).
 */
export function markdownInLayout(original: string | undefined, before: Record<string, unknown> | undefined, given: Record<string, unknown>, body: string): string {
  if (original?.startsWith(mark)) return mark + markdownInLayout(original.slice(mark.length), before, given, body);
  // A file whose every line ends in CRLF (as Git for Windows checks files out) keeps them: it is laid out with
  // LF, then given its CRLF back, so the lines written anew do not end differently from the rest.
  if (original?.includes('\r\n') && !/(^|[^\r])\n/.test(original)) {
    return markdownInLayout(original.replace(/\r\n/g, '\n'), before, given, body.replace(/\r\n/g, '\n')).replace(/\n/g, '\r\n');
  }
  const data = withoutEmpty(given, before) as Record<string, unknown>;
  const newBody = `\n${body.replace(/^\s*\n/, '').replace(/\s*$/, '')}\n`;
  const match = original ? frontMatterPattern.exec(original) : null;
  if (!original || !match || !before) return `---\n${yamlDocument(data)}---\n${newBody}`;
  const { blocks, head, tail } = keyBlocks(match[1]);
  const keys = [...[...blocks.keys()].filter((k) => Object.hasOwn(data, k)), ...Object.keys(data).filter((k) => !blocks.has(k))];
  const written = (key: string) => yamlDocument({ [key]: data[key] }).replace(/\n$/, '');
  const lines = keys.flatMap((key) => {
    const block = blocks.get(key);
    return block ? [...block.lead, ...(sameValue(own(before, key), data[key]) ? block.lines : [written(key)])] : [written(key)];
  });
  const oldBody = original.slice(match[0].length);
  const keptBody = oldBody.trim() === body.trim() ? oldBody : bodyInLayout(oldBody, newBody);
  return `---\n${[...head, ...lines, ...tail].join('\n')}\n---\n${keptBody}`;
}

/**
 * A line as it reads, whatever the writer's style: "* item", "+ item" and "- item" are one list item, at any
 * indent (nested items are indented two spaces or four).
 */
const sameItem = (line: string) => line.replace(/^\s*[*+-]\s+/, '- ').replace(/\s+$/, '');

/**
 * The Markdown editor's rich-text mode writes the whole body again in its own style (for one, "*" bullets where
 * the file has "-"). Each line that means the same as one of the original's, in order, keeps the original's
 * text; the rest are the editor's, with list items given the file's own marker. So a save shows in git as the
 * lines the editor changed.
 */
function bodyInLayout(oldBody: string, newBody: string): string {
  const before = oldBody.split('\n');
  const after = newBody.split('\n');
  const marker = /^\s*([*+-])\s/m.exec(oldBody)?.[1] ?? '-';
  const a = before.map(sameItem);
  const b = after.map(sameItem);
  // Longest common subsequence of the lines, by meaning: a body is a few hundred lines at most.
  const table: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (j < b.length) {
    if (i < a.length && a[i] === b[j]) {
      out.push(before[i++]);
      j++;
    } else if (i < a.length && table[i + 1][j] >= table[i][j + 1]) i++;
    else out.push(after[j++].replace(/^(\s*)[*+-](\s+)/, `$1${marker}$2`));
  }
  return out.join('\n');
}
