import type { Drawing } from '@app/contracts/film';

import type { PlayerOverlayContext } from '@/components/player/player-overlay';
import { DrawingShapes } from '@/features/drawings/components/drawing-shapes';
import { HoldIndicator } from '@/features/drawings/components/hold-indicator';
import { useDrawingHolds } from '@/features/drawings/hooks/use-drawing-holds';
import { usePausedTime } from '@/features/drawings/hooks/use-paused-frame';
import { useShowDrawings } from '@/features/drawings/hooks/use-show-drawings';
import { drawingOnFrame } from '@/features/drawings/utils/hold-schedule';

/** Half of the longest common frame (24 fps): a paused playhead this near a drawing stands on its frame. */
const FRAME_MATCH_SEC = 1 / 24;

type FrameDrawingsProps = {
  context: PlayerOverlayContext;
  /** Timed in seconds of the player's element's file. */
  drawings: readonly Drawing[];
  /** A drawing is being made or changed (the editor shows its own shapes). */
  editing?: boolean;
};

/**
 * The drawings of what a player shows: playback holds on each for its hold with a countdown, and a
 * paused frame that has one shows it. With "Show drawings" off, or while editing, neither happens.
 */
export function FrameDrawings({ context, drawings, editing = false }: FrameDrawingsProps) {
  const { video, frame, playing } = context;
  const [show] = useShowDrawings();
  const on = show && !editing;
  const holds = useDrawingHolds({ video, drawings, enabled: on, play: context.play, pause: context.pause });
  const pausedAt = usePausedTime(video);
  if (!frame || !on) return null;
  const shown = holds.held ?? (!playing && pausedAt !== null ? drawingOnFrame(drawings, pausedAt, FRAME_MATCH_SEC) : null);
  return (
    <>
      {shown ? (
        <DrawingShapes shapes={shown.shapes} aspect={frame.height / frame.width} style={{ left: frame.left, top: frame.top, width: frame.width, height: frame.height }} />
      ) : null}
      {holds.held && holds.endsAt !== null ? <HoldIndicator endsAt={holds.endsAt} onContinue={holds.resume} /> : null}
    </>
  );
}
