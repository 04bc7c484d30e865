// `site serve` looks at its port before the first build, which takes seconds: a port another program holds is
// reported at once, not as a stack trace once the build is done.
import net from 'node:net';
import { siteError } from '../errors.ts';

/** Whether something already listens on the port at this address. */
function portTaken(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(true) : reject(error)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

/** The first free port after `port` (up to 50 further), or undefined. */
async function nextFreePort(port: number, host: string): Promise<number | undefined> {
  for (let candidate = port + 1; candidate <= Math.min(65535, port + 50); candidate++) {
    if (!(await portTaken(candidate, host))) return candidate;
  }
  return undefined;
}

export type PortChoice = { port: number; notice?: string } | { refused: string };

/**
 * The port to serve on. A port left to its default moves to the next free one, as Vite does, saying so; a
 * port named with --port is refused when taken, with the next free one suggested: whoever named it may have
 * linked it elsewhere (a form's action, an OAuth callback), and a different one would quietly not match.
 */
export async function choosePort(port: number, host: string, named: boolean): Promise<PortChoice> {
  let taken: boolean;
  try {
    taken = await portTaken(port, host);
  } catch (error) {
    // A --host that names no address of this machine (a typo, another machine's address): nothing can listen there.
    if (!['ENOTFOUND', 'EADDRNOTAVAIL'].includes((error as NodeJS.ErrnoException).code!)) throw error;
    return { refused: `cannot listen on ${host}: it is not an address of this machine; name one, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every network)` };
  }
  if (!taken) return { port };
  const next = await nextFreePort(port, host);
  if (named) {
    return { refused: `port ${port} on ${host} is in use (another site serve, or another program)${next ? `: port ${next} is free, so run site serve --port ${next}` : ''}` };
  }
  if (next === undefined) return { refused: `port ${port} on ${host} is in use, and so are the 50 after it: stop one of the programs holding them, or pass --port 0 for any free port` };
  return { port: next, notice: `Port ${port} is in use, using ${next} instead` };
}

/**
 * A failure to listen, before the build (a port this user may not take) or after it (a port taken meanwhile), as
 * a line naming the address and one saying what to do, which the CLI prints instead of a stack trace.
 */
export function cannotListen(error: NodeJS.ErrnoException & { address?: string; port?: number }): string {
  const { code, address = '', port = 0 } = error;
  const [problem, remedy] =
    code === 'EACCES'
      ? [`this user may not listen there (EACCES)${port < 1024 ? ': ports below 1024 need administrator rights' : ''}`, 'Pass a port from 1024 up, such as --port 4321']
      : code === 'EADDRINUSE'
        ? ['another program took the port while the site was building (EADDRINUSE)', 'Run site serve again, or pass another port']
        : [error.message, 'Pass another --host or --port'];
  const failure = siteError('SERVE_CANNOT_LISTEN', { address: `${address.includes(':') ? `[${address}]` : address}:${port}`, problem, remedy });
  return `${failure.message}  [${failure.code}]\n  hint: ${failure.hint}`;
}
