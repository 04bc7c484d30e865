// Test tools that are not dependencies of the site: each is needed by one or two suites and is heavy for every
// install (Lighthouse brings about 170 packages and 170 MB, the Nu HTML Checker's jar is 31 MB, netlify-cli
// over a thousand packages). A suite asks for its tool here; the tool is installed on first use into a folder
// outside the repository (SITE_TOOLS_DIR, default ~/.cache/site-tools), one folder per pinned version, and
// reused from there. `.ci/run` installs them all ahead with `node --import tsx test/helpers/tools.ts install`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ToolSpec {
  /** The version the tests were written against; a new one is a deliberate change here. */
  version: string;
  /** Other packages installed beside it, as `name@version`. */
  with?: string[];
  /** The file a suite uses, inside the package. */
  file: string;
  /** The oldest Node it runs on. */
  node?: [number, number];
}

export const toolSpecs = {
  // Netlify's own local emulation of its host (test/e2e/netlify-emulation.test.ts).
  'netlify-cli': { version: '27.10.2', file: 'bin/run.js', node: [22, 13] },
  // Lighthouse, and the launcher it drives Chromium with (test/e2e/lighthouse.test.ts).
  lighthouse: { version: '12.8.2', with: ['chrome-launcher@1.2.1'], file: 'core/index.js' },
  // The Nu HTML Checker (test/quality.test.ts, test/e2e/accessibility-no-js.test.ts); it needs Java to run.
  'vnu-jar': { version: '26.9.27', file: 'build/dist/vnu.jar' },
} satisfies Record<string, ToolSpec>;

export type ToolName = keyof typeof toolSpecs;

export function toolsDir(): string {
  return process.env.SITE_TOOLS_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'site-tools');
}

/** The folder a tool is installed in: its node_modules holds the tool and what came `with` it. */
export function toolFolder(name: ToolName): string {
  return path.join(toolsDir(), `${name}-${toolSpecs[name].version}`);
}

/** The file of a tool a suite uses, installing the tool first when it is not there; or why it cannot be had. */
export function tool(name: ToolName): { file: string } | { reason: string } {
  const spec: ToolSpec = toolSpecs[name];
  const label = `${name} ${spec.version}`;
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (spec.node && (major < spec.node[0] || (major === spec.node[0] && minor < spec.node[1]))) {
    return { reason: `${label} needs Node ${spec.node.join('.')} or later; this is Node ${process.versions.node}` };
  }
  const dir = toolFolder(name);
  const file = path.join(dir, 'node_modules', name, spec.file);
  if (fs.existsSync(file)) return { file };
  // Installed into a folder of this process's own and moved into place whole, so that a suite never sees a
  // half-installed tool, and two suites installing the same one at once both end with it.
  const tmp = `${dir}.tmp-${process.pid}`;
  const fail = (why: string) => {
    try {
      fs.rmSync(tmp, { recursive: true, force: true });
    } catch {
      // nothing was made there (a part of its path is a file)
    }
    return { reason: `${label} could not be installed into ${dir}: ${why}. It is installed from the npm registry on first use; SITE_TOOLS_DIR chooses the folder.` };
  };
  try {
    fs.mkdirSync(tmp, { recursive: true });
  } catch (error) {
    return fail((error as Error).message);
  }
  // The npm that came with this Node, run by this Node. No install scripts: what the tests use needs none
  // (vnu-jar's would download a Java runtime).
  const npm = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  const args = ['install', '--prefix', tmp, '--no-audit', '--no-fund', '--no-save', '--ignore-scripts', '--loglevel=error', `${name}@${spec.version}`, ...(spec.with ?? [])];
  const run = fs.existsSync(npm) ? spawnSync(process.execPath, [npm, ...args], { encoding: 'utf8' }) : spawnSync('npm', args, { encoding: 'utf8' });
  if (run.status !== 0 || !fs.existsSync(path.join(tmp, 'node_modules', name, spec.file))) {
    return fail((run.error?.message ?? `${run.stderr ?? ''}`.trim().split('\n').slice(-3).join(' ')) || `npm exited with ${run.status}`);
  }
  try {
    fs.renameSync(tmp, dir);
  } catch (error) {
    // Another suite moved its copy into place first.
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(file)) return fail((error as Error).message);
  }
  return { file };
}

/** As tool(), for a suite that cannot run without it: the reason becomes the error the suite fails with. */
export function requireTool(name: ToolName): string {
  const found = tool(name);
  if ('reason' in found) throw new Error(found.reason);
  return found.file;
}

/** The Nu HTML Checker's jar, once `java` is there to run it; or why it cannot run. */
export function nuChecker(): { jar: string } | { reason: string } {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    return { reason: `the Nu HTML Checker needs Java, and \`java -version\` failed (${java.error?.message ?? `exit ${java.status}`}); on Debian: apt-get install -y default-jre-headless` };
  }
  const jar = tool('vnu-jar');
  return 'reason' in jar ? jar : { jar: jar.file };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'install') {
  let failed = false;
  for (const name of (process.argv.length > 3 ? process.argv.slice(3) : Object.keys(toolSpecs)) as ToolName[]) {
    if (!(name in toolSpecs)) {
      console.error(`${name} is not a test tool; the tools are ${Object.keys(toolSpecs).join(', ')}`);
      failed = true;
      continue;
    }
    const found = tool(name);
    if ('reason' in found) {
      console.error(found.reason);
      failed = true;
    } else console.log(`${name} ${toolSpecs[name].version}: ${found.file}`);
  }
  process.exitCode = failed ? 1 : 0;
}
