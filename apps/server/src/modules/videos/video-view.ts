import type { Highlight, Video } from '@app/contracts/videos';
import type { StoredRendition } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { VideoWithOwner } from './videos.repo';

/** Media URLs in the JSON are signed for a few hours: long enough for a game, short enough to go stale when shared. */
export const MEDIA_URL_SECONDS = 4 * 60 * 60;

/** The JSON of a video (contract `video`), with freshly signed media URLs. */
export async function toVideo(storage: Storage, row: VideoWithOwner): Promise<Video> {
  const sign = (key: string) => storage.signedGetUrl(key, { expiresInSec: MEDIA_URL_SECONDS });
  const source = async (rendition: StoredRendition | undefined) =>
    rendition ? { url: await sign(rendition.key), width: rendition.width, height: rendition.height, fps: rendition.fps ?? null } : undefined;
  const [preview, low, full, poster, storyboardUrl] = await Promise.all([
    // Once ready, the renditions are what to play; the copy is deleted later (preview-retirement).
    row.status === 'ready' ? undefined : source(row.renditions.preview),
    source(row.renditions.low),
    source(row.renditions.full),
    row.posterKey ? sign(row.posterKey) : null,
    row.storyboard ? sign(row.storyboard.key) : null,
  ]);
  const sb = row.storyboard;
  return {
    key: row.id,
    _id: row.id,
    title: row.title,
    dateTime: row.createdAt.toISOString(),
    ownerId: row.ownerIdentityUserId,
    ownerUsername: row.ownerUsername,
    status: row.status as Video['status'],
    progress: row.progress,
    failureReason: row.status === 'failed' ? row.failureReason : null,
    durationSec: row.durationSec,
    sources: { ...(preview && { preview }), ...(low && { low }), ...(full && { full }) },
    poster,
    storyboard:
      sb && storyboardUrl
        ? { url: storyboardUrl, intervalSec: sb.intervalSec, columns: sb.columns, rows: sb.rows, tileWidth: sb.tileWidth, tileHeight: sb.tileHeight, count: sb.count }
        : null,
    highlights: row.highlights as Highlight[],
    isTest: row.isTest,
  };
}
