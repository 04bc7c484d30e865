// The registry of content kinds and what is derived from it. The throwaway kind (awards/) is added to a copy of
// the registry and the derivations are called on that copy: the build itself always uses the registry in
// kinds.ts. Its files are then checked by the build's own validator against a schema written into a fixture.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { classify, kindRules, registry, rules, type Registry } from '../generator/content/kinds.ts';
import { collection, page, singleton } from '../generator/content/kind-spec.ts';
import { robotsTxt } from '../generator/output/host-files.ts';
import { validateContent } from '../generator/content/validate.ts';
import type { SourceFile } from '../generator/content/load.ts';
import { resolveProject } from '../generator/project.ts';
import { fixture, repoRoot } from './helpers/project.ts';

const test = suite('kinds');

const withAwards = {
  ...registry,
  kinds: {
    ...registry.kinds,
    award: collection('award', 'awards', '.json', 'posts', '/awards/', { feed: '/awards/feed.xml' }),
    sponsors: singleton('sponsors.json', 'shared'),
    'page-copy': { ...registry.kinds['page-copy'], pages: { ...registry.kinds['page-copy'].pages, press: page('/press') } },
  },
  private: [...registry.private, { prefix: '/drafts/' }],
} satisfies Registry;
const awards = kindRules(withAwards);

test('the registry classifies the real content: every file under content/ has a kind', () => {
  const files = fg.sync('**/*.{json,md}', { cwd: path.join(repoRoot, 'content'), ignore: ['schemas/**', '**/README.md'] });
  assert.ok(files.length > 100);
  for (const rel of files) assert.ok(classify(rel), rel);
  assert.equal(classify('pages/unknown.json'), undefined);
  assert.equal(classify('blog/post.json'), undefined);
  assert.equal(classify('cities/nested/perth.json'), undefined);
});

test("every kind's schema is in content/schemas, and every schema there belongs to a kind", () => {
  const schemas = fs.readdirSync(path.join(repoRoot, 'content', 'schemas')).filter((n) => n.endsWith('.schema.json'));
  const named = new Set(rules.requiredFiles.map((rel) => classify(rel)!.schema));
  for (const spec of Object.values(registry.kinds)) if ('schema' in spec) named.add(spec.schema);
  for (const schema of named) assert.ok(schemas.includes(schema), schema);
  assert.equal(schemas.filter((s) => !named.has(s)), ['common.schema.json']);
});

test('the derived tables of the real site', () => {
  assert.equal([...rules.reservedSegments].sort(), [
    '.netlify', '404', '__site', 'admin', 'assets', 'blog', 'cities', 'contact', 'faq', 'icons', 'languages', 'pricing', 'process',
    'robots.txt', 'services', 'sitemap', 'sitemap.xml',
  ]);
  assert.equal(rules.generatedFiles, ['/blog/feed.xml', '/sitemap.xml', '/robots.txt']);
  assert.is(
    rules.placesHint,
    'Content files go in content/ as site.json, navigation.json, language-groups.json, plans.json, facts.json, testimonials.json, ' +
      'faq.json, shared.json, contact-form.json, pages/<page>.json or pages/<slug>.md, languages/<slug>.json, ' +
      'cities/<slug>.json, services/<slug>.json or blog/<slug>.md.',
  );
  assert.ok(rules.requiredFiles.includes('pages/terms.md') && rules.requiredFiles.includes('pages/not-found.json') && rules.requiredFiles.includes('site.json'));
  assert.equal(rules.wholeSources.languageGroups, ['content/language-groups.json']);
  assert.equal(rules.listFields, ['languages', 'cities', 'services', 'posts', 'prose']);
  // The not-found copy makes two pages, the site's and the blog's (content/kinds.ts).
  const { pages: notFoundPages, ...notFound } = rules.copyPages.get('not-found')!;
  assert.equal(notFound, { path: '/404', file: '404.html', indexable: false, source: 'content/pages/not-found.json' });
  assert.type(notFoundPages, 'function');
});

test('a kind added to the registry: its files are classified, its place offered, its address reserved', () => {
  assert.equal(awards.classify('awards/best-translator.json'), { kind: 'award', schema: 'award.schema.json', slug: 'best-translator' });
  assert.equal(awards.classify('awards/best-translator.md'), undefined);
  assert.equal(rules.classify('awards/best-translator.json'), undefined);
  assert.ok(awards.placesHint.endsWith(', services/<slug>.json, blog/<slug>.md, awards/<slug>.json or sponsors.json.'), awards.placesHint);
  assert.ok(awards.reservedSegments.includes('awards'));
  assert.not.ok(rules.reservedSegments.includes('awards'));
  assert.equal(awards.generatedFiles, ['/blog/feed.xml', '/awards/feed.xml', '/sitemap.xml', '/robots.txt']);
  assert.equal(awards.routeOf.get('award'), '/awards/');
});

test('a singleton and a page copy added to the registry: required, tracked and given an address', () => {
  assert.equal(awards.classify('sponsors.json'), { kind: 'sponsors', schema: 'sponsors.schema.json' });
  assert.equal(awards.classify('pages/press.json'), { kind: 'page-copy', schema: 'page-press.schema.json', name: 'press' });
  assert.ok(awards.requiredFiles.includes('sponsors.json'));
  assert.ok(awards.requiredFiles.includes('pages/press.json'));
  assert.not.ok(awards.requiredFiles.some((f) => f.startsWith('awards/')), 'a collection may be empty');
  assert.ok(awards.reservedSegments.includes('press'));
  assert.equal(awards.copyPages.get('press'), { path: '/press', file: 'press.html', indexable: true, source: 'content/pages/press.json' });
  assert.equal(awards.wholeSources.shared, ['content/sponsors.json']);
});

test('a private area added to the registry: kept out of robots.txt and marked noindex', () => {
  assert.equal(awards.robotsRules, ['Disallow: /admin/', 'Disallow: /drafts/']);
  assert.equal(awards.noindexRules.map((r) => [r.path, r.headers]), [
    ['/admin/*', [['X-Robots-Tag', 'noindex, nofollow']]],
    ['/drafts/*', [['X-Robots-Tag', 'noindex, nofollow']]],
  ]);
  assert.match(robotsTxt({ settings: { baseUrl: 'https://example.com.au' } } as never), /^User-agent: \*\nAllow: \/\nDisallow: \/admin\/\n\nSitemap: https:\/\/example\.com\.au\/sitemap\.xml\n$/);
});

test("the added kind's files are checked against its own schema by the build's validator", async () => {
  const site = fixture({
    'content/schemas/award.schema.json': JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'award.schema.json',
      type: 'object',
      required: ['title', 'year'],
      additionalProperties: false,
      properties: { $schema: { type: 'string' }, title: { type: 'string' }, year: { type: 'integer', minimum: 1990 } },
    }),
  });
  try {
    const project = resolveProject(site.root);
    const award = (slug: string, data: unknown): SourceFile => {
      const rel = `awards/${slug}.json`;
      const text = JSON.stringify(data, null, 2);
      return { path: `content/${rel}`, rel, source: awards.classify(rel) as SourceFile['source'], text, data, textHash: slug, mtimeMs: 0, size: text.length };
    };
    const good = award('good', { $schema: '../schemas/award.schema.json', title: 'Translator of the year', year: 2025 });
    const bad = award('bad', { $schema: '../schemas/award.schema.json', title: 'Too early', year: 1980 });
    const unnamed = award('unnamed', { title: 'No schema named', year: 2025 });
    const { errors } = await validateContent(project, [good, bad, unnamed]);
    assert.equal(errors.map((e) => [e.code, e.file, e.pointer]), [
      ['CONTENT_SCHEMA', 'content/awards/bad.json', '/year'],
      ['CONTENT_SCHEMA_REFERENCE', 'content/awards/unnamed.json', ''],
    ]);
  } finally {
    site.remove();
  }
});

test.run();
