// What the Lighthouse gate may discount from Best Practices on a machine without internet: console errors of
// requests to third-party hosts that do not resolve, and nothing else (test/e2e/offline-third-parties.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { discountOfflineThirdParties, type LighthouseResult } from './e2e/offline-third-parties.ts';

const test = suite('lighthouse offline discount');
const origin = 'http://127.0.0.1:4321';
const offline = 'Failed to load resource: net::ERR_NAME_NOT_RESOLVED';
// Resolves only the names a test says are online.
const lookupFor = (online: string[]) => async (host: string) => {
  if (!online.includes(host)) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return { address: '192.0.2.1' };
};

/** A Best Practices result: errors-in-console weighs 1 of 4, the other audits pass unless told. */
function result(errors: { description: string; url: string }[], otherScore = 1): LighthouseResult {
  const audit = (id: string, score: number, details?: unknown) => ({ id, score, scoreDisplayMode: 'binary', details });
  return {
    categories: {
      'best-practices': {
        id: 'best-practices',
        score: Math.round(((errors.length ? 0 : 1) + 2 + otherScore) * 25) / 100,
        auditRefs: [
          { id: 'errors-in-console', weight: 1 },
          { id: 'is-on-https', weight: 2 },
          { id: 'inspector-issues', weight: 1 },
          { id: 'valid-source-maps', weight: 0 },
        ],
      },
    },
    audits: {
      'errors-in-console': audit('errors-in-console', errors.length ? 0 : 1, { items: errors.map((e) => ({ description: e.description, sourceLocation: { url: e.url } })) }),
      'is-on-https': audit('is-on-https', 1),
      'inspector-issues': audit('inspector-issues', otherScore),
      'valid-source-maps': audit('valid-source-maps', 0),
    },
  } as unknown as LighthouseResult;
}

test('requests to third-party hosts that do not resolve are discounted, and the hosts named', async () => {
  const lhr = result([
    { description: offline, url: 'https://www.googletagmanager.com/gtm.js?id=GTM-XXXXXXX' },
    { description: offline, url: 'https://widget.reviews.example.net/bootstrap.v5.min.js' },
  ]);
  assert.is(lhr.categories['best-practices'].score, 0.75);
  const discount = await discountOfflineThirdParties(lhr, origin, lookupFor([]));
  assert.is(discount.bestPractices, 1);
  assert.equal(discount.hosts, ['widget.reviews.example.net', 'www.googletagmanager.com']);
});

test('a host that resolves is not discounted: online, its script must load', async () => {
  const lhr = result([{ description: offline, url: 'https://embed.tawk.to/abc/default' }]);
  const discount = await discountOfflineThirdParties(lhr, origin, lookupFor(['embed.tawk.to']));
  assert.is(discount.bestPractices, 0.75);
  assert.equal(discount.hosts, []);
});

test("the site's own requests are never discounted", async () => {
  const lhr = result([{ description: offline, url: `${origin}/assets/js/site.js` }]);
  assert.is((await discountOfflineThirdParties(lhr, origin, lookupFor([]))).bestPractices, 0.75);
});

test('any other console error keeps the audit failed, even beside discountable ones', async () => {
  const lhr = result([
    { description: offline, url: 'https://www.googletagmanager.com/gtm.js' },
    { description: 'Failed to load resource: the server responded with a status of 404 (Not Found)', url: 'https://cdn.example.org/lib.js' },
  ]);
  assert.is((await discountOfflineThirdParties(lhr, origin, lookupFor([]))).bestPractices, 0.75);
  const thrown = result([{ description: 'TypeError: x is not a function', url: `${origin}/assets/js/site.js` }]);
  assert.is((await discountOfflineThirdParties(thrown, origin, lookupFor([]))).bestPractices, 0.75);
});

test('other audits keep their weight when the console errors are discounted', async () => {
  const lhr = result([{ description: offline, url: 'https://www.googletagmanager.com/gtm.js' }], 0);
  assert.is((await discountOfflineThirdParties(lhr, origin, lookupFor([]))).bestPractices, 0.75);
});

test.run();
