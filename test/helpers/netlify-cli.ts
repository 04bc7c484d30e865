// netlify-cli, Netlify's own local emulation of its host, for the test that runs the built site on it. It is
// not a dependency of the site: it is installed on first use into a tools folder outside the repository
// (SITE_TOOLS_DIR, default ~/.cache/site-tools) and reused from there. `.ci/run` installs it ahead with
// `node --import tsx test/helpers/netlify-cli.ts install`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version the test was written against; a new one is a deliberate change here. */
export const netlifyCliVersion = '27.10.2';

export function toolsDir(): string {
  return process.env.SITE_TOOLS_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'site-tools');
}

/** The netlify-cli entry point, installing it first when it is not there; or why it cannot be had. */
export function netlifyCli(): { bin: string } | { reason: string } {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 13)) return { reason: `netlify-cli ${netlifyCliVersion} needs Node 22.13 or later; this is Node ${process.versions.node}` };
  const dir = path.join(toolsDir(), `netlify-cli-${netlifyCliVersion}`);
  const bin = path.join(dir, 'node_modules', 'netlify-cli', 'bin', 'run.js');
  if (fs.existsSync(bin)) return { bin };
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    return { reason: `netlify-cli ${netlifyCliVersion} could not be installed into ${dir}: ${(error as Error).message}` };
  }
  // The npm that came with this Node, run by this Node; install scripts are not needed by what the test uses.
  const npm = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  const args = ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', '--ignore-scripts', '--loglevel=error', `netlify-cli@${netlifyCliVersion}`];
  const run = fs.existsSync(npm) ? spawnSync(process.execPath, [npm, ...args], { encoding: 'utf8' }) : spawnSync('npm', args, { encoding: 'utf8' });
  if (run.status !== 0 || !fs.existsSync(bin)) {
    fs.rmSync(dir, { recursive: true, force: true });
    const why = (run.error?.message ?? `${run.stderr ?? ''}`.trim().split('\n').slice(-3).join(' ')) || `npm exited with ${run.status}`;
    return { reason: `netlify-cli ${netlifyCliVersion} could not be installed into ${dir}: ${why}` };
  }
  return { bin };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'install') {
  const cli = netlifyCli();
  if ('reason' in cli) {
    console.error(cli.reason);
    process.exit(1);
  }
  console.log(`netlify-cli ${netlifyCliVersion}: ${cli.bin}`);
}
