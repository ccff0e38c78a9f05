import { ClipCard } from '@/components/clip-card';
import { useEventClips } from '@/features/schedule/api/get-event-clips';

/** The clip list of an event: the clips saved during the game, newest first, each opening its page. */
export function EventClips({ liveKey }: { liveKey: string }) {
  const clips = useEventClips(liveKey);
  if (clips.isPending) return <p className="text-muted-foreground text-sm">Loading clips...</p>;
  // A failed list load falls back to empty.
  const items = clips.data ?? [];
  if (items.length === 0) return <p className="text-muted-foreground text-sm">No clips yet. Clips saved during the game appear here.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Clips of this game">
      {items.map((clip) => (
        <li key={clip._id} className="flex">
          <ClipCard clip={clip} to={`/team/clips/${encodeURIComponent(clip.reel_id)}`} className="flex-1" />
        </li>
      ))}
    </ul>
  );
}
