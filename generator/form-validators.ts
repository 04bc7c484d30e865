// `virtual:enquiry-validators` for esbuild: the contact forms' rules as plain validation code, generated from
// functions/enquiry.schema.json by the same module the send-email function validates with. The islands
// bundle it for the browser; the templates resolve it too, since they render the form on the server.
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import { toolRoot, type Project } from './project.ts';
import { standaloneValidators } from '../functions/lib/validators.ts';

export function enquiryValidators(project: Project, target: 'browser' | 'node'): Plugin {
  return {
    name: 'enquiry-validators',
    setup(build) {
      build.onResolve({ filter: /^virtual:enquiry-validators$/ }, () => ({ path: 'enquiry-validators', namespace: 'virtual' }));
      build.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({ contents: enquiryValidatorsSource(project, target), loader: 'js', resolveDir: toolRoot }));
    },
  };
}

/**
 * The files a bundle was made from, from esbuild's metafile (relative to the project): its real source files, and
 * for the generated validators module the schema it is generated from and the code that generates it (so a
 * change to ajv's settings is not hidden by a cached bundle).
 */
export function sourceInputs(project: Project, metafile: Metafile): string[] {
  const inputs = Object.keys(metafile.inputs)
    .filter((p) => !/^[a-z-]+:/.test(p))
    .map((p) => path.resolve(project.root, p));
  if (fs.existsSync(enquirySchemaFile(project))) inputs.push(enquirySchemaFile(project));
  for (const code of [path.join(toolRoot, 'generator', 'form-validators.ts'), path.join(toolRoot, 'functions', 'lib', 'validators.ts')]) {
    if (fs.existsSync(code) && !inputs.includes(code)) inputs.push(code);
  }
  return inputs;
}

export function enquirySchemaFile(project: Project): string {
  return path.join(project.functions, 'enquiry.schema.json');
}

/** The module's code, for both form variants: `export const enquiry` and `export const message`. */
export function enquiryValidatorsSource(project: Project, target: 'browser' | 'node'): string {
  const schema = JSON.parse(fs.readFileSync(enquirySchemaFile(project), 'utf8'));
  return standaloneValidators(schema, { enquiry: 'enquiry.schema.json#/definitions/enquiry', message: 'enquiry.schema.json#/definitions/message' }, target);
}
