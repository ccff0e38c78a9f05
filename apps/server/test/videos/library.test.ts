import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEDIA_URL_SECONDS } from '../../src/storage/media-urls';
import { video as videoSchema, videoList } from '@app/contracts/videos';
import { athlete, call, coach, expectError, insertVideo, joinTeam, pathOf, person, videosApp, type Person, type TeamsApp } from './helpers';

let t: TeamsApp;
let coachA: Person; // owns team A
let mate: Person; // athlete in team A
let stranger: Person; // athlete in no team with them
let fan: Person; // fan in team A
let unregistered: Person; // identity account without a product record
let other: Person; // another tenant
let coachVideo: string;
let mateVideo: string;
let strangerVideo: string;

beforeAll(async () => {
  t = await videosApp();
  coachA = await coach(t, 'coacha', 'Team A');
  mate = await athlete(t, 'mate');
  stranger = await athlete(t, 'stranger');
  fan = await person(t, 'fanny', { type: 'fan' });
  unregistered = await person(t, 'ghost', { register: false });
  other = await person(t, 'eagle', { type: 'team', other: true });
  await joinTeam(t, 'coacha', 'mate');
  await joinTeam(t, 'coacha', 'fanny');
  coachVideo = await insertVideo(t, 'coacha', { title: 'Coach game', createdAt: '2026-01-01T10:00:00.000Z' });
  mateVideo = await insertVideo(t, 'mate', { title: null, createdAt: '2026-01-02T10:00:00.000Z' });
  strangerVideo = await insertVideo(t, 'stranger', { title: 'Private', createdAt: '2026-01-03T10:00:00.000Z' });
});
afterAll(() => t?.close());

const keysOf = (body: { items: { key: string }[] }) => body.items.map((v) => v.key);

describe('GET /api/user/videos', () => {
  it('lists own and teammates’ videos, newest first, never anyone else’s', async () => {
    for (const viewer of [coachA, mate, fan]) {
      const res = await call(t, 'GET', '/api/user/videos', viewer.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(videoList.parse(res.json()));
      expect(keysOf(res.json())).toEqual([mateVideo, coachVideo]);
    }
    const own = await call(t, 'GET', '/api/user/videos', stranger.headers);
    expect(keysOf(own.json())).toEqual([strangerVideo]);
  });

  it('shows the video JSON (title null means the default, owner id is the identity user id)', async () => {
    const res = await call(t, 'GET', `/api/user/videos/${mateVideo}`, coachA.headers);
    expect(res.statusCode).toBe(200);
    const body = videoSchema.parse(res.json());
    expect(body).toMatchObject({
      key: mateVideo,
      _id: mateVideo,
      title: null,
      dateTime: '2026-01-02T10:00:00.000Z',
      ownerId: mate.identityUserId,
      ownerUsername: 'mate',
      status: 'ready',
      highlights: [],
      isTest: false,
      failureReason: null,
    });
  });

  it('answers 401 without a token, an empty list without a product record, and stays inside the tenant', async () => {
    expectError(await call(t, 'GET', '/api/user/videos'), 401);
    expect((await call(t, 'GET', '/api/user/videos', unregistered.headers)).json()).toEqual({ items: [], next: null });
    const otherVideo = await insertVideo(t, 'eagle', { title: 'Eagles', tenantId: 'eagles' });
    expect(keysOf((await call(t, 'GET', '/api/user/videos', other.headers)).json())).toEqual([otherVideo]);
    expectError(await call(t, 'GET', `/api/user/videos/${otherVideo}`, coachA.headers), 404, 'Video not found.');
    expectError(await call(t, 'GET', `/api/user/videos/${coachVideo}`, other.headers), 404, 'Video not found.');
    // A demo token on the eagles host is not accepted at all.
    expectError(await call(t, 'GET', '/api/user/videos', { ...coachA.headers, host: 'eagles.test' }), 401);
  });

  it('pages with ?limit and ?timestamp (the last item’s dateTime), with no gaps or repeats at equal times', async () => {
    const pager = await athlete(t, 'pager');
    const times = ['2026-02-01T00:00:05.000Z', '2026-02-01T00:00:04.000Z', '2026-02-01T00:00:04.000Z', '2026-02-01T00:00:03.000Z', '2026-02-01T00:00:02.000Z'];
    for (const createdAt of times) await insertVideo(t, 'pager', { createdAt });
    // Two more inside one millisecond but microseconds apart, as now() writes them.
    await t.sql(
      `INSERT INTO videos (tenant_id, owner_user_id, source_key, created_at)
       SELECT 'demo', id, 'k', ts FROM users, unnest(ARRAY['2026-02-01T00:00:01.000100Z', '2026-02-01T00:00:01.000200Z']::timestamptz[]) ts WHERE username = 'pager'`,
    );
    const seen: string[] = [];
    const dateTimes: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/user/videos?limit=2${cursor ? `&timestamp=${encodeURIComponent(cursor)}` : ''}`;
      const res = await call(t, 'GET', url, pager.headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = videoList.parse(res.json());
      seen.push(...body.items.map((v) => v.key));
      dateTimes.push(...body.items.map((v) => v.dateTime));
      if (body.next) expect(body.next).toBe(body.items.at(-1)!.dateTime);
      cursor = body.next;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect([...dateTimes].sort().reverse()).toEqual(dateTimes);
  });

  it('answers ?keys=a,b with the visible ones among them', async () => {
    const res = await call(t, 'GET', `/api/user/videos?keys=${coachVideo},${strangerVideo},${mateVideo}`, mate.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next: null });
    expect(keysOf(res.json())).toEqual([mateVideo, coachVideo]);
    expectError(await call(t, 'GET', '/api/user/videos?keys=nope', mate.headers), 400);
    expectError(await call(t, 'GET', '/api/user/videos?limit=0', mate.headers), 400);
    expectError(await call(t, 'GET', '/api/user/videos?timestamp=yesterday', mate.headers), 400);
  });

  it('answers 404 for another user’s video and for keys that are not keys', async () => {
    expectError(await call(t, 'GET', `/api/user/videos/${strangerVideo}`, coachA.headers), 404, 'Video not found.');
    expectError(await call(t, 'GET', `/api/user/videos/${coachVideo}`, stranger.headers), 404, 'Video not found.');
    expectError(await call(t, 'GET', '/api/user/videos/not-a-key', coachA.headers), 404, 'Video not found.');
    expectError(await call(t, 'GET', `/api/user/videos/${coachVideo}`), 401);
  });

  it('shows its uploader why a failed video failed', async () => {
    const failed = await insertVideo(t, 'coacha', { status: 'failed', failureReason: 'The file is damaged or incomplete.' });
    const res = await call(t, 'GET', `/api/user/videos/${failed}`, coachA.headers);
    expect(res.json()).toMatchObject({ status: 'failed', failureReason: 'The file is damaged or incomplete.' });
  });

  it('keeps failed and processing videos to their uploader: the team sees a video once it is ready', async () => {
    const failed = await insertVideo(t, 'coacha', { title: 'random', status: 'failed', failureReason: 'This file is not a video we can play' });
    const processing = await insertVideo(t, 'coacha', { title: 'Still coming', status: 'processing' });
    const listed = async (who: Person) => keysOf((await call(t, 'GET', '/api/user/videos?limit=50', who.headers)).json());
    expect(await listed(coachA)).toEqual(expect.arrayContaining([failed, processing]));
    expect(await listed(mate)).not.toContain(failed);
    expect(await listed(mate)).not.toContain(processing);
    const keys = `keys=${failed},${processing},${coachVideo}`;
    expect(keysOf((await call(t, 'GET', `/api/user/videos?${keys}`, mate.headers)).json())).toEqual([coachVideo]);
    for (const key of [failed, processing]) {
      expectError(await call(t, 'GET', `/api/user/videos/${key}`, mate.headers), 404, 'Video not found.');
      expectError(await call(t, 'GET', `/api/user/videos/${key}/messages`, mate.headers), 404, 'Video not found.');
      expect((await call(t, 'GET', `/api/user/videos/${key}`, coachA.headers)).statusCode).toBe(200);
    }
    // Once ready, the team sees it.
    await t.sql(`UPDATE videos SET status = 'ready' WHERE id = $1`, [processing]);
    expect((await call(t, 'GET', `/api/user/videos/${processing}`, mate.headers)).statusCode).toBe(200);
    expect(await listed(mate)).toContain(processing);
    await t.sql(`DELETE FROM videos WHERE id IN ($1, $2)`, [failed, processing]);
  });

  it('signs the media URLs of a ready video', async () => {
    const id = await insertVideo(t, 'coacha', { title: 'Ready' });
    await t.sql(
      `UPDATE videos SET renditions = $2, poster_key = 'demo/videos/p/poster.jpg',
       storyboard = '{"key":"demo/videos/p/sb.jpg","intervalSec":2,"columns":5,"rows":2,"tileWidth":160,"tileHeight":90,"count":10}' WHERE id = $1`,
      [id, JSON.stringify({ low: { key: 'demo/videos/p/low.mp4', width: 640, height: 360, size: 10 } })],
    );
    const body = (await call(t, 'GET', `/api/user/videos/${id}`, coachA.headers)).json();
    expect(body.sources.low).toMatchObject({ width: 640, height: 360 });
    expect(body.sources.low.url).toMatch(/^https:\/\/teams\.example\.com\/storage\/demo\/videos\/p\/low\.mp4\?.*X-Signature=/i);
    expect(body.sources.full).toBeUndefined();
    expect(body.poster).toMatch(/poster\.jpg\?/);
    expect(body.storyboard).toMatchObject({ intervalSec: 2, columns: 5, rows: 2, count: 10 });
    expect(body.storyboard.url).toMatch(/sb\.jpg\?/);
  });

  it('media URLs stop working within MEDIA_URL_SECONDS, so a removed member loses access within minutes', async () => {
    const id = await insertVideo(t, 'coacha', { title: 'Expiring' });
    const key = `demo/videos/${id}/full.mp4`;
    await t.runtime.storage.put(key, Buffer.from('0123456789'), { contentType: 'video/mp4' });
    await t.sql(`UPDATE videos SET renditions = $2 WHERE id = $1`, [id, JSON.stringify({ full: { key, width: 1280, height: 720, size: 10 } })]);
    const body = videoSchema.parse((await call(t, 'GET', `/api/user/videos/${id}`, mate.headers)).json());
    const expiresAt = Date.parse(body.mediaExpiresAt);
    expect(expiresAt).toBeGreaterThan(Date.now() + MEDIA_URL_SECONDS * 1000 - 61_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + MEDIA_URL_SECONDS * 1000);
    const fetchFull = () => t.app.inject({ method: 'GET', url: pathOf(body.sources.full!.url), headers: { range: 'bytes=0-3' } });
    expect((await fetchFull()).statusCode).toBe(206);

    await t.sql(`DELETE FROM channel_members WHERE user_id = (SELECT id FROM users WHERE username = 'mate')`);
    expectError(await call(t, 'GET', `/api/user/videos/${id}`, mate.headers), 404, 'Video not found.');
    // The clock moves to the announced expiry and one second past it; nothing sleeps.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(expiresAt);
      expect((await fetchFull()).statusCode).toBe(206);
      vi.setSystemTime(expiresAt + 1000);
      expectError(await fetchFull(), 403, 'This link expired. Ask for a new link.');
    } finally {
      vi.useRealTimers();
      await joinTeam(t, 'coacha', 'mate');
    }
  });
});

describe('PUT /api/user/videos/{key}', () => {
  it('the owner changes title and highlights; the whole video may be sent, nothing else changes', async () => {
    const current = (await call(t, 'GET', `/api/user/videos/${coachVideo}`, coachA.headers)).json();
    const highlights = [{ intro: 7, highlight: 10, outro: 15 }];
    const res = await call(t, 'PUT', `/api/user/videos/${coachVideo}`, coachA.headers, {
      ...current,
      title: '  Final vs Eagles ',
      highlights,
      status: 'failed',
      ownerId: 999,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Final vs Eagles', highlights, status: 'ready', ownerId: coachA.identityUserId });
    // Only title: highlights stay.
    const titled = await call(t, 'PUT', `/api/user/videos/${coachVideo}`, coachA.headers, { title: '' });
    expect(titled.json()).toMatchObject({ title: null, highlights });
  });

  it('refuses teammates (403), strangers and other tenants (404), and bad bodies (400)', async () => {
    expectError(await call(t, 'PUT', `/api/user/videos/${coachVideo}`, mate.headers, { title: 'Mine' }), 403, 'Only the owner can change this video.');
    expectError(await call(t, 'PUT', `/api/user/videos/${coachVideo}`, stranger.headers, { title: 'Mine' }), 404, 'Video not found.');
    expectError(await call(t, 'PUT', `/api/user/videos/${coachVideo}`, other.headers, { title: 'Mine' }), 404, 'Video not found.');
    expectError(await call(t, 'PUT', `/api/user/videos/${coachVideo}`, {}, { title: 'Mine' }), 401);
    expectError(await call(t, 'PUT', `/api/user/videos/${coachVideo}`, coachA.headers, { title: 5 }), 400);
    expectError(
      await call(t, 'PUT', `/api/user/videos/${coachVideo}`, coachA.headers, { title: 'x'.repeat(201) }),
      400,
      'body.title: A video title has at most 200 characters',
    );
    expectError(await call(t, 'PUT', `/api/user/videos/${coachVideo}`, coachA.headers, { highlights: [{ intro: 9, highlight: 3, outro: 5 }] }), 400);
    expectError(await call(t, 'PUT', `/api/user/videos/${coachVideo}`, coachA.headers, { highlights: [{ intro: -1, highlight: 3, outro: 5 }] }), 400);
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `/api/user/videos/${coachVideo}`,
      headers: { ...coachA.headers, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expectError(malformed, 400);
    expect(malformed.json().code).toBe('INVALID_JSON');
    const title = (await call(t, 'GET', `/api/user/videos/${coachVideo}`, coachA.headers)).json().title;
    expect(title).toBeNull();
  });
});

describe('video comments', () => {
  it('members who see the video post and read comments, newest first, with the publisher’s username', async () => {
    const first = await call(t, 'POST', `/api/user/videos/${coachVideo}/messages`, mate.headers, { message: 'Great pass at 0:10' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ content: 'Great pass at 0:10', publisher: 'mate' });
    const second = await call(t, 'POST', `/api/user/videos/${coachVideo}/messages`, coachA.headers, { message: '  Thanks!  ' });
    expect(second.json()).toMatchObject({ content: 'Thanks!', publisher: 'coacha' });
    const list = await call(t, 'GET', `/api/user/videos/${coachVideo}/messages`, fan.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { content: string; publisher: string }) => [m.publisher, m.content])).toEqual([
      ['coacha', 'Thanks!'],
      ['mate', 'Great pass at 0:10'],
    ]);
    expect(list.json()[0]).toEqual({ _id: expect.any(String), content: 'Thanks!', publisher: 'coacha', timestamp: expect.any(String) });
  });

  it('refuses empty, too long and missing comments, and anyone who cannot see the video', async () => {
    const url = `/api/user/videos/${coachVideo}/messages`;
    expectError(await call(t, 'POST', url, mate.headers, { message: '   ' }), 400);
    expectError(await call(t, 'POST', url, mate.headers, { message: 'x'.repeat(2001) }), 400);
    expect((await call(t, 'POST', url, mate.headers, { message: 'x'.repeat(2000) })).statusCode).toBe(201);
    expectError(await call(t, 'POST', url, mate.headers, {}), 400);
    expectError(await call(t, 'POST', url, mate.headers, { message: 42 }), 400);
    expectError(await call(t, 'POST', url, stranger.headers, { message: 'hi' }), 404, 'Video not found.');
    expectError(await call(t, 'GET', url, stranger.headers), 404, 'Video not found.');
    expectError(await call(t, 'GET', url, other.headers), 404, 'Video not found.');
    expectError(await call(t, 'POST', url, unregistered.headers, { message: 'hi' }), 404, 'Video not found.');
    expectError(await call(t, 'GET', url), 401);
  });
});
