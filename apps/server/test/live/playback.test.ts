import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSegmentPaths } from '../../src/modules/live/playback-token';
import { tokenSigner } from '../../src/signed-token';
import { call, coach, expectError, joinTeam, person, userId, videosApp, type Person, type TeamsApp } from '../videos/helpers';
import { OTHER_HOST } from '../teams/helpers';
import { addSegment, insertEvent, liveSegmentFiles, playbackToken, segmentPaths, type LiveEvent } from './playback-helpers';

let t: TeamsApp;
let dir: string;
let files: string[];
let ownerId: number;
let viewerId: number;
let owner: Person;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'live-playback-'));
  [t, files] = await Promise.all([videosApp(), liveSegmentFiles(dir)]);
  owner = await coach(t, 'livecoach', 'Lions');
  await person(t, 'livefan', { type: 'fan' });
  ownerId = await userId(t, 'livecoach');
  viewerId = await userId(t, 'livefan');
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const playlistUrl = (event: LiveEvent, token: string, extra = '') => `/api/live/${event.key}/index.m3u8?token=${encodeURIComponent(token)}${extra}`;
const seqs = (res: LightMyRequestResponse) => [...res.body.matchAll(/^a\/\d+\.[\w-]{43}\/source\/(\d+)\.ts$/gm)].map((m) => Number(m[1]));
/** Segment `seq` as the viewer's playlist lists it. */
async function segmentUrl(event: LiveEvent, token: string, seq: number): Promise<string> {
  const url = segmentPaths(event.key, (await get(playlistUrl(event, token))).body).get(seq);
  if (!url) throw new Error(`segment ${seq} is not in the playlist`);
  return url;
}

/** A live event with `count` real segments (the generated files, reused in turn). */
async function liveEvent(count: number): Promise<{ event: LiveEvent; token: string }> {
  const event = await insertEvent(t, ownerId, 'live');
  for (let seq = 0; seq < count; seq++) await addSegment(t, event, seq, files[seq % files.length]!);
  return { event, token: await playbackToken(t, event.id, viewerId) };
}

describe('live playlist', () => {
  it('serves the EVENT playlist of the stored rows, every URI under the game’s path token, never cached, and counts the viewer once per 15 s', async () => {
    const { event, token } = await liveEvent(3);
    const res = await get(playlistUrl(event, token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatch(/^#EXTM3U\n/);
    expect(res.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT\n');
    expect(res.body).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=6.0\n');
    expect(res.body).not.toContain('#EXT-X-ENDLIST');
    expect(seqs(res)).toEqual([0, 1, 2]);
    expect(res.body).not.toContain(token);

    const seen = async () => (await t.sql<{ seen_at: Date }>(`SELECT seen_at FROM live_viewers WHERE event_id = $1 AND user_id = $2`, [event.id, viewerId]))[0]?.seen_at;
    const first = await seen();
    expect(first).toBeInstanceOf(Date);
    expect((await get(playlistUrl(event, token))).statusCode).toBe(200);
    expect(await seen()).toEqual(first);
  });

  it('is gzipped for a client that accepts it', async () => {
    const { event, token } = await liveEvent(30);
    const plain = await get(playlistUrl(event, token));
    const zipped = await get(playlistUrl(event, token), { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('answers a delta update to an hls.js-style skip request: the last 6 s and EXT-X-SKIP for the rest', async () => {
    const { event, token } = await liveEvent(10);
    const res = await get(playlistUrl(event, token, '&_HLS_msn=9&_HLS_skip=YES'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('#EXT-X-VERSION:9\n');
    expect(res.body).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=4\n');
    expect(seqs(res)).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it('holds a blocking reload until the segment it asks for is written', async () => {
    const { event, token } = await liveEvent(2);
    let answered = false;
    const blocked = get(playlistUrl(event, token, '&_HLS_msn=2')).then((res) => ((answered = true), res));
    const now = await get(playlistUrl(event, token));
    expect(seqs(now)).toEqual([0, 1]);
    expect(answered).toBe(false);

    await addSegment(t, event, 2, files[2]!);
    const res = await blocked;
    expect(res.statusCode, res.body).toBe(200);
    expect(seqs(res)).toEqual([0, 1, 2]);
  });

  it('answers a blocked reload at once with the archive when the event ends', async () => {
    const { event, token } = await liveEvent(2);
    let answered = false;
    const blocked = get(playlistUrl(event, token, '&_HLS_msn=2&_HLS_skip=YES')).then((res) => ((answered = true), res));
    await get(playlistUrl(event, token));
    expect(answered).toBe(false);

    await t.sql(`UPDATE live_events SET status = 'ended', ended_at = now() WHERE id = $1`, [event.id]);
    const res = await blocked;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT\n');
    expect(res.body).toMatch(/#EXT-X-ENDLIST\n$/);
    expect(res.body).not.toContain('SERVER-CONTROL');
    expect(seqs(res)).toEqual([0, 1]);
  });

  it('serves an ended event as its whole playlist with ENDLIST', async () => {
    const { event, token } = await liveEvent(9);
    await t.sql(`UPDATE live_events SET status = 'ended', ended_at = now() WHERE id = $1`, [event.id]);
    const res = await get(playlistUrl(event, token, '&_HLS_skip=YES'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT\n');
    expect(res.body).toMatch(/#EXT-X-ENDLIST\n$/);
    expect(seqs(res)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses a reload more than two segments ahead, and a part without a segment', async () => {
    const { event, token } = await liveEvent(2);
    expectError(await get(playlistUrl(event, token, '&_HLS_msn=4')), 400, '_HLS_msn 4 is more than two segments beyond the last one (1).');
    expectError(await get(playlistUrl(event, token, '&_HLS_part=0')), 400, '_HLS_part requires _HLS_msn.');
    expectError(await get(playlistUrl(event, token, '&_HLS_msn=-1')), 400, /_HLS_msn must be a whole number/);
  });

  it('says the stream has not started before its first segment', async () => {
    const event = await insertEvent(t, ownerId, 'upcoming');
    expectError(await get(playlistUrl(event, await playbackToken(t, event.id, viewerId))), 404, 'The stream has not started yet.');
  });

  it('refuses a missing, expired, forged or other event’s token, and does not know other tenants’ events', async () => {
    const { event, token } = await liveEvent(1);
    const other = await insertEvent(t, ownerId, 'live');
    expectError(await get(`/api/live/${event.key}/index.m3u8`), 403, 'A playback token is required to watch this event. Open the event page to get one.');
    const invalid = 'This playback link is invalid or has expired. Reload the event page to keep watching.';
    expectError(await get(playlistUrl(event, await playbackToken(t, other.id, viewerId))), 403, invalid);
    expectError(await get(playlistUrl(event, await playbackToken(t, event.id, viewerId, Date.now() - 1))), 403, invalid);
    const [body, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify([event.id, ownerId, Date.now() + 60_000])).toString('base64url')}.${signature}`;
    expect(forged).not.toBe(`${body}.${signature}`);
    expectError(await get(playlistUrl(event, forged)), 403, invalid);

    expectError(await get(playlistUrl({ ...event, key: 'x'.repeat(22) }, token)), 404, 'Live event not found.');
    expectError(await get(playlistUrl(event, token), { host: OTHER_HOST }), 404, 'Live event not found.');
  });
});

describe('live segments', () => {
  it('streams the stored bytes as immutable MPEG-TS, and a byte range of them', async () => {
    const { event, token } = await liveEvent(3);
    const stored = await readFile(files[1]!);
    const url = await segmentUrl(event, token, 1);
    const res = await get(url, { 'accept-encoding': 'gzip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(stored)).toBe(true);

    const part = await get(url, { range: 'bytes=188-375' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 188-375/${stored.length}`);
    expect(part.rawPayload.equals(stored.subarray(188, 376))).toBe(true);
  });

  it('finds a segment another node listed first, and 404s one that does not exist', async () => {
    const { event, token } = await liveEvent(1);
    const dir = (await segmentUrl(event, token, 0)).replace(/0\.ts$/, '');
    const seg = (name: string) => get(`${dir}${name}`);
    // Written without a notification: what this node has not heard of yet.
    await t.sql(`INSERT INTO live_segments (event_id, seq, storage_key, started_at_ms, duration_sec, byte_size) SELECT event_id, 1, storage_key, started_at_ms + 1000, 1, byte_size FROM live_segments WHERE event_id = $1`, [event.id]);
    expect((await seg('1.ts')).rawPayload.equals(await readFile(files[0]!))).toBe(true);
    expectError(await seg('2.ts'), 404, 'Segment not found.');
    expectError(await seg('index.ts'), 404, 'Segment not found.');
    expectError(await seg('1.mp4'), 404, 'Segment not found.');
  });
});

describe('segment URLs a cache can share', () => {
  const noStore404 = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  };

  it('are the same in every viewer’s playlist, while each playlist stays the viewer’s own', async () => {
    const { event, token } = await liveEvent(2);
    const other = await playbackToken(t, event.id, ownerId);
    const [mine, theirs] = await Promise.all([get(playlistUrl(event, token)), get(playlistUrl(event, other))]);
    expect([...segmentPaths(event.key, mine.body).values()]).toEqual([...segmentPaths(event.key, theirs.body).values()]);
    expect(segmentPaths(event.key, mine.body).size).toBe(2);
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('404 (never cached) for another game’s path token, a forged or old one, another rendition and another tenant', async () => {
    const { event, token } = await liveEvent(1);
    const { event: other, token: otherToken } = await liveEvent(1);
    const url = await segmentUrl(event, token, 0);
    const [, pathToken] = /\/a\/([^/]+)\//.exec(url)!;
    const otherPath = /\/a\/([^/]+)\//.exec(await segmentUrl(other, otherToken, 0))![1]!;
    noStore404(await get(url.replace(pathToken!, otherPath)));
    noStore404(await get(url.replace(pathToken!, pathToken!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))));
    const [bucket, mac] = pathToken!.split('.');
    noStore404(await get(url.replace(pathToken!, `${Number(bucket) - 2}.${mac}`)));
    noStore404(await get(url.replace('/source/', '/360p/')));
    noStore404(await get(url, { host: OTHER_HOST }));
    expect((await get(url)).statusCode).toBe(200);
  });

  it('a path token of the bucket before still opens a segment, one of two buckets before does not (the revocation window)', async () => {
    const { event } = await liveEvent(1);
    // The default bucket, 5 minutes: tokens are signed as the server signed them that long ago.
    const bucket = 300_000;
    const paths = createSegmentPaths(await tokenSigner(t.runtime.db), bucket / 1000);
    const scope = { tenantId: event.tenantId, key: event.key, epoch: 0 };
    const at = (ago: number) => `/api/live/${event.key}/a/${paths.sign(scope, Date.now() - ago)}/source/0.ts`;
    expect((await get(at(bucket))).statusCode).toBe(200);
    noStore404(await get(at(2 * bucket)));
  });

  it('a new ingest key stops every playback and path token of the game at once; new ones work', async () => {
    const { event, token } = await liveEvent(1);
    const url = await segmentUrl(event, token, 0);
    expect((await call(t, 'POST', `/api/events/${event.key}/ingest`, owner.headers)).statusCode).toBe(200);
    // The node hears of the new epoch through the status channel.
    await expect.poll(async () => (await get(playlistUrl(event, token))).statusCode).toBe(403);
    noStore404(await get(url));
    const fresh = await playbackToken(t, event.id, viewerId, undefined, { eventEpoch: 1, viewerEpoch: 0 });
    expect((await get(await segmentUrl(event, fresh, 0))).statusCode).toBe(200);
  });

  it('a member removed from the team gets no new playlist at once; other viewers keep watching', async () => {
    await person(t, 'livemate');
    await joinTeam(t, 'livecoach', 'livemate');
    const mateId = await userId(t, 'livemate');
    const { event, token } = await liveEvent(1);
    const mates = await playbackToken(t, event.id, mateId);
    expect((await get(playlistUrl(event, mates))).statusCode).toBe(200);
    expect((await call(t, 'DELETE', '/api/channel/livecoach/main/members/livemate', owner.headers)).statusCode).toBe(200);
    await expect.poll(async () => (await get(playlistUrl(event, mates))).statusCode).toBe(403);
    expect((await get(playlistUrl(event, token))).statusCode).toBe(200);
    // A token issued now carries the new epoch and works again (were they allowed to watch).
    const reissued = await playbackToken(t, event.id, mateId, undefined, { eventEpoch: 0, viewerEpoch: 1 });
    expect((await get(playlistUrl(event, reissued))).statusCode).toBe(200);
  });

  it('a viewer whose subscription ended gets no new playlist at once', async () => {
    const fan = await person(t, 'livepayer', { type: 'fan' });
    expect((await call(t, 'POST', '/api/billing/local/subscribe', fan.headers, { type: 'fan' })).statusCode).toBe(200);
    const { event } = await liveEvent(1);
    const token = await playbackToken(t, event.id, await userId(t, 'livepayer'));
    expect((await get(playlistUrl(event, token))).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/billing/local/cancel', fan.headers)).statusCode).toBe(200);
    await expect.poll(async () => (await get(playlistUrl(event, token))).statusCode).toBe(403);
  });
});
