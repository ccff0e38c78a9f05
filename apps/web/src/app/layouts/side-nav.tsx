import { NavLink } from 'react-router';

import { navItemsFor } from '@/app/layouts/nav-items';
import { useLevel } from '@/lib/subscription/level-context';
import { cn } from '@/lib/utils';

/**
 * The laptop's navigation: the bottom bar's items (by level) as a column beside the
 * page, under the header. Hidden while the level is unknown, as the bottom bar is.
 */
export function SideNav() {
  const level = useLevel();
  if (level === undefined) return null;

  return (
    <nav aria-label="Main" className="sticky top-14 h-[calc(100svh-3.5rem)] w-56 shrink-0 overflow-y-auto border-r px-3 py-6">
      <ul className="flex flex-col gap-1">
        {navItemsFor(level).map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'focus-visible:ring-ring/50 flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px]',
                  isActive ? 'bg-accent text-foreground' : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon aria-hidden="true" className="size-5 shrink-0" strokeWidth={isActive ? 2.25 : 1.75} />
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
