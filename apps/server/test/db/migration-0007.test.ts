import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate';
import { databaseBefore, type DatabaseBefore } from '../helpers/database-before';

const TAG = '0007_trial_start_invite_binding';

let database: DatabaseBefore;
beforeAll(async () => {
  database = await databaseBefore(TAG);
});
afterAll(async () => {
  await database?.close();
});

const q: DatabaseBefore['q'] = (text, values) => database.q(text, values);

describe(`migration ${TAG}`, () => {
  it('starts the trial of registered users where updated_at stood, and binds username invites to who holds the name', async () => {
    await q(`INSERT INTO tenants (id) VALUES ('demo')`);
    const ids = await q<{ id: number }>(
      `INSERT INTO identity_users (tenant_id, email, username) VALUES ('demo', 'c@x.io', 'c'), ('demo', 'a@x.io', 'a'), ('demo', 'n@x.io', 'n') RETURNING id`,
    );
    const users = await q<{ id: number; username: string }>(
      `INSERT INTO users (tenant_id, identity_user_id, username, type, updated_at) VALUES
         ('demo', $1, 'coach', 'team', '2026-01-02T03:04:05Z'), ('demo', $2, 'Athlete', 'athlete', '2026-02-03T04:05:06Z'), ('demo', $3, 'newbie', NULL, now())
       RETURNING id, username`,
      ids.map((r) => r.id),
    );
    const [coach, athlete] = users;
    const [channel] = await q<{ id: number }>(`INSERT INTO channels (tenant_id, owner_user_id, name) VALUES ('demo', $1, 'main') RETURNING id`, [coach!.id]);
    await q(
      `INSERT INTO invites (tenant_id, channel_id, invited_by_user_id, email, username, expires_at) VALUES
         ('demo', $1, $2, NULL, 'athlete', now() + interval '1 day'), ('demo', $1, $2, NULL, 'gone', now() + interval '1 day'), ('demo', $1, $2, 'e@x.io', NULL, now() + interval '1 day')`,
      [channel!.id, coach!.id],
    );

    await runMigrations(database.db);

    expect(await q(`SELECT username, trial_started_at FROM users ORDER BY id`)).toEqual([
      { username: 'coach', trial_started_at: new Date('2026-01-02T03:04:05Z') },
      { username: 'Athlete', trial_started_at: new Date('2026-02-03T04:05:06Z') },
      { username: 'newbie', trial_started_at: null },
    ]);
    expect(await q(`SELECT username, email, invited_user_id, revoked_at FROM invites ORDER BY username NULLS LAST`)).toEqual([
      { username: 'athlete', email: null, invited_user_id: athlete!.id, revoked_at: null },
      { username: 'gone', email: null, invited_user_id: null, revoked_at: null },
      { username: null, email: 'e@x.io', invited_user_id: null, revoked_at: null },
    ]);
  });
});
