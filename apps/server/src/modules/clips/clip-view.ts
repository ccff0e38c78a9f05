import { DEFAULT_VIDEO_TITLE } from '@app/contracts/videos';
import type { Clip } from '@app/contracts/clips';
import { mediaUrlExpiry, type MediaUrl } from '../../storage/media-urls';
import type { ClipRow, ClipWithTitle } from './clips.repo';

/** What a clip's URL and a reel chunk's view are made of. */
export type ChunkClip = Pick<ClipRow, 'id' | 'startSec' | 'durationSec' | 'sourceKey' | 'fileKey' | 'posterKey' | 'status'> & { sourceTitle: string | null };

/** hh:mm:ss of a position in seconds, as clip times read (docs/product.md#clips). */
export function clockTime(sec: number): string {
  const whole = Math.floor(sec);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/** When the URLs signed now stop working (the JSON's `mediaExpiresAt`). */
export const mediaExpiresAt = () => new Date(mediaUrlExpiry() * 1000).toISOString();

// Milliseconds are finer than any frame; more digits only make URLs differ.
const fragmentTime = (sec: number) => String(Math.round(sec * 1000) / 1000);

/**
 * The URL that plays `[inSec, outSec)` of a clip (seconds from the clip's start): its own file once
 * cut, else the source rendition. Only a part of a file gets a media fragment `#t=start,end`.
 */
export async function chunkSource(sign: MediaUrl, clip: ChunkClip, inSec: number, outSec: number): Promise<string> {
  if (clip.fileKey) {
    const url = await sign(clip.fileKey);
    return inSec > 0 || outSec < clip.durationSec ? `${url}#t=${fragmentTime(inSec)},${fragmentTime(outSec)}` : url;
  }
  return `${await sign(clip.sourceKey)}#t=${fragmentTime(clip.startSec + inSec)},${fragmentTime(clip.startSec + outSec)}`;
}

/** The JSON of a clip (contract `clip`); `listedAt` is its `timestamp` in a library (when it was saved, for a saved clip). */
export async function toClip(sign: MediaUrl, row: ClipWithTitle, listedAt: Date = row.createdAt): Promise<Clip> {
  return {
    _id: row.id,
    clipId: row.id,
    stream_id: row.streamId,
    clip_id: row.momentMs,
    reel_id: row.reelId,
    time: clockTime(row.startSec),
    timestamp: listedAt.getTime(),
    clipTitle: row.sourceTitle ?? DEFAULT_VIDEO_TITLE,
    description: row.description,
    cheer: row.cheer,
    start: row.startSec,
    duration: row.durationSec,
    poster: row.posterKey ? await sign(row.posterKey) : null,
  };
}
