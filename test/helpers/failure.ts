// For tests of content errors: a fixture changed so that its build must fail, and the errors it failed with.
import * as assert from 'uvu/assert';
import { build } from '../../generator/build.ts';
import { BuildFailure, type SiteError } from '../../generator/errors.ts';
import { silentLogger } from '../../generator/log.ts';
import { fixture, listFiles, type Fixture } from './project.ts';

/** Builds a fixture changed by `prepare` and returns the errors; a build that succeeds fails the test. */
export async function failure(prepare: (f: Fixture) => void): Promise<SiteError[]> {
  const f = fixture();
  try {
    return await failureOf(f, prepare);
  } finally {
    f.remove();
  }
}

/**
 * The errors of a build of `f` changed by `prepare`: for a fixture shared by a suite (its caches kept warm),
 * whose content files are put back as they were afterwards.
 */
export async function sharedFailure(f: Fixture, prepare: (f: Fixture) => void): Promise<SiteError[]> {
  const saved = new Map(listFiles(f.content).map((rel) => [rel, f.read(`content/${rel}`)]));
  try {
    return await failureOf(f, prepare);
  } finally {
    for (const rel of listFiles(f.content)) if (!saved.has(rel)) f.write(`content/${rel}`, null);
    for (const [rel, text] of saved) if (f.read(`content/${rel}`) !== text) f.write(`content/${rel}`, text);
  }
}

/** The errors of a build of `f` changed by `prepare`; a build that succeeds fails the test. */
export async function failureOf(f: Fixture, prepare: (f: Fixture) => void): Promise<SiteError[]> {
  try {
    prepare(f);
    await build({ root: f.root, logger: silentLogger });
  } catch (error) {
    if (error instanceof BuildFailure) return error.errors;
    throw error;
  }
  throw new Error('the build succeeded but should have failed');
}

/** Replaces text in a fixture's file, making sure the text is there to replace. */
export function replaceIn(f: Fixture, rel: string, from: string, to: string): void {
  const text = f.read(rel);
  assert.ok(text.includes(from), `${rel} no longer contains ${from}`);
  f.write(rel, text.replace(from, to));
}
