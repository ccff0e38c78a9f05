import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredObject } from '../../src/storage/storage';
import { athlete, call, coach, expectError, joinTeam, pathOf, person, uploadVideo, videosApp, type Person, type TeamsApp } from './helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let other: Person;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'deleter', 'Deleters');
  mate = await athlete(t, 'deletemate');
  other = await person(t, 'deleteother', { type: 'team', other: true });
  await joinTeam(t, 'deleter', 'deletemate');
});
afterAll(() => t?.close());

const remove = (who: Person, key: string) => call(t, 'DELETE', `/api/user/videos/${key}`, who.headers);

async function objectsUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.runtime.storage.list(prefix) as AsyncIterable<StoredObject>) keys.push(object.key);
  return keys;
}

/** An uploaded video as the transcoder leaves it half way: source, a rendition, poster and storyboard stored. */
async function uploadedWithOutputs(): Promise<string> {
  const { key } = await uploadVideo(t, owner, Buffer.alloc(2000, 1), 'Derby.mp4');
  const out = (file: string) => `demo/videos/${key}/renditions/attempt-1/${file}`;
  for (const file of ['full.mp4', 'preview.mp4', 'poster.jpg', 'storyboard.jpg']) {
    await t.runtime.storage.put(out(file), Buffer.from(file), { contentType: file.endsWith('.jpg') ? 'image/jpeg' : 'video/mp4' });
  }
  await t.sql(
    `UPDATE videos SET renditions = $2, poster_key = $3, storyboard = $4 WHERE id = $1`,
    [
      key,
      JSON.stringify({ full: { key: out('full.mp4'), width: 1280, height: 720, size: 8 }, preview: { key: out('preview.mp4'), width: 1280, height: 720, size: 11 } }),
      out('poster.jpg'),
      JSON.stringify({ key: out('storyboard.jpg'), intervalSec: 2, columns: 5, rows: 2, tileWidth: 160, tileHeight: 90, count: 10 }),
    ],
  );
  return key;
}

describe('DELETE /api/user/videos/{key}', () => {
  it('the owner deletes a video: rows, objects, transcode job and media URLs all go', async () => {
    const key = await uploadedWithOutputs();
    await call(t, 'POST', `/api/user/videos/${key}/messages`, owner.headers, { message: 'Nice game' });
    const before = (await call(t, 'GET', `/api/user/videos/${key}`, owner.headers)).json();
    expect((await t.app.inject({ method: 'GET', url: pathOf(before.sources.full.url) })).statusCode).toBe(200);
    expect(await objectsUnder(`demo/videos/${key}/`)).toHaveLength(5);

    const res = await remove(owner, key);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    expectError(await call(t, 'GET', `/api/user/videos/${key}`, owner.headers), 404, 'Video not found.');
    const list = await call(t, 'GET', '/api/user/videos', owner.headers);
    expect(list.json().items.map((v: { key: string }) => v.key)).not.toContain(key);
    expect(await t.sql(`SELECT id FROM videos WHERE id = $1`, [key])).toHaveLength(0);
    expect(await t.sql(`SELECT key FROM uploads WHERE key = $1`, [key])).toHaveLength(0);
    expect(await t.sql(`SELECT id FROM video_messages WHERE video_id = $1`, [key])).toHaveLength(0);
    expect(await t.sql(`SELECT state FROM pgboss.job WHERE name = 'transcode-video' AND data->>'videoId' = $1`, [key])).toEqual([{ state: 'cancelled' }]);
    expect(await objectsUnder(`demo/videos/${key}/`)).toEqual([]);
    expect(await objectsUnder(`demo/uploads/${key}/`)).toEqual([]);
    for (const url of [before.sources.full.url, before.sources.preview.url, before.poster, before.storyboard.url]) {
      expectError(await t.app.inject({ method: 'GET', url: pathOf(url) }), 404, 'File not found.');
    }
    // Gone for the owner too: a second delete is a 404.
    expectError(await remove(owner, key), 404, 'Video not found.');
  });

  it('answers everyone but the owner with the 404 of an unknown key, and deletes nothing', async () => {
    const key = await uploadedWithOutputs();
    const unknown = await remove(owner, '4b7c8a36-1d3c-4a59-9c55-000000000000');
    expectError(unknown, 404, 'Video not found.');
    for (const who of [mate, other]) {
      const res = await remove(who, key);
      expectError(res, 404, 'Video not found.');
      expect(res.json()).toEqual(unknown.json());
    }
    expectError(await remove(owner, 'not-a-key'), 404, 'Video not found.');
    expectError(await call(t, 'DELETE', `/api/user/videos/${key}`), 401);
    expect(await t.sql(`SELECT id FROM videos WHERE id = $1`, [key])).toHaveLength(1);
    expect(await objectsUnder(`demo/videos/${key}/`)).toHaveLength(5);
  });
});
