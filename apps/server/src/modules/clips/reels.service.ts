import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Reel, ReelExport, ReelList, ReelView, SharedReel, UpdateReelBody } from '@app/contracts/clips';
import type { Db } from '../../db/client';
import { withJobTransaction, type Executor } from '../../db/job-transaction';
import { AppError } from '../../errors';
import type { TeamsService } from '../teams/teams.service';
import type { Caller, UsersService } from '../users/users.service';
import type { VideosService } from '../videos/videos.service';
import { isKey } from '../videos/processing-video';
import { createMediaUrls } from '../videos/video-view';
import type { Storage } from '../../storage/storage';
import { mediaExpiresAt, toReelChunk, toReelViewChunk } from './clip-view';
import { newReelId } from './clips.service';
import { createClipsRepo, type ReelRow, type Viewer } from './clips.repo';
import { msPage } from './ms-page';
import { reelExportPrefix, toReelExport } from './reel-export-view';
import { exportTimeLimitSec } from './reel-exporter';

export const REEL_NOT_FOUND = 'Reel not found.';
/** Seconds a chunk's out point may pass its clip's end (clients round to frames). */
const OUT_TOLERANCE_SEC = 0.001;

/** What the reels service needs of the job queue (see CutQueue in clips.service). */
export interface ExportQueue {
  send(name: 'export-reel', data: { reelId: string }, options?: PgBoss.SendOptions): Promise<string | null>;
  wake(name: 'export-reel'): void;
}

export interface ReelsServiceDeps {
  db: Db;
  storage: Storage;
  jobs: ExportQueue;
  users: Pick<UsersService, 'find'>;
  videos: Pick<VideosService, 'visibleVideo'>;
  teams: Pick<TeamsService, 'publicTeamOf'>;
}

/**
 * Reels (issue 12): ordered chunks of clips, each with its own in/out. Only the maker sees them in
 * the API; anyone with the link plays a shared one (`GET /api/reels/{id}`, no token).
 */
export function createReelsService({ db, storage, jobs, users, videos, teams }: ReelsServiceDeps) {
  const repo = createClipsRepo(db);
  const sign = createMediaUrls(storage);

  async function requireViewer(caller: Caller): Promise<Viewer> {
    const user = await users.find(caller);
    if (!user) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
    return { tenantId: caller.tenantId, userId: user.id };
  }

  async function requireOwn(caller: Caller, id: string) {
    const viewer = await requireViewer(caller);
    const reel = await repo.reelById(caller.tenantId, id);
    if (!reel || reel.ownerUserId !== viewer.userId) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
    return { viewer, reel };
  }

  /** The maker sees any reel of theirs; a clip's own reel is seen by whoever may see the clip. */
  async function requireVisible(caller: Caller, id: string): Promise<{ viewer: Viewer; reel: ReelRow; owned: boolean }> {
    const viewer = await requireViewer(caller);
    const reel = await repo.reelById(caller.tenantId, id);
    if (!reel) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
    const owned = reel.ownerUserId === viewer.userId;
    if (!owned && !(reel.clipId && (await repo.visibleByIds(viewer, [reel.clipId])).length > 0)) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
    return { viewer, reel, owned };
  }

  /** Discards the reels' exports in `tx` (an export is kept until its reel changes); returns what deletes their objects after the commit. */
  async function discardExports(tx: Executor, reelIds: string[]): Promise<() => Promise<void>> {
    const discarded = await repo.discardExports(tx, reelIds);
    return async () => {
      for (const row of discarded) await storage.deletePrefix(reelExportPrefix(row));
    };
  }

  async function views(reels: ReelRow[], toChunk: typeof toReelChunk = toReelChunk): Promise<Reel[]> {
    const expires = mediaExpiresAt();
    const chunks = await repo.chunksOf(reels.map((r) => r.id));
    return Promise.all(
      reels.map(async (reel) => ({
        reelId: reel.id,
        title: reel.title,
        shared: reel.shared,
        timestamp: reel.createdAt.getTime(),
        chunks: await Promise.all(chunks.filter((c) => c.reelId === reel.id).map((c) => toChunk(sign, c))),
        mediaExpiresAt: expires,
      })),
    );
  }

  return {
    /** `POST /api/user/reels/{streamId} {clips}`: a reel of those clips of a video the caller may see, in that order. */
    async create(caller: Caller, streamId: string, clipIds: number[]): Promise<{ reelId: string }> {
      const video = await videos.visibleVideo(caller, streamId);
      const found = await repo.ofStreamByClipIds(video.tenantId, video.id, [...new Set(clipIds)]);
      const byClipId = new Map(found.map((c) => [c.clipId, c]));
      const missing = clipIds.findIndex((id) => !byClipId.has(id));
      if (missing >= 0) throw new AppError('VALIDATION_FAILED', `body.clips.${missing}: Not a clip of this video.`);
      const id = newReelId();
      await withJobTransaction(db, async (tx) => {
        await repo.insertReel(tx, { id, tenantId: video.tenantId, ownerUserId: video.viewerUserId });
        const chunks = clipIds.map((clipId) => byClipId.get(clipId)!);
        await repo.replaceChunks(
          tx,
          id,
          chunks.map((c) => ({ clipId: c.id, inSec: 0, outSec: c.durationSec, description: c.description })),
        );
      });
      return { reelId: id };
    },

    /**
     * `GET /api/user/reels/{reelId}`: the maker sees any reel of theirs; a clip's own reel is seen by
     * whoever may see the clip (a clip page plays it); anyone else gets 404. On someone else's
     * clip, `saved` says whether the caller saved it to their library.
     */
    async view(caller: Caller, id: string): Promise<ReelView> {
      const { viewer, reel, owned } = await requireVisible(caller, id);
      const saved = reel.clipId && !owned ? { saved: await repo.isSaved(viewer.userId, reel.clipId) } : {};
      // A viewer who may see the clips also sees where they come from (the clip page's heading).
      return { ...(await views([reel], toReelViewChunk))[0]!, owned, ...saved };
    },

    /** The id of a reel the caller may see (as `view` decides), for modules that refer to reels. */
    async visible(caller: Caller, id: string): Promise<{ id: string; tenantId: string }> {
      const { reel } = await requireVisible(caller, id);
      return { id: reel.id, tenantId: reel.tenantId };
    },

    /** `GET /api/user/reels?timestamp=`: the reels the caller put together, newest first. */
    async mine(caller: Caller, query: { limit: number; timestamp?: number | undefined }): Promise<ReelList> {
      const user = await users.find(caller);
      if (!user) return { items: [], next: null };
      const viewer = { tenantId: caller.tenantId, userId: user.id };
      const { rows, next } = await msPage(query.limit, query.timestamp !== undefined ? new Date(query.timestamp) : undefined, {
        page: (options) => repo.myReelsPage(viewer, options),
        inMillisecond: (at) => repo.myReelsInMillisecond(viewer, at),
        at: (row) => row.createdAt,
      });
      return { items: await views(rows), next };
    },

    /**
     * `PUT /api/user/reels/{reelId}`: the editor's save (maker only). Every chunk's clip must be one
     * the caller may see, its out point within the clip. A clip's own reel plays that clip only.
     */
    async update(caller: Caller, id: string, body: UpdateReelBody): Promise<Reel> {
      const { viewer, reel } = await requireOwn(caller, id);
      const ids = [...new Set(body.chunks.map((c) => c.clip))];
      const visible = new Map((await repo.visibleByIds(viewer, ids.filter(isKey))).map((c) => [c.id, c]));
      body.chunks.forEach((chunk, i) => {
        const clip = visible.get(chunk.clip);
        if (!clip) throw new AppError('VALIDATION_FAILED', `body.chunks.${i}.clip: Not a clip you can see.`);
        if (chunk.out > clip.durationSec + OUT_TOLERANCE_SEC) {
          throw new AppError('VALIDATION_FAILED', `body.chunks.${i}.out: Must be within the clip (at most ${clip.durationSec} s).`);
        }
      });
      if (reel.clipId && (body.chunks.length !== 1 || body.chunks[0]!.clip !== reel.clipId)) {
        throw new AppError('VALIDATION_FAILED', "body.chunks: A clip's own reel plays that clip only.");
      }
      const deleteExport = await withJobTransaction(db, async (tx) => {
        await repo.updateReel(tx, reel.id, { title: body.title || null, shared: body.shared });
        await repo.replaceChunks(
          tx,
          reel.id,
          body.chunks.map((c) => ({ clipId: c.clip, inSec: c.in, outSec: Math.min(c.out, visible.get(c.clip)!.durationSec), description: c.description })),
        );
        return discardExports(tx, [reel.id]);
      });
      await deleteExport();
      return (await views([(await repo.reelById(reel.tenantId, reel.id))!]))[0]!;
    },

    /** `DELETE /api/user/reels/{reelId}`: maker only; a clip's own reel goes with its clip. */
    async remove(caller: Caller, id: string): Promise<void> {
      const { reel } = await requireOwn(caller, id);
      if (reel.clipId) throw new AppError('CONFLICT', "A clip's own reel goes with the clip: delete the clip instead.");
      const deleteExport = await withJobTransaction(db, async (tx) => {
        const discard = await discardExports(tx, [reel.id]);
        await repo.deleteReel(tx, reel.id);
        return discard;
      });
      await deleteExport();
    },

    /**
     * `POST /api/user/reels/{reelId}/export` (maker only): starts the reel's MP4 export, or answers the
     * one under way or ready; a failed one starts again.
     */
    async startExport(caller: Caller, id: string): Promise<ReelExport> {
      const { reel } = await requireOwn(caller, id);
      const current = await repo.exportOf(reel.id);
      if (current && current.status !== 'failed') return toReelExport(storage, current, reel.title);
      const jobId = randomUUID();
      const durationSec = (await repo.chunksOf([reel.id])).reduce((sum, c) => sum + (c.outSec - c.inSec), 0);
      const started = await withJobTransaction(db, async (tx, jobDb) => {
        if (current) await repo.discardExports(tx, [reel.id]);
        if (!(await repo.insertExport(tx, { reelId: reel.id, tenantId: reel.tenantId, jobId }))) return false;
        const sent = await jobs.send('export-reel', { reelId: reel.id }, { id: jobId, db: jobDb, expireInSeconds: exportTimeLimitSec(durationSec) });
        if (sent !== jobId) throw new Error(`export-reel job for ${reel.id} was not created`);
        return true;
      });
      if (started) jobs.wake('export-reel');
      return toReelExport(storage, await repo.exportOf(reel.id), reel.title);
    },

    /** `GET /api/user/reels/{reelId}/export` (maker only). */
    async exportStatus(caller: Caller, id: string): Promise<ReelExport> {
      const { reel } = await requireOwn(caller, id);
      return toReelExport(storage, await repo.exportOf(reel.id), reel.title);
    },

    /** `GET /api/reels/{id}` without a token: a shared reel of the tenant; unknown and unshared answer the same 404. */
    async shared(tenantId: string, id: string): Promise<SharedReel> {
      const reel = await repo.reelById(tenantId, id);
      if (!reel || !reel.shared) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
      const team = await teams.publicTeamOf(reel.tenantId, reel.ownerUserId);
      return { ...(await views([reel]))[0]!, ...(team && { team }) };
    },
  };
}
export type ReelsService = ReturnType<typeof createReelsService>;
