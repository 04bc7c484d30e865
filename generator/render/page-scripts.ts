// Which scripts a page loads, and when. Templates name what they use while a page renders (assets.script,
// assets.island); afterwards the generator adds the island loader, and modulepreload links for islands
// woken at load, to the page's head, and checks the page's JavaScript against the budgets. A page without
// islands gets no loader at all.
import { siteError, type SiteError } from '../errors.ts';
import type { Page } from '../routes.ts';
import { kb } from '../page-weight.ts';
import type { ClientScripts } from '../assets/islands.ts';
import type { Wake } from './contract.ts';

/** Gzipped JavaScript budgets per page, in bytes. */
export const budgets = {
  /** Everything a page loads before it is interactive. */
  load: 12 * 1024,
  /** Everything a page may ever load, islands woken later and their lazy imports included. */
  total: 25 * 1024,
  /** A page with no islands: only the header, menu, floating button and scroll reveal. */
  basic: 8 * 1024,
};

export type PageWeight = ReturnType<PageScripts['weight']>;

export class PageScripts {
  private scripts = new Set<string>();
  private islands = new Map<string, Wake>();

  constructor(private readonly client: ClientScripts) {}

  begin(): void {
    this.scripts.clear();
    this.islands.clear();
  }

  script(name: string): string {
    const entry = this.client.entries.get(name);
    if (!entry) throw new Error(`there is no client script named ${name}`);
    this.scripts.add(name);
    return entry.url;
  }

  island(name: string, wake: Wake): string {
    const entry = this.client.entries.get(name);
    if (!entry || !this.client.islands.includes(name)) throw new Error(`there is no island named ${name} in islands/`);
    const order: Wake[] = ['load', 'visible', 'interaction', 'idle'];
    const before = this.islands.get(name);
    if (!before || order.indexOf(wake) < order.indexOf(before)) this.islands.set(name, wake);
    return entry.url;
  }

  /** The page's HTML with the loader and preloads added to its head. */
  finish(html: string): string {
    if (this.islands.size === 0) return html;
    const loader = this.client.entries.get('loader')!;
    const preloads = new Set([...this.islands].filter(([, wake]) => wake === 'load').flatMap(([name]) => this.fetchedAtOnce(name)));
    const tags = [...preloads].map((url) => `<link rel="modulepreload" href="${url}"/>`).join('') + `<script type="module" src="${loader.url}"></script>`;
    // Sliced around the tags rather than replaced: for a page of tens of megabytes, a replace is one more
    // whole copy alive at once, while slices share the page's own characters until it is written.
    const at = html.indexOf('</head>');
    return at === -1 ? html : html.slice(0, at) + tags + html.slice(at);
  }

  /** Gzipped bytes the page loads at first, and in all. */
  weight() {
    const atLoad = new Set<string>();
    const all = new Set<string>();
    const add = (name: string, now: boolean) => {
      for (const url of this.fetchedAtOnce(name)) {
        all.add(url);
        if (now) atLoad.add(url);
      }
      for (const url of this.client.entries.get(name)!.dynamics) all.add(url);
    };
    for (const name of this.scripts) add(name, true);
    if (this.islands.size) add('loader', true);
    for (const [name, wake] of this.islands) add(name, wake === 'load');
    const sum = (urls: Set<string>) => [...urls].reduce((total, url) => total + (this.client.sizes.get(url) ?? 0), 0);
    return { load: sum(atLoad), total: sum(all), islands: [...this.islands.keys()].sort() };
  }

  /** A script's own file and the files it imports statically: what loading it fetches at once. */
  private fetchedAtOnce(name: string): string[] {
    const entry = this.client.entries.get(name)!;
    return [entry.url, ...entry.statics];
  }

  /** A budget error for the page, if it is over any budget. */
  check(page: Page, weight: PageWeight): SiteError | undefined {
    const over: string[] = [];
    if (weight.load > budgets.load) over.push(`${kb(weight.load)} at load (budget ${kb(budgets.load)})`);
    if (weight.total > budgets.total) over.push(`${kb(weight.total)} in all (budget ${kb(budgets.total)})`);
    if (weight.islands.length === 0 && weight.total > budgets.basic) over.push(`${kb(weight.total)} with no islands (budget ${kb(budgets.basic)})`);
    if (!over.length) return undefined;
    return siteError('BUDGET_EXCEEDED', { over: over.join(' and '), islands: weight.islands.join(', ') || 'none' }, { page: page.path, file: page.source });
  }
}
