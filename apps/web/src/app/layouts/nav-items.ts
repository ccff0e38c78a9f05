import type { Level } from '@app/contracts/levels';
import {
  CalendarDaysIcon,
  CreditCardIcon,
  LibraryBigIcon,
  MonitorPlayIcon,
  UploadIcon,
  UserRoundIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';

import { paths } from '@/config/paths';

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  levels: readonly Level[];
};

/** The bottom navigation by level (at most 5 items), in order (docs/product.md#navigation). */
export const navItems: readonly NavItem[] = [
  { label: 'Events', to: paths.events, icon: CalendarDaysIcon, levels: ['none', 'fan'] },
  { label: 'Team', to: paths.team, icon: UsersIcon, levels: ['athlete', 'team'] },
  { label: 'Library', to: paths.library, icon: LibraryBigIcon, levels: ['athlete', 'team', 'fan'] },
  { label: 'Upload', to: paths.upload, icon: UploadIcon, levels: ['athlete', 'team'] },
  { label: 'Watch', to: paths.live, icon: MonitorPlayIcon, levels: ['athlete', 'team', 'fan'] },
  { label: 'Profile', to: paths.profile, icon: UserRoundIcon, levels: ['athlete', 'team'] },
  { label: 'Subscribe', to: paths.subscribe, icon: CreditCardIcon, levels: ['none'] },
];

export const MAX_NAV_COLUMNS = 5;

/** The items a level sees, in table order, never more than the 5 columns the bar has room for. */
export function navItemsFor(level: Level, table: readonly NavItem[] = navItems): NavItem[] {
  return table.filter((item) => item.levels.includes(level)).slice(0, MAX_NAV_COLUMNS);
}
