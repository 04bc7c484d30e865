// Failures of the disk's making (a full disk, a read-only folder, one the user may not write in): no change to
// the site fixes them, so they are reported as what to do, naming the file, rather than as a bug with its stack.
import { BuildFailure, siteError } from './errors.ts';

/**
 * The remedy for a system error that no change to the site can fix (a full disk, a read-only folder, one the
 * user may not write in), by its code; undefined for any other error, which is a bug.
 */
const diskRemedies: Record<string, string> = {
  ENOSPC: 'The disk is full: free some space and build again.',
  EDQUOT: 'Your disk quota is used up: free some space and build again.',
  EROFS: 'The file system is read-only: build into a folder you can write to (--out).',
  EACCES: 'Check the permissions of the project folder, its .cache/ and the output folder: you may read and write them all.',
  EPERM: 'Check the permissions of the project folder, its .cache/ and the output folder: you may read and write them all.',
  EIO: 'The disk reported an input/output error: check it and build again.',
};

/**
 * A failed read or write of the disk's making as a BuildFailure that names the file and what to do; anything else as it
 * is. `file` names the file when the error does not (an error of a write to an open file carries no path), and
 * `others` counts the files that failed the same way after it.
 */
export function diskFailure(error: unknown, file?: string, others = 0): unknown {
  const { code, path: named, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  const remedy = code === undefined ? undefined : diskRemedies[code];
  if (remedy === undefined || error instanceof BuildFailure) return error;
  const what = (error as Error).message.replace(/^[A-Z]+: /, '').replace(/, \w+( '.*')?$/, '');
  const more = others > 0 ? `, and ${others} more ${others === 1 ? 'file' : 'files'} after it` : '';
  const reason = `${what} (${code}${syscall ? ` in ${syscall}` : ''})${more}`;
  return new BuildFailure('disk', [siteError('DISK_FAILED', { reason, remedy }, { file: named ?? file })]);
}

/** A system error's code at the start of its message ("ENOSPC: no space left on device, write"). */
export function errorCodeOf(message: string): string | undefined {
  return /^(E[A-Z]+): /.exec(message)?.[1];
}
