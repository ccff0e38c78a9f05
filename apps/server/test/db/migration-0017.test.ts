import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { migrationsBefore } from '../helpers/migrations-before';
import { createTestDatabase } from '../helpers/test-db';

const TAG = '0017_reels_private_by_default';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let before: Awaited<ReturnType<typeof migrationsBefore>>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 2);
  before = await migrationsBefore(TAG);
});
afterAll(async () => {
  await db?.$client.end();
  await database?.drop();
  await before?.remove();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.$client.query(text, values)).rows as T[];

describe(`migration ${TAG}`, () => {
  it("turns off the share links of clips' own reels (shared by the old default only), keeps made reels as their makers set them, and new reels start unshared", async () => {
    await migrate(db, { migrationsFolder: before.folder });
    await q(`INSERT INTO tenants (id) VALUES ('demo')`);
    const [identity] = await q<{ id: number }>(`INSERT INTO identity_users (tenant_id, email, username) VALUES ('demo', 'c@x.io', 'c') RETURNING id`);
    const [user] = await q<{ id: number }>(`INSERT INTO users (tenant_id, identity_user_id, username, type) VALUES ('demo', $1, 'coach', 'team') RETURNING id`, [identity!.id]);
    await q(`INSERT INTO reels (id, tenant_id, owner_user_id) VALUES ('own', 'demo', $1), ('made', 'demo', $1)`, [user!.id]);
    await q(`UPDATE reels SET shared = false WHERE id = 'made'`);
    await q(`INSERT INTO reels (id, tenant_id, owner_user_id, shared) VALUES ('madeShared', 'demo', $1, true)`, [user!.id]);
    await q(
      `INSERT INTO clips (tenant_id, owner_user_id, stream_id, source_owner_user_id, clip_id, reel_id, start_sec, duration_sec, source_key, source_rendition)
       VALUES ('demo', $1, 'v', $1, 0, 'own', 0, 2, 'k', 'low')`,
      [user!.id],
    );
    await q(`UPDATE reels SET clip_id = (SELECT id FROM clips WHERE reel_id = 'own') WHERE id = 'own'`);
    expect(await q(`SELECT id, shared FROM reels ORDER BY id`)).toEqual([
      { id: 'made', shared: false },
      { id: 'madeShared', shared: true },
      { id: 'own', shared: true },
    ]);

    await runMigrations(db);

    expect(await q(`SELECT id, shared FROM reels ORDER BY id`)).toEqual([
      { id: 'made', shared: false },
      { id: 'madeShared', shared: true },
      { id: 'own', shared: false },
    ]);
    await q(`INSERT INTO reels (id, tenant_id, owner_user_id) VALUES ('new', 'demo', $1)`, [user!.id]);
    expect(await q(`SELECT shared FROM reels WHERE id = 'new'`)).toEqual([{ shared: false }]);
  });
});
