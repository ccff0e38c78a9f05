import { formatFps } from './rendition';

/**
 * A drawing burnt into a reel's chunk: the frame shown `atSec` into the chunk is frozen for `holdSec`
 * with `overlay` (a PNG of the reel's size, transparent around the drawing) over it, then the chunk goes on.
 */
export interface ReelHold {
  atSec: number;
  holdSec: number;
  overlay: string;
}

/** A hold as planned: after the chunk's frame `frame` (0-based, at the reel's rate), `frames` copies of it under the overlay. */
export interface PlannedHold {
  frame: number;
  frames: number;
  overlay: string;
}

/** Where a chunk's picture lies in the reel's frame: fitted inside it and centred, as the reel's scale and pad place it. */
export interface PictureBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const SAMPLE_RATE = 48000;
const SILENCE = `anullsrc=channel_layout=stereo:sample_rate=${SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

/** The rate as a number, exactly as ffmpeg runs it (formatFps's 30000/1001 for 29.97). */
function exactFps(fps: number): number {
  const [num, den] = formatFps(fps).split('/').map(Number);
  return den ? num! / den : num!;
}

/**
 * The holds of a chunk of `durationSec` at `fps`, in time order: each on the frame on screen at its moment
 * (the last one for a moment at the very end), held for whole frames. A hold of no frame is left out.
 */
export function planHolds(holds: readonly ReelHold[], fps: number, durationSec: number): PlannedHold[] {
  const rate = exactFps(fps);
  const lastFrame = Math.max(0, Math.ceil(durationSec * rate - 1e-6) - 1);
  return holds
    .map((hold, i) => {
      if (!(Number.isFinite(hold.atSec) && hold.atSec >= 0)) throw new RangeError(`hold ${i + 1}: invalid moment ${hold.atSec}`);
      if (!(Number.isFinite(hold.holdSec) && hold.holdSec >= 0)) throw new RangeError(`hold ${i + 1}: invalid hold ${hold.holdSec}`);
      return { frame: Math.min(lastFrame, Math.floor(hold.atSec * rate + 1e-6)), frames: Math.round(hold.holdSec * rate), overlay: hold.overlay };
    })
    .filter((hold) => hold.frames > 0)
    .sort((a, b) => a.frame - b.frame);
}

/** How much the holds lengthen their chunk. */
export function holdsDurationSec(holds: readonly PlannedHold[], fps: number): number {
  return holds.reduce((sum, h) => sum + h.frames, 0) / exactFps(fps);
}

/**
 * The picture box of a source of `source` size (as displayed) in a reel frame of `frame` size: what
 * `scale=W:H:force_original_aspect_ratio=decrease,pad=W:H:(ow-iw)/2:(oh-ih)/2` makes of it, to a pixel.
 */
export function pictureBox(frame: { width: number; height: number }, source: { width: number; height: number }): PictureBox {
  const width = Math.min(frame.width, Math.round((frame.height * source.width) / source.height));
  const height = Math.min(frame.height, Math.round((frame.width * source.height) / source.width));
  return { x: Math.floor((frame.width - width) / 2), y: Math.floor((frame.height - height) / 2), width, height };
}

/**
 * The filters of chunk `i` (of `durationSec` read from its source) with holds, given its normalised video
 * and audio chains (unlabelled): into [v<i>] and [a<i>]. The video loops each held frame (`loop`, one
 * frame, `frames` times), renumbers the timestamps by frame, and overlays each hold's PNG (input
 * `firstOverlay` onwards, in hold order) on its copies only (`enable` by frame number); a single
 * picture's overlay stays on after its one frame. The audio is cut where each hold starts and silence of
 * the hold's length goes in between, so sound and picture stay together after every hold.
 */
export function heldChunkFilters(
  i: number,
  chains: { video: string; audio: string },
  chunk: { durationSec: number; holds: readonly PlannedHold[] },
  fps: number,
  firstOverlay: number,
): string {
  const rate = exactFps(fps);
  const samples = (frames: number) => Math.round((frames * SAMPLE_RATE) / rate);

  const loops: string[] = [];
  const overlays: string[] = [];
  let inserted = 0;
  chunk.holds.forEach((hold, j) => {
    const start = hold.frame + inserted;
    // loop compares `start` with the frames it has taken, this one included: frame k is start=k+1.
    loops.push(`loop=loop=${hold.frames}:size=1:start=${start + 1}`);
    overlays.push(`[v${i}h${j}][${firstOverlay + j}:v]overlay=enable='between(n,${start + 1},${start + hold.frames})'[v${i}h${j + 1}]`);
    inserted += hold.frames;
  });
  const video = [`${chains.video},${loops.join(',')},setpts=N/(${formatFps(fps)}*TB)[v${i}h0]`, ...overlays, `[v${i}h${chunk.holds.length}]format=yuv420p[v${i}]`];

  // Each cut where its frame ends, within the chunk's sound (the last frame may end after it); holds on
  // one frame share one cut and their silences are one. No piece is empty: concat is never handed one.
  const end = Math.round(chunk.durationSec * SAMPLE_RATE);
  const cuts: { at: number; silence: number }[] = [];
  for (const hold of chunk.holds) {
    const at = Math.min(end, samples(hold.frame + 1));
    const last = cuts.at(-1);
    if (last?.at === at) last.silence += samples(hold.frames);
    else cuts.push({ at, silence: samples(hold.frames) });
  }
  const pieces = cuts.map((cut, k) => ({ from: k === 0 ? 0 : cuts[k - 1]!.at, to: cut.at as number | null }));
  if (cuts.at(-1)!.at < end) pieces.push({ from: cuts.at(-1)!.at, to: null });
  const audio = [`${chains.audio},asplit=${pieces.length}${pieces.map((_, k) => `[a${i}p${k}]`).join('')}`];
  const joined: string[] = [];
  pieces.forEach(({ from, to }, k) => {
    const range = [from > 0 && `start_sample=${from}`, to !== null && `end_sample=${to}`].filter(Boolean).join(':');
    audio.push(`[a${i}p${k}]atrim=${range},asetpts=PTS-STARTPTS[a${i}q${k}]`);
    joined.push(`[a${i}q${k}]`);
    const cut = cuts[k];
    if (cut) {
      audio.push(`${SILENCE},atrim=end_sample=${cut.silence}[a${i}s${k}]`);
      joined.push(`[a${i}s${k}]`);
    }
  });
  audio.push(`${joined.join('')}concat=n=${joined.length}:v=0:a=1[a${i}]`);
  return [...video, ...audio].join(';');
}
