import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate';
import { databaseBefore, type DatabaseBefore } from '../helpers/database-before';

const TAG = '0028_people_by_name';

let database: DatabaseBefore;
beforeAll(async () => {
  database = await databaseBefore(TAG);
});
afterAll(async () => {
  await database?.close();
});

const q: DatabaseBefore['q'] = (text, values) => database.q(text, values);

describe(`migration ${TAG}`, () => {
  it('keeps only the excerpt of mention notifications (direct messages stay), and names joined members by their name', async () => {
    await q(`INSERT INTO tenants (id) VALUES ('demo')`);
    const person = async (username: string, name: string | null) => {
      const [identity] = await q<{ id: number }>(`INSERT INTO identity_users (tenant_id, email, username) VALUES ('demo', $1, $2) RETURNING id`, [`${username}@x.io`, username]);
      const [user] = await q<{ id: number }>(`INSERT INTO users (tenant_id, identity_user_id, username, name) VALUES ('demo', $1, $2, $3) RETURNING id`, [identity!.id, username, name]);
      return user!.id;
    };
    const kim = await person('coachkim', 'Dana Kim');
    const alex = await person('alexr', null);
    const [channel] = await q<{ id: number }>(`INSERT INTO channels (tenant_id, owner_user_id, name) VALUES ('demo', $1, 'main') RETURNING id`, [kim]);
    const [message] = await q<{ id: string }>(
      `INSERT INTO channel_messages (tenant_id, channel_id, publisher_user_id, kind, content) VALUES ('demo', $1, $2, 'message', 'x') RETURNING id`,
      [channel!.id, kim],
    );
    await q(
      `INSERT INTO notifications (tenant_id, user_id, publisher_user_id, message, message_id) VALUES
        ('demo', $1, $2, 'coachkim mentioned you: Great run @alexr', $3),
        ('demo', $1, $2, 'coachkim mentioned you: in a direct message', null)`,
      [alex, kim, message!.id],
    );
    await q(
      `INSERT INTO team_activity (tenant_id, channel_id, publisher_user_id, content, type, action) VALUES
        ('demo', $1, $2, 'coachkim joined the team', 'link', '/team/members/coachkim'),
        ('demo', $1, $3, 'alexr joined the team', 'link', '/team/members/alexr'),
        ('demo', $1, $2, 'New video: coachkim joined the team', 'video', 'v')`,
      [channel!.id, kim, alex],
    );

    await runMigrations(database.db);

    expect((await q<{ message: string }>(`SELECT message FROM notifications ORDER BY message_id NULLS LAST`)).map((r) => r.message)).toEqual([
      'Great run @alexr',
      'coachkim mentioned you: in a direct message',
    ]);
    expect((await q<{ content: string }>(`SELECT content FROM team_activity ORDER BY id`)).map((r) => r.content).sort()).toEqual([
      'Dana Kim joined the team',
      'New video: coachkim joined the team',
      'alexr joined the team',
    ]);
  });
});
