import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cachedTestClip } from '../../../../packages/media/test/helpers/fixture-cache';
import { videos } from '../../src/db/schema';
import { retirePreviews } from '../../src/modules/videos/transcode/preview-retirement';
import { transcodeStoredVideo } from '../../src/modules/videos/transcode/transcode.service';
import { createMediaUrls } from '../../src/storage/media-urls';
import { toVideo } from '../../src/modules/videos/video-view';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertVideo, jobContext, owner, videoRow } from './helpers';

let t: TestApp;
let ownerId: number;
let fixtures: string;
let file: string;

beforeAll(async () => {
  t = await createTestApp({ WORKERS: '0' });
  ownerId = await owner(t);
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'retire-fixtures-'));
  file = path.join(fixtures, 'clip.mp4');
  await cachedTestClip(file, { durationSec: 2, width: 640, height: 480 });
});
afterAll(async () => {
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

async function readyVideo(readySecondsAgo: number, contentType?: string) {
  const id = await insertVideo(t, ownerId, file, undefined, contentType);
  await transcodeStoredVideo(id, jobContext(t));
  await t.runtime.db.$client.query(`UPDATE videos SET ready_at = now() - make_interval(secs => $2) WHERE id = $1`, [id, readySecondsAgo]);
  const row = await videoRow(t, id);
  expect(row.status).toBe('ready');
  expect(row.renditions.preview).toBeDefined();
  return row;
}

describe('the fast first-play copy of a ready video', () => {
  it('is no longer listed once the video is ready', async () => {
    const row = await readyVideo(0);
    const [stored] = await t.runtime.db.select().from(videos).where(eq(videos.id, row.id));
    if (!stored) throw new Error(`video ${row.id} is gone`);
    const video = await toVideo(createMediaUrls(t.runtime.storage), { ...stored, highlightMakers: [], ownerUsername: 'coach', ownerName: null, ownerIdentityUserId: 1 });
    expect(Object.keys(video.sources).sort()).toEqual(['full', 'low']);
  });

  it('is deleted once every URL signed for it has expired, and only then', async () => {
    const old = await readyVideo(5 * 60 * 60);
    const recent = await readyVideo(60);

    expect(await retirePreviews(jobContext(t), 4 * 60 * 60)).toBe(1);

    const after = await videoRow(t, old.id);
    expect(after.renditions.preview).toBeUndefined();
    expect(after.renditions.full).toEqual(old.renditions.full);
    expect(await t.runtime.storage.head(old.renditions.preview!.key)).toBeNull();
    expect(await t.runtime.storage.head(old.renditions.full!.key)).not.toBeNull();
    expect(await t.runtime.storage.head(old.sourceKey)).not.toBeNull();

    expect((await videoRow(t, recent.id)).renditions.preview).toEqual(recent.renditions.preview);
    expect(await t.runtime.storage.head(recent.renditions.preview!.key)).not.toBeNull();
    expect(await retirePreviews(jobContext(t), 4 * 60 * 60)).toBe(0);
  });

  it('an MP4 original that plays as it is was the preview: the pointer goes, the original stays', async () => {
    const row = await readyVideo(5 * 60 * 60, 'video/mp4');
    expect(row.renditions.preview!.key).toBe(row.sourceKey);
    expect(await retirePreviews(jobContext(t), 4 * 60 * 60)).toBe(1);
    expect((await videoRow(t, row.id)).renditions.preview).toBeUndefined();
    expect(await t.runtime.storage.head(row.sourceKey)).not.toBeNull();
  });
});
