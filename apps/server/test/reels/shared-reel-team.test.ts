import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athlete, call, coach, joinTeam, markCut, readyVideo, setSharing, videosApp, type Person, type TeamsApp } from '../clips/helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let loner: Person;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'teamreelcoach', 'Riverside Hawks');
  mate = await athlete(t, 'teamreelmate');
  loner = await athlete(t, 'teamreelloner');
  await joinTeam(t, 'teamreelcoach', 'teamreelmate');
});
afterAll(() => t?.close());

/** A reel of one 6 s clip at `at` s of a new video of `maker`'s, cut and shared by its maker. */
async function reelOf(maker: Person, title: string, at = 10) {
  const video = await readyVideo(t, maker.username, { title });
  const clip = await call(t, 'POST', `/api/user/videos/${video.key}/clips`, maker.headers, { timestamp: at, duration: 6 });
  expect(clip.statusCode, clip.body).toBe(201);
  const reel = await call(t, 'POST', `/api/user/reels/${video.key}`, maker.headers, { clips: [clip.json().clip_id] });
  expect(reel.statusCode, reel.body).toBe(201);
  await markCut(t, clip.json()._id);
  expect((await setSharing(t, maker, reel.json().reelId, true)).statusCode).toBe(200);
  return reel.json().reelId as string;
}

const shared = (id: string) => t.app.inject({ method: 'GET', url: `/api/reels/${id}` });

describe('GET /api/reels/{id}: the team a shared reel comes from', () => {
  it("names the coach's team (no logo yet) on the coach's reel and on a teammate's", async () => {
    for (const maker of [owner, mate]) {
      const res = await shared(await reelOf(maker, 'Final'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().team).toEqual({ name: 'Riverside Hawks', logo: null });
    }
  });

  it('has no team when the maker is in none, and never tells where the clips come from', async () => {
    const res = await shared(await reelOf(loner, 'Backyard'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('team');
    expect(res.json().chunks[0]).not.toHaveProperty('clipTitle');
    expect(res.json().chunks[0]).not.toHaveProperty('time');
  });
});

describe('GET /api/user/reels/{id}', () => {
  it("gives each chunk its source's title and its position there", async () => {
    const reelId = await reelOf(owner, 'Hawks vs Owls', 45);
    const res = await call(t, 'GET', `/api/user/reels/${reelId}`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().chunks[0]).toMatchObject({ clipTitle: 'Hawks vs Owls', time: '00:00:45' });
    expect(res.json()).not.toHaveProperty('team');
  });
});
