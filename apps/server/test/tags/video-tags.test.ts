import { matchesTagFilter, tagFilter, type Tag, type TagFilter } from '@app/contracts/film';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_CHANGERS_ONLY, TAG_NOT_FOUND, VIDEO_NOT_READY, notAButton } from '../../src/modules/tags/tags.service';
import { VIDEO_NOT_FOUND } from '../../src/modules/videos/videos.service';
import { listen, openUpdates } from '../updates/updates-helpers';
import {
  call,
  expectError,
  insertVideo,
  lastUpdateId,
  press,
  setButtons,
  tagsOf,
  tagsTeam,
  updatesAfter,
  video,
  videosApp,
  videoTags,
  type Person,
  type TagsTeam,
  type TeamsApp,
} from './helpers';

let t: TeamsApp;
let team: TagsTeam;
/** The owner's 60 s video. */
let key: string;

beforeAll(async () => {
  t = await videosApp();
  team = await tagsTeam(t, 'vt');
  await setButtons(t, team.owner);
  key = await video(t, team.owner, { title: 'Derby' });
});
afterAll(() => t?.close());

const tagUrl = (id: string) => `/api/user/tags/${id}`;
const change = (who: Person, id: string, body: unknown) => call(t, 'PUT', tagUrl(id), who.headers, body);
const remove = (who: Person, id: string) => call(t, 'DELETE', tagUrl(id), who.headers);

describe('POST /api/user/videos/{key}/tags: a press', () => {
  it('makes [at - lead, at + lag] by the presser, its labels trimmed and each once (201)', async () => {
    const tag = await press(t, team.ann, videoTags(key), { code: 'Goal', at: 30, labels: [' Left ', 'Left', 'vtbob', 'a free label'] });
    expect(tag).toEqual({ _id: expect.any(String), code: 'Goal', start: 25, end: 35, labels: ['Left', 'vtbob', 'a free label'], by: 'vtann', createdAt: expect.any(String) });
    expect(new Date(tag.createdAt).toISOString()).toBe(tag.createdAt);
  });

  it('is bounded to the video: clamped to 0 and to its end; a moment past the end, or before 0, is a 400 naming at', async () => {
    expect(await press(t, team.bob, videoTags(key), { code: 'Goal', at: 2 })).toMatchObject({ start: 0, end: 7 });
    expect(await press(t, team.bob, videoTags(key), { code: 'Goal', at: 58.25 })).toMatchObject({ start: 53.25, end: 60 });
    expect(await press(t, team.bob, videoTags(key), { code: 'Point', at: 60 })).toMatchObject({ start: 60, end: 60 });
    expectError(await call(t, 'POST', videoTags(key), team.bob.headers, { code: 'Goal', at: 60.5 }), 400, 'body.at: The moment must be within the video (0 to 60 s).');
    expectError(await call(t, 'POST', videoTags(key), team.bob.headers, { code: 'Goal', at: -1 }), 400, /^body\.at: /);
    expectError(await call(t, 'POST', videoTags(key), team.bob.headers, { code: 'Goal', at: '10' }), 400, /^body\.at: /);
    expectError(await call(t, 'POST', videoTags(key), team.bob.headers, { code: 'Goal' }), 400, /^body\.at: /);
  });

  it('takes a button of the team\'s window only (any case: stored as the button names itself), else 400 naming code', async () => {
    expect(await press(t, team.bob, videoTags(key), { code: 'shot', at: 40 })).toMatchObject({ code: 'Shot', start: 38, end: 43 });
    expectError(await call(t, 'POST', videoTags(key), team.bob.headers, { code: 'Dunk', at: 10 }), 400, notAButton('Dunk'));
    expectError(await call(t, 'POST', videoTags(key), team.bob.headers, { code: '', at: 10 }), 400, /^body\.code: /);
    expectError(await call(t, 'POST', videoTags(key), team.bob.headers, { code: 'Goal', at: 10, labels: ['x'.repeat(61)] }), 400, /^body\.labels\.0: /);
    expectError(await call(t, 'POST', videoTags(key), team.bob.headers, { code: 'Goal', at: 10, labels: Array.from({ length: 21 }, (_, i) => `l${i}`) }), 400, /^body\.labels: /);
  });

  it('re-activates: the maker\'s press of the same code while their instance runs extends it (200, the same instance)', async () => {
    const mine = await video(t, team.owner);
    const url = videoTags(mine);
    const first = await press(t, team.ann, url, { code: 'Goal', at: 10 });
    expect(first).toMatchObject({ start: 5, end: 15 });
    const again = await press(t, team.ann, url, { code: 'Goal', at: 13, labels: ['Right'] }, 200);
    expect(again).toEqual({ ...first, end: 18, labels: ['Right'] });
    // At its end is still running; an earlier press inside it never shortens it.
    expect(await press(t, team.ann, url, { code: 'Goal', at: 18 }, 200)).toMatchObject({ _id: first._id, end: 23 });
    expect(await press(t, team.ann, url, { code: 'Goal', at: 6 }, 200)).toMatchObject({ _id: first._id, start: 5, end: 23 });
    // Past its end, another maker's press, another code: new instances.
    const later = await press(t, team.ann, url, { code: 'Goal', at: 23.5 });
    expect(later._id).not.toBe(first._id);
    expect((await press(t, team.bob, url, { code: 'Goal', at: 12 }))._id).not.toBe(first._id);
    expect((await press(t, team.ann, url, { code: 'Shot', at: 12 }))._id).not.toBe(first._id);
    // Extended to the end of the video at most.
    const last = await press(t, team.ann, url, { code: 'Goal', at: 57 });
    expect(await press(t, team.ann, url, { code: 'Goal', at: 59 }, 200)).toMatchObject({ _id: last._id, end: 60 });
    expect((await tagsOf(t, team.ann, url)).length).toBe(5);
  });

  it('is the team\'s: 404 for a fan, another team\'s coach, the other tenant and unknown keys, like the video itself', async () => {
    for (const who of [team.fan, team.rival, team.eagle]) {
      expectError(await call(t, 'POST', videoTags(key), who.headers, { code: 'Goal', at: 10 }), 404, VIDEO_NOT_FOUND);
      expectError(await call(t, 'GET', videoTags(key), who.headers), 404, VIDEO_NOT_FOUND);
    }
    expectError(await call(t, 'GET', videoTags('00000000-0000-4000-8000-000000000000'), team.ann.headers), 404, VIDEO_NOT_FOUND);
    expectError(await call(t, 'GET', videoTags('not-a-key'), team.ann.headers), 404, VIDEO_NOT_FOUND);
    expectError(await call(t, 'GET', videoTags(key), {}), 401);
  });

  it('waits for a video still processing (409), which only its owner sees', async () => {
    const processing = await insertVideo(t, team.owner.username, { status: 'processing' });
    expectError(await call(t, 'POST', videoTags(processing), team.owner.headers, { code: 'Goal', at: 1 }), 409, VIDEO_NOT_READY);
    expectError(await call(t, 'POST', videoTags(processing), team.ann.headers, { code: 'Goal', at: 1 }), 404, VIDEO_NOT_FOUND);
  });
});

describe('GET /api/user/videos/{key}/tags?code=&label=&match=', () => {
  let url: string;
  let all: Tag[];
  beforeAll(async () => {
    url = videoTags(await video(t, team.owner));
    const presses: [string, number, string[]][] = [
      ['Goal', 40, ['Left', 'vtann']],
      ['Shot', 10, ['Left']],
      ['Goal', 20, []],
      ['Point', 30, ['Right', 'vtann', 'Left']],
      ['Shot', 50, ['vtbob']],
    ];
    for (const [code, at, labels] of presses) await press(t, team.bob, url, { code, at, labels });
    all = await tagsOf(t, team.ann, url);
  });

  it('lists the team\'s tags in start order, with an update position', async () => {
    expect(all.map((tag) => [tag.code, tag.start])).toEqual([
      ['Shot', 8],
      ['Goal', 15],
      ['Point', 30],
      ['Goal', 35],
      ['Shot', 48],
    ]);
    const res = await call(t, 'GET', url, team.owner.headers);
    expect(Number(res.headers['x-updates-position'])).toBeGreaterThan(0);
  });

  it('filters as matchesTagFilter does: codes (any of them), labels all (the default) or any', async () => {
    const filters: { code?: string[]; label?: string[]; match?: 'all' | 'any' }[] = [
      {},
      { code: ['Goal'] },
      { code: ['Goal', 'Point'] },
      { label: ['Left'] },
      { label: ['Left', 'vtann'] },
      { label: ['Left', 'vtann'], match: 'any' },
      { label: ['vtbob', 'Right'], match: 'any' },
      { code: ['Shot'], label: ['Left'] },
      { code: ['Shot', 'Point'], label: ['Left', 'Right'], match: 'all' },
      { label: ['left'] },
      { code: ['goal'] },
      { label: ['nobody'], match: 'any' },
    ];
    for (const given of filters) {
      const filter: TagFilter = tagFilter.parse(given);
      const query = new URLSearchParams();
      for (const code of filter.code) query.append('code', code);
      for (const label of filter.label) query.append('label', label);
      if (given.match) query.append('match', given.match);
      expect(await tagsOf(t, team.ann, `${url}?${query}`), String(query)).toEqual(all.filter((tag) => matchesTagFilter(tag, filter)));
    }
    // The filter is not a no-op: these pick what they say.
    expect((await tagsOf(t, team.ann, `${url}?label=Left&label=vtann`)).map((tag) => tag.code)).toEqual(['Point', 'Goal']);
    expect((await tagsOf(t, team.ann, `${url}?label=vtbob&label=Right&match=any`)).map((tag) => tag.code)).toEqual(['Point', 'Shot']);
  });

  it('400 naming the field for a bad filter', async () => {
    expectError(await call(t, 'GET', `${url}?match=some`, team.ann.headers), 400, /^querystring\.match: /);
    expectError(await call(t, 'GET', `${url}?code=${'x'.repeat(61)}`, team.ann.headers), 400, /^querystring\.code\.0: /);
  });
});

describe('PUT and DELETE /api/user/tags/{id}', () => {
  let annTag: Tag;
  beforeAll(async () => {
    annTag = await press(t, team.ann, videoTags(key), { code: 'Shot', at: 20, labels: ['Left'] });
  });

  it('its maker trims, relabels and recodes it', async () => {
    const res = await change(team.ann, annTag._id, { start: 17.5, end: 24, labels: [' Right ', 'Right'], code: 'goal' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...annTag, start: 17.5, end: 24, labels: ['Right'], code: 'Goal' });
    const [row] = await t.sql<{ start_sec: number; code: string }>(`SELECT start_sec, code FROM film_tags WHERE id = $1`, [annTag._id]);
    expect(row).toEqual({ start_sec: 17.5, code: 'Goal' });
  });

  it('the team\'s owner may too; another member gets 403; anyone else 404', async () => {
    const res = await change(team.owner, annTag._id, { end: 25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ end: 25, by: 'vtann' });
    expectError(await change(team.bob, annTag._id, { end: 26 }), 403, TAG_CHANGERS_ONLY);
    expectError(await remove(team.bob, annTag._id), 403, TAG_CHANGERS_ONLY);
    for (const who of [team.fan, team.rival, team.eagle]) {
      expectError(await change(who, annTag._id, { end: 26 }), 404, TAG_NOT_FOUND);
      expectError(await remove(who, annTag._id), 404, TAG_NOT_FOUND);
    }
    expectError(await change(team.ann, 'nope', { end: 26 }), 404, TAG_NOT_FOUND);
  });

  it('400 naming the field: start not before end, outside the video, an unknown code, nothing to change', async () => {
    expectError(await change(team.ann, annTag._id, { end: 10 }), 400, 'body.end: The end must be after the start (17.5 s).');
    expectError(await change(team.ann, annTag._id, { start: 25 }), 400, 'body.start: The start must be before the end (25 s).');
    expectError(await change(team.ann, annTag._id, { start: 30, end: 30 }), 400, 'body.end: The end must be after the start (30 s).');
    expectError(await change(team.ann, annTag._id, { end: 61 }), 400, 'body.end: The end must be within the video (0 to 60 s).');
    expectError(await change(team.ann, annTag._id, { start: -1 }), 400, /^body\.start: /);
    expectError(await change(team.ann, annTag._id, { code: 'Dunk' }), 400, notAButton('Dunk'));
    expectError(await change(team.ann, annTag._id, {}), 400, /^body: Name at least one of/);
    // A moment (a press of a button without lead and lag) is relabelled as it is.
    const moment = await press(t, team.ann, videoTags(key), { code: 'Point', at: 44 });
    expect((await change(team.ann, moment._id, { labels: ['Right'] })).json()).toMatchObject({ start: 44, end: 44, labels: ['Right'] });
    expect((await tagsOf(t, team.ann, videoTags(key))).find((tag) => tag._id === annTag._id)).toMatchObject({ start: 17.5, end: 25, code: 'Goal' });
  });

  it('its maker deletes it (204); then it is gone (404)', async () => {
    const mine = await press(t, team.ann, videoTags(key), { code: 'Point', at: 5 });
    expect((await remove(team.ann, mine._id)).statusCode).toBe(204);
    expectError(await remove(team.ann, mine._id), 404, TAG_NOT_FOUND);
    const owned = await press(t, team.bob, videoTags(key), { code: 'Point', at: 6 });
    expect((await remove(team.owner, owned._id)).statusCode).toBe(204);
    expect((await tagsOf(t, team.ann, videoTags(key))).map((tag) => tag._id)).not.toContain(owned._id);
  });

  it('goes with its video', async () => {
    const gone = await video(t, team.owner);
    const tag = await press(t, team.ann, videoTags(gone), { code: 'Point', at: 5 });
    expect((await call(t, 'DELETE', `/api/user/videos/${gone}`, team.owner.headers)).statusCode).toBe(204);
    expect(await t.sql(`SELECT id FROM film_tags WHERE id = $1`, [tag._id])).toEqual([]);
    expectError(await change(team.ann, tag._id, { end: 9 }), 404, TAG_NOT_FOUND);
  });
});

describe('updates: every change of a tag tells the team', () => {
  it('records a tag update for the team with the tag, its video and the change', async () => {
    const after = await lastUpdateId(t);
    const tag = await press(t, team.ann, videoTags(key), { code: 'Point', at: 1 });
    await press(t, team.ann, videoTags(key), { code: 'Point', at: 1 }, 200);
    await change(team.ann, tag._id, { end: 3 });
    await remove(team.ann, tag._id);
    const channel = (await t.sql<{ id: number }>(`SELECT c.id FROM channels c JOIN users u ON u.id = c.owner_user_id WHERE u.username = 'vtcoach'`))[0]!.id;
    const rows = await updatesAfter(t, after);
    expect(rows.map((r) => ({ kind: r.kind, channel: r.channel_id, user: r.user_id, data: r.data }))).toEqual(
      (['new', 'changed', 'changed', 'deleted'] as const).map((change) => ({ kind: 'tag', channel, user: null, data: { _id: tag._id, video: key, event: null, change } })),
    );
  });

  it('reaches a teammate\'s open stream', async () => {
    const base = await listen(t.app);
    const stream = await openUpdates(base, team.bob.headers);
    expect(stream.status).toBe(200);
    try {
      const tag = await press(t, team.ann, videoTags(key), { code: 'Shot', at: 2 });
      let event = await stream.nextEvent();
      while (event && event.event !== 'tag') event = await stream.nextEvent();
      expect(event?.data).toEqual({ _id: tag._id, video: key, event: null, change: 'new' });
    } finally {
      stream.close();
    }
  });
});
