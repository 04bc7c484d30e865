// Facts in one place: placeholders resolve everywhere, a wrong name is a placed content error,
// `site check` reports a fact typed by hand, and a changed price reaches every page that shows it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { build } from '../generator/build.ts';
import { check } from '../generator/check.ts';
import { BuildFailure, formatFailure } from '../generator/errors.ts';
import { silentLogger } from '../generator/log.ts';
import { loadContent } from '../generator/content/load.ts';
import { findHandTypedFacts } from '../generator/content/hand-typed.ts';
import { describeStale, sourcedFacts, staleSources } from '../generator/content/sources-age.ts';
import { factNames, factTree } from '../generator/content/facts.ts';
import { offers } from '../templates/structured-data.ts';
import type { SourceFile } from '../generator/content/load.ts';
import type { SiteModel } from '../generator/content/model.ts';
import { resolveProject } from '../generator/project.ts';
import { createStarter } from '../generator/new.ts';
import { fixture, listFiles, repoRoot } from './helpers/project.ts';
import { failure, replaceIn, sharedFailure } from './helpers/failure.ts';

const test = suite('facts');

/** The visible words of every page of a build, by output file. */
function pageTexts(dist: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of listFiles(dist).filter((f) => f.endsWith('.html'))) {
    const html = fs.readFileSync(path.join(dist, file), 'utf8');
    texts.set(file, html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' '));
  }
  return texts;
}

test('placeholders resolve in JSON strings, front matter and Markdown bodies; {{verbatim: ...}} shows as written', async () => {
  const f = fixture();
  try {
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "Extracts cost {{plans.extract.price}}, ready in {{ plans.extract.timeframe }}. ');
    replaceIn(f, 'content/blog/document-translation-guide-international-students.md', 'title: "', 'title: "From {{plans.self-service.price}}: ');
    f.write('content/blog/document-translation-guide-international-students.md', `${f.read('content/blog/document-translation-guide-international-students.md')}\nCall {{site.phone.display}}; the market rate is {{verbatim: AUD $40–90 per page}}.\n`);
    await build({ root: f.root, logger: silentLogger });
    const city = f.read('dist/cities/perth.html');
    assert.match(city, 'Extracts cost $59.95, ready in 1 business day.');
    const post = f.read('dist/blog/document-translation-guide-international-students.html');
    assert.match(post, /<h1[^>]*>From \$44\.95: /);
    assert.match(post, 'Call (03) 5550 4827; the market rate is AUD $40–90 per page.');
    assert.not.match(post, '{{');
  } finally {
    f.remove();
  }
});

test('CONTENT_MISSPELT_FACT: a misspelt name is placed at its line and column, with a frame and the nearest name', async () => {
  const errors = await failure((f) => replaceIn(f, 'content/services/passports.json', '"startingPrice": "{{plans.self-service.price}}"', '"startingPrice": "{{plans.self-servce.price}}"'));
  assert.is(errors.length, 1);
  const [error] = errors;
  assert.is(error.code, 'CONTENT_MISSPELT_FACT');
  const line = fixture().read('content/services/passports.json').split('\n').findIndex((l) => l.includes('"startingPrice"')) + 1;
  assert.is(error.headline, `content/services/passports.json:${line}:23 /pricing/startingPrice {{plans.self-servce.price}} names no fact (did you mean {{plans.self-service.price}}?)`);
  assert.match(error.frame!, new RegExp(`> ${line} \\|     "startingPrice": "\\{\\{plans\\.self-servce\\.price\\}\\}",`));
  assert.is(error.hint, 'Add it to content/plans.json, or use a name it already has. Plans are named by id: plans.self-service, plans.extract, plans.full.');
  assert.is(
    formatFailure(new BuildFailure('content', errors)),
    [
      '✗ 1 problem in content:',
      '',
      '     A placeholder names a fact that does not exist, but one like it does:',
      `  1. content/services/passports.json:${line}:23 /pricing/startingPrice {{plans.self-servce.price}} names no fact (did you mean {{plans.self-service.price}}?)  [CONTENT_MISSPELT_FACT]`,
      `         ${line - 2} |   "pricing": {`,
      `         ${line - 1} |     "plans": ["self-service", "extract", "full"],`,
      `       > ${line} |     "startingPrice": "{{plans.self-servce.price}}",`,
      `            |                       ^`,
      `         ${line + 1} |     "priceNote": "+ service fee",`,
      `         ${line + 2} |     "unit": "per document",`,
      '       hint: Add it to content/plans.json, or use a name it already has. Plans are named by id: plans.self-service, plans.extract, plans.full.',
      '',
    ].join('\n'),
  );
});

test('CONTENT_UNKNOWN_FACT and CONTENT_FACT_LOOP: a name like no other, and facts naming each other', async () => {
  const errors = await failure((f) => {
    f.editJson('content/facts.json', (d) => {
      d.turnaround.standard = 'see {{facts.turnaround.express}}';
      d.turnaround.express = 'see {{facts.turnaround.standard}}';
    });
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "{{facts.somethingentirelyelse}} ');
  });
  const unknown = errors.find((e) => e.code === 'CONTENT_UNKNOWN_FACT')!;
  assert.is(unknown.message, '{{facts.somethingentirelyelse}} names no fact');
  assert.match(unknown.hint!, /^Add it to content\/facts\.json, or use a name it already has\./);
  const loop = errors.find((e) => e.code === 'CONTENT_FACT_LOOP')!;
  assert.match(loop.message, /is part of a loop: facts\.turnaround\.(standard|express) → facts\.turnaround\.(standard|express) → /);
  assert.is(loop.hint, 'A fact may name other facts, but never itself through them.');
});

test('a placeholder naming no fact names its field as well as its line (the editor keeps a refusal beside the field it names); one in a Markdown body has no field', async () => {
  const errors = await failure((f) => {
    f.editJson('content/plans.json', (d) => {
      d.plans[0].description = `Fast {{facts.nope}} ${d.plans[0].description}`;
    });
    f.write('content/blog/naati-vs-standard-translations-differences.md', `${f.read('content/blog/naati-vs-standard-translations-differences.md')}\nOpen {{facts.nope}}.\n`);
  });
  assert.equal(errors.filter((e) => e.code === 'CONTENT_UNKNOWN_FACT').map((e) => [e.file, e.pointer]), [
    ['content/blog/naati-vs-standard-translations-differences.md', undefined],
    ['content/plans.json', '/plans/0/description'],
  ]);
  assert.match(errors.find((e) => e.file === 'content/plans.json')!.headline, /^content\/plans\.json:\d+:\d+ \/plans\/0\/description \{\{facts\.nope\}\} names no fact$/);
});

test('CONTENT_UNKNOWN_FACT_FILE, CONTENT_FACT_GROUP, CONTENT_MISSPELT_FACT: an unknown file, a group instead of a fact, and a name in Markdown are each explained', async () => {
  const errors = await failure((f) => {
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "{{prices.extract}} {{facts.hours}} ');
    f.write('content/blog/naati-vs-standard-translations-differences.md', `${f.read('content/blog/naati-vs-standard-translations-differences.md')}\nOpen {{facts.hours.dispaly}}.\n`);
  });
  const text = errors.map((e) => `${e.file}:${e.line} ${e.message}`);
  const lines = fixture().read('content/blog/naati-vs-standard-translations-differences.md').split('\n').length + 1;
  assert.equal(text, [
    `content/blog/naati-vs-standard-translations-differences.md:${lines} {{facts.hours.dispaly}} names no fact (did you mean {{facts.hours.display}}?)`,
    'content/cities/perth.json:13 {{prices.extract}} names no fact',
    'content/cities/perth.json:13 {{facts.hours}} names a group of facts, not one fact',
  ]);
  assert.match(errors[1].hint!, 'Fact names start with site., plans. or facts.');
  assert.match(errors[2].hint!, 'such as facts.hours.opens');
  assert.equal(errors.map((e) => e.code), ['CONTENT_MISSPELT_FACT', 'CONTENT_UNKNOWN_FACT_FILE', 'CONTENT_FACT_GROUP']);
  assert.match(formatFailure(new BuildFailure('content', errors)), '[CONTENT_FACT_GROUP]');
});

test('a fact file that is broken is the one problem reported, not every placeholder that names a fact in it', async () => {
  const f = fixture();
  try {
    const syntax = await sharedFailure(f, () => replaceIn(f, 'content/plans.json', '"plans": [', '"plans": [,'));
    assert.equal(syntax.map((e) => `${e.file} ${e.code}`), ['content/plans.json CONTENT_JSON_SYNTAX']);
    const array = await sharedFailure(f, () => f.write('content/plans.json', '[]\n'));
    assert.equal([...new Set(array.map((e) => e.file))], ['content/plans.json']);
    // A price of the wrong form leaves its plan without a total; the pages naming that total are not at fault.
    const price = await sharedFailure(f, () => f.editJson('content/plans.json', (d) => void (d.plans[0].price = '$44.955')));
    assert.not.ok(price.some((e) => /FACT/.test(e.code)), price.map((e) => e.headline).join('\n'));
    assert.ok(price.some((e) => e.file === 'content/plans.json' && e.pointer === '/plans/0/price'));
  } finally {
    f.remove();
  }
});

test('a fact of the wrong form is reported where it is defined, not again in every field a placeholder puts it in', async () => {
  const errors = await failure((f) => {
    // plans[0] is self-service, whose price services' startingPrice and site.json name; a field that is wrong of
    // itself, beside a placeholder naming a sound fact, is still reported in its own file.
    f.editJson('content/plans.json', (d) => void (d.plans[0].price = '$44.955'));
    f.editJson('content/services/passports.json', (d) => void (d.pricing.startingPrice = '{{plans.extract.price}}0'));
  });
  assert.equal(errors.map((e) => `${e.file} ${e.pointer}`), ['content/plans.json /plans/0/price', 'content/services/passports.json /pricing/startingPrice'], errors.map((e) => e.headline).join('\n'));
});

test('a file naming a fact from a broken fact file still has its own mistakes reported', async () => {
  const f = fixture();
  try {
    // sydney.json names {{plans.self-service.total}}, which a price of the wrong form leaves unworked out, and its
    // population is a number: the price is reported in plans.json, the population in sydney.json.
    const population = (d: Record<string, unknown>) => void (d.population = 5300000);
    const price = await sharedFailure(f, () => {
      f.editJson('content/plans.json', (d) => void (d.plans[0].price = '$44.955'));
      f.editJson('content/cities/sydney.json', population);
    });
    assert.equal(price.map((e) => `${e.file} ${e.pointer}`), ['content/cities/sydney.json /population', 'content/plans.json /plans/0/price'], price.map((e) => e.headline).join('\n'));
    // plans.json that does not parse leaves every {{plans...}} as written, in fields whose form that breaks too
    // (startingPrice); those follow from plans.json, the population does not.
    const syntax = await sharedFailure(f, () => {
      replaceIn(f, 'content/plans.json', '"plans": [', '"plans": [,');
      f.editJson('content/cities/sydney.json', population);
    });
    assert.equal(syntax.map((e) => `${e.file} ${e.code} ${e.pointer}`), ['content/cities/sydney.json CONTENT_SCHEMA /population', 'content/plans.json CONTENT_JSON_SYNTAX undefined'], syntax.map((e) => e.headline).join('\n'));
  } finally {
    f.remove();
  }
});

test('a name that every JavaScript object has is no fact file: {{constructor.name}} is an unknown file, not a misspelling', async () => {
  const errors = await failure((f) => replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "{{constructor.name}} '));
  assert.equal(errors.map((e) => e.code), ['CONTENT_UNKNOWN_FACT_FILE']);
  assert.equal(errors.map((e) => e.message), ['{{constructor.name}} names no fact']);
});

test('the content as committed has no fact typed by hand', () => {
  const found = findHandTypedFacts(loadContent(resolveProject(repoRoot)).files);
  assert.equal(found.map((e) => e.headline), []);
});

test('site check fails on a price, duration, hours or phone number typed by hand, naming the fact to use', async () => {
  const f = fixture();
  try {
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "Only $44.95, ready in 1–2 business days, open 9am to 5pm AEST, call (03) 5550 4827, files up to 10MB, 60+ languages. ');
    const error = await check({ root: f.root, logger: silentLogger }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, BuildFailure);
    const errors = (error as BuildFailure).errors;
    const hint = (written: string) => errors.find((e) => e.message.startsWith(`${written} is`))?.hint ?? '';
    assert.equal(errors.map((e) => e.message).sort(), [
      '$44.95 is a price typed by hand',
      '(03) 5550 4827 is a phone number typed by hand',
      '1-2 business days is a duration typed by hand',
      '10MB is a file size typed by hand',
      '60+ is a count typed by hand',
      '9am to 5pm is a time of day typed by hand',
      'AEST is a time zone typed by hand',
    ]);
    assert.ok(errors.every((e) => e.file === 'content/cities/perth.json' && e.pointer === '/tagline' && e.line === 13 && e.page?.replace(/\/$/, '') === '/cities/perth' && e.code === 'CONTENT_HAND_TYPED_FACT'));
    assert.match(hint('$44.95'), 'Write {{plans.self-service.price}} instead');
    assert.match(hint('1-2 business days'), '{{plans.full.timeframe}}');
    assert.match(hint('9am to 5pm'), '{{facts.hours.');
    assert.match(hint('(03) 5550 4827'), 'Write {{site.phone.display}} or {{site.phone.e164}} instead');
    assert.match(hint('10MB'), 'Write {{facts.uploads.maxSize}} instead');
    assert.match(hint('60+'), 'Write {{facts.languages.count}}');
    assert.match(hint('$44.95'), 'write {{verbatim: $44.95}}');
  } finally {
    f.remove();
  }
});

/** Each way of typing a fact by hand that once got past `site check` (issue 40). */
const evasions = ['44.95 dollars', 'AUD 44.95', '\uFF0444.95', '$\u200B44.95', '&#36;44.95', '2 working days', 'two business days', '48h', '9:00\u201317:00', 'UTC+10', '03-5550-4827', '+61-3-5550-4827', '60 plus languages'];

test('site check fails on each evasion that once got past it, each reported with its file, line and page', async () => {
  const f = fixture();
  try {
    const post = 'content/blog/naati-vs-standard-translations-differences.md';
    f.write(post, `${f.read(post)}\n${evasions.map((e, i) => `Paragraph ${i + 1} says ${e} here.`).join('\n\n')}\n`);
    // The JSON escape of $ only exists in a JSON file.
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "Only \\u002444.95. ');
    const error = await check({ root: f.root, logger: silentLogger }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, BuildFailure);
    const errors = (error as BuildFailure).errors;
    const lines = f.read(post).split('\n');
    for (const [i, evasion] of evasions.entries()) {
      const line = lines.indexOf(`Paragraph ${i + 1} says ${evasion} here.`) + 1;
      const hits = errors.filter((e) => e.file === post && e.line === line);
      assert.is(hits.length, 1, `${JSON.stringify(evasion)} on line ${line}: ${hits.map((e) => e.message).join('; ')}`);
      assert.is(hits[0].page?.replace(/\/$/, ''), '/blog/naati-vs-standard-translations-differences');
    }
    assert.ok(errors.some((e) => e.file === 'content/cities/perth.json' && e.pointer === '/tagline' && e.message === '$44.95 is a price typed by hand'));
    assert.is(errors.length, evasions.length + 1, errors.map((e) => e.headline).join('\n'));
  } finally {
    f.remove();
  }
});

test('opening hours have one source: a change to facts.hours reaches every page, /contact\'s table and the structured data', async () => {
  const f = fixture();
  try {
    f.editJson('content/facts.json', (d) => Object.assign(d.hours, { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '08:30', closes: '18:00' }));
    const result = await build({ root: f.root, logger: silentLogger });
    const texts = pageTexts(path.join(f.root, 'dist'));
    const page = (address: string) => texts.get(result.pages.find((p) => p.path.replace(/(.)\/$/, '$1') === address)!.file)!;
    for (const address of ['/terms', '/process', '/privacy-policy', '/cities/darwin', '/cities/perth']) assert.match(page(address), 'Monday to Saturday, 8:30am to 6pm Melbourne time', address);
    const contact = fs.readFileSync(path.join(f.root, 'dist', result.pages.find((p) => p.kind === 'contact')!.file), 'utf8');
    const rows = [...contact.matchAll(/<th scope="row">([^<]*)<\/th><td>([^<]*)<\/td>/g)].map((m) => `${m[1]}: ${m[2]}`);
    assert.equal(rows, ['Monday to Saturday: 8:30am to 6pm Melbourne time', 'Sunday: Closed']);
    const home = fs.readFileSync(path.join(f.root, 'dist', result.pages.find((p) => p.kind === 'home')!.file), 'utf8');
    const nodes = [...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => JSON.parse(m[1])['@graph'] ?? [JSON.parse(m[1])]);
    const business = nodes.find((n: { '@type': string }) => n['@type'] === 'ProfessionalService');
    assert.equal(business.openingHoursSpecification[0].dayOfWeek.at(-1), 'https://schema.org/Saturday');
    assert.equal([business.openingHoursSpecification[0].opens, business.openingHoursSpecification[0].closes], ['08:30', '18:00']);
    assert.equal([...texts].filter(([, text]) => /Monday to Friday|Mon\u2013Fri|\b9am|\b5pm/.test(text)).map(([file]) => file), []);
  } finally {
    f.remove();
  }
});

test('a deliberate exception marked {{verbatim: ...}} is not reported', () => {
  const f = fixture();
  try {
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "Market rates run {{verbatim: AUD $40–90 per page}}. ');
    assert.equal(findHandTypedFacts(loadContent(resolveProject(f.root)).files), []);
  } finally {
    f.remove();
  }
});

test('site new starters name facts with placeholders, and still build', async () => {
  const f = fixture();
  try {
    for (const [kind, slug] of [['service', 'tax-returns'], ['language', 'Tok Pisin Two'], ['city', 'ballarat'], ['blog', 'visa-checklist']] as const) {
      await createStarter({ root: f.root, kind, slug, today: '01/12/2026', logger: silentLogger });
    }
    const service = f.read('content/services/tax-returns.json');
    assert.match(service, '{{plans.self-service.price}}');
    assert.match(service, '{{facts.turnaround.standard}}');
    assert.match(f.read('content/languages/tok-pisin-two.json'), '{{plans.self-service.price}}');
    assert.match(f.read('content/cities/ballarat.json'), '{{facts.hours.display}}');
    assert.match(f.read('content/blog/visa-checklist.md'), '{{verbatim: ');
    assert.equal(findHandTypedFacts(loadContent(resolveProject(f.root)).files), []);
    // Starters are drafts: published, each builds as it is.
    for (const file of ['content/services/tax-returns.json', 'content/languages/tok-pisin-two.json', 'content/cities/ballarat.json', 'content/blog/visa-checklist.md']) {
      f.write(file, f.read(file).replace(/^ {0,2}"?draft"?: true,?\n/m, ''));
    }
    await build({ root: f.root, logger: silentLogger });
    assert.match(f.read('dist/services/tax-returns.html'), '$44.95');
    assert.match(f.read('dist/blog/visa-checklist.html'), 'Visa Checklist');
  } finally {
    f.remove();
  }
});

test('site new writes its starter while plans.json is broken: the placeholders naming a plan are not its mistakes', async () => {
  const f = fixture();
  try {
    // plans.json that does not parse, then one whose price is of the wrong form: the starters name
    // {{plans.self-service.price}} (a service's startingPrice, a language's text), as the build and the editor
    // see it, the mistake is plans.json's alone.
    const plans = f.read('content/plans.json');
    replaceIn(f, 'content/plans.json', '"plans": [', '"plans": [,');
    await createStarter({ root: f.root, kind: 'service', slug: 'tax-returns', today: '01/12/2026', logger: silentLogger });
    await createStarter({ root: f.root, kind: 'language', slug: 'Tok Pisin Two', today: '01/12/2026', logger: silentLogger });
    f.write('content/plans.json', plans);
    f.editJson('content/plans.json', (d) => void (d.plans[0].price = '$44.955'));
    await createStarter({ root: f.root, kind: 'service', slug: 'tax-forms', today: '01/12/2026', logger: silentLogger });
    assert.match(f.read('content/services/tax-returns.json'), '{{plans.self-service.price}}');
    assert.match(f.read('content/services/tax-forms.json'), '{{plans.self-service.price}}');
    assert.match(f.read('content/languages/tok-pisin-two.json'), '{{plans.self-service.price}}');
  } finally {
    f.remove();
  }
});

test('changing a price in plans.json changes every page that shows it', async () => {
  const f = fixture();
  try {
    await build({ root: f.root, logger: silentLogger });
    const before = [...pageTexts(path.join(f.root, 'dist'))].filter(([, text]) => text.includes('$44.95')).map(([file]) => file);
    assert.ok(before.length > 80, `the self-service price shows on ${before.length} pages`);
    f.editJson('content/plans.json', (d) => (d.plans.find((p: { id: string }) => p.id === 'self-service').price = '$47.50'));
    await build({ root: f.root, logger: silentLogger });
    const after = pageTexts(path.join(f.root, 'dist'));
    assert.equal([...after].filter(([, text]) => text.includes('$44.95')).map(([file]) => file), []);
    assert.equal(before.filter((file) => !after.get(file)?.includes('$47.50')), []);
  } finally {
    f.remove();
  }
});

test('an incremental build re-renders a page that shows a changed fact only through its own text, and keeps the rest', async () => {
  const f = fixture();
  try {
    await build({ root: f.root, logger: silentLogger });
    f.editJson('content/facts.json', (d) => Object.assign(d.hours, { opens: '08:00', closes: '18:00' }));
    const result = await build({ root: f.root, logger: silentLogger });
    // The city template never reads facts.json: Darwin's page names the hours in its description.
    assert.match(f.read('dist/cities/darwin.html'), 'Our team works Monday to Friday, 8am to 6pm Melbourne time.');
    assert.match(f.read('dist/process.html'), '8am to 6pm Melbourne time');
    assert.ok(result.rendered < result.pages.length, `${result.rendered} of ${result.pages.length} pages rendered`);
    assert.not.match(f.read('dist/cities/hobart.html'), '8am to 6pm');
  } finally {
    f.remove();
  }
});

test('an incremental build resolves a file again when its text or a fact changes, as a clean build does', async () => {
  const f = fixture();
  try {
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "Extracts cost {{plans.extract.price}}. ');
    await build({ root: f.root, logger: silentLogger });
    // Nothing changed: the city's page is kept as it was.
    await build({ root: f.root, logger: silentLogger });
    assert.match(f.read('dist/cities/perth.html'), 'Extracts cost $59.95.');
    replaceIn(f, 'content/cities/perth.json', 'Extracts cost {{plans.extract.price}}.', 'Extracts are ready in {{plans.extract.timeframe}}.');
    await build({ root: f.root, logger: silentLogger });
    assert.match(f.read('dist/cities/perth.html'), 'Extracts are ready in 1 business day.');
    f.editJson('content/plans.json', (d) => (d.plans.find((p: { id: string }) => p.id === 'extract').timeframe = '2 business days'));
    await build({ root: f.root, logger: silentLogger });
    assert.match(f.read('dist/cities/perth.html'), 'Extracts are ready in 2 business days.');
    const kept = f.read('dist/cities/perth.html');
    await build({ root: f.root, logger: silentLogger, clean: true });
    assert.is(f.read('dist/cities/perth.html'), kept, 'the same page as a clean build makes');
  } finally {
    f.remove();
  }
});

/** facts.json as a loaded file, for the sources-age checks. */
const factsFile = (data: unknown) => ({ rel: 'facts.json', data }) as unknown as SourceFile;

test('sources-age: every sourced fact in facts.json is found by its name, with its source and checked date', () => {
  const files = loadContent(resolveProject(repoRoot)).files;
  const facts = files.find((f) => f.rel === 'facts.json')!.data as { rules: Record<string, { source: string }> };
  const found = sourcedFacts(facts);
  assert.equal(found.map((f) => f.name).sort(), Object.keys(facts.rules).map((k) => `facts.rules.${k}`).sort());
  assert.ok(found.every((f) => /^https?:\/\//.test(f.source) && /^\d{4}-\d{2}-\d{2}$/.test(f.checked)));
  // As committed, nothing is stale on the day the sources were checked.
  assert.equal(staleSources(files, new Date('2026-12-01T12:00:00Z')), []);
});

test('docs/sources.md lists every sourced fact by its name, with the source it was read at', () => {
  const rules = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'content/facts.json'), 'utf8')) as { rules: Record<string, { source: string }> }).rules;
  const sources = fs.readFileSync(path.join(repoRoot, 'docs/sources.md'), 'utf8');
  assert.equal(Object.keys(rules).filter((name) => !new RegExp(`\\b${name}\\b`).test(sources)), [], 'facts not named in docs/sources.md');
  assert.equal(Object.entries(rules).filter(([, fact]) => !sources.includes(fact.source)).map(([name]) => name), [], 'facts whose source docs/sources.md does not give');
});

test('sources-age: a source checked more than 12 months ago, or on a day that does not exist, is reported; a year to the day is not', () => {
  const rule = (checked: string) => ({ value: 'A rule.', source: 'https://example.gov.au/rule', sourceTitle: 'A rule', checked });
  const file = factsFile({ rules: { fresh: rule('2025-12-01'), stale: rule('2025-11-30'), impossible: rule('2025-02-31'), old: rule('2020-01-15') }, hours: { display: 'not a sourced fact' } });
  const stale = staleSources([file], new Date('2026-12-01T09:00:00Z'));
  assert.equal(stale.map((s) => s.name), ['facts.rules.old', 'facts.rules.impossible', 'facts.rules.stale']);
  assert.is(stale[2].days, 366);
  assert.ok(Number.isNaN(stale[1].days));
  assert.match(describeStale(stale[2]), 'content/facts.json facts.rules.stale: its source https://example.gov.au/rule was last checked on 2025-11-30, 366 days ago');
  assert.match(describeStale(stale[1]), 'has a checked date that is not a real day ("2025-02-31")');
});

test('site check warns about a stale source without failing on it', async () => {
  const f = fixture();
  try {
    replaceIn(f, 'content/facts.json', '"checked": "2026-12-01"', '"checked": "2024-06-30"');
    // A fact typed by hand makes the check fail early; the warning must come first and not be the failure.
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "Only $44.95. ');
    const warnings: string[] = [];
    const error = await check({ root: f.root, logger: { ...silentLogger, warn: (m: string) => warnings.push(m) } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(warnings.length >= 1, 'at least one stale source');
    assert.match(warnings[0], /content\/facts\.json facts\.rules\.\w+: its source https?:\/\/\S+ was last checked on 2024-06-30/);
    assert.instance(error, BuildFailure);
    assert.ok((error as BuildFailure).errors.every((e) => e.code === 'CONTENT_HAND_TYPED_FACT'));
  } finally {
    f.remove();
  }
});

test('prices: the minimum total and each plan\'s total are worked out from plans.json, never typed', () => {
  const plansFile = (serviceFee: string) =>
    ({ rel: 'plans.json', data: { plans: [{ id: 'self-service', price: '$44.95' }, { id: 'full', price: '$89.95' }], serviceFee } }) as unknown as SourceFile;
  const names = factNames(factTree([plansFile('$9.95')]));
  assert.is(names.get('plans.minimumTotal'), '$54.90');
  assert.is(names.get('plans.full.total'), '$99.90');
  assert.is(factNames(factTree([plansFile('$12.40')])).get('plans.minimumTotal'), '$57.35');
  // The structured data's price range comes from the plans too, as totals with the fee: a dearer plan raises
  // highPrice, a dearer fee raises both ends.
  const range = (fee: string) => offers({ plans: { plans: [{ price: '$10.00' }, { price: '$120.50' }, { price: '$59.95' }], serviceFee: fee } } as unknown as SiteModel);
  assert.equal([range('$9.95').lowPrice, range('$9.95').highPrice, range('$9.95').offerCount], ['19.95', '130.45', 3]);
  assert.equal([range('$0.05').lowPrice, range('$0.05').highPrice], ['10.05', '120.55']);
});

test.run();
