import { LEAD_LAG_MAX } from '@app/contracts/film';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NOT_FOUND } from '../../src/modules/live/events.service';
import { GAME_ENDED_AT, GAME_NOT_STARTED, TAG_CHANGERS_ONLY, TAG_NOT_FOUND } from '../../src/modules/tags/tags.service';
import {
  call,
  createEvent,
  eventId,
  expectError,
  lastUpdateId,
  press,
  setButtons,
  setStatus,
  tagsOf,
  tagsTeam,
  updatesAfter,
  videosApp,
  gameTags,
  type TagsTeam,
  type TeamsApp,
} from './helpers';

let t: TeamsApp;
let team: TagsTeam;
/** A public game of the team, live for a minute: 59 one-second segments stored, the last ending a second ago. */
let live: string;
const STORED_SECONDS = 59;

/**
 * The game as the ingest leaves it: live since `startedAtMs`, with `seconds` one-second segments stored
 * from then (the tags read only their times, never their files).
 */
async function recordGame(key: string, startedAtMs: number, seconds: number) {
  await setStatus(t, key, 'live', startedAtMs);
  const id = await eventId(t, key);
  await t.sql(
    `INSERT INTO live_segments (event_id, seq, storage_key, started_at_ms, duration_sec, byte_size)
     SELECT $1::uuid, s, 'demo/live/' || $1::text || '/' || s || '.ts', $2::bigint + s * 1000, 1, 1 FROM generate_series(0, $3::int - 1) s`,
    [id, startedAtMs, seconds],
  );
}

beforeAll(async () => {
  t = await videosApp();
  team = await tagsTeam(t, 'lt');
  await setButtons(t, team.owner);
  live = (await createEvent(t, team.owner, { title: 'Lions vs Bears', public: true })).key;
  // Whole milliseconds, as the database keeps a start.
  await recordGame(live, Date.now() - (STORED_SECONDS + 1) * 1000, STORED_SECONDS);
});
afterAll(() => t?.close());

describe('POST /api/live/{key}/tags: a press during the game', () => {
  it('without `at` is at the live edge: the last stored second (now is always ahead of it); its lag may run past it', async () => {
    const tag = await press(t, team.ann, gameTags(live), { code: 'Goal' });
    expect(tag).toMatchObject({ code: 'Goal', start: STORED_SECONDS - 5, end: STORED_SECONDS + 5, by: 'ltann' });
    // Pressed again while it runs: the same instance (re-activated), never shortened.
    expect(await press(t, team.ann, gameTags(live), { code: 'Goal', labels: ['Left'] }, 200)).toMatchObject({ _id: tag._id, end: STORED_SECONDS + 5, labels: ['Left'] });
  });

  it('takes `at` in seconds of the game, within the game so far (400 naming at past it)', async () => {
    expect(await press(t, team.bob, gameTags(live), { code: 'Shot', at: 30 })).toMatchObject({ start: 28, end: 33 });
    expect(await press(t, team.bob, gameTags(live), { code: 'Shot', at: 1 })).toMatchObject({ start: 0, end: 4 });
    expectError(await call(t, 'POST', gameTags(live), team.bob.headers, { code: 'Shot', at: STORED_SECONDS + 0.5 }), 400, `body.at: The moment must be within the game so far (0 to ${STORED_SECONDS} s).`);
    expectError(await call(t, 'POST', gameTags(live), team.bob.headers, { code: 'Dunk' }), 400, /^body\.code: /);
  });

  it('is the team\'s: a fan who watches the public game, another team and the other tenant get 404', async () => {
    for (const who of [team.fan, team.rival, team.eagle]) {
      expectError(await call(t, 'POST', gameTags(live), who.headers, { code: 'Goal' }), 404, EVENT_NOT_FOUND);
      expectError(await call(t, 'GET', gameTags(live), who.headers), 404, EVENT_NOT_FOUND);
    }
    expect((await call(t, 'GET', `/api/live/${live}`, team.fan.headers)).statusCode).toBe(200);
    expectError(await call(t, 'GET', gameTags('nope'), team.ann.headers), 404, EVENT_NOT_FOUND);
  });

  it('lists the game\'s tags in start order, filtered like a video\'s', async () => {
    const items = await tagsOf(t, team.owner, gameTags(live));
    expect(items.map((tag) => [tag.code, tag.start])).toEqual([
      ['Shot', 0],
      ['Shot', 28],
      ['Goal', STORED_SECONDS - 5],
    ]);
    expect((await tagsOf(t, team.owner, `${gameTags(live)}?label=Left`)).map((tag) => tag.code)).toEqual(['Goal']);
  });

  it('changes like a video\'s tag, within the game (up to the longest lag past the live edge while it is live)', async () => {
    const [first] = await tagsOf(t, team.bob, gameTags(live));
    const res = await call(t, 'PUT', `/api/user/tags/${first!._id}`, team.bob.headers, { end: STORED_SECONDS + 10 });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await call(t, 'PUT', `/api/user/tags/${first!._id}`, team.bob.headers, { end: STORED_SECONDS + LEAD_LAG_MAX + 1 }), 400, /^body\.end: The end must be within the game so far/);
    expectError(await call(t, 'PUT', `/api/user/tags/${first!._id}`, team.ann.headers, { end: 20 }), 403, TAG_CHANGERS_ONLY);
    expectError(await call(t, 'PUT', `/api/user/tags/${first!._id}`, team.fan.headers, { end: 20 }), 404, TAG_NOT_FOUND);
  });

  it('records a tag update naming the game', async () => {
    const after = await lastUpdateId(t);
    const tag = await press(t, team.owner, gameTags(live), { code: 'Point', at: 10 });
    const [row] = await updatesAfter(t, after);
    expect(row).toMatchObject({ kind: 'tag', data: { _id: tag._id, video: null, event: live, change: 'new' } });
  });
});

describe('a game not live', () => {
  it('once ended takes `at` within its recording (400 naming at without one); nothing runs past its end', async () => {
    const key = (await createEvent(t, team.owner, { title: 'Lions vs Wolves' })).key;
    const startedAtMs = Date.now() - 100_000;
    await recordGame(key, startedAtMs, 20);
    await setStatus(t, key, 'ended', startedAtMs);
    expectError(await call(t, 'POST', gameTags(key), team.ann.headers, { code: 'Goal' }), 400, GAME_ENDED_AT);
    expect(await press(t, team.ann, gameTags(key), { code: 'Goal', at: 18 })).toMatchObject({ start: 13, end: 20 });
  });

  it('before any second is stored: 409', async () => {
    const key = (await createEvent(t, team.owner, { title: 'Lions vs Foxes' })).key;
    expectError(await call(t, 'POST', gameTags(key), team.ann.headers, { code: 'Goal' }), 409, GAME_NOT_STARTED);
    expect(await tagsOf(t, team.ann, gameTags(key))).toEqual([]);
  });
});
