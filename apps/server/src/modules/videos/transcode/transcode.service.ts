import { randomUUID } from 'node:crypto';
import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { durationScanArgs } from '@app/media/args/duration-scan';
import { posterArgs, posterTimeSec } from '@app/media/args/poster';
import { canRemux, remuxArgs } from '@app/media/args/remux';
import { fullPreset, lowPreset, renditionArgs, type RenditionPreset } from '@app/media/args/rendition';
import { storyboardArgs, storyboardLayout } from '@app/media/args/storyboard';
import { isMediaError, MediaError } from '@app/media/media-error';
import { assertPlayableVideo, probe, type ProbeResult, type ProbeVideo } from '@app/media/probe';
import { assertWholeInputRead, runFfmpeg, type RunFfmpegResult } from '@app/media/run-ffmpeg';
import type { StoredRendition } from '../../../db/stored-media';
import type { DomainEvents } from '../../../domain-events';
import type { JobContext } from '../../../job-context';
import type { Storage, StoredObject } from '../../../storage/storage';
import { recordVideoStatus } from '../video-status-update';
import { GENERIC_FAILURE, inputFailureReason, MISSING_SOURCE } from './failure-reasons';
import { attemptDirName, deleteOutputsExcept, outputKey, outputsPrefix, sweepTempDirs, transcodeTempRoot } from './outputs';
import { ProgressReporter, type TranscodeStep } from './progress-reporter';
import * as repo from './transcode.repo';

declare module '../../../domain-events' {
  interface DomainEventMap {
    /** A video became ready (in the transaction that marks it): its owner's teammates may see it from now on. */
    'video.ready': { tenantId: string; videoId: string; ownerUserId: number; title: string | null };
  }
}

/** ffmpeg that reports no advance of its output for this long is stuck (a hostile file, a hung mount). */
const STALL_MS = 10 * 60_000;
/** Storyboard: a tile every 2 s, fewer for long games so the sprite stays a few MB (2 h: every 18 s). */
const STORYBOARD_INTERVAL_SEC = 2;
const STORYBOARD_MAX_TILES = 400;
/** Relative duration of the steps, for one progress figure. */
const WEIGHTS = { preview: 4, poster: 1, lowOnly: 85, low: 30, full: 60, storyboard: 5 };

/** Another attempt took the video over (or it was deleted or finished): stop without touching it. */
class LostOwnership extends Error {
  override name = 'LostOwnership';
}

class MissingSource extends Error {
  override name = 'MissingSource';
}

function owned(stillOwned: boolean | object | null): void {
  if (!stillOwned) throw new LostOwnership('the video is no longer owned by this attempt');
}

/**
 * The `transcode-video` job: probe, fast first play (copy-remux), poster, low and full renditions,
 * storyboard, ready. Crash-safe by construction:
 * - every output goes to a fresh `renditions/<attemptId>/` key and a pointer is set only after the
 *   object is completely stored, so nothing half-written is ever pointed at;
 * - a retry claims the row with a new attempt id; writes of an older (zombie) attempt then match no
 *   row; outputs an earlier attempt finished are reused, and the rest are deleted once ready;
 * - heartbeat and progress share throttled writes; the reaper retries jobs whose heartbeat stops.
 * Input problems end as `failed` with a reason (the job completes); anything else throws for a
 * retry with backoff, and the last retry ends as `failed` with GENERIC_FAILURE.
 */
export async function transcodeStoredVideo(videoId: string, ctx: JobContext): Promise<void> {
  const { db, storage, config } = ctx;
  const staleAfterSec = config.transcode.staleAfterSec;
  const attemptId = randomUUID();
  const video = await repo.claimVideo(db, { videoId, attemptId, jobId: ctx.job.id, staleAfterSec });
  if (!video) {
    const current = await repo.findVideo(db, videoId);
    ctx.log.info({ videoId, status: current?.status ?? 'deleted' }, 'nothing to transcode: video deleted, finished or owned by a live attempt');
    return;
  }

  const log = ctx.log.child({ videoId, attemptId, attempt: ctx.job.retryCount + 1 });
  const abort = new AbortController();
  const onJobAbort = () => abort.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onJobAbort, { once: true });
  if (ctx.signal.aborted) onJobAbort();
  let lost = false;
  // Each whole percent reaches the owner's open pages (the `video` update) with the write that records it;
  // the beats between only keep the heartbeat.
  let announced = -1;
  const reporter = new ProgressReporter({
    write: async (progress) => {
      const percent = Math.floor(progress);
      if (percent === announced) return repo.beat(db, videoId, attemptId, progress);
      const row = await db.transaction(async (tx) => {
        const beaten = await repo.beatReturning(tx, videoId, attemptId, progress);
        if (beaten) await recordVideoStatus(tx, beaten);
        return beaten;
      });
      if (row) announced = percent;
      return row !== null;
    },
    onLost: () => {
      lost = true;
      abort.abort(new LostOwnership('another attempt took the video over'));
    },
    log,
    heartbeatMs: Math.max(500, Math.min(15_000, (staleAfterSec * 1000) / 4)),
  });
  const tempRoot = transcodeTempRoot(config.dataDir);
  const dir = path.join(tempRoot, attemptDirName(videoId, attemptId));
  const startedAt = Date.now();
  reporter.start();
  try {
    await sweepTempDirs(tempRoot, { videoId, isLive: (v, a) => repo.isLiveAttempt(db, v, a, staleAfterSec), log });
    await mkdir(dir, { recursive: true });
    await runPipeline({ video, attemptId, dir, storage, db, events: ctx.events, log, reporter, signal: abort.signal });
    log.info({ ms: Date.now() - startedAt }, 'video ready');
  } catch (error) {
    await reporter.stop();
    if (lost || error instanceof LostOwnership) {
      log.warn('transcode stopped: the video was taken over, finished or deleted elsewhere');
      await forgetDeletedVideo(storage, db, video, log);
      return;
    }
    const reason = error instanceof MissingSource ? MISSING_SOURCE : inputFailureReason(error);
    if (reason) {
      await giveUp({ storage, db, log }, video, attemptId, reason, error);
      return;
    }
    if (ctx.job.retryCount >= ctx.job.retryLimit) {
      await giveUp({ storage, db, log }, video, attemptId, GENERIC_FAILURE, error);
    }
    throw error;
  } finally {
    ctx.signal.removeEventListener('abort', onJobAbort);
    await reporter.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

interface Attempt {
  video: repo.VideoRow;
  attemptId: string;
  dir: string;
  storage: Storage;
  db: JobContext['db'];
  events: DomainEvents;
  log: Logger;
  reporter: ProgressReporter;
  signal: AbortSignal;
}

async function runPipeline(a: Attempt): Promise<void> {
  const { video, attemptId, db, storage, reporter } = a;
  const input = await sourceFile(a);

  const source = await probe(input, { signal: a.signal });
  assertPlayableVideo(source);
  const v = source.video;
  if (!(v.displayWidth > 0 && v.displayHeight > 0)) throw new MediaError('DAMAGED', 'video stream without a picture size');
  const durationSec = source.durationSec ?? (await scanDuration(a, input));
  owned(await repo.setSourceInfo(db, video.id, attemptId, { durationSec, width: v.displayWidth, height: v.displayHeight }));

  const audio = source.audio !== null;
  const remux = canRemux(source);
  // Never upscale: a source of 360p or less has only the low rendition.
  const makeFull = Math.min(v.displayWidth, v.displayHeight) > lowPreset.height;

  // Outputs an earlier attempt of this job finished (pointer set, object intact) are kept.
  let low = (await intact(storage, video.renditions.low)) ? video.renditions.low! : null;
  const done: Record<TranscodeStep, boolean> = {
    preview: low !== null || (await intact(storage, video.renditions.preview)),
    poster: video.posterKey !== null && (await storage.head(video.posterKey)) !== null,
    low: low !== null,
    full: !makeFull || (await intact(storage, video.renditions.full)),
    storyboard: video.storyboard !== null && (await storage.head(video.storyboard.key)) !== null,
  };
  reporter.plan({
    preview: remux ? WEIGHTS.preview : 0,
    poster: WEIGHTS.poster,
    low: makeFull ? WEIGHTS.low : WEIGHTS.lowOnly,
    full: makeFull ? WEIGHTS.full : 0,
    storyboard: WEIGHTS.storyboard,
  });
  for (const step of Object.keys(done) as TranscodeStep[]) if (done[step]) reporter.finish(step);

  const fps = sourceFps(v);
  const renditionOf = (preset: Readonly<RenditionPreset>, output: string) =>
    renditionArgs({ ...preset, input, output, sourceWidth: v.displayWidth, sourceHeight: v.displayHeight, sourceFps: fps, audio });

  // Fast first play: an MP4 that browsers play is the preview itself (a 2 GB game plays at once);
  // another container holding H.264/AAC (a phone's .mov) is copied into an MP4 (3 s for 2 GB).
  if (remux && !done.preview) {
    reporter.begin('preview');
    const original = await playableOriginal(a, source);
    const stored = original ?? (await copyToMp4(a, input, audio, durationSec));
    owned(await repo.setRendition(db, video.id, attemptId, 'preview', rendition(stored, { width: v.displayWidth, height: v.displayHeight, fps })));
    reporter.finish('preview');
    a.log.info({ size: stored.size, copied: !original }, 'preview playable');
  }

  if (!done.poster) {
    reporter.begin('poster');
    const file = path.join(a.dir, 'poster.jpg');
    try {
      await ffmpeg(a, posterArgs({ input, output: file, timeSec: posterTimeSec(durationSec) }), { outputFile: file });
    } catch (error) {
      // A seek can land where nothing decodes (a broken keyframe, a short video stream): the first frame will do.
      if (!isMediaError(error, 'FFMPEG_FAILED')) throw error;
      await ffmpeg(a, posterArgs({ input, output: file, timeSec: 0 }), { outputFile: file });
    }
    const stored = await store(a, 'poster.jpg', file, 'image/jpeg', { move: true });
    owned(await repo.setPoster(db, video.id, attemptId, stored.key));
    reporter.finish('poster');
  }

  const lowFile = path.join(a.dir, 'low.mp4');
  if (!done.low) {
    // Kept (copied, not moved) in the temp directory: the storyboard is made from it.
    low = await encodeRendition(a, 'low', renditionOf(lowPreset, lowFile), lowFile, durationSec, { move: false });
  }
  if (!done.full) {
    const fullFile = path.join(a.dir, 'full.mp4');
    await encodeRendition(a, 'full', renditionOf(fullPreset, fullFile), fullFile, durationSec, { move: true });
  }

  if (!done.storyboard) {
    if (!low) throw new Error('no low rendition to build the storyboard from');
    reporter.begin('storyboard');
    // From the low rendition: small, upright, constant rate, and a keyframe every 2 s to decode alone.
    if (!(await exists(lowFile))) await storage.downloadToFile(low.key, lowFile);
    const layout = storyboardLayout({
      durationSec,
      sourceWidth: low.width,
      sourceHeight: low.height,
      intervalSec: STORYBOARD_INTERVAL_SEC,
      maxTiles: STORYBOARD_MAX_TILES,
    });
    const file = path.join(a.dir, 'storyboard.jpg');
    await ffmpeg(a, storyboardArgs({ input: lowFile, output: file, layout, keyframesOnly: true }), { durationSec, outputFile: file, step: true });
    const stored = await store(a, 'storyboard.jpg', file, 'image/jpeg', { move: true });
    const { intervalSec, columns, rows, tileWidth, tileHeight, count } = layout;
    owned(await repo.setStoryboard(db, video.id, attemptId, { key: stored.key, intervalSec, columns, rows, tileWidth, tileHeight, count }));
    reporter.finish('storyboard');
  }

  await reporter.stop();
  // Ready and announced to the owner's teams together: the activity item exists exactly when the video is ready.
  const ready = await db.transaction(async (tx) => {
    const row = await repo.markReady(tx, video.id, attemptId);
    if (row) await a.events.emit(tx, 'video.ready', { tenantId: row.tenantId, videoId: row.id, ownerUserId: row.ownerUserId, title: row.title });
    if (row) await recordVideoStatus(tx, row);
    return row;
  });
  owned(ready);
  // Objects of earlier attempts that no pointer refers to. The video is ready either way: log, don't fail.
  const keep = new Set(
    [ready!.sourceKey, ready!.posterKey, ready!.storyboard?.key, ...Object.values(ready!.renditions).map((r) => r?.key)].filter(
      (key): key is string => typeof key === 'string',
    ),
  );
  try {
    const deleted = await deleteOutputsExcept(storage, outputsPrefix(video.tenantId, video.id), keep);
    if (deleted > 0) a.log.info({ deleted }, 'deleted outputs of earlier attempts');
  } catch (err) {
    a.log.warn({ err }, 'could not delete outputs of earlier attempts');
  }
}

async function encodeRendition(
  a: Attempt,
  name: 'low' | 'full',
  args: string[],
  file: string,
  durationSec: number,
  { move }: { move: boolean },
): Promise<StoredRendition> {
  a.reporter.begin(name);
  const result = await ffmpeg(a, args, { durationSec, outputFile: file, step: true });
  assertWholeInputRead(result, durationSec);
  const out = await probe(file, { signal: a.signal });
  if (!out.video) throw new MediaError('FFMPEG_FAILED', `the ${name} rendition has no video stream`);
  const stored = await store(a, `${name}.mp4`, file, 'video/mp4', { move });
  const value = rendition(stored, out.video);
  owned(await repo.setRendition(a.db, a.video.id, a.attemptId, name, value));
  a.reporter.finish(name);
  a.log.info({ width: value.width, height: value.height, size: value.size }, `${name} rendition stored`);
  return value;
}

/**
 * The original, when it is an MP4 (by the type it is served with and by its content) that copying
 * would not change: the browser reads its index with a range request wherever it is. canRemux has
 * already ruled out what players get wrong (rotation, variable rate, other codecs).
 */
async function playableOriginal(a: Attempt, source: ProbeResult): Promise<StoredObject | null> {
  if (!source.formatName.split(',').includes('mp4')) return null;
  const original = await a.storage.head(a.video.sourceKey);
  return original?.contentType === 'video/mp4' ? original : null;
}

async function copyToMp4(a: Attempt, input: string, audio: boolean, durationSec: number): Promise<StoredObject> {
  const file = path.join(a.dir, 'preview.mp4');
  const result = await ffmpeg(a, remuxArgs({ input, output: file, audio }), { durationSec, outputFile: file, step: true });
  assertWholeInputRead(result, durationSec);
  return store(a, 'preview.mp4', file, 'video/mp4', { move: true });
}

/** The original as a local file: the local driver's own file when it has one, else a temp copy. */
async function sourceFile(a: Attempt): Promise<string> {
  const key = a.video.sourceKey;
  const local = await a.storage.localPath?.(key);
  if (local) return local;
  if (!(await a.storage.head(key))) throw new MissingSource(`source object ${key} does not exist`);
  const ext = path.extname(key).toLowerCase();
  const file = path.join(a.dir, `source${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''}`);
  // Streams to disk (never into memory); cannot be interrupted, so the abort is checked after it.
  await a.storage.downloadToFile(key, file);
  a.signal.throwIfAborted();
  return file;
}

/** Containers that state no duration (a browser's MediaRecorder webm): read the packets once. */
async function scanDuration(a: Attempt, input: string): Promise<number> {
  const result = await ffmpeg(a, durationScanArgs(input), {});
  if (!(result.outTimeSec && result.outTimeSec > 0)) throw new MediaError('DAMAGED', 'no packet with a timestamp');
  return result.outTimeSec;
}

/**
 * The nominal rate: phones record at a variable rate that drops in low light, and the rate they aim
 * at keeps motion smooth where the average would drop frames; a constant-rate file's average is a
 * hair off its nominal rate after joins or a lost frame (29.985 for a 30 fps source would snap to
 * 29.97). Absurd nominal rates (timebase-like values such as 90000) fall back to the average.
 */
function sourceFps(v: ProbeVideo): number | null {
  if (v.nominalFps !== null && v.nominalFps <= 120) return v.nominalFps;
  return v.fps;
}

/**
 * runFfmpeg with this attempt's abort signal, progress into the reporter (`step`), and a watchdog
 * that stops an ffmpeg whose output time has not advanced for STALL_MS.
 */
async function ffmpeg(
  a: Attempt,
  args: string[],
  options: { durationSec?: number; outputFile?: string; step?: boolean },
): Promise<RunFfmpegResult> {
  const stop = new AbortController();
  const forward = () => stop.abort(a.signal.reason);
  a.signal.addEventListener('abort', forward, { once: true });
  if (a.signal.aborted) forward();
  let lastAdvanceAt = Date.now();
  let lastOutTime = -1;
  let stalled = false;
  const watchdog = setInterval(() => {
    if (Date.now() - lastAdvanceAt < STALL_MS) return;
    stalled = true;
    stop.abort();
  }, Math.min(10_000, STALL_MS));
  try {
    return await runFfmpeg(args, {
      signal: stop.signal,
      durationSec: options.durationSec,
      outputFile: options.outputFile,
      onProgress: (p) => {
        if (p.outTimeSec !== null && p.outTimeSec > lastOutTime) {
          lastOutTime = p.outTimeSec;
          lastAdvanceAt = Date.now();
        }
        if (options.step && p.percent !== null) a.reporter.update(p.percent);
      },
    });
  } catch (error) {
    if (stalled && isMediaError(error, 'ABORTED')) {
      throw new MediaError('TIMEOUT', `ffmpeg made no progress for ${STALL_MS / 60_000} minutes`, { cause: error });
    }
    throw error;
  } finally {
    clearInterval(watchdog);
    a.signal.removeEventListener('abort', forward);
  }
}

/** `move`: the temp file is done with, so the local driver renames it in instead of copying. */
async function store(a: Attempt, name: string, file: string, contentType: string, { move }: { move: boolean }): Promise<StoredObject> {
  return a.storage.putFile(outputKey(a.video.tenantId, a.video.id, a.attemptId, name), file, { contentType, move });
}

function rendition(stored: StoredObject, v: Pick<ProbeVideo, 'width' | 'height' | 'fps'>): StoredRendition {
  return { key: stored.key, width: v.width, height: v.height, size: stored.size, fps: v.fps };
}

/** A pointer set by an earlier attempt whose object is still there, whole. */
async function intact(storage: Storage, value: StoredRendition | undefined): Promise<boolean> {
  if (!value) return false;
  const object = await storage.head(value.key);
  return object !== null && object.size === value.size;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function giveUp(
  deps: { storage: Storage; db: JobContext['db']; log: Logger },
  video: repo.VideoRow,
  attemptId: string,
  reason: string,
  error: unknown,
): Promise<void> {
  const failed = await deps.db.transaction(async (tx) => {
    const row = await repo.markFailed(tx, video.id, attemptId, reason);
    if (row) await recordVideoStatus(tx, row);
    return row;
  });
  if (!failed) return;
  deps.log.warn({ err: error, reason }, 'video failed');
  try {
    await deleteOutputsExcept(deps.storage, outputsPrefix(video.tenantId, video.id), new Set([failed.sourceKey]));
  } catch (err) {
    deps.log.warn({ err }, 'could not delete the outputs of a failed video');
  }
}

/** Outputs stored after the video was deleted would be orphans: remove them. */
async function forgetDeletedVideo(storage: Storage, db: JobContext['db'], video: repo.VideoRow, log: Logger): Promise<void> {
  try {
    if (await repo.findVideo(db, video.id)) return;
    await deleteOutputsExcept(storage, outputsPrefix(video.tenantId, video.id), new Set([video.sourceKey]));
  } catch (err) {
    log.warn({ err }, 'could not delete the outputs of a deleted video');
  }
}
