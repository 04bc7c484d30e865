// Claims that agree with each other and with the business's facts. Each test pins a contradiction that was
// settled, over the built pages, so none can come back with an edit to one page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { build, type BuildResult } from '../generator/build.ts';
import { silentLogger } from '../generator/log.ts';
import { fixture, listFiles, repoRoot, type Fixture } from './helpers/project.ts';
import { servicePrice } from '../templates/components/plans.tsx';

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

test('NSW licences: every page that names Transport for NSW limits its rule to converting, and none says driving needs Multicultural NSW', () => {
  const namesIt = pagesWhere((t) => t.includes('Transport for NSW'));
  assert.ok(namesIt.length >= 70, `pages naming Transport for NSW: ${namesIt.length}`);
  for (const page of namesIt) {
    const text = texts.get(page)!;
    // Each sentence that names Transport for NSW is about converting (a conversion, converting, transfer).
    const sentences = text.split(/(?<=[.;:])\s/).filter((s) => s.includes('Transport for NSW'));
    for (const sentence of sentences) assert.match(sentence, /conver(t|sion|ting)|transfer/i, `${page}: "${sentence}"`);
    // The old blanket rule, for driving and converting alike, is gone.
    assert.not.match(text, /accepts (?:driver )?licence translations only from Multicultural NSW/, page);
    assert.not.match(text, /Transport for NSW accepts no other|the only (?:one|source) Transport for NSW accepts/, page);
    assert.not.match(text, /whether you want to drive on your overseas licence there or convert it/, page);
  }
  // Pages that explain NSW licences in full give both halves: driving on an overseas licence, and converting it.
  for (const page of ['/services/drivers-licence', '/cities/sydney', '/cities/newcastle', '/cities/wollongong']) {
    const text = texts.get(page)!;
    assert.match(text, 'To drive in NSW on a current overseas licence that is not in English, carry an English translation or an International Driving Permit', page);
    assert.match(text, 'Free Translating Service', page);
    assert.match(text, 'Taipei Economic and Cultural Office', page);
  }
  // Korean licences: the Korean Consulate-General is accepted for a conversion, Multicultural NSW is not the only source.
  assert.match(texts.get('/korean')!, 'Consulate-General of the Republic of Korea');
});

test("NSW licences: the driver's licence page's FAQ structured data gives the same split as the page", () => {
  const markup = html('services/drivers-licence.html');
  const faq = [...markup.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1])).flatMap((d) => d['@graph'] ?? [d]).find((n) => n['@type'] === 'FAQPage');
  const nsw = faq.mainEntity.find((q: { name: string }) => /NSW/.test(q.name));
  assert.match(nsw.acceptedAnswer.text, 'To drive in NSW, yes; to convert your licence, no.');
  assert.match(nsw.acceptedAnswer.text, 'Transport for NSW');
  assert.not.match(nsw.acceptedAnswer.text, 'both to drive on an overseas licence in NSW and to convert it');
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
  assert.match(page, 'an overseas licence lets you drive for up to 12 months from your last arrival');
  assert.match(page, 'a translation from an NZ Transport Agency-approved translator, a diplomatic representative of the issuing country, or the authority that issued the licence');
  // SPEC's notice, stated for conversion.
  assert.match(page, 'For a conversion, Transport for NSW only accepts translations from its own multicultural agency, Multicultural NSW');
  // Victoria: 6 months for every overseas driver, not "depending on visa".
  assert.match(page, '6 months from the day you start living in Victoria, for every overseas licence holder whatever the visa');
  assert.not.match(page, /depending on (?:the state or territory and )?(?:on )?(?:your|their) visa/);
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

test('acceptance: every page that names the acceptance guarantee carries its conditions and a link to them', () => {
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  const naming = pagesWhere((t) => /acceptance guarantee/i.test(t));
  assert.ok(naming.length >= 100, `pages naming the guarantee: ${naming.length}`);
  for (const page of naming) {
    const text = texts.get(page)!;
    assert.match(text, facts.guarantee.short, page);
    assert.match(html(result.pages.find((p) => p.path === page)!.file), `href="${facts.guarantee.link}"`, page);
  }
  // The link lands on the guarantee's own section of the terms.
  assert.match(html('terms.html'), `<h2 id="${facts.guarantee.link.split('#')[1]}">Our acceptance guarantee</h2>`);
  // Sentences that once promised it without limits.
  assert.equal(pagesWhere((t) => /guarantee (?:covers every (?:order|page)|applies to every order)|any requested change is made without charge/.test(t)), []);
  assert.equal(pagesWhere((t) => /best price guarantee/i.test(t)), []);
});

test('acceptance: no page claims all Australian authorities; the benefit card stands beside the NSW licence-conversion note', () => {
  // No source says every authority accepts a NAATI translation (docs/sources.md), so SPEC's "accepted by all
  // Australian authorities" is said without "all".
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  assert.equal(pagesWhere((t) => /all Australian (?:authorities|government departments)/i.test(t)), []);
  const claims = pagesWhere((t) => t.includes(facts.acceptance.benefit));
  assert.ok(claims.length >= 60, `pages with the benefit: ${claims.length}`);
  for (const page of claims) assert.match(texts.get(page)!, 'NSW licence conversion is the exception', page);
  // On a language page, the note is in the same card; where NAATI has no test, the card says to ask first.
  for (const page of result.pages.filter((p) => p.kind === 'language')) {
    const recognised = /Recognised Practising credential, not certification/.test(texts.get(page.path)!);
    const title = recognised ? 'Ask the agency first' : facts.acceptance.benefit;
    const card = html(page.file).match(new RegExp(`<h3>${title}</h3>[\\s\\S]*?</li>`))?.[0] ?? '';
    assert.match(card, 'class="card-note"', page.path);
    assert.match(visible(card), facts.acceptance.nswNote.split(':')[0], page.path);
  }
});

test('a language NAATI does not test: its title, heading, benefits and steps never call the translation certified', () => {
  const recognised = result.pages.filter((p) => p.kind === 'language' && /Recognised Practising credential, not certification/.test(texts.get(p.path)!));
  assert.equal(recognised.map((p) => p.path).sort(), ['/cook-islands-maori', '/dinka', '/fijian', '/tok-pisin']);
  for (const page of recognised) {
    const doc = html(page.file);
    const title = doc.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
    const h1 = visible(doc.match(/<h1[^>]*>[\s\S]*?<\/h1>/)?.[0] ?? '').trim();
    assert.match(title, /^[^|]+ NAATI Credentialed Translation Services \|/, page.path);
    assert.match(h1, /^NAATI Credentialed .+ Translation Services$/, page.path);
    const section = (id: string) => visible(doc.match(new RegExp(`<section[^>]*id="${id}"[\\s\\S]*?</section>`))?.[0] ?? '');
    assert.not.match(section('benefits'), /such as ours|Accepted by|NAATI certified translators/, page.path);
    assert.match(section('benefits'), 'Ask the agency first', page.path);
    assert.not.match(section('process'), /NAATI certified/i, page.path);
    assert.not.match(section('authorities'), /translations are accepted/, page.path);
  }
});

test("a language NAATI does not test: the process's certification step and the credential benefit take their words from the page's content, whatever the shared ones say and in whatever order the files keep them", async () => {
  // Staff may reword the shared step, benefit or credential text; the recognised pages keep the words their own content gives them.
  // The steps and benefits are named, not numbered: written in another order, each replaced one is still the one replaced.
  const reversed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
  const own = fixture();
  try {
    own.editJson('content/shared.json', (d) => {
      d.standardSteps.certification.title = 'Certified by NAATI';
      d.standardSteps = reversed(d.standardSteps);
    });
    own.editJson('content/pages/languages.json', (d) => {
      d.languagePage.benefits = reversed(d.languagePage.benefits);
      d.languagePage.credential.recognisedStepTitle = 'Checked by a {language} translator NAATI credentials';
      d.languagePage.credential.recognised = 'A reworded first sentence. And more.';
      d.languagePage.credential.recognisedTranslator = { title: 'Credentialed in {language}', text: 'Our {language} translator holds Recognised Practising.' };
    });
    const built = await build({ root: own.root, logger: silentLogger });
    const section = (route: string, id: string) => {
      const doc = fs.readFileSync(path.join(own.root, 'dist', built.pages.find((p) => p.path === route)!.file), 'utf8');
      return doc.match(new RegExp(`<section[^>]*id="${id}"[\\s\\S]*?</section>`))?.[0] ?? '';
    };
    const stepTitles = (route: string) => [...section(route, 'process').matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1]);
    const firstBenefit = (route: string) => section(route, 'benefits').match(/<h3>([^<]*)<\/h3><p>([^<]*)<\/p>/)?.slice(1);
    const dir = path.join(own.content, 'languages');
    const recognised = fs
      .readdirSync(dir)
      .map((f) => ({ route: `/${path.basename(f, '.json')}`, ...JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }))
      .filter((l) => l.naatiCredential === 'recognised-practising');
    assert.equal(recognised.map((l) => l.route).sort(), ['/cook-islands-maori', '/dinka', '/fijian', '/tok-pisin']);
    for (const l of recognised) {
      assert.equal(stepTitles(l.route), ['Upload and pay', `Checked by a ${l.name} translator NAATI credentials`, 'Delivery'], l.route);
      assert.equal(firstBenefit(l.route), [`Credentialed in ${l.name}`, `Our ${l.name} translator holds Recognised Practising.`], l.route);
    }
    assert.equal(stepTitles('/korean'), ['Upload and pay', 'Certified by NAATI', 'Delivery']);
    assert.equal(firstBenefit('/korean')?.[0], 'NAATI certified translators');
  } finally {
    own.remove();
  }
});

test('acceptance: no page says courts, tribunals or Services Australia accept our translations; what was confirmed is sourced', () => {
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  // No public source says they do: a court or registry sets its own rules, and Services Australia translates what it needs itself.
  const claims = [...texts].flatMap(([page, text]) =>
    text
      .split(/(?<=[.!?])\s/)
      .filter((s) => /\baccept/i.test(s) && /translation|accepted by/i.test(s) && /Services Australia|Centrelink|\bcourts\b|\btribunals\b/i.test(s))
      .map((s) => `${page}: "${s.trim().slice(0, 200)}"`),
  );
  assert.equal(claims, []);
  assert.equal(pagesWhere((t) => /what Australian courts usually look for/.test(t)), []);
  // The authorities list on each language page names no body we have not confirmed.
  for (const page of result.pages.filter((p) => p.kind === 'language')) {
    const list = visible(html(page.file).match(/<section[^>]*id="authorities"[\s\S]*?<\/section>/)?.[0] ?? '');
    assert.not.match(list, /Services Australia|Courts/, page.path);
  }
  // What the sources do say, on the pages that speak of it.
  assert.match(texts.get('/services/pension-document')!, facts.rules.servicesAustraliaTranslation.value);
  assert.match(texts.get('/cities/melbourne')!, facts.rules.bdmVicTranslation.value);
  assert.match(texts.get('/services/change-of-name')!, facts.rules.bdmVicTranslation.value);
});

test('acceptance: no page lists Services Australia or courts among those wanting a NAATI translation, nor "any Australian department"', () => {
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  // Services Australia translates what it needs itself, and no source says what courts want: the posts send the reader to ask.
  assert.equal(pagesWhere((t) => /Services Australia, for Centrelink/.test(t)), []);
  assert.equal(pagesWhere((t) => /courts, tribunals and government agencies, the usual standard/.test(t)), []);
  assert.equal(pagesWhere((t) => /any Australian department/i.test(t)), []);
  assert.match(texts.get('/blog/naati-vs-standard-translations-differences')!, facts.rules.servicesAustraliaTranslation.value);
  assert.match(texts.get('/blog/choose-right-translation-service-legal-documents')!, 'Courts and tribunals set their own rules');
});

test('Services Australia: no page offers a translation as being for it, since it translates what it needs itself', () => {
  // rules.servicesAustraliaTranslation: it translates, free, the documents it needs for payments and services, and
  // has its own translator translate an identity document even when one is brought. Pages may say it asks about a
  // document; they may not sell our translation as what it wants.
  const offers = [...texts].flatMap(([page, text]) =>
    text
      .split(/(?<=[.!?])\s/)
      .filter((s) => /\b(?:for|by|through) (?:[\w' ]+, )*Services Australia\b(?! (?:may|asks|uses|relies))|Services Australia[^.]*(?:want it in English|may need an English|ask for a translation)/.test(s))
      .map((s) => `${page}: "${s.trim().slice(0, 160)}"`),
  );
  const metas = result.pages.flatMap((page) =>
    Array.from(html(page.file).matchAll(/<meta name="description" content="([^"]*)"/g), (m) => m[1])
      .filter((d) => /\bfor (?:[\w' ]+, )*Services Australia\b/.test(d))
      .map((d) => `${page.path}: ${d}`),
  );
  assert.equal([...offers, ...metas], []);
});

test('acceptance: no blanket "all Australian authorities accept"; the language pages list only bodies a source confirms', () => {
  // AHPRA takes no extracts, SA, TAS, ACT and NT transport agencies are not confirmed, and of the registries only
  // Births, Deaths and Marriages Victoria is (docs/sources.md): a list of who accepts ours says no more than that.
  assert.equal(pagesWhere((t) => /all Australian authorities accept/i.test(t)), []);
  for (const page of result.pages.filter((p) => p.kind === 'language')) {
    const list = visible(html(page.file).match(/<section[^>]*id="authorities"[\s\S]*?<\/section>/)?.[0] ?? '');
    assert.not.match(list, /Births, deaths and marriages registries|other professional registration bodies/i, page.path);
    assert.match(list, /State and territory transport agencies[^.]*driver's licence page/, page.path);
  }
});

test('spelling: Australian -ise forms in what visitors read, but for the names of foreign bodies', () => {
  // Words whose -ize is no American spelling, and bodies that spell their own names with a z.
  const fine = /^(?:size[sd]?|sizing|prize[sd]?|seize[sd]?|seizing|capsize[sd]?)$/i;
  const names = /Civil Status Organization|National Organization for Civil Registration/g;
  const found = [...texts].flatMap(([page, text]) =>
    Array.from(text.replace(names, '').matchAll(/\b[A-Za-z]+(?:ize[sd]?|izing|ization|izations)\b/g), (m) => m[0])
      .filter((word) => !fine.test(word))
      .map((word) => `${page}: ${word}`),
  );
  assert.equal(found, []);
});

test('prose pages: "Last updated" is no earlier than the last change to the page\'s own text', () => {
  // The terms say "The date at the top of this page shows when they were last updated", and the version in force
  // when an order is placed applies to it: a change of wording must move the date. Read from git (skipped outside
  // a repository or in a shallow clone); a commit that changes only the `updated:` line does not count. Facts the page names, changed
  // in facts.json, are not seen here.
  const git = (...args: string[]) => execFileSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    // A shallow clone's oldest commit shows the whole file as added that day: no history to judge by.
    if (git('rev-parse', '--is-shallow-repository').trim() === 'true') return;
  } catch {
    return;
  }
  const stale: string[] = [];
  for (const name of ['terms', 'privacy-policy']) {
    const file = `content/pages/${name}.md`;
    const updated = fs.readFileSync(path.join(repoRoot, file), 'utf8').match(/^updated: "?(\d{4}-\d{2}-\d{2})"?$/m)?.[1];
    assert.ok(updated, `${file} has an updated date`);
    for (const commit of git('log', '--format=%H %as', '--', file).trim().split('\n').filter(Boolean)) {
      const [hash, day] = commit.split(' ');
      const changed = git('show', '--format=', '-U0', hash, '--', file)
        .split('\n')
        .filter((line) => /^[+-](?![+-]{2} )/.test(line) && !/^[+-]updated:/.test(line));
      if (!changed.length) continue;
      if (updated! < day) stale.push(`${file}: updated ${updated}, but its text changed on ${day} (${hash.slice(0, 7)})`);
      break;
    }
  }
  assert.equal(stale, []);
});

test('terms and disclaimer: the translator\'s credential is promised as NAATI grants it, Recognised Practising where NAATI has no test', () => {
  // Tok Pisin, Fijian, Cook Islands Māori and Dinka are translated by Recognised Practising translators
  // (naatiCredential), so the terms cannot promise a NAATI certified translator for every order.
  const terms = texts.get('/terms')!;
  assert.not.match(terms, /completed by NAATI certified translators|reviewed and corrected, by a NAATI certified translator/);
  assert.match(terms, 'Recognised Practising');
  // The service pages' disclaimer likewise.
  assert.equal(pagesWhere((t) => /Our translations are completed by NAATI certified translators/.test(t)), []);
});

test('AHPRA: no sentence says it accepts ours without its condition, a full translation of qualifications', () => {
  const claims = [...texts].flatMap(([page, text]) =>
    text
      .split(/(?<=[.!?])\s/)
      .filter((s) => /AHPRA/.test(s) && /\baccept(?:s|ed)?\b/i.test(s) && !/full translation/.test(s))
      .map((s) => `${page}: "${s.trim().slice(0, 160)}"`),
  );
  assert.equal(claims, []);
});

test('terms: the limit of liability is stated as section 64A of the Australian Consumer Law allows it', () => {
  const terms = texts.get('/terms')!;
  // The old clause limited every failure to a redo or a refund, which the law allows only for services not ordinarily bought for personal use.
  assert.not.match(terms, 'our liability for any failure to provide our service as promised is limited');
  assert.match(terms, 'section 64A of the Australian Consumer Law');
  assert.match(terms, 'not of a kind ordinarily acquired for personal, domestic or household use');
  assert.match(terms, 'supplying the service again or paying the cost of having it supplied again');
});

test('deletion: one fact, the same on every page that speaks of deleting files', () => {
  const speaks = pagesWhere((t) => /deleted automatically|automatic deletion/i.test(t));
  assert.ok(speaks.length >= 30, `pages about deletion: ${speaks.length}`);
  for (const page of speaks) {
    const sentences = texts.get(page)!.split(/(?<=\.)\s/).filter((s) => /deleted automatically|automatic deletion/i.test(s));
    for (const sentence of sentences) {
      assert.match(sentence, /12 months after (?:delivery|we deliver)/, `${page}: "${sentence}"`);
      // SPEC: deleted automatically and on request; a claim of the first alone reads as if asking were no use.
      assert.match(sentence, /sooner if you ask/, `${page}: "${sentence}"`);
    }
  }
  assert.equal(pagesWhere((t) => /deleted(?: automatically)? (?:once|when) (?:your|the) order is complete/.test(t)), []);
});

test('speed: a claim of about an hour outside the page text (social cards, their alt text, the web manifest) is qualified too', () => {
  // The tagline is drawn on the cards of the prose pages and the HTML sitemap, and is the manifest's description,
  // where no sentence beside it says "most self-service orders, in business hours".
  const manifest = JSON.parse(html('site.webmanifest'));
  const heads = result.pages.flatMap((page) =>
    Array.from(html(page.file).matchAll(/<meta [^>]*content="([^"]*)"/g), (m) => `${page.path}: ${m[1]}`),
  );
  const unqualified = [`site.webmanifest: ${manifest.description}`, ...heads].filter((s) => /about (?:an|1|one) hour/i.test(s) && !/business hours/i.test(s));
  assert.equal(unqualified, []);
});

test('encryption and speed: 256-bit encryption is claimed for uploads, never for the emailed translation; "about 1 hour" is qualified', () => {
  assert.equal(pagesWhere((t) => /256-bit encryption for documents uploaded to us and translations sent to you|Uploads and downloads are protected/.test(t)), []);
  assert.match(texts.get('/privacy-policy')!, 'ordinary email, which is not end-to-end encrypted');
  // After the encryption fact, which ends on the emailed PDF, the terms' confidentiality promise names what it is about:
  // "They are seen only by the people working on your order" read as if it meant the PDF in your inbox.
  assert.match(texts.get('/terms')!, 'so keep it somewhere safe. Your documents are seen only by the people working on your order.');
  assert.equal(pagesWhere((t) => t.includes('keep it somewhere safe. They ')), []);
  const hero = texts.get('/')!;
  assert.match(hero, 'Most self-service orders placed in business hours are ready in about 1 hour');
  assert.equal(pagesWhere((t) => /\bReady in about 1 hour\b/.test(t)), []);
});

test('prices: the minimum total stands beside "+ Service Fee" on every language page and on the floating badge', () => {
  const plans = JSON.parse(fs.readFileSync(path.join(site.content, 'plans.json'), 'utf8'));
  const cents = (p: string) => Math.round(Number(p.slice(1)) * 100);
  const minimum = `$${((Math.min(...plans.plans.map((p: { price: string }) => cents(p.price))) + cents(plans.serviceFee)) / 100).toFixed(2)}`;
  for (const page of result.pages.filter((p) => p.kind === 'language')) {
    const text = texts.get(page.path)!;
    assert.match(text, `From $44.95 + Service Fee · ${minimum} minimum total`, page.path);
  }
  assert.match(html('index.html'), new RegExp(`class="floating-badge"[^>]*>From \\${minimum} incl\\. fee<`));
  // Every "+ service fee" in a page's body is followed by its total (the language pages' titles are SPEC's own
  // words, and the total stands right under them in the hero).
  const bodies = result.pages.map((p) => [p.path, visible(html(p.file).split('<body')[1] ?? '')] as const);
  const bare = bodies.filter(([, t]) => /\$\d+\.\d{2}(?: per (?:document|page))? (?:\+|plus a) [sS]ervice [fF]ee(?![^.]{0,40}\$\d+\.\d{2})/.test(t)).map(([p]) => p);
  assert.equal(bare, []);
});

test('prices: wherever a part price is set in bold, the total with the fee is set in bold beside it (ACL s 48(7))', () => {
  // A single price must be at least as prominent as the most prominent part of it: a large "$44.95" over a small
  // "$54.90 in total" is the ACCC's own example of what is not allowed.
  const plans = JSON.parse(fs.readFileSync(path.join(site.content, 'plans.json'), 'utf8'));
  const cents = (p: string) => Math.round(Number(p.slice(1)) * 100);
  const total = (p: string) => `$${((cents(p) + cents(plans.serviceFee)) / 100).toFixed(2)}`;
  const parts = new Set<string>(plans.plans.map((p: { price: string }) => p.price));
  const weak: string[] = [];
  for (const page of result.pages) {
    const body = html(page.file).split('<body')[1] ?? '';
    for (const m of body.matchAll(/<strong>(\$\d+\.\d{2})<\/strong>/g)) {
      if (!parts.has(m[1])) continue;
      const after = body.slice(m.index! + m[0].length, m.index! + m[0].length + 400);
      if (!after.includes(`<strong>${total(m[1])}</strong>`)) weak.push(`${page.path}: ${m[1]}`);
    }
  }
  assert.equal([...new Set(weak)], []);
  // The bold total is as large as the bold part price.
  const css = fs.readFileSync(path.join(repoRoot, 'assets', 'css', 'components', 'plans.css'), 'utf8');
  assert.match(css, /\.plan-price strong,\s*\.plan-total strong\s*\{/);
});

test('refunds: every page that leaves refunds to our discretion also states the ACL consumer guarantees, from its sourced fact', () => {
  // A refund policy that reads as "at our discretion" without the guarantees misleads about rights no term can exclude.
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  const acl = facts.rules.aclGuarantees;
  assert.ok(acl?.source && acl.checked, 'facts.rules.aclGuarantees has a source and a checked date');
  const discretion = pagesWhere((t) => /refund/i.test(t) && /at our discretion/.test(t));
  assert.ok(discretion.includes('/faq') && discretion.includes('/terms'), discretion.join(', '));
  for (const page of discretion) assert.match(texts.get(page)!, acl.value, page);
  // Only a change of mind is left to our discretion.
  for (const page of discretion) assert.match(texts.get(page)!, /such as a change of mind, (?:is|are) considered case by case, at our discretion/, page);
});

test("Home Affairs' translation rule: every page that states it gives the sourced fact, not its own version", () => {
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  const rule = facts.rules.homeAffairsTranslation;
  assert.ok(rule?.source && rule.checked, 'facts.rules.homeAffairsTranslation has a source and a checked date');
  const stating = pagesWhere((t) => /translations? (?:made|done) (?:in|outside) Australia|translators? outside Australia|made overseas, the department/i.test(t) && /Home Affairs|the department/.test(t));
  for (const page of ['/blog/naati-certified-translations-immigration', '/services/birth-certificates', '/services/visa-documents']) assert.ok(stating.includes(page), page);
  for (const page of stating) assert.match(texts.get(page)!, rule.value, page);
  // Home Affairs' page sends applicants to NAATI; it does not name a credential, so the site does not either.
  assert.equal(pagesWhere((t) => /translations made in Australia (?:should|are) (?:be )?(?:done|come) (?:by|from) a NAATI/.test(t)), []);
});

test("AHPRA: a page that says AHPRA accepts our translations, or sends practitioners' qualifications there, says it needs a full translation", () => {
  // AHPRA does not accept an extract of a degree, diploma, certificate or transcript; our cheapest plans are extracts.
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  const rule = facts.rules.ahpraTranslation;
  assert.ok(rule?.source && rule.checked, 'facts.rules.ahpraTranslation has a source and a checked date');
  const accepting = pagesWhere((t) => t.split(/(?<=[.;:])\s/).some((s) => /AHPRA/.test(s) && /accept/i.test(s)));
  for (const page of ['/faq', '/malayalam']) assert.ok(accepting.includes(page), page);
  for (const page of new Set([...accepting, '/services/university-documents'])) {
    const text = texts.get(page)!;
    assert.ok(text.includes(rule.value) || text.includes(facts.rules.ahpraTranslationShort.value), page);
  }
});

test('Immigration New Zealand: a page that says it accepts our translations gives its rule, and none says it asks for NAATI', () => {
  // INZ takes a certified translation from any translation business (among others), not only from a NAATI translator.
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  const rule = facts.rules.inzTranslation;
  assert.ok(rule?.source && rule.checked, 'facts.rules.inzTranslation has a source and a checked date');
  const sentences = (text: string) => text.split(/(?<=[.;:!?])\s/).filter((s) => /Immigration (?:New Zealand|NZ)\b/.test(s));
  // The terms' guarantee ("refuses to accept our translation") names INZ without saying it accepts ours.
  const accepting = pagesWhere((t) => sentences(t).some((s) => /\baccept/i.test(s) && !/refuses? to accept/.test(s)));
  for (const page of ['/', '/contact', '/services/visa-documents', '/services/drivers-licence', '/chinese']) assert.ok(accepting.includes(page), page);
  for (const page of accepting) {
    const text = texts.get(page)!;
    assert.ok(text.includes(rule.value) || text.includes(facts.rules.inzTranslationShort.value), page);
  }
  const asksForNaati = [...texts].flatMap(([page, text]) => sentences(text).filter((s) => /NAATI/.test(s) && /\basks? for\b/.test(s) && !s.includes(rule.value) && !s.includes(facts.rules.inzTranslationShort.value)).map((s) => `${page}: "${s.slice(0, 160)}"`));
  assert.equal(asksForNaati, []);
});

test('universities and TAFEs: a page that says they accept or ask for a NAATI translation says each sets its own rule', () => {
  // No public source says all of them do: Southern Cross University asks for a NAATI translator, TAFE Queensland for
  // an "official certified" translation; others were not found.
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  const rule = facts.rules.institutionTranslation;
  assert.ok(rule?.source && rule.checked, 'facts.rules.institutionTranslation has a source and a checked date');
  const claims = (text: string) =>
    text
      .split(/(?<=[.;:!?])\s/)
      .some((s) => /universit|\bTAFE/i.test(s) && ((/\baccept/i.test(s) && !/refuses? to accept/.test(s)) || (/NAATI/.test(s) && /\basks? for\b/.test(s))));
  const claiming = pagesWhere(claims);
  for (const page of ['/faq', '/contact', '/chinese', '/cities/sydney']) assert.ok(claiming.includes(page), page);
  const bare = claiming.filter((page) => !texts.get(page)!.includes(rule.value) && !texts.get(page)!.includes(facts.rules.institutionTranslationShort.value));
  assert.equal(bare, []);
  assert.equal(pagesWhere((t) => /accepted by (?:Home Affairs, )?(?:Immigration New Zealand )?(?:and )?universities/.test(t)), []);
});

test('NAATI: the blog dates the change from accreditation to certification as NAATI does', () => {
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  const rule = facts.rules.naatiCertification;
  assert.ok(rule?.source.startsWith('https://www.naati.com.au/') && rule.checked, 'facts.rules.naatiCertification is read on naati.com.au, with a date');
  const dating = pagesWhere((t) => t.split(/(?<=[.;:!?])\s/).some((s) => /\b2018\b/.test(s) && /NAATI|accredit/i.test(s)));
  assert.ok(dating.includes('/blog/naati-vs-standard-translations-differences'), dating.join(', '));
  for (const page of dating) assert.match(texts.get(page)!, rule.value, page);
});

test('prices: titles and descriptions, which search results show alone, give the total wherever they give a part price', () => {
  const plans = JSON.parse(fs.readFileSync(path.join(site.content, 'plans.json'), 'utf8'));
  const cents = (p: string) => Math.round(Number(p.slice(1)) * 100);
  const total = (p: string) => `$${((cents(p) + cents(plans.serviceFee)) / 100).toFixed(2)}`;
  const parts: string[] = plans.plans.map((p: { price: string }) => p.price);
  const bare: string[] = [];
  for (const page of result.pages) {
    const head = html(page.file).split('</head>')[0];
    const strings = [...head.matchAll(/<title>([^<]*)<\/title>|<meta [^>]*content="([^"]*)"/g)].map((m) => m[1] ?? m[2]);
    for (const text of strings) for (const part of parts) if (text.includes(part) && !text.includes(total(part))) bare.push(`${page.path}: ${text}`);
  }
  assert.equal([...new Set(bare)], []);
  // Converting a licence is not what our translation is for in NSW, so no description offers it for all of Australia.
  assert.equal(pagesWhere((t) => /licence conversion in Australia/.test(t)), []);
  assert.not.match(html('services/drivers-licence.html').split('</head>')[0], 'licence conversion in Australia');
});

test('certificate pages: the unit matches the plan of the from-price, and no page promises a plan it does not offer', () => {
  const plans = result.model.plans.plans;
  for (const service of result.model.services) {
    const price = servicePrice(service, result.model.plans);
    const plan = plans.find((p) => p.price === price);
    assert.ok(plan, `${service.slug}: its from-price ${price} is a plan's price`);
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
  assert.match(texts.get('/cities/darwin')!, 'our day starts earlier than yours, and earlier still from October to April');
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
  for (const part of ['Introduction', 'Collection of Your Information', 'Use of Your Information', 'Disclosure of Your Information', 'Security of Your Information', 'Information about Children', 'Updates to This Policy', 'Contact Us']) assert.match(text, part);
  assert.match(text, 'APP 8');
  for (const recipient of ['Netlify, Inc., United States', 'Google LLC, United States', 'tawk.to, Inc., United States', 'Trustpilot A/S, Denmark', 'Example Mail Co., United States', 'Example Storage Co., United States', 'Example Orders Pty Ltd, Australia and the United States', 'working in Australia, New Zealand, the Philippines and Vietnam']) assert.match(text, recipient);
  assert.match(text, 'APP 3.3');
  assert.match(text, 'you consent to us collecting the sensitive information');
  assert.match(text, 'Your uploaded documents and finished translation are deleted automatically 12 months after we deliver your translation');
  // APP 3: no consent by using the website. APP 6: no open-ended "protect our legal rights".
  assert.not.match(text, /By using our website/);
  assert.not.match(text, 'to protect our legal rights');
  assert.match(text, 'establish, exercise or defend a legal or equitable claim');
  // APP 12 and 13.
  for (const part of ['Checking it is you', 'Fees.', 'tell you in writing why', 'irrelevant or misleading', 'attach a statement', 'you can ask us to tell them']) assert.match(text, part);
  assert.not.match(text, /under (?:the age of )?13/);
  assert.match(text, 'unlimited revisions');
  assert.match(text, 'Privacy Officer');
  assert.match(text, 'hello@example.com');
});

test('every page shows the prices and times of plans.json and facts.json, never a leftover placeholder', () => {
  assert.equal(pagesWhere((t) => t.includes('{{') || t.includes('}}')), []);
  // The editor's own data (admin/editor.json) holds every fact as written, placeholders included, for its picker.
  const files = listFiles(dist).filter((f) => !f.startsWith('admin/') && (f.endsWith('.xml') || f.endsWith('.json') || f.endsWith('.webmanifest')));
  assert.equal(files.filter((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes('{{')), []);
});

test('regulatory claims: Vietnam, China and NAATI credentials say what the sources say', () => {
  const vietnamese = texts.get('/vietnamese')!;
  assert.match(vietnamese, 'Since 1 March 2025, judicial record certificates (Phiếu lý lịch tư pháp) are issued by the Ministry of Public Security (Bộ Công an) and provincial police');
  assert.not.match(vietnamese, 'National Centre for Judicial Records or a provincial Department of Justice');
  const chinese = texts.get('/chinese')!;
  assert.match(chinese, 'a notarial certificate of no criminal record (无犯罪记录公证书) issued by a Notary Public Office (公证处)');
  assert.not.match(chinese, 'sometimes together with a notarial certificate');
  // Where NAATI has no certification test, the page says Recognised Practising and does not call the translator certified.
  for (const slug of ['tok-pisin', 'fijian', 'cook-islands-maori', 'dinka']) {
    const main = visible(html(`${slug}.html`).split('<main')[1].split('</main>')[0]);
    assert.match(main, "NAATI's Recognised Practising credential, not certification", slug);
    // The one mention left is the advice that agencies prefer a certified translator where one exists.
    assert.not.match(main.replaceAll('ask for a NAATI certified translator where one exists', ''), /NAATI certified translator/, slug);
  }
  // Other languages name both credentials rather than claim one that is not confirmed.
  assert.match(texts.get('/samoan')!, 'Certified Translator where NAATI tests Samoan, or Recognised Practising where NAATI offers no Samoan test');
});

test("trust: About Us lands on a real section; how to check a credential, a SAMPLE translation, the state table, the Free Translating Service", () => {
  const home = html('index.html');
  assert.match(html('contact.html'), /<a href="\/#about">About Us<\/a>/);
  const about = home.match(/<section id="about"[\s\S]*?<\/section>/)?.[0] ?? '';
  for (const part of ['Who we are', "Our translators' credentials", 'How we work']) assert.match(visible(about), part);
  assert.match(about, 'Free Translating Service');
  const verify = home.match(/<section id="verify"[\s\S]*?<\/section>/)?.[0] ?? '';
  // Said no stronger than NAATI's own pages bear out: the directory is for looking people up, not a promise that
  // every practitioner is in it.
  assert.match(visible(verify), "NAATI's online directory lets you look up practitioners");
  assert.not.match(visible(verify), /every practitioner/);
  assert.match(verify, /<img[^>]+sample-certified-translation[^>]+alt="A SAMPLE certified translation/);
  const sample = fs.readFileSync(path.join(repoRoot, 'assets', 'images', 'home', 'sample-certified-translation.svg'), 'utf8');
  assert.ok((sample.match(/>SAMPLE</g) ?? []).length >= 2, 'the sample says SAMPLE twice');
  const table = html('services/drivers-licence.html').match(/<table class="rules-table">[\s\S]*?<\/table>/)?.[0] ?? '';
  const rows = table.match(/<tr>[\s\S]*?<\/tr>/g)!.slice(1);
  assert.is(rows.length, 9);
  const facts = JSON.parse(fs.readFileSync(path.join(site.content, 'facts.json'), 'utf8'));
  // Each confirmed row links its source and shows the day it was checked, both from facts.json.
  for (const rule of ['nswConvert', 'vicPeriod', 'qld', 'wa', 'nz']) {
    const row = rows.find((r) => r.includes(`href="${facts.rules[rule].source.replace(/&/g, '&amp;')}"`));
    assert.ok(row, rule);
    assert.match(row!, `dateTime="${facts.rules[rule].checked}"`, rule);
  }
  assert.is(rows.filter((r) => r.includes('Not confirmed by us')).length, 4);
});

test('privacy: collection notices beside the contact form, the help form, the newsletter and the chat', () => {
  const notices = JSON.parse(fs.readFileSync(path.join(site.content, 'shared.json'), 'utf8')).collectionNotices;
  const contact = texts.get('/contact')!;
  assert.match(contact, 'Collection notice: we collect what you type here to answer your enquiry');
  assert.match(contact, 'Collection notice: the chat is run by tawk.to');
  assert.match(texts.get('/pricing')!, 'Collection notice: we collect what you type here');
  assert.match(texts.get('/blog')!, notices.newsletter.slice(0, 60));
  // Each notice names only the services its own form uses: the contact form has a reCAPTCHA check, the help
  // form on /pricing has none, so its notice must not tell visitors Google checks what they type.
  const notice = (page: string) => texts.get(page)!.match(/Collection notice: we collect what you type[^]*?(?=How we handle)/)![0];
  assert.match(notice('/contact'), 'reCAPTCHA');
  assert.not.match(notice('/pricing'), /reCAPTCHA|Google/);
  assert.not.match(html('pricing.html'), 'class="captcha"', 'the help form has no reCAPTCHA box');
  // Outside the form's island, so the island's markup stays the form alone.
  for (const file of ['contact.html', 'pricing.html']) {
    const markup = html(file);
    const island = markup.slice(markup.indexOf('data-island="contact-form"'), markup.indexOf('</site-island>', markup.indexOf('data-island="contact-form"')));
    assert.not.match(island, 'collection-notice', file);
  }
});

test.run();
