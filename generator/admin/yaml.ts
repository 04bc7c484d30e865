// A small YAML writer for the two YAML files the editor needs: its config.yml and blog front matter. Strings
// are always double-quoted in JSON's escaping (valid YAML), so no value can be read back as a number, a date
// or a boolean, and the output is the house style of content/blog/*.md.

export function yamlDocument(value: Record<string, unknown>): string {
  return block(value, 0, new Map()).join('\n') + '\n';
}

/** A value written on its key's line (a scalar, or an empty list or group): as JSON writes it, which YAML reads. */
const inline = (value: unknown): string => JSON.stringify(value ?? null);

export function isEmpty(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list or group with something in it: written on the lines below its key. */
const nested = (value: unknown) => (isObject(value) || Array.isArray(value)) && !isEmpty(value);

/** `lists`: each long list already written, by its text, with the anchor it got, so a repeat is an alias. */
function block(value: unknown, depth: number, lists: Map<string, string>): string[] {
  const pad = '  '.repeat(depth);
  const lines: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (nested(item)) {
        const inner = block(item, depth + 1, lists);
        lines.push(`${pad}- ${inner[0].trimStart()}`, ...inner.slice(1));
      } else lines.push(`${pad}- ${inline(item)}`);
    }
    return lines;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === undefined) continue;
    const name = /^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key);
    // A long list of plain values (the icon names) goes on one line, once: a repeat refers to the first.
    if (Array.isArray(item) && item.length > 50 && item.every((v) => typeof v === 'string')) {
      const text = `[${item.map(inline).join(', ')}]`;
      const anchor = lists.get(text);
      if (anchor) lines.push(`${pad}${name}: *${anchor}`);
      else {
        lists.set(text, `list${lists.size + 1}`);
        lines.push(`${pad}${name}: &list${lists.size} ${text}`);
      }
    } else if (nested(item)) lines.push(`${pad}${name}:`, ...block(item, depth + 1, lists));
    else lines.push(`${pad}${name}: ${inline(item)}`);
  }
  return lines;
}
