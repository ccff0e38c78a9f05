import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheers } from '../../src/modules/live/live.module';
import { athlete, call, coach, expectError, joinTeam, person, readyVideo, videosApp, type Person, type TeamsApp } from '../clips/helpers';
import { createEvent, eventId } from './events-helpers';
import { OTHER_HOST } from '../teams/helpers';
import { cheerRows, insertLiveEvent } from './cheers-helpers';

const START_MS = Date.UTC(2026, 4, 17, 18, 0, 0);
// Twelve cheers a minute apart; scores not in time order. The two weakest (3.3, 4.25) drop out of a top 10.
const SCORES = [12.345, 3.3, 30.019, 8.5, 4.25, 21.2, 15.555, 9.1, 25.75, 6.666, 18.004, 11];

let t: TeamsApp;
let event: { id: string; key: string };
let reelId: string;

beforeAll(async () => {
  t = await videosApp();
  const owner = await coach(t, 'cheerowner', 'Cheerers');
  event = await insertLiveEvent(t, 'cheerowner', 'demo', { isPublic: true });
  const cheers = createCheers(t.runtime.db);
  for (const [i, score] of SCORES.entries()) expect(await cheers.record(event.id, START_MS + i * 60_000, score)).not.toBeNull();
  // The strongest cheer's clip has been cut: a real clip (and its reel) of a video stands in for the live clip.
  const video = await readyVideo(t, 'cheerowner');
  const clip = await call(t, 'POST', `/api/user/videos/${video.key}/clips`, owner.headers, { timestamp: 1, duration: 3 });
  expect(clip.statusCode, clip.body).toBe(201);
  reelId = clip.json().reel_id;
  const strongest = (await cheerRows(t, event.id)).find((row) => row.score === 30.019)!;
  expect(await cheers.attachCheerClip(strongest.id, clip.json()._id)).toBe(true);
});
afterAll(() => t?.close());

const at = (i: number) => START_MS + i * 60_000;

describe('GET /api/events/{key}/cheers', () => {
  it('answers without sign-in for a public event: the 10 strongest, in time order, scores to 2 decimals, the clip path once cut', async () => {
    const res = await call(t, 'GET', `/api/events/${event.key}/cheers?omega=1&top=10`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { timestamp: at(0), cheer: 12.35, path: '' },
      { timestamp: at(2), cheer: 30.02, path: `/team/clips/${reelId}` },
      { timestamp: at(3), cheer: 8.5, path: '' },
      { timestamp: at(5), cheer: 21.2, path: '' },
      { timestamp: at(6), cheer: 15.56, path: '' },
      { timestamp: at(7), cheer: 9.1, path: '' },
      { timestamp: at(8), cheer: 25.75, path: '' },
      { timestamp: at(9), cheer: 6.67, path: '' },
      { timestamp: at(10), cheer: 18, path: '' },
      { timestamp: at(11), cheer: 11, path: '' },
    ]);
  });

  it('takes `top` from 1 to 50 (default 10) and refuses anything else', async () => {
    const top3 = await call(t, 'GET', `/api/events/${event.key}/cheers?top=3`);
    expect(top3.json().map((c: { timestamp: number }) => c.timestamp)).toEqual([at(2), at(5), at(8)]);
    expect((await call(t, 'GET', `/api/events/${event.key}/cheers`)).json()).toHaveLength(10);
    expect((await call(t, 'GET', `/api/events/${event.key}/cheers?top=50`)).json()).toHaveLength(12);
    for (const bad of ['0', '51', 'x', '2.5']) expectError(await call(t, 'GET', `/api/events/${event.key}/cheers?top=${bad}`), 400);
  });

  it('answers the same to a signed-in viewer, and [] for an event without cheers', async () => {
    const fan = await person(t, 'cheerfan', { type: 'fan' });
    const signedIn = await call(t, 'GET', `/api/events/${event.key}/cheers?omega=1&top=10`, fan.headers);
    expect(signedIn.json()).toEqual((await call(t, 'GET', `/api/events/${event.key}/cheers?omega=1&top=10`)).json());
    const quiet = await insertLiveEvent(t, 'cheerowner', 'demo', { isPublic: true });
    const res = await call(t, 'GET', `/api/events/${quiet.key}/cheers?omega=1&top=10`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('is 404 for an unknown key and for another tenant`s event', async () => {
    expectError(await call(t, 'GET', '/api/events/AAAAAAAAAAAAAAAAAAAAAA/cheers?omega=1&top=10'), 404, 'Event not found.');
    expectError(await call(t, 'GET', `/api/events/${event.key}/cheers?omega=1&top=10`, { host: OTHER_HOST }), 404, 'Event not found.');
  });
});

describe("GET /api/events/{key}/cheers of a team-only event", () => {
  let owner: Person;
  let mate: Person;
  let fan: Person;
  let key: string;
  let highlightReel: string;

  beforeAll(async () => {
    owner = await coach(t, 'privcheers', 'Private Cheerers');
    mate = await athlete(t, 'privcheersmate');
    fan = await person(t, 'privcheersfan', { type: 'fan' });
    await joinTeam(t, 'privcheers', 'privcheersmate');
    key = (await createEvent(t, owner, { public: false })).key;
    const cheers = createCheers(t.runtime.db);
    const cheerId = (await cheers.record(await eventId(t, key), START_MS, 20))!;
    const video = await readyVideo(t, 'privcheers');
    const clip = await call(t, 'POST', `/api/user/videos/${video.key}/clips`, owner.headers, { timestamp: 1, duration: 3 });
    expect(clip.statusCode, clip.body).toBe(201);
    expect(await cheers.attachCheerClip(cheerId, clip.json()._id)).toBe(true);
    highlightReel = clip.json().reel_id;
  });

  const cheersOf = (headers: Record<string, string> = {}) => call(t, 'GET', `/api/events/${key}/cheers?omega=1&top=10`, headers);

  it('answers its team (owner and members) only', async () => {
    for (const who of [owner, mate]) {
      const res = await cheersOf(who.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([{ timestamp: START_MS, cheer: 20, path: `/team/clips/${highlightReel}` }]);
    }
  });

  it('is 404, like an unknown key, without a token and to anyone outside the team', async () => {
    const unknown = await call(t, 'GET', '/api/events/AAAAAAAAAAAAAAAAAAAAAA/cheers?omega=1&top=10');
    for (const res of [await cheersOf(), await cheersOf(fan.headers)]) {
      expectError(res, 404, 'Event not found.');
      expect(res.body).toBe(unknown.body);
    }
  });

  it("keeps the highlight's reel private: its share link is not public", async () => {
    expectError(await call(t, 'GET', `/api/reels/${highlightReel}`), 404, 'Reel not found.');
  });
});

describe('GET /api/events/{key}/cheers rate limit', () => {
  let limited: TeamsApp;
  beforeAll(async () => {
    limited = await videosApp({ AUTH_RATE_LIMIT: '1' });
    await coach(limited, 'limitowner', 'Limits');
  });
  afterAll(() => limited?.close());

  it('allows six times the sign-in budget a minute per client, known keys and guesses alike', async () => {
    const known = await insertLiveEvent(limited, 'limitowner', 'demo', { isPublic: true });
    for (let i = 0; i < 3; i++) expect((await call(limited, 'GET', `/api/events/${known.key}/cheers`)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expectError(await call(limited, 'GET', `/api/events/guess${i}/cheers`), 404, 'Event not found.');
    expectError(await call(limited, 'GET', `/api/events/${known.key}/cheers`), 429, /^Too many attempts\. Please wait /);
  });
});
