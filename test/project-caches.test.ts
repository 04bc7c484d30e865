// What a process keeps in memory between builds (the dev server's) belongs to one project and to what is on
// disk. The compiled schema validators are kept in the project's .cache/schemas/ and reused while the schemas
// are the same; each is loaded from its file when first needed (a save in the editor checks one file). Those
// files may go while the process runs (`site build --clean` or `rm -rf .cache` in another terminal), and another
// project in the same process has a .cache/ of its own, and perhaps a form schema of its own.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { copyCode, fixture, type Fixture } from './helpers/project.ts';
import { resolveProject } from '../generator/project.ts';
import { schemaValidators } from '../generator/content/validate.ts';
import { TemplateContexts, compileTemplates } from '../generator/render/templates.ts';

const test = suite('project-caches');

/** A project whose schemas no other test compiles: their validators are loaded by this suite alone. */
function project(f: Fixture, tag: string) {
  const rel = 'content/schemas/plans.schema.json';
  f.write(rel, `${f.read(rel).trimEnd()}\n${' '.repeat(tag.length)}\n`);
  return resolveProject(f.root);
}

const valid = (validate: ((data: unknown) => boolean) | undefined, data: unknown) => {
  assert.ok(validate, 'a validator for plans.schema.json');
  return validate!(data);
};

test('the validators are found again after .cache/ is deleted while the process runs', async () => {
  const f = fixture();
  try {
    const site = project(f, 'deleted');
    const plans = f.json('content/plans.json');
    await schemaValidators(site);
    fs.rmSync(path.join(f.root, '.cache'), { recursive: true, force: true });
    assert.ok(valid((await schemaValidators(site)).validator('plans.schema.json'), plans));
  } finally {
    f.remove();
  }
});

test('another project with the same schemas uses validators of its own .cache/, not those of the first', async () => {
  const [a, b] = [fixture(), fixture()];
  try {
    const first = project(a, 'two roots');
    const second = project(b, 'two roots');
    const plans = b.json('content/plans.json');
    await schemaValidators(first);
    a.remove();
    assert.ok(valid((await schemaValidators(second)).validator('plans.schema.json'), plans));
    assert.ok(fs.readdirSync(path.join(b.root, '.cache', 'schemas')).some((name) => name.startsWith('plans-')));
  } finally {
    a.remove();
    b.remove();
  }
});

test("the dev server's templates for a second project are made from that project's form schema, not the first's", async () => {
  // Neither has templates of its own, so both use the generator's; the first has functions/ of its own, whose
  // form schema (built into the templates: the contact form checks what is typed) allows longer names.
  const [a, b] = [fixture(), fixture()];
  const [ca, cb] = [new TemplateContexts(), new TemplateContexts()];
  try {
    copyCode(a, ['functions']);
    a.write('functions/enquiry.schema.json', a.read('functions/enquiry.schema.json').replace('"maxLength": 100,', '"maxLength": 4321,'));
    const module = async (f: Fixture, contexts: TemplateContexts) => {
      const { hash } = await compileTemplates(resolveProject(f.root), { incremental: contexts });
      return fs.readFileSync(path.join(f.root, '.cache', 'templates', `templates-${hash}.cjs`), 'utf8');
    };
    assert.match(await module(a, ca), '4321');
    assert.not.match(await module(b, cb), '4321');
  } finally {
    await ca.dispose();
    await cb.dispose();
    a.remove();
    b.remove();
  }
});

test("one project's dev server closing disposes its own templates' esbuild context, not another project's", async () => {
  const [a, b] = [fixture(), fixture()];
  const [ca, cb] = [new TemplateContexts(), new TemplateContexts()];
  try {
    await compileTemplates(resolveProject(a.root), { incremental: ca });
    await compileTemplates(resolveProject(b.root), { incremental: cb });
    const kept = [...cb.byEntry.values()];
    await ca.dispose();
    assert.is(ca.byEntry.size, 0);
    assert.equal([...cb.byEntry.values()], kept);
    // The second project's context still compiles: esbuild refuses to rebuild a disposed one.
    await (await kept[0]).rebuild();
  } finally {
    await ca.dispose();
    await cb.dispose();
    a.remove();
    b.remove();
  }
});

test.run();
