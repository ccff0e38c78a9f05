import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  athlete,
  call,
  coach,
  expectError,
  joinTeam,
  objectsUnder,
  pathOf,
  person,
  readyVideo,
  videosApp,
  type Person,
  type ReadyVideo,
  type TeamsApp,
} from './helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let outsider: Person;
let eagle: Person;
let video: ReadyVideo;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'clipcoach', 'Clippers');
  mate = await athlete(t, 'clipmate');
  outsider = await athlete(t, 'clipoutsider');
  eagle = await person(t, 'clipeagle', { type: 'team', other: true });
  await joinTeam(t, 'clipcoach', 'clipmate');
  video = await readyVideo(t, 'clipcoach', { title: 'Derby', durationSec: 60 });
});
afterAll(() => t?.close());

const post = (who: Person | null, key: string, body: unknown) => call(t, 'POST', `/api/user/videos/${key}/clips`, who?.headers ?? {}, body);
const clipCount = async () => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM clips`))[0]!.n;

async function makeClip(who: Person, timestamp: number, duration = 5, key = video.key) {
  const res = await post(who, key, { key, timestamp, duration });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/user/videos/{key}/clips', () => {
  it('the owner clips a video: 201 with the clip, its one-chunk reel and a cut job in the queue', async () => {
    const res = await post(owner, video.key, { key: video.key, source: 'https://example.com/x.mp4', timestamp: 3723.5 - 3700, duration: 12 });
    expect(res.statusCode, res.body).toBe(201);
    const clip = res.json();
    expect(clip).toEqual({
      _id: expect.any(String),
      clipId: clip._id,
      stream_id: video.key,
      clip_id: 23_500,
      reel_id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      time: '00:00:23',
      timestamp: expect.any(Number),
      clipTitle: 'Derby',
      description: '',
      cheer: false,
      start: 23.5,
      duration: 12,
      poster: null,
    });
    expect(Math.abs(clip.timestamp - Date.now())).toBeLessThan(60_000);
    const [job] = await t.sql<{ state: string; retry_limit: number }>(`SELECT state, retry_limit FROM pgboss.job WHERE name = 'cut-clip' AND data->>'clipId' = $1`, [clip._id]);
    expect(job).toEqual({ state: 'created', retry_limit: 3 });
    const chunks = await t.sql(`SELECT position, in_sec, out_sec FROM reel_chunks WHERE reel_id = $1`, [clip.reel_id]);
    expect(chunks).toEqual([{ position: 0, in_sec: 0, out_sec: 12 }]);
  });

  it('a teammate may clip the video; an outsider, another tenant and an unknown key get 404; no token 401', async () => {
    const clip = await makeClip(mate, 40);
    expect(clip).toMatchObject({ stream_id: video.key, clip_id: 40_000, clipTitle: 'Derby' });
    const before = await clipCount();
    expectError(await post(outsider, video.key, { timestamp: 1, duration: 5 }), 404, 'Video not found.');
    expectError(await post(eagle, video.key, { timestamp: 1, duration: 5 }), 404, 'Video not found.');
    expectError(await post(owner, '4b7c8a36-1d3c-4a59-9c55-000000000000', { timestamp: 1, duration: 5 }), 404, 'Video not found.');
    expectError(await post(null, video.key, { timestamp: 1, duration: 5 }), 401);
    expect(await clipCount()).toBe(before);
  });

  it('two clips of one moment get the next free millisecond', async () => {
    const first = await makeClip(owner, 50);
    const second = await makeClip(mate, 50);
    const third = await makeClip(owner, 50.001);
    expect([first.clip_id, second.clip_id, third.clip_id]).toEqual([50_000, 50_001, 50_002]);
  });

  it('a window past the end of the video ends with the video', async () => {
    expect(await makeClip(owner, 57, 10)).toMatchObject({ start: 57, duration: 3 });
  });

  it.each([
    ['a negative start', { timestamp: -1, duration: 5 }, 'body.timestamp: The start must be within the video'],
    ['a start at the end of the video', { timestamp: 60, duration: 5 }, 'body.timestamp: The start must be within the video (0 to 60 s).'],
    ['a non-numeric start', { timestamp: '12', duration: 5 }, 'body.timestamp: Expected a number of seconds'],
    ['no start', { duration: 5 }, 'body.timestamp: Required'],
    ['a zero duration', { timestamp: 1, duration: 0 }, 'body.duration: A clip lasts 1 to 180 seconds'],
    ['a negative duration', { timestamp: 1, duration: -3 }, 'body.duration: A clip lasts 1 to 180 seconds'],
    ['a duration over 180 s', { timestamp: 1, duration: 181 }, 'body.duration: A clip lasts 1 to 180 seconds'],
    ['a non-numeric duration', { timestamp: 1, duration: 'long' }, 'body.duration: Expected a number of seconds'],
    ['another video\'s key in the body', { key: '4b7c8a36-1d3c-4a59-9c55-000000000000', timestamp: 1, duration: 5 }, 'body.key: Must be the key of the video in the path.'],
  ])('%s is a 400 naming the field, and nothing is created', async (_what, body, message) => {
    const before = await clipCount();
    expectError(await post(owner, video.key, body), 400, message);
    expect(await clipCount()).toBe(before);
  });

  it('a video still being processed cannot be clipped yet (409)', async () => {
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO videos (tenant_id, owner_user_id, status, source_key) SELECT 'demo', id, 'processing', 'x' FROM users WHERE username = 'clipcoach' RETURNING id`,
    );
    expectError(await post(owner, row!.id, { timestamp: 1, duration: 5 }), 409, 'The video is still being processed. Clip it once it is ready.');
  });
});

describe('GET /api/user/clips/{stream_id}/{clip_id}/chunk', () => {
  it('plays at once: the source rendition with the clip\'s media fragment, before any cut', async () => {
    const clip = await makeClip(owner, 10.25, 4);
    for (const who of [owner, mate]) {
      const res = await call(t, 'GET', `/api/user/clips/${video.key}/${clip.clip_id}/chunk`, who.headers);
      expect(res.statusCode, res.body).toBe(200);
      const { source, mediaExpiresAt } = res.json();
      expect(source).toMatch(/#t=10\.25,14\.25$/);
      expect(Date.parse(mediaExpiresAt)).toBeGreaterThan(Date.now());
      const media = await t.app.inject({ method: 'GET', url: pathOf(source.split('#')[0]) });
      expect(media.statusCode).toBe(200);
      expect(media.body).toBe('rendition');
    }
  });

  it('answers an outsider, another tenant and an unknown clip with 404, and no token with 401', async () => {
    const clip = await makeClip(owner, 12);
    for (const who of [outsider, eagle]) {
      expectError(await call(t, 'GET', `/api/user/clips/${video.key}/${clip.clip_id}/chunk`, who.headers), 404, 'Clip not found.');
    }
    for (const unknown of ['999999999', 'abc', '-1', '1.5']) {
      expectError(await call(t, 'GET', `/api/user/clips/${video.key}/${unknown}/chunk`, owner.headers), 404, 'Clip not found.');
    }
    expectError(await call(t, 'GET', `/api/user/clips/4b7c8a36-1d3c-4a59-9c55-000000000000/${clip.clip_id}/chunk`, owner.headers), 404, 'Clip not found.');
    expectError(await call(t, 'GET', `/api/user/clips/${video.key}/${clip.clip_id}/chunk`), 401);
  });
});

describe('GET /api/user/clips and /api/user/clips/{streamId}', () => {
  it('lists my clips newest first, a page at a time by timestamp', async () => {
    const maker = await athlete(t, 'clippager');
    await joinTeam(t, 'clipcoach', 'clippager');
    const made = [];
    for (const at of [1, 2, 3, 4, 5]) made.push(await makeClip(maker, 30 + at / 10));
    const newestFirst = made.reverse().map((c) => c._id);

    const first = await call(t, 'GET', '/api/user/clips?limit=3', maker.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items.map((c: { _id: string }) => c._id)).toEqual(newestFirst.slice(0, 3));
    expect(first.json().next).toBe(first.json().items[2].timestamp);
    const second = (await call(t, 'GET', `/api/user/clips?limit=3&timestamp=${first.json().next}`, maker.headers)).json();
    expect(second.items.map((c: { _id: string }) => c._id)).toEqual(newestFirst.slice(3));
    expect(second.next).toBeNull();

    // Only the caller's own: the owner's list holds none of these.
    const owners = (await call(t, 'GET', '/api/user/clips?limit=100', owner.headers)).json();
    expect(owners.items.map((c: { _id: string }) => c._id)).not.toContain(newestFirst[0]);
    expectError(await call(t, 'GET', '/api/user/clips'), 401);
    expectError(await call(t, 'GET', '/api/user/clips?limit=0', maker.headers), 400, /limit/);
  });

  it('my clips of a video I can no longer see are not listed', async () => {
    const leaver = await athlete(t, 'clipleaver');
    await joinTeam(t, 'clipcoach', 'clipleaver');
    const clip = await makeClip(leaver, 20);
    expect((await call(t, 'GET', '/api/user/clips', leaver.headers)).json().items.map((c: { _id: string }) => c._id)).toEqual([clip._id]);
    await t.sql(`DELETE FROM channel_members WHERE user_id = (SELECT id FROM users WHERE username = 'clipleaver')`);
    expect((await call(t, 'GET', '/api/user/clips', leaver.headers)).json()).toEqual({ items: [], next: null });
  });

  it('lists every clip of a video to whoever may see it, newest first; 404 to anyone else', async () => {
    const other = await readyVideo(t, 'clipcoach', { title: null as unknown as string });
    const a = await makeClip(owner, 1, 5, other.key);
    const b = await makeClip(mate, 2, 5, other.key);
    for (const who of [owner, mate]) {
      const res = await call(t, 'GET', `/api/user/clips/${other.key}`, who.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((c: { _id: string }) => c._id)).toEqual([b._id, a._id]);
    }
    for (const who of [outsider, eagle]) expectError(await call(t, 'GET', `/api/user/clips/${other.key}`, who.headers), 404, 'Video not found.');
    expectError(await call(t, 'GET', `/api/user/clips/${other.key}`), 401);
  });
});

describe('DELETE /api/user/clips/{clipId}', () => {
  it('the maker deletes a clip: rows, own reel and stored objects go; anyone else gets 404', async () => {
    const clip = await makeClip(mate, 30);
    const prefix = `demo/videos/${video.key}/clips/${clip._id}/`;
    await t.runtime.storage.put(`${prefix}attempt/clip.mp4`, Buffer.from('clip'), { contentType: 'video/mp4' });
    await t.sql(`UPDATE clips SET file_key = $2, status = 'ready' WHERE id = $1`, [clip._id, `${prefix}attempt/clip.mp4`]);

    // The video's owner did not make it: to everyone but the maker it is not there to delete.
    for (const who of [owner, outsider, eagle]) expectError(await call(t, 'DELETE', `/api/user/clips/${clip._id}`, who.headers), 404, 'Clip not found.');
    expectError(await call(t, 'DELETE', `/api/user/clips/${clip._id}`), 401);
    expect(await objectsUnder(t, prefix)).toHaveLength(1);

    const res = await call(t, 'DELETE', `/api/user/clips/${clip._id}`, mate.headers);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.sql(`SELECT id FROM clips WHERE id = $1`, [clip._id])).toEqual([]);
    expect(await t.sql(`SELECT id FROM reels WHERE id = $1`, [clip.reel_id])).toEqual([]);
    expect(await objectsUnder(t, prefix)).toEqual([]);
    expect(await t.sql(`SELECT state FROM pgboss.job WHERE name = 'cut-clip' AND data->>'clipId' = $1`, [clip._id])).toEqual([{ state: 'cancelled' }]);
    expectError(await call(t, 'GET', `/api/user/clips/${video.key}/${clip.clip_id}/chunk`, mate.headers), 404, 'Clip not found.');
    expectError(await call(t, 'DELETE', `/api/user/clips/${clip._id}`, mate.headers), 404, 'Clip not found.');
    expectError(await call(t, 'DELETE', '/api/user/clips/not-a-uuid', mate.headers), 404, 'Clip not found.');
  });
});

describe('deleting a video', () => {
  it('deletes its clips, their reels and chunks in other reels, and cancels their cut jobs', async () => {
    const doomed = await readyVideo(t, 'clipcoach', { title: 'Doomed' });
    const keep = await makeClip(owner, 5);
    const a = await makeClip(owner, 1, 5, doomed.key);
    const b = await makeClip(mate, 2, 5, doomed.key);
    const made = await call(t, 'POST', `/api/user/reels/${doomed.key}`, owner.headers, { clips: [a.clip_id] });
    expect(made.statusCode, made.body).toBe(201);
    const { reelId } = made.json();
    const mixed = await call(t, 'PUT', `/api/user/reels/${reelId}`, owner.headers, {
      title: 'Mixed',
      shared: true,
      chunks: [
        { clip: keep._id, in: 0, out: 5 },
        { clip: a._id, in: 1, out: 2 },
      ],
    });
    expect(mixed.statusCode, mixed.body).toBe(200);

    const res = await call(t, 'DELETE', `/api/user/videos/${doomed.key}`, owner.headers);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.sql(`SELECT id FROM clips WHERE stream_id = $1`, [doomed.key])).toEqual([]);
    expect(await t.sql(`SELECT id FROM reels WHERE id = ANY($1)`, [[a.reel_id, b.reel_id]])).toEqual([]);
    const jobs = await t.sql<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'cut-clip' AND data->>'clipId' = ANY($1)`, [[a._id, b._id]]);
    expect(jobs).toEqual([{ state: 'cancelled' }, { state: 'cancelled' }]);
    expect((await call(t, 'GET', '/api/user/clips?limit=100', mate.headers)).json().items.map((c: { _id: string }) => c._id)).not.toContain(b._id);
    // Clips of other videos stay, and so do reels that also hold them.
    expect(await t.sql(`SELECT id FROM clips WHERE id = $1`, [keep._id])).toHaveLength(1);
    const shared = (await call(t, 'GET', `/api/user/reels/${reelId}`, owner.headers)).json();
    expect(shared.chunks.map((c: { clip: string }) => c.clip)).toEqual([keep._id]);
  });
});

describe('accounts going', () => {
  it("when the video owner's account goes, the clips of the video go with it, and their own reels", async () => {
    await coach(t, 'clipleavingcoach', 'Leavers');
    await joinTeam(t, 'clipleavingcoach', 'clipmate');
    const theirs = await readyVideo(t, 'clipleavingcoach');
    // Made by a teammate, whose account stays.
    const clip = await makeClip(mate, 3, 5, theirs.key);
    await t.sql(`DELETE FROM users WHERE username = 'clipleavingcoach'`);
    expect(await t.sql(`SELECT id FROM clips WHERE id = $1`, [clip._id])).toEqual([]);
    expect(await t.sql(`SELECT id FROM reels WHERE id = $1`, [clip.reel_id])).toEqual([]);
  });
});
