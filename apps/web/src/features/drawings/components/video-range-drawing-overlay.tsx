import type { Drawing } from '@app/contracts/film';
import { useMemo } from 'react';

import type { ChunkOverlayContext } from '@/components/player/chunk-player';
import { useDrawings } from '@/features/drawings/api/get-drawings';
import { FrameDrawings } from '@/features/drawings/components/frame-drawings';
import { drawingsInChunk } from '@/features/drawings/utils/chunk-drawings';

const NONE: readonly Drawing[] = [];

/**
 * Over a chunk that plays a range of the video's own file (a tag instance in "Play all"): the video's
 * drawings inside the range hold there, as on the video's page. The file's seconds are the video's.
 */
export default function VideoRangeDrawingOverlay({ context, videoKey }: { context: ChunkOverlayContext<unknown>; videoKey: string }) {
  const drawings = useDrawings(videoKey).data ?? NONE;
  const { start, end } = context.range;
  const timed = useMemo(() => drawingsInChunk(drawings, { start, end: end ?? Infinity }, start), [drawings, start, end]);
  return <FrameDrawings context={context} drawings={timed} toggle />;
}
