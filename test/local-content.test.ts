// Local content: a language page shows its community's documents with their issuers and its script notes; a
// city page shows its local guide; both sections are left out, not left empty, for a file without them; and
// the schema explains a community or guide of the wrong size. The content here is the fixture's own, so the
// test does not depend on what the writers put in the real files.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { build } from '../generator/build.ts';
import { BuildFailure } from '../generator/errors.ts';
import { silentLogger } from '../generator/log.ts';
import { outputFileOf } from '../generator/address.ts';
import { fixture, type Fixture } from './helpers/project.ts';

const test = suite('local content');
let site: Fixture;

const community = {
  documents: [
    { name: 'Birth certificate (شهادة ميلاد)', issuer: 'Civil Status Department, Ministry of Interior', note: 'Records the birth and both parents; Home Affairs asks for it with most family visas.' },
    { name: 'Family book (دفتر عائلة)', issuer: 'Civil Status Department', note: 'Lists every member of the household, and partner visa officers read it as proof of marriage.' },
    { name: 'Marriage contract (عقد زواج)', issuer: 'Sharia court of the district', note: 'The contract signed before the court; it names the spouses, witnesses and dowry.' },
    { name: 'Police certificate', issuer: 'Criminal Records Directorate', note: 'Needed for the character requirement of permanent visas and for citizenship.' },
  ],
  scriptNotes: ['Names written in Arabic script such as محمد reach English as Mohammed, Muhammad or Mohamed, so we follow the passport.', 'Dates may follow the Hijri calendar, which we convert to the Gregorian date and note alongside it.'],
};
const localGuide = {
  heading: 'Perth fixture guide heading',
  paragraphs: ['First fixture paragraph about Perth and the places that ask for documents.', 'Second fixture paragraph about the hospitals and registries of Western Australia.'],
  places: [
    { name: 'Fixture Hospital', note: 'A hospital whose overseas recruits register with translated records.' },
    { name: 'Fixture Registry', note: 'A registry that reads overseas certificates in English only.' },
    { name: 'Fixture Court', note: 'A court where foreign-language evidence is filed with a translation.' },
  ],
};

// Text of a Latin-script language quoting other scripts: Soviet records in Russian Cyrillic, an Arabic form of a
// Kurdish name.
const latinCommunity = {
  documents: community.documents.map((d) => ({ ...d, name: d.name.replace(/ \(.*\)/, '') })),
  scriptNotes: ['Soviet records wrote Jonas Petraitis in Russian Cyrillic as Йонас Петрайтис.', 'A name copied into an Arabic document, such as Şêrko, can become شيركو there.'],
};

test.before(async () => {
  site = fixture();
  site.editJson('content/languages/arabic.json', (d) => (d.community = community));
  site.editJson('content/languages/lithuanian.json', (d) => (d.community = latinCommunity));
  site.editJson('content/languages/korean.json', (d) => delete d.community);
  site.editJson('content/cities/perth.json', (d) => (d.localGuide = localGuide));
  site.editJson('content/cities/hobart.json', (d) => delete d.localGuide);
  await build({ root: site.root, logger: silentLogger });
});
test.after(() => site.remove());

const page = (route: string): HTMLElement => parse(fs.readFileSync(path.join(site.root, 'dist', outputFileOf(route)), 'utf8'));
const text = (element: HTMLElement | null | undefined) => (element?.text ?? '').replace(/\s+/g, ' ').trim();

test('a language page lists each document with its issuer, under its own heading', () => {
  const section = page('/arabic').querySelector('main #issuers')!;
  assert.ok(section, 'the documents section is there');
  assert.is(text(section.querySelector('h2')), 'Arabic documents and who issues them');
  const items = section.querySelectorAll('li');
  assert.is(items.length, 4);
  assert.equal(items.map((li) => text(li.querySelector('h3'))), community.documents.map((d) => d.name));
  // A label, not the start of a sentence: an issuer is written as a name (The Ministry …) or a process (Signed before a notary …).
  assert.match(text(items[2]), 'Who issues it: Sharia court of the district');
  assert.match(text(items[2]), 'The contract signed before the court');
});

test('native script inside the English text is tagged with the language and its direction', () => {
  const main = page('/arabic').querySelector('main')!;
  const tagged = main.querySelectorAll('#issuers h3 span[lang="ar"]');
  assert.equal(tagged.map((s) => s.text), ['شهادة ميلاد', 'دفتر عائلة', 'عقد زواج']);
  for (const span of tagged) assert.is(span.getAttribute('dir'), 'rtl');
  assert.is(main.querySelector('#script span[lang="ar"]')?.text, 'محمد');
  assert.not.ok(main.querySelector('#issuers h3 span[lang="ar"]')?.text.includes('('), 'the brackets stay in the English text');
});

test("another script inside a language's text is tagged with that script's usual language, not the page's", () => {
  const notes = page('/lithuanian').querySelector('main #script')!;
  const tagged = notes.querySelectorAll('span[lang]');
  assert.equal(
    tagged.map((s) => [s.text, s.getAttribute('lang'), s.getAttribute('dir')]),
    [
      ['Йонас Петрайтис', 'ru', undefined],
      ['شيركو', 'ar', 'rtl'],
    ],
  );
});

test('the script notes are their own section, one paragraph each', () => {
  const section = page('/arabic').querySelector('main #script')!;
  assert.is(text(section.querySelector('h2')), 'Arabic script, names and dates');
  assert.equal(section.querySelectorAll('p').map(text), community.scriptNotes);
});

test('a language without community content shows neither section', () => {
  const main = page('/korean').querySelector('main')!;
  assert.not.ok(main.querySelector('#issuers'));
  assert.not.ok(main.querySelector('#script'));
});

test('a city page shows its local guide: heading, paragraphs and the places with their notes', () => {
  const section = page('/cities/perth').querySelector('main #local-guide')!;
  assert.is(text(section.querySelector('h2')), localGuide.heading);
  assert.equal(section.querySelectorAll('.prose p').map(text), localGuide.paragraphs);
  const places = section.querySelectorAll('.local-places li');
  assert.equal(places.map((li) => text(li.querySelector('strong'))), localGuide.places.map((p) => p.name));
  assert.match(text(places[1]), 'A registry that reads overseas certificates in English only.');
  assert.is(text(section.querySelector('h3')), 'Places in Perth that ask for translations');
  assert.not.ok(page('/cities/hobart').querySelector('main #local-guide'), 'no guide, no section');
});

test('a community with too few documents is a content error naming the file, the field and what it needs', async () => {
  const f = fixture();
  try {
    f.editJson('content/languages/arabic.json', (d) => (d.community = { ...community, documents: community.documents.slice(0, 3) }));
    await build({ root: f.root, logger: silentLogger });
    assert.unreachable('the build should fail');
  } catch (error) {
    if (!(error instanceof BuildFailure)) throw error;
    const problem = error.errors.find((e) => e.file?.endsWith('arabic.json'))!;
    assert.match(problem.headline, /^content\/languages\/arabic\.json:\d+:\d+ \/community\/documents must have at least 4 items \(it has 3\)$/);
    assert.match(problem.hint!, 'Four to six documents');
  } finally {
    f.remove();
  }
});

test.run();
