import type { ImageTag, UserImage } from '@app/contracts/profiles';
import type { Caller } from '../../caller';
import type { Db } from '../../db/client';
import type { NotificationListener } from '../../db/notification-listener';
import { withJobTransaction, type Executor } from '../../db/job-transaction';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { isUuid } from '../../uuid';
import type { DomainEvents } from '../../domain-events';
import { avatarChanged } from './avatar-event';
import { avatarPath, toUserImage } from './image-view';
import { imagePrefix } from './image-processor';
import { createImageWaits } from './image-settled';
import type { ImageRow, ImagesRepo } from './images.repo';
import { sendJobIn } from '../../jobs/job-queue';

export const IMAGE_NOT_FOUND = 'Image not found.';
/** A signed link behind a stable image address lives this long; browsers keep the redirect a little less. */
const IMAGE_URL_SECONDS = 60 * 60;
export const IMAGE_REDIRECT_MAX_AGE = 50 * 60;
/** How long completing an upload waits for its image to be processed before answering that it still is. */
const COMPLETE_WAIT_MS = 20_000;

/** What the images module needs of the job queue (the runtime's JobQueue fits it). */
export interface ImageQueue {
  wake(name: 'process-image'): void;
}

const REFUSAL_CODES = ['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'NOT_FOUND', 'BAD_REQUEST'] as const;
/** A failed image's stored code as the error its upload answers: always a 4xx. */
const refusalCode = (code: string | null) => REFUSAL_CODES.find((c) => c === code) ?? 'BAD_REQUEST';

/** What images needs to know of a product user (the users module's rows fit it). */
export interface ImageOwner {
  id: number;
  tenantId: string;
  username: string;
}

/** Finds the product users images belong to (the users service fits it). */
export interface ImageOwners {
  find(caller: Caller): Promise<ImageOwner | undefined>;
  byId(tenantId: string, id: number): Promise<ImageOwner | undefined>;
}

export interface ImagesServiceDeps {
  db: Db;
  repo: ImagesRepo;
  storage: Storage;
  jobs: ImageQueue;
  events: Pick<DomainEvents, 'emit'>;
  users: ImageOwners;
  /** The team `user` owns (its channel id); refuses (403) anyone who owns none. */
  ownedTeam: (user: ImageOwner) => Promise<number>;
  /** The node's LISTEN connection: it hears when an image settles, on whichever node its job ran. */
  notifications: Pick<NotificationListener, 'on' | 'onListening'>;
}

/** Profile images: started by an upload's completion, processed by the `process-image` job. */
export function createImagesService({ db, repo, storage, jobs, events, users, ownedTeam, notifications }: ImagesServiceDeps) {
  const waits = createImageWaits(notifications);

  async function ownImage(caller: Caller, id: string): Promise<ImageRow> {
    const user = await users.find(caller);
    const row = user && isUuid(id) ? await repo.byId(id) : undefined;
    if (!row || !user || row.tenantId !== caller.tenantId || row.userId !== user.id) throw new AppError('NOT_FOUND', IMAGE_NOT_FOUND);
    return row;
  }

  return {
    /** Who may upload an image of this kind: anyone their own; a team's logo only its owner. */
    async checkUpload(user: ImageOwner, tag: ImageTag): Promise<void> {
      if (tag === 'logo') await ownedTeam(user);
    },

    /**
     * Inserts the `processing` image of a completed upload and its job, in the upload's transaction
     * (both exist after the commit or neither does). The image id is the upload key.
     */
    async start(tx: Executor, upload: { key: string; tenantId: string; userId: number; tag: ImageTag; storageKey: string }): Promise<void> {
      const user = await users.byId(upload.tenantId, upload.userId);
      const channelId = upload.tag === 'logo' && user ? await ownedTeam(user) : null;
      await repo.insert(tx, { id: upload.key, tenantId: upload.tenantId, userId: upload.userId, channelId, tag: upload.tag, originalKey: upload.storageKey });
      await sendJobIn(tx, 'process-image', { imageId: upload.key });
    },

    wake: () => jobs.wake('process-image'),

    /**
     * The image once processed, waiting up to 20 s for the job (woken by its notification, whichever
     * node runs it): ready, or a refusal thrown with its message (415 not a picture, 413 too large,
     * 400 damaged); still `processing` when the wait ran out (the client then follows
     * `GET /api/user/images/{_id}`).
     */
    async processed(id: string): Promise<UserImage> {
      const row = await waits.until(id, () => repo.byId(id), (image) => image?.status !== 'processing', COMPLETE_WAIT_MS);
      if (!row) throw new AppError('NOT_FOUND', IMAGE_NOT_FOUND);
      if (row.status === 'failed') throw new AppError(refusalCode(row.failureCode), row.failure ?? IMAGE_NOT_FOUND);
      return toUserImage(row);
    },

    /** `GET /api/user/images/{_id}`: the caller's own image, in any state. */
    get: async (caller: Caller, id: string): Promise<UserImage> => toUserImage(await ownImage(caller, id)),

    /** The ready images of a user (hero, avatar, photos newest first); the team logo is the team's. */
    readyOf: async (userId: number): Promise<UserImage[]> => (await repo.readyOf(userId)).map(toUserImage),

    logoOf: async (channelId: number): Promise<UserImage | null> => {
      const row = await repo.logoOf(channelId);
      return row ? toUserImage(row) : null;
    },

    /** `DELETE /api/user/images/{_id}`: the owner's only (404 for anyone else); a deleted avatar stops being the user's picture. */
    async remove(caller: Caller, id: string): Promise<void> {
      const own = await ownImage(caller, id);
      const removed = await withJobTransaction(db, async (tx) => {
        const deleted = await repo.remove(tx, own.tenantId, own.userId, own.id);
        if (deleted?.tag === 'avatar') await avatarChanged(events, tx, { userId: own.userId, image: null, replacing: avatarPath(own.id) });
        return deleted;
      });
      if (!removed) throw new AppError('NOT_FOUND', IMAGE_NOT_FOUND);
      await storage.deletePrefix(imagePrefix(removed));
    },

    /**
     * `GET /api/images/{id}/{size}.webp`: a fresh signed link to one size of a ready image of this
     * tenant. Anyone holding the address may load it, like any image on a page: the id is 122 random
     * bits and only the owner and their teammates are ever given it.
     */
    async signedSize(tenantId: string, id: string, size: string): Promise<string> {
      const row = isUuid(id) ? await repo.byId(id) : undefined;
      const variant = row?.tenantId === tenantId && row.status === 'ready' ? row.variants.find((v) => v.name === size) : undefined;
      if (!variant) throw new AppError('NOT_FOUND', IMAGE_NOT_FOUND);
      return storage.signedGetUrl(variant.key, { expiresInSec: IMAGE_URL_SECONDS });
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
