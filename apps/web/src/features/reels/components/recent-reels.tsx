import { ListVideoIcon } from 'lucide-react';

import { ClipCardSkeleton } from '@/components/clip-card';
import { EmptyState } from '@/components/empty-state';
import { NO_REELS_TEXT, NO_REELS_TITLE, ReelCard } from '@/components/reel-card';
import { useRecentReels } from '@/features/reels/api/get-reels';
import { cn } from '@/lib/utils';

type RecentReelsProps = {
  limit: number;
  /** Where a reel's page lives: `/library/reels`. */
  reelsPath: string;
  className?: string;
};

/** My newest reels as a small card grid (the library home's Reels), or the Reels empty state. */
export function RecentReels({ limit, reelsPath, className }: RecentReelsProps) {
  const reels = useRecentReels(limit);
  const gridClass = cn('grid grid-cols-2 gap-3', className);
  if (reels.isPending) {
    return (
      <div role="status" aria-label="Loading reels" className={gridClass}>
        {Array.from({ length: limit }, (_, i) => (
          <ClipCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  // A failed list load falls back to empty.
  const items = reels.data?.items ?? [];
  if (items.length === 0) {
    return (
      <EmptyState icon={ListVideoIcon} title={NO_REELS_TITLE} className="min-h-0 md:p-6">
        {NO_REELS_TEXT}
      </EmptyState>
    );
  }
  return (
    <ul className={gridClass} aria-label="Recent reels">
      {items.map((reel) => (
        <li key={reel.reelId} className="flex">
          <ReelCard reel={reel} to={`${reelsPath}/${encodeURIComponent(reel.reelId)}`} className="flex-1" />
        </li>
      ))}
    </ul>
  );
}
