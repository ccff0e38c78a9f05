import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { getOrCreateSecret } from '../src/db/app-secrets';
import { createTenants } from '../src/modules/tenants/tenants.module';
import { createTestDatabase } from './helpers/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dbs: Db[];
beforeAll(async () => {
  database = await createTestDatabase();
  dbs = [createDb(database.url), createDb(database.url), createDb(database.url)];
});
afterAll(async () => {
  await Promise.all(dbs.map((d) => d.$client.end()));
  await database.drop();
});

describe('a connection the database ends', () => {
  it('inside a transaction (checked out, between two queries) fails its next query instead of crashing the process', async () => {
    const db = dbs[2]!;
    const client = await db.$client.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      // The server ends the backend as a restart would: the client hears a FATAL with no query running.
      await dbs[0]!.$client.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
    } finally {
      client.release(true);
    }
    expect((await db.$client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});

describe('database start-up', () => {
  it('migrates once when several nodes start at the same time', async () => {
    await Promise.all(dbs.map((d) => runMigrations(d)));
    const { rows } = await dbs[0]!.$client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(rows[0].n).toBeGreaterThan(0);
    const applied = rows[0].n;
    await runMigrations(dbs[1]!);
    const again = await dbs[0]!.$client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(again.rows[0].n).toBe(applied);
  });

  it('generates a secret once and every node reads the same one', async () => {
    const values = await Promise.all(dbs.map((d) => getOrCreateSecret(d, 'storage-url-signing')));
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await getOrCreateSecret(dbs[2]!, 'another')).not.toBe(values[0]);
  });

  it('creates the tenant idempotently', async () => {
    await Promise.all(dbs.map((d) => createTenants(d, { tenants: [{ id: 'demo', host: 'localhost' }], tenantId: 'demo' }).ensureConfigured()));
    const { rows } = await dbs[0]!.$client.query("SELECT id FROM tenants WHERE id = 'demo'");
    expect(rows).toHaveLength(1);
  });
});

