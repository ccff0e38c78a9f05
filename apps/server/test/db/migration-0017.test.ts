import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate';
import { databaseBefore, type DatabaseBefore } from '../helpers/database-before';

const TAG = '0017_reels_private_by_default';

let database: DatabaseBefore;
beforeAll(async () => {
  database = await databaseBefore(TAG);
});
afterAll(async () => {
  await database?.close();
});

const q: DatabaseBefore['q'] = (text, values) => database.q(text, values);

describe(`migration ${TAG}`, () => {
  it("turns off the share links of clips' own reels (shared by the old default only), keeps made reels as their makers set them, and new reels start unshared", async () => {
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

    await runMigrations(database.db);

    expect(await q(`SELECT id, shared FROM reels ORDER BY id`)).toEqual([
      { id: 'made', shared: false },
      { id: 'madeShared', shared: true },
      { id: 'own', shared: false },
    ]);
    await q(`INSERT INTO reels (id, tenant_id, owner_user_id) VALUES ('new', 'demo', $1)`, [user!.id]);
    expect(await q(`SELECT shared FROM reels WHERE id = 'new'`)).toEqual([{ shared: false }]);
  });
});
