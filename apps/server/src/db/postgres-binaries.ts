import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

const run = promisify(execFile);

export interface Account {
  uid: number;
  gid: number;
}

/** Root's copies of the binaries, outside every user's directories. */
export const defaultCacheDirs = (): string[] => [
  ...new Set(['/var/cache/teamfilm', path.join(os.tmpdir(), 'teamfilm-root-cache'), '/tmp/teamfilm-root-cache']),
];

/** Can `account` run the PostgreSQL binaries in `native` (execute bin/, load lib/, read share/)? */
export async function canRun(native: string, account: Account): Promise<boolean> {
  try {
    await run(path.join(native, 'bin', 'postgres'), ['--version'], account);
    await run('test', ['-r', path.join(native, 'share', 'postgresql', 'postgres.bki')], account);
    return true;
  } catch {
    return false;
  }
}

const isWritableByOthers = (mode: number) => (mode & 0o022) !== 0;
const isSticky = (mode: number) => (mode & 0o1000) !== 0;

/**
 * Every directory on the way to `dir` belongs to root and nobody else may write to it, except in a
 * sticky directory like /tmp, where only an entry's owner may rename or remove it. Then a path root
 * created there cannot be swapped by another user.
 */
async function trustedParents(dir: string): Promise<boolean> {
  const real = await fs.realpath(dir).catch(() => undefined);
  if (!real) return false;
  for (let p = real; ; p = path.dirname(p)) {
    const st = await fs.lstat(p);
    if (st.uid !== 0 || (isWritableByOthers(st.mode) && !isSticky(st.mode))) return false;
    if (p === path.dirname(p)) return true;
  }
}

/** A real directory (no symlink) of root's that others may read and enter but not change. */
async function isRootsOwn(dir: string): Promise<boolean> {
  const st = await fs.lstat(dir).catch(() => undefined);
  return !!st && st.isDirectory() && st.uid === 0 && !isWritableByOthers(st.mode) && (st.mode & 0o005) === 0o005;
}

/** Makes `base` (a root-owned 0755 directory) unless something else already holds the name. */
async function prepareBase(base: string, log: Logger): Promise<boolean> {
  if (!(await trustedParents(path.dirname(base)))) return false;
  const created = await fs.mkdir(base, { mode: 0o755 }).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') return false;
      throw err;
    },
  );
  // Ours, just made: set the mode regardless of the umask.
  if (created) await fs.chmod(base, 0o755);
  if (await isRootsOwn(base)) return true;
  log.warn({ dir: base }, 'not using this cache for the PostgreSQL binaries: it is not a directory of root that only root may change');
  return false;
}

/** Readable and, where the source was executable, executable by everybody; symlinks stay as they are. */
async function openUp(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) await openUp(p);
    else await fs.chmod(p, ((await fs.stat(p)).mode & 0o111) !== 0 ? 0o755 : 0o644);
  }
}

async function version(native: string): Promise<string> {
  const text = await fs.readFile(path.join(native, '..', 'package.json'), 'utf8').catch(() => '{}');
  return (JSON.parse(text) as { version?: string }).version ?? 'unknown';
}

/** Copies `native` into `base` once, atomically (a finished copy is renamed into place). */
async function cachedCopy(native: string, base: string, log: Logger): Promise<string> {
  const target = path.join(base, `postgres-${await version(native)}-${os.platform()}-${os.arch()}`);
  const complete = path.join(target, '.complete');
  const usable = async () => (await isRootsOwn(target)) && (await fs.stat(complete).then(() => true, () => false));
  if (await usable()) return target;

  log.info({ from: native, to: target }, 'copying the PostgreSQL binaries where the postgres user can run them');
  const partial = await fs.mkdtemp(path.join(base, '.partial-'));
  try {
    await fs.cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await openUp(partial);
    await fs.writeFile(path.join(partial, '.complete'), '', { mode: 0o644 });
    try {
      await fs.rename(partial, target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOTEMPTY') throw err;
      // Another start finished first, or an unfinished copy of an older run is in the way.
      if (await usable()) return target;
      await fs.rm(target, { recursive: true, force: true });
      await fs.rename(partial, target);
    }
    return target;
  } finally {
    await fs.rm(partial, { recursive: true, force: true });
  }
}

/**
 * The `native` folder (bin, lib, share) of the PostgreSQL build that `account` can run. npm puts the
 * binaries in the checkout, which may sit in a directory only its owner can enter (a home directory,
 * `mktemp -d`). Root then copies them once into a cache of its own outside the user's directories; the
 * user's directories keep their permissions.
 */
export async function reachableBinaries(native: string, account: Account, log: Logger, cacheDirs = defaultCacheDirs()): Promise<string> {
  if (await canRun(native, account)) return native;
  const tried: string[] = [];
  for (const base of cacheDirs) {
    tried.push(base);
    try {
      if (!(await prepareBase(base, log))) continue;
      const copy = await cachedCopy(native, base, log);
      if (await canRun(copy, account)) return copy;
    } catch (err) {
      log.warn({ err, dir: base }, 'could not keep a copy of the PostgreSQL binaries here');
    }
  }
  throw new Error(
    `PostgreSQL refuses to run as root, so it runs as the system user 'postgres', which cannot reach the PostgreSQL binaries in ${native}, ` +
      `and no copy could be kept in ${tried.join(' or ')}. Make ${tried[0]} writable for root, set DATABASE_URL to use a PostgreSQL server, ` +
      'or run as an ordinary user.',
  );
}
