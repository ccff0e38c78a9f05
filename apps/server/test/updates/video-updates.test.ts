import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestClip } from '@app/media/test-clip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coach, person, teamsApp, type Person, type TeamsApp } from '../teams/helpers';
import { joinTeam, uploadVideo, userId } from '../videos/helpers';
import { listen, openUpdates, write, type StreamEvent, type UpdatesStream } from './updates-helpers';

// Job workers run in this process: uploads are transcoded for real.
let t: TeamsApp;
let base: string;
let owner: Person;
let mate: Person;
let clip: Buffer;

beforeAll(async () => {
  t = await teamsApp();
  base = await listen(t.app);
  owner = await coach(t, 'vidowner', 'Reels FC');
  mate = await person(t, 'vidmate');
  await joinTeam(t, 'vidowner', 'vidmate');
  const file = path.join(t.config.dataDir, 'clip.mp4');
  await createTestClip(file, { durationSec: 1, width: 320, height: 240, fps: 25, audio: false });
  clip = await readFile(file);
});
afterAll(() => t?.close());

/** The stream of `who`, once it is live (its first frame, the position, has come). */
async function live(who: Person): Promise<UpdatesStream> {
  const stream = await openUpdates(base, who.headers);
  expect(stream.status).toBe(200);
  expect((await stream.next())?.event).toBeNull();
  return stream;
}

/** The data of the next `video` event (a ready video also brings its activity item). */
async function nextVideo(stream: UpdatesStream): Promise<unknown> {
  for (;;) {
    const frame = await stream.nextEvent();
    if (frame === null || frame.event === 'video') return frame?.data;
  }
}

/** The statuses of `key`'s `video` events, up to the first that is not `processing`. */
async function statusesUntilSettled(stream: UpdatesStream, key: string): Promise<string[]> {
  const statuses: string[] = [];
  for (;;) {
    const data = (await nextVideo(stream)) as { _id: string; status: string } | undefined;
    if (!data) return statuses;
    expect(data._id).toBe(key);
    statuses.push(data.status);
    if (data.status !== 'processing') return statuses;
  }
}

describe('video updates', () => {
  it("tell the owner's open pages each change of processing state and progress, and no one else", async () => {
    const [owner$, mate$] = await Promise.all([live(owner), live(mate)]);
    try {
      const { key } = await uploadVideo(t, owner, clip, 'game.mp4');
      // Processing at the upload's completion, again with each whole percent of the transcode, then ready.
      const statuses = await statusesUntilSettled(owner$, key);
      expect(statuses.length).toBeGreaterThanOrEqual(3);
      expect(statuses.slice(0, -1).every((status) => status === 'processing')).toBe(true);
      expect(statuses.at(-1)).toBe('ready');
      const ready = await t.app.inject({ method: 'GET', url: `/api/user/videos/${key}`, headers: owner.headers });
      expect(ready.json()).toMatchObject({ key, status: 'ready' });

      const broken = await uploadVideo(t, owner, Buffer.from('these bytes are no video at all'), 'broken.mp4');
      const failing = await statusesUntilSettled(owner$, broken.key);
      expect(failing[0]).toBe('processing');
      expect(failing.at(-1)).toBe('failed');

      // The teammate heard the ready video's activity item, never a `video` update: up to one written to them now.
      const last = await write(t.runtime.db, { tenantId: 'demo', userId: await userId(t, 'vidmate') }, 'unread', { unread: 0 });
      const heard: StreamEvent[] = [];
      for (let frame = await mate$.nextEvent(); frame && frame.id !== String(last); frame = await mate$.nextEvent()) heard.push(frame);
      expect(heard.map((frame) => frame.event)).not.toContain('video');
      expect(heard.map((frame) => frame.event)).toContain('activity');
    } finally {
      owner$.close();
      mate$.close();
    }
  });
});
