import { stat } from 'node:fs/promises';
import { liveClipArgs, type LiveClipOptions } from './args/live-clip';
import { MediaError } from './media-error';
import { runFfmpeg } from './run-ffmpeg';

/** Cuts a live clip (see liveClipArgs) and checks that the clip and its poster were written. */
export async function cutLiveClip(options: LiveClipOptions & { signal?: AbortSignal; ffmpegPath?: string }): Promise<void> {
  await runFfmpeg(liveClipArgs(options), { outputFile: options.output, signal: options.signal, ffmpegPath: options.ffmpegPath });
  if (options.poster !== undefined) {
    // runFfmpeg checks one output; the poster must exist too, or the clip would point at a missing file.
    const poster = await stat(options.poster).catch(() => null);
    if (!poster || poster.size === 0) throw new MediaError('FFMPEG_FAILED', `ffmpeg wrote no poster to ${options.poster}`);
  }
}
