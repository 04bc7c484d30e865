// The content editor's configuration, generated from content/schemas/: widgets by type, what carries over,
// references resolved, any schema (not only the known ones) mapped, and the same bytes every time.
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cmsConfig, cmsConfigYaml } from '../generator/admin/cms-config.ts';
import { adminPage } from '../generator/admin/admin-files.ts';
import { resolveProject } from '../generator/project.ts';
import { fixture, repoRoot } from './helpers/project.ts';
import type { Field } from '../generator/admin/schema-fields.ts';
import { describeProblems, resolvePlaceholders } from '../islands/admin/rules.ts';
import { referenceIndex, usesOf } from '../generator/admin/references.ts';
import { crossProblems, deletionProblems } from '../islands/admin/cross.ts';
import { loadContent } from '../generator/content/load.ts';
import { factNames, factTree, resolveFacts } from '../generator/content/facts.ts';
import { buildModel } from '../generator/content/model.ts';
import { routes } from '../generator/routes.ts';
import { linkableAddresses } from '../generator/content/cross-check.ts';

const test = suite('editor config');

type Collection = { name: string; label: string; folder?: string; format: string; fields?: Field[]; files?: { name: string; label: string; file: string; fields: Field[] }[] };
const collectionsOf = (config: Record<string, unknown>) => config.collections as Collection[];
const real = cmsConfig(resolveProject(repoRoot), { editor: { backend: 'github', repo: 'example/site', branch: 'main' }, baseUrl: 'https://www.example.com' });
const collection = (name: string, config = real) => collectionsOf(config).find((c) => c.name === name)!;
const field = (fields: Field[], name: string) => fields.find((f) => f.name === name)!;

test('one collection per folder of like files, one files collection per folder of different files', () => {
  assert.equal(
    collectionsOf(real).map((c) => [c.name, c.label]),
    [['settings', 'Business and settings'], ['blog', 'Blog posts'], ['cities', 'Cities'], ['services', 'Services'], ['languages', 'Languages'], ['pages', 'Page copy'], ['pages-md', 'Long pages']],
  );
  assert.is(collection('cities').folder, 'content/cities');
  assert.ok(collection('settings').files!.some((f) => f.file === 'content/plans.json' && f.label === 'Plans and prices'));
  assert.ok(collection('pages').files!.some((f) => f.file === 'content/pages/home.json'));
});

test('enum becomes a select, an array of objects a list, a nested object an object, a number a number', () => {
  const city = collection('cities').fields!;
  assert.equal(field(city, 'state'), { label: 'State', name: 'state', widget: 'select', hint: "Used on each city's page.", options: ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] });
  assert.is(field(city, 'coordinates').widget, 'object');
  assert.equal(((field(city, 'coordinates').fields as Field[]).map((f) => [f.name, f.widget, f.value_type, f.min, f.max])), [['latitude', 'number', 'float', -44, -9], ['longitude', 'number', 'float', 112, 154]]);
  assert.is(field(city, 'order').value_type, 'int');
  const plans = collection('settings').files!.find((f) => f.name === 'plans')!.fields;
  const list = field(plans, 'plans');
  assert.is(list.widget, 'list');
  assert.is(list.summary, '{{fields.name}}');
  assert.equal((list.fields as Field[]).map((f) => f.name), ['id', 'name', 'price', 'priceNote', 'timeframe', 'description', 'features', 'recommended', 'badge']);
});

test('a select whose values read as code offers them in words and stores the value; the build takes the same values', () => {
  const language = collection('languages').fields!;
  assert.equal(field(language, 'direction').options, [
    { label: 'Left to right (most languages)', value: 'ltr' },
    { label: 'Right to left (Arabic, Persian, Hebrew, Urdu …)', value: 'rtl' },
  ]);
  assert.equal((field(language, 'heroSet').options as { label: string }[]).map((o) => o.label), ['Asian', 'European', 'Arabic', 'Indian', 'African']);
  // Every select offers exactly the schema's values, whatever it shows: none reads as code unless it has no words.
  const schemas = new Map(fs.readdirSync(path.join(repoRoot, 'content/schemas')).map((n) => [n, JSON.parse(fs.readFileSync(path.join(repoRoot, 'content/schemas', n), 'utf8'))]));
  const enumOf = (schema: string, ...keys: string[]) => keys.reduce((node, key) => node[key], schemas.get(schema)).enum as string[];
  const values = (f: Field) => (f.options as (string | { value: string })[]).map((o) => (typeof o === 'string' ? o : o.value));
  assert.equal(values(field(language, 'direction')), enumOf('language.schema.json', 'properties', 'direction'));
  assert.equal(values(field(language, 'heroSet')), enumOf('language.schema.json', 'properties', 'heroSet'));
  assert.equal(values(field(language, 'naatiCredential')), enumOf('language.schema.json', 'properties', 'naatiCredential'));
  const selects: Field[] = [];
  const walk = (fields: Field[]) => fields.forEach((f) => (f.widget === 'select' && f.name !== 'icon' && selects.push(f), Array.isArray(f.fields) && walk(f.fields as Field[]), f.field && walk([f.field as Field])));
  for (const c of collectionsOf(real)) [c.fields ?? [], ...(c.files ?? []).map((f) => f.fields)].forEach(walk);
  const codeLike = selects.flatMap((f) => (f.options as (string | { label: string })[]).filter((o) => typeof o === 'string' && /^[a-z]+(-[a-z]+)*$/.test(o) && !['in', 'on'].includes(o)).map((o) => `${f.name}: ${o}`));
  assert.equal(codeLike, [], 'select options that read as code');
});

test('plans are chosen by the names plans.json gives them, and stored by id: a service\'s plans and a plan\'s identifier', () => {
  const plans = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'content/plans.json'), 'utf8')) as { plans: { id: string; name: string }[] }).plans;
  const expected = plans.map((p) => ({ label: p.name, value: p.id }));
  assert.ok(expected.length >= 2 && expected.every((o) => o.label !== o.value), JSON.stringify(expected));
  const pricing = field(collection('services').fields!, 'pricing').fields as Field[];
  assert.equal(field(pricing, 'plans').options, expected);
  const planFields = field(collection('settings').files!.find((f) => f.name === 'plans')!.fields, 'plans').fields as Field[];
  assert.equal(field(planFields, 'id').options, expected);
  // What the identifier is for, in words: how the rest of the site refers to the plan.
  assert.match(field(planFields, 'id').hint!, /how the rest of the site refers to this plan/);
  // Read from the content at build time: a plan renamed there is offered by its new name.
  const f = fixture();
  try {
    const file = path.join(f.root, 'content/plans.json');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(`"name": "${plans[0].name}"`, '"name": "Renamed plan"'));
    const renamed = cmsConfig(resolveProject(f.root), {});
    const options = field(field(collection('services', renamed).fields!, 'pricing').fields as Field[], 'plans').options as { label: string; value: string }[];
    assert.equal(options[0], { label: 'Renamed plan', value: plans[0].id });
  } finally {
    f.remove();
  }
});

test('required, descriptions (as hints) and references carry over', () => {
  const city = collection('cities').fields!;
  const population = field(city, 'population');
  assert.is(population.widget, 'string');
  assert.is(population.required, undefined, 'required fields stay required (Decap’s default)');
  assert.match(population.hint!, /5\.3 million/);
  assert.is(field(city, 'tagline').required, false);
  // name is a $ref to common.schema.json#/definitions/text: resolved, without that definition's generic
  // description ("Plain text shown on the site.", which says nothing about the field, and is not even true of
  // search keywords).
  assert.equal(field(city, 'name'), { label: 'Name', name: 'name', widget: 'string', hint: "Shown on each city's page." });
  const hints = JSON.stringify(real);
  assert.not.ok(hints.includes('Plain text shown on the site.'));
  assert.equal(field(city, '$schema'), { label: 'Schema', name: '$schema', widget: 'hidden', default: '../schemas/city.schema.json' });
});

test('a blog post is front matter from the blog schema plus a Markdown body; images use the image widget under assets/images/', () => {
  const blog = collection('blog');
  assert.is(blog.format, 'site-md');
  const fields = blog.fields!;
  assert.equal(fields.map((f) => f.name), ['draft', 'title', 'excerpt', 'date', 'updated', 'author', 'category', 'image', 'icon', 'featured', 'seo', 'body']);
  assert.is(field(fields, 'body').widget, 'markdown');
  assert.equal(field(fields, 'category').options, ['Immigration', 'Legal', 'Education', 'Translation', 'Business']);
  const src = field(field(fields, 'image').fields as Field[], 'src');
  // No folder of its own: every image field uses the one media library, assets/images/ (the Media tab's too).
  assert.equal([src.widget, src.media_folder, src.public_folder], ['image', undefined, undefined]);
  assert.equal([real.media_folder, real.public_folder], ['assets/images', '']);
});

test('widgets for staff: a dd/mm/yyyy date picker, languages from the language files, icons from Lucide, labels in words', () => {
  const blog = collection('blog').fields!;
  assert.equal(field(blog, 'date'), { ...field(blog, 'date'), widget: 'datetime', format: 'DD/MM/YYYY', date_format: 'DD/MM/YYYY', time_format: false });
  assert.is(field(blog, 'updated').default, '', 'an optional date starts empty, not as today');
  const icon = field(blog, 'icon');
  assert.is(icon.widget, 'select');
  assert.ok((icon.options as string[]).includes('heart-handshake') && (icon.options as string[]).length > 1000);
  const languages = field(collection('cities').fields!, 'languages');
  assert.equal([languages.widget, languages.collection, languages.value_field, languages.multiple, languages.min, languages.max], ['relation', 'languages', 'code', true, 10, 10]);
  const image = field(blog, 'image').fields as Field[];
  assert.equal(image.map((f) => f.label), ['Picture', 'Picture description (alt text)']);
  assert.is(field(blog, 'seo').label, 'Search engine listing');
  const site = collection('settings').files!.find((f) => f.name === 'site')!.fields;
  assert.is(field(field(site, 'phone').fields as Field[], 'e164').label, 'Phone number in international form');
  assert.is(field(site, 'abn').label, 'ABN (Australian Business Number)');
  // Developer settings are kept out of the form (hidden, their values kept as they are).
  for (const name of ['baseUrl', 'integrations', 'editor']) assert.is(field(site, name).widget, 'hidden', name);
  const labels = collectionsOf(real).flatMap((c) => (c.files ?? []).map((f) => f.label));
  assert.is(labels.filter((l) => /frequently asked questions/i.test(l)).length, 1, 'one entry is called Frequently asked questions');
  assert.ok(labels.includes('Live chat setup guide'));
});

test('drafts and review, ASCII file names, View Live to the entry\'s page', () => {
  assert.is(real.publish_mode, 'editorial_workflow');
  assert.equal(real.slug, { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' });
  assert.is((collection('blog') as unknown as { preview_path: string }).preview_path, 'blog/{{slug}}');
  assert.is((collection('cities') as unknown as { preview_path: string }).preview_path, 'cities/{{slug}}');
});

test('the browser\'s rules: placeholders resolved as the build does, one naming no fact refused, a failed rule in the build\'s words', () => {
  const facts = { 'plans.extract.price': '$59.95', 'facts.hours.short': 'Mon–Fri {{facts.hours.times}}', 'facts.hours.times': '9am–5pm' };
  const { value, problems } = resolvePlaceholders({ a: 'From {{plans.extract.price}}', b: ['{{facts.hours.short}}', '{{verbatim: AUD $40}}'], c: '{{plans.nope.price}}' }, facts);
  assert.equal(value, { a: 'From $59.95', b: ['Mon–Fri 9am–5pm', 'AUD $40'], c: '{{plans.nope.price}}' });
  assert.equal(problems, ['/c {{plans.nope.price}} names no fact. Use a name the fact picker offers, or add the fact to content/facts.json.']);
  const schemas = { 'x.schema.json': { properties: { price: { type: 'string', pattern: '^\\$', description: 'A price in Australian dollars, such as $44.95.' } }, required: ['name'] } };
  const errors = [
    { keyword: 'pattern', instancePath: '/price', schemaPath: '#/properties/price/pattern', params: { pattern: '^\\$' } },
    { keyword: 'required', instancePath: '', schemaPath: '#/required', params: { missingProperty: 'name' } },
  ];
  assert.equal(describeProblems(errors, schemas, 'x.schema.json', { price: '44.95' }), ['/price "44.95" does not have the expected form. A price in Australian dollars, such as $44.95.', '/name is required but missing.']);
});

test('the backend comes from site.json: GitHub, signed in through Netlify\'s OAuth provider unless another is named', () => {
  assert.equal(real.backend, { name: 'github', repo: 'example/site', branch: 'main', base_url: 'https://api.netlify.com', auth_endpoint: 'auth' });
  const own = cmsConfig(resolveProject(repoRoot), { editor: { backend: 'github', repo: 'a/b', branch: 'live', authUrl: 'https://auth.example.com' } });
  assert.equal(own.backend, { name: 'github', repo: 'a/b', branch: 'live', base_url: 'https://auth.example.com', auth_endpoint: 'auth' });
});

test('the editor page is in the site\'s language, its locale in site.json', () => {
  assert.match(adminPage('Site', 'en-NZ'), /<html lang="en-NZ">/);
});

test('Netlify Identity and Git Gateway, deprecated by Netlify, are gone: no widget on the editor page, and site.json cannot ask for them', () => {
  assert.not.match(adminPage('Site', 'en-AU'), /identity/);
  assert.match(adminPage('Site', 'en-AU'), /<script src="\/admin\/decap-cms\.js"><\/script>/);
  const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, 'content/schemas/site.schema.json'), 'utf8'));
  assert.equal(schema.properties.editor.properties.backend.enum, ['github']);
});

test('any schema maps: a schema, rewritten, appears with every kind of field, and Business facts has its label', () => {
  const f = fixture({
    'content/schemas/testimonials.schema.json': JSON.stringify({
      $id: 'testimonials.schema.json',
      title: 'Opening times',
      type: 'object',
      required: ['kind', 'slots'],
      properties: {
        $schema: { type: 'string' },
        kind: { enum: ['weekday', 'weekend'], description: 'Which days.' },
        slots: { type: 'array', items: { type: 'object', required: ['from'], properties: { from: { type: 'string' }, staffed: { type: 'boolean', default: true } } } },
        where: { type: 'object', properties: { city: { $ref: 'common.schema.json#/definitions/text' } } },
        banner: { $ref: 'common.schema.json#/definitions/image' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    }),
    'content/schemas/facts.schema.json': JSON.stringify({ $id: 'facts.schema.json', title: 'Facts', type: 'object', properties: { $schema: { type: 'string' }, price: { $ref: 'common.schema.json#/definitions/price' } } }),
    'content/facts.json': JSON.stringify({ $schema: './schemas/facts.schema.json', price: '$44.95' }),
  });
  try {
    const config = cmsConfig(resolveProject(f.root), {});
    const files = collection('settings', config).files!;
    assert.equal(files.slice(0, 2).map((e) => [e.label, e.file]), [['Business facts', 'content/facts.json'], ['Plans and prices', 'content/plans.json']]);
    const added = files.find((e) => e.file === 'content/testimonials.json')!;
    assert.is(added.label, 'Testimonials');
    const fields = added.fields;
    assert.equal(fields.map((x) => [x.name, x.widget]), [['$schema', 'hidden'], ['kind', 'select'], ['slots', 'list'], ['where', 'object'], ['banner', 'object'], ['tags', 'list']]);
    assert.is(field(fields, 'kind').hint, 'Which days.');
    assert.equal(field(field(fields, 'slots').fields as Field[], 'staffed'), { label: 'Staffed', name: 'staffed', widget: 'boolean', required: false, default: true, hint: 'Used on the Home page, under Slots.' });
    assert.is(field(field(fields, 'where').fields as Field[], 'city').widget, 'string');
    assert.is(field(field(fields, 'banner').fields as Field[], 'src').widget, 'image');
    assert.equal(field(fields, 'tags'), { label: 'Tags', name: 'tags', widget: 'list', required: false, hint: 'Shown on the Home page.', label_singular: 'Tag', collapsed: false, field: { label: 'Tag', name: 'tag', widget: 'string' } });
  } finally {
    f.remove();
  }
});

test('a field added to a schema appears in the editor with no other change', () => {
  const f = fixture();
  try {
    f.editJson('content/schemas/city.schema.json', (schema) => {
      schema.properties.airport = { type: 'string', description: 'The nearest international airport.' };
    });
    const fields = collection('cities', cmsConfig(resolveProject(f.root), {})).fields!;
    assert.equal(field(fields, 'airport'), { label: 'Airport', name: 'airport', widget: 'string', required: false, hint: 'The nearest international airport.' });
  } finally {
    f.remove();
  }
});

test('a property the editor cannot show is named with its file and place, and hidden with its value kept', () => {
  const f = fixture();
  try {
    f.editJson('content/schemas/city.schema.json', (schema) => {
      schema.properties.extra = { type: 'object' };
    });
    const headline = 'content/schemas/city.schema.json /properties/extra is an object without "properties": the editor cannot show a form for it';
    try {
      cmsConfig(resolveProject(f.root), {});
      assert.unreachable('should have thrown');
    } catch (error) {
      const problems = (error as { problems?: { headline: string }[] }).problems ?? [];
      assert.equal(problems.map((p) => p.headline), [headline]);
    }
    // As a build runs it: a warning, and the rest of the editor still works.
    const warned: string[] = [];
    const fields = collection('cities', cmsConfig(resolveProject(f.root), {}, (p) => warned.push(p.headline))).fields!;
    assert.equal(warned, [headline]);
    assert.equal(field(fields, 'extra'), { label: 'Extra', name: 'extra', widget: 'hidden', required: false });
    assert.is(field(fields, 'population').widget, 'string');
  } finally {
    f.remove();
  }
});

test('the generated config.yml is the same bytes every time', () => {
  const again = cmsConfig(resolveProject(repoRoot), { editor: { backend: 'github', repo: 'example/site', branch: 'main' }, baseUrl: 'https://www.example.com' });
  assert.is(cmsConfigYaml(again), cmsConfigYaml(real));
  assert.match(cmsConfigYaml(real), /^# Generated by `site build` from content\/schemas\/: edit the schemas, not this file\.\nbackend:\n {2}name: "github"\n/);
});

/** The keys of one [table] of a TOML file (flat string values only, as netlify.toml's contexts are). */
function tomlTable(text: string, table: string): Record<string, string> {
  const out: Record<string, string> = {};
  let inside = false;
  for (const line of text.split('\n').map((l) => l.replace(/#.*$/, '').trim())) {
    if (/^\[/.test(line)) inside = line === `[${table}]`;
    else if (inside && line) {
      const [, key, value] = /^([\w.-]+)\s*=\s*"([^"]*)"$/.exec(line) ?? [];
      if (key) out[key] = value;
    }
  }
  return out;
}

test('every deploy preview (the editor\'s drafts in review too) builds and then runs site check, so a failed check fails the pull request', () => {
  const toml = fs.readFileSync(path.join(repoRoot, 'netlify.toml'), 'utf8');
  const command = tomlTable(toml, 'context.deploy-preview').command;
  assert.ok(command, 'netlify.toml has [context.deploy-preview] command');
  // Each step must run, in order, and a failure stop the command: joined by &&.
  const steps = command.split('&&').map((s) => s.trim());
  const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const run = steps.map((step) => {
    const name = /^npm run ([\w:-]+)$/.exec(step)?.[1];
    assert.ok(name && scripts[name], `${step} is an npm script of package.json`);
    return scripts[name!];
  });
  assert.equal(run, [scripts.build, scripts.check]);
  assert.match(scripts.build, /bin\/site\.js build$/);
  assert.match(scripts.check, /bin\/site\.js check$/);
  // Production deploys keep the plain build.
  assert.is(tomlTable(toml, 'build').command, 'npm run build');
});

/** Every field staff see, with where it is, its label and its hint (and whether its list carries the hint). */
function visibleFields(config: Record<string, unknown>): { where: string; label: string; hint?: string; listHinted: boolean }[] {
  const out: { where: string; label: string; hint?: string; listHinted: boolean }[] = [];
  const walk = (fields: Field[], where: string, listHinted = false) => {
    for (const f of fields) {
      if (f.widget === 'hidden') continue;
      out.push({ where: `${where} > ${f.name}`, label: f.label, hint: f.hint, listHinted });
      if (Array.isArray(f.fields)) walk(f.fields as Field[], `${where} > ${f.name}`);
      if (f.field) walk([f.field as Field], `${where} > ${f.name}`, !!f.hint);
    }
  };
  for (const c of collectionsOf(config)) {
    if (c.fields) walk(c.fields, c.name);
    for (const file of c.files ?? []) walk(file.fields, `${c.name}/${file.name}`);
  }
  return out;
}

// Labels as a field name reads in code: an abbreviation in the wrong case, a flag's "Is …", a word in camelCase.
const codeWords = new Set(['Src', 'Alt', 'Seo', 'E164', 'Abn', 'Sku', 'Nz', 'Nsw', 'Qld', 'Vic', 'Wa', 'Gst', 'Naati', 'Url', 'Cta', 'Faq', 'Tawkto', 'Id', 'src', 'seo', 'cta', 'nsw', 'url', 'e164', 'tawkto', 'sku', 'abn']);
const developerLabel = { test: (label: string) => /^Is [a-z]/.test(label) || /\b[a-z]+[A-Z]/.test(label) || label.split(/[^A-Za-z0-9]+/).some((w) => codeWords.has(w)) };
const genericHints = ['Plain text shown on the site.', 'Paragraphs of plain text, one string each.', 'A value.', 'Text.'];

test('every label is written for staff, and every field has a hint of its own (none generic)', () => {
  const fields = visibleFields(real);
  assert.ok(fields.length > 400, `${fields.length} fields`);
  const developer = fields.filter((f) => developerLabel.test(f.label)).map((f) => `${f.where}: ${f.label}`);
  assert.equal(developer, [], 'labels that read as code');
  const generic = fields.filter((f) => f.hint && genericHints.includes(f.hint)).map((f) => `${f.where}: ${f.hint}`);
  assert.equal(generic, [], 'generic hints');
  // A single value in a list (one keyword of several) is explained by its list's hint.
  const bare = fields.filter((f) => !f.hint && !f.listHinted).map((f) => f.where);
  assert.equal(bare, [], 'fields without a hint');
  const labels = collectionsOf(real).flatMap((c) => [c.label, ...(c.files ?? []).map((f) => f.label)]);
  assert.equal(labels.filter((l, i) => labels.indexOf(l) !== i), [], 'two collections or entries share a name');
});

test('a hint of no description of its own says where on the site the field shows, or the placeholder that quotes it, never an editor entry', () => {
  const fields = visibleFields(real);
  // The place a "Shown …" hint names, before the sections within it.
  const places = fields.flatMap((f) => (f.hint?.startsWith('Shown ') ? [{ ...f, place: f.hint.slice('Shown '.length).split(', under ')[0].replace(/\.$/, '') }] : []));
  assert.ok(places.length > 300, `${places.length} hints name a place`);
  // The settings files and the groups of files are the editor's own entries, not places on the site ("Site settings").
  const entries = collectionsOf(real).flatMap((c) => (['settings', 'pages', 'pages-md'].includes(c.name) ? [c.label, ...(c.name === 'settings' ? c.files!.map((f) => f.label) : [])] : []));
  assert.ok(entries.includes('Site settings') && entries.includes('Business facts'), entries.join(', '));
  const named = places.filter((f) => entries.some((e) => new RegExp(`\\b${e}\\b`).test(f.place))).map((f) => `${f.where}: ${f.hint}`);
  assert.equal(named, [], 'hints that name an editor entry as a place');
  const hint = (where: string) => fields.find((f) => f.where === where)?.hint;
  assert.is(hint('pages/cities > cityPage > onlineNotice > heading'), "Shown on each city's page, under Online notice.");
  assert.is(hint('pages/languages > languagePage > cta > heading'), "Shown on each language's page, under Button.");
  assert.is(hint('pages/blog > article > backLink'), "Shown on each blog post's page.");
  assert.is(hint('pages/faq > hero > heading'), 'Shown on the FAQ page, under Hero.');
  assert.is(hint('pages-md > title'), 'Shown on this page.');
  assert.is(hint('settings/navigation > footer > columns > title'), 'Shown in the header and footer of every page, under Footer › Columns.');
  // A fact file's field names the placeholder that quotes it, and that placeholder is one the build resolves.
  assert.is(hint('settings/facts > privacy > deletion'), "Quoted wherever the site's text writes {{facts.privacy.deletion}}.");
  const known = factNames(factTree(loadContent(resolveProject(repoRoot)).files));
  const quoted = fields.flatMap((f) => [...(f.hint ?? '').matchAll(/^Quoted wherever the site's text writes \{\{([^}]+)\}\}\.$/g)].map((m) => m[1]));
  assert.ok(quoted.length >= 15, `${quoted.length} placeholders named`);
  assert.equal(quoted.filter((name) => !known.has(name)), [], 'placeholders the build does not know');
  // A choice (a select, a list of picks or of languages, a switch) is not text on the page: its hint never says it
  // is shown there.
  const choices = new Set<string>();
  const walkChoices = (list: Field[], where: string) => {
    for (const f of list) {
      const here = `${where} > ${f.name}`;
      if (['select', 'relation', 'boolean'].includes(f.widget)) choices.add(here);
      if (Array.isArray(f.fields)) walkChoices(f.fields as Field[], here);
      if (f.field) walkChoices([f.field as Field], here);
    }
  };
  for (const c of collectionsOf(real)) [[c.name, c.fields ?? []] as const, ...(c.files ?? []).map((e) => [`${c.name}/${e.name}`, e.fields] as const)].forEach(([w, list]) => walkChoices(list, w));
  assert.ok(choices.size > 30, `${choices.size} choices`);
  const shownChoices = fields.filter((f) => choices.has(f.where) && /^Shown\b/.test(f.hint ?? '')).map((f) => `${f.where}: ${f.hint}`);
  assert.equal(shownChoices, [], 'choices whose hint says they are shown');
  assert.is(hint('settings/language-groups > groups > regions'), 'Which languages belong to this group: every language of the regions ticked here is listed under its tab.');
  // A page's copy whose entry carries a note for the editor ("Page not found (404)") is named as a place on the site.
  const noted = collection('pages').files!.map((e) => e.label).filter((l) => / \(.+\)$/.test(l));
  assert.ok(noted.includes('Page not found (404)'), noted.join(', '));
  assert.equal(fields.filter((f) => noted.some((l) => f.hint?.includes(l))).map((f) => `${f.where}: ${f.hint}`), [], 'hints that name a page by its entry');
  assert.is(hint('pages/not-found > heading'), 'Shown on the 404 page (for an address that does not exist).');
  // Nothing only a developer knows: a file name, a field's name in code, a command, a slug, a pattern's <part>.
  const developerWords = (hint: string) => {
    const text = hint.replace(/\{\{[^}]*\}\}/g, '');
    return /\.json\b|`|<[a-z]+>|\b[a-z]+[A-Z][a-z]+/.test(text) || /\bslugs?\b/i.test(text);
  };
  assert.ok(['plans.json holds it', '`site check` warns', 'marked naatiCredential', 'Slugs of related services', '/blog/category/<category>'].every(developerWords));
  const jargon = fields.filter((f) => developerWords(f.hint ?? '')).map((f) => `${f.where}: ${f.hint}`);
  assert.equal(jargon, [], 'hints that name what only a developer knows');
  // Fields of the site settings that show in set places say where, in their own words.
  assert.match(hint('settings/site > address')!, /footer of every page and on the Contact page/);
  assert.match(hint('services > card > title')!, /Services menu/);
});

test('the check itself fails on the labels and hints staff were shown before', () => {
  for (const label of ['Src', 'Alt', 'Seo', 'E164', 'Abn', 'Sku', 'Is target', 'Nz', 'Tawkto setup', 'Nsw convert', 'Order cta']) assert.ok(developerLabel.test(label), label);
  for (const label of ['Picture', 'New Zealand', 'NSW convert', 'Language we translate into', 'Live chat setup guide']) assert.not.ok(developerLabel.test(label), label);
  assert.ok(genericHints.includes('Plain text shown on the site.'));
});

/** The index the build writes into /admin/references.json, from the repository's content. */
function siteIndex() {
  const { files } = resolveFacts(loadContent(resolveProject(repoRoot)).files);
  const { pages, redirects } = routes(buildModel(files));
  return { files, index: referenceIndex(files, linkableAddresses(pages, redirects)) };
}

test('View Live opens the entry\'s own page: each collection\'s preview path, given an entry\'s slug, is the address the build gives that entry', () => {
  const { files } = resolveFacts(loadContent(resolveProject(repoRoot)).files);
  const addressOf = new Map<string, string>();
  for (const page of routes(buildModel(files)).pages) if (page.source && !addressOf.has(page.source)) addressOf.set(page.source, page.path);
  const folders = collectionsOf(real).filter((c) => c.folder) as (Collection & { extension: string; preview_path?: string })[];
  assert.equal(folders.map((c) => c.name), ['blog', 'cities', 'services', 'languages', 'pages-md']);
  for (const c of folders) {
    // Entries with a page of their own (English, the language translated into, has none).
    const entries = files.filter((f) => `content/${f.rel}`.startsWith(`${c.folder}/`) && f.rel.endsWith(`.${c.extension}`) && addressOf.has(`content/${f.rel}`));
    assert.ok(entries.length > 0, `${c.name} has entries with pages`);
    for (const entry of entries) {
      const slug = path.posix.basename(entry.rel).replace(/\.(json|md)$/, '');
      assert.is(`/${c.preview_path?.replace('{{slug}}', slug)}`, addressOf.get(`content/${entry.rel}`), `View Live of content/${entry.rel}`);
    }
  }
});

test('the index names the links in each Markdown body, from the links the content stage found, as from the body itself', () => {
  const { files, index } = siteIndex();
  const withLinks = files.filter((f) => f.rel.endsWith('.md') && f.links?.length);
  assert.ok(withLinks.length > 0, 'some Markdown file of the site links to a page');
  for (const file of withLinks) {
    const fromBody = usesOf(file.source, file.rel, file.data as Record<string, unknown>, file.body).filter(([, where]) => where === 'body');
    const inIndex = index.entries[`content/${file.rel}`].uses.filter(([, where]) => where === 'body');
    assert.equal(inIndex, fromBody, file.rel);
    assert.ok(inIndex.length > 0, file.rel);
  }
});

test('the live editor\'s checks across files: a link to no page and an unknown language code are refused in the build\'s words; a good save passes', () => {
  const { files, index } = siteIndex();
  const newcastle = files.find((f) => f.rel === 'cities/newcastle.json')!;
  const data = structuredClone(newcastle.data) as { languages: string[] };
  assert.equal(crossProblems(index, 'content/cities/newcastle.json', data), []);
  data.languages.push('xx');
  const [unknown] = crossProblems(index, 'content/cities/newcastle.json', data);
  assert.match(unknown, new RegExp(`^content/cities/newcastle.json /languages/${data.languages.length - 1} no language has the code "xx". Known codes: .*\\bsw\\b`));
  const post = files.find((f) => f.rel.startsWith('blog/'))!;
  const problems = crossProblems(index, `content/${post.rel}`, { ...(post.data as object), body: 'See [our prices](/pricing) and [this](/no-such-page).' });
  assert.equal(problems, [`content/${post.rel} /body links to /no-such-page, which is not a page of the site.`]);
});

test('the live editor refuses the links the build refuses: a relative one, read from the address of the page that shows it, and raw HTML <a href> in a JSON text', () => {
  const { files, index } = siteIndex();
  const post = files.find((f) => f.rel.startsWith('blog/'))!;
  const problems = crossProblems(index, `content/${post.rel}`, { ...(post.data as object), body: 'See [our prices](../pricing) and [these](pricng).' });
  assert.equal(problems, [`content/${post.rel} /body links to /blog/pricng, which is not a page of the site.`]);
  const newcastle = files.find((f) => f.rel === 'cities/newcastle.json')!;
  const data = structuredClone(newcastle.data) as { description: string[] };
  data.description[0] += ' Read <a href="/nowhere">more</a> or <a title="a > b" href="/pricing">our prices</a>.';
  data.description[1] += ' See [Sydney](sydney) and [our prices](pricng).';
  assert.equal(crossProblems(index, 'content/cities/newcastle.json', data), [
    'content/cities/newcastle.json /description/0 links to /nowhere, which is not a page of the site.',
    'content/cities/newcastle.json /description/1 links to /cities/pricng, which is not a page of the site.',
  ]);
  // A page copy's text is shown at its page's address, which for the chat guide is /admin/tawkto-setup.
  const guide = files.find((f) => f.rel === 'pages/tawkto-setup.json')!;
  assert.equal(crossProblems(index, 'content/pages/tawkto-setup.json', { ...(guide.data as object), text: 'See [the prices](../pricing) or [the FAQ](faq).' }), [
    'content/pages/tawkto-setup.json /text links to /admin/faq, which is not a page of the site.',
  ]);
});

test('the live editor refuses deleting a language a city uses, naming the city; and changing a service slug others name', () => {
  const { files, index } = siteIndex();
  const swahili = files.find((f) => f.source.kind === 'language' && (f.data as { code: string }).code === 'sw')!;
  const refusal = deletionProblems(index, `content/${swahili.rel}`)!;
  assert.match(refusal, /^Not deleted: .*content\/cities\/newcastle\.json.* still refer(s)? to content\/languages\/swahili\.json\. Change (it|them) first\./);
  assert.match(refusal, /content\/cities\/newcastle\.json \/languages\/\d+ names the language "sw"\.$/);
  // An entry nothing names goes.
  const post = files.find((f) => f.rel.startsWith('blog/') && !Object.values(index.entries).some((e) => e.uses.some(([k]) => k === `page:/blog/${f.rel.slice(5, -3)}`)))!;
  assert.is(deletionProblems(index, `content/${post.rel}`), undefined);
  // A language's code changed: the cities that name the old code are named.
  const changed = crossProblems(index, `content/${swahili.rel}`, { ...(swahili.data as object), code: 'sx' });
  assert.ok(changed.some((p) => p.startsWith('content/cities/newcastle.json /languages/') && /no language has the code "sw".*change content\/cities\/newcastle.json first/.test(p)), changed.join('\n'));
});

test.run();
