import { NavLink } from 'react-router';

import { navItemsFor } from '@/app/layouts/nav-items';
import { useLevel } from '@/lib/subscription/level-context';
import { cn } from '@/lib/utils';

// Literal class names so Tailwind sees them; one column per item (at most 5).
const columns = ['grid-cols-1', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-4', 'grid-cols-5'];

/** The bottom navigation (docs/product.md#navigation); hidden while the level is unknown (nothing to offer yet). */
export function BottomNav() {
  const level = useLevel();
  if (level === undefined) return null;
  const items = navItemsFor(level);

  return (
    <nav
      aria-label="Main"
      className="bg-background/90 supports-[backdrop-filter]:bg-background/75 fixed inset-x-0 bottom-0 z-40 border-t pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className={cn('mx-auto grid h-16 max-w-md px-2', columns[items.length])}>
        {items.map(({ label, to, icon: Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'group focus-visible:ring-ring/50 flex flex-1 flex-col items-center justify-center gap-1 rounded-lg text-[11px] font-medium outline-none transition-colors focus-visible:ring-[3px]',
                  isActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                      isActive ? 'bg-accent' : 'group-hover:bg-accent/60',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5" strokeWidth={isActive ? 2.25 : 1.75} />
                  </span>
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
