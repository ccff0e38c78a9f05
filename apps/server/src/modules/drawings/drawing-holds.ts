import path from 'node:path';
import { planReelExport, type ReelChunk } from '@app/media/args/reel';
import { pictureBox, type ReelHold } from '@app/media/args/reel-holds';
import sharp from 'sharp';
import { drawingSvg } from './drawing-svg';
import type { DrawingsRepo } from './drawings.repo';

/** A chunk of a reel and, for a clip of a video, where it starts in that video (seconds). */
export type SourcedChunk = ReelChunk & { video: { id: string; fromSec: number } | null };

/**
 * The chunks with the drawings of their videos burnt in: each drawing whose moment lies in a chunk's
 * range of its video ([from, from + duration)) becomes a hold of its frame, with the drawing rendered
 * (SVG through sharp's librsvg) to a PNG of the reel's size in `dir`, laid on where the chunk's picture
 * sits in the reel's frame. A chunk without drawings is handed on as it was.
 */
/** Where the export finds the drawings of a chunk's range. */
export type DrawingsInRange = Pick<DrawingsRepo, 'inRange'>;

export async function withDrawingHolds(repo: DrawingsInRange, chunks: readonly SourcedChunk[], dir: string): Promise<ReelChunk[]> {
  const frame = planReelExport(chunks);
  const held: ReelChunk[] = [];
  for (const [i, { video, ...chunk }] of chunks.entries()) {
    const drawings = video ? (await repo.inRange(video.id, video.fromSec, video.fromSec + chunk.duration)).filter((d) => d.holdSec > 0) : [];
    if (drawings.length === 0) {
      held.push(chunk);
      continue;
    }
    const source = chunk.probe.video!;
    const box = pictureBox(frame, { width: source.displayWidth, height: source.displayHeight });
    const holds: ReelHold[] = [];
    // One at a time: each PNG is a whole frame's pixels while it is made.
    for (const [j, drawing] of drawings.entries()) {
      const overlay = path.join(dir, `drawing-${i}-${j}.png`);
      await sharp(Buffer.from(drawingSvg(drawing.shapes, frame, box))).png().toFile(overlay);
      holds.push({ atSec: drawing.atSec - video!.fromSec, holdSec: drawing.holdSec, overlay });
    }
    held.push({ ...chunk, holds });
  }
  return held;
}
