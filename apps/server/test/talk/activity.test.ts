import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardPage } from '@app/contracts/talk';
import { cachedTestClip } from '../../../../packages/media/test/helpers/fixture-cache';
import type { Ingest } from '../../src/modules/live/ingest/ingest.service';
import { transcodeStoredVideo } from '../../src/modules/videos/transcode/transcode.service';
import { createEvent } from '../live/events-helpers';
import { publish, startTestIngest } from '../live/ingest-helpers';
import { WELCOME_TEXT, WELCOME_UPLOADER_TEXT } from '../../src/modules/talk/activity.service';
import { insertVideo as insertUploadedVideo, jobContext } from '../transcode/helpers';
import {
  activity,
  allPages,
  athlete,
  board,
  call,
  channelId,
  coach,
  joinTeam,
  lastUpdateId,
  listenForUpdate,
  pathOf,
  person,
  post,
  readyVideo,
  updatesAfter,
  userId,
  videosApp,
  type Person,
  type TeamsApp,
} from './helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let team: number;
let fixtures: string;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'acoach', 'Actives');
  mate = await athlete(t, 'amate');
  await joinTeam(t, 'acoach', 'amate');
  team = (await channelId(t, 'acoach'))!;
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'activity-fixtures-'));
});
afterAll(async () => {
  await t?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

type Item = { _id: string; type: string | null; action: string | null; content: string; subject: string; publisher: string; preview: string | null };
const items = async (who: Person): Promise<Item[]> => {
  const res = await activity(t, who, '?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return boardPage.parse(res.json()).items as Item[];
};

describe('GET /api/team/activity', () => {
  it('a team with no activity at all gets the welcome item on its first page only; a coach in the trial is told how to start, not to upgrade', async () => {
    const quiet = await coach(t, 'aquiet', 'Quiet');
    const res = await activity(t, quiet, '?limit=3');
    expect(res.statusCode, res.body).toBe(200);
    const page = boardPage.parse(res.json());
    expect(page.next).toBeNull();
    expect(page.items).toEqual([
      expect.objectContaining({ _id: 'welcome', type: 'link', action: '/upload', channel: { owner: 'aquiet', channel: 'main' }, replies: 0, preview: null }),
    ]);
    expect(page.items[0]!.content).toBe(WELCOME_UPLOADER_TEXT);
    expect((await activity(t, quiet, `?timestamp=${Date.now()}`)).json()).toEqual({ items: [], next: null });
  });

  it('the welcome follows the caller\'s level: past the trial it says to upgrade (linking /settings), and right after subscribing it does not', async () => {
    await coach(t, 'wcoach', 'Welcomers');
    const lapsed = await person(t, 'wlapsed', { type: 'athlete' });
    await joinTeam(t, 'wcoach', 'wlapsed');
    // A registered athlete whose 8-day trial is over and who never subscribed: level none.
    await t.sql(`UPDATE users SET trial_started_at = now() - interval '9 days' WHERE username = 'wlapsed'`);
    const welcome = async () => boardPage.parse((await activity(t, lapsed, '?limit=3')).json()).items[0]!;

    expect(await welcome()).toMatchObject({ _id: 'welcome', action: '/settings', content: WELCOME_TEXT });
    const bought = await call(t, 'POST', '/api/billing/local/subscribe', lapsed.headers, { type: 'athlete' });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await welcome()).toMatchObject({ _id: 'welcome', action: '/upload', content: WELCOME_UPLOADER_TEXT });
  });

  it('a board post: a link to its thread, with its subject and content, recorded with an activity update', async () => {
    const after = await lastUpdateId(t);
    const id = await post(t, mate, 'Pizza after practice?', 'Food');
    const [item] = await items(owner);
    expect(item).toMatchObject({ type: 'link', action: `/team/messages/${id}`, subject: 'Food', content: 'Pizza after practice?', publisher: 'amate', preview: null });
    const rows = (await updatesAfter(t, after)).filter((r) => r.kind === 'activity');
    expect(rows).toEqual([expect.objectContaining({ channel_id: team, data: { _id: item!._id, item: expect.objectContaining({ _id: item!._id, action: `/team/messages/${id}` }) } })]);
  });

  it('a member joining (an invitation accepted): a link to their member page; joining again adds nothing', async () => {
    const joiner = await athlete(t, 'ajoiner', { firstname: 'Alex', lastname: 'Rivera' });
    const invited = await call(t, 'PUT', '/api/channel/acoach/main/invites', owner.headers, { member: 'ajoiner' });
    expect(invited.statusCode, invited.body).toBe(200);
    const after = await lastUpdateId(t);
    expect((await call(t, 'PUT', '/api/channel/acoach/main/members', joiner.headers)).statusCode).toBe(200);
    const [item] = await items(mate);
    expect(item).toMatchObject({ type: 'link', action: '/team/members/ajoiner', publisher: 'ajoiner', content: 'Alex Rivera joined the team' });
    expect((await updatesAfter(t, after)).map((r) => [r.channel_id, r.kind])).toEqual([[team, 'activity']]);
    // Activating the team again is not joining it.
    expect((await call(t, 'PUT', '/api/channel/acoach/main/members', joiner.headers)).statusCode).toBe(200);
    expect((await items(mate))[0]!._id).toBe(item!._id);
  });

  it('a reel shared into the channel: on the board and in the feed, with the poster of its first clip', async () => {
    const video = await readyVideo(t, 'acoach');
    const clip = (await call(t, 'POST', `/api/user/videos/${video.key}/clips`, owner.headers, { timestamp: 5, duration: 4 })).json();
    const posterKey = `demo/videos/${video.key}/clips/${clip._id}/poster.jpg`;
    await t.runtime.storage.put(posterKey, Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    await t.sql(`UPDATE clips SET poster_key = $2 WHERE id = $1`, [clip._id, posterKey]);
    const after = await lastUpdateId(t);
    const shared = await call(t, 'POST', '/api/channel/acoach/main', owner.headers, { message: 'Watch this @amate', reel: clip.reel_id });
    expect(shared.statusCode, shared.body).toBe(201);

    const [onBoard] = (await board.list(t, mate)).json().items;
    expect(onBoard).toMatchObject({ _id: shared.json()._id, type: 'reel', action: clip.reel_id, content: 'Watch this @amate', recipients: ['amate'], publisher: 'acoach' });
    const [inFeed] = await items(mate);
    expect(inFeed).toMatchObject({ type: 'reel', action: clip.reel_id, content: 'Watch this @amate', publisher: 'acoach' });
    for (const preview of [onBoard.preview, inFeed!.preview]) {
      expect(preview).toEqual(expect.any(String));
      const image = await t.app.inject({ method: 'GET', url: pathOf(preview!) });
      expect(image.statusCode).toBe(200);
      expect(image.body).toBe('jpeg');
    }
    const rows = await updatesAfter(t, after);
    expect(rows.filter((r) => r.channel_id !== null).map((r) => r.kind)).toEqual(['board', 'activity']);
    expect(rows.filter((r) => r.user_id !== null).map((r) => r.kind)).toEqual(['notification', 'unread']);
    // Deleting the shared message takes its activity item along.
    expect((await board.remove(t, owner, shared.json()._id)).statusCode).toBe(204);
    expect((await items(mate)).map((i) => i._id)).not.toContain(inFeed!._id);
  });

  it('a video ready (the transcode job): in the feed of every team whose members may now see it', async () => {
    const rival = await coach(t, 'arival', 'Rivals');
    await athlete(t, 'aboth');
    const loner = await coach(t, 'aloner', 'Loners');
    await joinTeam(t, 'acoach', 'aboth');
    await joinTeam(t, 'arival', 'aboth');
    const file = path.join(fixtures, 'game.mp4');
    await cachedTestClip(file, { durationSec: 2, width: 320, height: 240 });
    const videoId = await insertUploadedVideo(t, await userId(t, 'aboth'), file);
    await t.sql(`UPDATE videos SET title = 'Semifinal' WHERE id = $1`, [videoId]);
    // Processing is the uploader's alone: nothing is announced before it is ready.
    expect((await items(owner)).map((i) => i.action)).not.toContain(videoId);
    const after = await lastUpdateId(t);
    await transcodeStoredVideo(videoId, jobContext(t));
    expect((await t.sql<{ status: string }>(`SELECT status FROM videos WHERE id = $1`, [videoId]))[0]!.status).toBe('ready');
    const rows = (await updatesAfter(t, after)).filter((r) => r.kind === 'activity');
    expect(rows.map((r) => r.channel_id).sort()).toEqual([team, (await channelId(t, 'arival'))!].sort());
    for (const who of [owner, mate, rival]) {
      expect((await items(who))[0]).toMatchObject({ type: 'video', action: videoId, publisher: 'aboth', content: 'New video: Semifinal', preview: null });
    }
    expect((await items(loner)).map((i) => i.action)).not.toContain(videoId);
  });

  it('pages without skipping or repeating an item, also with several in one millisecond', async () => {
    const paged = await coach(t, 'apager', 'Pagers');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await post(t, paged, `Post ${i}`));
    await t.sql(
      `UPDATE team_activity SET created_at = '2030-02-02T10:00:00.456Z'::timestamptz + (random() * interval '0.0009 seconds')
        WHERE message_id = ANY($1::uuid[])`,
      [ids.slice(1, 5)],
    );
    const expected = (await items(paged)).map((i) => i._id);
    expect(expected).toHaveLength(7);
    for (const limit of [1, 2, 3]) {
      const pages = await allPages((query) => activity(t, paged, query), limit);
      expect(pages.flatMap((p) => p.items.map((i) => i._id)), `limit ${limit}`).toEqual(expected);
    }
  });
});

describe('a live game starting (a real RTMP publish)', () => {
  let ingest: Ingest;
  beforeAll(async () => {
    ingest = await startTestIngest(t);
  });
  afterAll(() => ingest?.close());

  it('is in its team\'s feed once its first segment is stored, linking to the game, once', async () => {
    const { key, ingestKey } = await createEvent(t, owner, { title: 'Actives vs Rivals' });
    const after = await lastUpdateId(t);
    const heard = await listenForUpdate(t, after, (r) => r.kind === 'activity' && r.channel_id === team);
    const publisher = publish(ingest.port, ingestKey, { seconds: 4 });
    try {
      const row = await heard.update;
      expect(row.data).toEqual({ _id: expect.any(String), item: expect.objectContaining({ type: 'live', action: key, publisher: 'acoach', content: 'Live now: Actives vs Rivals' }) });
      expect((await items(mate))[0]).toMatchObject({ _id: row.data._id, type: 'live', action: key });
      expect(await publisher.exited).toBe(0);
    } finally {
      publisher.kill();
      await heard.stop();
    }
    // Later segments are the same game: one item.
    expect((await items(mate)).filter((i) => i.action === key)).toHaveLength(1);
  });

  it('reads "Final: <title>" once the game ends, live again when the encoder comes back, and open pages hear each', async () => {
    const { key, ingestKey } = await createEvent(t, owner, { title: 'Actives vs Owls' });
    const itemOf = async () => (await items(mate)).find((i) => i.action === key);
    const heardItem = async (after: number, content: string, run: () => Promise<void>) => {
      const heard = await listenForUpdate(t, after, (r) => r.kind === 'activity' && (r.data as { item?: Item }).item?.action === key && (r.data as { item: Item }).item.content === content);
      try {
        await run();
        return (await heard.update).data as { _id: string; item: Item & { ended?: boolean } };
      } finally {
        await heard.stop();
      }
    };
    const first = await heardItem(await lastUpdateId(t), 'Final: Actives vs Owls', async () => expect(await publish(ingest.port, ingestKey, { seconds: 2 }).exited).toBe(0));
    expect(first.item).toMatchObject({ type: 'live', action: key, ended: true });
    expect(await itemOf()).toMatchObject({ _id: first._id, content: 'Final: Actives vs Owls', ended: true });

    // A reconnect within the resume window continues the game: the same item is live again, then final again.
    const mark = await lastUpdateId(t);
    const again = publish(ingest.port, ingestKey, { seconds: 2 });
    const resumed = await heardItem(mark, 'Live now: Actives vs Owls', async () => undefined);
    expect(resumed).toMatchObject({ _id: first._id, item: { ended: false } });
    const ended = await heardItem(mark, 'Final: Actives vs Owls', async () => expect(await again.exited).toBe(0));
    expect(ended._id).toBe(first._id);
    expect((await items(mate)).filter((i) => i.action === key)).toHaveLength(1);
  });
});
