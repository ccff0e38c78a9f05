import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIGHLIGHT_MARKERS_ONLY, HIGHLIGHT_NOT_FOUND, HIGHLIGHT_REMOVERS_ONLY, video as videoSchema, type Video } from '@app/contracts/videos';
import { athlete, call, coach, expectError, insertVideo, joinTeam, person, videosApp, type Person, type TeamsApp } from './helpers';

let t: TeamsApp;
let owner: Person; // coach who owns the video, named Dana Kim
let mate: Person; // athlete in the team
let other: Person; // another athlete in the team
let fan: Person; // a fan in the team, with a fan subscription
let stranger: Person; // an athlete in no team with them
let key: string;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'coachkim', 'Hawks', { firstname: 'Dana', lastname: 'Kim' });
  mate = await athlete(t, 'alexr', { firstname: 'Alex', lastname: 'Rivera' });
  other = await athlete(t, 'sam');
  fan = await person(t, 'fanny', { type: 'fan' });
  stranger = await athlete(t, 'stranger');
  const subscribed = await call(t, 'POST', '/api/billing/local/subscribe', fan.headers, { type: 'fan' });
  expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
  for (const member of ['alexr', 'sam', 'fanny']) await joinTeam(t, 'coachkim', member);
  key = await insertVideo(t, 'coachkim', { title: 'Final' });
});
afterAll(() => t?.close());

async function mark(who: Person, at: number) {
  return call(t, 'POST', `/api/user/videos/${key}/highlights`, who.headers, { at });
}
const highlightsSeenBy = async (who: Person): Promise<Video['highlights']> => videoSchema.parse((await call(t, 'GET', `/api/user/videos/${key}`, who.headers)).json()).highlights;

describe('highlights of a team video', () => {
  it('a teammate marks one; everyone in the team sees it with its maker', async () => {
    const res = await mark(mate, 20);
    expect(res.statusCode, res.body).toBe(201);
    expect(videoSchema.parse(res.json()).highlights).toEqual([
      { id: expect.any(String), intro: 17, highlight: 20, outro: 25, makerId: mate.identityUserId, makerName: 'Alex Rivera' },
    ]);
    for (const viewer of [owner, other, fan]) {
      expect(await highlightsSeenBy(viewer)).toMatchObject([{ highlight: 20, makerName: 'Alex Rivera' }]);
    }
    // The owner's own mark is theirs; a moment marked already stays one highlight.
    expect((await mark(owner, 5)).statusCode).toBe(201);
    expect((await mark(other, 20.2)).statusCode).toBe(201);
    expect((await highlightsSeenBy(owner)).map((h) => [h.highlight, h.makerName])).toEqual([
      [5, 'Dana Kim'],
      [20, 'Alex Rivera'],
    ]);
  });

  it('a fan in the team and anyone outside it cannot mark, with a clear message', async () => {
    expectError(await mark(fan, 30), 403, HIGHLIGHT_MARKERS_ONLY);
    expectError(await mark(stranger, 30), 404, 'Video not found.');
    expectError(await call(t, 'POST', `/api/user/videos/${key}/highlights`, {}, { at: 30 }), 401);
    expectError(await call(t, 'POST', `/api/user/videos/${key}/highlights`, mate.headers, { at: -1 }), 400, /^body\.at: /);
    expectError(await call(t, 'POST', `/api/user/videos/${key}/highlights`, mate.headers, {}), 400, /^body\.at: /);
    expect(await highlightsSeenBy(owner)).toHaveLength(2);
  });

  it('its maker and the video owner remove one; other teammates get 403', async () => {
    await mark(other, 40);
    const [, mates, others] = await highlightsSeenBy(owner);
    expectError(await call(t, 'DELETE', `/api/user/videos/${key}/highlights/${mates!.id}`, other.headers), 403, HIGHLIGHT_REMOVERS_ONLY);
    expectError(await call(t, 'DELETE', `/api/user/videos/${key}/highlights/${mates!.id}`, fan.headers), 403, HIGHLIGHT_REMOVERS_ONLY);
    expectError(await call(t, 'DELETE', `/api/user/videos/${key}/highlights/${mates!.id}`, stranger.headers), 404, 'Video not found.');

    const removed = await call(t, 'DELETE', `/api/user/videos/${key}/highlights/${mates!.id}`, mate.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(videoSchema.parse(removed.json()).highlights.map((h) => h.highlight)).toEqual([5, 40]);
    expectError(await call(t, 'DELETE', `/api/user/videos/${key}/highlights/${mates!.id}`, mate.headers), 404, HIGHLIGHT_NOT_FOUND);

    expect((await call(t, 'DELETE', `/api/user/videos/${key}/highlights/${others!.id}`, owner.headers)).statusCode).toBe(200);
    expect((await highlightsSeenBy(mate)).map((h) => h.highlight)).toEqual([5]);
  });

  it('the owner’s PUT of the whole list keeps who marked what', async () => {
    await mark(mate, 50);
    const kept = await highlightsSeenBy(owner);
    const res = await call(t, 'PUT', `/api/user/videos/${key}`, owner.headers, { highlights: [...kept.map(({ intro, highlight, outro }) => ({ intro, highlight, outro })), { intro: 57, highlight: 60, outro: 65 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(videoSchema.parse(res.json()).highlights.map((h) => [h.highlight, h.makerName])).toEqual([
      [5, 'Dana Kim'],
      [50, 'Alex Rivera'],
      [60, 'Dana Kim'],
    ]);
    // Still the maker's to remove.
    const mates = (await highlightsSeenBy(mate)).find((h) => h.highlight === 50)!;
    expect((await call(t, 'DELETE', `/api/user/videos/${key}/highlights/${mates.id}`, mate.headers)).statusCode).toBe(200);
  });

  it('a highlight marked before makers were kept is the owner’s', async () => {
    await t.sql(`UPDATE videos SET highlights = highlights || '[{"intro": 67, "highlight": 70, "outro": 75}]'::jsonb WHERE id = $1`, [key]);
    const legacy = (await highlightsSeenBy(mate)).find((h) => h.highlight === 70)!;
    expect(legacy).toMatchObject({ makerId: owner.identityUserId, makerName: 'Dana Kim' });
    expectError(await call(t, 'DELETE', `/api/user/videos/${key}/highlights/${legacy.id}`, mate.headers), 403, HIGHLIGHT_REMOVERS_ONLY);
    expect((await call(t, 'DELETE', `/api/user/videos/${key}/highlights/${legacy.id}`, owner.headers)).statusCode).toBe(200);
  });
});
