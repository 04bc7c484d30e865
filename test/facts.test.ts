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
import { resolveProject } from '../generator/project.ts';
import { createStarter } from '../generator/new.ts';
import { fixture, listFiles, repoRoot } from './helpers/project.ts';
import { failure, replaceIn } from './helpers/failure.ts';

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
  assert.is(error.headline, `content/services/passports.json:${line}:23 {{plans.self-servce.price}} names no fact (did you mean {{plans.self-service.price}}?)`);
  assert.match(error.frame!, new RegExp(`> ${line} \\|     "startingPrice": "\\{\\{plans\\.self-servce\\.price\\}\\}",`));
  assert.is(error.hint, 'Add it to content/plans.json, or use a name it already has. Plans are named by id: plans.self-service, plans.extract, plans.full.');
  assert.is(
    formatFailure(new BuildFailure('content', errors)),
    [
      '✗ 1 problem in content:',
      '',
      '     A placeholder names a fact that does not exist, but one like it does:',
      `  1. content/services/passports.json:${line}:23 {{plans.self-servce.price}} names no fact (did you mean {{plans.self-service.price}}?)  [CONTENT_MISSPELT_FACT]`,
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
      d.hours.display = 'see {{facts.hours.short}}';
      d.hours.short = 'see {{facts.hours.display}}';
    });
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "{{facts.somethingentirelyelse}} ');
  });
  const unknown = errors.find((e) => e.code === 'CONTENT_UNKNOWN_FACT')!;
  assert.is(unknown.message, '{{facts.somethingentirelyelse}} names no fact');
  assert.match(unknown.hint!, /^Add it to content\/facts\.json, or use a name it already has\./);
  const loop = errors.find((e) => e.code === 'CONTENT_FACT_LOOP')!;
  assert.match(loop.message, /is part of a loop: facts\.hours\.(display|short) → facts\.hours\.(display|short) → /);
  assert.is(loop.hint, 'A fact may name other facts, but never itself through them.');
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
  assert.match(errors[2].hint!, 'such as facts.hours.display');
  assert.equal(errors.map((e) => e.code), ['CONTENT_MISSPELT_FACT', 'CONTENT_UNKNOWN_FACT_FILE', 'CONTENT_FACT_GROUP']);
  assert.match(formatFailure(new BuildFailure('content', errors)), '[CONTENT_FACT_GROUP]');
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
    assert.equal(
      errors.map((e) => e.message),
      [
        '$44.95 is a price typed by hand',
        '1–2 business days is a duration typed by hand',
        '9am is a time of day typed by hand',
        '5pm is a time of day typed by hand',
        'AEST is a time zone typed by hand',
        '(03) 5550 4827 is a phone number typed by hand',
        '10MB is a file size typed by hand',
        '60+ is a count typed by hand',
      ],
    );
    assert.ok(errors.every((e) => e.file === 'content/cities/perth.json' && e.line === 13 && e.code === 'CONTENT_HAND_TYPED_FACT'));
    assert.match(errors[0].hint!, 'Write {{plans.self-service.price}} instead');
    assert.match(errors[1].hint!, '{{plans.full.timeframe}}');
    assert.match(errors[5].hint!, 'Write {{site.phone.display}} instead');
    assert.match(errors[6].hint!, 'Write {{facts.uploads.maxSize}} instead');
    assert.match(errors[7].hint!, 'Write {{facts.languages.count}}');
    assert.match(errors[0].hint!, 'write {{verbatim: $44.95}}');
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
    await build({ root: f.root, logger: silentLogger });
    assert.match(f.read('dist/services/tax-returns.html'), '$44.95');
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
    f.editJson('content/facts.json', (d) => (d.hours.display = 'Monday to Friday, 8am to 6pm Melbourne time'));
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

test('site build keeps resolved files in its content cache, and resolves a file again when its text or a fact changes', async () => {
  const f = fixture();
  try {
    replaceIn(f, 'content/cities/perth.json', '"tagline": "', '"tagline": "Extracts cost {{plans.extract.price}}. ');
    await build({ root: f.root, logger: silentLogger });
    const store = path.join(f.root, '.cache/content/facts-0.v8');
    assert.ok(fs.existsSync(store), 'the resolved files are kept');
    // Nothing changed: the city's page is kept, its file's resolution comes from the cache, and a clean build agrees.
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

test.run();
