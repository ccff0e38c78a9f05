import { FilmIcon, ListVideoIcon, ScissorsIcon } from 'lucide-react';

import { Page } from '@/components/page';
import { SectionCard } from '@/components/section-card';

// Spec section 2, "Library home": Videos, Clips, Reels with 'All Videos', 'All Clips', 'All Reels' links.
const sections = [
  {
    title: 'Videos',
    to: '/library/videos/all',
    linkLabel: 'All Videos',
    icon: FilmIcon,
    body: 'Game videos you can watch will appear here.',
  },
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
        {sections.map(({ title, to, linkLabel, icon, body }) => (
          <SectionCard key={to} title={title} to={to} linkLabel={linkLabel} icon={icon}>
            {body}
          </SectionCard>
        ))}
      </div>
    </Page>
  );
}
