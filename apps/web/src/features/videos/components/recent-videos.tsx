import { VideoCard, VideoCardSkeleton } from '@/components/video-card';
import { useRecentVideos } from '@/features/videos/api/get-videos';
import { cn } from '@/lib/utils';

type RecentVideosProps = {
  /** How many of the newest videos to show. */
  limit: number;
  /** The page a card opens. */
  videoPath: (key: string) => string;
  /** What to say when there is nothing to show. */
  empty: React.ReactNode;
  className?: string;
};

/** The newest videos as a small card grid: the library home's Videos and the team dashboard's Recent Videos. */
export function RecentVideos({ limit, videoPath, empty, className }: RecentVideosProps) {
  const videos = useRecentVideos(limit);
  const gridClass = cn('grid grid-cols-2 gap-3', className);
  if (videos.isPending) {
    return (
      <div role="status" aria-label="Loading videos" className={gridClass}>
        {Array.from({ length: limit }, (_, i) => (
          <VideoCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  // A failed list load falls back to empty.
  const items = videos.data?.items ?? [];
  if (items.length === 0) return empty;
  return (
    <ul className={gridClass}>
      {items.map((video) => (
        <li key={video.key} className="flex">
          <VideoCard video={video} to={videoPath(video.key)} className="flex-1" />
        </li>
      ))}
    </ul>
  );
}
