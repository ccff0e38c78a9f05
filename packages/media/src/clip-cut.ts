import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  clipCopyArgs,
  clipCopyList,
  clipEncodeArgs,
  clipJoinArgs,
  clipJoinList,
  clipPosterArgs,
  planClipCut,
  type ClipEncoder,
  type ClipMode,
  type ClipPiece,
  type ClipPlan,
} from './args/clip';
import type { MediaInput } from './args/common';
import { headerMismatch, readH264Header } from './codec-header';
import { listKeyframes } from './keyframes';
import { MediaError } from './media-error';
import { probe } from './probe';
import type { ProbeResult } from './probe-parse';
import { runFfmpeg, type FfmpegProgress } from './run-ffmpeg';
import { StepProgress } from './step-progress';

export interface CutClipOptions {
  /** The rendition to cut, a faststart MP4: a file, or a link read in byte ranges. */
  input: MediaInput;
  /** probe(input). */
  source: ProbeResult;
  startSec: number;
  durationSec: number;
  /** The clip, a faststart MP4. */
  output: string;
  /** Also write a JPEG of the clip's first frame here. */
  poster?: string;
  /** Settings the rendition was encoded with (lowPreset/fullPreset); default fullPreset's. */
  encoder?: ClipEncoder;
  /** Where the pieces go while they are joined; default next to `output`. Emptied afterwards. */
  tempDir?: string;
  signal?: AbortSignal;
  /** 0-100 over all steps, never decreasing. */
  onProgress?: (percent: number) => void;
  ffmpegPath?: string;
  ffprobePath?: string;
}

export interface CutClipResult {
  output: string;
  poster: string | null;
  /** Of the written file (ffprobe). */
  durationSec: number;
  mode: ClipMode;
  /** Why it was not a plain copy. */
  reason: string;
}

// Copying and joining move bytes; encoding a frame costs far more than copying one.
const COPY_WEIGHT = 0.02;
const JOIN_WEIGHT = 0.05;

/**
 * Cuts a clip out of a rendition as planClipCut decides: each piece to its own MP4, then joined
 * (with the audio) into `output`. Before anything is copied next to re-encoded frames, the first
 * encoded piece's codec header is compared with the source's; any difference re-plans the clip as
 * a full re-encode, since the joined file keeps one header for both parts.
 */
export async function cutClip(options: CutClipOptions): Promise<CutClipResult> {
  const { input, source, signal, ffmpegPath, ffprobePath } = options;
  const range = { startSec: options.startSec, durationSec: options.durationSec };
  // Read a second past the end: a keyframe exactly at the end ends the copy cleanly, and the
  // interval ends before it (its end is exclusive).
  const toSec = range.startSec + range.durationSec + 1;
  const keyframes = await listKeyframes(input, { fromSec: range.startSec, toSec }, { signal, ffprobePath });
  let plan = planClipCut(source, range, keyframes, { encoder: options.encoder });

  const work = await mkdtemp(path.join(options.tempDir ?? path.dirname(path.resolve(options.output)), '.clip-'));
  const progress = new StepProgress(options.onProgress);
  try {
    let cut = await cutPieces(plan, work, options, progress);
    if ('mismatch' in cut) {
      plan = planClipCut(source, range, keyframes, { encoder: options.encoder, reencode: `the codec header would not match (${cut.mismatch})` });
      cut = await cutPieces(plan, work, options, progress);
      if ('mismatch' in cut) throw new Error('a full re-encode copies nothing, so it has no header to match');
    }
    const files = cut.files;

    const listFile = path.join(work, 'join.txt');
    await writeFile(listFile, clipJoinList(files));
    progress.begin(plan.frames * JOIN_WEIGHT);
    await runFfmpeg(clipJoinArgs({ listFile, source: input, output: options.output, plan }), {
      ffmpegPath,
      signal,
      durationSec: plan.durationSec,
      outputFile: options.output,
      onProgress: (p) => progress.update(p.percent),
    });

    let poster: string | null = null;
    if (options.poster !== undefined) {
      await runFfmpeg(clipPosterArgs({ clip: options.output, output: options.poster }), { ffmpegPath, signal, outputFile: options.poster });
      poster = options.poster;
    }
    const written = await probe(options.output, { signal, ffprobePath });
    if (written.durationSec === null) throw new MediaError('FFMPEG_FAILED', `the clip ${options.output} states no duration`);
    progress.finish();
    return { output: options.output, poster, durationSec: written.durationSec, mode: plan.mode, reason: plan.reason };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

type PieceFiles = { files: { file: string; durationSec: number }[] } | { mismatch: string };

/**
 * Writes each piece of the plan, or stops at the first encoded piece when its codec header differs
 * from the source's (checked only when packets of the source are copied next to it).
 */
async function cutPieces(plan: ClipPlan, work: string, options: CutClipOptions, progress: StepProgress): Promise<PieceFiles> {
  const { input, signal, ffmpegPath, ffprobePath } = options;
  const mixes = plan.pieces.some((p) => p.kind === 'copy') && plan.pieces.some((p) => p.kind === 'encode');
  progress.plan(plan.pieces.reduce((sum, p) => sum + weight(p), 0) + plan.frames * JOIN_WEIGHT);
  const files: { file: string; durationSec: number }[] = [];
  let checked = !mixes;
  // Encoded pieces first: a header mismatch is then found before any copying.
  const order = [...plan.pieces.entries()].sort(([, a], [, b]) => Number(a.kind === 'copy') - Number(b.kind === 'copy'));
  for (const [index, piece] of order) {
    const file = path.join(work, `${plan.mode}-${index}.mp4`);
    progress.begin(weight(piece));
    const run = { ffmpegPath, signal, durationSec: piece.durationSec, outputFile: file, onProgress: (p: FfmpegProgress) => progress.update(p.percent) };
    if (piece.kind === 'encode') {
      await runFfmpeg(clipEncodeArgs({ input, output: file, plan, piece }), run);
      if (!checked) {
        const why = await mismatch(input, file, { signal, ffprobePath });
        if (why) return { mismatch: why };
        checked = true;
      }
    } else {
      const listFile = path.join(work, `${plan.mode}-${index}.txt`);
      await writeFile(listFile, clipCopyList(input, plan, piece));
      await runFfmpeg(clipCopyArgs({ listFile, output: file, piece }), run);
    }
    files[index] = { file, durationSec: piece.durationSec };
  }
  return { files };
}

/** Why the encoded piece's header differs from the source's; '' when they are the same. */
async function mismatch(source: MediaInput, encoded: string, options: { signal?: AbortSignal; ffprobePath?: string }): Promise<string> {
  const [want, got] = await Promise.all([readH264Header(source, options), readH264Header(encoded, options)]);
  if (!want || !got) return 'no H.264 header to compare';
  return headerMismatch(want, got) ?? '';
}

function weight(piece: ClipPiece): number {
  return piece.kind === 'encode' ? piece.frames : piece.frames * COPY_WEIGHT;
}
