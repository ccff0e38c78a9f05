import { Outlet, ScrollRestoration } from 'react-router';

import { BottomNav } from '@/app/layouts/bottom-nav';
import { Header } from '@/app/layouts/header';
import { useLevel } from '@/lib/subscription/level-context';
import { cn } from '@/lib/utils';

/** Signed-in shell: header, page, fixed bottom navigation. */
export function MainLayout() {
  // The bottom bar only shows once the level is known; reserve its height (and the home indicator's) only then.
  const hasBottomNav = useLevel() !== undefined;

  return (
    <div className="flex min-h-svh flex-col">
      <Header />
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
