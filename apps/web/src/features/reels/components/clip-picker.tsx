import type { Clip } from '@app/contracts/clips';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useMyClips } from '@/features/reels/api/get-my-clips';

type ClipPickerProps = {
  /** The button under the list, e.g. 'Make reel' or 'Add clips'. */
  actionLabel: string;
  onPick: (clips: Clip[]) => void;
  busy?: boolean;
  /** Clips (`_id`) not to offer: the ones the reel being edited has already. */
  leaveOut?: readonly string[];
};

/** Clips of my library as checkboxes, newest first, in the order they were ticked. */
export function ClipPicker({ actionLabel, onPick, busy = false, leaveOut = [] }: ClipPickerProps) {
  const clips = useMyClips();
  const [picked, setPicked] = useState<Clip[]>([]);
  if (clips.isPending) return <p className="text-muted-foreground text-sm">Loading your clips...</p>;
  const all = clips.data?.pages.flatMap((p) => p.items) ?? [];
  if (all.length === 0) return <p className="text-muted-foreground text-sm">Your library has no clips yet.</p>;
  const items = all.filter((clip) => !leaveOut.includes(clip._id));
  const toggle = (clip: Clip) =>
    setPicked((now) => (now.some((c) => c._id === clip._id) ? now.filter((c) => c._id !== clip._id) : [...now, clip]));
  return (
    <div className="flex flex-col gap-2">
      {items.length === 0 ? <p className="text-muted-foreground text-sm">Every clip of your library shown here is in this reel already.</p> : null}
      <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto empty:hidden" aria-label="Clips in your library">
        {items.map((clip) => (
          <li key={clip._id}>
            <label className="hover:bg-accent flex items-center gap-2 rounded-md px-2 py-1 text-sm">
              <input type="checkbox" checked={picked.some((c) => c._id === clip._id)} onChange={() => toggle(clip)} />
              <span className="font-medium">{clip.clipTitle}</span>
              <span className="text-muted-foreground tabular-nums">{clip.time}</span>
              {clip.description ? <span className="text-muted-foreground truncate">{clip.description}</span> : null}
            </label>
          </li>
        ))}
      </ul>
      {clips.hasNextPage ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => void clips.fetchNextPage()}>
          More clips
        </Button>
      ) : null}
      <Button
        className="self-start"
        disabled={picked.length === 0 || busy}
        onClick={() => {
          onPick(picked);
          setPicked([]);
        }}
      >
        {actionLabel}
      </Button>
    </div>
  );
}
