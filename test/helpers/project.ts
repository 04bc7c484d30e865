// Fixture projects: a copy of the real content in a temporary folder with some files changed, added or
// removed. Templates, islands, assets and functions come from the generator itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Fixture {
  root: string;
  content: string;
  /** Writes (or with null, deletes) a file under the fixture's root. */
  write(rel: string, text: string | null): void;
  read(rel: string): string;
  json<T = Record<string, unknown>>(rel: string): T;
  editJson(rel: string, edit: (data: Record<string, any>) => void): void;
  remove(): void;
}

export function fixture(changes: Record<string, string | null> = {}): Fixture {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-fixture-'));
  fs.cpSync(path.join(repoRoot, 'content'), path.join(root, 'content'), { recursive: true });
  const self: Fixture = {
    root,
    content: path.join(root, 'content'),
    write(rel, text) {
      const abs = path.join(root, rel);
      if (text === null) fs.rmSync(abs, { force: true });
      else {
        fs.mkdirSync(path.dirname(abs), { recursive: true });
        fs.writeFileSync(abs, text);
      }
    },
    read: (rel) => fs.readFileSync(path.join(root, rel), 'utf8'),
    json: (rel) => JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8')),
    editJson(rel, edit) {
      const data = self.json<Record<string, any>>(rel);
      edit(data);
      self.write(rel, `${JSON.stringify(data, null, 2)}\n`);
    },
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
  for (const [rel, text] of Object.entries(changes)) self.write(rel, text);
  return self;
}

/**
 * Gives a fixture its own copy of the code a site is rendered with: templates import islands, and islands
 * import functions/lib/enquiry.ts, so the three travel together.
 */
export function copyCode(f: Fixture, parts: ('templates' | 'islands' | 'functions' | 'assets')[] = ['templates', 'islands', 'functions']): void {
  for (const part of parts) fs.cpSync(path.join(repoRoot, part), path.join(f.root, part), { recursive: true });
}

/** Every file under a folder, relative, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, entry.name);
      if (entry.isDirectory()) visit(abs);
      else out.push(path.relative(dir, abs).split(path.sep).join('/'));
    }
  };
  visit(dir);
  return out.sort();
}

/**
 * The address of a page's output file by generator/address.ts's rule (the inverse of outputFileOf), or undefined
 * for a file that is not a page by it.
 */
export function pathOfOutputFile(file: string): string | undefined {
  if (file === 'index.html') return '/';
  return file.endsWith('.html') && !file.endsWith('/index.html') && !file.startsWith('/') ? `/${file.slice(0, -'.html'.length)}` : undefined;
}
