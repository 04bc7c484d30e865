// Lighthouse on the page types of the quality issue, with mobile emulation and its default simulated
// throttling, over the built site served as a static host would (the _headers, compression, clean URLs).
// Third parties are blocked, as they cannot load on this machine: the site must be fast and whole without them.
// Each page's report is kept in reports/lighthouse/ (outside git); the four scores are printed.
//
// Performance is measured as a visitor sees the page, sections fading in as they scroll into view. The other
// three categories are audited in a browser that asks for reduced motion: axe scrolls each element into view
// to measure its contrast, which starts that section's fade-in, and text caught in the middle of a fade would
// be measured at a fraction of its real contrast.
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
let calmChrome: chromeLauncher.LaunchedChrome;
let profiles: string[] = [];

test.before(async () => {
  site = fixture();
  await build({ root: site.root, logger: silentLogger });
  server = http.createServer(staticHandler({ root: path.join(site.root, 'dist') }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  profiles = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'site-lighthouse-')));
  chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: launchArgs, userDataDir: profiles[0], logLevel: 'silent' });
  calmChrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: [...launchArgs, '--force-prefers-reduced-motion'], userDataDir: profiles[1], logLevel: 'silent' });
  fs.mkdirSync(reports, { recursive: true });
});

test.after(async () => {
  chrome?.kill();
  calmChrome?.kill();
  await new Promise((resolve) => server?.close(resolve));
  site?.remove();
  for (const profile of profiles) fs.rmSync(profile, { recursive: true, force: true });
});

const settings = { blockedUrlPatterns: ['https://*', 'wss://*'], output: ['html', 'json'] as ('html' | 'json')[] };
const runs = [
  { browser: () => chrome, suffix: '.performance', categories: ['performance'] },
  { browser: () => calmChrome, suffix: '', categories: ['accessibility', 'best-practices', 'seo'] },
];

for (const pathname of pages) {
  test(`${pathname}: Performance ≥ 98, Accessibility, Best Practices and SEO 100`, async () => {
    const name = pathname === '/' ? 'home' : pathname.slice(1).replace(/\//g, '-');
    const scores: Record<string, number> = {};
    const failing: string[] = [];
    for (const { browser, suffix, categories } of runs) {
      const config = { extends: 'lighthouse:default', settings: { ...settings, onlyCategories: categories } };
      // Lighthouse sometimes fails to record a trace (NO_NAVSTART: "Please run Lighthouse again"). Such a
      // failure of the tool itself is run once more; a low score never is.
      let run = await lighthouse(origin + pathname, { port: browser().port, logLevel: 'error' }, config);
      if (run?.lhr.runtimeError) run = await lighthouse(origin + pathname, { port: browser().port, logLevel: 'error' }, config);
      assert.ok(run, 'Lighthouse returned a result');
      const { lhr, report } = run;
      const [htmlReport, jsonReport] = report as string[];
      fs.writeFileSync(path.join(reports, `${name}${suffix}.html`), htmlReport);
      fs.writeFileSync(path.join(reports, `${name}${suffix}.json`), jsonReport);
      assert.is(lhr.runtimeError, undefined, lhr.runtimeError?.message);
      for (const id of categories) {
        scores[id] = lhr.categories[id]?.score ?? 0;
        if (scores[id] >= minimum[id]) continue;
        const audits = lhr.categories[id].auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
          .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
        failing.push(`${id} ${Math.round(scores[id] * 100)}: ${audits.join(', ')} (report: reports/lighthouse/${name}${suffix}.html)`);
      }
    }
    console.log(`» ${pathname.padEnd(48)} ${Object.keys(minimum).map((id) => `${id} ${Math.round(scores[id] * 100)}`).join('  ')}`);
    assert.equal(failing, [], pathname);
  });
}

test.run();
