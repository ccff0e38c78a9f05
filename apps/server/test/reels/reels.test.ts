import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athlete, call, coach, expectError, joinTeam, person, readyVideo, videosApp, type Person, type ReadyVideo, type TeamsApp } from '../clips/helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let outsider: Person;
let eagle: Person;
let game: ReadyVideo;
let practice: ReadyVideo;
/** Clips of `game` (at 10, 20, 30 s) and of `practice` (at 5 s), made by the owner. */
const clips: Record<string, { _id: string; clip_id: number; reel_id: string; duration: number }> = {};

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'reelcoach', 'Reelers');
  mate = await athlete(t, 'reelmate');
  outsider = await athlete(t, 'reeloutsider');
  eagle = await person(t, 'reeleagle', { type: 'team', other: true });
  await joinTeam(t, 'reelcoach', 'reelmate');
  game = await readyVideo(t, 'reelcoach', { title: 'Game' });
  practice = await readyVideo(t, 'reelcoach', { title: 'Practice' });
  for (const [name, key, at] of [['a', game.key, 10], ['b', game.key, 20], ['c', game.key, 30], ['p', practice.key, 5]] as const) {
    const res = await call(t, 'POST', `/api/user/videos/${key}/clips`, owner.headers, { timestamp: at, duration: 6 });
    if (res.statusCode !== 201) throw new Error(res.body);
    clips[name] = res.json();
  }
});
afterAll(() => t?.close());

const create = (who: Person | null, streamId: string, body: unknown) => call(t, 'POST', `/api/user/reels/${streamId}`, who?.headers ?? {}, body);
const reelCount = async () => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM reels`))[0]!.n;
const share = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/reels/${id}`, headers });
/** The maker's own view of a reel (what the editor reads). */
const mine = (id: string) => call(t, 'GET', `/api/user/reels/${id}`, owner.headers);

async function newReel(who: Person, names: string[], streamId = game.key): Promise<string> {
  const res = await create(who, streamId, { clips: names.map((n) => clips[n]!.clip_id) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().reelId;
}

describe('POST /api/user/reels/{streamId}', () => {
  it('makes an unguessable reel of those clips of the video, in that order', async () => {
    const reelId = await newReel(owner, ['c', 'a']);
    expect(reelId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(Buffer.from(reelId, 'base64url')).toHaveLength(18);
    const reel = (await mine(reelId)).json();
    expect(reel.chunks.map((c: { clip: string }) => c.clip)).toEqual([clips.c!._id, clips.a!._id]);
    expect(reel.chunks[0]).toMatchObject({ in: 0, out: 6, description: '' });
    expect(reel.chunks[0].source).toMatch(/#t=30,36$/);
  });

  it('a teammate who may see the video may make a reel of its clips', async () => {
    const reelId = await newReel(mate, ['b']);
    expect((await call(t, 'GET', '/api/user/reels', mate.headers)).json().items.map((r: { reelId: string }) => r.reelId)).toEqual([reelId]);
  });

  it('answers an outsider, another tenant and an unknown video with 404, no token with 401, and creates nothing', async () => {
    const before = await reelCount();
    for (const who of [outsider, eagle]) expectError(await create(who, game.key, { clips: [clips.a!.clip_id] }), 404, 'Video not found.');
    expectError(await create(owner, '4b7c8a36-1d3c-4a59-9c55-000000000000', { clips: [clips.a!.clip_id] }), 404, 'Video not found.');
    expectError(await create(null, game.key, { clips: [clips.a!.clip_id] }), 401);
    expect(await reelCount()).toBe(before);
  });

  it.each([
    ['no clips', { clips: [] }, 'body.clips: A reel needs at least one clip'],
    ['a clip of another video', { clips: [10_000, 5_000] }, 'body.clips.1: Not a clip of this video.'],
    ['a clip id that is not a number', { clips: ['a'] }, /^body\.clips\.0: /],
    ['no clips field', {}, 'body.clips: Required'],
  ])('%s is a 400 naming the field, and nothing is created', async (_what, body, message) => {
    const before = await reelCount();
    expectError(await create(owner, game.key, body), 400, message);
    expect(await reelCount()).toBe(before);
  });
});

describe('GET /api/user/reels', () => {
  it('lists the reels I put together (not the clips\' own), newest first, a page at a time', async () => {
    const maker = await athlete(t, 'reelpager');
    await joinTeam(t, 'reelcoach', 'reelpager');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await newReel(maker, ['a', 'b']));
    const first = await call(t, 'GET', '/api/user/reels?limit=2', maker.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items.map((r: { reelId: string }) => r.reelId)).toEqual([made[2], made[1]]);
    expect(first.json().items[0]).toMatchObject({ title: null, shared: false, chunks: [{ clip: clips.a!._id }, { clip: clips.b!._id }] });
    const second = (await call(t, 'GET', `/api/user/reels?limit=2&timestamp=${first.json().next}`, maker.headers)).json();
    expect(second).toMatchObject({ items: [{ reelId: made[0] }], next: null });
    expectError(await call(t, 'GET', '/api/user/reels'), 401);
  });
});

describe('GET /api/user/reels/{reelId}', () => {
  const view = (who: Person | null, id: string) => call(t, 'GET', `/api/user/reels/${id}`, who?.headers ?? {});

  it('shows the maker any reel of theirs, owned, with the share link\'s fields', async () => {
    const reelId = await newReel(owner, ['b', 'a']);
    await call(t, 'PUT', `/api/user/reels/${reelId}`, owner.headers, { title: null, shared: false, chunks: [{ clip: clips.b!._id, in: 0, out: 6 }] });
    const res = await view(owner, reelId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      reelId,
      title: null,
      shared: false,
      owned: true,
      timestamp: expect.any(Number),
      mediaExpiresAt: expect.any(String),
      chunks: [
        {
          id: expect.any(String),
          description: '',
          source: expect.stringMatching(/#t=20,26$/),
          clip: clips.b!._id,
          in: 0,
          out: 6,
          poster: null,
          clipTitle: 'Game',
          time: '00:00:20',
          // Where the clip comes from: what a new reel with it is made of (a clip page's Add to reel).
          stream_id: game.key,
          clip_id: clips.b!.clip_id,
        },
      ],
    });
  });

  it('hides a put-together reel from everyone but its maker: teammate, outsider, other tenant 404, no token 401', async () => {
    const reelId = await newReel(owner, ['a']);
    for (const who of [mate, outsider, eagle]) expectError(await view(who, reelId), 404, 'Reel not found.');
    expectError(await view(null, reelId), 401);
    expectError(await view(owner, 'AAAAAAAAAAAAAAAAAAAAAAAA'), 404, 'Reel not found.');
  });

  it("shows a clip's own reel to whoever may see the clip (not owned unless they made it); outsiders and other tenants get 404", async () => {
    const own = clips.a!.reel_id;
    const res = await view(mate, own);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reelId: own, owned: false, chunks: [{ clip: clips.a!._id, in: 0, out: 6 }] });
    expect((await view(owner, own)).json()).toMatchObject({ reelId: own, owned: true });
    for (const who of [outsider, eagle]) expectError(await view(who, own), 404, 'Reel not found.');
  });
});

describe('PUT /api/user/reels/{reelId}', () => {
  const save = (who: Person | null, id: string, body: unknown) => call(t, 'PUT', `/api/user/reels/${id}`, who?.headers ?? {}, body);

  it('saves the editor\'s reel: title, sharing, chunks from two videos in a new order, trimmed and described', async () => {
    const reelId = await newReel(owner, ['a', 'b']);
    const res = await save(owner, reelId, {
      title: '  Season  ',
      shared: true,
      chunks: [
        { clip: clips.p!._id, in: 1, out: 4, description: 'Practice drill' },
        { clip: clips.b!._id, in: 0, out: 6 },
        { clip: clips.a!._id, in: 2.5, out: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const reel = res.json();
    expect(reel).toMatchObject({ reelId, title: 'Season', shared: true });
    expect(reel.chunks.map((c: { clip: string; in: number; out: number; description: string }) => [c.clip, c.in, c.out, c.description])).toEqual([
      [clips.p!._id, 1, 4, 'Practice drill'],
      [clips.b!._id, 0, 6, ''],
      [clips.a!._id, 2.5, 5, ''],
    ]);
    expect(reel.chunks.map((c: { source: string }) => c.source.split('#')[1])).toEqual(['t=6,9', 't=20,26', 't=12.5,15']);
    expect((await mine(reelId)).json()).toMatchObject({ ...reel, owned: true });
  });

  it('is the maker\'s only: teammates, outsiders, another tenant get 404, no token 401, and nothing changes', async () => {
    const reelId = await newReel(owner, ['a']);
    const body = { title: 'Hijacked', shared: true, chunks: [{ clip: clips.b!._id, in: 0, out: 1 }] };
    for (const who of [mate, outsider, eagle]) expectError(await save(who, reelId, body), 404, 'Reel not found.');
    expectError(await save(null, reelId, body), 401);
    expect((await mine(reelId)).json()).toMatchObject({ title: null, chunks: [{ clip: clips.a!._id }] });
  });

  it.each([
    ['no chunks', { title: null, shared: true, chunks: [] }, 'body.chunks: A reel needs at least one clip'],
    ['an out point before the in point', { title: null, shared: true, chunks: [{ clip: 'A', in: 3, out: 2 }] }, 'body.chunks.0.out: The out point must be after the in point'],
    ['a negative in point', { title: null, shared: true, chunks: [{ clip: 'A', in: -1, out: 2 }] }, /^body\.chunks\.0\.in: /],
    ['an out point past the clip', { title: null, shared: true, chunks: [{ clip: 'A', in: 0, out: 6.5 }] }, 'body.chunks.0.out: Must be within the clip (at most 6 s).'],
    ['an unknown clip', { title: null, shared: true, chunks: [{ clip: '4b7c8a36-1d3c-4a59-9c55-000000000000', in: 0, out: 1 }] }, 'body.chunks.0.clip: Not a clip you can see.'],
    ['a sharing flag that is not true or false', { title: null, shared: 'yes', chunks: [{ clip: 'A', in: 0, out: 1 }] }, /^body\.shared: /],
    ['a title too long', { title: 'x'.repeat(201), shared: true, chunks: [{ clip: 'A', in: 0, out: 1 }] }, /^body\.title: /],
  ])('%s is a 400 naming the field, and nothing changes', async (_what, body, message) => {
    const reelId = await newReel(owner, ['a']);
    const withClip = JSON.parse(JSON.stringify(body).replaceAll('"A"', JSON.stringify(clips.a!._id)));
    expectError(await save(owner, reelId, withClip), 400, message);
    expect((await mine(reelId)).json()).toMatchObject({ title: null, chunks: [{ clip: clips.a!._id, in: 0, out: 6 }] });
  });

  it('a chunk may not be a clip the maker cannot see', async () => {
    const stranger = await coach(t, 'reelstranger', 'Strangers');
    const theirs = await readyVideo(t, 'reelstranger');
    const res = await call(t, 'POST', `/api/user/videos/${theirs.key}/clips`, stranger.headers, { timestamp: 1, duration: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const reelId = await newReel(owner, ['a']);
    expectError(await save(owner, reelId, { title: null, shared: true, chunks: [{ clip: res.json()._id, in: 0, out: 1 }] }), 400, 'body.chunks.0.clip: Not a clip you can see.');
  });

  it('a clip\'s own reel keeps playing that clip only', async () => {
    const own = clips.a!.reel_id;
    expectError(
      await save(owner, own, { title: null, shared: true, chunks: [{ clip: clips.b!._id, in: 0, out: 1 }] }),
      400,
      "body.chunks: A clip's own reel plays that clip only.",
    );
    const trimmed = await save(owner, own, { title: 'Goal', shared: true, chunks: [{ clip: clips.a!._id, in: 1, out: 3, description: 'Top corner' }] });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    expect(trimmed.json()).toMatchObject({ title: 'Goal', chunks: [{ in: 1, out: 3, description: 'Top corner' }] });
  });
});

describe('DELETE /api/user/reels/{reelId}', () => {
  it('the maker deletes a reel (its clips stay); anyone else gets 404', async () => {
    const reelId = await newReel(owner, ['a', 'b']);
    for (const who of [mate, outsider, eagle]) expectError(await call(t, 'DELETE', `/api/user/reels/${reelId}`, who.headers), 404, 'Reel not found.');
    expectError(await call(t, 'DELETE', `/api/user/reels/${reelId}`), 401);
    const res = await call(t, 'DELETE', `/api/user/reels/${reelId}`, owner.headers);
    expect(res.statusCode, res.body).toBe(204);
    expectError(await share(reelId), 404, 'Reel not found.');
    expect(await t.sql(`SELECT id FROM clips WHERE id = ANY($1)`, [[clips.a!._id, clips.b!._id]])).toHaveLength(2);
    expectError(await call(t, 'DELETE', `/api/user/reels/${reelId}`, owner.headers), 404, 'Reel not found.');
  });

  it('a clip\'s own reel goes with its clip only (409)', async () => {
    expectError(await call(t, 'DELETE', `/api/user/reels/${clips.c!.reel_id}`, owner.headers), 409, "A clip's own reel goes with the clip: delete the clip instead.");
    expect((await mine(clips.c!.reel_id)).statusCode).toBe(200);
  });
});

