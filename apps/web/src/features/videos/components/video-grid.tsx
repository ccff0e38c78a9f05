import type { Level } from '@app/contracts/levels';
import { FilmIcon, TvIcon, UploadIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { InfiniteList } from '@/components/infinite-list';
import { Button } from '@/components/ui/button';
import { VideoCard, VideoCardSkeleton } from '@/components/video-card';
import { useVideos } from '@/features/videos/api/get-videos';
import { useLevel } from '@/lib/subscription/level-context';

/** All Videos' empty states, by level (docs/product.md#videos). */
export const EMPTY_UPLOADER = 'Upload your videos!';
export const EMPTY_OTHERS = 'Subscribe to upload your videos!';
/** The general empty text tells a subscribed fan to subscribe to upload, which fans never can. */
export const EMPTY_FAN = "No team games to watch yet. Fans watch and clip their team's games; there is nothing to upload.";

/** All Videos: a grid of cards linking to `{basePath}/{key}`, loading the next page on scroll. */
export function VideoGrid({ basePath }: { basePath: string }) {
  const level = useLevel();
  const videos = useVideos();
  return (
    <InfiniteList
      query={videos}
      noun="videos"
      icon={FilmIcon}
      layout="grid"
      placeholder={<VideoCardSkeleton />}
      itemKey={(video) => video.key}
      renderItem={(video) => (
<VideoCard video={video} to={`${basePath}/${encodeURIComponent(video.key)}`} className="flex-1" />
      )}
      empty={<NoVideos level={level} />}
    />
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
