import { randomUUID } from 'node:crypto';
import type { UpdateVideoBody, Video, VideoList, VideoMessage } from '@app/contracts/videos';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { storageKey } from '../../storage/keys';
import type { Storage } from '../../storage/storage';
import type { Caller } from '../../caller';
import type { UsersService } from '../users/users.service';
import { isUuid } from '../../uuid';
import { insertProcessingVideo, type TranscodeQueue } from './processing-video';
import { createLibraryCache } from './library-cache';
import { createTestVideoFile, TEST_VIDEO_TITLE } from './test-video';
import { createMediaUrls, toVideo } from './video-view';
import { withJobTransaction, type Executor } from '../../db/job-transaction';
import { createVideosRepo, type VideoWithOwner, type Viewer } from './videos.repo';

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
const MESSAGES_LIMIT = 200;

export interface VideosServiceDeps {
  db: Db;
  storage: Storage;
  jobs: TranscodeQueue;
  users: UsersService;
  /** Where the test video clip is encoded once and kept. */
  dataDir: string;
  /**
   * Run inside the transaction that deletes a video, before it commits: the seam for what other
   * modules keep of a video (the clips module deletes the clips cut from it here). A hook may return
   * what to do once the delete has committed (delete objects of its own).
   */
  onDelete?: ReadonlyArray<(tx: Executor, video: { id: string; tenantId: string }) => Promise<void | (() => Promise<void>)>>;
}

/**
 * The video library: a video is visible to its owner and, once ready, to
 * everyone who shares a team with the owner, in the owner's tenant; to anyone else it does not exist
 * (404, so keys cannot be probed). Only the owner changes it.
 */
export function createVideosService({ db, storage, jobs, users, dataDir, onDelete = [] }: VideosServiceDeps) {
  const repo = createVideosRepo(db);
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
      const values = {
        // An emptied title falls back to the default ('Video') in the web app.
        ...(body.title !== undefined && { title: body.title?.trim() || null }),
        ...(body.highlights !== undefined && { highlights: body.highlights }),
      };
      if (Object.keys(values).length > 0) await repo.update(video.id, values);
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
        if (row) {
          for (const hook of onDelete) {
            const after = await hook(tx, { id: video.id, tenantId: row.tenantId });
            if (after) afterCommit.push(after);
          }
        }
        return row;
      });
      // A concurrent delete got there first and removes the objects itself.
      if (!deleted) throw new AppError('NOT_FOUND', VIDEO_NOT_FOUND);
      await storage.deletePrefix(`${storageKey(deleted.tenantId, 'videos', video.id)}/`);
      await storage.deletePrefix(`${storageKey(deleted.tenantId, 'uploads', video.id)}/`);
      for (const after of afterCommit) await after();
    },

    async messages(caller: Caller, key: string): Promise<VideoMessage[]> {
      const { video } = await requireVisible(caller, key);
      const rows = await repo.messages(video.id, MESSAGES_LIMIT);
      return rows.map((r) => ({ _id: String(r.id), content: r.content, publisher: r.publisher, timestamp: r.createdAt.toISOString() }));
    },

    /** Everyone who can see the video may comment on it. */
    async postMessage(caller: Caller, key: string, message: string): Promise<VideoMessage> {
      const { user, video } = await requireVisible(caller, key);
      const row = await repo.insertMessage({ videoId: video.id, publisherUserId: user.id, content: message });
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
        const row = await withJobTransaction(db, async (tx, jobDb) => {
          const recent = await repo.lockAndCountTestVideos(tx, user.id, new Date(Date.now() - 60 * 60 * 1000));
          if (recent >= TEST_VIDEOS_PER_HOUR) {
            throw new AppError('RATE_LIMITED', `You can create ${TEST_VIDEOS_PER_HOUR} test videos an hour. Please try again later.`);
          }
          // A copy of the cached clip (copyFile, often a reflink on local disk): cheap enough to hold the lock over.
          const object = await storage.putFile(sourceKey, file, { contentType: 'video/mp4' });
          return insertProcessingVideo({ repo, jobs }, tx, jobDb, {
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
        });
        jobs.wake('transcode-video');
        return view({ ...row, ownerUsername: user.username, ownerIdentityUserId: user.identityUserId });
      } catch (err) {
        await storage.delete(sourceKey).catch(() => undefined);
        throw err;
      }
    },
  };
}
export type VideosService = ReturnType<typeof createVideosService>;
