// Which pages a build may keep from the last one, shared by `site build` (the record kept in .cache/) and
// `site serve` (the record kept in memory). A page is kept only when the last build's record is for the same
// tool, templates, assets, schemas and build date (the build key), its route is the same, none of the keys
// it read has changed, and the output still holds the file as that build wrote it. Otherwise it is rendered:
// when in doubt, render.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { toolRoot } from '../project.ts';
import type { Page } from '../routes.ts';
import { changedKeys, recordFormat, routeHash, type BuildRecord, type PageState } from './record.ts';

/** Record format of the tracker's keys and of the tool itself: any change to the generator renders everything. */
let toolKeyMemo: string | undefined;
export function toolKey(): string {
  if (toolKeyMemo) return toolKeyMemo;
  const hash = createHash('sha256').update(process.version);
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(abs);
      else if (/\.(ts|js|json)$/.test(entry.name)) hash.update(`${path.relative(toolRoot, abs)}\0`).update(fs.readFileSync(abs));
    }
  };
  visit(path.join(toolRoot, 'generator'));
  for (const file of ['package-lock.json', 'package.json']) {
    const abs = path.join(toolRoot, file);
    if (fs.existsSync(abs)) hash.update(fs.readFileSync(abs));
  }
  return (toolKeyMemo = hash.digest('hex').slice(0, 16));
}

/** A hash of every file below a folder (sorted by path), skipping the folders named in `skip`. */
export function folderHash(dir: string, skip: string[] = []): string {
  const hash = createHash('sha256');
  const visit = (at: string) => {
    if (!fs.existsSync(at)) return;
    for (const entry of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (!skip.includes(abs)) visit(abs);
      } else hash.update(`${path.relative(dir, abs)}\0`).update(fs.readFileSync(abs));
    }
  };
  visit(dir);
  return hash.digest('hex').slice(0, 16);
}

export class IncrementalPolicy {
  private changed?: Uint8Array;
  private index?: Map<string, number>;
  readonly keys: string[];
  readonly pages = new Map<string, PageState>();
  private routes = new Map<string, string>();

  /**
   * `previous`: the last build's record, if any. `state`: this build's content state (record.ts contentState).
   * The key table carries over only from a record of the same build key, whose page deps stay valid.
   */
  constructor(
    private readonly previous: BuildRecord | undefined,
    private readonly key: string,
    private readonly state: Pick<BuildRecord, 'files' | 'lists'>,
  ) {
    const usable = previous && previous.key === key;
    this.keys = usable ? previous.keys : [];
    if (usable) {
      const changed = changedKeys(previous, state);
      this.changed = new Uint8Array(this.keys.length);
      this.keys.forEach((k, i) => {
        if (changed.has(k)) this.changed![i] = 1;
      });
    }
  }

  private route(page: Page): string {
    let hash = this.routes.get(page.path);
    if (hash === undefined) this.routes.set(page.path, (hash = routeHash(page)));
    return hash;
  }

  /** Whether a page's last rendering can be kept as it is (before asking the output to keep its file). */
  reusable(page: Page): boolean {
    const last = this.changed && this.previous!.pages.get(page.path);
    if (!last || last.route !== this.route(page)) return false;
    for (const dep of last.deps) if (this.changed![dep]) return false;
    return true;
  }

  /** Records that a page was kept: its deps carry over unchanged. */
  kept(page: Page): void {
    this.pages.set(page.path, this.previous!.pages.get(page.path)!);
  }

  /** The keys a kept page read, for the work it implies (asset files to copy again). */
  depsOf(page: Page): string[] {
    return [...this.previous!.pages.get(page.path)!.deps].map((i) => this.keys[i]);
  }

  /** Records what a rendered page read. */
  rendered(page: Page, deps: Set<string>): void {
    if (!this.index) this.index = new Map(this.keys.map((k, i) => [k, i]));
    const indices = new Uint32Array(deps.size);
    let n = 0;
    for (const dep of deps) {
      let i = this.index.get(dep);
      if (i === undefined) {
        i = this.keys.push(dep) - 1;
        this.index.set(dep, i);
      }
      indices[n++] = i;
    }
    this.pages.set(page.path, { route: this.route(page), deps: indices });
  }

  /** This build's record, once every page was rendered or kept. */
  record(): BuildRecord {
    return { format: recordFormat, key: this.key, ...this.state, keys: this.keys, pages: this.pages };
  }
}
