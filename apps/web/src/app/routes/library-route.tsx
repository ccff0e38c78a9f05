import { RecentClips } from '@/features/clips/components/recent-clips';
import { LibraryPage } from '@/features/library/routes/library-page';
import { RecentReels } from '@/features/reels/components/recent-reels';
import { RecentVideos } from '@/features/videos/components/recent-videos';
import { useLevel } from '@/lib/subscription/level-context';

/** Cards in each section: one row on a desktop, two on a phone. */
const RECENT_LIMIT = 4;

/**
 * /library: the library home with the videos, clips and reels features' newest cards (composed here
 * because features never import each other).
 */
export function Component() {
  return (
    <LibraryPage
      sections={{
        videos: <LibraryVideos />,
        clips: (
          <RecentClips
            scope="mine"
            limit={RECENT_LIMIT}
            clipsPath="/library/clips"
            className="sm:grid-cols-4"
            empty="Highlights you make or save will appear here."
          />
        ),
        reels: <RecentReels limit={RECENT_LIMIT} reelsPath="/library/reels" className="sm:grid-cols-4" />,
      }}
    />
  );
}

function LibraryVideos() {
  const level = useLevel();
  return (
    <RecentVideos
      limit={RECENT_LIMIT}
      videoPath={(key) => `/library/videos/${encodeURIComponent(key)}`}
      className="sm:grid-cols-4"
      empty={
        level === 'team' || level === 'athlete'
          ? 'Game videos you record or upload will appear here.'
          : 'Game videos you can watch will appear here.'
      }
    />
  );
}
