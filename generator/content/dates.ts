// Dates as editors write them, read by one parser: dd/mm/yyyy (the Australian way, which the site shows), or
// yyyy-mm-dd, quoted or not (front matter is read with YAML's core schema, content/load.ts, so an unquoted
// 2026-09-22 stays the text that was written instead of becoming a Date that rolls 31 February into March).

const australian = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** yyyy-mm-dd, perhaps with a time of day after it (YAML's timestamps, as Hugo users write them): the day is the one written. */
const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
/** Text shaped like a date in either form: validation checks every such text in content is a real day. */
export const dateShape = new RegExp(`^\\d{1,2}/\\d{1,2}/\\d{4}$|${iso.source}`);

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const two = (n: number) => String(n).padStart(2, '0');

/** The day a date names as yyyy-mm-dd (the year in four digits, as ISO 8601 has it: 0999), or why it names none. */
export function parseDate(written: string): { iso: string } | { problem: string } {
  let year: number, month: number, day: number;
  const a = australian.exec(written);
  const i = a ? null : iso.exec(written);
  if (a) [day, month, year] = a.slice(1).map(Number);
  else if (i) [year, month, day] = i.slice(1).map(Number);
  else return { problem: 'is not a date: write it as dd/mm/yyyy, such as 22/09/2026, or as yyyy-mm-dd' };
  if (month < 1 || month > 12) return { problem: `is not a real date: there is no month ${month}` };
  // Day 0 of the next month is the last day of this one, in a year at the same place in the calendar's 400-year
  // cycle: Date.UTC takes the years 0 to 99 for 1900 to 1999, which made 29/02/0000 no day.
  const days = new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate();
  const yyyy = String(year).padStart(4, '0');
  if (day < 1) return { problem: 'is not a real date: there is no day 0' };
  if (day > days) return { problem: `is not a real date: ${monthNames[month - 1]} ${yyyy} has ${days} days` };
  return { iso: `${yyyy}-${two(month)}-${two(day)}` };
}

/** yyyy-mm-dd for a date already validated; throws on one that is not, which validation has refused before. */
export function isoDate(written: string): string {
  const parsed = parseDate(written);
  if ('problem' in parsed) throw new Error(`"${written}" ${parsed.problem}`);
  return parsed.iso;
}

/**
 * The calendar day (yyyy-mm-dd) in Melbourne at an instant (milliseconds since 1970), whatever the machine's time
 * zone. The business is in Melbourne (facts.json: hours.clock), so a day the site shows for an instant is the day there: taken in
 * UTC, a build after 13:00 UTC (14:00 in standard time) was dated a day behind, and on 31 December a year behind.
 */
export function melbourneDate(instant: number): string {
  const format = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Melbourne', year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day}`;
}

/** dd/mm/yyyy from yyyy-mm-dd: how the site shows a date. */
export function australianDate(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${d}/${m}/${y}`;
}
