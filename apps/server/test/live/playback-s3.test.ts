import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rverStorage, type S3rverStorage } from '../helpers/storage-s3rver';
import { coach, userId, videosApp, type TeamsApp } from '../videos/helpers';
import { addSegment, insertEvent, liveSegmentFiles, playbackToken, segmentPaths } from './playback-helpers';

let s3: S3rverStorage;
let t: TeamsApp;
let dir: string;
let files: string[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'live-playback-s3-'));
  s3 = await startS3rverStorage();
  [t, files] = await Promise.all([
    videosApp({ STORAGE_DRIVER: 's3', S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }),
    liveSegmentFiles(dir, 2),
  ]);
  await coach(t, 's3livecoach', 'Buckets');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('live segments with the s3 driver', () => {
  it('redirect to a short presigned GET of the stored segment', async () => {
    const owner = await userId(t, 's3livecoach');
    const event = await insertEvent(t, owner, 'live');
    await addSegment(t, event, 0, files[0]!);
    await addSegment(t, event, 1, files[1]!);
    const token = encodeURIComponent(await playbackToken(t, event.id, owner));

    const playlist = await t.app.inject({ method: 'GET', url: `/api/live/${event.key}/index.m3u8?token=${token}` });
    expect(playlist.statusCode, playlist.body).toBe(200);
    const url = segmentPaths(event.key, playlist.body).get(1);
    expect(url).toBeDefined();

    const res = await t.app.inject({ method: 'GET', url: url! });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toBe(`/${s3.bucket}/demo/live/${event.id}/1.ts`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(Buffer.from(await object.arrayBuffer()).equals(await readFile(files[1]!))).toBe(true);
  });
});
