import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordUpdate } from '../../src/modules/updates/record-update';
import { pruneUpdatesJob } from '../../src/modules/updates/prune-updates.job';
import { LISTENER_APPLICATION_NAME } from '../../src/db/notification-listener';
import { call, channelId, coach, person, teamsApp, type Person, type TeamsApp } from '../teams/helpers';
import { jobContext, runJob } from '../transcode/helpers';
import { joinTeam, userId } from '../videos/helpers';
import { listen, openUpdates, secondNode, write, type StreamEvent, type UpdatesStream } from './updates-helpers';

let t: TeamsApp;
let base: string;
let lions: number;
let tigers: number;
let boss: Person;
let mate: Person;
let gone: Person;
let rival: Person;
let eagle: Person;
const ids: Record<string, number> = {};

const demo = (channelIdOrUser: { channelId: number } | { userId: number }) => ({ tenantId: 'demo', ...channelIdOrUser });
const deleted = (id: string) => ({ _id: id, kind: 'board' as const });
/** The stream of `who`, once it is live (its first frame, the position, has come). */
async function live(who: Person, query = '', url = base): Promise<UpdatesStream> {
  const stream = await openUpdates(url, who.headers, query);
  expect(stream.status).toBe(200);
  expect((await stream.next())?.event).toBeNull();
  return stream;
}
const event = (id: number, kind: string, data: unknown): StreamEvent => ({ id: String(id), event: kind, data });

beforeAll(async () => {
  t = await teamsApp({ WORKERS: '0' });
  base = await listen(t.app);
  boss = await coach(t, 'hubboss', 'Lions');
  mate = await person(t, 'hubmate');
  gone = await person(t, 'hubgone');
  await joinTeam(t, 'hubboss', 'hubmate');
  await joinTeam(t, 'hubboss', 'hubgone');
  rival = await coach(t, 'hubrival', 'Tigers');
  eagle = await person(t, 'hubeagle', { other: true });
  lions = (await channelId(t, 'hubboss'))!;
  tigers = (await channelId(t, 'hubrival'))!;
  for (const name of ['hubboss', 'hubmate', 'hubgone', 'hubrival', 'hubeagle']) ids[name] = await userId(t, name);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/updates', () => {
  it('lets a closed stream go: nothing stays subscribed', async () => {
    // First in the file: no other stream is open or closing.
    const before = t.app.teamUpdateStreams();
    expect(before).toBe(0);
    const closed = new Promise<void>((resolve) => {
      const onRequest = (req: IncomingMessage, res: ServerResponse) => {
        if (!req.url?.startsWith('/api/updates')) return;
        t.app.server.off('request', onRequest);
        res.once('close', () => resolve());
      };
      // Before Fastify's own listener: this close listener runs before the stream's cleanup, which is synchronous.
      t.app.server.prependListener('request', onRequest);
    });
    const stream = await live(mate);
    expect(t.app.teamUpdateStreams()).toBe(before + 1);
    stream.close();
    await closed;
    expect(t.app.teamUpdateStreams()).toBe(before);
  });

  it('needs a signed-in caller and a valid last event id; streams uncompressed and unbuffered', async () => {
    expect((await openUpdates(base, {})).status).toBe(401);
    expect((await openUpdates(base, {}, '?access_token=forged')).status).toBe(401);
    // Signed in before the record is made (a page asks for GET /api/user/me at the same time): made here.
    const newcomer = await person(t, 'hubnew', { register: false });
    const early = await openUpdates(base, newcomer.headers);
    expect(early.status).toBe(200);
    early.close();
    expect(await t.sql(`SELECT 1 FROM users WHERE username = 'hubnew'`)).toHaveLength(1);
    const bad = await openUpdates(base, { ...mate.headers, 'last-event-id': 'abc' });
    expect(bad.status).toBe(400);
    expect((await bad.error()).message).toMatch(/last-event-id/i);
    expect((await openUpdates(base, mate.headers, '?lastEventId=-1')).status).toBe(400);

    const stream = await openUpdates(base, mate.headers);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['x-accel-buffering']).toBe('no');
    stream.close();
  });

  it('delivers a channel update to its current members only and a user update to that user only', async () => {
    const token = mate.headers.authorization!.slice('Bearer '.length);
    const [boss$, mate$, gone$, rival$, eagle$] = await Promise.all([
      live(boss),
      live({ ...mate, headers: {} }, `?access_token=${encodeURIComponent(token)}`),
      live(gone),
      live(rival),
      live(eagle),
    ]);
    try {
      // Removed after opening the stream: a removed member stops hearing at once.
      await t.sql(`DELETE FROM channel_members WHERE user_id = $1`, [ids.hubgone]);
      const post = await write(t.runtime.db, demo({ channelId: lions }), 'delete', deleted('p1'));
      const mine = await write(t.runtime.db, demo({ userId: ids.hubmate! }), 'unread', { unread: 1 });
      // The same user id in another tenant hears nothing of this one.
      const forged = await write(t.runtime.db, demo({ userId: ids.hubeagle! }), 'unread', { unread: 99 });
      // Each stream's own last update: what came before it in id order has been delivered by then.
      const last: Record<string, number> = {};
      for (const name of ['hubboss', 'hubgone', 'hubrival']) last[name] = await write(t.runtime.db, demo({ userId: ids[name]! }), 'unread', { unread: 0 });
      last.hubeagle = await write(t.runtime.db, { tenantId: 'eagles', userId: ids.hubeagle! }, 'unread', { unread: 0 });

      expect(await boss$.next()).toEqual(event(post, 'delete', deleted('p1')));
      expect(await boss$.next()).toEqual(event(last.hubboss!, 'unread', { unread: 0 }));
      expect(await mate$.next()).toEqual(event(post, 'delete', deleted('p1')));
      expect(await mate$.next()).toEqual(event(mine, 'unread', { unread: 1 }));
      expect(await gone$.next()).toEqual(event(last.hubgone!, 'unread', { unread: 0 }));
      expect(await rival$.next()).toEqual(event(last.hubrival!, 'unread', { unread: 0 }));
      expect(await eagle$.next()).toEqual(event(last.hubeagle, 'unread', { unread: 0 }));
      expect(forged).toBeLessThan(last.hubeagle);
    } finally {
      for (const s of [boss$, mate$, gone$, rival$, eagle$]) s.close();
      await joinTeam(t, 'hubboss', 'hubgone');
    }
  });

  it('carries a post made through POST /api/team/board to the team, with the id of its row', async () => {
    const [mate$, rival$] = await Promise.all([live(mate), live(rival)]);
    try {
      const res = await call(t, 'POST', '/api/team/board', boss.headers, { subject: 'Practice', message: 'Bring water' });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: string };
      const [row] = await t.sql<{ id: string }>(`SELECT id FROM team_updates WHERE kind = 'board' AND data->>'_id' = $1`, [id]);
      expect(await mate$.next()).toMatchObject({
        id: row!.id,
        event: 'board',
        data: { _id: id, item: { _id: id, subject: 'Practice', content: 'Bring water', publisher: 'hubboss' } },
      });
      const last = await write(t.runtime.db, demo({ userId: ids.hubrival! }), 'unread', { unread: 0 });
      expect(await rival$.next()).toEqual(event(last, 'unread', { unread: 0 }));
    } finally {
      mate$.close();
      rival$.close();
    }
  });

  it('a list says where the stream stood when it was read: a stream resuming there brings a post made in between', async () => {
    const board = await call(t, 'GET', '/api/team/board?limit=5', mate.headers);
    expect(board.statusCode, board.body).toBe(200);
    const position = board.headers['x-updates-position'];
    expect(position).toMatch(/^\d+$/);
    for (const path of ['/api/team/activity?limit=5', '/api/user/notifications?limit=5']) {
      expect((await call(t, 'GET', path, mate.headers)).headers['x-updates-position'], path).toMatch(/^\d+$/);
    }
    // A refused read says nothing of the stream.
    expect((await call(t, 'GET', '/api/team/board?limit=5', eagle.headers)).headers['x-updates-position']).toBeUndefined();

    const settled = await live(mate);
    const res = await call(t, 'POST', '/api/team/board', boss.headers, { message: 'Posted before the page opened its stream' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    expect((await call(t, 'GET', '/api/team/board?limit=5', mate.headers)).json().items[0]._id).toBe(id);

    const stream = await openUpdates(base, { ...mate.headers, 'last-event-id': String(position) });
    try {
      expect(stream.headers['x-updates-position']).toMatch(/^\d+$/);
      expect(await stream.next()).toMatchObject({ event: 'board', data: { _id: id } });
      // The replay came from the table; the node's hub may still be on its way to these rows. The post's
      // last row (its activity item) reaching the live stream too leaves no update for the next test.
      expect(await stream.next()).toMatchObject({ event: 'activity' });
      expect(await settled.next()).toMatchObject({ event: 'board', data: { _id: id } });
      expect(await settled.next()).toMatchObject({ event: 'activity' });
    } finally {
      stream.close();
      settled.close();
    }
  });

  it('replays what came after Last-Event-ID once, then goes on live', async () => {
    const first = await live(mate);
    const seen = await write(t.runtime.db, demo({ channelId: lions }), 'delete', deleted('r0'));
    expect((await first.next())?.id).toBe(String(seen));
    first.close();

    // While disconnected: two team posts, one of another team, one for this user alone.
    const a = await write(t.runtime.db, demo({ channelId: lions }), 'delete', deleted('r1'));
    await write(t.runtime.db, demo({ channelId: tigers }), 'delete', deleted('other'));
    const b = await write(t.runtime.db, demo({ userId: ids.hubmate! }), 'unread', { unread: 2 });
    const c = await write(t.runtime.db, demo({ channelId: lions }), 'delete', deleted('r2'));

    const again = await openUpdates(base, { ...mate.headers, 'last-event-id': String(seen) });
    // The query form, for clients that cannot set the header, replays the same.
    const byQuery = await openUpdates(base, mate.headers, `?lastEventId=${seen}`);
    try {
      for (const s of [again, byQuery]) {
        expect(await s.next()).toEqual(event(a, 'delete', deleted('r1')));
        expect(await s.next()).toEqual(event(b, 'unread', { unread: 2 }));
        expect(await s.next()).toEqual(event(c, 'delete', deleted('r2')));
      }
      const d = await write(t.runtime.db, demo({ channelId: lions }), 'delete', deleted('r3'));
      expect(await again.next()).toEqual(event(d, 'delete', deleted('r3')));
      expect(await byQuery.next()).toEqual(event(d, 'delete', deleted('r3')));
    } finally {
      again.close();
      byQuery.close();
    }
  });

  it('loses nothing and repeats nothing when updates are written while the stream resumes', async () => {
    const from = await write(t.runtime.db, demo({ channelId: lions }), 'delete', deleted('c0'));
    for (let i = 1; i <= 10; i++) await write(t.runtime.db, demo({ channelId: lions }), 'delete', deleted(`c${i}`));
    // Written while the stream replays and subscribes.
    const writing = (async () => {
      let id = 0;
      for (let i = 11; i <= 40; i++) id = await write(t.runtime.db, demo({ channelId: lions }), 'delete', deleted(`c${i}`));
      return id;
    })();
    const stream = await openUpdates(base, { ...mate.headers, 'last-event-id': String(from) });
    try {
      const lastId = await writing;
      const got: number[] = [];
      while (got.at(-1) !== lastId) got.push(Number((await stream.next())!.id));
      const truth = await t.sql<{ id: string }>(`SELECT id FROM team_updates WHERE id > $1 AND channel_id = $2 ORDER BY id`, [from, lions]);
      expect(got).toEqual(truth.map((r) => Number(r.id)));
      expect(got).toHaveLength(40);
    } finally {
      stream.close();
    }
  });

  it('answers a Last-Event-ID older than what is kept with one resync at the head, never a gap left by a rolled-back id', async () => {
    const old = await write(t.runtime.db, demo({ userId: ids.hubmate! }), 'unread', { unread: 3 });
    // An update whose transaction rolls back uses up an id.
    await t.runtime.db
      .transaction(async (tx) => {
        await recordUpdate(tx, demo({ userId: ids.hubmate! }), 'unread', { unread: 4 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const kept = await write(t.runtime.db, demo({ userId: ids.hubmate! }), 'unread', { unread: 5 });
    expect(kept).toBe(old + 2);
    await t.sql(`UPDATE team_updates SET created_at = now() - interval '25 hours' WHERE id <= $1`, [old]);
    await runJob(pruneUpdatesJob, {}, jobContext(t));
    expect(await t.sql(`SELECT id FROM team_updates WHERE id <= $1`, [old])).toEqual([]);

    // From the last pruned id: everything after it is kept, so it replays.
    const exact = await openUpdates(base, { ...mate.headers, 'last-event-id': String(old) });
    expect(await exact.next()).toEqual(event(kept, 'unread', { unread: 5 }));
    exact.close();

    for (const from of [old - 1, 0, kept + 1000]) {
      const stream = await openUpdates(base, { ...mate.headers, 'last-event-id': String(from) });
      try {
        expect(await stream.next()).toEqual(event(kept, 'resync', {}));
        const next = await write(t.runtime.db, demo({ userId: ids.hubmate! }), 'unread', { unread: 6 });
        expect(await stream.next()).toEqual(event(next, 'unread', { unread: 6 }));
      } finally {
        stream.close();
      }
      await t.sql(`DELETE FROM team_updates WHERE id > $1`, [kept]);
    }
  });

  it('crosses app nodes on one database, and recovers every update when the LISTEN connections are killed', async () => {
    const node2 = await secondNode(t);
    try {
      const boss1 = await live(boss);
      const mate2 = await live(mate, '', node2.base);
      const more2 = await Promise.all([live(gone, '', node2.base), live(mate, '', node2.base)]);
      const throughNode1 = await write(t.runtime.db, demo({ channelId: lions }), 'delete', deleted('n1'));
      const throughNode2 = await write(node2.runtime.db, demo({ channelId: lions }), 'delete', deleted('n2'));
      for (const s of [boss1, mate2, ...more2]) {
        expect(await s.next()).toEqual(event(throughNode1, 'delete', deleted('n1')));
        expect(await s.next()).toEqual(event(throughNode2, 'delete', deleted('n2')));
      }

      // One LISTEN connection per node, however many streams.
      const listeners = async () =>
        (
          await t.sql<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`, [
            LISTENER_APPLICATION_NAME,
          ])
        ).map((r) => r.pid);
      const before = await listeners();
      expect(before).toHaveLength(2);
      await t.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`, [
        LISTENER_APPLICATION_NAME,
      ]);
      // Written while no node listens: each hears them when it is back, in order.
      const written: number[] = [];
      for (let i = 0; i < 5; i++) written.push(await write(i % 2 ? node2.runtime.db : t.runtime.db, demo({ channelId: lions }), 'delete', deleted(`k${i}`)));
      for (const s of [boss1, mate2, ...more2]) {
        for (const [i, id] of written.entries()) expect(await s.next()).toEqual(event(id, 'delete', deleted(`k${i}`)));
      }
      const after = await listeners();
      expect(after).toHaveLength(2);
      expect(after.filter((pid) => before.includes(pid))).toEqual([]);

      // Closing the app ends its streams and leaves nothing subscribed.
      await node2.close();
      for (const s of [mate2, ...more2]) expect(await s.next()).toBeNull();
      expect(node2.app.teamUpdateStreams()).toBe(0);
      boss1.close();
    } finally {
      await node2.close();
    }
  });
});
