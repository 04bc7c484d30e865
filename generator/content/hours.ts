// Opening hours have one source, facts.hours in content/facts.json: the days, the opening and closing times and
// whose clock they follow. Every way the site says them is derived here, for placeholders ({{facts.hours.display}})
// and templates (/contact's table, the structured data), so changing the source changes every page.
import type * as T from './types.ts';

const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The source with what is derived from it, beside it under facts.hours. */
export type Hours = ReturnType<typeof hoursWithTexts>;

/** The source with every text derived from it; a source that is not yet valid is returned as it is. */
export function withHours<F>(facts: F): F {
  const hours = (facts as { hours?: T.BusinessFacts['hours'] } | undefined)?.hours;
  if (!hours || !Array.isArray(hours.days) || typeof hours.opens !== 'string' || typeof hours.closes !== 'string') return facts;
  return { ...facts, hours: hoursWithTexts(hours) };
}

function hoursWithTexts(hours: T.BusinessFacts['hours']) {
  const open = week.filter((d) => hours.days.includes(d));
  const runs = dayRuns(open);
  const dayRange = listOf(runs.map((run) => (run.length > 2 ? `${run[0]} to ${run.at(-1)}` : listOf(run))));
  const shortDays = runs.map((run) => (run.length > 2 ? `${abbreviated(run[0])}–${abbreviated(run.at(-1)!)}` : run.map(abbreviated).join(', '))).join(', ');
  const [opens, closes] = [clock(hours.opens), clock(hours.closes)];
  return {
    ...hours,
    /** Monday to Friday, 9am to 5pm Melbourne time */
    display: `${dayRange}, ${opens} to ${closes} ${hours.clock}`,
    /** Mon–Fri 9am–5pm Melbourne time */
    short: `${shortDays} ${opens}–${closes} ${hours.clock}`,
    /** Monday to Friday */
    dayRange,
    /** 9am to 5pm Melbourne time */
    times: `${opens} to ${closes} ${hours.clock}`,
    /** The days of the week we are closed, in week order. */
    closedDays: week.filter((d) => !open.includes(d)),
  };
}

/** Days next to each other in the week, together: Mon Tue Wed Fri -> [Mon Tue Wed] [Fri]. */
function dayRuns(days: (typeof week)[number][]): string[][] {
  const runs: string[][] = [];
  // The days are in week order: a day whose day before is open too carries on the last run.
  for (const day of days) {
    if (days.includes(week[week.indexOf(day) - 1])) runs.at(-1)!.push(day);
    else runs.push([day]);
  }
  return runs;
}

const listOf = (items: string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const abbreviated = (day: string) => day.slice(0, 3);

/** 09:00 -> 9am, 17:30 -> 5:30pm, 12:00 -> 12pm. */
function clock(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'am' : 'pm'}`;
}
