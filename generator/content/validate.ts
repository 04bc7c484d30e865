import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { BuildFailure, SiteError, framed, siteError, type ErrorCode, type ErrorParams } from '../errors.ts';
import { notAFile, packageVersion, relative, type Project } from '../project.ts';
import { parseJson, type SourceFile } from './load.ts';
import { textProblems } from './text.ts';
import { locate } from './locate.ts';
import { pointerKeys, resolveKeys } from './pointer.ts';
import { compiledFolder, writeCacheFile } from '../cache.ts';
import { explain, type SchemaNode } from './explain.ts';
import { factSources, followsFromFacts, resolveFacts } from './facts.ts';

// ajv and ajv-formats are CommonJS with a default export that esbuild and tsx see differently.
const require = createRequire(import.meta.url);

// Without ajv's optimising pass over the code it generates: compiling is quicker, the module a little larger, and
// the errors are the same.
const ajvOptions = { allErrors: true, strict: true, allowUnionTypes: true, code: { source: true, optimize: false } };

interface Compiled {
  key: string;
  /** The project's folder of compiled modules the validators are loaded from. */
  folder: string;
  /** The validator of a schema, by its file name; undefined for a name the schema folder does not hold. */
  validator: (name: string) => ValidateFunction | undefined;
  /** The schemas as JSON by file name, to find the description of a field that failed. */
  schemas: Map<string, { $id?: string }>;
}
let compiled: Compiled | undefined;

/**
 * Every schema (by file name) added to one ajv with the build's settings, `options` overriding some of them, and
 * a function giving the standalone code of the validators named in `refs` (export name to schema name). The
 * build and the editor's bundle (admin/admin-files.ts) both compile with it, so the same values pass and fail.
 */
export function standaloneCompiler(schemas: Map<string, { $id?: string }>, options: object = {}): (refs: Record<string, string>) => string {
  // ajv itself is loaded only to compile: a build whose schemas are unchanged needs only its small runtime.
  const Ajv = require('ajv').default as typeof import('ajv').default;
  const addFormats = require('ajv-formats').default as typeof import('ajv-formats').default;
  const standaloneCode = require('ajv/dist/standalone').default as (ajv: unknown, refs: Record<string, string>) => string;
  const ajv = new Ajv({ ...ajvOptions, ...options });
  addFormats(ajv, ['email', 'uri', 'date']);
  for (const [name, schema] of schemas) {
    try {
      ajv.addSchema(schema, schema.$id ?? name);
    } catch (error) {
      throw new InvalidSchema(name, error);
    }
  }
  return (refs) => {
    try {
      return standaloneCode(ajv, refs);
    } catch (error) {
      // Compiled one at a time (schemaValidators), a failure is that schema's: a $ref it makes that leads nowhere.
      throw new InvalidSchema(Object.values(refs).join(', '), error);
    }
  };
}

/** A schema ajv refuses, by file name, with ajv's reason. */
export class InvalidSchema extends Error {
  constructor(readonly schema: string, cause: unknown) {
    super((cause as Error).message.replace(/^schema is invalid: /, ''));
  }
}

/**
 * The validators of every schema in the project's schema folder. Compiling them is slow next to the rest of an
 * edit's build, so the compiled code is kept under .cache/schemas/, a module for each schema, named by the
 * schema and a hash of all the schemas and ajv's version, and required on later runs when first needed: a build
 * that checks one edited post loads the posts' validator only. Within a process they are compiled again only
 * when a schema changes. CommonJS modules, which Node's compile cache keeps compiled between runs.
 */
export async function schemaValidators(project: Project): Promise<Compiled> {
  const names = fs.readdirSync(project.schemas).filter((n) => n.endsWith('.schema.json')).sort();
  const unreadable = names.map((n) => path.join(project.schemas, n)).flatMap((abs) => notAFile(abs, relative(project, abs)) ?? []);
  if (unreadable.length) throw new BuildFailure('content', unreadable);
  const texts = names.map((n) => fs.readFileSync(path.join(project.schemas, n), 'utf8'));
  const hash = createHash('sha256').update(`ajv@${packageVersion('ajv')} ajv-formats@${packageVersion('ajv-formats')} ${JSON.stringify(ajvOptions)}\0`);
  names.forEach((n, i) => hash.update(`${n}\0${texts[i]}\0`));
  const key = hash.digest('hex').slice(0, 20);
  // common.schema.json holds only definitions the others refer to.
  const validated = new Set(names.filter((n) => n !== 'common.schema.json'));
  const folder = compiledFolder(project, 'schemas');
  const moduleOf = (name: string) => path.join(folder, `${name.replace(/\.schema\.json$/, '')}-${key}.cjs`);
  const written = [...validated].every((n) => fs.existsSync(moduleOf(n)));
  // Each validator is loaded from its module when first needed, so those kept serve only while their modules are
  // there: in this project's .cache/ (another project has its own), not deleted since (`site build --clean`).
  if (written && compiled?.key === key && compiled.folder === folder) return compiled;
  // A schema that is not JSON, not an object, or one ajv refuses is named, as a content file would be.
  const fileOf = (name: string) => relative(project, path.join(project.schemas, name));
  const invalid = (name: string, problem: string) => siteError('CONTENT_SCHEMA_INVALID', { problem }, { file: fileOf(name) });
  const parsed = names.map((n, i) => parseJson(fileOf(n), texts[i]));
  const broken = parsed.flatMap((p, i) =>
    p instanceof SiteError ? p : p.data === null || typeof p.data !== 'object' || Array.isArray(p.data) ? invalid(names[i], `it holds ${Array.isArray(p.data) ? 'an array' : p.data === null ? 'null' : `a ${typeof p.data}`}, not an object`) : [],
  );
  if (broken.length) throw new BuildFailure('content', broken);
  const schemas = new Map(names.map((n, i) => [n, (parsed[i] as { data: { $id?: string } }).data]));

  if (!written) {
    try {
      const compile = standaloneCompiler(schemas);
      // Each module requires ajv's runtime helpers from the package, which resolves from .cache/ as from the generator.
      for (const name of validated) writeCacheFile(moduleOf(name), compile({ v: name }));
    } catch (error) {
      if (!(error instanceof InvalidSchema)) throw error;
      throw new BuildFailure('content', [invalid(error.schema, error.message)]);
    }
  }
  // Node keeps each module once required.
  const validator = (name: string) => (validated.has(name) ? (require(moduleOf(name)) as { v: ValidateFunction }).v : undefined);
  compiled = { key, folder, validator, schemas };
  return compiled;
}

/**
 * Results by file, for the compiled validators they came from. The dev server hands the same SourceFile
 * objects to every build while their files are unchanged, so a rebuild checks only what was edited.
 */
let checked: { key: string; results: WeakMap<SourceFile, SiteError[]> } | undefined;

/**
 * `passed`: what the last successful build validated, the validators' key and which files are as that build
 * read them. Those files passed these very validators then, so they are not checked again.
 */
export async function validateContent(project: Project, files: SourceFile[], passed?: { key: string; files: (file: SourceFile) => boolean }): Promise<{ errors: SiteError[]; key: string }> {
  const compiled = await schemaValidators(project);
  if (checked?.key !== compiled.key) checked = { key: compiled.key, results: new WeakMap() };
  const trusted = passed?.key === compiled.key ? passed.files : undefined;
  const errors: SiteError[] = [];
  for (const file of files) {
    if (trusted?.(file)) continue;
    let result = checked.results.get(file);
    if (!result) checked.results.set(file, (result = validateFile(file, compiled)));
    errors.push(...result);
  }
  return { errors, key: compiled.key };
}

/** Checks a file against its schema, and that a JSON file names that schema in "$schema". */
function validateFile(file: SourceFile, { validator, schemas }: Compiled): SiteError[] {
  const validate = validator(file.source.schema);
  if (!validate) {
    return [siteError('CONTENT_SCHEMA_MISSING', { schema: file.source.schema }, { file: file.path })];
  }
  const errors: SiteError[] = [];
  if (!file.rel.endsWith('.md')) {
    const expected = path.posix.relative(path.posix.dirname(file.rel), `schemas/${file.source.schema}`);
    const named = (file.data as { $schema?: unknown } | null)?.$schema;
    const wanted = expected.startsWith('.') ? expected : `./${expected}`;
    if (named !== wanted && named !== expected) {
      errors.push(
        named === undefined
          ? at(file, 'CONTENT_SCHEMA_REFERENCE', { wanted }, '')
          : at(file, 'CONTENT_WRONG_SCHEMA', { named: JSON.stringify(named), wanted }, '/$schema'),
      );
    }
  }
  if (!validate(file.data)) errors.push(...describe(file, validate.errors ?? [], schemas, file.source.schema));
  // A text whose form the schema has refused already is not reported twice.
  for (const { pointer, error } of textProblems(file.data)) {
    if (!errors.some((s) => s.pointer === pointer)) errors.push(Object.assign(error, { ...framed(file.path, file.text, locate(file, pointer)), pointer }));
  }
  return errors;
}

/** A SiteError placed at a pointer of a file, with a code frame. */
export function at<C extends ErrorCode>(file: SourceFile, code: C, params: ErrorParams<C>, pointer: string, key = false): SiteError {
  return siteError(code, params, { ...framed(file.path, file.text, locate(file, pointer, key)), pointer });
}

function describe(file: SourceFile, problems: ErrorObject[], schemas: Map<string, unknown>, schemaName: string): SiteError[] {
  // By place and wording: a problem ajv reports twice is told once.
  const out = new Map<string, SiteError>();
  for (const problem of problems) {
    // The schema object holding the keyword that failed: #/properties/a/pattern -> the schema of a.
    const [schemaFile, fragment = ''] = problem.schemaPath.split('#');
    const schema = resolveKeys(schemas.get(schemaFile || schemaName), pointerKeys(fragment).slice(0, -1)) as SchemaNode | undefined;
    const { pointer, message, hint, key } = explain(problem, schema, resolveKeys(file.data, pointerKeys(problem.instancePath)));
    const id = `${pointer} ${message}`;
    if (out.has(id)) continue;
    // A field the schema does not describe still gets a hint: where its rule is written.
    const description = hint ?? `The rule is in content/schemas/${schemaFile || schemaName}.`;
    out.set(id, at(file, 'CONTENT_SCHEMA', { problem: message, description }, pointer || '/', key));
  }
  return [...out.values()];
}

/**
 * What a build would find wrong in the files at `paths` (every file when not given), among `files` (the content
 * as it would be): their placeholders resolved against the facts, then their schemas. The fact files are
 * validated too, so that a problem following from a broken fact file is left to that file, as the build leaves
 * it. `loadErrors`: those of the files that did not load.
 */
export async function ownProblems(project: Project, files: SourceFile[], paths: ReadonlySet<string> | undefined, loadErrors: SiteError[]): Promise<SiteError[]> {
  const resolved = resolveFacts(files);
  const factPaths = new Set(Object.values(factSources).map((rel) => `content/${rel}`));
  const validation = (await validateContent(project, paths ? resolved.files.filter((f) => paths.has(f.path) || factPaths.has(f.path)) : resolved.files)).errors;
  const followOn = followsFromFacts(files, resolved, [...loadErrors, ...validation]);
  return [...resolved.errors, ...validation].filter((e) => (!paths || (e.file !== undefined && paths.has(e.file))) && !followOn(e));
}
