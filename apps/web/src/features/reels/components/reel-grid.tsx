import type { Reel } from '@app/contracts/clips';
import { ListVideoIcon, PencilIcon, PlayIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';

import { ClipCardSkeleton } from '@/components/clip-card';
import { EmptyState } from '@/components/empty-state';
import { InfiniteList } from '@/components/infinite-list';
import { chunkCount, NO_REELS_TEXT, NO_REELS_TITLE, ReelThumbnail, reelCardTitle } from '@/components/reel-card';
import { Button } from '@/components/ui/button';
import { useCreateReel } from '@/features/reels/api/create-reel';
import { useReels } from '@/features/reels/api/get-reels';
import { suggestReelTitle } from '@/features/reels/api/suggest-reel-title';
import { ClipPicker } from '@/features/reels/components/clip-picker';
import { errorMessage } from '@/lib/error-message';

/** My reels (a card grid, the cards themselves not links), with Play and Edit, and making a new one. */
export function ReelGrid() {
  const reels = useReels();
  return (
    <div className="flex flex-col gap-6">
      <InfiniteList
        query={reels}
        noun="reels"
        icon={ListVideoIcon}
        layout="grid"
        label="Reels"
        placeholder={<ClipCardSkeleton />}
        itemKey={(reel) => reel.reelId}
        renderItem={(reel) => <ReelCard reel={reel} />}
        empty={
          <EmptyState icon={ListVideoIcon} title={NO_REELS_TITLE}>
            {NO_REELS_TEXT}
          </EmptyState>
        }
      />
      <NewReel />
    </div>
  );
}

/** A card without a click action of its own: Play and Edit are its buttons. */
function ReelCard({ reel }: { reel: Reel }) {
  const title = reelCardTitle(reel);
  return (
    <article aria-label={title} className="bg-card flex min-w-0 flex-1 flex-col overflow-hidden rounded-xl border shadow-sm">
      <ReelThumbnail reel={reel} />
      <div className="flex flex-col gap-2 p-3">
        <span className="truncate text-sm font-medium">{title}</span>
        <span className="text-muted-foreground text-xs">{chunkCount(reel)}</span>
        <div className="flex gap-2">
          <Button asChild size="sm" variant="outline">
            <Link to={`/library/reels/${encodeURIComponent(reel.reelId)}`} aria-label={`Play ${title}`}>
              <PlayIcon aria-hidden="true" /> Play
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/library/reels/${encodeURIComponent(reel.reelId)}/edit`} aria-label={`Edit ${title}`}>
              <PencilIcon aria-hidden="true" /> Edit
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}

/** Pick clips of my library (of one video or several) and make a reel of them, then edit it. */
function NewReel() {
  const create = useCreateReel();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="new-reel" className="bg-card flex flex-col gap-2 rounded-xl border p-4">
      <h2 id="new-reel" className="text-base font-semibold">
        New reel
      </h2>
      <ClipPicker
        actionLabel={create.isPending ? 'Making reel...' : 'Make reel'}
        busy={create.isPending}
        onPick={(clips) =>
          create.mutate(
            // Titled after its first clip; the editor it opens in changes it.
            { clips, title: clips[0] ? suggestReelTitle(clips[0]) : null },
            { onSuccess: (reelId) => void navigate(`/library/reels/${encodeURIComponent(reelId)}/edit`) },
          )
        }
      />
      {create.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(create.error)}
        </p>
      ) : null}
    </section>
  );
}
