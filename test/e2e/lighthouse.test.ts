// Lighthouse on the page types of the quality issue, with mobile emulation and its default simulated
// throttling, over the built site served as a static host would (the _headers, compression, clean URLs).
// Third parties are blocked, as they cannot load on this machine: the site must be fast and whole without them.
// Each page's report is kept in reports/lighthouse/ (outside git); the four scores are printed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { build } from '../../generator/build.ts';
import { silentLogger } from '../../generator/log.ts';
import { staticHandler } from '../../generator/serve/static.ts';
import { fixture, repoRoot, type Fixture } from '../helpers/project.ts';
import { chromiumPath, launchArgs } from './browser.ts';

const pages = ['/', '/services', '/services/passports', '/cities/sydney', '/arabic', '/blog/naati-certified-translations-immigration', '/contact', '/faq'];
const minimum: Record<string, number> = { performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 1 };
const reports = path.join(repoRoot, 'reports', 'lighthouse');

const test = suite('lighthouse');
let site: Fixture;
let server: http.Server;
let origin: string;
let chrome: chromeLauncher.LaunchedChrome;
let profile: string;

test.before(async () => {
  site = fixture();
  await build({ root: site.root, logger: silentLogger });
  server = http.createServer(staticHandler({ root: path.join(site.root, 'dist') }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'site-lighthouse-'));
  chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: launchArgs, userDataDir: profile, logLevel: 'silent' });
  fs.mkdirSync(reports, { recursive: true });
});

test.after(async () => {
  chrome?.kill();
  await new Promise((resolve) => server?.close(resolve));
  site?.remove();
  fs.rmSync(profile, { recursive: true, force: true });
});

const config = {
  extends: 'lighthouse:default',
  settings: { blockedUrlPatterns: ['https://*', 'wss://*'], output: ['html', 'json'] as ('html' | 'json')[] },
};

for (const pathname of pages) {
  test(`${pathname}: Performance ≥ 98, Accessibility, Best Practices and SEO 100`, async () => {
    const run = await lighthouse(origin + pathname, { port: chrome.port, logLevel: 'error' }, config);
    assert.ok(run, 'Lighthouse returned a result');
    const { lhr, report } = run;
    const name = pathname === '/' ? 'home' : pathname.slice(1).replace(/\//g, '-');
    const [htmlReport, jsonReport] = report as string[];
    fs.writeFileSync(path.join(reports, `${name}.html`), htmlReport);
    fs.writeFileSync(path.join(reports, `${name}.json`), jsonReport);
    assert.is(lhr.runtimeError, undefined, lhr.runtimeError?.message);
    const scores = Object.fromEntries(Object.keys(minimum).map((id) => [id, lhr.categories[id]?.score ?? 0]));
    console.log(`» ${pathname.padEnd(48)} ${Object.entries(scores).map(([id, score]) => `${id} ${Math.round(score * 100)}`).join('  ')}`);
    const failing = Object.keys(minimum)
      .filter((id) => scores[id] < minimum[id])
      .map((id) => {
        const audits = lhr.categories[id].auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
          .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
        return `${id} ${Math.round(scores[id] * 100)}: ${audits.join(', ')}`;
      });
    assert.equal(failing, [], `${pathname} (report: reports/lighthouse/${name}.html)`);
  });
}

test.run();
