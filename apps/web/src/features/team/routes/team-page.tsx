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
import { SectionCard } from '@/components/section-card';

/**
 * The dashboard's sections, each another feature's (members, videos, clips, team talk, the schedule),
 * which the app composes in: features never import each other.
 */
export type DashboardSections = {
  members: React.ReactNode;
  videos: React.ReactNode;
  clips: React.ReactNode;
  board: React.ReactNode;
  activity: React.ReactNode;
  schedule: React.ReactNode;
};

// The team dashboard (docs/product.md#team-dashboard): these sections, in this order, each linking to its page.
const sections = (composed: DashboardSections): { title: string; to: string; icon: LucideIcon; body: React.ReactNode }[] => [
  {
    title: 'Members',
    to: '/team/members',
    icon: UsersIcon,
    body: composed.members,
  },
  {
    title: 'Recent Videos',
    to: '/team/videos',
    icon: FilmIcon,
    body: composed.videos,
  },
  {
    title: 'New Clips',
    to: '/team/clips',
    icon: ScissorsIcon,
    body: composed.clips,
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
