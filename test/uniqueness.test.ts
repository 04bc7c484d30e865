// Language and city pages must be more than their template. The shingle maths on inputs small
// enough to check by hand, then the targets on the real content (measured over a fresh build).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { build } from '../generator/build.ts';
import { silentLogger } from '../generator/log.ts';
import { mainText, median, shingles, summarise, uniqueness, words } from '../bench/shingles.ts';
import { measureSite, targets, type SiteUniqueness } from '../bench/uniqueness.ts';
import { fixture, type Fixture } from './helpers/project.ts';

const maths = suite('uniqueness: shingle maths');

maths('words are lowercase, of any script, with punctuation dropped and apostrophes kept', () => {
  assert.equal(words('Don’t  translate: 가족관계증명서, NSW-issued (2024)!'), ["don't", 'translate', '가족관계증명서', 'nsw', 'issued', '2024']);
  assert.equal(words('हिन्दी नाम'), ['हिन्दी', 'नाम'], 'combining marks stay inside their word');
});

maths('a text of n words has n - 4 shingles of five, and fewer than five words have none', () => {
  assert.equal([...shingles(words('a b c d e f'))], ['a b c d e', 'b c d e f']);
  assert.is(shingles(words('a b c d')).size, 0);
  assert.is(shingles(words('a b c d e')).size, 1);
});

maths('a shingle repeated within one page counts once', () => {
  assert.is(shingles(words('a b c d e a b c d e')).size, 5, 'six runs of five, the first and last the same');
  assert.is(shingles(words('x x x x x x x x')).size, 1);
});

maths('the unique share is the part of a page’s shingles that no other page has', () => {
  const result = uniqueness([
    { id: 'one', text: 'a b c d e f' },
    { id: 'two', text: 'b c d e f g' },
    { id: 'three', text: 'p q r s t' },
  ]);
  assert.equal(result, [
    { id: 'one', shingles: 2, unique: 1, share: 0.5 },
    { id: 'two', shingles: 2, unique: 1, share: 0.5 },
    { id: 'three', shingles: 1, unique: 1, share: 1 },
  ]);
});

maths('a page identical to another has nothing of its own; a page too short for a shingle scores 0', () => {
  const [a, b, c] = uniqueness([
    { id: 'a', text: 'the same five words here' },
    { id: 'b', text: 'The same, five words here.' },
    { id: 'c', text: 'too short' },
  ]);
  assert.is(a.share, 0);
  assert.is(b.share, 0);
  assert.equal(c, { id: 'c', shingles: 0, unique: 0, share: 0 });
});

maths('median of odd and even counts, minimum, and the weakest pages first', () => {
  assert.is(median([0.3, 0.9, 0.5]), 0.5);
  assert.is(median([0.2, 0.8, 0.4, 0.6]), 0.5);
  const summary = summarise(
    [
      { id: 'x', shingles: 10, unique: 9, share: 0.9 },
      { id: 'y', shingles: 10, unique: 2, share: 0.2 },
      { id: 'z', shingles: 10, unique: 5, share: 0.5 },
    ],
    2,
  );
  assert.is(summary.min, 0.2);
  assert.is(summary.median, 0.5);
  assert.equal(summary.worst.map((w) => w.id), ['y', 'z']);
});

maths('main text leaves out navigation, header, footer and scripts, and keeps list items apart', () => {
  const html = '<body><header>Site menu</header><main><nav aria-label="Breadcrumb">Home Languages</nav><h1>Korean</h1><ul><li>Birth certificates</li><li>Marriage</li></ul><script type="application/ld+json">{"x":1}</script></main><footer>Company</footer></body>';
  assert.equal(words(mainText(html)), ['korean', 'birth', 'certificates', 'marriage']);
});

maths.run();

const targetsSuite = suite('uniqueness: the real pages meet the targets (bench/uniqueness.ts)');
let site: Fixture;
let measured: SiteUniqueness;

targetsSuite.before(async () => {
  site = fixture();
  await build({ root: site.root, logger: silentLogger });
  measured = measureSite(site.root, path.join(site.root, 'dist'));
});
targetsSuite.after(() => site.remove());

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const weakest = (results: SiteUniqueness['languages']) =>
  summarise(results, 5)
    .worst.map((w) => `${w.id} ${percent(w.share)}`)
    .join(', ');

targetsSuite('every language page and city page is measured', () => {
  assert.ok(measured.languages.length > 60, `${measured.languages.length} language pages`);
  assert.is(measured.cities.length, 12);
  for (const page of [...measured.languages, ...measured.cities]) assert.ok(page.shingles > 100, `${page.id} has main content to measure`);
});

targetsSuite('city pages: median unique share at least 65%', () => {
  const s = summarise(measured.cities);
  console.log(`  » city pages: median ${percent(s.median)}, minimum ${percent(s.min)}`);
  assert.ok(s.median >= targets.cities.median, `city median ${percent(s.median)} is below ${percent(targets.cities.median)}; weakest: ${weakest(measured.cities)}`);
});

targetsSuite('language pages: median unique share at least 55%, none below 45%', () => {
  const s = summarise(measured.languages);
  console.log(`  » language pages: median ${percent(s.median)}, minimum ${percent(s.min)}`);
  assert.ok(s.median >= targets.languages.median, `language median ${percent(s.median)} is below ${percent(targets.languages.median)}`);
  assert.ok(s.min >= targets.languages.min, `language pages below ${percent(targets.languages.min)}: ${weakest(measured.languages)}`);
});

targetsSuite.run();
