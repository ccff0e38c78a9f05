import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coach, expectError, person, userId, videosApp, type TeamsApp } from '../videos/helpers';
import { OTHER_HOST } from '../teams/helpers';
import { addSegment, insertEvent, liveSegmentFiles, playbackToken, type LiveEvent } from './playback-helpers';

let t: TeamsApp;
let dir: string;
let files: string[];
let ownerId: number;
let viewerId: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'live-playback-'));
  [t, files] = await Promise.all([videosApp(), liveSegmentFiles(dir)]);
  await coach(t, 'livecoach', 'Lions');
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
const seqs = (res: LightMyRequestResponse) => [...res.body.matchAll(/^(\d+)\.ts\?token=/gm)].map((m) => Number(m[1]));

/** A live event with `count` real segments (the generated files, reused in turn). */
async function liveEvent(count: number): Promise<{ event: LiveEvent; token: string }> {
  const event = await insertEvent(t, ownerId, 'live');
  for (let seq = 0; seq < count; seq++) await addSegment(t, event, seq, files[seq % files.length]!);
  return { event, token: await playbackToken(t, event.id, viewerId) };
}

describe('live playlist', () => {
  it('serves the EVENT playlist of the stored rows, every URI with the token, uncached, and counts the viewer once per 15 s', async () => {
    const { event, token } = await liveEvent(3);
    const res = await get(playlistUrl(event, token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(/^#EXTM3U\n/);
    expect(res.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT\n');
    expect(res.body).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=6.0\n');
    expect(res.body).not.toContain('#EXT-X-ENDLIST');
    expect(seqs(res)).toEqual([0, 1, 2]);
    expect(res.body).toContain(`0.ts?token=${encodeURIComponent(token)}\n`);

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
    expectError(await get(`/api/live/${event.key}/0.ts?token=${encodeURIComponent(forged)}`), 403, invalid);

    expectError(await get(playlistUrl({ ...event, key: 'x'.repeat(22) }, token)), 404, 'Live event not found.');
    expectError(await get(playlistUrl(event, token), { host: OTHER_HOST }), 404, 'Live event not found.');
  });
});

describe('live segments', () => {
  it('streams the stored bytes as immutable MPEG-TS, and a byte range of them', async () => {
    const { event, token } = await liveEvent(3);
    const stored = await readFile(files[1]!);
    const res = await get(`/api/live/${event.key}/1.ts?token=${encodeURIComponent(token)}`, { 'accept-encoding': 'gzip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(stored)).toBe(true);

    const part = await get(`/api/live/${event.key}/1.ts?token=${encodeURIComponent(token)}`, { range: 'bytes=188-375' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 188-375/${stored.length}`);
    expect(part.rawPayload.equals(stored.subarray(188, 376))).toBe(true);
  });

  it('finds a segment another node listed first, and 404s one that does not exist', async () => {
    const { event, token } = await liveEvent(1);
    const seg = (name: string) => get(`/api/live/${event.key}/${name}?token=${encodeURIComponent(token)}`);
    expect((await get(playlistUrl(event, token))).statusCode).toBe(200);
    // Written without a notification: what this node has not heard of yet.
    await t.sql(`INSERT INTO live_segments (event_id, seq, storage_key, started_at_ms, duration_sec, byte_size) SELECT event_id, 1, storage_key, started_at_ms + 1000, 1, byte_size FROM live_segments WHERE event_id = $1`, [event.id]);
    expect((await seg('1.ts')).rawPayload.equals(await readFile(files[0]!))).toBe(true);
    expectError(await seg('2.ts'), 404, 'Segment not found.');
    expectError(await seg('index.ts'), 404, 'Segment not found.');
    expectError(await seg('1.mp4'), 404, 'Segment not found.');
  });
});
