// The command line's edges: a folder that is not a site, and a port already taken. Each is one clear message
// and a non-zero exit (or, for the default port, the next free one), never a stack trace or a build first.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { cannotListen, choosePort } from '../generator/serve/port.ts';
import { copyCode, fixture, repoRoot } from './helpers/project.ts';

const test = suite('cli edges');
const bin = path.join(repoRoot, 'bin/site.js');

function site(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Holds a port on 127.0.0.1 (a free one the system picks, or the one asked for) until closed. */
async function hold(port = 0): Promise<net.Server | undefined> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

test('--root naming a missing folder is one message, and the folder is not created', () => {
  const missing = path.join(os.tmpdir(), `site-missing-${process.pid}`);
  for (const command of [['build'], ['serve'], ['check'], ['new', 'city', 'ballarat']]) {
    const { code, out, err } = site(['--root', missing, ...command], os.tmpdir());
    assert.is(code, 1, command.join(' '));
    assert.is(out, '');
    assert.is(err.trim().split('\n')[0], `✗ no site here: ${missing} does not exist`);
    assert.match(err, /hint: Run site in the project folder, the one holding content\//);
    assert.not.match(err, /\n\s+at /);
    assert.not.ok(fs.existsSync(missing), `${command[0]} created ${missing}`);
  }
});

test('the form data commands with --root naming a missing folder say so, rather than list no enquiries or export no sign-ups', () => {
  const missing = path.join(os.tmpdir(), `site-missing-${process.pid}`);
  const out = path.join(os.tmpdir(), `site-missing-${process.pid}.csv`);
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
  delete env.SITE_DATA_DIR;
  for (const command of [['enquiries'], ['enquiries', 'retry', '--all'], ['subscribers', 'export', '--out', out]]) {
    const result = spawnSync(process.execPath, [bin, '--root', missing, ...command], { cwd: os.tmpdir(), encoding: 'utf8', env });
    assert.is(result.status, 1, `${command.join(' ')}: ${result.stdout}${result.stderr}`);
    assert.is(result.stdout, '');
    assert.match(result.stderr, `no site here: ${missing} does not exist`);
    assert.not.match(result.stderr, /\n\s+at /);
    assert.not.ok(fs.existsSync(missing), `${command.join(' ')} created ${missing}`);
    assert.not.ok(fs.existsSync(out), `${command.join(' ')} wrote ${out}`);
  }
});

test('running outside a project is one message, not an error for every required file', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'site-empty-'));
  try {
    const { code, err } = site(['build'], empty);
    assert.is(code, 1);
    assert.is(err.trim().split('\n').length, 2, err);
    assert.is(err.split('\n')[0], `✗ no site here: ${fs.realpathSync(empty)} has no content/ folder`);
    assert.not.match(err, /CONTENT_MISSING_FILE/);
    assert.equal(fs.readdirSync(empty), []);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test('an output folder that would replace the project, content/, a file or a folder of other files is refused before building, and nothing is touched', () => {
  const f = fixture();
  // The project one folder down, so that the folder above it is the fixture's own.
  const root = path.join(f.root, 'site');
  fs.mkdirSync(root);
  fs.renameSync(f.content, path.join(root, 'content'));
  fs.writeFileSync(path.join(root, 'notes.txt'), 'keep me');
  fs.mkdirSync(path.join(root, 'mine'));
  fs.writeFileSync(path.join(root, 'mine', 'notes.txt'), 'keep me');
  try {
    const refused: [string, string][] = [
      ['.', `is the project folder ${root}`],
      ['..', `holds the project folder ${root}`],
      ['content', `is ${path.join(root, 'content')}, which the build reads`],
      ['content/public', `is inside ${path.join(root, 'content')}, which the build reads`],
      ['notes.txt', 'is a file, not a folder'],
      ['mine', 'holds files that are not a build of the site (notes.txt)'],
    ];
    for (const command of ['build', 'serve']) {
      for (const [out, problem] of refused) {
        const { code, err } = site([command, '--out', out, ...(command === 'serve' ? ['--no-watch', '--port', '0'] : [])], root);
        assert.is(code, 1, `${command} --out ${out}: ${err}`);
        assert.match(err, `the output folder ${path.resolve(root, out)} ${problem}  [OUTPUT_FOLDER_UNSAFE]`);
        // The heading fits every refusal: a file or someone's own folder is not what the site is made from.
        assert.match(err, 'The build would replace files that are not its own:');
        assert.not.match(err, /\n\s+at /);
      }
    }
    assert.equal(fs.readdirSync(f.root), ['site']);
    assert.equal(fs.readdirSync(root).sort(), ['content', 'mine', 'notes.txt']);
    assert.ok(fs.existsSync(path.join(root, 'content', 'site.json')));
    assert.is(fs.readFileSync(path.join(root, 'notes.txt'), 'utf8'), 'keep me');
    assert.equal(fs.readdirSync(path.join(root, 'mine')), ['notes.txt']);
  } finally {
    f.remove();
  }
});

test('an output folder reached through a symbolic link into content/ or the project is refused as the folder it is, and nothing is written there', () => {
  const f = fixture();
  fs.symlinkSync(f.content, path.join(f.root, 'linked'));
  fs.symlinkSync(f.root, path.join(f.root, 'here'));
  fs.mkdirSync(path.join(f.content, 'empty'));
  const before = fs.readdirSync(f.content).sort();
  try {
    const refused: [string, string][] = [
      ['linked/public', `is inside ${f.content}, which the build reads`],
      ['linked/empty', `is inside ${f.content}, which the build reads`],
      ['here', `is the project folder ${f.root}`],
    ];
    for (const [out, problem] of refused) {
      const { code, err } = site(['build', '--out', out], f.root);
      assert.is(code, 1, `build --out ${out}: ${err}`);
      assert.match(err, `the output folder ${path.join(f.root, out)} ${problem}  [OUTPUT_FOLDER_UNSAFE]`);
      assert.not.match(err, /\n\s+at /);
    }
    assert.equal(fs.readdirSync(f.content).sort(), before);
    assert.equal(fs.readdirSync(path.join(f.content, 'empty')), []);
  } finally {
    f.remove();
  }
});

test('a symbolic link to itself or to nothing: ignored where the build reads nothing, named where it reads files, never a stack trace', () => {
  const f = fixture();
  copyCode(f);
  try {
    // In the project folder, beside content/: nothing the build reads.
    fs.symlinkSync('loop', path.join(f.root, 'loop'));
    fs.symlinkSync('nowhere', path.join(f.root, 'dangling'));
    const built = site(['build'], f.root);
    assert.is(built.code, 0, built.err);
    const named: [string, string][] = [
      ['content/blog/loop.md', 'a symbolic link that leads round in a loop'],
      ['templates/loop.tsx', 'a symbolic link that leads round in a loop'],
      ['templates/dangling.tsx', 'a symbolic link to nowhere.tsx, which does not exist'],
    ];
    for (const [rel, kind] of named) {
      const abs = path.join(f.root, rel);
      fs.symlinkSync(rel.includes('loop') ? path.basename(rel) : 'nowhere.tsx', abs);
      const { code, err } = site(['build'], f.root);
      fs.rmSync(abs);
      assert.is(code, 1, `${rel}: ${err}`);
      assert.match(err, `${rel} is not a regular file (${kind})  [NOT_A_FILE]`);
      assert.not.match(err, /\n\s+at /);
    }
  } finally {
    f.remove();
  }
});

test('an output folder that cannot be made fails the build at once, naming it and why, with no stack trace and exit 1', () => {
  const f = fixture();
  fs.writeFileSync(path.join(f.root, 'notes.txt'), 'keep me');
  try {
    // /proc answers ENOENT for a folder made in it, on which Node's recursive mkdir retries for ever.
    const outs: [string, RegExp][] = process.platform === 'linux' ? [[`/proc/site-${process.pid}`, /\/proc refused a new folder \(ENOENT/]] : [];
    outs.push([path.join(f.root, 'notes.txt', 'dist'), /notes\.txt refused a new folder \(ENOTDIR/]);
    // A symbolic link to itself: no folder can be made there, and stat() says so with ELOOP.
    fs.symlinkSync('loop', path.join(f.root, 'loop'));
    outs.push([path.join(f.root, 'loop'), /cannot be made: .*\(ELOOP/]);
    for (const [out, why] of outs) {
      const started = Date.now();
      const result = spawnSync(process.execPath, [bin, 'build', '--out', out], { cwd: f.root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
      assert.ok(Date.now() - started < 60_000, `build --out ${out} still ran after a minute`);
      assert.is(result.status, 1, result.stderr);
      assert.match(result.stderr, `the output folder ${out} cannot be made: `);
      assert.match(result.stderr, why);
      assert.match(result.stderr, /\[OUTPUT_FOLDER_UNCREATABLE\]/);
      assert.not.match(result.stderr, /\n\s+at /);
    }
    assert.is(fs.readFileSync(path.join(f.root, 'notes.txt'), 'utf8'), 'keep me');
  } finally {
    f.remove();
  }
});

test('a taken port: the default moves on to the next free one, saying so; a named one is refused with a free one suggested', async () => {
  const taken = (await hold())!;
  const port = portOf(taken);
  try {
    const moved = await choosePort(port, '127.0.0.1', false);
    assert.ok('port' in moved && moved.port > port, JSON.stringify(moved));
    assert.is((moved as { notice: string }).notice, `Port ${port} is in use, using ${(moved as { port: number }).port} instead`);
    const refused = await choosePort(port, '127.0.0.1', true);
    assert.match((refused as { refused: string }).refused, new RegExp(`^port ${port} on 127\\.0\\.0\\.1 is in use .*: port \\d+ is free, so run site serve --port \\d+$`));
    assert.equal(await choosePort(0, '127.0.0.1', true), { port: 0 });
  } finally {
    taken.close();
  }
  // A free port is used as it is.
  const free = (await hold())!;
  const freePort = portOf(free);
  await new Promise((resolve) => free.close(resolve));
  assert.equal(await choosePort(freePort, '127.0.0.1', true), { port: freePort });
});

test('site serve --port on a taken port says so before building, with no stack trace and exit 1', async () => {
  const taken = (await hold())!;
  try {
    const { code, out, err } = site(['serve', '--port', String(portOf(taken)), '--no-watch'], repoRoot);
    assert.is(code, 1);
    assert.is(out, '');
    assert.match(err, new RegExp(`^✗ port ${portOf(taken)} on 127\\.0\\.0\\.1 is in use`));
    assert.not.match(err, /\n\s+at |EADDRINUSE/);
  } finally {
    taken.close();
  }
});

test('site serve on a port this user may not listen on (EACCES) says so before building, naming the address and what to do, with exit 1', () => {
  // Root may listen on any port: it runs without the capability that allows it (setpriv), as any other user does.
  const start = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_unprivileged_port_start', { encoding: 'utf8', flag: 'r' }).trim());
  const asRoot = process.getuid!() === 0;
  if (start <= 80 || (asRoot && spawnSync('setpriv', ['--version']).status !== 0)) return void console.log('  » skipped: port 80 is open to every user here, or setpriv is missing');
  const command = [...(asRoot ? ['setpriv', '--bounding-set=-net_bind_service', '--inh-caps=-net_bind_service'] : []), process.execPath, bin, 'serve', '--port', '80', '--no-watch'];
  const result = spawnSync(command[0], command.slice(1), { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  assert.is(result.status, 1, result.stderr);
  assert.is(result.stdout, '');
  assert.is(result.stderr.split('\n')[0], '✗ cannot listen on 127.0.0.1:80: this user may not listen there (EACCES): ports below 1024 need administrator rights  [SERVE_CANNOT_LISTEN]');
  assert.match(result.stderr, /\n {2}hint: Pass a port from 1024 up, such as --port 4321; --port 0 takes any free port\.\n/);
  assert.not.match(result.stderr, /\n\s+at /);
});

test('a port taken while the site was building is one line naming it and what to do', () => {
  const taken = Object.assign(new Error('listen EADDRINUSE: address already in use ::1:4321'), { code: 'EADDRINUSE', syscall: 'listen', address: '::1', port: 4321 });
  assert.is(cannotListen(taken), 'cannot listen on [::1]:4321: another program took the port while the site was building (EADDRINUSE)  [SERVE_CANNOT_LISTEN]\n  hint: Run site serve again, or pass another port; --port 0 takes any free port.');
});

test('site serve --host naming no address of this machine says so before building, with no stack trace and exit 1', async () => {
  for (const [host, port] of [['192.0.2.1', 4321], ['no-such-host.invalid', 0]] as const) {
    assert.equal(await choosePort(port, host, false), { refused: `cannot listen on ${host}: it is not an address of this machine; name one, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every network)` });
  }
  const { code, out, err } = site(['serve', '--host', '192.0.2.1', '--port', '0', '--no-watch'], repoRoot);
  assert.is(code, 1);
  assert.is(out, '');
  assert.match(err, /^✗ cannot listen on 192\.0\.2\.1: it is not an address of this machine/);
  assert.not.match(err, /\n\s+at |EADDRNOTAVAIL/);
  // An empty --host ("$HOST" unset) would listen on every network, as Node reads it: it is refused.
  const empty = site(['serve', '--host', '', '--port', '0', '--no-watch'], repoRoot);
  assert.is(empty.code, 1);
  assert.is(empty.out, '');
  assert.match(empty.err, /argument '' is invalid\. it must name an address, such as 127\.0\.0\.1 \(this machine only\) or 0\.0\.0\.0 \(every network\)/);
});

test('site serve on its default port (4321) held by another program moves to the next free one before building', async () => {
  // Another program on this machine may hold 4321 already: then it is taken either way.
  const taken = await hold(4321);
  const f = fixture();
  const child = spawn(process.execPath, [bin, '--root', f.root, 'serve', '--no-watch', '--out', 'served'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  try {
    let out = '';
    const notice = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]);
      });
      child.once('exit', (code) => reject(new Error(`site serve ended (${code}) before saying anything: ${out}`)));
    });
    assert.match(notice, /^Port 4321 is in use, using 43(2[2-9]|[3-7]\d) instead$/);
    // Said before the build: the first build's output is not there yet.
    assert.not.ok(fs.existsSync(path.join(f.root, 'served', 'index.html')));
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // it has ended
    }
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    taken?.close();
    f.remove();
  }
});


/** Starts `site <args>`, sends `signal` once `started()` says its work is under way, and says how it ended. */
async function interrupted(args: string[], cwd: string, started: () => boolean, signal: NodeJS.Signals, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } });
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  const exited = new Promise<[number | null, string | null]>((resolve) => child.once('exit', (code, killed) => resolve([code, killed])));
  let running = true;
  void exited.then(() => (running = false));
  while (running && !started()) await new Promise((r) => setTimeout(r, 20));
  assert.ok(running, `site ${args.join(' ')} finished before it could be stopped`);
  child.kill(signal);
  const [code, killed] = await exited;
  return { ended: [code, killed], err };
}

test('Ctrl-C (SIGINT) or SIGTERM during site build: its staging folder is removed, the last output stays, exit 130 with one line', async () => {
  const f = fixture();
  try {
    assert.is(site(['build'], f.root).code, 0);
    const before = fs.readFileSync(path.join(f.root, 'dist/index.html'), 'utf8');
    const staging = () => fs.readdirSync(f.root).filter((name) => name.startsWith('dist.tmp-'));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      // The build is under way once its staging folder is there.
      const { ended, err } = await interrupted(['build', '--clean'], f.root, () => staging().length > 0, signal);
      assert.equal(ended, [130, null], err);
      assert.match(err, /✗ build stopped \(SIG(INT|TERM)\): the last output is left as it was/);
      assert.not.match(err, /\n\s+at /);
      assert.equal(staging(), []);
      assert.is(fs.readFileSync(path.join(f.root, 'dist/index.html'), 'utf8'), before);
    }
  } finally {
    f.remove();
  }
});

test('Ctrl-C (SIGINT) during site check: its temporary folder is removed, exit 130 with one line', async () => {
  const f = fixture();
  // The check's own temporary folder, apart from whatever else uses the system's.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-check-tmp-'));
  try {
    // The check is building once its build's staging folder is there.
    const staging = () => fs.readdirSync(tmp).flatMap((name) => (name.startsWith('site-check-') ? fs.readdirSync(path.join(tmp, name)) : []));
    const { ended, err } = await interrupted(['check'], f.root, () => staging().some((name) => name.startsWith('dist.tmp-')), 'SIGINT', { TMPDIR: tmp });
    assert.equal(ended, [130, null], err);
    assert.match(err, /✗ check stopped \(SIGINT\)/);
    assert.not.match(err, /\n\s+at /);
    assert.equal(fs.readdirSync(tmp), []);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    f.remove();
  }
});

test('Ctrl-C (SIGINT) during the first build of site serve: its staging folder is removed, exit 130 with one line', async () => {
  const f = fixture();
  try {
    const staging = () => fs.readdirSync(f.root).filter((name) => name.startsWith('dist.tmp-'));
    const { ended, err } = await interrupted(['serve', '--port', '0', '--no-watch'], f.root, () => staging().length > 0, 'SIGINT');
    assert.equal(ended, [130, null], err);
    assert.match(err, /✗ build stopped \(SIGINT\)/);
    assert.not.match(err, /\n\s+at /);
    assert.equal(staging(), []);
  } finally {
    f.remove();
  }
});

test.run();
