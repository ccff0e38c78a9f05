import { randomUUID } from 'node:crypto';
import {
  REEL_PREPARING,
  REEL_UNPLAYABLE,
  TEAM_SHARED_REELS_LIMIT,
  type Reel,
  type ReelExport,
  type ReelList,
  type ReelSharing,
  type ReelView,
  type SharedReel,
  type TeamSharedReelList,
  type UpdateReelBody,
} from '@app/contracts/clips';
import type { Db } from '../../db/client';
import { withJobTransaction, type Executor } from '../../db/job-transaction';
import { AppError } from '../../errors';
import type { TeamsService } from '../teams/teams.service';
import type { Caller } from '../../caller';
import type { UsersService } from '../users/users.service';
import type { VideosService } from '../videos/videos.service';
import { isUuid } from '../../uuid';
import { createMediaUrls } from '../../storage/media-urls';
import type { Storage } from '../../storage/storage';
import { mediaExpiresAt } from '../clips/clip-view';
import type { Viewer } from '../../db/clip-visibility';
import type { ClipsService } from '../clips/clips.service';
import { msPage } from '../../db/ms-page';
import { newReelId } from './clip-reels';
import { reelExportPrefix, toReelExport } from './reel-export-view';
import { exportTimeLimitSec } from './reel-exporter';
import type { ReelExportsRepo } from './reel-exports.repo';
import { toReelChunk, toReelViewChunk } from './reel-view';
import type { ChunkWithClip, ReelRow, ReelsRepo } from './reels.repo';
import { sendJobIn } from '../../jobs/job-queue';

export const REEL_NOT_FOUND = 'Reel not found.';
/** Seconds a chunk's out point may pass its clip's end (clients round to frames). */
const OUT_TOLERANCE_SEC = 0.001;

/** What the reels service needs of the job queue (the runtime's JobQueue fits it; see CutQueue in clips.service). */
export interface ExportQueue {
  wake(name: 'export-reel'): void;
}

export interface ReelsServiceDeps {
  repo: ReelsRepo;
  exportRows: ReelExportsRepo;
  db: Db;
  storage: Storage;
  jobs: ExportQueue;
  users: Pick<UsersService, 'find'>;
  videos: Pick<VideosService, 'visibleVideo'>;
  teams: Pick<TeamsService, 'publicTeamOf'>;
  /** A reel's chunks are clips: which ones a viewer may see is the clips module's rule. */
  clips: Pick<ClipsService, 'ofVideoAt' | 'visibleOf' | 'isSaved'>;
}

/**
 * Reels: ordered chunks of clips, each with its own in/out. Only the maker sees them in
 * the API, and only the chunks they may still see; anyone with the link plays a reel its maker
 * shared (`GET /api/reels/{id}`, no token), of the chunks the maker may still see. Nothing is shared
 * until its maker says so.
 */
export function createReelsService({ repo, exportRows, db, storage, jobs, users, videos, teams, clips }: ReelsServiceDeps) {
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

  /**
   * The maker sees any reel of theirs, a clip's own reel is seen by whoever may see the clip; either
   * shows only the chunks the viewer may see now, and a reel with none of them is not found.
   */
  async function requireVisible(caller: Caller, id: string): Promise<{ viewer: Viewer; reel: ReelRow; owned: boolean; chunks: ChunkWithClip[] }> {
    const viewer = await requireViewer(caller);
    const reel = await repo.reelById(caller.tenantId, id);
    const owned = reel?.ownerUserId === viewer.userId;
    const chunks = reel && (owned || reel.clipId) ? await repo.chunksOf([reel.id], viewer) : [];
    if (!reel || chunks.length === 0) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
    return { viewer, reel, owned, chunks };
  }

  /** A reel of the caller's with the chunks they may still see (none: not found); `hidden` when some are not. */
  async function requireOwnVisible(caller: Caller, id: string) {
    const { viewer, reel } = await requireOwn(caller, id);
    const chunks = await repo.chunksOf([reel.id], viewer);
    if (chunks.length === 0) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
    return { reel, chunks, hidden: chunks.length < (await repo.chunkCount(reel.id)) };
  }

  /** Discards the reels' exports in `tx` (an export is kept until its reel changes); returns what deletes their objects after the commit. */
  async function discardExports(tx: Executor, reelIds: string[]): Promise<() => Promise<void>> {
    const discarded = await exportRows.discardExports(tx, reelIds);
    return async () => {
      for (const row of discarded) await storage.deletePrefix(reelExportPrefix(row));
    };
  }

  /** The reels' JSON with these chunks (already narrowed to what the reader may see). */
  async function views(reels: ReelRow[], chunks: ChunkWithClip[], toChunk: typeof toReelChunk = toReelChunk): Promise<Reel[]> {
    const expires = mediaExpiresAt();
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

  /** A reel as its maker sees it now. */
  async function makerView(reel: ReelRow): Promise<Reel> {
    return (await views([reel], await repo.chunksOf([reel.id], 'maker')))[0]!;
  }

  return {
    /** `POST /api/user/reels/{streamId} {clips}`: a reel of those clips of a video the caller may see, in that order. */
    async create(caller: Caller, streamId: string, moments: number[]): Promise<{ reelId: string }> {
      const video = await videos.visibleVideo(caller, streamId);
      const found = await clips.ofVideoAt(video.tenantId, video.id, [...new Set(moments)]);
      const byMoment = new Map(found.map((c) => [c.momentMs, c]));
      const missing = moments.findIndex((moment) => !byMoment.has(moment));
      if (missing >= 0) throw new AppError('VALIDATION_FAILED', `body.clips.${missing}: Not a clip of this video.`);
      const id = newReelId();
      await withJobTransaction(db, async (tx) => {
        await repo.insertReel(tx, { id, tenantId: video.tenantId, ownerUserId: video.viewerUserId });
        const chunks = moments.map((moment) => byMoment.get(moment)!);
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
      const { viewer, reel, owned, chunks } = await requireVisible(caller, id);
      const saved = reel.clipId && !owned ? { saved: await clips.isSaved(viewer.userId, reel.clipId) } : {};
      // A viewer who may see the clips also sees where they come from (the clip page's heading).
      return { ...(await views([reel], chunks, toReelViewChunk))[0]!, owned, ...saved };
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
      const { rows, next } = await msPage(query.limit, query.timestamp, {
        page: (options) => repo.myReelsPage(viewer, options),
        inMillisecond: (at) => repo.myReelsInMillisecond(viewer, at),
        at: (row) => row.createdAt,
      });
      return { items: await views(rows, await repo.chunksOf(rows.map((r) => r.id), viewer)), next };
    },

    /**
     * `PUT /api/user/reels/{reelId}`: the editor's save (maker only). Every chunk's clip must be one
     * the caller may see, its out point within the clip. A clip's own reel plays that clip only.
     * Without `shared` the share link stays as it is now.
     */
    async update(caller: Caller, id: string, body: UpdateReelBody): Promise<Reel> {
      const { viewer, reel } = await requireOwn(caller, id);
      const ids = [...new Set(body.chunks.map((c) => c.clip))];
      const visible = new Map((await clips.visibleOf(viewer, ids.filter(isUuid))).map((c) => [c.id, c]));
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
      return makerView((await repo.reelById(reel.tenantId, reel.id))!);
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
      const { reel, chunks, hidden } = await requireOwnVisible(caller, id);
      const current = await exportRows.exportOf(reel.id);
      // An export made while the maker could see more of it holds what they may no longer see: made again.
      if (current && current.status !== 'failed' && !hidden) return toReelExport(storage, current, reel.title);
      const jobId = randomUUID();
      const durationSec = chunks.reduce((sum, c) => sum + (c.outSec - c.inSec), 0);
      const { started, deleteStale } = await withJobTransaction(db, async (tx) => {
        const deleteStale = current ? await discardExports(tx, [reel.id]) : async () => {};
        if (!(await exportRows.insertExport(tx, { reelId: reel.id, tenantId: reel.tenantId, jobId }))) return { started: false, deleteStale };
        const sent = await sendJobIn(tx, 'export-reel', { reelId: reel.id }, { id: jobId, expireInSeconds: exportTimeLimitSec(durationSec) });
        if (sent !== jobId) throw new Error(`export-reel job for ${reel.id} was not created`);
        return { started: true, deleteStale };
      });
      await deleteStale();
      if (started) jobs.wake('export-reel');
      return toReelExport(storage, await exportRows.exportOf(reel.id), reel.title);
    },

    /** `GET /api/user/reels/{reelId}/export` (maker only); an export holding chunks the maker may no longer see is not handed out. */
    async exportStatus(caller: Caller, id: string): Promise<ReelExport> {
      const { reel, hidden } = await requireOwnVisible(caller, id);
      return toReelExport(storage, hidden ? undefined : await exportRows.exportOf(reel.id), reel.title);
    },

    /**
     * `PUT /api/user/reels/{reelId}/sharing {shared}`: the share link on or off at once. The maker
     * switches it either way; the owner of a team whose footage it plays may switch it off.
     */
    async setSharing(caller: Caller, id: string, shared: boolean): Promise<ReelSharing> {
      const viewer = await requireViewer(caller);
      const reel = await repo.reelById(caller.tenantId, id);
      if (!reel) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
      if (reel.ownerUserId !== viewer.userId) {
        if (!(await repo.playsTeamFootage(reel.id, viewer.userId))) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
        if (shared) throw new AppError('FORBIDDEN', "Only the reel's maker may share it.");
      } else if (shared && (await repo.chunksOf([reel.id], viewer)).length === 0) {
        throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
      }
      await repo.setShared(reel.id, shared);
      return { reelId: reel.id, shared };
    },

    /** `GET /api/team/shared-reels`: the newest shared reels that play the caller's team's footage, for its owner to review and switch off. */
    async sharedOfTeam(caller: Caller): Promise<TeamSharedReelList> {
      const viewer = await requireViewer(caller);
      const rows = await repo.sharedReelsOfTeam(viewer.tenantId, viewer.userId, TEAM_SHARED_REELS_LIMIT);
      return { items: rows.map((r) => ({ reelId: r.id, title: r.title, maker: r.makerUsername, ownClip: r.clipId !== null, timestamp: r.createdAt.getTime() })) };
    },

    /**
     * `GET /api/reels/{id}` without a token: a shared reel of the tenant, with the chunks its maker may
     * see now, each from its clip's own cut file only (never the source, which holds the whole game):
     * until every clip is cut the link answers 409. Unknown and unshared answer the same 404.
     */
    async shared(tenantId: string, id: string): Promise<SharedReel> {
      const reel = await repo.reelById(tenantId, id);
      if (!reel || !reel.shared) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
      const chunks = await repo.chunksOf([reel.id], 'maker');
      if (chunks.length === 0) throw new AppError('NOT_FOUND', REEL_NOT_FOUND);
      if (chunks.some((c) => !c.clip.fileKey)) {
        throw new AppError('CONFLICT', chunks.some((c) => c.clip.status === 'failed') ? REEL_UNPLAYABLE : REEL_PREPARING);
      }
      const team = await teams.publicTeamOf(reel.tenantId, reel.ownerUserId);
      return { ...(await views([reel], chunks))[0]!, ...(team && { team }) };
    },
  };
}
export type ReelsService = ReturnType<typeof createReelsService>;
