// Runs every test suite, each in its own process, and ends with the one line CI reads:
// `N passed, N failed`. uvu prints Total/Passed/Skipped per process; this sums them. A passing suite's
// output is quiet except for lines holding '» ', the figures it reports.
//   npm test                 all suites
//   npm test -- cli serve    only suites whose file name contains one of the words
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filters = process.argv.slice(2);
const suites = ['test', 'test/e2e']
  .flatMap((dir) => (fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f}`) : []))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort((a, b) => Number(a.includes('e2e')) - Number(b.includes('e2e')) || a.localeCompare(b));

// No suite takes more than a few minutes; one that hangs must not eat CI's time limit.
const suiteLimitMinutes = Number(process.env.SUITE_TIMEOUT_MINUTES) || 15;

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];

function runSuite(file: string): Promise<{ total: number; passed: number; skipped: number; code: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a suite that hangs is stopped with the browsers and servers it started.
      detached: true,
    });
    let output = '';
    const timer = setTimeout(() => {
      output += `\n${file} did not finish within ${suiteLimitMinutes} minutes and was stopped; the output above shows how far it got.\n`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, suiteLimitMinutes * 60_000);
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      clearTimeout(timer);
      const num = (label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(output)?.[1] ?? 0);
      const result = { total: num('Total'), passed: num('Passed'), skipped: num('Skipped'), code: code ?? 1 };
      // uvu's Total leaves skipped tests out; a suite that reported nothing at all has crashed.
      const ok = result.code === 0 && result.total + result.skipped > 0 && result.passed === result.total;
      const skipNote = result.skipped ? `, ${result.skipped} skipped` : '';
      process.stdout.write(`${ok ? '✓' : '✗'} ${file}: ${result.passed}/${result.total} passed${skipNote} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      if (!ok) process.stdout.write(output.replace(/^/gm, '    ') + '\n');
      // Figures a suite reports on success (Lighthouse scores) follow '» ' (uvu's progress marks may precede it).
      else for (const line of output.split('\n')) if (line.includes('» ')) process.stdout.write(`    ${line.slice(line.indexOf('» ') + 2)}\n`);
      resolve(result);
    });
  });
}

for (const file of suites) {
  const result = await runSuite(file);
  passed += result.passed;
  skipped += result.skipped;
  // A suite that crashed before reporting counts as one failure, so it can never pass silently.
  const suiteFailed = result.total - result.passed || (result.code !== 0 || result.total + result.skipped === 0 ? 1 : 0);
  failed += suiteFailed;
  if (suiteFailed) failures.push(file);
}
if (failures.length) console.log(`\nFailed suites: ${failures.join(', ')}`);
if (skipped) console.log(`${skipped} skipped (see the suites marked "skipped" above for why)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
