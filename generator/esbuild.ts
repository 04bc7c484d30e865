// esbuild, loaded the first time a stage needs it. Its service is a child process; esbuild's stop() kills it
// without waiting, and a child that exits after ours is never reaped (a zombie, where nothing adopts it). So
// commands that finish stop it and wait until it is gone. Every stage that compiles with it reports its
// errors through esbuildErrors below.
import fs from 'node:fs';
import path from 'node:path';
import type { Message, Plugin } from 'esbuild';
import { codeFrame, siteError, SiteError } from './errors.ts';
import { notAFile, relative, type Project } from './project.ts';

let loaded: Promise<typeof import('esbuild')> | undefined;

export function loadEsbuild() {
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

/**
 * The code of the problems esbuild finds for each stage that compiles with it, and the hint when esbuild's
 * message carries no note of its own: every error says what to do.
 */
const whatToDo = {
  TEMPLATE_COMPILE: 'Correct the template at the place shown: templates are TypeScript with JSX (TSX).',
  ISLAND_COMPILE: 'Correct the island at the place shown: islands are TypeScript, bundled for the browser.',
  FUNCTION_FAILED: 'Correct the function at the place shown: each file in functions/ is a TypeScript module run as a Netlify Function.',
};

/**
 * What esbuild threw, as SiteErrors: each of its messages at its file (relative to the project), line and
 * column, with a frame from the source file itself; anything else as one error with its text. The build
 * must run with absWorkingDir at the project root, as esbuild gives file names relative to it.
 */
export function esbuildErrors(project: Project, error: unknown, code: keyof typeof whatToDo): SiteError[] {
  const messages = (error as { errors?: Message[] }).errors ?? [];
  if (!messages.length) return [siteError(code, { problem: error instanceof Error ? error.message : String(error), note: whatToDo[code] }, {})];
  return messages.map((message) => (message.detail instanceof SiteError ? message.detail : fromEsbuild(project, message, code)));
}

/**
 * Fails a bundle on a file it imports that is not a regular file (NOT_A_FILE, given back by esbuildErrors): esbuild
 * would wait for ever reading a named pipe, and a module may import one from any folder (`../shared/x.json`).
 */
export function regularFilesOnly(project: Project): Plugin {
  return {
    name: 'regular-files',
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: 'file' }, (args) => {
        const problem = notAFile(args.path, relative(project, args.path));
        if (problem) throw problem;
      });
    },
  };
}

function fromEsbuild(project: Project, message: Message, code: keyof typeof whatToDo): SiteError {
  // A note that points elsewhere ("The opening "div" tag is here:") names that place, or it points at nothing.
  const note = message.notes[0];
  const notedFile = note?.location && path.resolve(project.root, note.location.file);
  const noted = notedFile ? `${note.text} ${fs.existsSync(notedFile) ? relative(project, notedFile) : note.location!.file}:${note.location!.line}:${characterColumn(note.location!)}` : note?.text;
  const params = { problem: message.text, note: noted ?? whatToDo[code] };
  const loc = message.location;
  if (!loc) return siteError(code, params, {});
  const file = path.resolve(project.root, loc.file);
  const column = characterColumn(loc);
  // A module a plugin made up has no file; the line esbuild quotes is all there is.
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  const frame =
    text !== undefined && text.split(/\r?\n/)[loc.line - 1] === loc.lineText
      ? codeFrame(text, loc.line, column)
      : `> ${loc.line} | ${loc.lineText}\n  ${' '.repeat(String(loc.line).length)} | ${' '.repeat(column - 1)}^`;
  return siteError(code, params, { file: text === undefined ? loc.file : relative(project, file), line: loc.line, column, frame });
}

/** esbuild counts the column in bytes of UTF-8 from 0; the frame and the editor count characters from 1. */
function characterColumn(loc: { lineText: string; column: number }): number {
  return Buffer.from(loc.lineText).subarray(0, loc.column).toString().length + 1;
}
