import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Clip } from '@app/contracts/clips';
import { LIVE_CLIP_AFTER_SEC, LIVE_CLIP_BEFORE_SEC } from '@app/contracts/live';
import { cutLiveClip } from '@app/media/live-clip-cut';
import type { Db } from '../../db/client';
import { withJobTransaction } from '../../db/job-transaction';
import { AppError } from '../../errors';
import type { JobContext } from '../../job-context';
import type { Storage } from '../../storage/storage';
import type { EventsService, LiveCaller } from '../live/events.service';
import { createRecording } from '../live/live.module';
import type { RecordedEvent } from '../live/recording.service';
import { createMediaUrls } from '../../storage/media-urls';
import { toClip } from './clip-view';
import { clipObjectsPrefix, type ClipReels } from './clips.service';
import type { ClipsRepo } from './clips.repo';
import { sendJobIn } from '../../jobs/job-queue';

export const OUTSIDE_RECORDING = 'body.timestamp: The moment must be within the recorded part of the game.';

export interface LiveClipDeps {
  db: Db;
  repo: ClipsRepo;
  storage: Storage;
  /** Temporary files go under `DATA_DIR/tmp/live-clip`. */
  dataDir: string;
  reels: ClipReels;
}

export interface CreateLiveClipInput {
  eventId: string;
  /** Wall clock of the moment, ms since the epoch. */
  timestampMs: number;
  /** True for the auto highlights' clips. */
  cheer: boolean;
  /** Who the clip belongs to (its maker; the event owner for auto highlights). */
  ownerUserId: number;
}

interface Cut {
  fileKey: string;
  posterKey: string;
  prefix: string;
  durationSec: number;
  firstSegmentMs: number;
  /** The cut holds every second up to LIVE_CLIP_AFTER_SEC after the moment (or all there will ever be). */
  complete: boolean;
}

const windowOf = (momentMs: number) => ({ fromMs: momentMs - LIVE_CLIP_BEFORE_SEC * 1000, toMs: momentMs + LIVE_CLIP_AFTER_SEC * 1000 });
// A pg-boss start a little after the last second should be stored: a segment is written when it closes.
const SEGMENT_WRITE_MARGIN_MS = 1500;
/**
 * While a game is live, a moment this far after its last stored second is the live edge: someone pressing
 * clip as the play happens sends "now", which is always a segment (1-2 s) ahead of what is stored, and a
 * phone's clock may be seconds off.
 */
export const LIVE_EDGE_AHEAD_MS = 30_000;

/** The moment a clip is cut around: `timestampMs` itself, or the live edge for a press just ahead of it; null when outside. */
export function momentOf(timestampMs: number, range: { startMs: number; endMs: number } | null, live: boolean): number | null {
  if (!range || timestampMs < range.startMs) return null;
  if (timestampMs <= range.endMs) return timestampMs;
  return live && timestampMs <= range.endMs + LIVE_EDGE_AHEAD_MS ? range.endMs : null;
}

/**
 * Cuts [moment - 20 s, moment + 5 s] of an event from the segments stored so far (whole segments: each one
 * starts with a keyframe, so a copy needs no re-encode) into a new attempt under the clip's objects.
 */
async function cutWindow(deps: Pick<LiveClipDeps, 'db' | 'storage' | 'dataDir'>, event: RecordedEvent, clipId: string, momentMs: number, lastTry = false): Promise<Cut> {
  const window = windowOf(momentMs);
  const { run: segments, later } = await createRecording(deps.db).segmentsAround(event.id, window, momentMs);
  if (segments.length === 0) throw new AppError('VALIDATION_FAILED', OUTSIDE_RECORDING);
  const root = path.join(deps.dataDir, 'tmp', 'live-clip');
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, `${clipId}-`));
  const prefix = `${clipObjectsPrefix({ tenantId: event.tenantId, streamKind: 'live', streamId: event.key, sourceKey: event.id, id: clipId })}${randomUUID()}/`;
  try {
    const inputs: string[] = [];
    for (const segment of segments) {
      let local = deps.storage.localPath ? await deps.storage.localPath(segment.storageKey) : null;
      if (!local) {
        local = path.join(dir, `${segment.seq}.ts`);
        await deps.storage.downloadToFile(segment.storageKey, local);
      }
      inputs.push(local);
    }
    const output = path.join(dir, 'clip.mp4');
    const poster = path.join(dir, 'poster.jpg');
    await cutLiveClip({ segments: inputs, output, poster });
    const keys = { fileKey: `${prefix}clip.mp4`, posterKey: `${prefix}poster.jpg` };
    await deps.storage.putFile(keys.fileKey, output, { contentType: 'video/mp4' });
    await deps.storage.putFile(keys.posterKey, poster, { contentType: 'image/jpeg' });
    const last = segments[segments.length - 1]!;
    return {
      ...keys,
      prefix,
      durationSec: segments.reduce((sum, s) => sum + s.durationSec, 0),
      firstSegmentMs: segments[0]!.startedAtMs,
      complete: lastTry || later || event.status !== 'live' || last.startedAtMs + last.durationSec * 1000 >= window.toMs,
    };
  } catch (err) {
    await deps.storage.deletePrefix(prefix).catch(() => undefined);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A clip of the live window around `timestampMs`: cut at once from what is stored, so it plays right after
 * the press; when the seconds after the moment are not stored yet, the `finish-live-clip` job cuts it again
 * once they are and the clip's own file is replaced. A moment just ahead of a live game's last stored second is
 * its live edge; 400 naming `timestamp` for a moment before the game or further ahead.
 * Called by the clip route and by the auto highlights (`cheer: true`).
 */
export async function createLiveClip(input: CreateLiveClipInput, deps: LiveClipDeps): Promise<Clip> {
  const recording = createRecording(deps.db);
  const event = await recording.event(input.eventId);
  if (!event) throw new AppError('NOT_FOUND', 'Event not found.');
  const range = await recording.recordedRange(event.id);
  const moment = momentOf(input.timestampMs, range, event.status === 'live');
  if (moment === null || !range) throw new AppError('VALIDATION_FAILED', OUTSIDE_RECORDING);
  const id = randomUUID();
  const cut = await cutWindow(deps, event, id, moment);
  const eventStartMs = event.startedAt?.getTime() ?? range.startMs;
  const { repo } = deps;
  // Sent with the clip, in its transaction: the re-cut once the seconds after the moment are stored.
  const finishJobId = cut.complete ? null : randomUUID();
  try {
    const row = await withJobTransaction(deps.db, async (tx) => {
      const inserted = await repo.insertClip(tx, {
        id,
        tenantId: event.tenantId,
        ownerUserId: input.ownerUserId,
        streamKind: 'live',
        streamId: event.key,
        sourceOwnerUserId: event.ownerUserId,
        // The moment itself: unique within the event (the next free millisecond when taken), as a video clip's start is.
        momentMs: moment,
        reelId: deps.reels.newId(),
        startSec: Math.max(0, (cut.firstSegmentMs - eventStartMs) / 1000),
        durationSec: cut.durationSec,
        cheer: input.cheer,
        sourceKey: event.id,
        sourceRendition: 'live',
        fileKey: cut.fileKey,
        posterKey: cut.posterKey,
        status: cut.complete ? 'ready' : 'cutting',
        jobId: finishJobId,
      });
      await deps.reels.addOwn(tx, inserted);
      if (finishJobId) {
        const startAfter = new Date(windowOf(moment).toMs + SEGMENT_WRITE_MARGIN_MS);
        const sent = await sendJobIn(tx, 'finish-live-clip', { clipId: inserted.id }, { id: finishJobId, startAfter });
        if (sent !== finishJobId) throw new Error(`finish-live-clip job for ${inserted.id} was not created`);
      }
      return inserted;
    });
    return toClip(createMediaUrls(deps.storage), (await repo.byId(row.tenantId, row.id))!);
  } catch (err) {
    await deps.storage.deletePrefix(cut.prefix).catch(() => undefined);
    throw err;
  }
}

/** The `finish-live-clip` job: the clip's second cut, once the seconds after its moment are stored. */
export async function finishLiveClip(clipId: string, ctx: JobContext, { repo, reels }: { repo: ClipsRepo; reels: Pick<ClipReels, 'lengthChanged'> }): Promise<void> {
  const clip = await repo.forCut(clipId);
  if (!clip || clip.status === 'ready') return;
  const recording = createRecording(ctx.db);
  const event = await recording.event(clip.sourceKey);
  if (!event) return;
  const lastTry = ctx.job.retryCount >= ctx.job.retryLimit;
  const range = await recording.recordedRange(event.id);
  if (!lastTry && event.status === 'live' && (range?.endMs ?? 0) < windowOf(clip.momentMs).toMs) {
    throw new Error(`live clip ${clip.id}: the seconds after the moment are not stored yet`);
  }
  const cut = await cutWindow({ db: ctx.db, storage: ctx.storage, dataDir: ctx.config.dataDir }, event, clip.id, clip.momentMs, true);
  const before = await withJobTransaction(ctx.db, async (tx) => {
    const replaced = await repo.replaceLiveCut(tx, clip.id, { fileKey: cut.fileKey, posterKey: cut.posterKey, durationSec: cut.durationSec });
    if (replaced) await reels.lengthChanged(tx, { id: clip.id, reelId: replaced.reelId }, cut.durationSec);
    return replaced;
  });
  if (!before) {
    await ctx.storage.deletePrefix(cut.prefix);
    return;
  }
  // The first cut's attempt directory: its file and poster.
  if (before.fileKey) await ctx.storage.deletePrefix(before.fileKey.slice(0, before.fileKey.lastIndexOf('/') + 1));
  ctx.log.info({ clipId, durationSec: cut.durationSec }, 'live clip finished');
}

/**
 * Clips of live events: `POST /api/user/clips/{key} {timestamp}` by any viewer who may play the event (404
 * for others, 403 without a subscription).
 */
export function createLiveClipsService(deps: LiveClipDeps & { events: Pick<EventsService, 'playableEvent'> }) {
  return {
    async create(caller: LiveCaller, key: string, body: { timestamp: number }): Promise<Clip> {
      const { event, viewerUserId } = await deps.events.playableEvent(caller, key);
      return createLiveClip({ eventId: event.id, timestampMs: body.timestamp, cheer: false, ownerUserId: viewerUserId }, deps);
    },
  };
}
export type LiveClipsService = ReturnType<typeof createLiveClipsService>;
