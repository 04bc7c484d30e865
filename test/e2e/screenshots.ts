// `npm run screenshots -- [--width 375,1280] [--scroll] /path ...`: builds nothing; serves dist/ and writes
// viewport-sized screenshots of each page, slice by slice, to reports/screenshots/ for a person to look at.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { launch } from './browser.ts';
import { staticHandler } from '../../generator/serve/static.ts';
import { repoRoot } from '../helpers/project.ts';

const args = process.argv.slice(2);
const widthArg = args.indexOf('--width');
const widths = widthArg >= 0 ? args[widthArg + 1].split(',').map(Number) : [375, 1280];
const slices = Number(args[args.indexOf('--slices') + 1]) || 3;
const paths = args.filter((a, i) => a.startsWith('/') && args[i - 1] !== '--width');
const out = path.join(repoRoot, 'reports/screenshots');
fs.mkdirSync(out, { recursive: true });

const server = http.createServer(staticHandler({ root: path.join(repoRoot, 'dist') }));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const browser = await launch();
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 }, reducedMotion: 'reduce' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(origin + p, { waitUntil: 'networkidle' });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const viewport = page.viewportSize()!.height;
    for (let i = 0; i < slices && i * viewport < height; i++) {
      await page.evaluate((y) => window.scrollTo(0, y), i * viewport);
      await page.waitForTimeout(250);
      const file = path.join(out, `${width}${p === '/' ? '-home' : p.replace(/\//g, '-')}-${i}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(repoRoot, file));
    }
  }
  await context.close();
}
await browser.close();
server.close();
