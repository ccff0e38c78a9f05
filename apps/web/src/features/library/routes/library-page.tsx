import { FilmIcon, ListVideoIcon, ScissorsIcon } from 'lucide-react';

import { Page } from '@/components/page';
import { SectionCard } from '@/components/section-card';
import { VideoCard, VideoCardSkeleton } from '@/components/video-card';
import { RECENT_VIDEOS_LIMIT, useRecentVideos } from '@/features/library/api/get-recent-videos';
import { useLevel } from '@/lib/subscription/level-context';

// Spec section 2, "Library home": Videos, Clips, Reels with 'All Videos', 'All Clips', 'All Reels' links.
const otherSections = [
  {
    title: 'Clips',
    to: '/library/clips/all',
    linkLabel: 'All Clips',
    icon: ScissorsIcon,
    body: 'Highlights you save will appear here.',
  },
  {
    title: 'Reels',
    to: '/library/reels/all',
    linkLabel: 'All Reels',
    icon: ListVideoIcon,
    body: 'Reels are collections of clips. Yours will appear here.',
  },
];

/** /library: videos, clips and reels in one place. */
export function Component() {
  return (
    <Page title="Library" description="Your videos, clips and reels.">
      <div className="grid gap-4">
        <SectionCard title="Videos" to="/library/videos/all" linkLabel="All Videos" icon={FilmIcon}>
          <RecentVideos />
        </SectionCard>
        {otherSections.map(({ title, to, linkLabel, icon, body }) => (
          <SectionCard key={to} title={title} to={to} linkLabel={linkLabel} icon={icon}>
            {body}
          </SectionCard>
        ))}
      </div>
    </Page>
  );
}

const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-4';

function RecentVideos() {
  const level = useLevel();
  const videos = useRecentVideos();
  if (videos.isPending) {
    return (
      <div role="status" aria-label="Loading videos" className={gridClass}>
        {Array.from({ length: RECENT_VIDEOS_LIMIT }, (_, i) => (
          <VideoCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  // Spec section 8: a failed list load falls back to empty.
  const items = videos.data?.items ?? [];
  if (items.length === 0) {
    return level === 'team' || level === 'athlete'
      ? 'Game videos you record or upload will appear here.'
      : 'Game videos you can watch will appear here.';
  }
  return (
    <ul className={gridClass}>
      {items.map((video) => (
        <li key={video.key} className="flex">
          <VideoCard video={video} to={`/library/videos/${encodeURIComponent(video.key)}`} className="flex-1" />
        </li>
      ))}
    </ul>
  );
}
