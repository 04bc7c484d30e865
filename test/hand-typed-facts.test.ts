// The rendered-text check for hand-typed facts, in pieces: the normaliser (text as a reader sees it), numbers in
// words read as figures, and the matcher against the site's own facts in their usual spellings.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { factSpellings, findFacts, inDigits, readable, placeholderMark, findHandTypedFacts } from '../generator/content/hand-typed.ts';
import { factNames, factTree } from '../generator/content/facts.ts';
import { loadContent } from '../generator/content/load.ts';
import { resolveProject } from '../generator/project.ts';
import { repoRoot } from './helpers/project.ts';

const test = suite('hand-typed facts');

const files = loadContent(resolveProject(repoRoot)).files;
const facts = factSpellings(factNames(factTree(files)));
/** What the matcher finds in a text as rendered, as "kind: written". */
const found = (html: string) => findFacts(readable(html), facts).map((f) => `${f.kind}: ${f.written}`);

test('readable: entities decoded, NFKC, invisible characters and marks dropped, every digit, space, dash and dollar plain', () => {
  assert.is(readable('&#36;44.95 &#x24;44.95 &dollar;44.95 &amp;#36;1'), '$44.95 $44.95 $44.95 $1');
  assert.is(readable('＄４４．９５'), '$44.95');
  assert.is(readable('$\u200B44.95 $\u00AD44\u2060.95 $\uFEFF4\u034F4.95'), '$44.95 $44.95 $44.95');
  assert.is(readable('1\u00A0business\u202Fday 1\u3000hour'), '1 business day 1 hour');
  assert.is(readable('9:00\u201317:00 9:00\u201417:00 1\u22122 9\uA78900'), '9:00-17:00 9:00-17:00 1-2 9:00');
  assert.is(readable('٤٤ ४४ 𝟒𝟒 ④④'), '44 44 44 44');
  assert.is(readable('$4<!-- hidden -->4.<b></b>95 <p>one</p><p>two</p>'), '$44.95 one two ');
  assert.is(readable('<a href="tel:0355504827">call us</a>'), ' 0355504827 call us');
  assert.is(readable('2 busіness days'), '2 business days', 'a Cyrillic і reads as i');
  assert.is(readable(`Saturday ${placeholderMark} here`), `Saturday ${placeholderMark} here`);
  assert.is(readable('&constructor; &valueOf;'), '&constructor; &valueOf;', 'only the names of characters are decoded');
});

test('inDigits: numbers in words become figures where a fact would stand, and stay words elsewhere', () => {
  assert.is(inDigits('two business days').text, '2 business days');
  assert.is(inDigits('forty-four dollars ninety-five').text, '44 dollars 95');
  assert.is(inDigits('Forty Eight hours, an hour, half an hour').text, '48 hours, 1 hour, 0.5 hour');
  assert.is(inDigits('sixty plus languages, one to two working days').text, '60 plus languages, 1 to 2 working days');
  assert.is(inDigits('oh three five five five oh four eight two seven').text, '0 3 5 5 5 0 4 8 2 7');
  assert.is(inDigits('nine to five').text, '9 to 5');
  // A calendar note is not a turnaround: twelve months of thirty days stays as written.
  assert.is(inDigits('twelve months of thirty days, one of them').text, 'twelve months of thirty days, one of them');
  const spelt = inDigits('in two business days');
  const start = spelt.text.indexOf('2');
  assert.is('in two business days'.slice(...spelt.source(start, start + 1)), 'two', 'each figure knows the words it came from');
  assert.is('in two business days'.slice(...spelt.source(start, spelt.text.length)), 'two business days');
});

test('the matcher: each evasion of issue 40 is found, as its kind', () => {
  const cases: [string, string][] = [
    ['44.95 dollars', 'price: 44.95 dollars'],
    ['AUD 44.95', 'price: AUD 44.95'],
    ['＄44.95', 'price: $44.95'],
    ['$\u200B44.95', 'price: $44.95'],
    ['&#36;44.95', 'price: $44.95'],
    ['2 working days', 'duration: 2 working days'],
    ['two business days', 'duration: two business days'],
    ['48h', 'duration: 48h'],
    ['9:00–17:00', 'time of day: 9:00-17:00'],
    ['UTC+10', 'time zone: UTC+10'],
    ['03-5550-4827', 'phone number: 03-5550-4827'],
    ['+61-3-5550-4827', 'phone number: +61-3-5550-4827'],
    ['60 plus languages', 'count: 60 plus'],
    ['two hours ahead of Perth', 'duration: two hours'],
  ];
  for (const [text, expected] of cases) assert.equal(found(`Text ${text} here.`), [expected], text);
});

test('the matcher: other spellings an evader would try', () => {
  const cases: [string, string][] = [
    ['forty-four dollars ninety-five', 'price: forty-four dollars'],
    ['forty-four ninety-five a page', 'price: forty-four ninety-five'],
    ['just 44.95 a page', 'price: 44.95'],
    ['A$44.95', 'price: A$44.95'],
    ['$44\u00A0.\u00A095', 'price: $44 . 95'],
    ['４８ hours', 'duration: 48 hours'],
    ['forty-eight-hour express', 'duration: forty-eight-hour'],
    ['1 to 2 working days', 'duration: 1 to 2 working days'],
    ['9am\u20135pm', 'time of day: 9am-5pm'],
    ['nine o\'clock', "time of day: nine o'clock"],
    ['nine to five', 'time of day: nine to five'],
    ['Australian Eastern Standard Time', 'time zone: Australian Eastern Standard Time'],
    ['(03)\u00A05550\u20114827', 'phone number: (03) 5550-4827'],
    ['zero three five five five zero four eight two seven', 'phone number: zero three five five five zero four eight two seven'],
    ['ABN 12345679016', 'business number: 12345679016'],
    ['files up to ten megabytes', 'file size: ten megabytes'],
    ['more than sixty languages', 'count: more than sixty languages'],
    ['60\uFF0B languages', 'count: 60+'],
    ['sixty-plus languages', 'count: sixty-plus'],
    ['forty-four point nine five', 'price: forty-four point nine five'],
    ['44\u00B795 a page', 'price: 44.95'],
    ['4 4 . 9 5 a page', 'price: 4 4 . 9 5'],
    ['44.95$', 'price: 44.95$'],
    ['\u202E59.44$', 'price: 59.44$'],
    ['4\uFE0F\u20E34\uFE0F\u20E3 hours', 'duration: 44 hours'],
    ['2 biz days', 'duration: 2 biz days'],
    ['A.E.S.T.', 'time zone: A.E.S.T.'],
    ['0900-1700', 'time of day: 0900-1700'],
    ['O3 5550 4827', 'business number: 3 5550 4827'],
    ['call 5550 4827', 'business number: 5550 4827'],
    ['<img src="x.png" alt="only $44.95">', 'price: $44.95'],
    ['İİ İzmir, Level 3, 838 Collins Street', 'fact: Level 3, 838 Collins Street'],
    ['44.95 Australian dollars', 'price: 44.95 Australian dollars'],
    ['a two-day turnaround', 'duration: two-day'],
    ['back within three days', 'duration: three days'],
    ['60 or more languages', 'count: 60 or more languages'],
  ];
  for (const [text, expected] of cases) assert.equal(found(`Text ${text} here.`), [expected], text);
});

test('an empty {{verbatim:}} hides nothing, while a placeholder\'s own text is never reported', () => {
  const perth = files.find((f) => f.rel === 'cities/perth.json')!;
  const errorsFor = (tagline: string) => {
    const text = perth.text.replace('"tagline": "', `"tagline": "${tagline} `);
    return findHandTypedFacts([...files.filter((f) => f !== perth), { path: perth.path, rel: perth.rel, source: perth.source, text, data: JSON.parse(text) } as typeof perth]).map((e) => e.message);
  };
  assert.equal(errorsFor('Only $4{{verbatim:}}4.95.'), ['$44.95 is a price typed by hand']);
  assert.equal(errorsFor('Only {{plans.self-service.price}}, ready in {{facts.turnaround.selfService}}.'), []);
});

test('the matcher: ordinary prose, dates and what a placeholder produced are not facts', () => {
  for (const text of [
    'Spending ten minutes on these checks pays off.',
    'Documents in two languages are common.',
    'The Ethiopian calendar has twelve months of thirty days, and its clock starts at seven o\'clock in the morning.',
    'Dated 22/09/2026, issued 2026-09-22, amounts like R1 250,50 become R1,250.50.',
    `Ready in ${placeholderMark}, from ${placeholderMark} + service fee.`,
    'Open 24/7. One of our translators will help.',
  ]) {
    assert.equal(found(text), [], text);
  }
});

test('a content file is searched as rendered, and reported with the file, the field, the line and the page', () => {
  const perth = files.find((f) => f.rel === 'cities/perth.json')!;
  const text = perth.text.replace('"tagline": "', '"tagline": "Only \\u002444.95, with {{plans.extract.price}} for extracts. ');
  const edited = { path: perth.path, rel: perth.rel, source: perth.source, text, data: JSON.parse(text) } as typeof perth;
  const errors = findHandTypedFacts([...files.filter((f) => f !== perth), edited], [{ path: '/cities/perth', source: 'content/cities/perth.json' }]);
  assert.equal(
    errors.map((e) => [e.file, e.pointer, e.line, e.page, e.message]),
    [['content/cities/perth.json', '/tagline', 13, '/cities/perth', '$44.95 is a price typed by hand']],
  );
  assert.match(errors[0].hint!, 'Write {{plans.self-service.price}} instead');
});

test('a fact in a Markdown body is reported at its own paragraph, with Windows line endings as with Unix ones', () => {
  const post = files.find((f) => f.rel.startsWith('blog/') && f.body !== undefined)!;
  const front = post.text.slice(0, post.text.length - post.body!.length);
  const body = 'First paragraph.\n\nSecond one.\n\n\nA third, at only &#36;44.95 a page.\n';
  const lineOfThird = front.split('\n').length + 5;
  for (const eol of ['\n', '\r\n']) {
    const text = (front + body).replace(/\r?\n/g, eol);
    const edited = { ...post, text, body: text.slice(text.length - body.replace(/\n/g, eol).length) } as typeof post;
    const errors = findHandTypedFacts([...files.filter((f) => f !== post), edited]);
    assert.equal(errors.map((e) => [e.file, e.line, e.message]), [[post.path, lineOfThird, '$44.95 is a price typed by hand']], JSON.stringify(eol));
  }
});

test.run();
