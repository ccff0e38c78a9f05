import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import type { z } from 'zod';
import { findFfprobe } from '@app/media/binaries';
import type { StoredRendition, StoredStoryboard } from '../../src/db/stored-media';
import type { JobContext } from '../../src/job-context';
import type { JobDefinition } from '../../src/jobs/define-job';
import { outputsPrefix, transcodeTempRoot } from '../../src/modules/videos/transcode/outputs';
import { storageKey } from '../../src/storage/keys';
import type { Storage } from '../../src/storage/storage';
import { account } from '../billing/helpers';
import type { TestApp } from '../helpers/test-app';

export interface VideoRowView {
  id: string;
  tenantId: string;
  status: string;
  failureReason: string | null;
  progress: number;
  sourceKey: string;
  durationSec: number | null;
  width: number | null;
  height: number | null;
  renditions: { preview?: StoredRendition; low?: StoredRendition; full?: StoredRendition };
  posterKey: string | null;
  storyboard: StoredStoryboard | null;
  heartbeatAt: Date | null;
  playableAt: Date | null;
  readyAt: Date | null;
  jobId: string | null;
  attemptId: string | null;
}

/** An owner (product users row) for the videos of a test file. */
export async function owner(t: TestApp, username = 'coach'): Promise<number> {
  const { productUserId } = await account(t, username, { type: 'team' });
  return productUserId!;
}

/** What the upload API does: the original in storage, a `processing` row pointing at it. */
export async function insertVideo(
  t: TestApp,
  ownerUserId: number,
  file: string,
  name = path.basename(file),
  contentType = 'application/octet-stream',
): Promise<string> {
  const id = randomUUID();
  const sourceKey = storageKey('demo', 'uploads', randomUUID(), name.replace(/[^A-Za-z0-9._-]/g, '_'));
  await t.runtime.storage.putFile(sourceKey, file, { contentType });
  await t.runtime.db.$client.query(
    `INSERT INTO videos (id, tenant_id, owner_user_id, status, source_key, source_name) VALUES ($1, 'demo', $2, 'processing', $3, $4)`,
    [id, ownerUserId, sourceKey, name],
  );
  return id;
}

export async function videoRow(t: TestApp, id: string): Promise<VideoRowView> {
  const { rows } = await t.runtime.db.$client.query(
    `SELECT id, tenant_id AS "tenantId", status, failure_reason AS "failureReason", progress, source_key AS "sourceKey",
            duration_sec AS "durationSec", width, height, renditions, poster_key AS "posterKey", storyboard,
            heartbeat_at AS "heartbeatAt", playable_at AS "playableAt", ready_at AS "readyAt", job_id AS "jobId", attempt_id AS "attemptId"
       FROM videos WHERE id = $1`,
    [id],
  );
  if (!rows[0]) throw new Error(`no video ${id}`);
  return rows[0] as VideoRowView;
}

/** A handler context as the queue builds it, for running the pipeline directly. */
export function jobContext(t: TestApp, overrides: Partial<JobContext> & { retryCount?: number; jobId?: string } = {}): JobContext {
  const { retryCount = 0, jobId = randomUUID(), ...rest } = overrides;
  return {
    db: t.runtime.db,
    storage: t.runtime.storage,
    mail: t.runtime.mail.mail,
    config: t.config,
    events: t.runtime.events,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    signal: new AbortController().signal,
    job: { id: jobId, retryCount, retryLimit: 4 },
    queue: t.runtime.jobs.control,
    ...rest,
  };
}

/** Runs one job as a worker does: its dependencies built from the context, then its handler. */
export function runJob<S extends z.ZodTypeAny, D>(job: JobDefinition<S, D>, data: z.output<S>, ctx: JobContext): Promise<void> {
  return job.handle(data, ctx, job.deps?.(ctx) as D);
}

/** Every key a video row points at. */
export function pointedKeys(row: VideoRowView): string[] {
  return [
    ...Object.values(row.renditions).map((r) => r!.key),
    ...(row.posterKey ? [row.posterKey] : []),
    ...(row.storyboard ? [row.storyboard.key] : []),
  ];
}

export async function outputObjects(storage: Storage, row: Pick<VideoRowView, 'tenantId' | 'id'>): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(outputsPrefix(row.tenantId, row.id))) keys.push(object.key);
  return keys;
}

export async function tempDirs(t: TestApp): Promise<string[]> {
  return readdir(transcodeTempRoot(t.config.dataDir)).catch(() => []);
}

export interface StreamInfo {
  codec_name: string;
  codec_type: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
}

/** ffprobe of a stored object (the local driver's file). */
export async function probeStored(storage: Storage, key: string): Promise<{ streams: StreamInfo[]; durationSec: number; rotation: number }> {
  const file = await storage.localPath!(key);
  if (!file) throw new Error(`no object ${key}`);
  const args = ['-v', 'error', '-show_entries', 'stream=codec_name,codec_type,width,height,avg_frame_rate,r_frame_rate:stream_side_data=rotation:format=duration', '-of', 'json', file];
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(findFfprobe().path, args, (error, out) => (error ? reject(error) : resolve(out))),
  );
  const json = JSON.parse(stdout) as { streams: (StreamInfo & { side_data_list?: { rotation?: number }[] })[]; format: { duration: string } };
  const rotation = json.streams.flatMap((s) => s.side_data_list ?? []).find((d) => d.rotation !== undefined)?.rotation ?? 0;
  return { streams: json.streams, durationSec: Number(json.format.duration), rotation };
}

export function rate(value: string | undefined): number {
  const [num, den = '1'] = (value ?? '0/1').split('/');
  return Number(num) / Number(den);
}

export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
