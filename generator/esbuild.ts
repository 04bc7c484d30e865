// esbuild, loaded the first time a stage needs it. Its service is a child process; esbuild's stop() kills it
// without waiting, and a child that exits after ours is never reaped (a zombie, where nothing adopts it). So
// commands that finish stop it and wait until it is gone.
import fs from 'node:fs';
import path from 'node:path';
import type { Message } from 'esbuild';
import { SiteError } from './errors.ts';
import { relative, type Project } from './project.ts';

type Esbuild = typeof import('esbuild');

let loaded: Promise<Esbuild> | undefined;

export function loadEsbuild(): Promise<Esbuild> {
  return (loaded ??= import('esbuild'));
}

/** Stops esbuild's service, if it was started, and waits (up to a second) until its process has been reaped. */
export async function stopEsbuild(): Promise<void> {
  if (!loaded) return;
  await (await loaded).stop();
  loaded = undefined;
  for (let waited = 0; waited < 1000 && children().length > 0; waited += 10) await new Promise((r) => setTimeout(r, 10));
}

/** This process's child processes, where the system tells (Linux); none elsewhere. */
function children(): string[] {
  try {
    return fs
      .readdirSync('/proc/self/task')
      .flatMap((task) => fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** An esbuild message as a SiteError with the position and a frame. */
export function fromEsbuild(project: Project, message: Message, code: SiteError['code']): SiteError {
  const loc = message.location;
  if (!loc) return new SiteError({ code, message: message.text });
  const frame = `> ${loc.line} | ${loc.lineText}\n  ${' '.repeat(String(loc.line).length)} | ${' '.repeat(loc.column)}^`;
  return new SiteError({
    code,
    file: relative(project, path.resolve(project.root, loc.file)),
    line: loc.line,
    column: loc.column + 1,
    message: message.text,
    frame,
    hint: message.notes[0]?.text,
  });
}
