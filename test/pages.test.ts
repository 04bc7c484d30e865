// The website as built: every route with its title, h1 and key content; the counts of each kind of page and
// each service page's price and turnaround; a page for every language, right to left where the language is; semantic structure
// (one h1, headings in order, landmarks) and order links that open the external order page in a new tab.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { build } from '../generator/build.ts';
import { silentLogger } from '../generator/log.ts';
import { outputFileOf } from '../generator/address.ts';
import { fixture, listFiles, type Fixture } from './helpers/project.ts';
import { headingIds } from '../templates/pages/prose.tsx';
import { markdownToHtml } from '../generator/markdown/processor.ts';

const test = suite('pages');
let site: Fixture;
let dist: string;
const cache = new Map<string, HTMLElement>();

/** The parsed page at a route. */
function page(route: string): HTMLElement {
  const file = outputFileOf(route);
  if (!cache.has(file)) {
    const full = path.join(dist, file);
    assert.ok(fs.existsSync(full), `${route} is built (${file})`);
    cache.set(file, parse(fs.readFileSync(full, 'utf8')));
  }
  return cache.get(file)!;
}
const text = (element: HTMLElement | null | undefined) => (element?.text ?? '').replace(/\s+/g, ' ').trim();
const title = (route: string) => text(page(route).querySelector('title'));
const h1 = (route: string) => text(page(route).querySelector('main h1'));
const count = (route: string, selector: string) => page(route).querySelectorAll(selector).length;

const services = 'birth-certificates marriage-certificates death-certificates drivers-licence citizenship-certificates police-clearance university-documents academic-transcripts passports national-id-card property-documents legal-documents medical-documents business-documents visa-documents power-of-attorney divorce-documents bank-statements payslips military-service-record pension-document employment-certificate change-of-name testaments-wills'.split(' ');
const cities: Record<string, string> = { sydney: 'NSW', newcastle: 'NSW', wollongong: 'NSW', melbourne: 'VIC', geelong: 'VIC', brisbane: 'QLD', 'gold-coast': 'QLD', perth: 'WA', adelaide: 'SA', canberra: 'ACT', hobart: 'TAS', darwin: 'NT' };
const posts = ['naati-certified-translations-immigration', 'choose-right-translation-service-legal-documents', 'document-translation-guide-international-students', 'naati-vs-standard-translations-differences', 'translating-business-documents-australian-market'];
const staticRoutes = ['/', '/services', '/cities', '/languages', '/process', '/pricing', '/blog', '/faq', '/contact', '/privacy-policy', '/terms', '/sitemap', '/admin/tawkto-setup'];

test.before(async () => {
  site = fixture();
  await build({ root: site.root, logger: silentLogger });
  dist = path.join(site.root, 'dist');
});
test.after(() => site.remove());

test('every route is built, with a title and one h1', () => {
  const routes = [...staticRoutes, ...services.map((s) => `/services/${s}`), ...Object.keys(cities).map((c) => `/cities/${c}`), ...posts.map((p) => `/blog/${p}`), '/404'];
  for (const route of routes) {
    assert.ok(title(route).length > 10, `${route} has a title`);
    assert.is(count(route, 'h1'), 1, `${route} has one h1`);
    assert.ok(h1(route).length > 3, `${route} has a heading`);
  }
  assert.is(fs.readFileSync(path.join(dist, '_redirects'), 'utf8').match(/^\/services\/passports-ids\s+\/services\/passports\s+301$/m)?.length, 1, 'passports-ids is the other reading of passports');
});

test('language lists are in alphabetical order as a reader reads it: Māori beside Maltese, not after Mongolian', () => {
  const inOrder = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, 'en'));
  const choices = page('/contact').querySelectorAll('select[name="language"] option').map((o) => text(o)).slice(1);
  assert.ok(choices.includes('Māori') && choices.includes('Mongolian'));
  assert.equal(choices, inOrder(choices), 'the contact form\'s language choices');
  for (const group of page('/languages').querySelectorAll('section[id]')) {
    const names = group.querySelectorAll('a.language-card strong').map((n) => text(n));
    assert.equal(names, inOrder(names), `/languages #${group.id}`);
  }
});

test('the not-found page says the page does not exist and links home', () => {
  assert.is(h1('/404'), 'Page Not Found');
  assert.match(text(page('/404').querySelector('main')), "Sorry, the page you're looking for doesn't exist or has been moved.");
  assert.ok(page('/404').querySelectorAll('main a').some((a) => a.getAttribute('href') === '/' && text(a) === 'Return to Home'));
});

test('a page kept out of search engines (noindex) names no canonical address; every other page names its own', () => {
  // Google: noindex and rel=canonical are conflicting signals; a noindex page should name no canonical address.
  const noindex: string[] = [];
  for (const file of listFiles(dist).filter((f) => f.endsWith('.html') && f !== 'admin/index.html')) {
    const html = parse(fs.readFileSync(path.join(dist, file), 'utf8'));
    const robots = html.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '';
    const canonical = html.querySelectorAll('link[rel="canonical"]');
    if (/noindex/.test(robots)) {
      noindex.push(file);
      assert.is(canonical.length, 0, `${file} is noindex and names a canonical address`);
    } else assert.is(canonical.length, 1, `${file} names its canonical address`);
  }
  assert.ok(noindex.includes('admin/tawkto-setup.html') && noindex.includes('404.html'), noindex.join(', '));
});

test('home: the nine sections in order, 9 features, 6 popular documents with Learn More, 3 plans, 5 testimonials', () => {
  const home = page('/');
  const ids = home.querySelectorAll('main section').map((s) => s.getAttribute('id') ?? s.getAttribute('aria-labelledby') ?? '');
  const order = ['page-heading', 'features', 'process', 'services', 'pricing', 'reviews', 'testimonials', 'languages', 'cta-heading'];
  const positions = order.map((id) => ids.indexOf(id));
  assert.ok(positions.every((p) => p >= 0), `all sections present: ${ids.join(', ')}`);
  assert.equal([...positions].sort((a, b) => a - b), positions, 'in this order');
  assert.is(count('/', '.feature-card'), 9);
  assert.equal(
    home.querySelectorAll('.feature-card h3').map(text),
    ['Document translation', 'Express self-service in about 1 hour', 'NAATI certified translators', '60+ languages', 'Government accepted', 'Expert translators', 'Affordable pricing', 'Document security', '100% acceptance guarantee'],
  );
  const popular = home.querySelectorAll('#services .card');
  assert.is(popular.length, 6);
  assert.ok(popular.every((card) => /Learn More/.test(text(card)) && card.querySelector('a[href^="/services/"]')));
  assert.is(count('/', '.testimonial'), 5);
  assert.ok(home.querySelector('a[href="#services"]'), 'the hero anchors to #services');
  assert.ok(home.querySelectorAll('#cta a, [aria-labelledby="cta-heading"] a').some((a) => a.getAttribute('href') === '/contact' && /Contact Us/.test(text(a))));
  assert.match(text(home.querySelector('main')), /\$44\.95/);
});

test('plans: $44.95, $59.95 (Most Popular) and $89.95, each with its total including the service fee (ACL s48)', () => {
  for (const route of ['/', '/pricing']) {
    const plans = page(route).querySelectorAll('.plan');
    assert.equal(plans.map((p) => text(p.querySelector('.plan-price strong'))), ['$44.95', '$59.95', '$89.95'], route);
    assert.equal(plans.map((p) => text(p.querySelector('.plan-badge'))), ['', 'Most Popular', ''], route);
    assert.equal(plans.map((p) => text(p.querySelector('.plan-price span'))), ['per document + service fee', 'per document + service fee', 'per page + service fee'], route);
  }
  const plansJson = JSON.parse(fs.readFileSync(path.join(site.root, 'content', 'plans.json'), 'utf8')) as { plans: { price: string }[]; serviceFee: string };
  const cents = (p: string) => Math.round(Number(p.slice(1)) * 100);
  const totals = plansJson.plans.map((p) => `$${((cents(p.price) + cents(plansJson.serviceFee)) / 100).toFixed(2)}`);
  for (const route of ['/', '/pricing']) {
    const plans = page(route).querySelectorAll('.plan');
    assert.equal(plans.map((p) => text(p.querySelector('.plan-total')).split(' ')[0]), totals, route);
  }
});

test('/services: 24 cards with icon, description and Learn More, the custom-service call-out and ItemList data', () => {
  const cards = page('/services').querySelectorAll('.service-card');
  assert.is(cards.length, 24);
  assert.equal(cards.map((c) => c.querySelector('a[href^="/services/"]')?.getAttribute('href')).sort(), services.map((s) => `/services/${s}`).sort());
  assert.ok(cards.every((c) => c.querySelector('svg') && text(c.querySelector('p')).length > 40 && /Learn More/.test(text(c))));
  assert.match(text(page('/services').querySelector('main')), 'Need a Customised Translation Service?');
  const jsonLd = page('/services').querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.text));
  const list = jsonLd.flatMap((d) => d['@graph'] ?? [d]).find((d) => d['@type'] === 'ItemList');
  assert.is(list?.itemListElement.length, 24);
});

// The starting price and turnaround of each service page. A page that offers the plans (the certificates)
// lists each plan's timeframe from plans.json instead of a "Standard" row, which put
// "2–3 business days" beside the one-hour Self-Service Extract; birth, death and marriage certificates start,
// like the other certificates, at the Self-Service Extract price.
const planRows = { 'Self-Service Extract': 'From 1 hour (business hours)', Extract: '1 business day', 'Full Document': '1–2 business days' };
const pricing: Record<string, { from: string; standard?: string; plans?: Partial<typeof planRows>; express?: string }> = {
  'birth-certificates': { from: '$44.95', plans: planRows, express: '24 hours' },
  'death-certificates': { from: '$44.95', plans: planRows, express: '24 hours' },
  'marriage-certificates': { from: '$44.95', plans: planRows, express: '24 hours' },
  'drivers-licence': { from: '$44.95', plans: planRows, express: '24 hours' },
  'citizenship-certificates': { from: '$44.95', plans: planRows, express: '24 hours' },
  'police-clearance': { from: '$44.95', plans: planRows, express: '24 hours' },
  passports: { from: '$44.95', plans: planRows, express: '1–3 hours' },
  'national-id-card': { from: '$44.95', plans: { 'Self-Service Extract': planRows['Self-Service Extract'], Extract: planRows.Extract } },
  'medical-documents': { from: '$44.95', plans: planRows, express: '24 hours' },
  'change-of-name': { from: '$44.95', plans: planRows },
  'academic-transcripts': { from: '$89.95', standard: '2–3 business days', express: '24 hours' },
  'visa-documents': { from: '$89.95', plans: planRows, express: '24 hours, or same day for select document types' },
  'bank-statements': { from: '$89.95', standard: '2–3 business days', express: '24 hours' },
  payslips: { from: '$89.95', standard: '1–2 business days', express: 'same or next business day' },
  'property-documents': { from: '$89.95', standard: '1–3 business days' },
  'business-documents': { from: '$89.95', standard: '2–3 business days', express: '24–48 hours' },
  'power-of-attorney': { from: '$89.95', standard: '2–3 business days', express: '24–48 hours' },
  'military-service-record': { from: '$89.95', standard: '2–3 business days', express: '24–48 hours' },
  'testaments-wills': { from: '$89.95', standard: '3–5 business days' },
  'pension-document': { from: '$89.95', standard: '2–3 business days' },
  'employment-certificate': { from: '$89.95', standard: '2–3 business days' },
};

test('each service page follows the template, with its own price and turnaround', () => {
  for (const slug of services) {
    const route = `/services/${slug}`;
    const main = page(route).querySelector('main')!;
    for (const id of ['about', 'use-cases', 'translation-services', 'requirements', 'document-types', 'process', 'faq']) assert.ok(main.querySelector(`#${id}`), `${route} has #${id}`);
    assert.ok(main.querySelectorAll('.faq-question').length >= 4, `${route} has at least four FAQs`);
    assert.ok(main.querySelectorAll('#process h3').length >= 3, `${route} has its process steps`);
    assert.match(text(main.querySelector('[aria-labelledby="confidentiality-heading"]') ?? main.querySelector('#confidentiality-heading')?.parentNode as HTMLElement), /confidential/i, `${route} has the confidentiality note`);
    const section = main.querySelector('#translation-services')!;
    const expected = pricing[slug] ?? { from: '$89.95', standard: '2–3 business days', express: '24 hours' };
    assert.is(text(section.querySelector('strong')), expected.from, `${route} starting price`);
    const terms = Object.fromEntries(section.querySelectorAll('dt').map((dt) => [text(dt), text(dt.nextElementSibling)]));
    if (expected.plans) assert.equal(Object.fromEntries(Object.keys(planRows).filter((k) => k in terms).map((k) => [k, terms[k]])), expected.plans, `${route} plan turnarounds`);
    // A page sold under the Full Document plan gives the plan's time for a few pages beside its standard time for
    // longer documents, so /pricing's 1–2 days and the page's 2–3 days do not contradict each other.
    const standard = terms.Standard ?? terms['Standard, longer documents'];
    assert.is(standard, expected.standard, `${route} standard turnaround`);
    if ('Standard, longer documents' in terms) assert.is(terms['A few pages (Full Document plan)'], '1–2 business days', `${route} names the plan's own time`);
    if (expected.express) assert.is(terms.Express, expected.express, `${route} express turnaround`);
    assert.ok(main.querySelector(`a[href="${siteSettings().orderUrl}"]`), `${route} links to the order page`);
  }
  // GST is stated once, the same way everywhere: prices include it. Payslips once read "+ GST" alone.
  for (const slug of ['payslips', 'marriage-certificates']) {
    const section = text(page(`/services/${slug}`).querySelector('#translation-services'));
    assert.match(section, '+ service fee', slug);
    assert.not.match(section, '+ GST', slug);
    assert.match(section, 'include GST', slug);
  }
  for (const slug of ['citizenship-certificates', 'police-clearance', 'medical-documents']) {
    assert.match(text(page(`/services/${slug}`).querySelector('#translation-services')), 'as fast as 1 hour');
  }
});

test("the driver's licence page carries both special notices", () => {
  const main = text(page('/services/drivers-licence').querySelector('main'));
  assert.match(main, /Transport for NSW|Multicultural NSW/);
  assert.match(main, /3.6 months|three to six months/);
  // The Victorian period is a whole clause of its own; it once ran on into "whatever the visa in Victoria".
  assert.match(main, 'depending on the state or territory (in Victoria, 6 months from the day you start living in Victoria, for every overseas licence holder whatever the visa)');
  assert.not.match(main, 'whatever the visa in Victoria');
  assert.ok(page('/services/drivers-licence').querySelectorAll('main a[href^="https://"]').some((a) => /multicultural/i.test(a.getAttribute('href')!)), 'with an external link');
});

test('/cities and the 12 city pages: state, population, suburbs, 3 languages with flags; ten documents, ten languages, six benefits', () => {
  const cards = page('/cities').querySelectorAll('.city-card');
  assert.is(cards.length, 12);
  for (const card of cards) {
    const slug = card.querySelector('a.card-link')!.getAttribute('href')!.replace('/cities/', '');
    // The badge starts with a visually hidden comma, so the heading reads "Sydney, NSW" to screen readers and when copied.
    assert.is(text(card.querySelector('.state-badge')), `, ${cities[slug]}`, slug);
    assert.match(text(card.querySelector('h2')), new RegExp(`^[A-Z][\\w ]+, ${cities[slug]}$`), slug);
    assert.match(text(card), /Population/);
    assert.match(text(card), /Suburbs served/i);
    assert.is(card.querySelectorAll('.language-chip, [data-language]').length || card.querySelectorAll('img[src*="flag"], .flag').length, 3, `${slug} shows 3 languages`);
    assert.ok(card.querySelector(`a[href="${siteSettings().orderUrl}"][target="_blank"]`), `${slug} links to the order page`);
  }
  for (const slug of Object.keys(cities)) {
    const route = `/cities/${slug}`;
    const main = page(route).querySelector('main')!;
    assert.ok(main.querySelector('#online-heading'), `${route} 100% online notice`);
    assert.is(main.querySelectorAll('#documents li').length, 10, `${route} ten document types`);
    const languages = main.querySelectorAll('#languages a').filter((a) => /^\/[a-z-]+$/.test(a.getAttribute('href')!) && a.getAttribute('href') !== '/languages');
    assert.is(languages.length, 10, `${route} ten languages`);
    for (const a of languages) assert.ok(fs.existsSync(path.join(dist, outputFileOf(a.getAttribute('href')!))), `${route} links to a built language page`);
    assert.is(main.querySelectorAll('#benefits h3').length, 6, `${route} six benefits`);
    assert.ok(main.querySelector('a[href="/languages"]') && main.querySelector('a[href="/contact"]'), `${route} links to /languages and /contact`);
    const data = page(route).querySelectorAll('script[type="application/ld+json"]').map((s) => s.text).join('');
    assert.match(data, /"geoRadius":\s*"?100000/, `${route} 100000 m service radius`);
  }
  assert.match(text(page('/cities').querySelector('main')), '147,000');
  assert.match(text(page('/cities').querySelector('main')), '5.3 million');
});

test('/blog with the 5 posts is one page: no pager, no rel prev/next, no /blog/page/2; each category has its page, with its one post', () => {
  const blog = page('/blog');
  assert.is(blog.querySelector('.pager'), null);
  assert.is(blog.querySelector('link[rel="prev"], link[rel="next"]'), null);
  assert.not.ok(fs.existsSync(path.join(dist, 'blog/page/2.html')));
  for (const [category, slug] of [['Immigration', posts[0]], ['Legal', posts[1]], ['Education', posts[2]], ['Translation', posts[3]], ['Business', posts[4]]]) {
    const at = `/blog/category/${category.toLowerCase()}`;
    assert.is(h1(at), `${category} Guides`);
    assert.equal(page(at).querySelectorAll('.post-card a.card-link').map((a) => a.getAttribute('href')), [`/blog/${slug}`]);
    assert.is(page(at).querySelector('.pager'), null);
    assert.is(page(at).querySelector('main .chip-button[aria-current="page"]')?.text, category);
  }
});

test('/blog: featured post, six filters, 5 post cards linking to the 5 articles; each article links back and to the order page', () => {
  const blog = page('/blog');
  assert.ok(blog.querySelector('.featured-post'));
  assert.equal(blog.querySelectorAll('main .chip-button').map(text), ['All', 'Immigration', 'Legal', 'Education', 'Translation', 'Business']);
  const cards = blog.querySelectorAll('.post-card');
  assert.is(cards.length, 5);
  assert.equal(cards.map((c) => c.querySelector('a.card-link')!.getAttribute('href')).sort(), posts.map((p) => `/blog/${p}`).sort());
  assert.ok(blog.querySelector('form input[type="email"][required]'), 'newsletter form');
  for (const slug of posts) {
    const main = page(`/blog/${slug}`).querySelector('main')!;
    assert.ok(main.querySelector('a[href="/blog"]'), `${slug} links back to /blog`);
    assert.ok(main.querySelector(`a[href="${siteSettings().orderUrl}"]`), `${slug} has a Get Started call to action`);
    assert.match(text(main), /\d{2}\/\d{2}\/\d{4}/, `${slug} has a dd/mm/yyyy date`);
    assert.ok(text(main.querySelector('.prose')).split(' ').length > 500, `${slug} is a real article`);
  }
});

test('/faq: four categories anchored, 4/4/3/3 questions; /contact 4 questions; /pricing 6', () => {
  const faq = page('/faq');
  for (const id of ['general', 'documents', 'payment', 'delivery']) assert.ok(faq.querySelector(`a[href="#${id}"]`), `#${id} anchor`);
  assert.equal(['general', 'documents', 'payment', 'delivery'].map((id) => faq.querySelectorAll(`#${id} .faq-question`).length), [4, 4, 3, 3]);
  assert.is(count('/faq', '.topic-card'), 4);
  // The service fee is one per order: the Full Document price is per page, its fee is not ("each plus a service fee" said so).
  const payment = text(faq.querySelector('#payment'));
  assert.match(payment, 'a Full Document translation is $89.95 per page + service fee (from $99.90 in total)');
  assert.not.match(payment, 'each plus a service fee');
  assert.match(text(faq.querySelector('main')), 'Still Have Questions?');
  assert.is(count('/contact', '.faq-question'), 4);
  // The contact page's questions point to the FAQ page for more answers, with a link to it, not only the words.
  assert.ok(page('/contact').querySelectorAll('#faq a').some((a) => a.getAttribute('href') === '/faq'), '/contact links its questions to /faq');
  assert.is(count('/pricing', '.faq-question'), 6);
  assert.ok(page('/pricing').querySelector('form'), 'the pricing page carries the help form');
});

test('payment methods: Visa and Mastercard, the same on /faq and /process, and nowhere American Express or PayPal', () => {
  for (const route of ['/process', '/faq']) {
    assert.not.match(text(page(route).querySelector('main')), /American Express|PayPal/, route);
    assert.match(text(page(route).querySelector('main')), /Visa and Mastercard/, route);
  }
  assert.match(text(page('/faq').querySelector('#payment')), /Visa/);
  assert.match(text(page('/faq').querySelector('#payment')), /Mastercard/);
});

test('the contact forms show every hint content gives a field, beside it and tied to it with aria-describedby', () => {
  const copy = JSON.parse(fs.readFileSync(path.join(site.root, 'content', 'contact-form.json'), 'utf8')) as { fields: Record<string, { hint?: string }> };
  for (const [route, variant, names] of [['/contact', 'message', ['name', 'email', 'phone', 'language', 'subject', 'message']], ['/pricing', 'enquiry', ['name', 'email', 'phone', 'enquiryType', 'subject', 'message']]] as const) {
    const form = page(route).querySelector('form.contact-form')!;
    for (const name of names) {
      const hint = copy.fields[name].hint;
      const control = form.querySelector(`#${variant}-${name}`)!;
      if (!hint) continue;
      const shown = form.querySelector(`#${variant}-${name}-hint`);
      assert.is(shown && text(shown), hint, `${route}: the hint of ${name} is on the page`);
      assert.ok((control.getAttribute('aria-describedby') ?? '').split(' ').includes(`${variant}-${name}-hint`), `${route}: ${name} is described by its hint`);
    }
  }
});

test('/process: the three steps, the demo button, security and technology sections; /contact: details, hours, form, chat', () => {
  const process = page('/process');
  assert.equal(process.querySelectorAll('#steps h3').map(text), ['Upload Your Document', 'Secure Payment', 'Receive Your Translation']);
  assert.match(text(process.querySelector('main')), 'Try Our Translation Service');
  assert.equal(process.querySelectorAll('#security h3').map(text), ['Secure handling', 'Confidentiality agreements', 'Privacy compliance', 'Secure storage and deletion']);
  assert.ok(process.querySelector('#technology'));
  const contact = text(page('/contact').querySelector('main'));
  for (const expected of ['Business Hours', 'Send Us a Message', 'Start Chat']) assert.match(contact, expected);
  assert.match(contact, /Monday.{1,4}Friday|Mon.{1,4}Fri/);
  assert.ok(page('/contact').querySelector('form'));
});

test('prose pages: every section heading gets an id of its own, made from its words whatever markup they carry', () => {
  const html = headingIds(markdownToHtml('## Prices & payment\n\n## Our *acceptance* guarantee\n\n## Revisions\n\nText.\n\n## Revisions\n'));
  assert.equal(Array.from(html.matchAll(/<h2 id="([^"]*)">/g), (m) => m[1]), ['prices-payment', 'our-acceptance-guarantee', 'revisions', 'revisions-1']);
  assert.match(html, /<h2 id="our-acceptance-guarantee">Our <em>acceptance<\/em> guarantee<\/h2>/);
});

test('/privacy-policy: every section, and the date last updated in Australian format', () => {
  const headings = page('/privacy-policy').querySelectorAll('main h2').map(text).join(' | ');
  for (const section of ['Introduction', 'Collection of Your Information', 'Use', 'Disclosure', 'Security', 'Children', 'Privacy Act', 'Updates', 'Contact Us']) assert.match(headings, section);
  assert.match(text(page('/privacy-policy').querySelector('main')), /Last updated: \d{2}\/\d{2}\/\d{4}/);
  // The US-style under-13 clause (COPPA) is not an Australian rule and is gone.
  assert.not.match(text(page('/privacy-policy').querySelector('main')), /under (?:the age of )?13/);
});

test('every language in the list has its page, with its fixed title and heading; right-to-left messages carry dir="rtl"', () => {
  const languages = fs.readdirSync(path.join(site.root, 'content/languages')).map((f) => JSON.parse(fs.readFileSync(path.join(site.root, 'content/languages', f), 'utf8')));
  assert.ok(languages.length > 60, 'over 60 languages');
  for (const language of languages.filter((l) => l.code !== 'en')) {
    // Macrons stay in the name (Māori) and leave the address (/maori), as the slug rule has it.
    const route = `/${language.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[ /]/g, '-')}`;
    // SPEC's title, then the total a search result must show beside the price without the fee (ACL s48). Where
    // NAATI has no test in the language, its translator is credentialed, not certified.
    const credential = language.naatiCredential === 'recognised-practising' ? 'NAATI Credentialed' : 'NAATI Certified';
    assert.is(title(route), `${language.name} ${credential} Translation Services | From $44.95 + Service Fee ($54.90 in total)`);
    assert.is(h1(route), `${credential} ${language.name} Translation Services`);
    const message = page(route).querySelector('.native-message blockquote');
    if (message) assert.is(message.getAttribute('dir'), language.direction === 'rtl' ? 'rtl' : 'ltr', route);
  }
  for (const route of ['/arabic', '/hebrew', '/persian', '/urdu']) assert.is(page(route).querySelector('.native-message blockquote')?.getAttribute('dir'), 'rtl', route);
  assert.ok(page('/tagalog-filipino') && page('/cook-islands-maori'));
  const groups = page('/languages').querySelectorAll('main h2').map(text);
  assert.is(groups[0], 'Popular Languages in Australia');
  assert.ok(groups.includes('European Languages') && groups.includes('Middle Eastern Languages'));
  assert.not.ok(page('/languages').querySelector('a[href="/english"]'), 'English is excluded');
  assert.match(text(page('/languages').querySelector('main')), 'Need a Language Not Listed?');
});

test('menus: 10 languages in the desktop dropdown, 12 popular and 17 more in the mobile menu, 6 in the footer', () => {
  const home = page('/');
  const languageLinks = (selector: string) => home.querySelectorAll(`${selector} a`).filter((a) => /^\/[a-z-]+$/.test(a.getAttribute('href')!) && a.getAttribute('href') !== '/languages');
  assert.is(languageLinks('#menu-languages').length, 10);
  assert.ok(home.querySelector('#menu-languages a[href="/languages"]'), 'View all languages');
  const mobile = home.querySelectorAll('.mobile-section').find((section) => /Languages/.test(text(section.querySelector('summary'))))!;
  assert.is(mobile.querySelectorAll('a').filter((a) => /^\/[a-z-]+$/.test(a.getAttribute('href')!) && a.getAttribute('href') !== '/languages').length, 29);
  assert.ok(mobile.querySelector('a[href="/languages"]'), 'mobile view-all link');
  const footer = home.querySelectorAll('footer .footer-column').find((column) => text(column.querySelector('h2')) === 'Popular Languages')!;
  assert.is(footer.querySelectorAll('a').filter((a) => a.getAttribute('href') !== '/languages').length, 6);
  assert.ok(footer.querySelector('a[href="/languages"]'), 'footer view-all link');
  for (const href of ['/services', '/process', '/pricing', '/', '/faq', '/blog', '/privacy-policy', '/terms', '/sitemap']) assert.ok(home.querySelector(`footer a[href="${href}"]`), `footer links ${href}`);
});

test('the header marks its section: the current page as "page", the section of a page below it as "true"', () => {
  const current = (route: string) =>
    ['.nav-desktop', '.nav-mobile-panel'].map((nav) =>
      page(route)
        .querySelectorAll(`${nav} a[aria-current]`)
        .map((a) => `${a.getAttribute('href')}=${a.getAttribute('aria-current')}`),
    );
  assert.equal(current('/services'), [['/services=page'], ['/services=page']]);
  assert.equal(current('/services/passports'), [['/services=true'], ['/services=true']]);
  assert.equal(current(`/blog/${posts[0]}`), [['/blog=true'], ['/blog=true']]);
  assert.equal(current('/'), [['/=page'], ['/=page']]);
  assert.equal(current('/privacy-policy'), [[], []]);
});

test('semantic structure on every page: landmarks, one h1, headings never skip a level', () => {
  const problems: string[] = [];
  // admin/index.html is the content editor's empty shell, filled by Decap in the browser: not a site page.
  for (const file of listFiles(dist).filter((f) => f.endsWith('.html') && f !== 'admin/index.html')) {
    const doc = parse(fs.readFileSync(path.join(dist, file), 'utf8'));
    for (const landmark of ['header', 'nav', 'main', 'footer']) if (!doc.querySelector(landmark)) problems.push(`${file}: no <${landmark}>`);
    if (doc.querySelectorAll('h1').length !== 1) problems.push(`${file}: ${doc.querySelectorAll('h1').length} h1`);
    let previous = 1;
    for (const heading of doc.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')) {
      const level = Number(heading.tagName[1]);
      if (level > previous + 1) problems.push(`${file}: <${heading.tagName.toLowerCase()}> "${text(heading).slice(0, 40)}" after h${previous}`);
      previous = level;
    }
    if (!doc.querySelector('a.skip-link[href="#main"], a[href="#main"]')) problems.push(`${file}: no skip link`);
  }
  assert.equal(problems, []);
});

test('every order link opens the external order page from the settings in a new tab', () => {
  const { orderUrl } = siteSettings();
  assert.match(orderUrl, /^https:\/\/[^/]+\/.+\/create$/);
  let links = 0;
  for (const file of listFiles(dist).filter((f) => f.endsWith('.html'))) {
    for (const a of parse(fs.readFileSync(path.join(dist, file), 'utf8')).querySelectorAll('a')) {
      const label = text(a);
      const isOrder = /^(Start Translation|Get Started|Start Your Translation|Get Started Now)\b/.test(label);
      if (a.getAttribute('href') === orderUrl || isOrder) {
        links++;
        assert.is(a.getAttribute('href'), orderUrl, `${file}: "${label}"`);
        assert.is(a.getAttribute('target'), '_blank', `${file}: "${label}" opens a new tab`);
        assert.match(a.getAttribute('rel') ?? '', 'noopener', `${file}: "${label}"`);
      }
    }
  }
  assert.ok(links > 300, `${links} order links`);
});

function siteSettings(): { orderUrl: string } {
  return JSON.parse(fs.readFileSync(path.join(site.root, 'content/site.json'), 'utf8'));
}

test.run();
