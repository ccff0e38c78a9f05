import { FilmIcon, ScissorsIcon } from 'lucide-react';
import { Link } from 'react-router';

import { ClipCard, ClipCardSkeleton } from '@/components/clip-card';
import { EmptyState } from '@/components/empty-state';
import { InfiniteList } from '@/components/infinite-list';
import { Button } from '@/components/ui/button';
import { useClips } from '@/features/clips/api/get-clips';
import type { ClipScope } from '@/lib/query-keys';
import { useLevel } from '@/lib/subscription/level-context';

/** The clip library's empty states, by level (docs/product.md#clips). */
export const NO_CLIPS_TITLE = 'No Clips?';
export const NO_CLIPS_UPLOADER = 'Go to your Videos and start creating clips there';
export const NO_CLIPS_OTHERS = 'Find clips in the accounts you follow and save them: they will appear here.';

type ClipGridProps = {
  /** The team's clips or mine (made or saved). */
  scope: ClipScope;
  basePath: string;
  /** Where the uploader's empty state sends them. */
  videosPath: string;
};

/** The clip library: cards opening `{basePath}/{reel_id}`, the next page on scroll. */
export function ClipGrid({ scope, basePath, videosPath }: ClipGridProps) {
  const level = useLevel();
  const clips = useClips(scope);
  const uploader = level === 'team' || level === 'athlete';
  return (
    <InfiniteList
      query={clips}
      noun="clips"
      icon={ScissorsIcon}
      layout="grid"
      // Denser on a big laptop: film study scans many plays at once.
      className="2xl:grid-cols-6"
      placeholder={<ClipCardSkeleton />}
      itemKey={(clip) => clip._id}
      renderItem={(clip) => <ClipCard clip={clip} to={`${basePath}/${encodeURIComponent(clip.reel_id)}`} className="flex-1" />}
      empty={
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
      }
    />
  );
}
