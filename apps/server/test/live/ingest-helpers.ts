import type { PublishListener } from '../../src/modules/live/ingest/ingest-sessions';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { findFfmpeg } from '@app/media/binaries';
import type { Ingest } from '../../src/modules/live/ingest/ingest.service';
import { startLiveIngest } from '../../src/modules/live/live.module';
import type { Storage } from '../../src/storage/storage';
import type { Db } from '../../src/db/client';
import { freePort } from '../helpers/server-process';
import { userId, type TeamsApp } from '../videos/helpers';

export interface TestEvent {
  id: string;
  ingestKey: string;
}

/** An event row as the events API creates it (until that API is merged): only the ingest key's hash matters here. */
export async function insertEvent(t: TeamsApp, owner: string, values: { status?: string; endedAt?: Date; lastSeenAt?: Date } = {}): Promise<TestEvent> {
  const ingestKey = randomBytes(32).toString('base64url');
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO live_events (tenant_id, key, owner_user_id, title, sport, starts_at, ingest_key_hash, ingest_key_box, status, ended_at, last_seen_at)
     VALUES ('demo', $1, $2, 'Derby', 'SOC', now(), $3, 'box', $4, $5, $6) RETURNING id`,
    [randomBytes(16).toString('base64url'), await userId(t, owner), sha256(ingestKey), values.status ?? 'upcoming', values.endedAt ?? null, values.lastSeenAt ?? null],
  );
  return { id: row!.id, ingestKey };
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Ingest on a free port (as `npm start` runs it beside the app), on the test app's database and Storage. */
export async function startTestIngest(
  t: TeamsApp,
  options: { host?: string; db?: Db; storage?: Storage; log?: Logger; maxQueuedSegments?: number; maxUnrecordedSegments?: number; onPublish?: PublishListener } = {},
): Promise<Ingest> {
  return startLiveIngest({
    db: options.db ?? t.runtime.db,
    events: t.runtime.events,
    storage: options.storage ?? t.runtime.storage,
    log: options.log ?? pino({ level: 'silent' }),
    port: await freePort(),
    host: options.host ?? '127.0.0.1',
    dataDir: t.config.dataDir,
    maxQueuedSegments: options.maxQueuedSegments,
    maxUnrecordedSegments: options.maxUnrecordedSegments,
    onPublish: options.onPublish,
  });
}

export interface Publisher {
  /** Exit code of the publishing ffmpeg (non-zero when the server refused or dropped it). */
  exited: Promise<number | null>;
  stderr(): string;
  kill(): void;
  /** Freezes the encoder: its connection stays open and sends nothing. */
  freeze(): void;
}

/**
 * A real encoder: ffmpeg publishing a test pattern and a tone in real time (1 s GOP, like OBS set up as
 * the setup hint says). `codecs: 'legacy'` sends Sorenson H.263 + MP3, which the segmenter must encode.
 */
/** `h264-444`: H.264 no browser plays (High 4:4:4 Predictive); `legacy`: Sorenson Spark and MP3. */
export type PublishCodecs = 'h264' | 'h264-444' | 'legacy';

export function publish(port: number, ingestKey: string, options: { seconds: number; codecs?: PublishCodecs }): Publisher {
  const h264 = (pixFmt: string) => ['-c:v', 'libx264', '-preset', 'veryfast', '-g', '30', '-pix_fmt', pixFmt, '-c:a', 'aac', '-b:a', '64k'];
  const codecs =
    options.codecs === 'legacy'
      ? ['-c:v', 'flv1', '-q:v', '5', '-g', '30', '-c:a', 'libmp3lame', '-b:a', '64k']
      : h264(options.codecs === 'h264-444' ? 'yuv444p' : 'yuv420p');
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    String(options.seconds),
    ...codecs,
    '-f',
    'flv',
    `rtmp://127.0.0.1:${port}/live/${ingestKey}`,
  ];
  const child = spawn(findFfmpeg().path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { exited, stderr: () => stderr, kill: () => child.kill('SIGKILL'), freeze: () => child.kill('SIGSTOP') };
}

/** Polls until `check` returns a value (not undefined/false), failing with `what` at the deadline. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface EventState {
  status: string;
  started_at: Date | null;
  ended_at: Date | null;
  last_seen_at: Date | null;
}

export async function eventState(t: TeamsApp, id: string): Promise<EventState> {
  const [row] = await t.sql<EventState>(`SELECT status, started_at, ended_at, last_seen_at FROM live_events WHERE id = $1`, [id]);
  return row!;
}

export interface SegmentRow {
  seq: number;
  storage_key: string;
  started_at_ms: number;
  duration_sec: number;
  discontinuity: boolean;
  byte_size: number;
}

export async function segments(t: TeamsApp, id: string): Promise<SegmentRow[]> {
  const rows = await t.sql<SegmentRow & { started_at_ms: string }>(`SELECT * FROM live_segments WHERE event_id = $1 ORDER BY seq`, [id]);
  return rows.map((r) => ({ ...r, started_at_ms: Number(r.started_at_ms) }));
}
