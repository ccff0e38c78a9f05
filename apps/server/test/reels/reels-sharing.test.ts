import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_HOST } from '../teams/helpers';
import {
  athlete,
  call,
  coach,
  expectError,
  joinTeam,
  markCut,
  pathOf,
  person,
  readyVideo,
  setSharing,
  videosApp,
  type Person,
  type ReadyVideo,
  type TeamsApp,
} from '../clips/helpers';

type MadeClip = { _id: string; clip_id: number; reel_id: string; stream_id: string };

let t: TeamsApp;
let owner: Person;
let mate: Person;
let outsider: Person;
let game: ReadyVideo;

beforeAll(async () => {
  t = await videosApp();
  owner = await coach(t, 'sharecoach', 'Sharers');
  mate = await athlete(t, 'sharemate');
  outsider = await athlete(t, 'shareoutsider');
  await joinTeam(t, 'sharecoach', 'sharemate');
  game = await readyVideo(t, 'sharecoach', { title: 'Game', durationSec: 20 });
});
afterAll(() => t?.close());

const share = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/reels/${id}`, headers });

async function clipOf(who: Person, key: string, timestamp: number, duration = 2): Promise<MadeClip> {
  const res = await call(t, 'POST', `/api/user/videos/${key}/clips`, who.headers, { timestamp, duration });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function reelOf(who: Person, streamId: string, clipIds: number[]): Promise<string> {
  const res = await call(t, 'POST', `/api/user/reels/${streamId}`, who.headers, { clips: clipIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().reelId;
}

async function shareOn(who: Person, reelId: string) {
  const res = await setSharing(t, who, reelId, true);
  expect(res.statusCode, res.body).toBe(200);
}

describe('nothing is public unless its maker shared it', () => {
  it("a clip's own reel, right after the clip, is not public", async () => {
    const clip = await clipOf(owner, game.key, 3);
    expectError(await share(clip.reel_id), 404, 'Reel not found.');
    expect((await call(t, 'GET', `/api/user/reels/${clip.reel_id}`, owner.headers)).json().shared).toBe(false);
  });

  it('a new reel starts unshared: its link answers like an unknown one', async () => {
    const clip = await clipOf(owner, game.key, 5);
    const reelId = await reelOf(owner, game.key, [clip.clip_id]);
    const res = await share(reelId);
    expectError(res, 404, 'Reel not found.');
    expect(res.body).toBe((await share('AAAAAAAAAAAAAAAAAAAAAAAA')).body);
  });

  it('a shared link never plays the source: "being prepared" until every clip is cut, then only the cut files', async () => {
    const first = await clipOf(owner, game.key, 7);
    const second = await clipOf(owner, game.key, 11);
    const reelId = await reelOf(owner, game.key, [first.clip_id, second.clip_id]);
    await shareOn(owner, reelId);
    expectError(await share(reelId), 409, 'This reel is being prepared. Try again in a minute.');
    const firstFile = await markCut(t, first._id);
    expectError(await share(reelId), 409, 'This reel is being prepared. Try again in a minute.');
    const secondFile = await markCut(t, second._id);
    const res = await share(reelId);
    expect(res.statusCode, res.body).toBe(200);
    const sources = res.json().chunks.map((c: { source: string }) => c.source);
    expect(sources.map((s: string) => new URL(s, 'http://x').pathname)).toEqual([expect.stringContaining(firstFile), expect.stringContaining(secondFile)]);
    for (const source of sources) {
      expect(source).not.toContain('renditions');
      expect(source).not.toContain('#');
      expect((await t.app.inject({ method: 'GET', url: pathOf(source) })).statusCode).toBe(200);
    }
  });

  it('a clip whose cut failed never plays from its source on a shared link', async () => {
    const clip = await clipOf(owner, game.key, 13);
    await t.sql(`UPDATE clips SET status = 'failed' WHERE id = $1`, [clip._id]);
    await shareOn(owner, clip.reel_id);
    expectError(await share(clip.reel_id), 409, 'This reel cannot be played: one of its clips could not be prepared.');
  });

  it("a trimmed chunk plays the part of the clip's own file", async () => {
    const clip = await clipOf(owner, game.key, 15, 4);
    await markCut(t, clip._id);
    const saved = await call(t, 'PUT', `/api/user/reels/${clip.reel_id}`, owner.headers, { title: null, shared: true, chunks: [{ clip: clip._id, in: 1, out: 3 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await share(clip.reel_id)).json().chunks[0].source).toMatch(/\/clip\.mp4\?.*#t=1,3$/);
  });

  it('is not reachable from another tenant\'s host', async () => {
    const clip = await clipOf(owner, game.key, 17);
    await markCut(t, clip._id);
    await shareOn(owner, clip.reel_id);
    expect((await share(clip.reel_id)).statusCode).toBe(200);
    expectError(await share(clip.reel_id, { host: OTHER_HOST }), 404, 'Reel not found.');
  });
});

describe('PUT /api/user/reels/{reelId}/sharing', () => {
  let clip: MadeClip;
  beforeAll(async () => {
    clip = await clipOf(owner, game.key, 1);
    await markCut(t, clip._id);
  });

  it('turns the link on and off at once, without the editor\'s save', async () => {
    const reelId = await reelOf(owner, game.key, [clip.clip_id]);
    const on = await setSharing(t, owner, reelId, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ reelId, shared: true });
    expect((await share(reelId)).statusCode).toBe(200);
    const off = await setSharing(t, owner, reelId, false);
    expect(off.json()).toEqual({ reelId, shared: false });
    expectError(await share(reelId), 404, 'Reel not found.');
    expect((await call(t, 'GET', `/api/user/reels/${reelId}`, owner.headers)).json().shared).toBe(false);
  });

  it('is the maker\'s: a teammate and an outsider get 404, no token 401, a bad body 400; nothing changes', async () => {
    const reelId = await reelOf(owner, game.key, [clip.clip_id]);
    for (const who of [mate, outsider]) expectError(await setSharing(t, who, reelId, true), 404, 'Reel not found.');
    expectError(await setSharing(t, null, reelId, true), 401);
    expectError(await setSharing(t, owner, reelId, 'yes'), 400, /^body\.shared: /);
    expectError(await setSharing(t, owner, 'AAAAAAAAAAAAAAAAAAAAAAAA', true), 404, 'Reel not found.');
    expectError(await share(reelId), 404, 'Reel not found.');
  });
});

describe('a member removed from the team', () => {
  let coachB: Person;
  let member: Person;
  let teamVideo: ReadyVideo;
  let ownVideo: ReadyVideo;
  let teamClip: MadeClip;
  let ownClip: MadeClip;
  let teamReel: string;
  let mixedReel: string;

  beforeAll(async () => {
    coachB = await coach(t, 'removecoach', 'Removers');
    member = await athlete(t, 'removedmember');
    await joinTeam(t, 'removecoach', 'removedmember');
    teamVideo = await readyVideo(t, 'removecoach', { title: 'Team game' });
    ownVideo = await readyVideo(t, 'removedmember', { title: 'My training' });
    teamClip = await clipOf(member, teamVideo.key, 4);
    ownClip = await clipOf(member, ownVideo.key, 2);
    for (const c of [teamClip, ownClip]) await markCut(t, c._id);
    teamReel = await reelOf(member, teamVideo.key, [teamClip.clip_id]);
    mixedReel = await reelOf(member, ownVideo.key, [ownClip.clip_id]);
    const saved = await call(t, 'PUT', `/api/user/reels/${mixedReel}`, member.headers, {
      title: 'Mine and theirs',
      shared: true,
      chunks: [
        { clip: ownClip._id, in: 0, out: 2 },
        { clip: teamClip._id, in: 0, out: 2 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The editor's save shares it as well as the switch does.
    const shared = await call(t, 'PUT', `/api/user/reels/${teamReel}`, member.headers, { title: null, shared: true, chunks: [{ clip: teamClip._id, in: 0, out: 2 }] });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await share(teamReel)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/user/reels/${teamReel}/export`, member.headers)).statusCode).toBe(202);
    // An MP4 of the mixed reel made while the member could see all of it.
    await t.sql(`INSERT INTO reel_exports (reel_id, tenant_id, job_id, status, progress, file_key) VALUES ($1, 'demo', gen_random_uuid(), 'ready', 100, 'demo/reels/m/export/a/reel.mp4')`, [mixedReel]);
    expect((await call(t, 'GET', `/api/user/reels/${mixedReel}/export`, member.headers)).json().status).toBe('ready');
    const removed = await call(t, 'DELETE', `/api/channel/removecoach/main/members/removedmember`, coachB.headers);
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('no longer sees, lists, exports or shares a reel of the team\'s clips', async () => {
    expectError(await call(t, 'GET', `/api/user/reels/${teamReel}`, member.headers), 404, 'Reel not found.');
    const list = (await call(t, 'GET', '/api/user/reels?limit=100', member.headers)).json();
    expect(list.items.map((r: { reelId: string }) => r.reelId)).toEqual([mixedReel]);
    expectError(await call(t, 'POST', `/api/user/reels/${teamReel}/export`, member.headers), 404, 'Reel not found.');
    expectError(await call(t, 'GET', `/api/user/reels/${teamReel}/export`, member.headers), 404, 'Reel not found.');
    expectError(await share(teamReel), 404, 'Reel not found.');
    expectError(await setSharing(t, member, teamReel, true), 404, 'Reel not found.');
  });

  it('sees, lists and shares of a mixed reel only the chunks they may still see', async () => {
    const view = await call(t, 'GET', `/api/user/reels/${mixedReel}`, member.headers);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().chunks.map((c: { clip: string }) => c.clip)).toEqual([ownClip._id]);
    const list = (await call(t, 'GET', '/api/user/reels?limit=100', member.headers)).json();
    expect(list.items[0].chunks.map((c: { clip: string }) => c.clip)).toEqual([ownClip._id]);
    expect((await share(mixedReel)).json().chunks.map((c: { clip: string }) => c.clip)).toEqual([ownClip._id]);
  });

  it('no longer gets the download of an MP4 that holds the team\'s clips; a new export is made of what they may see', async () => {
    expect((await call(t, 'GET', `/api/user/reels/${mixedReel}/export`, member.headers)).json()).toEqual({ status: 'none', progress: 0, url: null, failureReason: null });
    const again = await call(t, 'POST', `/api/user/reels/${mixedReel}/export`, member.headers);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ status: 'queued', url: null });
    expect(await t.sql(`SELECT status FROM reel_exports WHERE reel_id = $1`, [mixedReel])).toEqual([{ status: 'queued' }]);
  });
});

describe("the team owner and the share links of the team's footage", () => {
  let coachC: Person;
  let athleteC: Person;
  let reelId: string;
  let clip: MadeClip;

  beforeAll(async () => {
    coachC = await coach(t, 'reviewcoach', 'Reviewers');
    athleteC = await athlete(t, 'reviewathlete');
    await joinTeam(t, 'reviewcoach', 'reviewathlete');
    const video = await readyVideo(t, 'reviewcoach', { title: 'Final' });
    clip = await clipOf(athleteC, video.key, 6);
    await markCut(t, clip._id);
    reelId = await reelOf(athleteC, video.key, [clip.clip_id]);
    await shareOn(athleteC, reelId);
    await shareOn(athleteC, clip.reel_id);
  });

  it('lists the shared reels that play the team\'s clips, and nobody else\'s', async () => {
    const res = await call(t, 'GET', '/api/team/shared-reels', coachC.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { reelId, title: null, maker: 'reviewathlete', ownClip: false, timestamp: expect.any(Number) },
      { reelId: clip.reel_id, title: null, maker: 'reviewathlete', ownClip: true, timestamp: expect.any(Number) },
    ]);
    expect((await call(t, 'GET', '/api/team/shared-reels', owner.headers)).json().items.map((r: { reelId: string }) => r.reelId)).not.toContain(reelId);
    expectError(await call(t, 'GET', '/api/team/shared-reels'), 401);
  });

  it('switches one off (the link stops at once), but may not switch it on; another team\'s owner gets 404', async () => {
    expectError(await setSharing(t, owner, reelId, false), 404, 'Reel not found.');
    expect((await share(reelId)).statusCode).toBe(200);
    const off = await setSharing(t, coachC, reelId, false);
    expect(off.statusCode, off.body).toBe(200);
    expectError(await share(reelId), 404, 'Reel not found.');
    expectError(await setSharing(t, coachC, reelId, true), 403, "Only the reel's maker may share it.");
    expect((await call(t, 'GET', '/api/team/shared-reels', coachC.headers)).json().items.map((r: { reelId: string }) => r.reelId)).toEqual([clip.reel_id]);
  });

  it("keeps the link off when the maker's editor, opened before the owner switched it off, saves without `shared`", async () => {
    const open = await call(t, 'GET', `/api/user/reels/${clip.reel_id}`, athleteC.headers);
    expect(open.json().shared).toBe(true);
    expect((await setSharing(t, coachC, clip.reel_id, false)).statusCode).toBe(200);
    const saved = await call(t, 'PUT', `/api/user/reels/${clip.reel_id}`, athleteC.headers, { title: 'Reworked', chunks: [{ clip: clip._id, in: 0, out: 2 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Reworked', shared: false });
    expectError(await share(clip.reel_id), 404, 'Reel not found.');
    expect((await call(t, 'GET', '/api/team/shared-reels', coachC.headers)).json().items).toEqual([]);
    // A save without `shared` keeps a shared link on too.
    await shareOn(athleteC, clip.reel_id);
    const again = await call(t, 'PUT', `/api/user/reels/${clip.reel_id}`, athleteC.headers, { title: null, chunks: [{ clip: clip._id, in: 0, out: 2 }] });
    expect(again.json()).toMatchObject({ shared: true });
    expect((await share(clip.reel_id)).statusCode).toBe(200);
  });

  it('lists the newest 100 only (it has no paging)', async () => {
    const [maker] = await t.sql<{ id: number }>(`SELECT id FROM users WHERE username = 'reviewathlete'`);
    await t.sql(
      `INSERT INTO reels (id, tenant_id, owner_user_id, shared, created_at) SELECT 'bulk' || g, 'demo', $1, true, now() - g * interval '1 minute' FROM generate_series(1, 100) g`,
      [maker!.id],
    );
    await t.sql(`INSERT INTO reel_chunks (reel_id, position, clip_id, in_sec, out_sec) SELECT 'bulk' || g, 0, $1, 0, 1 FROM generate_series(1, 100) g`, [clip._id]);
    const items: { reelId: string }[] = (await call(t, 'GET', '/api/team/shared-reels', coachC.headers)).json().items;
    expect(items).toHaveLength(100);
    expect(items.slice(0, 3).map((r) => r.reelId)).toEqual([clip.reel_id, 'bulk1', 'bulk2']);
    expect(items.at(-1)!.reelId).toBe('bulk99');
  });
});

describe('an export', () => {
  it('hands out a download link that lives no longer than any media URL (10 minutes)', async () => {
    const clip = await clipOf(owner, game.key, 9);
    await t.sql(`INSERT INTO reel_exports (reel_id, tenant_id, job_id, status, progress, file_key) VALUES ($1, 'demo', gen_random_uuid(), 'ready', 100, 'demo/reels/x/export/a/reel.mp4')`, [clip.reel_id]);
    const res = await call(t, 'GET', `/api/user/reels/${clip.reel_id}/export`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    const expires = Number(new URL(res.json().url, 'http://x').searchParams.get('X-Expires'));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
  });
});

describe('a person outside the team', () => {
  it('never gets a shared reel of the team from the API, only through its link', async () => {
    const stranger = await person(t, 'sharestranger', { type: 'team' });
    const clip = await clipOf(owner, game.key, 19, 1);
    await markCut(t, clip._id);
    await shareOn(owner, clip.reel_id);
    expectError(await call(t, 'GET', `/api/user/reels/${clip.reel_id}`, stranger.headers), 404, 'Reel not found.');
    expect((await share(clip.reel_id)).statusCode).toBe(200);
  });
});
