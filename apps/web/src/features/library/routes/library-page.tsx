import { FilmIcon, ListVideoIcon, ScissorsIcon } from 'lucide-react';

import { Page } from '@/components/page';
import { SectionCard } from '@/components/section-card';

/** The library home's sections, each another feature's newest cards, which the app composes in: features never import each other. */
export type LibrarySections = { videos: React.ReactNode; clips: React.ReactNode; reels: React.ReactNode };

/** /library, the library home: Videos, Clips and Reels, with 'All Videos', 'All Clips', 'All Reels' links. */
export function LibraryPage({ sections }: { sections: LibrarySections }) {
  return (
    <Page width="wide" title="Library" description="Your videos, clips and reels.">
      <div className="grid gap-4">
        <SectionCard title="Videos" to="/library/videos/all" linkLabel="All Videos" icon={FilmIcon}>
          {sections.videos}
        </SectionCard>
        <SectionCard title="Clips" to="/library/clips/all" linkLabel="All Clips" icon={ScissorsIcon}>
          {sections.clips}
        </SectionCard>
        <SectionCard title="Reels" to="/library/reels/all" linkLabel="All Reels" icon={ListVideoIcon}>
          {sections.reels}
        </SectionCard>
      </div>
    </Page>
  );
}
