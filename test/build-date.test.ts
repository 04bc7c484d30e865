// The build's date is Melbourne's calendar day at the build's instant (SOURCE_DATE_EPOCH), the business being
// there: not the day in UTC, nor in the time zone of the machine that builds.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { build } from '../generator/build.ts';
import { buildDateOf } from '../generator/content/join.ts';
import { silentLogger } from '../generator/log.ts';
import { BuildFailure } from '../generator/errors.ts';
import { fixture } from './helpers/project.ts';

const test = suite('build-date');

const seconds = (iso: string) => String(Date.parse(iso) / 1000);

/** Runs `fn` with the process's time zone set to `zone`, as a machine there would build. */
async function inZone<T>(zone: string, fn: () => T | Promise<T>): Promise<T> {
  const saved = process.env.TZ;
  process.env.TZ = zone;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

test('the build date is the day in Melbourne on both sides of its midnight, in standard and daylight time, whatever the machine\'s time zone', async () => {
  const cases: [string, string][] = [
    ['2026-06-30T13:59:59Z', '2026-06-30'], // 23:59:59 AEST
    ['2026-06-30T14:00:00Z', '2026-07-01'], // midnight AEST
    ['2026-12-31T12:59:59Z', '2026-12-31'], // 23:59:59 AEDT
    ['2026-12-31T13:30:00Z', '2027-01-01'], // 00:30 AEDT: a new year in Melbourne, still the old one in UTC
    ['2025-12-01T00:00:00Z', '2025-12-01'], // 11:00 AEDT, the same day everywhere
  ];
  for (const zone of ['UTC', 'America/Los_Angeles', 'Australia/Melbourne', 'Asia/Kolkata']) {
    await inZone(zone, () => {
      for (const [instant, day] of cases) assert.is(buildDateOf(seconds(instant)), day, `${instant} with TZ=${zone}`);
    });
  }
});

test('the last second of 9999 in Melbourne still dates the build; the next names a day past 9999', () => {
  assert.is(buildDateOf(seconds('9999-12-31T12:59:59Z')), '9999-12-31');
  const value = seconds('9999-12-31T13:00:00Z');
  assert.throws(() => buildDateOf(value), (e: BuildFailure) => e.errors[0].headline === `SOURCE_DATE_EPOCH is "${value}", which is after the year 9999`);
});

test('a build at 00:30 on 1 January in Melbourne (13:30 UTC the day before) dates the privacy policy and the footer\'s year in Melbourne; a blog post keeps the date it was given', async () => {
  const f = fixture();
  const saved = process.env.SOURCE_DATE_EPOCH;
  try {
    process.env.SOURCE_DATE_EPOCH = seconds('2026-12-31T13:30:00Z');
    await inZone('America/Los_Angeles', () => build({ root: f.root, logger: silentLogger }));
    const html = (rel: string) => fs.readFileSync(path.join(f.root, 'dist', rel), 'utf8');
    const privacy = html('privacy-policy.html');
    assert.match(privacy, /Last updated: <time dateTime="2027-01-01">01\/01\/2027<\/time>/);
    assert.match(privacy, /© 2027/);
    const post = html('blog/choose-right-translation-service-legal-documents.html');
    assert.match(post, /18\/08\/2026/);
    assert.not.match(post, /17\/08\/2026|19\/08\/2026/);
  } finally {
    if (saved === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = saved;
    f.remove();
  }
});

test.run();
