import type { ReelViewChunk } from '@app/contracts/clips';
import type { Drawing } from '@app/contracts/film';
import { useMemo } from 'react';

import type { ChunkOverlayContext } from '@/components/player/chunk-player';
import { useDrawings } from '@/features/drawings/api/get-drawings';
import { FrameDrawings } from '@/features/drawings/components/frame-drawings';
import { chunkInVideo, drawingsInChunk } from '@/features/drawings/utils/chunk-drawings';

const NONE: readonly Drawing[] = [];

/** Over a reel's chunk: the drawings of its video inside the chunk's range hold there, as on the video's page. */
export default function ReelDrawingOverlay({ context }: { context: ChunkOverlayContext<ReelViewChunk> }) {
  const place = chunkInVideo(context.chunk);
  const drawings = useDrawings(place?.videoKey).data ?? NONE;
  const start = place?.start;
  const end = place?.end;
  const fileStart = context.range.start;
  const timed = useMemo(
    () => (start === undefined || end === undefined ? NONE : drawingsInChunk(drawings, { start, end }, fileStart)),
    [drawings, start, end, fileStart],
  );
  return <FrameDrawings context={context} drawings={timed} toggle />;
}
