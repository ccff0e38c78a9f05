import type { Drawing } from '@app/contracts/film';
import { BrushIcon, PencilIcon } from 'lucide-react';

import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { Button } from '@/components/ui/button';
import { useDeleteDrawing } from '@/features/drawings/api/delete-drawing';
import { useDrawings } from '@/features/drawings/api/get-drawings';
import { useShowDrawings } from '@/features/drawings/hooks/use-show-drawings';
import { drawingTime, type DrawingEdit } from '@/features/drawings/utils/drawing-edit';
import { useMe } from '@/lib/auth/get-me';
import { errorMessage } from '@/lib/error-message';

/** What the list moves: the page's player. */
type PlayerControl = { seek(t: number): void; pause(): void };

type DrawingPanelProps = {
  videoKey: string;
  /** Read when the list moves it. */
  player: React.RefObject<PlayerControl | null>;
  editing: DrawingEdit | null;
  onEditingChange: (editing: DrawingEdit | null) => void;
  /** The active team's owner's username, who may change any drawing (the app reads the team). */
  teamOwner: string | undefined;
};

/**
 * A video's drawings beside the player: "Show drawings" (remembered by this browser), and each
 * drawing's time (shows it, paused on its frame), maker and hold; its maker and the team's owner
 * may edit or delete it (the server answers anyone else 403, whose message shows).
 */
export default function DrawingPanel({ videoKey, player, editing, onEditingChange, teamOwner }: DrawingPanelProps) {
  const query = useDrawings(videoKey);
  const remove = useDeleteDrawing(videoKey);
  const [show, setShow] = useShowDrawings();
  const me = useMe();
  const username = me.data?.username;
  const canChange = (d: Drawing) => username !== undefined && (d.by === username || teamOwner === username);

  function showAt(at: number) {
    player.current?.pause();
    player.current?.seek(at);
  }

  const drawings = query.data ?? [];
  return (
    <section aria-labelledby="drawings-heading" className="bg-card flex flex-col gap-2 rounded-xl border p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="drawings-heading" className="text-base font-semibold">
          Drawings
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} className="accent-primary size-4" />
          Show drawings
        </label>
      </div>
      {query.isError ? <p className="text-destructive text-sm">{errorMessage(query.error)}</p> : null}
      {query.isSuccess && drawings.length === 0 ? (
        <p className="text-muted-foreground text-sm">No drawings yet. Pause on a frame and press Draw to draw on it.</p>
      ) : null}
      {drawings.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {drawings.map((d) => (
            <li key={d._id} className="flex items-center gap-2" aria-current={editing?.drawing?._id === d._id ? 'true' : undefined}>
              <button
                type="button"
                onClick={() => showAt(d.at)}
                aria-label={`Drawing at ${drawingTime(d.at)} by ${d.by}`}
                className="hover:bg-accent focus-visible:ring-ring/50 flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none focus-visible:ring-[3px]"
              >
                <BrushIcon aria-hidden="true" className="text-muted-foreground size-4 shrink-0" />
                <span className="font-medium tabular-nums">{drawingTime(d.at)}</span>
                <span className="text-muted-foreground min-w-0 truncate text-xs">
                  {d.by} · {d.holdSeconds > 0 ? `pauses ${d.holdSeconds} s` : 'no pause'}
                </span>
              </button>
              {canChange(d) ? (
                <>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Edit drawing at ${drawingTime(d.at)}`}
                    title="Edit"
                    onClick={() => {
                      showAt(d.at);
                      onEditingChange({ at: d.at, drawing: d });
                    }}
                  >
                    <PencilIcon aria-hidden="true" />
                  </Button>
                  <ConfirmDeleteButton
                    what={`drawing at ${drawingTime(d.at)}`}
                    pending={remove.isPending && remove.variables === d._id}
                    error={remove.variables === d._id ? remove.error : null}
                    onDelete={() => {
                      if (editing?.drawing?._id === d._id) onEditingChange(null);
                      remove.mutate(d._id);
                    }}
                  />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
