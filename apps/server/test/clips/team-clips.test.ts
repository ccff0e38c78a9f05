import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, eventId } from '../live/events-helpers';
import { athlete, call, coach, expectError, joinTeam, readyVideo, userId, videosApp, type Person, type TeamsApp } from './helpers';

type ClipJson = { _id: string; clipTitle: string; timestamp: number };
type ClipListJson = { items: ClipJson[]; next: number | null };

let t: TeamsApp;
let owner: Person;
let mate: Person;
let outsider: Person;
let rival: Person;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'tcoach', 'Team Hawks');
  rival = await coach(t, 'trival', 'Team Owls');
  mate = await athlete(t, 'tmate');
  outsider = await athlete(t, 'toutsider');
  await joinTeam(t, 'tcoach', 'tmate');
});
afterAll(() => t?.close());

let moment = 0;
async function videoClip(who: Person, videoKey: string): Promise<ClipJson> {
  const res = await call(t, 'POST', `/api/user/videos/${videoKey}/clips`, who.headers, { timestamp: ++moment, duration: 3 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A clip of a live event as the live module stores it (`stream_kind` live, `stream_id` the event key). */
async function liveClip(who: string, eventKey: string): Promise<string> {
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO clips (tenant_id, owner_user_id, stream_kind, stream_id, source_owner_user_id, clip_id, reel_id, start_sec, duration_sec, source_key, source_rendition, status)
     SELECT 'demo', $1, 'live', $2, e.owner_user_id, $3, $4, 0, 20, e.id::text, 'live', 'ready' FROM live_events e WHERE e.id = $5 RETURNING id`,
    [await userId(t, who), eventKey, ++moment, randomUUID(), await eventId(t, eventKey)],
  );
  return row!.id;
}

async function teamClips(who: Person, query = 'limit=100'): Promise<ClipListJson> {
  const res = await call(t, 'GET', `/api/team/clips?${query}`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (list: ClipListJson) => list.items.map((c) => c._id);

describe('GET /api/team/clips', () => {
  it("an athlete who saved nothing sees every clip of the team's videos and live games, newest first; outsiders see none", async () => {
    const teamVideo = await readyVideo(t, 'tcoach', { title: 'Derby' });
    const mateVideo = await readyVideo(t, 'tmate', { title: 'Practice' });
    const rivalVideo = await readyVideo(t, 'trival', { title: 'Owls home game' });
    const game = await createEvent(t, owner, { title: 'Hawks vs Owls', public: true });
    const rivalGame = await createEvent(t, rival, { title: 'Owls vs Bears', public: true });

    const first = await videoClip(owner, teamVideo.key);
    const ofLive = await liveClip('tcoach', game.key);
    const ofMates = await videoClip(owner, mateVideo.key);
    await videoClip(rival, rivalVideo.key);
    await liveClip('trival', rivalGame.key);
    const last = await videoClip(owner, teamVideo.key);

    const list = await teamClips(mate);
    expect(ids(list)).toEqual([last._id, ofMates._id, ofLive, first._id]);
    expect(list.items.map((c) => c.clipTitle)).toEqual(['Derby', 'Practice', 'Hawks vs Owls', 'Derby']);
    expect(list.next).toBeNull();
    // "My clips" stay the ones made or saved: the athlete has none.
    expect((await call(t, 'GET', '/api/user/clips', mate.headers)).json()).toEqual({ items: [], next: null });
    // The coach sees the same team list.
    expect(ids(await teamClips(owner))).toEqual(ids(list));

    // Not a member: nothing, though the team's live game is public.
    expect(await teamClips(outsider)).toEqual({ items: [], next: null });
    // The rival's own team list has only the rival's clips.
    expect(await teamClips(rival).then((l) => l.items.map((c) => c.clipTitle))).toEqual(['Owls vs Bears', 'Owls home game']);
    expectError(await call(t, 'GET', '/api/team/clips', {}), 401);
    expectError(await call(t, 'GET', '/api/team/clips?limit=0', mate.headers), 400);
  });

  it('pages by the last timestamp, with no gaps or repeats', async () => {
    const all = await teamClips(mate);
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    let cursor: number | null | undefined;
    do {
      const page = await teamClips(mate, `limit=2${cursor ? `&timestamp=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      if (page.next !== null) expect(page.next).toBe(page.items.at(-1)!.timestamp);
      seen.push(...ids(page));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(ids(all));
  });

  it("reads a tenant's clips newest first along an index, never sorting them all", async () => {
    const client = await t.runtime.db.$client.connect();
    try {
      await client.query('BEGIN');
      // The test tables are tiny: tell the planner to avoid what it would avoid on a big one.
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_sort = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT * FROM clips WHERE tenant_id = 'demo' AND created_at < now() ORDER BY created_at DESC, id DESC LIMIT 21`,
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Scan using clips_tenant_created on clips');
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('follows the team the user activated', async () => {
    const hawksIds = ids(await teamClips(mate));
    await joinTeam(t, 'trival', 'tmate');
    // Joined, not activated: still the oldest membership.
    expect(ids(await teamClips(mate))).toEqual(hawksIds);
    const activate = await call(t, 'PUT', '/api/channel/trival/main/members', mate.headers);
    expect(activate.statusCode, activate.body).toBe(200);
    // The Owls' games, and now the athlete's own video too (a member's video is the team's); not the Hawks' games.
    const titles = (await teamClips(mate)).items.map((c) => c.clipTitle);
    expect(titles).toEqual(['Owls vs Bears', 'Owls home game', 'Practice']);
  });
});
