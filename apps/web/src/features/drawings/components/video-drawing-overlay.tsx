import type { Drawing } from '@app/contracts/film';
import { BrushIcon } from 'lucide-react';

import type { PlayerOverlayContext } from '@/components/player/player-overlay';
import { useDrawings } from '@/features/drawings/api/get-drawings';
import { useSaveDrawing } from '@/features/drawings/api/save-drawing';
import { DrawingEditor } from '@/features/drawings/components/drawing-editor';
import { FrameDrawings } from '@/features/drawings/components/frame-drawings';
import { useKeepFrame, usePausedTime } from '@/features/drawings/hooks/use-paused-frame';
import type { DrawingEdit } from '@/features/drawings/utils/drawing-edit';
import { errorMessage } from '@/lib/error-message';
import { useLevel } from '@/lib/subscription/level-context';

const NONE: readonly Drawing[] = [];

type VideoDrawingOverlayProps = {
  videoKey: string;
  context: PlayerOverlayContext;
  /** The drawing being made or changed (the page's list starts an edit too). */
  editing: DrawingEdit | null;
  onEditingChange: (editing: DrawingEdit | null) => void;
};

/**
 * Over a video's picture: its drawings (held during playback, shown on their paused frame), and on
 * a paused frame the Draw button (not over the poster shown before the first play or seek), which
 * opens the editor there, timed to the millisecond (finer than any frame). While drawing, the
 * frame stays.
 */
export default function VideoDrawingOverlay({ videoKey, context, editing, onEditingChange }: VideoDrawingOverlayProps) {
  const { video, frame, playing } = context;
  const drawings = useDrawings(videoKey).data ?? NONE;
  const save = useSaveDrawing(videoKey);
  const level = useLevel();
  const pausedAt = usePausedTime(video);
  useKeepFrame(video, editing?.at ?? null);
  // A coach or an athlete draws (a fan watches), as for highlights; the server checks it again.
  const canDraw = level === 'athlete' || level === 'team';

  function close() {
    save.reset();
    onEditingChange(null);
  }

  return (
    <>
      <FrameDrawings context={context} drawings={drawings} editing={editing !== null} />
      {editing && frame ? (
        <DrawingEditor
          // Another drawing (or a new one) starts with its own shapes and undo history.
          key={editing.drawing?._id ?? `new-${editing.at}`}
          frame={frame}
          at={editing.at}
          initialShapes={editing.drawing?.shapes}
          initialHoldSeconds={editing.drawing?.holdSeconds}
          saving={save.isPending}
          error={save.error ? errorMessage(save.error) : null}
          onSave={(body) => save.mutate({ id: editing.drawing?._id, body }, { onSuccess: close })}
          onCancel={close}
        />
      ) : null}
      {canDraw && video && frame && pausedAt !== null && !playing && !editing ? (
        <button
          type="button"
          onClick={() => onEditingChange({ at: Math.round(video.currentTime * 1000) / 1000, drawing: null })}
          className="pointer-events-auto absolute top-2 right-2 flex h-8 items-center gap-1.5 rounded-md bg-black/70 px-2.5 text-xs font-semibold text-white shadow outline-none backdrop-blur-sm hover:bg-black/85 focus-visible:ring-2 focus-visible:ring-white/70 [&_svg]:size-4"
        >
          <BrushIcon aria-hidden="true" /> Draw
        </button>
      ) : null}
    </>
  );
}
