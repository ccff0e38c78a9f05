import type { Level } from '@app/contracts/levels';
import { useEffect } from 'react';

import { computeLevel } from '@/app/compute-level';
import { useUsage } from '@/features/subscription/api/get-usage';
import { useMe } from '@/lib/auth/get-me';
import { useSession } from '@/lib/auth/session';
import { LevelContext } from '@/lib/subscription/level-context';
import { useNow } from '@/lib/use-now';

function useLoggedFailure(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Could not load ${what}; continuing without it.`, error);
  }, [error, what]);
}

/**
 * Unknown until signed in and loaded; usage first; the own-user record only when the
 * usage list is empty. Failed loads fall back to empty/absent, i.e. level `none`.
 */
function useSubscriptionLevel(): Level | undefined {
  const { isLoggedIn } = useSession();
  // A minute is fine-grained enough for a window of 8 days.
  const now = useNow(60_000);

  const usage = useUsage();
  useLoggedFailure(usage.error, 'the subscription usage');
  // Keep earlier data if only a background refetch failed.
  const usageItems = usage.data?.items ?? (usage.isError ? [] : undefined);

  const me = useMe({ enabled: usageItems?.length === 0 });
  useLoggedFailure(me.error, 'the user record');

  if (!isLoggedIn || usageItems === undefined) return undefined;
  if (usageItems.length > 0) return computeLevel({ usageItems, now });
  if (me.isPending) return undefined;
  return computeLevel({ usageItems, userRecord: me.data ?? null, now });
}

/**
 * App wiring of the level: composes the subscription and users features (which may not import each
 * other). Anything more the level needs goes here too (e.g. invalidating `usage` after a purchase); pages and
 * guards only ever read `useLevel()`.
 */
export function LevelProvider({ children }: { children: React.ReactNode }) {
  const level = useSubscriptionLevel();
  return <LevelContext.Provider value={level}>{children}</LevelContext.Provider>;
}
