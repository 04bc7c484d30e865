// Lighthouse runs here as PageSpeed Insights does, with nothing blocked. The build machine has no internet, so
// the site's third parties (chat, analytics, reviews, captcha) cannot load, and Chromium logs each of those
// failed requests as a console error, which costs Best Practices its `errors-in-console` points. A visitor
// online would not see those errors; a real error of the site's own must still fail the gate. So the gate
// discounts a console error only when all of these hold:
//   - it is Chromium's "Failed to load resource: net::ERR_NAME_NOT_RESOLVED", the one failure a missing
//     network gives (a host that answers 404 or refuses the connection is not discounted);
//   - the request went to a host other than the site's own;
//   - that host really does not resolve on this machine (checked again here, with the system's resolver).
// Online, those requests load and the audit counts in full. Nothing else in any category is discounted.
import dns from 'node:dns/promises';

/** The parts of Lighthouse's result (its `lhr`) the gate reads. */
export interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; displayValue?: string; details?: unknown }>;
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
}

type Lookup = (host: string) => Promise<unknown>;

export interface Discount {
  /** Best Practices as it would score with the discounted errors gone (0-1), or Lighthouse's own when none. */
  bestPractices: number;
  /** The third-party hosts whose failed requests were discounted, for the suite's printed line. */
  hosts: string[];
}

const offlineMessage = 'Failed to load resource: net::ERR_NAME_NOT_RESOLVED';

async function resolves(host: string, lookup: Lookup): Promise<boolean> {
  try {
    await lookup(host);
    return true;
  } catch {
    return false;
  }
}

export async function discountOfflineThirdParties(lhr: LighthouseResult, siteOrigin: string, lookup: Lookup = (host) => dns.lookup(host)): Promise<Discount> {
  const category = lhr.categories['best-practices'];
  const audit = lhr.audits['errors-in-console'];
  const items = ((audit?.details as { items?: { description?: string; sourceLocation?: { url?: string } }[] } | undefined)?.items ?? []);
  const own = new URL(siteOrigin).host;
  const hosts = new Set<string>();
  for (const item of items) {
    const url = item.sourceLocation?.url;
    const host = url && /^https?:/.test(url) ? new URL(url).host : undefined;
    const discountable = item.description === offlineMessage && host !== undefined && host !== own && !(await resolves(new URL(url!).hostname, lookup));
    // One error the offline machine does not explain and the audit stands as Lighthouse scored it.
    if (!discountable) return { bestPractices: category?.score ?? 0, hosts: [] };
    hosts.add(host);
  }
  if (!category || hosts.size === 0) return { bestPractices: category?.score ?? 0, hosts: [] };
  // Lighthouse's own arithmetic (core/scoring.js): the weighted mean of the audits that carry weight,
  // rounded to two decimals, with errors-in-console counted as passed.
  let sum = 0;
  let weight = 0;
  for (const ref of category.auditRefs) {
    if (ref.weight <= 0) continue;
    const score = ref.id === 'errors-in-console' ? 1 : (lhr.audits[ref.id].score ?? 0);
    sum += score * ref.weight;
    weight += ref.weight;
  }
  return { bestPractices: Math.round((sum / weight) * 100) / 100, hosts: [...hosts].sort() };
}
