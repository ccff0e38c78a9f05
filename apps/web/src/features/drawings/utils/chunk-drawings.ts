import type { ReelViewChunk } from '@app/contracts/clips';

/**
 * What of its video a reel's chunk plays: the video's key and the seconds of the video from the
 * chunk's in-point to its out-point. A video's clip is named by its moment (`clip_id`, ms), the
 * clip's start in the video as it was made; `in` and `out` count from that start. Null for a live
 * game's clip, which has neither.
 */
export function chunkInVideo(chunk: Pick<ReelViewChunk, 'stream_id' | 'clip_id' | 'in' | 'out'>): { videoKey: string; start: number; end: number } | null {
  if (!chunk.stream_id || chunk.clip_id === undefined) return null;
  const clipStart = chunk.clip_id / 1000;
  return { videoKey: chunk.stream_id, start: clipStart + chunk.in, end: clipStart + chunk.out };
}

/**
 * The video's drawings inside the chunk, timed in seconds of the file the chunk plays from, where
 * the chunk starts at `fileStart` (the clip's own file from its start, or the video's rendition).
 */
export function drawingsInChunk<D extends { at: number }>(drawings: readonly D[], inVideo: { start: number; end: number }, fileStart: number): D[] {
  return drawings.filter((d) => d.at >= inVideo.start && d.at < inVideo.end).map((d) => ({ ...d, at: fileStart + (d.at - inVideo.start) }));
}
