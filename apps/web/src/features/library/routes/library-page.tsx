import { FilmIcon, ListVideoIcon, ScissorsIcon } from 'lucide-react';

import { Page } from '@/components/page';
import { RecentClips } from '@/components/recent-clips';
import { RecentReels } from '@/components/recent-reels';
import { RecentVideos } from '@/components/recent-videos';
import { SectionCard } from '@/components/section-card';
import { useLevel } from '@/lib/subscription/level-context';

/** /library, the library home: Videos, Clips and Reels, with 'All Videos', 'All Clips', 'All Reels' links. */
export function Component() {
  return (
    <Page width="wide" title="Library" description="Your videos, clips and reels.">
      <div className="grid gap-4">
        <SectionCard title="Videos" to="/library/videos/all" linkLabel="All Videos" icon={FilmIcon}>
          <LibraryVideos />
        </SectionCard>
        <SectionCard title="Clips" to="/library/clips/all" linkLabel="All Clips" icon={ScissorsIcon}>
          <RecentClips
            scope="mine"
            limit={RECENT_LIMIT}
            clipsPath="/library/clips"
            className="sm:grid-cols-4"
            empty="Highlights you make or save will appear here."
          />
        </SectionCard>
        <SectionCard title="Reels" to="/library/reels/all" linkLabel="All Reels" icon={ListVideoIcon}>
          <RecentReels limit={RECENT_LIMIT} reelsPath="/library/reels" className="sm:grid-cols-4" />
        </SectionCard>
      </div>
    </Page>
  );
}

/** Cards in each section: one row on a desktop, two on a phone. */
const RECENT_LIMIT = 4;

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
