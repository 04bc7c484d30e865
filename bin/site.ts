// The `site` command: parses flags, calls the generator, sets the exit code. No logic of its own.
import { Command, InvalidArgumentError, Option } from 'commander';
import { BuildFailure, formatFailure } from '../generator/errors.ts';
import { colour } from '../generator/log.ts';
import ownPackage from '../package.json' with { type: 'json' };
import { stopEsbuild } from '../generator/esbuild.ts';
import type { StarterKind } from '../generator/new.ts';

export async function main(argv: string[]): Promise<void> {
  // A reader that stops early (`site build | head -1`) closes the pipe: the command still finishes its work and
  // sets its exit status, with nothing more printed, rather than dying on the next line it writes.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  // The benchmark asks for the peak resident memory of the whole process, worker threads included.
  if (process.env.SITE_REPORT_MEMORY) {
    process.once('exit', () => process.stderr.write(`peak-memory-kib ${process.resourceUsage().maxRSS}\n`));
  }
  const program = new Command('site')
    .description('Build, serve and check the website from the content in ./content')
    .version(ownPackage.version, '-V, --version', 'print the version of site')
    .option('--root <dir>', 'the project folder (holding content/)', process.cwd())
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ outputError: (text, write) => write(colour.red(text)) });

  program
    .command('build')
    .description('build the whole site into the output folder; on any error the previous output is left untouched')
    .option('--out <dir>', 'output folder (a relative path is taken from --root)', 'dist')
    .option('--clean', 'delete every cache first (.cache/: rendered Markdown, images, the record of what each page read, the spare output), so all work is done afresh', false)
    .option('--explain', "print why each page was rendered rather than kept from the last build, and each stage's time", false)
    .addHelpText('after', '\nExit status: 0 when the site was built, 1 when it was not: content, templates or assets have errors, or the output folder cannot be used or written (every problem is listed).')
    .action(async (options: { out: string; clean: boolean; explain: boolean }) => {
      const { nothingToBuild } = await import('../generator/incremental/unchanged.ts');
      await stoppable((signal) =>
        run(async () => {
          const found = nothingToBuild({ root: program.opts().root, out: options.out, clean: options.clean });
          if ('unchanged' in found) return void console.log(found.unchanged + (options.explain ? '\n  every page kept: no input changed since the last build' : ''));
          const { build } = await import('../generator/build.ts');
          const { markdownRuntime } = await import('../generator/markdown/render.ts');
          await build({ root: program.opts().root, out: options.out, clean: options.clean, explain: options.explain, inputs: found.inputs, runtime: markdownRuntime(), signal });
        }, 'build'),
      );
    });

  program
    .command('serve')
    .description('build, then serve the site with live reload while you edit content, templates, islands, assets or functions')
    .option('--port <number>', 'port to listen on', parsePort, 4321)
    .option('--host <address>', 'address to listen on', parseHost, '127.0.0.1')
    .option('--out <dir>', 'output folder (a relative path is taken from --root)', 'dist')
    .option('--no-watch', 'build and serve once, without watching for changes')
    .option('--editor-on-network', 'keep the content editor (/admin/) on when --host is a network address: anyone who can reach the server can then change content/', false)
    .addHelpText('after', '\nPOST /.netlify/functions/<name> runs functions/<name>.ts in-process, as on Netlify.')
    .addHelpText('after', 'When the default port is taken, the next free one is used; a port named with --port that is taken is refused, naming a free one.')
    .addHelpText('after', '\nExit status: 0 when stopped (Ctrl-C), 130 when stopped during the first build, 1 when it cannot listen on the port. A build error does not stop it: it is shown, and the last good site served.')
    .action(async (options: { port: number; host: string; out: string; watch: boolean; editorOnNetwork: boolean }, command: Command) => {
      const { choosePort } = await import('../generator/serve/port.ts');
      await run(async () => {
        const choice = await choosePort(options.port, options.host, command.getOptionValueSource('port') === 'cli');
        if ('refused' in choice) {
          console.error(colour.red(`✗ ${choice.refused}`));
          process.exitCode = 1;
          return;
        }
        if (choice.notice) console.log(colour.yellow(choice.notice));
        const { serve } = await import('../generator/serve/server.ts');
        // Ctrl-C during the first build stops it, as in `site build` (stoppable()); the server's own handler follows.
        const dev = await untilStopped((signal) => serve({ root: program.opts().root, ...options, port: choice.port, signal }));
        // The process's one handler: the server stops its watcher, connections and esbuild contexts, then exits.
        const stop = () => void dev.close().then(() => process.exit(0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      if (process.exitCode === 130) process.exit(130);
    });

  program
    .command('check')
    .description('validate all content, build into a temporary folder, type-check the site\'s own templates, islands and functions, and check every internal link, image, script and stylesheet')
    .option('--external', 'also check links to other sites', false)
    .addHelpText('after', '\nExit status: 0 when everything resolves, 1 when content has errors, the code has a type error, or a reference is broken (each is listed with its file or page).')
    .action(async (options: { external: boolean }) => {
      const { check } = await import('../generator/check.ts');
      await stoppable((signal) => run(() => check({ root: program.opts().root, external: options.external, signal }), 'check'));
    });

  program
    .command('new')
    .description('write a valid starter content file')
    .addArgument(program.createArgument('<kind>', 'what to create').choices(['blog', 'city', 'service', 'language'] satisfies StarterKind[]))
    .argument('<slug>', 'the new page\'s slug, such as gold-coast (for a language: its English name, such as "Pitjantjatjara")')
    .addHelpText('after', '\nExamples:\n  site new city ballarat\n  site new blog visa-checklist-2027\n  site new language "Pitjantjatjara"')
    .addHelpText('after', '\nExit status: 0 when the file was written, 1 when the slug is not valid or already taken, or the file exists (nothing is written).')
    .action(async (kind: StarterKind, slug: string) => {
      const { createStarter } = await import('../generator/new.ts');
      await run(() => createStarter({ root: program.opts().root, kind, slug }));
    });

  program
    .command('subscribers')
    .description('newsletter sign-ups kept by the subscribe function')
    .command('export')
    .description('write every sign-up as CSV (email, subscribed_at), oldest first')
    .option('--out <file>', 'write to this file instead of the terminal')
    .option('--netlify', 'read the Netlify Blobs store of the deployed site (needs NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN) instead of .data/')
    .addHelpText('after', '\nExamples:\n  site subscribers export --out subscribers.csv\n  NETLIFY_SITE_ID=... NETLIFY_AUTH_TOKEN=... site subscribers export --netlify --out subscribers.csv')
    .addHelpText('after', '\nExit status: 0 when every sign-up was written, 1 when the store cannot be read or the file cannot be written.')
    .action(async (options: { out?: string; netlify?: boolean }) => {
      const { exportSubscribers } = await import('../functions/lib/subscribers-command.ts');
      await run(() => exportSubscribers({ root: program.opts().root, out: options.out, netlify: Boolean(options.netlify) }));
    });

  const enquiryExit = '\nExit status: 0 when done, 1 when the store cannot be read or an id named is not in it.';
  const enquiries = program
    .command('enquiries')
    .description('enquiries the contact forms stored and have not delivered yet (held ones need you)')
    .option('--netlify', 'read the Netlify Blobs store of the deployed site (needs NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN) instead of .data/')
    .addHelpText('after', enquiryExit)
    .action(async (options: { netlify?: boolean }) => {
      const { listEnquiries } = await import('../functions/lib/enquiries-command.ts');
      await run(() => listEnquiries({ root: program.opts().root, netlify: Boolean(options.netlify) }));
    });
  enquiries
    .command('retry [ids...]')
    .description('put held enquiries back in the queue, due at once, for the next delivery run')
    .option('--all', 'every stored enquiry but those held as suspected spam or unconfirmed (retry those by id)')
    .option('--include-suspected', 'with --all, those held as suspected spam too: they are mailed, marked')
    .option('--netlify', 'in the Netlify Blobs store of the deployed site')
    .addHelpText('after', '\nExamples:\n  site enquiries\n  site enquiries retry aaaa-poison-0001\n  site enquiries retry --all\n  site enquiries retry --all --include-suspected')
    .addHelpText('after', enquiryExit)
    .action(async (ids: string[], options: { all?: boolean; includeSuspected?: boolean; netlify?: boolean }) => {
      const { retryEnquiries } = await import('../functions/lib/enquiries-command.ts');
      await run(() => retryEnquiries({ root: program.opts().root, netlify: Boolean(options.netlify || enquiries.opts().netlify), keys: ids, all: Boolean(options.all), includeSuspected: Boolean(options.includeSuspected) }));
    });
  enquiries
    .command('delivered <ids...>')
    .description('record held enquiries as delivered and take them out of the store: unconfirmed ones you found in the mail')
    .option('--netlify', 'in the Netlify Blobs store of the deployed site')
    .addHelpText('after', '\nExamples:\n  site enquiries\n  site enquiries delivered aaaa-unconfirmed-0001')
    .addHelpText('after', enquiryExit)
    .action(async (ids: string[], options: { netlify?: boolean }) => {
      const { deliveredEnquiries } = await import('../functions/lib/enquiries-command.ts');
      await run(() => deliveredEnquiries({ root: program.opts().root, netlify: Boolean(options.netlify || enquiries.opts().netlify), keys: ids }));
    });

  // The commands that read a site refuse a folder that is not one before doing anything (project.ts, notASite).
  program.hook('preAction', async (_, command) => {
    if (!['build', 'serve', 'check', 'new'].includes(command.name())) return;
    const { notASite } = await import('../generator/project.ts');
    const error = notASite(program.opts().root);
    if (!error) return;
    // One line and what to do, rather than a numbered list of one.
    console.error(colour.red(`✗ ${error.message}\n  hint: ${error.hint}`));
    process.exit(1);
  });

  program.addOption(new Option('--debug', 'show stack traces of internal errors in the generator\'s source files').hideHelp());
  if (argv.length <= 2) {
    program.outputHelp();
    process.exitCode = 1;
    return;
  }
  await program.parseAsync(argv);
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('it must be a whole number from 0 to 65535.');
  return port;
}

/** An empty --host would listen on every network (Node takes it as no address given), so it is refused. */
function parseHost(value: string): string {
  if (!value.trim()) throw new InvalidArgumentError('it must name an address, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every network).');
  return value;
}

/**
 * Runs a command that builds, stopped by Ctrl-C (or a CI job's cancel) rather than killed, so the build removes its
 * staging or temporary folder (BuildOptions.signal); a second one ends the process at once. Then waits for what the
 * command started beside its work (settle()), and exits at once when stopped: what the stopped work had under way
 * (templates compiling, say) is not waited for.
 */
async function stoppable(work: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const stopped = await untilStopped(async (signal) => {
    await work(signal);
    await settle();
    return signal.aborted;
  });
  if (stopped && process.exitCode === 130) process.exit(130);
}

/** Runs `work` with a signal that Ctrl-C or SIGTERM aborts while it runs; afterwards the signals are no longer caught. */
async function untilStopped<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((signal) => [signal, () => stop.abort(signal)] as const);
  for (const [signal, handler] of handlers) process.once(signal, handler);
  try {
    return await work(stop.signal);
  } finally {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
}

/** Runs a command: a BuildFailure is the user's to fix and is listed; anything else is a bug and shows its stack. */
async function run(work: () => Promise<unknown>, command?: 'build' | 'check'): Promise<void> {
  try {
    await work();
  } catch (error) {
    process.exitCode = 1;
    const { BuildStopped } = await import('../generator/build.ts');
    if (error instanceof BuildFailure) {
      console.error(colour.red(formatFailure(error)));
    } else if (error instanceof BuildStopped) {
      // 128 + SIGINT's number, as a shell reports a command Ctrl-C stopped.
      process.exitCode = 130;
      console.error(colour.red(command === 'check' ? `✗ check stopped (${String(error.reason)})` : `✗ build stopped (${String(error.reason)}): the last output is left as it was`));
    } else if ((error as NodeJS.ErrnoException).syscall === 'listen') {
      const { cannotListen } = await import('../generator/serve/port.ts');
      console.error(colour.red(`✗ ${cannotListen(error as NodeJS.ErrnoException)}`));
    } else {
      console.error(colour.red(`✗ site failed unexpectedly: ${(error as Error).message}`));
      console.error((error as Error).stack);
      if (!process.sourceMapsEnabled) console.error(colour.dim('(run the command again with --debug to see this stack in the generator\'s source files)'));
    }
  }
}

/** Waits for what a command started beside its work (esbuild's service, folders being deleted): none outlives it. */
async function settle(): Promise<void> {
  const { finishRemovals } = await import('../generator/output/cleanup.ts');
  await Promise.all([stopEsbuild(), finishRemovals()]);
}
