import {
  ActivityIcon,
  CalendarDaysIcon,
  FilmIcon,
  MessagesSquareIcon,
  ScissorsIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';

import { Page } from '@/components/page';
import { RecentClips } from '@/components/recent-clips';
import { RecentVideos } from '@/components/recent-videos';
import { SectionCard } from '@/components/section-card';
import { MembersPreview } from '@/features/team/components/members-preview';

/** The dashboard shows the 2 newest videos. */
const DASHBOARD_VIDEOS = 2;
/** The dashboard shows the 3 newest clips. */
const DASHBOARD_CLIPS = 3;

/** The dashboard's sections of other features (team talk, the schedule), which the app composes in: features never import each other. */
export type DashboardSections = { board: React.ReactNode; activity: React.ReactNode; schedule: React.ReactNode };

// The team dashboard (docs/product.md#team-dashboard): these sections, in this order, each linking to its page.
const sections = (composed: DashboardSections): { title: string; to: string; icon: LucideIcon; body: React.ReactNode }[] => [
  {
    title: 'Members',
    to: '/team/members',
    icon: UsersIcon,
    body: <MembersPreview />,
  },
  {
    title: 'Recent Videos',
    to: '/team/videos',
    icon: FilmIcon,
    body: (
      <RecentVideos
        limit={DASHBOARD_VIDEOS}
        videoPath={(key) => `/team/videos/${encodeURIComponent(key)}`}
        empty="Your latest game videos will appear here."
      />
    ),
  },
  {
    title: 'New Clips',
    to: '/team/clips',
    icon: ScissorsIcon,
    body: (
      <RecentClips
        scope="team"
        limit={DASHBOARD_CLIPS}
        clipsPath="/team/clips"
        // The three in one row on a laptop, where the card is wide enough.
        className="lg:grid-cols-3"
        empty="New highlights from your games will appear here."
      />
    ),
  },
  {
    title: 'Message Board',
    to: '/team/messages',
    icon: MessagesSquareIcon,
    body: composed.board,
  },
  {
    title: 'Latest Activity',
    to: '/team/activity',
    icon: ActivityIcon,
    body: composed.activity,
  },
  {
    title: 'Schedule',
    to: '/team/schedule',
    icon: CalendarDaysIcon,
    body: composed.schedule,
  },
];

/** /team: the team dashboard. */
export function TeamPage({ sections: composed }: { sections: DashboardSections }) {
  return (
    <Page width="wide" title="Team" description="Your team at a glance.">
      <div className="grid gap-4 sm:grid-cols-2">
        {sections(composed).map(({ title, to, icon, body }) => (
          <SectionCard key={to} title={title} to={to} icon={icon}>
            {body}
          </SectionCard>
        ))}
      </div>
    </Page>
  );
}
