// Quality gates over the built site, each failing with the page and the problem: valid HTML (the Nu HTML
// Checker), SEO (titles, descriptions, canonical and Open Graph, JSON-LD, sitemap, robots) and budgets (HTML,
// CSS, scripts, the font).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { build, type BuildResult } from '../generator/build.ts';
import { silentLogger } from '../generator/log.ts';
import { htmlBudget } from '../generator/page-weight.ts';
import { fixture, listFiles, repoRoot, type Fixture } from './helpers/project.ts';
import { nuChecker } from './helpers/tools.ts';

const test = suite('quality gates');
let site: Fixture;
let result: BuildResult;
let dist: string;
const html = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
// The site's pages; /admin/index.html is the content editor's shell, outside the site's budgets and layout.
const pageFiles = () => listFiles(dist).filter((f) => f.endsWith('.html') && f !== 'admin/index.html');

test.before(async () => {
  site = fixture();
  result = await build({ root: site.root, logger: silentLogger });
  dist = path.join(site.root, 'dist');
});
test.after(() => site.remove());

test('HTML: every page passes the Nu HTML Checker with no errors', () => {
  const checker = nuChecker();
  if ('reason' in checker) throw new Error(checker.reason);
  const run = spawnSync('java', ['-jar', checker.jar, '--skip-non-html', '--errors-only', '--format', 'json', dist], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.ok(run.stderr.trim().startsWith('{'), `the checker ran: ${run.error?.message ?? run.stderr.slice(0, 200)}`);
  const messages = (JSON.parse(run.stderr) as { messages: { url: string; lastLine: number; message: string; extract?: string }[] }).messages;
  const report = messages.map((m) => `${m.url.replace(`file:${dist}`, '')}:${m.lastLine} ${m.message} «${m.extract ?? ''}»`);
  assert.equal(report, []);
  assert.ok(pageFiles().length >= 124);
});

interface Head {
  file: string;
  title: string;
  description: string;
  canonical?: string;
  robots?: string;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: unknown[];
}

function head(file: string): Head {
  const page = html(file);
  const attr = (re: RegExp) => re.exec(page)?.[1];
  const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  const meta = (kind: 'property' | 'name', prefix: string) =>
    Object.fromEntries([...page.matchAll(new RegExp(`<meta ${kind}="(${prefix}:[^"]+)" content="([^"]*)"`, 'g'))].map((m) => [m[1], decode(m[2])]));
  return {
    file,
    title: decode(attr(/<title>([^<]*)<\/title>/) ?? ''),
    description: decode(attr(/<meta name="description" content="([^"]*)"/) ?? ''),
    canonical: attr(/<link rel="canonical" href="([^"]+)"/),
    robots: attr(/<meta name="robots" content="([^"]+)"/),
    og: meta('property', 'og'),
    twitter: meta('name', 'twitter'),
    jsonLd: [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1])),
  };
}

const indexable = () => result.pages.filter((p) => p.indexable);

test('SEO: every indexable page has a unique title (under 60 characters, but for language pages) and description (50-160)', () => {
  const heads = indexable().map((p) => ({ page: p, head: head(p.file) }));
  const problems: string[] = [];
  const seenTitles = new Map<string, string>();
  const seenDescriptions = new Map<string, string>();
  for (const { page, head: h } of heads) {
    // Language pages' titles follow one fixed pattern word for word, whatever the name's length.
    if (page.kind !== 'language' && h.title.length >= 60) problems.push(`${page.path}: title is ${h.title.length} characters: ${h.title}`);
    if (h.description.length < 50 || h.description.length >= 160) problems.push(`${page.path}: description is ${h.description.length} characters`);
    if (seenTitles.has(h.title)) problems.push(`${page.path}: same title as ${seenTitles.get(h.title)}`);
    if (seenDescriptions.has(h.description)) problems.push(`${page.path}: same description as ${seenDescriptions.get(h.description)}`);
    seenTitles.set(h.title, page.path);
    seenDescriptions.set(h.description, page.path);
  }
  assert.equal(problems, []);
});

test('SEO: canonical addresses, Open Graph and Twitter tags on every indexable page; noindex where a page is not', () => {
  const problems: string[] = [];
  for (const page of indexable()) {
    const h = head(page.file);
    const url = page.path === '/' ? 'https://www.example.com/' : `https://www.example.com${page.path}`;
    if (h.canonical !== url) problems.push(`${page.path}: canonical ${h.canonical}`);
    for (const key of ['og:type', 'og:title', 'og:description', 'og:url', 'og:image', 'og:image:width', 'og:image:height', 'og:site_name']) if (!h.og[key]) problems.push(`${page.path}: no ${key}`);
    if (h.og['og:url'] !== url) problems.push(`${page.path}: og:url ${h.og['og:url']}`);
    if (!/^https:\/\/www\.example\.com\/assets\/social\//.test(h.og['og:image'] ?? '')) problems.push(`${page.path}: og:image ${h.og['og:image']}`);
    if (h.twitter['twitter:card'] !== 'summary_large_image') problems.push(`${page.path}: twitter:card`);
    if (h.robots) problems.push(`${page.path}: robots ${h.robots}`);
  }
  assert.equal(problems, []);
  assert.is(head('admin/tawkto-setup.html').robots, 'noindex, nofollow');
  assert.is(head('404.html').robots, 'noindex, nofollow');
});

/** What each schema.org type used on the site must carry (Google's requirements for the rich results it shows). */
const required: Record<string, string[]> = {
  ProfessionalService: ['name', 'address', 'telephone', 'url'],
  Service: ['name', 'provider'],
  AggregateOffer: ['lowPrice', 'highPrice', 'priceCurrency', 'offerCount'],
  Offer: ['price', 'priceCurrency'],
  FAQPage: ['mainEntity'],
  Question: ['name', 'acceptedAnswer'],
  Answer: ['text'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position'],
  ItemList: ['itemListElement'],
  BlogPosting: ['headline', 'datePublished', 'author', 'image'],
  Person: ['name'],
  Organization: ['name'],
  ImageObject: ['url'],
  Product: ['name', 'offers'],
  Brand: ['name'],
  PostalAddress: ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'],
  OpeningHoursSpecification: ['dayOfWeek', 'opens', 'closes'],
  GeoCircle: ['geoMidpoint', 'geoRadius'],
  GeoCoordinates: ['latitude', 'longitude'],
  Country: ['name'],
  City: ['name'],
};

function checkNode(node: unknown, where: string, problems: string[], seen: Set<string>): void {
  if (Array.isArray(node)) return node.forEach((n) => checkNode(n, where, problems, seen));
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const type = record['@type'];
  if (typeof type === 'string') {
    seen.add(type);
    if (!(type in required)) problems.push(`${where}: ${type} is not a type this site should use`);
    for (const key of required[type] ?? []) if (record[key] === undefined || record[key] === '') problems.push(`${where}: ${type} has no ${key}`);
    for (const key of ['item', 'url', 'mainEntityOfPage', 'image']) {
      const value = record[key];
      if (typeof value === 'string' && !/^https:\/\/www\.example\.com\//.test(value)) problems.push(`${where}: ${type}.${key} is not an absolute address of the site: ${value}`);
    }
    if (type === 'ListItem' && typeof record.position !== 'number') problems.push(`${where}: ListItem position`);
    if (type === 'BlogPosting' && !/^\d{4}-\d{2}-\d{2}$/.test(String(record.datePublished))) problems.push(`${where}: datePublished ${record.datePublished}`);
  }
  for (const [key, value] of Object.entries(record)) if (key !== '@context') checkNode(value, where, problems, seen);
}

test('SEO: JSON-LD parses and carries what its schema.org types require', () => {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const page of result.pages) {
    for (const block of head(page.file).jsonLd) {
      if ((block as { '@context'?: string })['@context'] !== 'https://schema.org') problems.push(`${page.path}: @context`);
      checkNode(block, page.path, problems, seen);
    }
  }
  assert.equal(problems, []);
  for (const type of ['ProfessionalService', 'AggregateOffer', 'FAQPage', 'BreadcrumbList', 'ItemList', 'BlogPosting', 'GeoCircle', 'Product']) assert.ok(seen.has(type), type);
});

test('SEO: the home page describes the business with its hours and the offer range of its plans', () => {
  const graph = (head('index.html').jsonLd[0] as { '@graph': Record<string, any>[] })['@graph'];
  const business = graph.find((n) => n['@type'] === 'ProfessionalService')!;
  assert.equal(business.openingHoursSpecification[0].dayOfWeek, ['https://schema.org/Monday', 'https://schema.org/Tuesday', 'https://schema.org/Wednesday', 'https://schema.org/Thursday', 'https://schema.org/Friday']);
  assert.is(business.openingHoursSpecification[0].opens, '09:00');
  assert.is(business.openingHoursSpecification[0].closes, '17:00');
  const offer = graph.find((n) => n['@type'] === 'Service')!.offers;
  // Both ends of the range come from plans.json, never typed in the template, and are totals with the service
  // fee: search results show them as the price (ACL s 48).
  const plans = JSON.parse(fs.readFileSync(path.join(site.root, 'content', 'plans.json'), 'utf8')) as { plans: { price: string }[]; serviceFee: string };
  const cents = (price: string) => Math.round(Number(price.slice(1)) * 100);
  const totals = plans.plans.map((p) => (cents(p.price) + cents(plans.serviceFee)) / 100);
  assert.equal(offer, { '@type': 'AggregateOffer', priceCurrency: 'AUD', lowPrice: Math.min(...totals).toFixed(2), highPrice: Math.max(...totals).toFixed(2), offerCount: totals.length });
  assert.equal([offer.lowPrice, offer.highPrice], ['54.90', '99.90']);
  assert.is(business.priceRange, 'From $54.90 incl. service fee');
  // No price in any page's structured data leaves the fee out: each is one of the plans' totals.
  for (const file of ['index.html', 'pricing.html', 'arabic.html', 'services/birth-certificates.html']) {
    const found = JSON.stringify(head(file).jsonLd).match(/"(?:price|lowPrice|highPrice)":"[\d.]+"/g) ?? [];
    assert.ok(found.length > 0, file);
    for (const price of found) assert.ok(totals.map((t) => t.toFixed(2)).includes(price.split(':')[1].slice(1, -1)), `${file}: ${price}`);
  }
  const city = (head('cities/sydney.html').jsonLd[0] as { '@graph': Record<string, any>[] })['@graph'][0];
  assert.is(city['@type'], 'Service');
  assert.is(city.areaServed.find((a: { '@type': string }) => a['@type'] === 'GeoCircle').geoRadius, 100000);
});

test('SEO: sitemap.xml lists exactly the indexable pages; robots.txt allows them and names the sitemap', () => {
  const sitemap = fs.readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
  const expected = indexable().map((p) => (p.path === '/' ? 'https://www.example.com/' : `https://www.example.com${p.path}`)).sort();
  assert.equal(listed, expected);
  const robots = fs.readFileSync(path.join(dist, 'robots.txt'), 'utf8');
  assert.match(robots, /^User-agent: \*$/m);
  assert.match(robots, /^Allow: \/$/m);
  assert.match(robots, /^Sitemap: https:\/\/www\.example\.com\/sitemap\.xml$/m);
  const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1]);
  for (const page of indexable()) for (const rule of disallowed) assert.not.ok(page.path.startsWith(rule), `${page.path} is disallowed`);
});

test('budgets: the HTML of every page is under 40 KB gzipped', () => {
  const over = pageFiles()
    .map((f) => [f, gzipSync(fs.readFileSync(path.join(dist, f))).length] as const)
    .filter(([, bytes]) => bytes >= htmlBudget)
    .map(([f, bytes]) => `${f}: ${(bytes / 1024).toFixed(1)} KB`);
  assert.equal(over, []);
});

test('budgets: one stylesheet for the whole site, under 20 KB gzipped, and the same on every page', () => {
  const css = listFiles(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'));
  assert.is(css.length, 1);
  assert.ok(gzipSync(fs.readFileSync(path.join(dist, 'assets', css[0]))).length < 20 * 1024);
  for (const f of pageFiles()) assert.equal([...html(f).matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]), [`/assets/${css[0]}`], f);
});

test('budgets: no render-blocking script on any page', () => {
  const problems: string[] = [];
  for (const f of pageFiles()) {
    for (const [tag] of html(f).matchAll(/<script\b[^>]*>/g)) {
      const executable = !/type="(application\/json|application\/ld\+json)"/.test(tag);
      if (executable && !/type="module"|\sasync|\sdefer/.test(tag)) problems.push(`${f}: ${tag}`);
      if (executable && !/\ssrc="/.test(tag)) problems.push(`${f}: inline executable script ${tag}`);
    }
  }
  assert.equal(problems, []);
});

test('budgets: the self-hosted font is a Latin subset, preloaded on every page', () => {
  const font = listFiles(path.join(dist, 'assets/fonts'));
  assert.equal(font.length, 1);
  assert.match(font[0], /\.woff2$/);
  assert.ok(fs.statSync(path.join(dist, 'assets/fonts', font[0])).size < 60 * 1024);
  const css = fs.readFileSync(path.join(dist, 'assets', listFiles(path.join(dist, 'assets')).find((f) => f.endsWith('.css'))!), 'utf8');
  assert.match(css, /unicode-range:U\+\?\?/);
  for (const f of pageFiles()) assert.ok(html(f).includes(`<link rel="preload" href="/assets/fonts/${font[0]}" as="font" type="font/woff2" crossorigin=""/>`), f);
});

test.run();
