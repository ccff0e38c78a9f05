import { DEFAULT_VIDEO_TITLE } from '@app/contracts/videos';
import type { ReelChunk, ReelViewChunk } from '@app/contracts/clips';
import { chunkSource, clockTime } from '../clips/clip-view';
import type { MediaUrl } from '../../storage/media-urls';
import type { ChunkWithClip } from './reels.repo';

export async function toReelChunk(sign: MediaUrl, chunk: ChunkWithClip): Promise<ReelChunk> {
  return {
    id: chunk.id,
    description: chunk.description,
    source: await chunkSource(sign, chunk.clip, chunk.inSec, chunk.outSec),
    clip: chunk.clip.id,
    in: chunk.inSec,
    out: chunk.outSec,
    poster: chunk.clip.posterKey ? await sign(chunk.clip.posterKey) : null,
  };
}

/** A chunk for a signed-in viewer who may see its clip: also its source's title and its position there. */
export async function toReelViewChunk(sign: MediaUrl, chunk: ChunkWithClip): Promise<ReelViewChunk> {
  return {
    ...(await toReelChunk(sign, chunk)),
    clipTitle: chunk.clip.sourceTitle ?? DEFAULT_VIDEO_TITLE,
    time: clockTime(chunk.clip.startSec + chunk.inSec),
    // A new reel starts from a video's clips (`POST /api/user/reels/{videoKey}`).
    ...(chunk.clip.streamKind === 'video' && { stream_id: chunk.clip.streamId, clip_id: chunk.clip.momentMs }),
  };
}
