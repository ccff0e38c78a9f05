import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '@app/media/run-ffmpeg';
import { createSegmentPaths, loadPlaybackTokens } from '../../src/modules/live/playback-token';
import { tokenSigner } from '../../src/signed-token';
import { storageKey } from '../../src/storage/keys';
import type { TeamsApp } from '../teams/helpers';

/** Real 1 s MPEG-TS segments (testsrc + sine, a keyframe every second), as the live packager writes them. */
export async function liveSegmentFiles(dir: string, seconds = 3): Promise<string[]> {
  await runFfmpeg([
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', '64k',
    '-f', 'segment', '-segment_time', '1', '-segment_format', 'mpegts', path.join(dir, 'seg-%d.ts'),
  ]);
  const files = (await readdir(dir)).filter((f) => /^seg-\d+\.ts$/.test(f));
  return files.sort((a, b) => Number(a.slice(4, -3)) - Number(b.slice(4, -3))).map((f) => path.join(dir, f));
}

export interface LiveEvent {
  id: string;
  key: string;
  tenantId: string;
}

/** An event row as the events module leaves it (any box: playback never opens it). */
export async function insertEvent(t: TeamsApp, ownerUserId: number, status: 'upcoming' | 'live' | 'ended', tenantId = 'demo'): Promise<LiveEvent> {
  const key = randomBytes(16).toString('base64url');
  const hash = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO live_events (tenant_id, key, owner_user_id, title, sport, starts_at, ingest_key_hash, ingest_key_box, status)
     VALUES ($1, $2, $3, 'Derby', 'FTB', now(), $4, 'box', $5) RETURNING id`,
    [tenantId, key, ownerUserId, hash, status],
  );
  return { id: row!.id, key, tenantId };
}

export interface SegmentValues {
  durationSec?: number;
  startedAtMs?: number;
  discontinuity?: boolean;
}

/**
 * Stores `file` as segment `seq` and then, as the ingest does, inserts its row and NOTIFYs
 * `live_segment` in one transaction. Returns the storage key.
 */
export async function addSegment(t: TeamsApp, event: LiveEvent, seq: number, file: string, values: SegmentValues = {}): Promise<string> {
  const key = storageKey(event.tenantId, 'live', event.id, `${seq}.ts`);
  const stored = await t.runtime.storage.putFile(key, file, { contentType: 'video/mp2t' });
  const client = await t.runtime.db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO live_segments (event_id, seq, storage_key, started_at_ms, duration_sec, discontinuity, byte_size) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [event.id, seq, key, values.startedAtMs ?? Date.UTC(2026, 10, 24, 18) + seq * 1000, values.durationSec ?? 1, values.discontinuity ?? false, stored.size],
    );
    await client.query(`SELECT pg_notify('live_segment', $1)`, [`${event.id}:${seq}`]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return key;
}

/** A playback token as `GET /api/live/{key}` hands out (of the epochs nothing has bumped, unless given). */
export async function playbackToken(t: TeamsApp, eventId: string, userId: number, expiresAt = Date.now() + 10 * 60_000, epochs = { eventEpoch: 0, viewerEpoch: 0 }): Promise<string> {
  return (await loadPlaybackTokens(t.runtime.db)).sign({ eventId, userId, expiresAt, ...epochs });
}

/** Segment `seq`'s URL under the game's path token of now, as its playlists write it (the default bucket). */
export async function pathSegmentUrl(t: TeamsApp, event: Pick<LiveEvent, 'key' | 'tenantId'>, seq: number, epoch = 0): Promise<string> {
  const paths = createSegmentPaths(await tokenSigner(t.runtime.db), 300);
  return `/api/live/${event.key}/a/${paths.sign({ tenantId: event.tenantId, key: event.key, epoch })}/source/${seq}.ts`;
}

/** The segment URIs of a playlist as paths (they are relative to it), by seq. */
export function segmentPaths(key: string, playlist: string): Map<number, string> {
  return new Map([...playlist.matchAll(/^(a\/[^/\s]+\/[a-z0-9]+\/(\d+)\.ts)$/gm)].map((m) => [Number(m[2]), `/api/live/${key}/${m[1]}`]));
}
