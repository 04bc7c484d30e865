// Claims that agree with each other and with the business's facts. Each test pins a contradiction that was
// settled, over the built pages, so none can come back with an edit to one page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildResult } from '../generator/build.ts';
import { silentLogger } from '../generator/log.ts';
import { fixture, listFiles, type Fixture } from './helpers/project.ts';

const test = suite('consistent claims');
let site: Fixture;
let result: BuildResult;
let dist: string;
/** Visible text of each page (scripts, JSON-LD and tags removed), by page address. */
const texts = new Map<string, string>();
const html = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
const visible = (markup: string) =>
  markup
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    // Inline elements join their text as a reader sees it ("Sydney, NSW"); block elements separate it.
    .replace(/<\/?(a|abbr|b|code|em|i|span|strong)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const pagesWhere = (test: (text: string) => boolean) => [...texts].filter(([, text]) => test(text)).map(([page]) => page);

test.before(async () => {
  site = fixture();
  result = await build({ root: site.root, logger: silentLogger });
  dist = path.join(site.root, 'dist');
  for (const page of result.pages) texts.set(page.path, visible(html(page.file)));
});
test.after(() => site.remove());

test('NSW licences: every page that speaks of a licence in NSW sends licence translations to Multicultural NSW', () => {
  const speaksOfNsw = pagesWhere((t) => /(Transport for NSW|Service NSW|NSW licence|licence[^.]{0,80}\bNSW\b|\bNSW\b[^.]{0,80}licen[cs]e)/.test(t));
  assert.ok(speaksOfNsw.length >= 8, `pages about NSW licences: ${speaksOfNsw.join(', ')}`);
  assert.equal(speaksOfNsw.filter((p) => !texts.get(p)!.includes('Multicultural NSW')), []);
  for (const city of ['/cities/sydney', '/cities/newcastle', '/cities/wollongong']) assert.ok(speaksOfNsw.includes(city), city);
});

test('NSW licences: no page says state and territory transport agencies accept our translation without the NSW exception', () => {
  const unqualified = pagesWhere((t) => /(state and territory|state|territory) transport agenc(y|ies)(?![^.]{0,40}outside NSW)/i.test(t) && /(licen[cs]e)/i.test(t) && !t.includes('Multicultural NSW'));
  // Pages that name a state agency for something other than licences (a surname change) say nothing about licence translations.
  const aboutLicences = unqualified.filter((p) => /transport agenc(y|ies)[^.]{0,120}licen[cs]e|licen[cs]e[^.]{0,120}transport agenc/i.test(texts.get(p)!));
  assert.equal(aboutLicences, []);
});

test("driver's licence page keeps driving on an overseas licence apart from converting it, and gives New Zealand's rule", () => {
  const page = texts.get('/services/drivers-licence')!;
  assert.match(page, 'Driving on an overseas licence and converting it are separate steps');
  assert.match(page, 'an overseas licence lets you drive for up to 12 months from your arrival');
  assert.match(page, 'only from an NZTA-approved translator, the embassy or consulate of the issuing country, or the authority that issued the licence');
  assert.match(page, 'Transport for NSW accepts driver licence translations only from Multicultural NSW');
});

test('acceptance: no native-language welcome claims every authority; German and Hindi read naturally', () => {
  const languages = fs.readdirSync(path.join(site.content, 'languages')).map((f) => JSON.parse(fs.readFileSync(path.join(site.content, 'languages', f), 'utf8')));
  // "all" in the languages whose welcomes once claimed all authorities or institutions.
  const all = /\b(alle|allen|toutes|todas|tutte|tutti|alla|kaikki|wszystkie|všechny|minden|sve|svi|всички|все|всі|усі|tüm|semua|mọi|모든|すべて|所有|सभी|सबै|ਸਾਰੇ|تمام|جميع|همه|ټولې|કોઈ|তমাম|সব|kollha|visos|vsi|toate|todos|alle|kece|uma|kotoa|katoa|olgeta|dhammaan|zote|hemû|të gjitha|alle)\b/iu;
  const claims = languages.filter((l) => l.localContent?.nativeMessage && all.test(l.localContent.nativeMessage)).map((l) => l.name);
  assert.equal(claims, []);
  const german = languages.find((l) => l.name === 'German').localContent.nativeMessage;
  assert.not.match(german, 'Wir übersetzen Ihre Dokumente durch');
  assert.match(german, 'NAATI-zertifizierte Übersetzerinnen und Übersetzer');
  const hindi = languages.find((l) => l.name === 'Hindi').localContent.nativeMessage;
  assert.not.match(hindi, 'जिसे ऑस्ट्रेलिया के सभी सरकारी विभाग स्वीकार करते हैं');
});

test('acceptance: the 100% acceptance guarantee is explained in plain words where it is promised', () => {
  for (const page of ['/', '/pricing', '/faq']) {
    const text = texts.get(page)!;
    assert.match(text, '100% acceptance guarantee', page);
    assert.match(text, 'because of the translation itself', page);
    assert.match(text, 'original document', page);
  }
});

test('certificate pages: the unit matches the plan of the from-price, and no page promises a plan it does not offer', () => {
  const plans = result.model.plans.plans;
  for (const service of result.model.services) {
    const plan = plans.find((p) => p.price === service.startingPrice);
    assert.ok(plan, `${service.slug}: its from-price ${service.startingPrice} is a plan's price`);
    // plans.json says "per document + service fee" or "per page + service fee": the page's unit must be the same.
    assert.ok(plan!.priceNote.startsWith(`${service.pricing.unit} `), `${service.slug}: ${service.pricing.unit}, but ${plan!.name} is ${plan!.priceNote}`);
    assert.ok(service.pricing.plans.includes(plan!.id), `${service.slug}: from-price of ${plan!.name}, which it does not offer`);
  }
  for (const slug of ['testaments-wills', 'pension-document', 'employment-certificate']) {
    const page = html(`services/${slug}.html`);
    const note = visible(page.slice(page.indexOf('class="plan-note"'), page.indexOf('</p>', page.indexOf('class="plan-note"'))));
    assert.not.match(note, /self-service/i, slug);
    assert.not.match(note, /Express options are available at checkout/, slug);
  }
});

test('certificate pages: a page offering the one-hour Self-Service Extract lists each plan, not a slower "Standard" row beside it', () => {
  for (const service of result.model.services.filter((s) => s.pricing.plans.includes('self-service'))) {
    const labels = service.pricing.turnaround.map((row) => row.label);
    assert.not.ok(labels.includes('Standard'), `${service.slug}: ${labels.join(', ')}`);
    assert.ok(labels.includes('Self-Service Extract'), service.slug);
  }
});

test('time zone: hours say Melbourne time, and AEST never appears without AEDT; Darwin is not always half an hour behind', () => {
  assert.equal(pagesWhere((t) => /\bAEST\b/.test(t) && !/\bAEDT\b/.test(t)), []);
  assert.equal(pagesWhere((t) => t.includes('half an hour ahead of Darwin')), []);
  assert.match(texts.get('/cities/darwin')!, 'an hour and a half before yours while Melbourne is on daylight saving');
  assert.match(texts.get('/contact')!, 'AEST, or AEDT during daylight saving');
});

test('names and wording: Māori with macrons, on the Gold Coast, ID card, give you your money back', () => {
  assert.equal(pagesWhere((t) => /\bMaori\b/.test(t)), []);
  assert.match(texts.get('/maori')!, 'Māori');
  assert.match(texts.get('/cook-islands-maori')!, 'Cook Islands Māori');
  assert.equal(pagesWhere((t) => /\bin Gold Coast\b/.test(t)), []);
  assert.match(texts.get('/cities/gold-coast')!, 'NAATI Certified Translations on the Gold Coast');
  assert.equal(pagesWhere((t) => /\bid cards?\b/.test(t)), []);
  assert.equal(pagesWhere((t) => t.includes('give your money back')), []);
});

test('city cards: the name and the state badge read apart ("Sydney, NSW"), for screen readers and copied text', () => {
  const cards = html('cities.html').match(/<h2><a [^>]*class="card-link"[^>]*>[\s\S]*?<\/h2>/g)!;
  assert.is(cards.length, result.model.cities.length);
  assert.is(visible(cards[0]).trim(), 'Sydney, NSW');
  assert.ok(cards.every((card) => /^[A-Z][\w ]+, [A-Z]{2,3}$/.test(visible(card).trim())), cards.map((c) => visible(c).trim()).join(' | '));
});

test('structured data: one business entity; city pages describe the service with areaServed, not a business at Docklands', () => {
  const businesses = new Set<string>();
  for (const page of result.pages) {
    const markup = html(page.file);
    for (const block of markup.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      const text = block[1];
      for (const node of text.matchAll(/"@type":"(ProfessionalService|LocalBusiness|Organization)"/g)) businesses.add(`${page.path} ${node[1]}`);
      if (page.kind === 'city') {
        assert.not.match(text, 'PostalAddress', page.path);
        assert.match(text, '"areaServed"', page.path);
        assert.match(text, `"provider":{"@id":"https://www.example.com/#business"`, page.path);
      }
    }
  }
  // The company's node is on the home page; elsewhere it is named by its id. Blog posts name it as publisher.
  const nodes = [...businesses].filter((b) => !b.startsWith('/blog/'));
  assert.equal(nodes, ['/ ProfessionalService']);
});

test('privacy policy: overseas recipients with countries, consent for sensitive information, retention, a privacy contact', () => {
  const text = texts.get('/privacy-policy')!;
  for (const part of ['Introduction', 'Collection of Your Information', 'Use of Your Information', 'Disclosure of Your Information', 'Security of Your Information', 'Policy for Children', 'Updates to This Policy', 'Contact Us']) assert.match(text, part);
  assert.match(text, 'APP 8');
  for (const recipient of ['Netlify, Inc., United States', 'Google LLC, United States', 'tawk.to, Inc., United States', 'Trustpilot A/S, Denmark']) assert.match(text, recipient);
  assert.match(text, 'APP 3.3');
  assert.match(text, 'you consent to us collecting the sensitive information');
  assert.match(text, 'Your order is complete 12 months after we deliver your translation');
  assert.match(text, 'unlimited revisions');
  assert.match(text, 'Privacy Officer');
  assert.match(text, 'hello@example.com');
});

test('every page shows the prices and times of plans.json and facts.json, never a leftover placeholder', () => {
  assert.equal(pagesWhere((t) => t.includes('{{') || t.includes('}}')), []);
  const files = listFiles(dist).filter((f) => f.endsWith('.xml') || f.endsWith('.json') || f.endsWith('.webmanifest'));
  assert.equal(files.filter((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes('{{')), []);
});

test.run();
