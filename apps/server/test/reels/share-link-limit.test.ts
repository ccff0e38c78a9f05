import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, coach, expectError, markCut, readyVideo, setSharing, videosApp, type TeamsApp } from '../clips/helpers';

let t: TeamsApp;
let reelId: string;

beforeAll(async () => {
  t = await videosApp({ AUTH_RATE_LIMIT: '3' });
  const owner = await coach(t, 'limitcoach', 'Limiters');
  const video = await readyVideo(t, 'limitcoach');
  const res = await call(t, 'POST', `/api/user/videos/${video.key}/clips`, owner.headers, { timestamp: 1, duration: 3 });
  expect(res.statusCode, res.body).toBe(201);
  reelId = res.json().reel_id;
  await markCut(t, res.json()._id);
  expect((await setSharing(t, owner, reelId, true)).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('GET /api/reels/{id}', () => {
  it('is rate-limited per client like the other public token routes, known ids and guesses alike', async () => {
    expect((await call(t, 'GET', `/api/reels/${reelId}`)).statusCode).toBe(200);
    expectError(await call(t, 'GET', '/api/reels/AAAAAAAAAAAAAAAAAAAAAAAA'), 404, 'Reel not found.');
    expectError(await call(t, 'GET', '/api/reels/BBBBBBBBBBBBBBBBBBBBBBBB'), 404, 'Reel not found.');
    expectError(await call(t, 'GET', `/api/reels/${reelId}`), 429, /^Too many attempts\. Please wait /);
  });
});
