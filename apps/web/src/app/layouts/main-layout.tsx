import { SettingsIcon } from 'lucide-react';
import { Link, Outlet, ScrollRestoration } from 'react-router';

import { BottomNav } from '@/app/layouts/bottom-nav';
import { Header } from '@/app/layouts/header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useLevel } from '@/lib/subscription/level-context';
import { cn } from '@/lib/utils';

/** Signed-in shell: header, page, fixed bottom navigation. */
export function MainLayout() {
  // The bottom bar only shows once the level is known; reserve its height (and the home indicator's) only then.
  const hasBottomNav = useLevel() !== undefined;

  return (
    <div className="flex min-h-svh flex-col">
      <Header
        actions={
          <Button asChild variant="ghost" size="icon" className="rounded-full">
            <Link to={paths.settings}>
              <SettingsIcon aria-hidden="true" className="size-[1.2rem]" />
              <span className="sr-only">Settings</span>
            </Link>
          </Button>
        }
      />
      <main
        className={cn(
          'mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 pt-6 pb-10',
          hasBottomNav && 'pb-[calc(6rem+env(safe-area-inset-bottom))]',
        )}
      >
        <Outlet />
      </main>
      <BottomNav />
      <ScrollRestoration />
    </div>
  );
}
