import { ClipCard, ClipCardSkeleton } from '@/components/clip-card';
import { useRecentClips } from '@/features/clips/api/get-clips';
import type { ClipScope } from '@/lib/query-keys';
import { cn } from '@/lib/utils';

type RecentClipsProps = {
  scope: ClipScope;
  limit: number;
  /** Where a clip's page lives: `/team/clips` or `/library/clips`. */
  clipsPath: string;
  empty: React.ReactNode;
  className?: string;
};

/** The newest clips as a small card grid: the dashboard's New Clips and the library home's Clips. */
export function RecentClips({ scope, limit, clipsPath, empty, className }: RecentClipsProps) {
  const clips = useRecentClips(scope, limit);
  const gridClass = cn('grid grid-cols-2 gap-3', className);
  if (clips.isPending) {
    return (
      <div role="status" aria-label="Loading clips" className={gridClass}>
        {Array.from({ length: limit }, (_, i) => (
          <ClipCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  // A failed list load falls back to empty.
  const items = clips.data?.items ?? [];
  if (items.length === 0) return empty;
  return (
    <ul className={gridClass} aria-label="New clips">
      {items.map((clip) => (
        <li key={clip._id} className="flex">
          <ClipCard clip={clip} to={`${clipsPath}/${encodeURIComponent(clip.reel_id)}`} className="flex-1" />
        </li>
      ))}
    </ul>
  );
}
