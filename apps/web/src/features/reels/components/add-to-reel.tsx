import { REEL_TITLE_MAX, type Reel, type ReelViewChunk } from '@app/contracts/clips';
import { ListPlusIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { chunkCount, reelCardTitle } from '@/components/reel-card';
import { SuccessNotice } from '@/components/success-notice';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAddClipToReel } from '@/features/reels/api/add-clip-to-reel';
import { useCreateReel } from '@/features/reels/api/create-reel';
import { useReels } from '@/features/reels/api/get-reels';
import { suggestReelTitle } from '@/features/reels/api/suggest-reel-title';

type AddToReelProps = {
  /** The clip, as its page's reel plays it. */
  chunk: ReelViewChunk;
  /** When the clip was made (its own reel's timestamp): the new reel's suggested title has its date. */
  timestamp: number;
};

type Done = { reelId: string; message: string };

/**
 * "Add to reel" on a clip's page: puts the clip at the end of one of my reels, or starts a new reel
 * with it under a suggested title. A reel that has the clip already is shown but cannot take it again.
 */
export function AddToReel({ chunk, timestamp }: AddToReelProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="Add to reel" className="flex flex-col gap-3">
      <Button type="button" variant="outline" size="sm" className="self-start" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        <ListPlusIcon aria-hidden="true" />
        Add to reel
      </Button>
      {open ? (
        <div id={`${id}-panel`} className="bg-card flex flex-col gap-4 rounded-xl border p-4">
          <ReelChoices chunk={chunk} timestamp={timestamp} />
        </div>
      ) : null}
    </section>
  );
}

function ReelChoices({ chunk, timestamp }: AddToReelProps) {
  const id = useId();
  const reels = useReels();
  const add = useAddClipToReel();
  const create = useCreateReel();
  const [title, setTitle] = useState(() => suggestReelTitle({ clipTitle: chunk.clipTitle, timestamp }));
  const [done, setDone] = useState<Done | null>(null);
  const busy = add.isPending || create.isPending;
  const items = reels.data?.pages.flatMap((page) => page.items) ?? [];

  function addTo(reel: Reel) {
    setDone(null);
    add.mutate(
      { reelId: reel.reelId, chunk },
      { onSuccess: () => setDone({ reelId: reel.reelId, message: `Added to “${reelCardTitle(reel)}”.` }) },
    );
  }

  function makeReel(event: React.FormEvent) {
    event.preventDefault();
    if (chunk.stream_id === undefined || chunk.clip_id === undefined) return;
    setDone(null);
    const named = title.trim() || null;
    create.mutate(
      {
        clips: [{ _id: chunk.clip, stream_id: chunk.stream_id, clip_id: chunk.clip_id, duration: chunk.out, description: chunk.description }],
        title: named,
      },
      { onSuccess: (reelId) => setDone({ reelId, message: `Made the reel “${named ?? 'Untitled reel'}”.` }) },
    );
  }

  return (
    <>
      <div className="flex flex-col gap-2">
        <h2 id={`${id}-mine`} className="text-sm font-semibold">
          Your reels
        </h2>
        {reels.isPending ? (
          <p className="text-muted-foreground text-sm">Loading your reels...</p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground text-sm">You have no reels yet: make one below.</p>
        ) : (
          <ul aria-labelledby={`${id}-mine`} className="flex max-h-64 flex-col gap-1 overflow-y-auto">
            {items.map((reel) => {
              const has = reel.chunks.some((c) => c.clip === chunk.clip);
              return (
                <li key={reel.reelId}>
                  <Button
                    type="button"
                    variant="outline"
                    className="h-auto w-full justify-between gap-3 py-2 text-left"
                    disabled={has || busy}
                    aria-label={has ? `${reelCardTitle(reel)}: has this clip` : `Add to ${reelCardTitle(reel)}`}
                    onClick={() => addTo(reel)}
                  >
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate font-medium">{reelCardTitle(reel)}</span>
                      <span className="text-muted-foreground text-xs font-normal">{has ? 'Has this clip' : chunkCount(reel)}</span>
                    </span>
                    {has ? null : <PlusIcon aria-hidden="true" className="text-muted-foreground" />}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {reels.hasNextPage ? (
          <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => void reels.fetchNextPage()}>
            More reels
          </Button>
        ) : null}
      </div>

      {/* A new reel starts from a video's clips (a live game's clip goes into an existing reel). */}
      {chunk.stream_id !== undefined && chunk.clip_id !== undefined ? (
        <form onSubmit={makeReel} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-title`}>New reel</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${id}-title`}
              value={title}
              maxLength={REEL_TITLE_MAX}
              placeholder="Title of the new reel"
              onChange={(event) => setTitle(event.target.value)}
            />
            <Button type="submit" disabled={busy} className="shrink-0">
              <PlusIcon aria-hidden="true" />
              {create.isPending ? 'Making reel...' : 'Make reel'}
            </Button>
          </div>
        </form>
      ) : null}

      <ErrorAlert error={add.error ?? create.error} />
      <SuccessNotice message={done?.message ?? null} />
      {done ? (
        <Button asChild variant="link" size="sm" className="self-start px-0">
          <Link to={`/library/reels/${encodeURIComponent(done.reelId)}`}>Open the reel</Link>
        </Button>
      ) : null}
    </>
  );
}
