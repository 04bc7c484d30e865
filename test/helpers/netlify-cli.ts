// netlify-cli, Netlify's own local emulation of its host, for the test that runs the built site on it. It is
// not a dependency of the site: tools.ts installs it on first use outside the repository and reuses it.
import { tool, toolSpecs } from './tools.ts';

export const netlifyCliVersion = toolSpecs['netlify-cli'].version;

/** The netlify-cli entry point, installing it first when it is not there; or why it cannot be had. */
export function netlifyCli(): { bin: string } | { reason: string } {
  const found = tool('netlify-cli');
  return 'reason' in found ? found : { bin: found.file };
}
