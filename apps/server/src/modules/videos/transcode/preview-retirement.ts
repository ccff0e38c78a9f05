import type { JobContext } from '../../../job-context';
import { MEDIA_URL_SECONDS } from '../../../storage/media-urls';
import { findRetirablePreviews, forgetPreview } from './transcode.repo';

/**
 * The fast first-play copy is as large as the original and is not listed once a video is ready
 * (see video-view). It is deleted once every URL ever signed for it has expired, so nobody
 * watching it is cut off. The pointer goes first: a crash between the two leaves an orphan object
 * under the video's outputs prefix, never a pointer at nothing.
 */
export async function retirePreviews(ctx: Pick<JobContext, 'db' | 'storage' | 'log'>, afterSec = MEDIA_URL_SECONDS): Promise<number> {
  let retired = 0;
  for (;;) {
    const rows = await findRetirablePreviews(ctx.db, afterSec);
    for (const { id, key, sourceKey } of rows) {
      if (!(await forgetPreview(ctx.db, id, key))) continue;
      // An original that played as it was is the preview too: originals are kept.
      if (key !== sourceKey) await ctx.storage.delete(key);
      retired += 1;
    }
    if (rows.length < 100) return retired;
  }
}
