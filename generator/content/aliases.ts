// YAML lets front matter name a value (&name) and repeat it (*name). js-yaml hands back the one value each
// time, so a few short lines of lists of lists of an alias (the "billion laughs") read at once, and then hold
// a billion values for whatever walks them: checks, the snapshot, the editor's writer. A value may even hold
// itself (&a [*a]), and every walk of it goes round for ever. Front matter is a few fields, so such a value
// is named before anything walks it: by the build (content/load.ts) and by the editor's page as it opens an entry
// (islands/admin/formats.ts), where Decap's own walk of the values would hang the tab. So this imports nothing.

/** More values than a post's or page's front matter comes near (it has dozens), yet few enough to walk at once. */
export const frontMatterLimit = 10_000;

/**
 * The first top-level field whose value, with every alias written out, holds itself (`endless`) or takes the
 * values so far past the limit; undefined when there is none. Each list or group is counted once, however many
 * aliases repeat it, so this takes as long as the values as written.
 */
export function aliasProblem(data: Record<string, unknown>): { key: string; endless: boolean } | undefined {
  const sizes = new Map<object, number>();
  const size = (value: unknown): number => {
    if (typeof value !== 'object' || value === null) return 1;
    const known = sizes.get(value);
    if (known !== undefined) return known;
    // Met again before it is counted: it holds itself.
    sizes.set(value, Infinity);
    const total = Object.values(value).reduce((sum: number, item) => sum + size(item), 1);
    sizes.set(value, total);
    return total;
  };
  let total = 0;
  for (const [key, value] of Object.entries(data)) {
    total += size(value);
    if (total > frontMatterLimit) return { key, endless: total === Infinity };
  }
  return undefined;
}

/** What is wrong with the field aliasProblem names, in the words the build and the editor both use. */
export function aliasProblemWords(found: { endless: boolean }): string {
  return found.endless ? 'holds itself through a YAML alias (*name), so it never ends' : `holds more than ${frontMatterLimit.toLocaleString('en-AU')} values once its YAML aliases (*name) are written out`;
}
