import { randomUUID } from 'node:crypto';
import type { Clip, ClipChunk, ClipList, CreateClipBody } from '@app/contracts/clips';
import type { Db } from '../../db/client';
import { withJobTransaction, type Executor } from '../../db/job-transaction';
import { AppError } from '../../errors';
import { storageKey } from '../../storage/keys';
import type { Storage } from '../../storage/storage';
import type { EventsService } from '../live/events.service';
import type { TeamsService } from '../teams/teams.service';
import type { Caller } from '../../caller';
import type { UsersService } from '../users/users.service';
import type { VideosService } from '../videos/videos.service';
import { isUuid } from '../../uuid';
import { createMediaUrls } from '../../storage/media-urls';
import { chunkSource, mediaExpiresAt, toClip } from './clip-view';
import type { Viewer } from '../../db/clip-visibility';
import type { ClipsRepo, ClipWithTitle } from './clips.repo';
import type { SavedClipsRepo } from './saved-clips.repo';
import { msPage } from '../../db/ms-page';
import { sendJobIn } from '../../jobs/job-queue';

export const CLIP_NOT_FOUND = 'Clip not found.';

/**
 * What the clips module needs of the job queue (the runtime's JobQueue fits it), declared here so
 * the module does not depend on the queue, whose registry depends on the module's job.
 */
export interface CutQueue {
  wake(name: 'cut-clip'): void;
}

/**
 * What the clips module needs of the reels module, which owns reel rows (built by the runtime: reels read
 * clips, so clips never import reels). Every clip has its own one-chunk reel, made and kept with it.
 */
export interface ClipReels {
  /** The id of a new reel (its share link). */
  newId(): string;
  /** In the clip's transaction, after its row: its own reel (`clip.reelId`), playing the whole clip. */
  addOwn(tx: Executor, clip: { id: string; tenantId: string; ownerUserId: number; reelId: string; durationSec: number }): Promise<void>;
  /** In a live clip's re-cut transaction: its own reel plays the clip's new length. */
  lengthChanged(tx: Executor, clip: { id: string; reelId: string }, durationSec: number): Promise<void>;
  /**
   * In the transaction that deletes these clips: the exports of reels that play them are discarded (an
   * export is kept until its reel changes); returns what deletes their files once it has committed.
   */
  clipsDeleted(tx: Executor, clipIds: string[]): Promise<() => Promise<void>>;
}

export interface ClipsServiceDeps {
  repo: ClipsRepo;
  saved: SavedClipsRepo;
  db: Db;
  storage: Storage;
  jobs: CutQueue;
  users: Pick<UsersService, 'find'>;
  teams: Pick<TeamsService, 'activeChannelId'>;
  videos: Pick<VideosService, 'visibleVideo'>;
  /** Who may see a live event (a live clip's source). */
  liveEvents: Pick<EventsService, 'visibleEvent'>;
  reels: ClipReels;
}

/**
 * Where a clip's own file and poster go: under its source's objects (the video's, or the live event's, whose
 * id is a live clip's `source_key`), so deleting the source removes them.
 */
export const clipObjectsPrefix = (clip: { tenantId: string; streamKind: string; streamId: string; sourceKey: string; id: string }) =>
  clip.streamKind === 'live'
    ? `${storageKey(clip.tenantId, 'live', clip.sourceKey, 'clips', clip.id)}/`
    : `${storageKey(clip.tenantId, 'videos', clip.streamId, 'clips', clip.id)}/`;

/**
 * Clips: a time range of a video, made by anyone who may see the video, visible to
 * whoever may see it (the owner and the owner's team: 404 for anyone else), changed by its maker.
 * It plays at once from the source rendition; the `cut-clip` job then stores its own MP4.
 */
export function createClipsService({ repo, saved, db, storage, jobs, users, teams, videos, liveEvents, reels }: ClipsServiceDeps) {
  const sign = createMediaUrls(storage);
  const view = (row: ClipWithTitle) => toClip(sign, row);

  async function viewerOf(caller: Caller): Promise<Viewer | null> {
    const user = await users.find(caller);
    return user ? { tenantId: caller.tenantId, userId: user.id } : null;
  }

  /** A clip the caller may see: one of a video or live event the caller may see (the videos or live module decides). */
  async function requireVisible(caller: Caller, find: () => Promise<ClipWithTitle | undefined>) {
    const clip = await find();
    if (!clip) throw new AppError('NOT_FOUND', CLIP_NOT_FOUND);
    const source = await (clip.streamKind === 'live' ? liveEvents.visibleEvent(caller, clip.streamId) : videos.visibleVideo(caller, clip.streamId)).catch(
      (err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404) throw new AppError('NOT_FOUND', CLIP_NOT_FOUND);
        throw err;
      },
    );
    return { clip, viewerUserId: source.viewerUserId };
  }

  /** A clip the caller may see, by its `_id`. */
  const visibleById = (caller: Caller, id: string) => requireVisible(caller, async () => (isUuid(id) ? repo.byId(caller.tenantId, id) : undefined));

  return {
    /** `POST /api/user/videos/{key}/clips`. */
    async create(caller: Caller, key: string, body: CreateClipBody): Promise<Clip> {
      const video = await videos.visibleVideo(caller, key);
      if (body.key !== undefined && body.key !== key) throw new AppError('VALIDATION_FAILED', 'body.key: Must be the key of the video in the path.');
      const rendition = video.renditions.full ? { name: 'full', ...video.renditions.full } : video.renditions.low && { name: 'low', ...video.renditions.low };
      if (video.status !== 'ready' || !rendition || !video.durationSec) {
        throw new AppError('CONFLICT', 'The video is still being processed. Clip it once it is ready.');
      }
      if (body.timestamp >= video.durationSec) {
        throw new AppError('VALIDATION_FAILED', `body.timestamp: The start must be within the video (0 to ${Math.floor(video.durationSec)} s).`);
      }
      // A window that runs past the end (a play in the last seconds) ends with the video.
      const durationSec = Math.min(body.duration, video.durationSec - body.timestamp);
      const id = randomUUID();
      const jobId = randomUUID();
      const row = await withJobTransaction(db, async (tx) => {
        const inserted = await repo.insertClip(tx, {
          id,
          tenantId: video.tenantId,
          ownerUserId: video.viewerUserId,
          streamKind: 'video',
          streamId: video.id,
          sourceOwnerUserId: video.ownerUserId,
          momentMs: Math.round(body.timestamp * 1000),
          reelId: reels.newId(),
          startSec: body.timestamp,
          durationSec,
          sourceKey: rendition.key,
          sourceRendition: rendition.name,
          jobId,
        });
        await reels.addOwn(tx, inserted);
        const sent = await sendJobIn(tx, 'cut-clip', { clipId: id }, { id: jobId });
        if (sent !== jobId) throw new Error(`cut-clip job for ${id} was not created`);
        return inserted;
      });
      jobs.wake('cut-clip');
      return view({ ...row, sourceTitle: video.title });
    },

    /**
     * `GET /api/user/clips?limit=&timestamp=`: the caller's clips, made or saved, newest first, each
     * while they may see its source. A saved clip's `timestamp` (the cursor) is when it was saved.
     */
    async mine(caller: Caller, query: { limit: number; timestamp?: number | undefined }): Promise<ClipList> {
      const viewer = await viewerOf(caller);
      if (!viewer) return { items: [], next: null };
      const { rows, next } = await msPage(query.limit, query.timestamp, {
        page: (options) => repo.libraryPage(viewer, options),
        inMillisecond: (at) => repo.libraryInMillisecond(viewer, at),
        at: (row) => row.listedAt,
      });
      return { items: await Promise.all(rows.map((row) => toClip(sign, row, row.listedAt))), next };
    },

    /**
     * `GET /api/team/clips?limit=&timestamp=`: the clips of the caller's active team (of its members' videos
     * and its live games), whoever made them, newest first; none outside a team.
     */
    async ofTeam(caller: Caller, query: { limit: number; timestamp?: number | undefined }): Promise<ClipList> {
      const viewer = await viewerOf(caller);
      const channelId = viewer && (await teams.activeChannelId(caller));
      if (!viewer || channelId === null) return { items: [], next: null };
      const { rows, next } = await msPage(query.limit, query.timestamp, {
        page: (options) => repo.teamPage(viewer, channelId, options),
        inMillisecond: (at) => repo.teamInMillisecond(viewer, channelId, at),
        at: (row) => row.createdAt,
      });
      return { items: await Promise.all(rows.map(view)), next };
    },

    /**
     * `POST /api/user/clips/{id}/save`: a clip the caller may see (404 otherwise) goes into their
     * library. Their own clips are there already: saving one changes nothing.
     */
    async save(caller: Caller, id: string): Promise<void> {
      const { clip, viewerUserId } = await visibleById(caller, id);
      // A public event's clip is visible to a signed-in user without a profile, who has no library.
      if (viewerUserId === null) throw new AppError('NOT_FOUND', CLIP_NOT_FOUND);
      if (clip.ownerUserId !== viewerUserId) await saved.save(viewerUserId, clip.id);
    },

    /** `DELETE /api/user/clips/{id}/save`: out of the caller's library again (404 for a clip they may not see). */
    async unsave(caller: Caller, id: string): Promise<void> {
      const { clip, viewerUserId } = await visibleById(caller, id);
      if (viewerUserId === null) throw new AppError('NOT_FOUND', CLIP_NOT_FOUND);
      await saved.unsave(viewerUserId, clip.id);
    },

    /** `GET /api/user/clips/{streamId}`: every clip of a video the caller may see, newest first. */
    async ofStream(caller: Caller, streamId: string): Promise<Clip[]> {
      const video = await videos.visibleVideo(caller, streamId);
      return Promise.all((await repo.ofStream(video.tenantId, 'video', video.id)).map(view));
    },

    /** `GET /api/user/clips/{key}` for a live event: its clips, newest first, paged by creation. */
    async ofLiveEvent(caller: Caller, key: string, query: { limit: number; timestamp?: number | undefined }): Promise<ClipList> {
      const { event } = await liveEvents.visibleEvent(caller, key);
      const { rows, next } = await msPage(query.limit, query.timestamp, {
        page: (options) => repo.ofStreamPage(event.tenantId, 'live', key, options),
        inMillisecond: (at) => repo.ofStreamInMillisecond(event.tenantId, 'live', key, at),
        at: (row) => row.createdAt,
      });
      return { items: await Promise.all(rows.map(view)), next };
    },

    /** `GET /api/user/clips/{stream_id}/{clip_id}/chunk`: `clip_id` is the clip's moment in ms. */
    async chunk(caller: Caller, streamId: string, moment: string): Promise<ClipChunk> {
      const { clip } = await requireVisible(caller, async () =>
        /^\d{1,15}$/.test(moment) ? repo.byStreamMoment(caller.tenantId, streamId, Number(moment)) : undefined,
      );
      const expires = mediaExpiresAt();
      return { source: await chunkSource(sign, clip, 0, clip.durationSec), mediaExpiresAt: expires };
    },

    /** The clips of a video at these moments (their `clip_id`s), for the reels module. */
    ofVideoAt: (tenantId: string, videoId: string, moments: number[]) => repo.ofVideoAt(tenantId, videoId, moments),

    /** Which of these clips the viewer may see, for the reels module (a reel plays only those). */
    visibleOf: (viewer: Viewer, ids: string[]) => repo.visibleByIds(viewer, ids),

    /** Whether the user saved the clip to their library (a clip's own reel shows it). */
    isSaved: (userId: number, clipId: string) => saved.isSaved(userId, clipId),

    /** A clip the caller may see, by its `_id` (404 for anyone else): for modules that attach things to clips. */
    async visible(caller: Caller, id: string): Promise<{ id: string; tenantId: string; reelId: string }> {
      const { clip } = await visibleById(caller, id);
      return { id: clip.id, tenantId: clip.tenantId, reelId: clip.reelId };
    },

    /** `DELETE /api/user/clips/{clipId}`: its maker only (404 to anyone else); rows, then objects. */
    async remove(caller: Caller, id: string): Promise<void> {
      const { clip, viewerUserId } = await visibleById(caller, id);
      if (clip.ownerUserId !== viewerUserId) throw new AppError('NOT_FOUND', CLIP_NOT_FOUND);
      const { deleted, deleteExports } = await withJobTransaction(db, async (tx) => {
        const deleteExports = await reels.clipsDeleted(tx, [clip.id]);
        return { deleted: await repo.deleteClip(tx, clip.id), deleteExports };
      });
      if (!deleted) throw new AppError('NOT_FOUND', CLIP_NOT_FOUND);
      await storage.deletePrefix(clipObjectsPrefix({ ...deleted, id: clip.id }));
      await deleteExports();
    },
  };
}
export type ClipsService = ReturnType<typeof createClipsService>;
