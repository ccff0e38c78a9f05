import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isInputError, isMediaError } from '@app/media/media-error';
import { probe } from '@app/media/probe';
import type { ProbeResult } from '@app/media/probe-parse';
import { exportReel } from '@app/media/reel-export';
import type { JobContext } from '../../job-context';
import { AppError } from '../../errors';
import { withDrawingHolds, type DrawingsInRange, type SourcedChunk } from '../drawings/drawing-holds';
import type { ReelExportsRepo } from './reel-exports.repo';
import type { ChunkWithClip, ReelsRepo } from './reels.repo';
import { reelExportPrefix } from './reel-export-view';

export const reelExportTempRoot = (dataDir: string) => path.join(dataDir, 'tmp', 'reel-export');

/** pg-boss takes time limits under 24 hours. */
const PG_BOSS_MAX_EXPIRY_SEC = 24 * 60 * 60 - 1;

/**
 * The time limit of one attempt for a reel of `durationSec`: the encode takes about its duration on
 * a busy 2-core machine (the benchmark's target is 1.5x), so three times it and ten minutes spare.
 * A worker that dies is noticed by pg-boss only at this limit, so it is sized per reel instead of
 * for the longest reel possible (200 clips of 180 s).
 */
export function exportTimeLimitSec(durationSec: number): number {
  return Math.min(PG_BOSS_MAX_EXPIRY_SEC, Math.ceil(3 * durationSec + 10 * 60));
}

/** Progress is written at most this often (and only when its whole percent moved). */
const PROGRESS_EVERY_MS = 1000;

/** What the export's `failureReason` says: the media layer's words for people, else a plain sentence. */
function failureReason(err: unknown): string {
  if (isMediaError(err)) return err.reason;
  if (err instanceof AppError && err.statusCode === 404) return 'A clip of this reel is no longer stored.';
  return 'Making the MP4 failed.';
}

/**
 * The file and range of a chunk: its clip's own file once cut, else the source rendition at the clip's
 * place; and, for a clip of a video, where the chunk starts in it (its drawings are burnt in from there).
 */
function chunkRange(chunk: ChunkWithClip): { key: string; start: number; duration: number; video: SourcedChunk['video'] } {
  const { clip } = chunk;
  const duration = chunk.outSec - chunk.inSec;
  const video = clip.streamKind === 'video' ? { id: clip.streamId, fromSec: clip.startSec + chunk.inSec } : null;
  return clip.fileKey ? { key: clip.fileKey, start: chunk.inSec, duration, video } : { key: clip.sourceKey, start: clip.startSec + chunk.inSec, duration, video };
}

/**
 * The `export-reel` job: one MP4 of the reel's chunks (resolution, frame rate and audio normalised by
 * @app/media's exportReel), stored under a fresh key of the reel's export prefix. Progress goes to
 * the export row as it runs. An export discarded meanwhile (the reel saved again or deleted) keeps
 * nothing of this run. Errors throw for a retry; an input error, or the last retry, marks it failed with why.
 */
export async function exportStoredReel(reelId: string, ctx: JobContext, { repo, exportRows, drawings }: { repo: ReelsRepo; exportRows: ReelExportsRepo; drawings: DrawingsInRange }): Promise<void> {
  const { storage, config, log, job } = ctx;
  const row = await exportRows.exportOf(reelId);
  if (!row || row.jobId !== job.id || row.status === 'ready') {
    log.info({ reelId, status: row?.status ?? 'discarded' }, 'nothing to export: discarded, replaced or done');
    return;
  }
  if (!(await exportRows.updateExport(reelId, job.id, { status: 'running', progress: 0 }))) return;

  // One directory per job: a retry (same job id) first removes what a killed attempt left there.
  const dir = path.join(reelExportTempRoot(config.dataDir), job.id);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const prefix = `${reelExportPrefix(row)}${randomUUID()}/`;
  const fileKey = `${prefix}reel.mp4`;
  // Stops ffmpeg early when a progress write finds the export discarded (the reel saved or deleted).
  const discarded = new AbortController();
  const signal = AbortSignal.any([ctx.signal, discarded.signal]);
  let progressWrites = Promise.resolve();
  const writeProgress = (progress: number) => {
    progressWrites = progressWrites
      .then(async () => {
        if (!(await exportRows.updateExport(reelId, job.id, { progress }))) discarded.abort(new Error('export discarded'));
      })
      // A database hiccup must not stop the encode; the next write tries again.
      .catch((err: unknown) => log.warn({ err, reelId }, 'could not write export progress'));
  };
  try {
    // Only what the maker may see now: a member removed from the team exports none of its clips.
    const ranges = (await repo.chunksOf([reelId], 'maker')).map(chunkRange);
    if (ranges.length === 0) throw new AppError('NOT_FOUND', 'The reel has no clips left.');
    // Each stored file once: read in place where the driver keeps files, else downloaded.
    const files = new Map<string, { path: string; probe: ProbeResult }>();
    for (const key of new Set(ranges.map((r) => r.key))) {
      let file = storage.localPath ? await storage.localPath(key) : null;
      if (!file) {
        file = path.join(dir, `input-${files.size}.mp4`);
        await storage.downloadToFile(key, file);
      }
      files.set(key, { path: file, probe: await probe(file, { signal }) });
    }

    let written = 0;
    let writtenAt = 0;
    const output = path.join(dir, 'reel.mp4');
    await exportReel({
      chunks: await withDrawingHolds(drawings, ranges.map((r) => ({ ...files.get(r.key)!, start: r.start, duration: r.duration, video: r.video })), dir),
      output,
      signal,
      onProgress: (percent) => {
        const whole = Math.min(99, Math.floor(percent));
        if (whole <= written || Date.now() - writtenAt < PROGRESS_EVERY_MS) return;
        written = whole;
        writtenAt = Date.now();
        writeProgress(whole);
      },
    });
    await progressWrites;
    await storage.putFile(fileKey, output, { contentType: 'video/mp4', move: true });
    if (!(await exportRows.updateExport(reelId, job.id, { status: 'ready', progress: 100, fileKey }))) {
      await storage.deletePrefix(prefix);
      log.info({ reelId }, 'export discarded meanwhile: this run is dropped');
      return;
    }
    log.info({ reelId, chunks: ranges.length }, 'reel exported');
  } catch (err) {
    await progressWrites;
    await storage.deletePrefix(prefix).catch(() => undefined);
    if (discarded.signal.aborted) {
      log.info({ reelId }, 'export discarded while it ran: stopped');
      return;
    }
    const last = isInputError(err) || job.retryCount >= job.retryLimit;
    await exportRows.updateExport(reelId, job.id, last ? { status: 'failed', failureReason: failureReason(err) } : { status: 'queued', progress: 0 });
    // An input error fails the same way every time: recorded, not retried.
    if (isInputError(err)) {
      log.warn({ reelId, err }, 'reel export failed on its input');
      return;
    }
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
