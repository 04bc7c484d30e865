// The live progress line and the build summary (generator/progress.ts): a line redrawn in place on a terminal
// and nothing extra anywhere else; a summary whose figures add up to the wall time. Clocks are the tests' own:
// nothing here depends on how fast the machine is.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from '../generator/build.ts';
import { BuildProgress, LiveLine, criticalPath, type LineStream } from '../generator/progress.ts';
import { silentLogger, type Logger } from '../generator/log.ts';
import { fixture, repoRoot } from './helpers/project.ts';

const test = suite('progress');

function stream(isTTY: boolean, columns = 80): LineStream & { written: string[] } {
  const written: string[] = [];
  return { isTTY, columns, written, write: (text: string) => written.push(text) };
}

/** A clock that moves on by `step` milliseconds each time it is read. */
function clock(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

/** The figures of a summary's breakdown and its total, in milliseconds. */
function figures(summary: string): { total: number; terms: number[]; text: string } {
  const match = /in ([\d.]+) (m?s) \((.*)\)$/m.exec(summary);
  assert.ok(match, summary);
  const ms = (n: string, unit: string) => Math.round(Number(n) * (unit === 's' ? 1000 : 1));
  const terms = match![3]
    .replace(/;.*$/, '')
    .split(' + ')
    .map((term) => /([\d.]+) (m?s)\b/.exec(term)!)
    .map((m) => ms(m[1], m[2]));
  return { total: ms(match![1], match![2]), terms, text: match![3] };
}

test('the line is drawn in place on a terminal, at most every tenth of a second, fitted to its width, and cleared', () => {
  const tty = stream(true, 30);
  let now = 0;
  const line = new LiveLine(tty, (t) => t, () => now);
  line.update('building: content · 0.1 s');
  now = 50;
  line.update('building: model · 0.2 s'); // too soon: skipped
  now = 150;
  line.update('building: render 1,024/2,000 pages · 3.4 s');
  line.clear();
  line.clear(); // nothing shown: nothing to clear
  assert.equal(tty.written, ['\r\u001b[2Kbuilding: content · 0.1 s', '\r\u001b[2Kbuilding: render 1,024/2,000…', '\r\u001b[2K']);
});

test('off a terminal the line writes nothing at all', () => {
  const pipe = stream(false);
  const line = new LiveLine(pipe, (t) => t, clock(1000));
  line.update('building: content');
  line.clear();
  assert.equal(pipe.written, []);
});

test('the critical path: the stages the build waited on, not those that ran beside a longer one', () => {
  const spans = [
    { stage: 'content', start: 0, end: 100 },
    { stage: 'model', start: 100, end: 150 },
    { stage: 'templates', start: 150, end: 180 },
    { stage: 'images', start: 150, end: 400 },
    { stage: 'css', start: 150, end: 300 },
    { stage: 'render', start: 410, end: 900 },
    { stage: 'write', start: 900, end: 960 },
  ];
  assert.equal(criticalPath(spans).map((s) => s.stage), ['content', 'model', 'images', 'render', 'write']);
  // The summary of such a build adds up: 100 + 50 + 250 + 490 + 60 and 10 between = 960 ms... and 1 s of wall time.
  const progress = new BuildProgress(silentLogger, 0);
  progress.spans.push(...spans);
  assert.is(progress.summary(970), 'content 100 ms + model 50 ms + images 250 ms + render 490 ms + write 60 ms + 20 ms between stages; render held it up most');
  assert.is(progress.summary(2345), 'content 0.10 s + model 0.05 s + images 0.25 s + render 0.49 s + write 0.06 s + 1.40 s between stages; render held it up most');
});

test('the summary adds up when each stage alone would round up: ends are rounded, not lengths', () => {
  const progress = new BuildProgress(silentLogger, 0);
  progress.spans.push({ stage: 'content', start: 0, end: 1005 }, { stage: 'render', start: 1005, end: 2010 });
  const { total, terms } = figures(`in 2.01 s (${progress.summary(2010)})`);
  assert.is(terms.reduce((a, b) => a + b, 0), total);
  assert.is(progress.summary(2010), 'content 1.01 s + render 1.00 s; content held it up most');
});

test('a build on a (stand-in) terminal shows its stages and the pages rendered of the total, then clears the line; the summary adds up', async () => {
  const f = fixture();
  try {
    const tty = stream(true, 200);
    const line = new LiveLine(tty, (t) => t, clock(1000));
    const logger: Logger = { ...silentLogger, progress: (m) => line.update(m) };
    const result = await build({ root: f.root, logger, recycle: false });
    const shown = tty.written.map((w) => w.replace('\r\u001b[2K', ''));
    assert.ok(shown.some((s) => /^building: content · [\d.]+ s$/.test(s)), shown.join('\n'));
    assert.ok(shown.some((s) => s.startsWith('building: templates')), shown.join('\n'));
    const pages = shown.map((s) => /render (\d+)\/(\d+) pages/.exec(s)).filter(Boolean) as RegExpExecArray[];
    assert.ok(pages.length > 0, shown.join('\n'));
    assert.is(Number(pages.at(-1)![1]), result.pages.length);
    assert.is(Number(pages.at(-1)![2]), result.pages.length);
    assert.is(tty.written.at(-1), '\r\u001b[2K');
    const { total, terms, text } = figures(result.summary);
    assert.is(terms.reduce((a, b) => a + b, 0), total, text);
    assert.match(text, /^content [\d.]+ m?s \+ model .*\brender [\d.]+ m?s .*; \w+ held it up most$/);
  } finally {
    f.remove();
  }
});

test('site build prints the summary and nothing else when its output is not a terminal; on a terminal the line is drawn and cleared', () => {
  const f = fixture();
  try {
    const bin = path.join(repoRoot, 'bin/site.js');
    const piped = spawnSync(process.execPath, [bin, 'build', '--out', 'piped', '--explain'], { cwd: f.root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.is(piped.status, 0, piped.stderr);
    assert.is(piped.stderr, '');
    assert.not.match(piped.stdout, /\r|\u001b|building:/);
    // The summary, then indented lines only: the JavaScript weights and, asked for with --explain, why pages
    // rendered and each stage's own time.
    const lines = piped.stdout.trim().split('\n');
    assert.match(lines[0], /^✓ /);
    assert.ok(lines.slice(1).every((l) => l.startsWith('  ')), piped.stdout);
    assert.ok(lines.some((l) => /^  stage times, some overlapping: content [\d.]+ m?s, model .*images [\d.]+ m?s/.test(l)), piped.stdout);
    const { total, terms } = figures(lines[0]);
    assert.is(terms.reduce((a, b) => a + b, 0), total);
    // A real terminal (a pseudo-terminal from script(1)): the live line is drawn and cleared before the summary.
    // Into another folder, so the build runs (from the caches the first one left).
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} build --out tty`;
    const tty = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: f.root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', COLUMNS: '120' } });
    assert.is(tty.status, 0, tty.stdout);
    assert.match(tty.stdout, /\r\u001b\[2Kbuilding: content/);
    assert.match(tty.stdout, /\r\u001b\[2K✓ \d+ pages/);
  } finally {
    f.remove();
  }
});

test.run();
