import type { Video, VideoHighlight } from '@app/contracts/videos';
import { displayName } from '@app/contracts/user-me';
import type { StoredHighlight, StoredRendition } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { VideoWithOwner } from './videos.repo';

/**
 * Media URLs in the JSON live only minutes: a URL is a capability, so someone removed from a team
 * (or a shared link) keeps access at most this long. Players fetch the video again before
 * `mediaExpiresAt` and swap in the renewed URLs (web: use-player-source.ts).
 */
export const MEDIA_URL_SECONDS = 10 * 60;
/** Expiries are rounded down to whole steps, so a key signs to one URL for a whole step. */
const MEDIA_URL_STEP_SECONDS = 60;
/** Keys remembered per step (a library page has 4 per video); past it, the memo starts over. */
const MEDIA_URL_MEMO_SIZE = 20_000;

export type MediaUrl = (key: string) => Promise<string>;

/** Unix seconds at which a URL signed at `nowSec` expires: MEDIA_URL_SECONDS later, rounded down to a step. */
export function mediaUrlExpiry(nowSec = Math.floor(Date.now() / 1000)): number {
  // One second of margin: the driver reads the clock again and may be a second later.
  return Math.floor((nowSec + MEDIA_URL_SECONDS - 1) / MEDIA_URL_STEP_SECONDS) * MEDIA_URL_STEP_SECONDS;
}

/**
 * Signs media URLs for the JSON. A URL expires at most MEDIA_URL_SECONDS after it is handed out
 * (at least that less one step), at the end of a 1-minute step, so within a step a key has one URL:
 * signed once (a library page of 20 videos needs 80 signatures, which were most of its CPU time),
 * and the same poster URL on every page load lets the browser cache it. The memo holds only
 * signatures, a pure function of key and expiry, so nothing in it can go stale.
 */
export function createMediaUrls(storage: Storage): MediaUrl {
  let expires = 0;
  let memo = new Map<string, Promise<string>>();
  return (key) => {
    const now = Math.floor(Date.now() / 1000);
    const step = mediaUrlExpiry(now);
    if (step !== expires || memo.size >= MEDIA_URL_MEMO_SIZE) {
      expires = step;
      memo = new Map();
    }
    let url = memo.get(key);
    if (!url) {
      const signing = storage.signedGetUrl(key, { expiresInSec: step - now });
      const entries = memo;
      signing.catch(() => entries.delete(key));
      memo.set(key, (url = signing));
    }
    return url;
  };
}

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
