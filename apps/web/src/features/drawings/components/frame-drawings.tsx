import type { Drawing } from '@app/contracts/film';
import { EyeIcon, EyeOffIcon } from 'lucide-react';

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
  /** Offer "Show drawings" on the picture while it has drawings (a reel's player, which has no list beside it). */
  toggle?: boolean;
};

/**
 * The drawings of what a player shows: playback holds on each for its hold with a countdown, and a
 * paused frame that has one shows it. With "Show drawings" off, or while editing, neither happens.
 */
export function FrameDrawings({ context, drawings, editing = false, toggle = false }: FrameDrawingsProps) {
  const { video, frame, playing } = context;
  const [show, setShow] = useShowDrawings();
  const on = show && !editing;
  const holds = useDrawingHolds({ video, drawings, enabled: on, play: context.play, pause: context.pause });
  const pausedAt = usePausedTime(video);
  const toggleButton =
    toggle && drawings.length > 0 ? (
      <button
        type="button"
        aria-pressed={show}
        onClick={() => setShow(!show)}
        className="pointer-events-auto absolute top-2 right-2 flex h-8 items-center gap-1.5 rounded-full bg-black/60 px-3 text-xs font-medium text-white backdrop-blur-sm outline-none hover:bg-black/75 focus-visible:ring-2 focus-visible:ring-white/70"
      >
        {show ? <EyeIcon aria-hidden="true" className="size-4" /> : <EyeOffIcon aria-hidden="true" className="size-4" />}
        Show drawings
      </button>
    ) : null;
  const shown = frame && on ? (holds.held ?? (!playing && pausedAt !== null ? drawingOnFrame(drawings, pausedAt, FRAME_MATCH_SEC) : null)) : null;
  // One tree whatever is shown, so the toggle stays the same element (and keeps focus) as it is pressed.
  return (
    <>
      {shown && frame ? (
        <DrawingShapes shapes={shown.shapes} aspect={frame.height / frame.width} style={{ left: frame.left, top: frame.top, width: frame.width, height: frame.height }} />
      ) : null}
      {on && holds.held && holds.endsAt !== null ? <HoldIndicator endsAt={holds.endsAt} onContinue={holds.resume} /> : null}
      {toggleButton}
    </>
  );
}
