// Security headers: _headers sets them, site serve applies the same, and no page breaks under the
// Content-Security-Policy: no violation with the third parties the site uses (stubbed) allowed, and no host
// allowed that the settings do not name.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { open, useBrowserAndSite, wake, type Site } from './browser.ts';
import { readHeaders } from '../../generator/serve/static.ts';
import { headersFor } from '../../generator/output/security.ts';

const test = suite('security headers');
let browser: Browser;
let site: Site;

useBrowserAndSite(test, (b, s) => ([browser, site] = [b, s]));

const dist = () => path.join(site.fixture.root, 'dist');

test('_headers sets a strict policy and the other security headers for every page', () => {
  const rules = readHeaders(dist());
  const all = new Map(headersFor(rules, '/services/passports'));
  const csp = all.get('Content-Security-Policy')!;
  const directive = (name: string) => new RegExp(`(?:^|; )${name} ([^;]+)`).exec(csp)?.[1].split(' ') ?? [];
  assert.not.ok(directive('script-src').includes("'unsafe-inline'") || directive('script-src').includes("'unsafe-eval'"), 'no inline or eval scripts');
  assert.equal(directive('default-src'), ["'self'"]);
  assert.equal(directive('object-src'), ["'none'"]);
  assert.equal(directive('frame-ancestors'), ["'none'"]);
  assert.equal(directive('base-uri'), ["'self'"]);
  const scriptHosts = [...new Set(directive('script-src').filter((s) => s.startsWith('https:')).map((s) => new URL(s.replace('*.', 'x.')).host.replace(/^x\./, '*.')))];
  assert.equal(scriptHosts.sort(), ['*.tawk.to', 'embed.tawk.to', 'widget.reviews.example.net', 'www.google.com', 'www.googletagmanager.com', 'www.gstatic.com'].sort(), 'only the third parties the site uses');
  // No host that serves anyone's files (a public CDN) may run scripts; Google's hosts only by path.
  for (const cdn of ['cdn.jsdelivr.net', 'unpkg.com', 'cdnjs.cloudflare.com', 'raw.githubusercontent.com']) assert.not.ok(csp.includes(cdn), cdn);
  for (const source of directive('script-src').filter((s) => /google/.test(s))) assert.match(source, /^https:\/\/[^/]+\/.+/, `${source} is limited to a path`);
  assert.is(all.get('Cross-Origin-Opener-Policy'), 'same-origin');
  assert.is(all.get('X-Content-Type-Options'), 'nosniff');
  assert.is(all.get('Referrer-Policy'), 'strict-origin-when-cross-origin');
  assert.match(all.get('Permissions-Policy')!, /camera=\(\)/);
  assert.match(all.get('Strict-Transport-Security')!, /^max-age=\d{8,}/);
  assert.is(all.get('X-Frame-Options'), 'DENY');
});

test('site serve sends the same headers as _headers, for pages and assets', async () => {
  const rules = readHeaders(dist());
  const page = await fetch(`${site.url}/services/passports`);
  for (const [name, value] of headersFor(rules, '/services/passports')) assert.is(page.headers.get(name), value, name);
  const css = /href="(\/assets\/site\.[0-9a-f]+\.css)"/.exec(await page.text())![1];
  const asset = await fetch(site.url + css);
  assert.is(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.is(asset.headers.get('content-security-policy'), page.headers.get('content-security-policy'));
});

test('/admin/ has its own policy, which allows eval for the editor alone; /admin/tawkto-setup keeps the site\'s', async () => {
  const rules = readHeaders(dist());
  const site_ = new Map(headersFor(rules, '/services/passports')).get('Content-Security-Policy')!;
  const editorRule = new Map(rules.find((r) => r.path === '/admin/')!.headers).get('Content-Security-Policy')!;
  assert.match(editorRule, /script-src 'self' 'unsafe-eval';/);
  assert.match(editorRule, /connect-src 'self' blob: https:\/\/api\.github\.com;/);
  assert.match(editorRule, /object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'$/);
  assert.not.match(editorRule, /tawk|google|reviews/, 'none of the site\'s third parties');
  const editor = await fetch(`${site.url}/admin/`);
  assert.is(editor.headers.get('content-security-policy'), editorRule);
  // Nothing of the pages' policy reaches the editor, whichever way a host joins the rules that match it.
  assert.equal(headersFor(rules, '/admin/').filter(([name]) => name === 'Content-Security-Policy').map(([, v]) => v), [editorRule]);
  assert.equal(headersFor(rules, '/admin/').filter(([name]) => name === 'Cross-Origin-Opener-Policy').map(([, v]) => v), ['same-origin-allow-popups']);
  assert.is(editor.headers.get('cross-origin-opener-policy'), 'same-origin-allow-popups');
  assert.is(editor.headers.get('x-robots-tag'), 'noindex, nofollow');
  const setup = await fetch(`${site.url}/admin/tawkto-setup`);
  assert.is(setup.status, 200);
  assert.is(setup.headers.get('content-security-policy'), site_);
  assert.match(fs.readFileSync(path.join(dist(), 'robots.txt'), 'utf8'), /^Disallow: \/admin\/$/m);
  assert.not.ok(fs.readFileSync(path.join(dist(), 'sitemap.xml'), 'utf8').includes('/admin'));
});

test('no page breaks under the policy: no violation on any page type, with the third parties stubbed and awake', async () => {
  const problems: string[] = [];
  for (const pathname of ['/', '/services/passports', '/cities/perth', '/arabic', '/process', '/pricing', '/blog', '/blog/naati-certified-translations-immigration', '/faq', '/contact', '/admin/tawkto-setup', '/missing-page']) {
    const p = await open(browser, site, pathname);
    await p.page.addInitScript(() => {
      (window as any).__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as any).__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await p.page.reload({ waitUntil: 'load' });
    for (const island of await p.page.locator('site-island[data-wake="visible"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.island!))) await wake(p.page, island);
    if (pathname === '/contact') {
      await p.page.getByRole('button', { name: 'Start Chat' }).click();
      await p.page.waitForFunction(() => (window as any).__chatOpened === 1);
    }
    await p.page.waitForTimeout(300);
    const violations = (await p.page.evaluate(() => (window as any).__violations)) as string[];
    problems.push(...violations.map((v) => `${pathname}: ${v}`), ...p.problems.filter((m) => /Content Security Policy/i.test(m)).map((m) => `${pathname}: ${m}`));
    await p.close();
  }
  assert.equal(problems, []);
});

test("the policy lets Google Analytics 4 report as Google's guide says, and refuses hosts the site does not use", async () => {
  const p = await open(browser, site, '/');
  await p.page.addInitScript(() => {
    (window as any).__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as any).__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  await p.page.reload({ waitUntil: 'load' });
  // A string, not a function: the test's compiler would wrap the helper below in a function the page lacks.
  await p.page.evaluate(`(async () => {
    // What GA4 sends (the hosts are blocked on this machine, so each load fails, but only the policy reports).
    await fetch('https://region1.analytics.google.com/g/collect?v=2', { method: 'POST', mode: 'no-cors' }).catch(() => {});
    await fetch('https://region1.google-analytics.com/g/collect?v=2', { method: 'POST', mode: 'no-cors' }).catch(() => {});
    const pixel = (src) => new Promise((done) => Object.assign(new Image(), { onload: done, onerror: done, src }));
    await pixel('https://www.google-analytics.com/g/collect?v=2');
    await pixel('https://www.googletagmanager.com/a?id=G-TEST');
    // What no page loads: Google Fonts, reCAPTCHA through recaptcha.net, any image from www.gstatic.com.
    await new FontFace('Stub', 'url(https://fonts.gstatic.com/s/stub.woff2)').load().catch(() => {});
    await pixel('https://www.gstatic.com/images/stub.png');
    document.body.append(Object.assign(document.createElement('iframe'), { src: 'https://www.recaptcha.net/recaptcha/api2/anchor' }));
  })()`);
  // Reports come as tasks of their own, the refused frame's from the browser process: a busy machine can take
  // longer than any fixed pause. Wait for the three refusals that must come (and if one never does, the
  // comparison below says which).
  await p.page
    .waitForFunction(() => ['font-src', 'frame-src', 'img-src'].every((directive) => ((window as any).__violations as string[]).some((v) => v.startsWith(`${directive} `))))
    .catch(() => {});
  const violations = ((await p.page.evaluate(() => (window as any).__violations)) as string[]).map((v) => v.replace(/\?.*$/, ''));
  await p.close();
  // A refused frame is reported by its origin alone.
  assert.equal(violations.sort(), ['font-src https://fonts.gstatic.com/s/stub.woff2', 'frame-src https://www.recaptcha.net', 'img-src https://www.gstatic.com/images/stub.png'].sort());
});

test('the policy really is enforced: an inline script is refused, on the not-found page at an unknown address too', async () => {
  // The not-found page carries the policy in its head: the host matches no _headers rule of the pages there.
  for (const pathname of ['/', '/missing-page']) {
    const p = await open(browser, site, pathname);
    const ran = await p.page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
      return (window as any).__inlineRan === true;
    });
    assert.not.ok(ran, pathname);
    await p.close();
  }
  assert.ok(fs.existsSync(path.join(dist(), '_headers')));
});

test.run();
