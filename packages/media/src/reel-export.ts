import { planReelExport, reelExportArgs, type ReelChunk, type ReelPlanOptions } from './args/reel';
import { MediaError } from './media-error';
import { probe } from './probe';
import { runFfmpeg } from './run-ffmpeg';

export interface ExportReelOptions extends ReelPlanOptions {
  chunks: readonly ReelChunk[];
  /** A faststart MP4. */
  output: string;
  signal?: AbortSignal;
  /** 0-100 over the reel's total duration. */
  onProgress?: (percent: number) => void;
  ffmpegPath?: string;
  ffprobePath?: string;
}

export interface ExportReelResult {
  output: string;
  /** Of the written file (ffprobe). */
  durationSec: number;
  width: number;
  height: number;
}

/** Encodes the reel in one ffmpeg run (see planReelExport). */
export async function exportReel(options: ExportReelOptions): Promise<ExportReelResult> {
  const { signal, onProgress } = options;
  const plan = planReelExport(options.chunks, options);
  await runFfmpeg(reelExportArgs(plan, options.output), {
    ffmpegPath: options.ffmpegPath,
    signal,
    durationSec: plan.durationSec,
    outputFile: options.output,
    onProgress: (p) => {
      if (p.percent !== null) onProgress?.(p.percent);
    },
  });
  const written = await probe(options.output, { signal, ffprobePath: options.ffprobePath });
  if (written.durationSec === null || !written.video) {
    throw new MediaError('FFMPEG_FAILED', `the reel ${options.output} has no video or states no duration`);
  }
  return { output: options.output, durationSec: written.durationSec, width: written.video.width, height: written.video.height };
}
