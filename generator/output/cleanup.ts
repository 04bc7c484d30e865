// Folders left behind: replaced outputs deleted in the background, and staging folders of builds that died.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

const pendingRemovals = new Set<Promise<void>>();

/**
 * Deletes a replaced output folder without making the build wait: for thousands of pages that takes longer
 * than writing them. An `rm` runs beside the build; the command waits for it before it exits (finishRemovals()).
 */
export function removeInBackground(dir: string): void {
  if (process.platform !== 'win32') {
    try {
      const rm = spawn('rm', ['-rf', dir], { stdio: 'ignore' });
      // A missing `rm` is reported later, as 'error', and a failed one by its exit code: then it is deleted here.
      // Should that fail too, the folder stays until the next build's removeStale(), not the build's concern.
      const here = () => {
        try {
          fs.rmSync(dir, { recursive: true, force: true });
        } catch {}
      };
      const done = new Promise<void>((resolve) => {
        rm.once('error', () => resolve(here()));
        rm.once('close', (code) => resolve(code === 0 ? undefined : here()));
      });
      pendingRemovals.add(done);
      void done.then(() => pendingRemovals.delete(done));
      return;
    } catch {
      // fall through to deleting it here
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Resolves when every folder being deleted in the background is gone, so no process outlives the command. */
export async function finishRemovals(): Promise<void> {
  while (pendingRemovals.size) await Promise.all([...pendingRemovals]);
}

/**
 * Staging and replaced folders left beside the target by builds whose process no longer runs (killed). A
 * replaced folder with no target beside it is the last good output of a build killed between the two renames
 * of its commit (StagedOutput.commit): it is put back, not deleted.
 */
export function removeStale(target: string): void {
  const parent = path.dirname(target);
  const prefix = `${path.basename(target)}.`;
  // No folder (or a file, which the staging folder's making then reports): nothing was left here.
  if (!fs.statSync(parent, { throwIfNoEntry: false })?.isDirectory()) return;
  for (const name of fs.readdirSync(parent)) {
    const match = name.startsWith(prefix) ? /^(tmp|old)-(\d+)-/.exec(name.slice(prefix.length)) : null;
    if (!match || alive(Number(match[2]))) continue;
    if (match[1] === 'old' && !fs.existsSync(target)) fs.renameSync(path.join(parent, name), target);
    else fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
