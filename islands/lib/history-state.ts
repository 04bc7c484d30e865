/**
 * What a visitor chose in an island (a search, a tab, a filter), kept in the page's history entry so Back
 * to the page finds it as it was left, even where the browser loads the page afresh. `read` runs once the
 * island is awake (after hydration); `keep` merges under the island's own key.
 */
export function readKept<T extends object>(key: string): Partial<T> | undefined {
  const kept = (history.state as Record<string, unknown> | null)?.[key];
  return kept && typeof kept === 'object' ? (kept as Partial<T>) : undefined;
}

export function keep(key: string, value: object): void {
  history.replaceState({ ...(history.state as object | null), [key]: value }, '');
}
