import { randomUUID } from 'node:crypto';
import {
  HIGHLIGHT_MARKERS_ONLY,
  HIGHLIGHT_NOT_FOUND,
  HIGHLIGHT_REMOVERS_ONLY,
  HIGHLIGHT_SAME_MOMENT_SEC,
  HIGHLIGHTS_MAX,
  highlightAt,
  TOO_MANY_HIGHLIGHTS,
  type UpdateVideoBody,
  type Video,
  type VideoList,
  type VideoComment,
} from '@app/contracts/videos';
import type { Level } from '@app/contracts/levels';
import type { StoredHighlight } from '../../db/stored-media';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { storageKey } from '../../storage/keys';
import type { Storage } from '../../storage/storage';
import type { Caller } from '../../caller';
import type { BillingService } from '../billing/billing.service';
import type { UsersService } from '../users/users.service';
import { isUuid } from '../../uuid';
import { insertProcessingVideo, type TranscodeQueue } from './processing-video';
import { createLibraryCache } from './library-cache';
import { createTestVideoFile, TEST_VIDEO_TITLE } from './test-video';
import { createMediaUrls } from '../../storage/media-urls';
import { highlightId, makerOf, toVideo } from './video-view';
import { withJobTransaction } from '../../db/job-transaction';
import type { DomainEvents } from '../../domain-events';
import type { VideosRepo, VideoWithOwner, Viewer } from './videos.repo';
import { recordVideoStatus } from './video-status-update';

export const VIDEO_NOT_FOUND = 'Video not found.';
export const OWNER_ONLY = 'Only the owner can change this video.';
/** `POST /api/user/testvideo`: each one is a 17 MB object and a transcode, so a few an hour per user. */
export const TEST_VIDEOS_PER_HOUR = 5;
/** What `visibleVideo` tells another module of a video. */
export interface VisibleVideo {
  viewerUserId: number;
  id: string;
  tenantId: string;
  ownerUserId: number;
  title: string | null;
  status: Video['status'];
  durationSec: number | null;
  renditions: VideoWithOwner['renditions'];
}
type ListQuery = { limit: number; timestamp?: string | undefined; keys?: string[] | undefined };
/** Comments returned with a video, newest first. */
const COMMENTS_LIMIT = 200;
/** Who marks highlights on a teammate's video: the team's coach and athletes (a fan in the team watches them). */
const MARKING_LEVELS: readonly Level[] = ['athlete', 'team'];

const byMoment = (a: StoredHighlight, b: StoredHighlight) => a.highlight - b.highlight;
const sameTimes = (a: StoredHighlight, b: StoredHighlight) => a.intro === b.intro && a.highlight === b.highlight && a.outro === b.outro;

declare module '../../domain-events' {
  interface DomainEventMap {
    /**
     * A video's rows are being deleted, in that transaction: what other modules keep of it goes with it
     * (the clips cut from it). `afterCommit` takes work for once the delete has committed (deleting a
     * listener's own objects, which cannot be rolled back).
     */
    'video.deleted': { id: string; tenantId: string; afterCommit(work: () => Promise<void>): void };
  }
}

export interface VideosServiceDeps {
  repo: VideosRepo;
  db: Db;
  events: Pick<DomainEvents, 'emit'>;
  storage: Storage;
  jobs: TranscodeQueue;
  users: UsersService;
  /** Whether a teammate may mark highlights (their level). */
  billing: Pick<BillingService, 'level'>;
  /** Where the test video clip is encoded once and kept. */
  dataDir: string;
}

/**
 * The video library: a video is visible to its owner and, once ready, to
 * everyone who shares a team with the owner, in the owner's tenant; to anyone else it does not exist
 * (404, so keys cannot be probed). Only the owner changes it, except highlights: the team's coach and
 * athletes who see it mark them, and a highlight's maker or the owner removes it.
 */
export function createVideosService({ repo, db, events, storage, jobs, users, billing, dataDir }: VideosServiceDeps) {
  const testVideoFile = createTestVideoFile(dataDir);

  async function viewerOf(caller: Caller) {
    const user = await users.find(caller);
    return user ? { user, viewer: { tenantId: caller.tenantId, userId: user.id } satisfies Viewer } : null;
  }

  async function requireVisible(caller: Caller, key: string) {
    const who = isUuid(key) ? await viewerOf(caller) : null;
    const video = who ? await repo.visible(who.viewer, key) : undefined;
    if (!who || !video) throw new AppError('NOT_FOUND', VIDEO_NOT_FOUND);
    return { ...who, video };
  }

  const mediaUrl = createMediaUrls(storage);
  const view = (row: VideoWithOwner) => toVideo(mediaUrl, row);
  const cache = createLibraryCache(repo.libraryVersion);

  /**
   * A page that ends inside one millisecond would lose that millisecond's other rows, because the
   * next page starts strictly before the cursor; such a page takes the millisecond whole instead.
   */
  async function page(viewer: Viewer, limit: number, before: Date | undefined): Promise<{ rows: VideoWithOwner[]; next: Date | null }> {
    const rows = await repo.visiblePage(viewer, { before, limit: limit + 1 });
    if (rows.length <= limit) return { rows, next: null };
    const taken = rows.slice(0, limit);
    const last = taken[limit - 1]!.createdAt;
    if (rows[limit]!.createdAt.getTime() !== last.getTime()) return { rows: taken, next: last };
    const whole = [...taken.filter((r) => r.createdAt.getTime() !== last.getTime()), ...(await repo.visibleInMillisecond(viewer, last))];
    const more = await repo.visiblePage(viewer, { before: last, limit: 1 });
    return { rows: whole, next: more.length > 0 ? last : null };
  }

  async function list(viewer: Viewer, query: ListQuery): Promise<VideoList> {
    if (query.keys) {
      const rows = await repo.visibleKeys(viewer, [...new Set(query.keys)]);
      return { items: await Promise.all(rows.map(view)), next: null };
    }
    const { rows, next } = await page(viewer, query.limit, query.timestamp ? new Date(query.timestamp) : undefined);
    return { items: await Promise.all(rows.map(view)), next: next ? next.toISOString() : null };
  }

  return {
    /**
     * A video the caller may see, for what other modules make of it (clips): the caller's product
     * user id, the video's owner, title, duration and stored renditions. 404 like `GET` otherwise.
     */
    async visibleVideo(caller: Caller, key: string): Promise<VisibleVideo> {
      const { viewer, video } = await requireVisible(caller, key);
      return {
        viewerUserId: viewer.userId,
        id: video.id,
        tenantId: viewer.tenantId,
        ownerUserId: video.ownerUserId,
        title: video.title,
        status: video.status as Video['status'],
        durationSec: video.durationSec,
        renditions: video.renditions,
      };
    },

    /**
     * `GET /api/user/videos?limit=&timestamp=` (newest first) or `?keys=a,b` (the visible ones among
     * them), as the JSON `serialize` makes of it (kept by the library cache while nothing changed).
     */
    async listJson(caller: Caller, query: ListQuery, serialize: (list: VideoList) => string): Promise<string | Buffer> {
      const who = await viewerOf(caller);
      if (!who) return serialize({ items: [], next: null });
      const what = `list\u0000${query.limit}\u0000${query.timestamp ?? ''}\u0000${query.keys?.join(',') ?? ''}`;
      return cache.read(who.viewer, what, async () => serialize(await list(who.viewer, query)));
    },

    /** `GET /api/user/videos/{key}`, as the JSON `serialize` makes of it (kept like `listJson`'s). */
    async getJson(caller: Caller, key: string, serialize: (video: Video) => string): Promise<string | Buffer> {
      const who = isUuid(key) ? await viewerOf(caller) : null;
      if (!who) throw new AppError('NOT_FOUND', VIDEO_NOT_FOUND);
      return cache.read(who.viewer, `video\u0000${key}`, async () => {
        const video = await repo.visible(who.viewer, key);
        if (!video) throw new AppError('NOT_FOUND', VIDEO_NOT_FOUND);
        return serialize(await view(video));
      });
    },

    /** `PUT /api/user/videos/{key}`: the body may be the whole video; only title and highlights change. */
    async update(caller: Caller, key: string, body: UpdateVideoBody): Promise<Video> {
      const { viewer, video } = await requireVisible(caller, key);
      if (video.ownerUserId !== viewer.userId) throw new AppError('FORBIDDEN', OWNER_ONLY);
      // An emptied title falls back to the default ('Video') in the web app.
      if (body.title !== undefined) await repo.update(video.id, { title: body.title?.trim() || null });
      const sent = body.highlights;
      if (sent !== undefined) {
        // The owner sends the whole list: one kept keeps its id and maker, a new one is the owner's.
        await repo.changeHighlights(video.id, (stored) =>
          sent.map((h) => stored.find((s) => sameTimes(s, h)) ?? { ...h, id: randomUUID(), makerUserId: viewer.userId }).sort(byMoment),
        );
      }
      return view((await repo.visible(viewer, video.id))!);
    },

    /**
     * `POST /api/user/videos/{key}/highlights {at}`: the owner, or a teammate who is the team's coach
     * or an athlete (403 for a fan), marks a moment; a moment marked already (within half a second)
     * is left as it is. Answers the video.
     */
    async markHighlight(caller: Caller, key: string, at: number): Promise<Video> {
      const { viewer, video } = await requireVisible(caller, key);
      // Seeing a video someone else owns means sharing a team with them (and the video is ready).
      if (video.ownerUserId !== viewer.userId && !MARKING_LEVELS.includes(await billing.level(caller))) {
        throw new AppError('FORBIDDEN', HIGHLIGHT_MARKERS_ONLY);
      }
      const moment = Math.round(at * 1000) / 1000;
      await repo.changeHighlights(video.id, (stored) => {
        if (stored.some((h) => Math.abs(h.highlight - moment) < HIGHLIGHT_SAME_MOMENT_SEC)) return stored;
        if (stored.length >= HIGHLIGHTS_MAX) throw new AppError('CONFLICT', TOO_MANY_HIGHLIGHTS);
        return [...stored, { ...highlightAt(moment, video.durationSec), id: randomUUID(), makerUserId: viewer.userId }].sort(byMoment);
      });
      return view((await repo.visible(viewer, video.id))!);
    },

    /** `DELETE /api/user/videos/{key}/highlights/{id}`: the video's owner or the highlight's maker (403 for others). */
    async removeHighlight(caller: Caller, key: string, id: string): Promise<Video> {
      const { viewer, video } = await requireVisible(caller, key);
      await repo.changeHighlights(video.id, (stored) => {
        const target = stored.find((h) => highlightId(h) === id);
        if (!target) throw new AppError('NOT_FOUND', HIGHLIGHT_NOT_FOUND);
        if (video.ownerUserId !== viewer.userId && makerOf(target, video.ownerUserId) !== viewer.userId) throw new AppError('FORBIDDEN', HIGHLIGHT_REMOVERS_ONLY);
        return stored.filter((h) => h !== target);
      });
      return view((await repo.visible(viewer, video.id))!);
    },

    /**
     * `DELETE /api/user/videos/{key}`: owner only (anyone else gets the 404 of an unknown key). The
     * rows go first, in one transaction, so the video vanishes from every list and its media URLs
     * can no longer be handed out; then its objects (original, renditions, previews, poster,
     * storyboard: all under `<tenant>/videos/<id>/`) and any staged upload, so URLs already handed
     * out answer 404.
     */
    async remove(caller: Caller, key: string): Promise<void> {
      const { viewer, video } = await requireVisible(caller, key);
      if (video.ownerUserId !== viewer.userId) throw new AppError('NOT_FOUND', VIDEO_NOT_FOUND);
      const afterCommit: (() => Promise<void>)[] = [];
      const deleted = await withJobTransaction(db, async (tx) => {
        const row = await repo.deleteWithJob(tx, video.id);
        if (row) await events.emit(tx, 'video.deleted', { id: video.id, tenantId: row.tenantId, afterCommit: (work) => afterCommit.push(work) });
        return row;
      });
      // A concurrent delete got there first and removes the objects itself.
      if (!deleted) throw new AppError('NOT_FOUND', VIDEO_NOT_FOUND);
      await storage.deletePrefix(`${storageKey(deleted.tenantId, 'videos', video.id)}/`);
      await storage.deletePrefix(`${storageKey(deleted.tenantId, 'uploads', video.id)}/`);
      for (const after of afterCommit) await after();
    },

    async comments(caller: Caller, key: string): Promise<VideoComment[]> {
      const { video } = await requireVisible(caller, key);
      const rows = await repo.comments(video.id, COMMENTS_LIMIT);
      return rows.map((r) => ({ _id: String(r.id), content: r.content, publisher: r.publisher, timestamp: r.createdAt.toISOString() }));
    },

    /** Everyone who can see the video may comment on it. */
    async postComment(caller: Caller, key: string, content: string): Promise<VideoComment> {
      const { user, video } = await requireVisible(caller, key);
      const row = await repo.insertComment({ videoId: video.id, publisherUserId: user.id, content });
      return { _id: String(row.id), content: row.content, publisher: user.username, timestamp: row.createdAt.toISOString() };
    },

    /**
     * `POST /api/user/testvideo`: a generated clip becomes a video exactly like an
     * upload: stored as the source, inserted `processing`, transcoded by the same job.
     */
    async createTestVideo(caller: Caller): Promise<Video> {
      const user = await users.requireRegistered(caller);
      const file = await testVideoFile();
      const id = randomUUID();
      const sourceKey = storageKey(caller.tenantId, 'videos', id, 'source', 'test-video.mp4');
      try {
        const row = await withJobTransaction(db, async (tx) => {
          const recent = await repo.lockAndCountTestVideos(tx, user.id, new Date(Date.now() - 60 * 60 * 1000));
          if (recent >= TEST_VIDEOS_PER_HOUR) {
            throw new AppError('RATE_LIMITED', `You can create ${TEST_VIDEOS_PER_HOUR} test videos an hour. Please try again later.`);
          }
          // A copy of the cached clip (copyFile, often a reflink on local disk): cheap enough to hold the lock over.
          const object = await storage.putFile(sourceKey, file, { contentType: 'video/mp4' });
          const video = await insertProcessingVideo({ repo }, tx, {
            id,
            tenantId: caller.tenantId,
            ownerUserId: user.id,
            title: TEST_VIDEO_TITLE,
            isTest: true,
            sourceKey,
            sourceName: 'test-video.mp4',
            sourceSize: object.size,
            sourceContentType: 'video/mp4',
          });
          await recordVideoStatus(tx, video);
          return video;
        });
        jobs.wake('transcode-video');
        return view({ ...row, highlightMakers: [], ownerUsername: user.username, ownerName: user.name, ownerIdentityUserId: user.identityUserId });
      } catch (err) {
        await storage.delete(sourceKey).catch(() => undefined);
        throw err;
      }
    },
  };
}
export type VideosService = ReturnType<typeof createVideosService>;
