import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athlete, call, coach, insertVideo, joinTeam, videosApp, type Person, type TeamsApp } from './helpers';

// The library's reads are kept per viewer while the tenant's library version stands still
// (videos/library-cache.ts); database triggers move the version. These tests warm the cache, make
// each kind of change the way another node or the worker would (plain SQL or the API), and read again.
let t: TeamsApp;
let owner: Person;
let mate: Person;
let video: string;

const list = async (who: Person) => {
  const res = await call(t, 'GET', '/api/user/videos', who.headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json() as { items: { key: string; title: string | null; status: string; progress: number; ownerUsername: string; ownerName: string }[] };
};
const one = (who: Person, key = video) => call(t, 'GET', `/api/user/videos/${key}`, who.headers);
const version = async () => Number((await t.sql<{ version: string }>(`SELECT version FROM library_versions WHERE tenant_id = 'demo'`))[0]?.version ?? 0);
/** Writes without firing the triggers, as if the version had not moved: what a read then shows is the kept copy. */
const silently = (statement: string) => t.sql(`BEGIN; SET LOCAL session_replication_role = replica; ${statement}; COMMIT;`);

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'cacheowner', 'Cache Team');
  mate = await athlete(t, 'cachemate');
  await joinTeam(t, 'cacheowner', 'cachemate');
  video = await insertVideo(t, 'cacheowner', { title: 'First title', status: 'processing' });
});
afterAll(() => t?.close());

describe('the library cache', () => {
  it('answers a repeated read from the kept copy while the version stands still, and a fresh one once it moves', async () => {
    // The video is still processing: its uploader's alone until it is ready.
    expect((await list(owner)).items[0]!.title).toBe('First title');
    expect((await one(owner)).json().title).toBe('First title');
    await silently(`UPDATE videos SET title = 'Changed unseen' WHERE id = '${video}'`);
    expect((await list(owner)).items[0]!.title).toBe('First title');
    expect((await one(owner)).json().title).toBe('First title');
    await t.sql(`SELECT bump_library_version('demo')`);
    expect((await list(owner)).items[0]!.title).toBe('Changed unseen');
    expect((await one(owner)).json().title).toBe('Changed unseen');
  });

  it('shows the worker’s progress and status as soon as they are written, but a heartbeat alone keeps the copy', async () => {
    await list(owner);
    await t.sql(`UPDATE videos SET progress = 40 WHERE id = $1`, [video]);
    expect((await list(owner)).items[0]!.progress).toBe(40);
    const before = await version();
    await t.sql(`UPDATE videos SET heartbeat_at = now() WHERE id = $1`, [video]);
    expect(await version()).toBe(before);
    expect((await list(mate)).items).toEqual([]);
    await t.sql(`UPDATE videos SET status = 'ready', progress = 100 WHERE id = $1`, [video]);
    expect((await list(owner)).items[0]).toMatchObject({ status: 'ready', progress: 100 });
    expect((await one(owner)).json()).toMatchObject({ status: 'ready', progress: 100 });
    // Ready: the team sees it at once.
    expect((await list(mate)).items[0]).toMatchObject({ key: video, status: 'ready' });
  });

  it('shows a title changed through the API at once, to the owner and to teammates', async () => {
    await list(mate);
    const res = await call(t, 'PUT', `/api/user/videos/${video}`, owner.headers, { title: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(mate)).items[0]!.title).toBe('Renamed');
    expect((await one(owner)).json().title).toBe('Renamed');
  });

  it('shows new and deleted videos at once', async () => {
    await list(mate);
    const added = await insertVideo(t, 'cacheowner', { title: 'Second' });
    expect((await list(mate)).items.map((v) => v.key)).toEqual([added, video]);
    await one(mate, added);
    await t.sql(`DELETE FROM videos WHERE id = $1`, [added]);
    expect((await list(mate)).items.map((v) => v.key)).toEqual([video]);
    expect((await one(mate, added)).statusCode).toBe(404);
  });

  it('shows an owner’s new username at once', async () => {
    await list(mate);
    await t.sql(`UPDATE users SET username = 'cacheboss' WHERE username = 'cacheowner'`);
    expect((await list(mate)).items[0]!.ownerUsername).toBe('cacheboss');
    await t.sql(`UPDATE users SET username = 'cacheowner' WHERE username = 'cacheboss'`);
  });

  it('shows an owner’s new name at once', async () => {
    await list(mate);
    await t.sql(`UPDATE users SET name = 'Dana Kim' WHERE username = 'cacheowner'`);
    expect((await list(mate)).items[0]!.ownerName).toBe('Dana Kim');
    await t.sql(`UPDATE users SET name = NULL WHERE username = 'cacheowner'`);
    expect((await list(mate)).items[0]!.ownerName).toBe('cacheowner');
  });

  it('stops showing a team’s videos to a member as soon as the membership ends', async () => {
    expect((await list(mate)).items.map((v) => v.key)).toEqual([video]);
    expect((await one(mate)).statusCode).toBe(200);
    await t.sql(`DELETE FROM channel_members WHERE user_id = (SELECT id FROM users WHERE username = 'cachemate')`);
    expect((await list(mate)).items).toEqual([]);
    expect((await one(mate)).statusCode).toBe(404);
    await joinTeam(t, 'cacheowner', 'cachemate');
    expect((await list(mate)).items.map((v) => v.key)).toEqual([video]);
  });

  it('keeps a copy per viewer: one viewer’s kept page is never another’s', async () => {
    const stranger = await athlete(t, 'cachestranger');
    await list(mate);
    expect((await list(stranger)).items).toEqual([]);
    expect((await one(stranger)).statusCode).toBe(404);
  });
});
