import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_MAX_BYTES } from '@app/contracts/profiles';
import { withJobTransaction } from '../../db/job-transaction';
import type { ImageVariant } from '../../db/stored-media';
import type { JobContext } from '../../job-context';
import { storageKey } from '../../storage/keys';
import { ImageRefused, processImage } from './image-pipeline';
import { avatarChanged } from './avatar-event';
import { avatarPath } from './image-view';
import type { ImageRow, ImagesRepo } from './images.repo';

export const IMAGE_TOO_LARGE = `This file is too large. The limit is ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
export const PROCESSING_FAILED = 'This picture could not be processed. Please upload it again.';

/** Everything stored for an image: its original and its sizes. */
export const imagePrefix = (row: Pick<ImageRow, 'tenantId' | 'id'>) => `${storageKey(row.tenantId, 'images', row.id)}/`;

/**
 * The `process-image` job: reads the original (the local driver's file in place, else a temp copy),
 * makes the sizes (image-pipeline.ts), stores them, marks the image ready and retires the one it
 * replaces (its files deleted too); a new avatar becomes the user's picture. A refused file
 * is deleted and its row says why. An error that is not the file's (storage down) is retried; after
 * the last retry the image fails.
 */
export async function processStoredImage(imageId: string, ctx: JobContext, repo: ImagesRepo): Promise<void> {
  const row = await repo.byId(imageId);
  if (!row || row.status !== 'processing') return;
  // The files go first: once the image reads as failed, nothing of it is left.
  const fail = async (code: string, message: string) => {
    await ctx.storage.deletePrefix(imagePrefix(row));
    await repo.markFailed(row.id, code, message);
  };

  const original = await ctx.storage.head(row.originalKey);
  if (!original) return fail('NOT_FOUND', PROCESSING_FAILED);
  if (original.size > IMAGE_MAX_BYTES) return fail('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE);

  const root = path.join(ctx.config.dataDir, 'tmp', 'images');
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, `${row.id}-`));
  try {
    let file = await ctx.storage.localPath?.(row.originalKey);
    if (!file) {
      file = path.join(dir, 'original');
      await ctx.storage.downloadToFile(row.originalKey, file);
    }
    let processed;
    try {
      processed = await processImage(file, row.tag as Parameters<typeof processImage>[1]);
    } catch (err) {
      if (err instanceof ImageRefused) return fail(err.code, err.message);
      throw err;
    }
    const variants: ImageVariant[] = [];
    for (const v of processed.variants) {
      const key = storageKey(row.tenantId, 'images', row.id, `${v.name}.webp`);
      await ctx.storage.put(key, v.data, { contentType: 'image/webp' });
      variants.push({ name: v.name, key, width: v.width, height: v.height });
    }
    const full = variants.at(-1)!;
    const ready = await withJobTransaction(ctx.db, async (tx) => {
      const removed = await repo.markReady(tx, row, { variants, width: full.width, height: full.height, placeholder: processed.placeholder });
      if (!removed) return false;
      if (row.tag === 'avatar') await avatarChanged(ctx.events, tx, { userId: row.userId, image: avatarPath(row.id) });
      // The replaced image's files go before the commit, so whoever sees the new one ready (the upload's
      // completion) never finds the old one's files still there. A failed delete rolls back and the job retries.
      for (const old of removed) await ctx.storage.deletePrefix(imagePrefix(old));
      return true;
    });
    // Deleted by its owner while it was processing: nothing of it stays.
    if (!ready) await ctx.storage.deletePrefix(imagePrefix(row));
  } catch (err) {
    // Three attempts failed on this file alone: its uploader is told to send it again (a 400, like a damaged file).
    if (ctx.job.retryCount >= ctx.job.retryLimit) await fail('BAD_REQUEST', PROCESSING_FAILED);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
