// Part of /admin/editor.js: the build's schema rules and placeholders, checked in the browser before the
// live editor commits anything. On the live site no server of ours sees a save (Decap commits from the browser),
// so this is what refuses a price without its dollar sign or a placeholder naming no fact, with the build's
// wording (file, field, what is wrong and the field's description), before a branch or pull request is made.
// The rules across files (links, language codes, service slugs, and deletions or changes that take away what
// others name) are checked against the index the build wrote (cross.ts); `site check` on the pull request's
// deploy preview checks the whole site again.
//
// `site:validators` is the schemas compiled by ajv at build time (standalone code, no ajv compiler here), with
// the schemas themselves for the fields' descriptions.
import { validators, schemas } from 'site:validators';
import { classify } from '../../generator/content/kinds.ts';
import { describeProblems, resolvePlaceholders, type Facts } from './rules.ts';
import { withoutEmpty } from '../../generator/admin/keep-layout.ts';
import { bodyWords, textProblems } from '../../generator/content/text.ts';
import { crossProblems, deletionProblems } from './cross.ts';
import type { ReferenceIndex } from '../../generator/admin/references.ts';

interface EntryMap {
  get(key: 'path'): string | undefined;
  get(key: 'data'): { toJS(): Record<string, unknown> };
}

declare const CMS: {
  registerEventListener(listener: { name: 'preSave' | 'preUnpublish'; handler: (event: { entry: EntryMap }) => void | Promise<void> }): void;
};

/** What is wrong with an entry as the build would see it, in the build's words; empty when it would pass. */
export async function problemsOf(path: string, data: Record<string, unknown>, facts: Facts): Promise<string[]> {
  const rel = path.replace(/^content\//, '');
  // Every path the editor saves is one classify knows (its collections are made from them, cms-config.ts).
  const schema = classify(rel)?.schema;
  const validate = schema ? validators[schema] : undefined;
  if (!schema || !validate) return [];
  const { body: _body, ...fields } = data;
  // As the file will be written: fields left empty are left out (generator/admin/keep-layout.ts).
  const checked = withoutEmpty(rel.endsWith('.md') ? fields : data);
  const { value, problems } = resolvePlaceholders(checked, facts);
  if (problems.length) return problems.map((p) => `${path} ${p}`);
  const schemaProblems = validate(value) ? [] : describeProblems(validate.errors ?? [], schemas, schema, value);
  // What a schema cannot say (generator/content/text.ts), where the schema has not refused the field already.
  const failed = new Set(schemaProblems.map((p) => p.split(' ')[0]));
  // The body is checked as the build checks the file's text: a control character pasted into it, or a body of
  // no words (content/load.ts), fails the build too.
  const md = rel.endsWith('.md');
  const words = md ? bodyWords(String(data.body ?? '')) : 0;
  const empty = typeof words === 'object' ? [{ pointer: '/body', error: words }] : [];
  const texts = [...textProblems(md ? { ...(value as object), body: data.body } : value), ...empty]
    .map(({ pointer, error }) => `${pointer || '/'} ${error.message}. ${error.hint}`)
    .filter((p) => !failed.has(p.split(' ')[0]));
  return [...schemaProblems, ...texts].map((p) => `${path} ${p}`);
}

// Under `site serve` the local backend checks every save with the whole build (with lines and the rules across
// files), so the browser leaves it to that; Decap uses the local backend only on these host names.
const local = ['localhost', '127.0.0.1'].includes(location.hostname);

export function registerChecks(facts: () => Promise<Facts>, references: () => Promise<ReferenceIndex | undefined>): void {
  CMS.registerEventListener({
    name: 'preSave',
    async handler({ entry }) {
      const path = entry.get('path');
      if (!path || local) return;
      const data = entry.get('data').toJS();
      let problems = await problemsOf(path, data, await facts());
      // Links and references are checked once the entry itself is right, as the build does.
      const index = problems.length ? undefined : await references();
      if (index) problems = crossProblems(index, path, data);
      // Decap stops the save on a thrown error and shows its message.
      if (problems.length) throw new Error(`Not saved: ${problems.join(' ')}`);
    },
  });
  // Decap deletes a published entry with a commit to the live branch, after this event: a deletion that would
  // leave others naming the entry is stopped here, naming them.
  CMS.registerEventListener({
    name: 'preUnpublish',
    async handler({ entry }) {
      const path = entry.get('path');
      if (!path || local) return;
      const index = await references();
      const refusal = index && deletionProblems(index, path);
      if (refusal) throw new Error(refusal);
    },
  });
}
