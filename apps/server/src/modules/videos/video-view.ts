import type { Video, VideoHighlight } from '@app/contracts/videos';
import { displayName } from '@app/contracts/user-me';
import type { StoredHighlight, StoredRendition } from '../../db/stored-media';
import { mediaUrlExpiry, type MediaUrl } from '../../storage/media-urls';
import type { VideoWithOwner } from './videos.repo';

/** The JSON of a video (contract `video`), with signed media URLs (`createMediaUrls`). */
export async function toVideo(sign: MediaUrl, row: VideoWithOwner): Promise<Video> {
  // Read before signing: URLs signed a moment later (the next step) only live longer than this says.
  const mediaExpiresAt = new Date(mediaUrlExpiry() * 1000).toISOString();
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
    ownerName: displayName({ username: row.ownerUsername, name: row.ownerName }),
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
    highlights: highlightsOf(row),
    isTest: row.isTest,
    mediaExpiresAt,
  };
}

/** A stored highlight's id; one marked before ids were kept is named by its moment (unique within a video). */
export const highlightId = (h: StoredHighlight): string => h.id ?? `at-${h.highlight}`;

/** The maker of a stored highlight: whoever marked it, else (an older highlight) the owner. */
export const makerOf = (h: StoredHighlight, ownerUserId: number): number => h.makerUserId ?? ownerUserId;

function highlightsOf(row: VideoWithOwner): VideoHighlight[] {
  const makers = new Map(row.highlightMakers.map((m) => [m.userId, m]));
  return row.highlights.flatMap((h) => {
    const maker = makers.get(makerOf(h, row.ownerUserId));
    // A maker whose account is gone leaves the highlight to the owner.
    const shown = maker ?? makers.get(row.ownerUserId);
    if (!shown) return [];
    return [{ intro: h.intro, highlight: h.highlight, outro: h.outro, id: highlightId(h), makerId: shown.identityUserId, makerName: displayName(shown) }];
  });
}
