import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athlete, call, coach, expectError, joinTeam, person, readyVideo, videosApp, type Person, type ReadyVideo, type TeamsApp } from './helpers';

let t: TeamsApp;
let owner: Person;
let outsider: Person;
let eagle: Person;
let video: ReadyVideo;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'savecoach', 'Savers');
  outsider = await athlete(t, 'saveoutsider');
  eagle = await person(t, 'saveeagle', { type: 'team', other: true });
  video = await readyVideo(t, 'savecoach', { title: 'Derby', durationSec: 120 });
});
afterAll(() => t?.close());

type ClipJson = { _id: string; reel_id: string; timestamp: number };

let moment = 0;
/** A clip of the team's video by `who`, each at its own moment. */
async function makeClip(who: Person): Promise<ClipJson> {
  const res = await call(t, 'POST', `/api/user/videos/${video.key}/clips`, who.headers, { timestamp: ++moment, duration: 3 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A teammate of the coach's, with an empty library. */
async function teammate(username: string): Promise<Person> {
  const who = await athlete(t, username);
  await joinTeam(t, 'savecoach', username);
  return who;
}

const save = (who: Person | null, id: string) => call(t, 'POST', `/api/user/clips/${id}/save`, who?.headers ?? {});
const unsave = (who: Person | null, id: string) => call(t, 'DELETE', `/api/user/clips/${id}/save`, who?.headers ?? {});

async function expectSaved(who: Person, id: string) {
  const res = await save(who, id);
  expect(res.statusCode, res.body).toBe(204);
  expect(res.body).toBe('');
}

async function library(who: Person, query = 'limit=100'): Promise<{ items: ClipJson[]; next: number | null }> {
  const res = await call(t, 'GET', `/api/user/clips?${query}`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (list: { items: ClipJson[] }) => list.items.map((c) => c._id);

describe('saved clips in GET /api/user/clips', () => {
  it('a teammate saves clips made by others: listed with what they made, by when each was made or saved, a page at a time', async () => {
    const mate = await teammate('savemate');
    const oldest = await makeClip(owner);
    const mine1 = await makeClip(mate);
    const coachs = await makeClip(owner);
    const mine2 = await makeClip(mate);
    const before = Date.now();
    await expectSaved(mate, coachs._id);
    // Saved last, though made first: it comes first.
    await expectSaved(mate, oldest._id);

    const all = await library(mate);
    expect(ids(all)).toEqual([oldest._id, coachs._id, mine2._id, mine1._id]);
    // A saved clip's timestamp is when it was saved; a made one's when it was made.
    const [savedOldest, savedCoachs, made2] = all.items;
    expect(savedOldest!.timestamp).toBeGreaterThanOrEqual(savedCoachs!.timestamp);
    expect(savedCoachs!.timestamp).toBeGreaterThanOrEqual(made2!.timestamp);
    expect(savedCoachs!.timestamp).toBeGreaterThanOrEqual(before - 1);
    expect(savedOldest!.timestamp).toBeGreaterThan(oldest.timestamp);
    expect(all.next).toBeNull();

    // Paged across made and saved, the cursor is each page's last timestamp.
    const first = await library(mate, 'limit=3');
    expect(ids(first)).toEqual(ids(all).slice(0, 3));
    expect(first.next).toBe(first.items[2]!.timestamp);
    const second = await library(mate, `limit=3&timestamp=${first.next}`);
    expect(ids(second)).toEqual([mine1._id]);
    expect(second.next).toBeNull();

    // Saved clips are the saver's alone: the maker's library is unchanged.
    expect(ids(await library(owner))).not.toContain(mine1._id);
  });

  it('saving again keeps the first save; saving my own clip changes nothing', async () => {
    const mate = await teammate('saveagain');
    const theirs = await makeClip(owner);
    const mine = await makeClip(mate);
    await expectSaved(mate, theirs._id);
    const once = await library(mate);
    await expectSaved(mate, theirs._id);
    await expectSaved(mate, mine._id);
    expect(await library(mate)).toEqual(once);
    expect(ids(once)).toEqual([theirs._id, mine._id]);
    expect(await t.sql(`SELECT clip_id FROM saved_clips WHERE clip_id = $1`, [mine._id])).toEqual([]);
  });

  it('unsaving takes it out of my library (again: no change); the clip itself stays', async () => {
    const mate = await teammate('saveunsave');
    const theirs = await makeClip(owner);
    await expectSaved(mate, theirs._id);
    expect(ids(await library(mate))).toEqual([theirs._id]);

    for (let i = 0; i < 2; i++) {
      const res = await unsave(mate, theirs._id);
      expect(res.statusCode, res.body).toBe(204);
      expect(await library(mate)).toEqual({ items: [], next: null });
    }
    expect(ids(await library(owner))).toContain(theirs._id);
  });

  it('the clip page tells a viewer whether they saved the clip; its maker gets no such flag', async () => {
    const mate = await teammate('saveflag');
    const theirs = await makeClip(owner);
    const reel = () => call(t, 'GET', `/api/user/reels/${theirs.reel_id}`, mate.headers);
    expect((await reel()).json()).toMatchObject({ owned: false, saved: false });
    await expectSaved(mate, theirs._id);
    expect((await reel()).json()).toMatchObject({ owned: false, saved: true });
    const own = (await call(t, 'GET', `/api/user/reels/${theirs.reel_id}`, owner.headers)).json();
    expect(own.owned).toBe(true);
    expect(own).not.toHaveProperty('saved');
  });

  it('answers a clip the caller may not see with 404, saving nothing; no token 401', async () => {
    const theirs = await makeClip(owner);
    for (const who of [outsider, eagle]) {
      expectError(await save(who, theirs._id), 404, 'Clip not found.');
      expectError(await unsave(who, theirs._id), 404, 'Clip not found.');
    }
    for (const unknown of ['4b7c8a36-1d3c-4a59-9c55-000000000000', 'not-a-uuid']) {
      expectError(await save(owner, unknown), 404, 'Clip not found.');
      expectError(await unsave(owner, unknown), 404, 'Clip not found.');
    }
    expectError(await save(null, theirs._id), 401);
    expectError(await unsave(null, theirs._id), 401);
    expect(await t.sql(`SELECT clip_id FROM saved_clips WHERE clip_id = $1`, [theirs._id])).toEqual([]);
    expect(await library(outsider)).toEqual({ items: [], next: null });
  });

  it('a saver who leaves the team no longer sees it, nor may unsave it; back in the team, it is back', async () => {
    const mate = await teammate('saveleaver');
    const theirs = await makeClip(owner);
    await expectSaved(mate, theirs._id);
    const removed = await call(t, 'DELETE', `/api/channel/savecoach/main/members/saveleaver`, owner.headers);
    expect(removed.statusCode, removed.body).toBe(200);

    expect(await library(mate)).toEqual({ items: [], next: null });
    expectError(await unsave(mate, theirs._id), 404, 'Clip not found.');
    expectError(await call(t, 'GET', `/api/user/reels/${theirs.reel_id}`, mate.headers), 404);

    // Visibility is read, not stored: rejoining shows the save again.
    await joinTeam(t, 'savecoach', 'saveleaver');
    expect(ids(await library(mate))).toEqual([theirs._id]);
  });

  it('a deleted clip leaves every library it was saved in', async () => {
    const mate = await teammate('savedeleted');
    const theirs = await makeClip(owner);
    await expectSaved(mate, theirs._id);
    const res = await call(t, 'DELETE', `/api/user/clips/${theirs._id}`, owner.headers);
    expect(res.statusCode, res.body).toBe(204);
    expect(await library(mate)).toEqual({ items: [], next: null });
    expect(await t.sql(`SELECT clip_id FROM saved_clips WHERE clip_id = $1`, [theirs._id])).toEqual([]);
  });
});
