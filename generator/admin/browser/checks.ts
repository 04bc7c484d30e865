// Part of /admin/editor.js: the build's schema rules and placeholders, checked in the browser before the
// live editor commits anything. On the live site no server of ours sees a save (Decap commits from the browser),
// so this is what refuses a price without its dollar sign or a placeholder naming no fact, with the build's
// wording (file, field, what is wrong and the field's description), before a branch or pull request is made.
// The rules across files (links, references) run on the pull request's deploy preview: `site check`.
//
// `site:validators` is the schemas compiled by ajv at build time (standalone code, no ajv compiler here), with
// the schemas themselves for the fields' descriptions.
import { validators, schemas } from 'site:validators';
import { classify } from '../../content/sources.ts';
import { describeProblems, resolvePlaceholders, type Facts } from './rules.ts';
import { withoutEmpty } from '../keep-layout.ts';

interface EntryMap {
  get(key: 'path'): string | undefined;
  get(key: 'data'): { toJS(): Record<string, unknown> };
}

declare const CMS: {
  registerEventListener(listener: { name: 'preSave'; handler: (event: { entry: EntryMap }) => void | Promise<void> }): void;
};

/** What is wrong with an entry as the build would see it, in the build's words; empty when it would pass. */
export async function problemsOf(path: string, data: Record<string, unknown>, facts: Facts): Promise<string[]> {
  const rel = path.replace(/^content\//, '');
  const schema = classify(rel)?.schema ?? (typeof data.$schema === 'string' ? data.$schema.split('/').pop() : undefined);
  const validate = schema ? validators[schema] : undefined;
  if (!schema || !validate) return [];
  const { body: _body, ...fields } = data;
  // As the file will be written: fields left empty are left out (keep-layout.ts).
  const checked = withoutEmpty(rel.endsWith('.md') ? fields : data);
  const { value, problems } = resolvePlaceholders(checked, facts);
  if (problems.length) return problems.map((p) => `${path} ${p}`);
  if (validate(value)) return [];
  return describeProblems(validate.errors ?? [], schemas, schema, value).map((p) => `${path} ${p}`);
}

// Under `site serve` the local backend checks every save with the whole build (with lines and the rules across
// files), so the browser leaves it to that; Decap uses the local backend only on these host names.
const local = ['localhost', '127.0.0.1'].includes(location.hostname);

export function registerChecks(facts: () => Promise<Facts>): void {
  CMS.registerEventListener({
    name: 'preSave',
    async handler({ entry }) {
      const path = entry.get('path');
      if (!path || local) return;
      const problems = await problemsOf(path, entry.get('data').toJS(), await facts());
      // Decap stops the save on a thrown error and shows its message.
      if (problems.length) throw new Error(`Not saved: ${problems.join(' ')}`);
    },
  });
}
