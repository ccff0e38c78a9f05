import type { BuddyMap } from '@/features/talk/api/get-team-buddies';

/** Lower-case username -> username, as mention links want it. */
export function mentionMap(buddies: BuddyMap): ReadonlyMap<string, string> {
  return new Map([...buddies].map(([key, buddy]) => [key, buddy.username]));
}
