// `site check`'s type check. `site build` compiles templates, islands and functions with esbuild, which drops
// types without checking them, so a template that passes a number where text is wanted builds silently. The
// check runs the project's own TypeScript compiler (tsc --noEmit) over that code only, not over its tests and
// benchmarks, and reports each error at its file and line.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { codeFrame, siteError, type SiteError } from './errors.ts';
import { toolRoot, type Project } from './project.ts';
import { writeCacheFile } from './cache.ts';

export type TypeCheck = { skipped: string } | { errors: SiteError[]; files: string[] };

/**
 * Type-checks the project's templates, islands and functions with the settings of its tsconfig.json. Skipped,
 * with the reason, when the project has no code of its own (it builds with the generator's), no tsconfig.json,
 * or no TypeScript installed. `signal` stops the compiler (when the build beside it failed).
 */
export async function typeCheck(project: Project, signal?: AbortSignal): Promise<TypeCheck> {
  const own = ['templates', 'islands', 'functions'].filter((folder) => fs.existsSync(path.join(project.root, folder)));
  if (!own.length) return { skipped: 'the site has no templates, islands or functions of its own' };
  const tsconfig = path.join(project.root, 'tsconfig.json');
  if (!fs.existsSync(tsconfig)) return { skipped: `${project.root} has no tsconfig.json` };
  // The TypeScript compiler the project (or else the generator) has installed.
  const tsc = [project.root, toolRoot].map((root) => path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')).find((file) => fs.existsSync(file));
  if (!tsc) return { skipped: 'TypeScript is not installed (npm install --save-dev typescript)' };
  // A configuration of its own, extending the project's, so only the site's code and what it imports is read.
  const config = path.join(project.cache, 'typecheck', 'tsconfig.json');
  const fromConfig = (rel: string) => path.relative(path.dirname(config), path.join(project.root, rel)).split(path.sep).join('/');
  writeCacheFile(
    config,
    `${JSON.stringify({ extends: fromConfig('tsconfig.json'), compilerOptions: { noEmit: true }, include: own.flatMap((folder) => [`${fromConfig(folder)}/**/*.ts`, `${fromConfig(folder)}/**/*.tsx`]) }, null, 2)}\n`,
  );
  // tsc exits with 2 when it finds errors: only a failure to start it, or the stop (both with a string code), rejects.
  const output = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', config], { cwd: project.root, signal, maxBuffer: Infinity }, (error, stdout, stderr) =>
      typeof error?.code === 'string' ? reject(error) : resolve(stdout + stderr),
    );
  });
  return { errors: parseTscOutput(project, output), files: own };
}

/**
 * tsc's plain output as SiteErrors: `templates/pages/home.tsx(12,7): error TS2322: Type 'number' is not
 * assignable to type 'string'.`, each followed by indented lines that explain it further.
 */
export function parseTscOutput(project: Project, output: string): SiteError[] {
  const found: { file?: string; line?: number; column?: number; code: string; text: string }[] = [];
  for (const line of output.split(/\r?\n/)) {
    // `file(line,column): error TS…: text`, or an error of no file (in the configuration, say) without the place.
    const error = /^(?:(.+?)\((\d+),(\d+)\): )?error (TS\d+): (.*)$/.exec(line);
    if (error) {
      const [, file, row, column, code, text] = error;
      found.push(file ? { file: path.relative(project.root, path.resolve(project.root, file)).split(path.sep).join('/'), line: Number(row), column: Number(column), code, text } : { code, text });
    } else if (found.length && /^\s+\S/.test(line)) {
      found[found.length - 1].text += `\n${line.trimEnd()}`;
    }
  }
  return found.map((error) => {
    // A file tsc named but that is not there: the message is all there is.
    const source = error.file && path.join(project.root, error.file);
    const frame = source && error.line && fs.existsSync(source) ? codeFrame(fs.readFileSync(source, 'utf8'), error.line, error.column ?? 1) : undefined;
    return siteError('TEMPLATE_TYPE', { problem: error.text, tsCode: error.code }, { file: error.file, line: error.line, column: error.column, frame });
  });
}
