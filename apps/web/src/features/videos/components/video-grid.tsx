import type { Level } from '@app/contracts/levels';
import { FilmIcon, Loader2Icon, RefreshCwIcon, TvIcon, UploadIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { VideoCard, VideoCardSkeleton } from '@/components/video-card';
import { useVideos } from '@/features/videos/api/get-videos';
import { errorMessage } from '@/lib/error-message';
import { useLevel } from '@/lib/subscription/level-context';
import { useMe } from '@/lib/users/get-me';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll';

/** Spec section 2, All Videos empty states. */
export const EMPTY_UPLOADER = 'Upload your videos!';
export const EMPTY_OTHERS = 'Subscribe to upload your videos!';
/** The spec's 'otherwise' text tells a subscribed fan to subscribe to upload, which fans never can. */
export const EMPTY_FAN = "No team games to watch yet. Fans watch and clip their team's games; there is nothing to upload.";

/** Denser on a laptop: more games at a glance. */
const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** All Videos: a grid of cards linking to `{basePath}/{key}`, loading the next page on scroll. */
export function VideoGrid({ basePath }: { basePath: string }) {
  const level = useLevel();
  const videos = useVideos();
  const myId = useMe().data?.userId;
  const sentinelRef = useInfiniteScroll({
    hasMore: videos.hasNextPage,
    // Not after a failed page either: the button below retries it, scrolling must not hammer.
    loading: videos.isFetchingNextPage || videos.isFetchNextPageError,
    onLoadMore: () => void videos.fetchNextPage(),
  });

  if (videos.isPending) {
    return (
      <div role="status" aria-label="Loading videos" className={gridClass}>
        {Array.from({ length: 6 }, (_, i) => (
          <VideoCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  // A failed next page also puts the query in error, but keeps the pages already shown.
  if (!videos.data) {
    return (
      <EmptyState
        icon={FilmIcon}
        title="Could not load your videos"
        action={
          <Button variant="outline" onClick={() => void videos.refetch()}>
            <RefreshCwIcon aria-hidden="true" /> Try again
          </Button>
        }
      >
        {errorMessage(videos.error)}
      </EmptyState>
    );
  }

  const items = videos.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <NoVideos level={level} />;

  return (
    <div className="flex flex-col gap-4">
      <ul className={gridClass}>
        {items.map((video) => (
          <li key={video.key} className="flex">
            <VideoCard
              video={video}
              to={`${basePath}/${encodeURIComponent(video.key)}`}
              canDelete={myId !== undefined && video.ownerId === myId}
              className="flex-1"
            />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" />
      {videos.isFetchingNextPage ? (
        <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 text-sm">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin" /> Loading more videos...
        </p>
      ) : null}
      {videos.isFetchNextPageError ? (
        <div className="flex flex-col items-center gap-2 text-sm">
          <p className="text-destructive">{errorMessage(videos.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void videos.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function NoVideos({ level }: { level: Level | undefined }) {
  if (level === 'team' || level === 'athlete') {
    return (
      <EmptyState
        icon={FilmIcon}
        action={
          <Button asChild>
            <Link to="/upload">
              <UploadIcon aria-hidden="true" /> Upload
            </Link>
          </Button>
        }
      >
        {EMPTY_UPLOADER}
      </EmptyState>
    );
  }
  if (level === 'fan') {
    return (
      <EmptyState
        icon={FilmIcon}
        action={
          <Button asChild variant="outline">
            <Link to="/live">
              <TvIcon aria-hidden="true" /> Watch live games
            </Link>
          </Button>
        }
      >
        {EMPTY_FAN}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={FilmIcon}
      action={
        level === 'none' ? (
          <Button asChild>
            <Link to="/subscribe">Subscribe</Link>
          </Button>
        ) : null
      }
    >
      {EMPTY_OTHERS}
    </EmptyState>
  );
}
