import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMessages } from '../../src/db/schema';
import { notify, withdrawNotifications } from '../../src/modules/notifications/notify';
import { channelId, coach, teamsApp, type Person, type TeamsApp } from '../teams/helpers';
import { athlete, joinTeam, userId } from '../videos/helpers';
import { lastUnreadUpdate, notificationsOf, readNotifications, sendMessage, unreadInSql } from './helpers';

/**
 * The unread count never lies: after every step of a random sequence of direct messages, posts that
 * mention, reads of some or all and deletions, each user's count in SQL (the ground truth), the last
 * `unread` update their open pages heard and the count the API answers are one number.
 */

let t: TeamsApp;
let people: Person[];
let ids: number[];
let channel: number;

beforeAll(async () => {
  // No workers: the e-mail digests are another test's; unread counts do not depend on them.
  t = await teamsApp({ WORKERS: '0' });
  people = [await coach(t, 'pcoach', 'Team Props'), await athlete(t, 'pkid'), await athlete(t, 'pmate')];
  for (const p of people.slice(1)) await joinTeam(t, 'pcoach', p.username);
  ids = await Promise.all(people.map((p) => userId(t, p.username)));
  channel = (await channelId(t, 'pcoach'))!;
});
afterAll(() => t?.close());

const who = fc.integer({ min: 0, max: 2 });
const step = fc.oneof(
  fc.record({ kind: fc.constant('message' as const), from: who, to: who }),
  fc.record({ kind: fc.constant('mention' as const), from: who, to: fc.uniqueArray(who, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('readSome' as const), who, pick: fc.array(fc.nat(), { maxLength: 4 }), foreign: fc.boolean() }),
  fc.record({ kind: fc.constant('readAll' as const), who }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** A board post as the board stores one, mentioning `to`: the message and its notifications in one transaction. */
async function mentionPost(from: number, to: number[]): Promise<string> {
  return t.runtime.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(channelMessages)
      .values({ tenantId: 'demo', channelId: channel, publisherUserId: ids[from]!, kind: 'message', content: to.map((i) => `@${people[i]!.username}`).join(' ') })
      .returning({ id: channelMessages.id });
    await notify(tx, { tenantId: 'demo', userIds: to.map((i) => ids[i]!), publisherUserId: ids[from]!, message: 'mentioned you', action: `/team/messages/${row!.id}`, messageId: row!.id });
    return row!.id;
  });
}

/** Deletes a post as a delete must: its notifications withdrawn first, in the same transaction. */
async function deletePost(messageId: string): Promise<void> {
  await t.runtime.db.transaction(async (tx) => {
    await withdrawNotifications(tx, [messageId]);
    await tx.delete(channelMessages).where(eq(channelMessages.id, messageId));
  });
}

async function apply(s: Step, posts: string[]): Promise<void> {
  switch (s.kind) {
    case 'message': {
      const res = await sendMessage(t, people[s.from]!, { message: 'hi', recipient: people[s.to]!.username });
      expect(res.statusCode, res.body).toBe(s.from === s.to ? 404 : 201);
      return;
    }
    case 'mention':
      posts.push(await mentionPost(s.from, s.to));
      return;
    case 'readSome': {
      const mine = (await notificationsOf(t, people[s.who]!)).items.map((n) => n._id);
      const chosen = s.pick.map((i) => mine[i % Math.max(mine.length, 1)]).filter((id): id is string => !!id);
      // Someone else's id is ignored, never read.
      if (s.foreign) chosen.push(...(await notificationsOf(t, people[(s.who + 1) % 3]!)).items.slice(0, 1).map((n) => n._id));
      expect(await readNotifications(t, people[s.who]!, chosen)).toBe(await unreadInSql(t, people[s.who]!.username));
      return;
    }
    case 'readAll':
      expect(await readNotifications(t, people[s.who]!)).toBe(0);
      return;
    case 'delete': {
      if (posts.length === 0) return;
      const [messageId] = posts.splice(s.pick % posts.length, 1);
      await deletePost(messageId!);
      return;
    }
  }
}

describe('unread count', () => {
  it('SQL, the last unread update and the API agree after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        // Each run starts from nothing, so a counterexample replays on its own.
        await t.sql(`DELETE FROM channel_messages WHERE channel_id = $1`, [channel]);
        await t.sql(`DELETE FROM notifications WHERE user_id = ANY($1::int[])`, [ids]);
        await t.sql(`DELETE FROM team_updates WHERE user_id = ANY($1::int[])`, [ids]);
        const posts: string[] = [];
        for (const s of steps) {
          await apply(s, posts);
          for (const p of people) {
            const truth = await unreadInSql(t, p.username);
            expect(await lastUnreadUpdate(t, p.username) ?? 0, `${p.username} heard after ${JSON.stringify(s)}`).toBe(truth);
            expect((await notificationsOf(t, p, 'limit=1')).unread).toBe(truth);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
