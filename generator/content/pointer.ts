// JSON pointers, how a problem names its place in a file (/cities/3/population) and how a schema names a
// part of itself (#/definitions/city). In a segment `~` is written `~0` and `/` is written `~1`.

/** A key as a pointer segment: "a/b" -> "a~1b". */
export function encodeSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A pointer segment as the key it stands for: "a~1b" -> "a/b". */
export function decodeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The keys of a pointer: /cities/3/population -> ['cities', '3', 'population']; '' (the whole value) -> []. */
export function pointerKeys(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(decodeSegment);
}

/** The value at `keys` inside `value`, or undefined where the path leaves it. */
export function resolveKeys(value: unknown, keys: string[]): unknown {
  let node = value;
  for (const key of keys) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

/**
 * Calls `visit` for a JSON value and every value inside it, parents first, with its pointer and the key it has
 * in its parent (an array's items by their index).
 */
export function eachValue(value: unknown, visit: (value: unknown, pointer: string, key?: string) => void, pointer = '', key?: string): void {
  visit(value, pointer, key);
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) eachValue(v, visit, `${pointer}/${encodeSegment(k)}`, k);
}
