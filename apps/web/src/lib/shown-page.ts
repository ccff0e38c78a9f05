import { useEffect } from 'react';
import { useLocation } from 'react-router';

// The router's state runs ahead of the screen: a navigation's new location is rendered in a transition, so
// an urgent update (a query's new data) can still render the page being left. This tracks what React has
// committed: the pathname on screen.
let shown: string | null = null;
const waiting = new Set<() => void>();

/** Called once in each layout that holds pages: reports every pathname once it is on screen. */
export function useReportShownPage(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    shown = pathname;
    for (const check of [...waiting]) check();
  }, [pathname]);
}

/** Settles once the screen shows another page than `pathname` (at once if it already does). */
export function pageLeft(pathname: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (shown === pathname) return;
      waiting.delete(check);
      resolve();
    };
    waiting.add(check);
    check();
  });
}
