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
