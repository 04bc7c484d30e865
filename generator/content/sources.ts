// Which content file is which: a path under content/ to its kind and schema, by the table in kinds.ts.
import { rules, type SourceKind } from './kinds.ts';

export type { SourceKind };

/** Classifies a path relative to content/ (forward slashes), or returns undefined for a file we do not read. */
export function classify(rel: string): SourceKind | undefined {
  // The default registry's kinds are the only ones classify can return.
  return rules.classify(rel) as SourceKind | undefined;
}

/** Every file a complete site needs, relative to content/. */
export function requiredFiles(): string[] {
  return [...rules.requiredFiles];
}

/** Where content files of each kind go, for the unknown-file hint. */
export const placesHint = rules.placesHint;
