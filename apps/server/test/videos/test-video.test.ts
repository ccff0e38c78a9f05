import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '@app/media/probe';
import { video as videoSchema } from '@app/contracts/videos';
import { call, expectError, person, videosApp, type Person, type TeamsApp } from './helpers';

let t: TeamsApp;
let fan: Person;
let unregistered: Person;

beforeAll(async () => {
  t = await videosApp();
  fan = await person(t, 'tester', { type: 'fan' });
  unregistered = await person(t, 'unregisteredtester', { register: false });
});
afterAll(() => t?.close());

const testVideo = (who: Person | { headers: Record<string, string> }, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/testvideo', headers: { ...who.headers, ...extra } });

describe('POST /api/user/testvideo', () => {
  it('creates a real, playable clip with sound as a processing video of a user without a subscription', async () => {
    const res = await testVideo(fan);
    expect(res.statusCode, res.body).toBe(201);
    const body = videoSchema.parse(res.json());
    expect(body).toMatchObject({ title: 'Test video', isTest: true, status: 'processing', ownerUsername: 'tester', ownerId: fan.identityUserId });

    const [row] = await t.sql<{ source_key: string; job_id: string; source_content_type: string }>(
      `SELECT source_key, job_id, source_content_type FROM videos WHERE id = $1`,
      [body.key],
    );
    expect(row!.source_key).toBe(`demo/videos/${body.key}/source/test-video.mp4`);
    expect(row!.source_content_type).toBe('video/mp4');
    const file = await t.runtime.storage.localPath!(row!.source_key);
    const info = await probe(file!);
    expect(info.video).toMatchObject({ width: 1280, height: 720 });
    expect(info.audio).not.toBeNull();
    expect(info.durationSec).toBeGreaterThan(19);
    const jobs = await t.sql<{ id: string; state: string }>(`SELECT id, state FROM pgboss.job WHERE name = 'transcode-video' AND data->>'videoId' = $1`, [body.key]);
    expect(jobs).toEqual([{ id: row!.job_id, state: 'created' }]);

    const list = await call(t, 'GET', '/api/user/videos', fan.headers);
    expect(list.json().items.map((v: { key: string }) => v.key)).toEqual([body.key]);
  });

  it('accepts an empty body sent as JSON', async () => {
    const res = await testVideo(fan, { 'content-type': 'application/json' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('needs a signed-in user with a product record', async () => {
    expectError(await testVideo({ headers: {} }), 401);
    expectError(await testVideo(unregistered), 409, 'Finish registration first.');
  });

  it('holds the limit under a burst: of eight concurrent requests exactly five succeed', async () => {
    const burst = await person(t, 'bursttester', { type: 'fan' });
    const results = await Promise.all(Array.from({ length: 8 }, () => testVideo(burst)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    for (const refused of results.filter((r) => r.statusCode === 429)) {
      expect(refused.json().message).toBe('You can create 5 test videos an hour. Please try again later.');
    }
    const rows = await t.sql<{ id: string }>(`SELECT v.id FROM videos v JOIN users u ON u.id = v.owner_user_id WHERE u.username = 'bursttester'`);
    expect(rows).toHaveLength(5);
    // The refused ones left no source behind: one stored clip per test video.
    const sources: string[] = [];
    for await (const object of t.runtime.storage.list('demo/videos/')) if (object.key.endsWith('/source/test-video.mp4')) sources.push(object.key);
    const testVideos = await t.sql<{ id: string }>(`SELECT id FROM videos WHERE is_test`);
    expect(sources.sort()).toEqual(testVideos.map((v) => `demo/videos/${v.id}/source/test-video.mp4`).sort());
  });

  it('allows five test videos an hour per user', async () => {
    const made = Number(
      (await t.sql<{ n: string }>(`SELECT count(*) AS n FROM videos v JOIN users u ON u.id = v.owner_user_id WHERE is_test AND u.username = 'tester'`))[0]!.n,
    );
    for (let i = made; i < 5; i++) expect((await testVideo(fan)).statusCode).toBe(201);
    const refused = await testVideo(fan);
    expectError(refused, 429, 'You can create 5 test videos an hour. Please try again later.');
    expect(refused.json().code).toBe('RATE_LIMITED');
    // An hour later it is allowed again.
    await t.sql(`UPDATE videos SET created_at = created_at - interval '61 minutes' WHERE is_test`);
    expect((await testVideo(fan)).statusCode).toBe(201);
  });
});
