import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, type ImageTag } from '@app/contracts/profiles';
import { RESUMABLE_THRESHOLD_BYTES, TUS_ENDPOINT, type CompleteUploadResponse, type PreuploadBody, type PreuploadResponse } from '@app/contracts/videos';
import type { Upload } from '@tus/server';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { assertContentType } from '../../storage/content-type';
import { storageKey } from '../../storage/keys';
import type { Storage, StoredObject } from '../../storage/storage';
import type { Caller } from '../../caller';
import type { UsersService } from '../users/users.service';
import type { ImagesService } from '../images/images.service';
import { displayFileName, initialTitle, safeFileName } from './file-name';
import { isUuid } from '../../uuid';
import { insertProcessingVideo, type TranscodeQueue } from './processing-video';
import type { TusStore } from './tus-store';
import type { UploadRow, UploadsRepo } from './uploads.repo';
import { stagingKey } from './staging-key';
import { createMediaUrls } from '../../storage/media-urls';
import { toVideo } from './video-view';
import { withJobTransaction } from '../../db/job-transaction';
import type { VideoRow, VideosRepo } from './videos.repo';
import { recordVideoStatus } from './video-status-update';

export const UPLOAD_NOT_FOUND = 'Upload not found.';
export const UPLOAD_EXPIRED = 'This upload has expired. Please upload the file again.';
export const UPLOAD_NOT_FINISHED = 'The upload has not finished yet.';
/** A signed PUT URL must be used within this; the transfer itself may run longer. */
export const PUT_URL_SECONDS = 60 * 60;
/** A resumable upload takes requests (and resumes) for this long: a 20 GB game on a slow uplink. */
export const TUS_UPLOAD_SECONDS = 24 * 60 * 60;
/**
 * After `expiresAt` a transfer already under way may still finish and be completed; after this
 * grace the upload counts as abandoned: complete answers 404 and the sweep deletes what is left.
 */
export const UPLOAD_GRACE_MS = 6 * 60 * 60 * 1000;

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** '20 GB', '1.5 GB', '80 MB': the limit as people read it (binary units, as file managers show). */
export function formatLimit(bytes: number): string {
  const round = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= GiB) return `${round(bytes / GiB)} GB`;
  if (bytes >= MiB) return `${round(bytes / MiB)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `This file is too large. The limit is ${formatLimit(maxBytes)}.`);
}

export interface UploadsServiceDeps {
  db: Db;
  repo: UploadsRepo;
  /** The videos an upload's completion creates. */
  videos: VideosRepo;
  storage: Storage;
  jobs: TranscodeQueue;
  users: UsersService;
  tus: TusStore;
  /** Image uploads (a `tag`) become profile images there. */
  images: Pick<ImagesService, 'checkUpload' | 'start' | 'wake' | 'processed'>;
  /** UPLOAD_MAX_BYTES. */
  uploadMaxBytes: number;
  now?: () => Date;
}

/**
 * Uploads: the client gets a signed target, sends the bytes there
 * (one PUT, or tus for files over RESUMABLE_THRESHOLD_BYTES), then completes the upload, which
 * creates the video. tus uploads go straight to their final key (`<tenant>/videos/<key>/source/<name>`;
 * the upload key is the id of the video to be); a PUT goes to a staging key (staging-key.ts) that
 * completing moves from, so the link cannot replace the file afterwards. The server never holds a
 * file in memory.
 */
export function createUploadsService({ db, repo, videos, storage, jobs, users, tus, images, uploadMaxBytes, now = () => new Date() }: UploadsServiceDeps) {
  const mediaUrl = createMediaUrls(storage);

  const abandoned = (row: UploadRow) => now().getTime() > row.expiresAt.getTime() + UPLOAD_GRACE_MS;
  const expired = (row: UploadRow) => now().getTime() > row.expiresAt.getTime();

  /** The caller's own upload in this tenant; anyone else's (or none) is not found. */
  async function ownUpload(caller: Caller, row: UploadRow | undefined): Promise<UploadRow> {
    const user = row ? await users.find(caller) : undefined;
    if (!row || !user || row.tenantId !== caller.tenantId || row.userId !== user.id) throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);
    return row;
  }

  async function completed(row: UploadRow): Promise<CompleteUploadResponse> {
    // An image answers once processed (or refused), waiting a bounded time for its job.
    if (row.tag) return { key: row.key, image: await images.processed(row.key) };
    if (!row.videoId) return { key: row.key };
    const video = await videos.visible({ tenantId: row.tenantId, userId: row.userId }, row.videoId);
    return video ? { key: row.key, video: await toVideo(mediaUrl, video) } : { key: row.key };
  }

  /** A tus request's upload: the caller's, resumable, and (unless only asked about) still open. */
  async function openTusUpload(caller: Caller, row: UploadRow | undefined, forWriting: boolean): Promise<UploadRow> {
    const own = await ownUpload(caller, row);
    if (own.protocol !== 'tus') throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);
    if (expired(own) && !own.completedAt) throw new AppError('NOT_FOUND', UPLOAD_EXPIRED);
    if (forWriting && own.completedAt) throw new AppError('CONFLICT', 'This upload is already complete.');
    return own;
  }

  /** The uploaded object at its final key, once all its bytes are there; a PUT's are moved there first. */
  async function arrivedObject(row: UploadRow): Promise<StoredObject | null> {
    const final = await storage.head(row.storageKey);
    if (final || row.protocol !== 'put') return final;
    const staging = stagingKey(row);
    const staged = await storage.head(staging);
    // A concurrent complete may have moved it between the two looks.
    if (!staged) return storage.head(row.storageKey);
    if (row.size !== null && staged.size !== row.size) return null;
    if (staged.size > row.maxBytes) {
      // Only possible where the store could not bound the PUT (S3 without a declared size).
      await storage.delete(staging);
      throw tooLarge(row.maxBytes);
    }
    // A concurrent complete may have moved it first.
    return storage.move(staging, row.storageKey).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return storage.head(row.storageKey);
      throw err;
    });
  }

  return {

    /** `POST /api/user/preupload`; the route has checked the level (athlete or team). */
    async preupload(caller: Caller, body: PreuploadBody): Promise<PreuploadResponse> {
      const user = await users.requireRegistered(caller);
      const isImage = body.tag !== undefined;
      if (body.tag) await images.checkUpload(user, body.tag);
      const maxBytes = isImage ? Math.min(IMAGE_MAX_BYTES, uploadMaxBytes) : uploadMaxBytes;
      if (body.size !== undefined && body.size > maxBytes) throw tooLarge(maxBytes);
      // The type is signed into the URL and stored as the object's header: it must be a well-formed media type.
      assertContentType(body.contentType);

      const key = randomUUID();
      const name = safeFileName(body.fileName);
      // An image's sizes are stored beside its original (`<tenant>/images/<key>/<size>.webp`).
      const target = isImage ? storageKey(caller.tenantId, 'images', key, 'original', name) : storageKey(caller.tenantId, 'videos', key, 'source', name);
      const protocol = !isImage && body.size !== undefined && body.size > RESUMABLE_THRESHOLD_BYTES ? 'tus' : 'put';
      const expiresInSec = protocol === 'tus' ? TUS_UPLOAD_SECONDS : PUT_URL_SECONDS;
      const expiresAt = new Date(now().getTime() + expiresInSec * 1000);
      const url =
        protocol === 'tus'
          ? // Relative: tus requests must reach the host of the tenant they sign in to.
            TUS_ENDPOINT
          : await storage.signedPutUrl(stagingKey({ tenantId: caller.tenantId, key, storageKey: target }), {
              contentType: body.contentType,
              expiresInSec,
              maxBytes,
              // Bound into the signature: S3 cannot enforce a maximum otherwise, and complete can check the size exactly.
              ...(body.size !== undefined && { contentLength: body.size }),
            });
      await repo.insert({
        key,
        tenantId: caller.tenantId,
        userId: user.id,
        fileName: displayFileName(body.fileName),
        title: isImage ? null : initialTitle(body.fileName, body.title),
        contentType: body.contentType,
        tag: body.tag ?? null,
        storageKey: target,
        maxBytes,
        size: body.size ?? null,
        protocol,
        expiresAt,
      });
      return { key, protocol, url, maxBytes, expiresAt: expiresAt.toISOString() };
    },

    /**
     * `POST /api/user/preupload/{key}/complete`: once the bytes are stored, creates the video
     * (`processing`) and its transcode job in one transaction. Idempotent: a repeat, or a
     * concurrent second call, answers the same video (`created` false).
     */
    async complete(caller: Caller, key: string): Promise<{ created: boolean; body: CompleteUploadResponse }> {
      const row = await ownUpload(caller, isUuid(key) ? await repo.byKey(key) : undefined);
      if (row.completedAt) return { created: false, body: await completed(row) };
      if (abandoned(row)) throw new AppError('NOT_FOUND', UPLOAD_EXPIRED);

      const object = await arrivedObject(row);
      if (!object || (row.size !== null && object.size !== row.size)) throw new AppError('CONFLICT', UPLOAD_NOT_FINISHED);
      if (object.size > row.maxBytes) {
        // Only possible where the store could not bound the PUT (S3 without a declared size).
        await storage.delete(row.storageKey);
        throw tooLarge(row.maxBytes);
      }

      const created = await withJobTransaction(db, async (tx) => {
        const locked = await repo.lock(tx, row.key);
        if (!locked || locked.completedAt) return false;
        let video: VideoRow | null = null;
        if (row.tag) {
          await images.start(tx, { key: row.key, tenantId: row.tenantId, userId: row.userId, tag: row.tag as ImageTag, storageKey: row.storageKey });
        } else {
          video = await insertProcessingVideo({ repo: videos }, tx, {
            id: row.key,
            tenantId: row.tenantId,
            ownerUserId: row.userId,
            title: row.title ?? initialTitle(row.fileName),
            sourceKey: row.storageKey,
            sourceName: row.fileName,
            sourceSize: object.size,
            sourceContentType: row.contentType,
          });
        }
        await repo.markCompleted(tx, row.key, video?.id ?? null);
        if (video) await recordVideoStatus(tx, video);
        return true;
      });
      if (created) {
        if (row.tag) images.wake();
        else jobs.wake('transcode-video');
      }
      // A tus copy left by a finish interrupted between storing and tidying up (no-op otherwise).
      if (created && row.protocol === 'tus') await tus.remove(row.storageKey).catch(() => undefined);
      return { created, body: await completed((await repo.byKey(row.key))!) };
    },

    // The tus server's hooks (tus-server.ts). A tus upload's id is its storage key.

    /** `POST` (creation): the preupload named by the metadata; returns it with the id to use. */
    async tusCreation(caller: Caller, uploadKey: string | null | undefined): Promise<UploadRow> {
      const row = await openTusUpload(caller, uploadKey && isUuid(uploadKey) ? await repo.byKey(uploadKey) : undefined, true);
      // One tus upload per preupload: a second creation would restart (or race) the first.
      if ((await storage.head(row.storageKey)) || (await tus.exists(row.storageKey))) {
        throw new AppError('CONFLICT', 'This upload was already started. Resume it, or start a new upload.');
      }
      return row;
    },

    /** `HEAD`/`PATCH`/`DELETE` of an upload by its id. */
    tusRequest: async (caller: Caller, id: string, method: string): Promise<UploadRow> =>
      openTusUpload(caller, await repo.byStorageKey(id), method !== 'HEAD'),

    /** The size of a finished tus upload of the caller (its bytes are in storage), else null. */
    async tusFinishedSize(caller: Caller, id: string): Promise<number | null> {
      const row = await repo.byStorageKey(id);
      const own = row ? await ownUpload(caller, row).catch(() => null) : null;
      if (!own || own.protocol !== 'tus') return null;
      return (await storage.head(own.storageKey))?.size ?? null;
    },

    /** Creation accepted: the length must be known, within the limit, and what preupload was told. */
    async tusCreated(row: UploadRow, size: number | undefined): Promise<void> {
      if (size === undefined) throw new AppError('BAD_REQUEST', 'Upload-Length is required.');
      if (size > row.maxBytes) throw tooLarge(row.maxBytes);
      if (row.size !== null && size !== row.size) {
        throw new AppError('BAD_REQUEST', `Upload-Length must be the size given to preupload (${row.size} bytes).`);
      }
      if (row.size === null) await repo.setSize(row.key, size);
    },

    /** All bytes arrived: they become the object at the upload's storage key. */
    tusFinished: (row: UploadRow, upload: Upload) => tus.finish(upload, row.contentType),
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
