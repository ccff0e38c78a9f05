import type { JobContext } from '../../job-context';
import { stagingKey } from './staging-key';
import { createTusStore } from './tus-store';
import type { UploadsRepo } from './uploads.repo';
import { UPLOAD_GRACE_MS } from './uploads.service';

const BATCH = 200;

/**
 * Uploads never completed within their time and grace (uploads.service UPLOAD_GRACE_MS): an
 * unfinished tus upload (its partial file, or its S3 multipart upload and state objects), bytes
 * that arrived but were never completed, and the row. `complete` refuses such uploads itself, so
 * nothing here races a completion. A failure leaves the row for the next run.
 */
export async function sweepAbandonedUploads(ctx: Pick<JobContext, 'storage' | 'config' | 'log'> & { repo: UploadsRepo }, now = new Date()) {
  const { repo } = ctx;
  const tus = createTusStore(ctx.config, ctx.storage);
  let removed = 0;
  let failed = 0;
  const before = new Date(now.getTime() - UPLOAD_GRACE_MS);
  for (;;) {
    const rows = await repo.expiredUnfinished(before, BATCH);
    let progressed = false;
    for (const row of rows) {
      try {
        if (row.protocol === 'tus') await tus.remove(row.storageKey);
        if (row.protocol === 'put') await ctx.storage.delete(stagingKey(row));
        await ctx.storage.delete(row.storageKey);
        if (await repo.deleteUnfinished(row.key)) removed += 1;
        progressed = true;
      } catch (err) {
        failed += 1;
        ctx.log.warn({ err, uploadKey: row.key }, 'could not delete an abandoned upload');
      }
    }
    if (rows.length < BATCH || !progressed) break;
  }
  return { removed, failed };
}
