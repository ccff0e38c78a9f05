import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, channelId, coach, teamsApp, type Person, type TeamsApp } from '../teams/helpers';
import { athlete, joinTeam, userId } from '../videos/helpers';
import { lastUnreadUpdate, notificationsOf, readNotifications, sendMessage, unreadInSql } from './helpers';

/**
 * The unread count never lies: after every step of a random sequence of direct messages, board posts
 * and replies that mention, reads of some or all and deletions of posts and replies (by their author or
 * the team owner), each user's count in SQL (the ground truth), the last `unread` update their open
 * pages heard and the count the API answers are one number.
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
const mentioned = fc.uniqueArray(who, { maxLength: 3 });
const step = fc.oneof(
  fc.record({ kind: fc.constant('message' as const), from: who, to: who }),
  fc.record({ kind: fc.constant('post' as const), from: who, to: mentioned }),
  fc.record({ kind: fc.constant('reply' as const), from: who, to: mentioned, pick: fc.nat() }),
  fc.record({ kind: fc.constant('readSome' as const), who, pick: fc.array(fc.nat(), { maxLength: 4 }), foreign: fc.boolean() }),
  fc.record({ kind: fc.constant('readAll' as const), who }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), byOwner: fc.boolean() }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** What was posted and still exists: a post, or a reply (with its post), and who wrote it. */
interface Written {
  id: string;
  post?: string;
  author: number;
}

const mentions = (to: number[]) => `${to.map((i) => `@${people[i]!.username}`).join(' ')} see this`;

async function apply(s: Step, written: Written[]): Promise<void> {
  switch (s.kind) {
    case 'message': {
      const res = await sendMessage(t, people[s.from]!, { message: 'hi', recipient: people[s.to]!.username });
      expect(res.statusCode, res.body).toBe(s.from === s.to ? 404 : 201);
      return;
    }
    case 'post': {
      const res = await call(t, 'POST', '/api/team/board', people[s.from]!.headers, { message: mentions(s.to) });
      expect(res.statusCode, res.body).toBe(201);
      written.push({ id: (res.json() as { id: string }).id, author: s.from });
      return;
    }
    case 'reply': {
      const posts = written.filter((w) => !w.post);
      if (posts.length === 0) return;
      const post = posts[s.pick % posts.length]!.id;
      const res = await call(t, 'POST', `/api/team/board/${post}`, people[s.from]!.headers, { message: mentions(s.to) });
      expect(res.statusCode, res.body).toBe(201);
      written.push({ id: (res.json() as { _id: string })._id, post, author: s.from });
      return;
    }
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
      if (written.length === 0) return;
      const gone = written[s.pick % written.length]!;
      const by = people[s.byOwner ? 0 : gone.author]!;
      const res = await call(t, 'DELETE', gone.post ? `/api/team/board/${gone.post}/${gone.id}` : `/api/team/board/${gone.id}`, by.headers);
      expect(res.statusCode, res.body).toBe(204);
      // A post takes its replies with it.
      for (let i = written.length - 1; i >= 0; i--) if (written[i]!.id === gone.id || written[i]!.post === gone.id) written.splice(i, 1);
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
        await t.sql(`DELETE FROM team_activity WHERE channel_id = $1`, [channel]);
        await t.sql(`DELETE FROM notifications WHERE user_id = ANY($1::int[])`, [ids]);
        await t.sql(`DELETE FROM team_updates WHERE user_id = ANY($1::int[])`, [ids]);
        const written: Written[] = [];
        for (const s of steps) {
          await apply(s, written);
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
