import { FilmIcon, Loader2Icon, RefreshCwIcon, ScissorsIcon } from 'lucide-react';
import { Link } from 'react-router';

import { ClipCard, ClipCardSkeleton } from '@/components/clip-card';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { useClips } from '@/lib/clips/get-clips';
import { errorMessage } from '@/lib/error-message';
import { useLevel } from '@/lib/subscription/level-context';
import type { ClipScope } from '@/lib/query-keys';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll';

/** Spec section 2, clip library empty states. */
export const NO_CLIPS_TITLE = 'No Clips?';
export const NO_CLIPS_UPLOADER = 'Go to your Videos and start creating clips there';
export const NO_CLIPS_OTHERS = 'Find clips in the accounts you follow and save them: they will appear here.';

/** Denser on a laptop: film study scans many plays at once. */
const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6';

type ClipGridProps = {
  /** The team's clips or mine (made or saved). */
  scope: ClipScope;
  basePath: string;
  /** Where the uploader's empty state sends them. */
  videosPath: string;
};

/** The clip library (spec section 2): cards opening `{basePath}/{reel_id}`, the next page on scroll. */
export function ClipGrid({ scope, basePath, videosPath }: ClipGridProps) {
  const level = useLevel();
  const clips = useClips(scope);
  const sentinelRef = useInfiniteScroll({
    hasMore: clips.hasNextPage,
    // Not after a failed page either: the button below retries it, scrolling must not hammer.
    loading: clips.isFetchingNextPage || clips.isFetchNextPageError,
    onLoadMore: () => void clips.fetchNextPage(),
  });

  if (clips.isPending) {
    return (
      <div role="status" aria-label="Loading clips" className={gridClass}>
        {Array.from({ length: 6 }, (_, i) => (
          <ClipCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (!clips.data) {
    return (
      <EmptyState
        icon={ScissorsIcon}
        title="Could not load the clips"
        action={
          <Button variant="outline" onClick={() => void clips.refetch()}>
            <RefreshCwIcon aria-hidden="true" /> Try again
          </Button>
        }
      >
        {errorMessage(clips.error)}
      </EmptyState>
    );
  }

  const items = clips.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    const uploader = level === 'team' || level === 'athlete';
    return (
      <EmptyState
        icon={ScissorsIcon}
        title={NO_CLIPS_TITLE}
        action={
          uploader ? (
            <Button asChild>
              <Link to={videosPath}>
                <FilmIcon aria-hidden="true" /> Videos
              </Link>
            </Button>
          ) : null
        }
      >
        {uploader ? NO_CLIPS_UPLOADER : NO_CLIPS_OTHERS}
      </EmptyState>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul className={gridClass}>
        {items.map((clip) => (
          <li key={clip._id} className="flex">
            <ClipCard clip={clip} to={`${basePath}/${encodeURIComponent(clip.reel_id)}`} className="flex-1" />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" />
      {clips.isFetchingNextPage ? (
        <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 text-sm">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin" /> Loading more clips...
        </p>
      ) : null}
      {clips.isFetchNextPageError ? (
        <div className="flex flex-col items-center gap-2 text-sm">
          <p className="text-destructive">{errorMessage(clips.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void clips.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
