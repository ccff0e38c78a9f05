import { SettingsIcon } from 'lucide-react';
import { Link, Outlet, ScrollRestoration } from 'react-router';

import { BottomNav } from '@/app/layouts/bottom-nav';
import { Header } from '@/app/layouts/header';
import { RouteNoticeToast } from '@/app/layouts/route-notice-toast';
import { SideNav } from '@/app/layouts/side-nav';
import { updateFeatures } from '@/app/update-features';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { NotificationBell } from '@/features/talk/components/notification-bell';
import { useReportShownPage } from '@/lib/shown-page';
import { useLevel } from '@/lib/subscription/level-context';
import { useUpdates } from '@/lib/updates/use-updates';
import { useIsLaptop } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';

/**
 * Signed-in shell: header, page and navigation. A phone gets one centred column over a fixed bottom
 * bar; a laptop (lg and up) gets the navigation in a side bar and the page the rest of the width
 * (each page caps its own width: reading pages stay narrow, grids and players use the room).
 */
export function MainLayout() {
  const laptop = useIsLaptop();
  // The bottom bar only shows once the level is known; reserve its height (and the home indicator's) only then.
  const level = useLevel();
  const hasBottomNav = !laptop && level !== undefined;
  useUpdates(updateFeatures);
  useReportShownPage();

  return (
    <div className="flex min-h-svh flex-col">
      <Header
        wide={laptop}
        actions={
          <>
            <NotificationBell />
            <Button asChild variant="ghost" size="icon" className="rounded-full">
              <Link to={paths.settings}>
                <SettingsIcon aria-hidden="true" className="size-[1.2rem]" />
                <span className="sr-only">Settings</span>
              </Link>
            </Button>
          </>
        }
      />
      <div className="flex flex-1">
        {laptop ? <SideNav /> : null}
        <main
          className={cn(
            'mx-auto flex w-full flex-1 flex-col pt-6 pb-10',
            laptop ? 'max-w-[100rem] min-w-0 px-8' : 'max-w-3xl px-4',
            hasBottomNav && 'pb-[calc(6rem+env(safe-area-inset-bottom))]',
          )}
        >
          <Outlet />
        </main>
      </div>
      {laptop ? null : <BottomNav />}
      <RouteNoticeToast />
      <ScrollRestoration />
    </div>
  );
}
