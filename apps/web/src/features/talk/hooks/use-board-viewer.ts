import { useMemo } from 'react';

import { useTeam } from '@/features/talk/api/get-team';
import { useTeamBuddies } from '@/features/talk/api/get-team-buddies';
import { mentionMap } from '@/features/talk/utils/mention-map';
import { useMe } from '@/lib/auth/get-me';

/**
 * Who is reading the board: their username, the active team's channel (where posts go), whether
 * they own it (the owner may delete anything), and the teammates (names, pictures, mentions).
 */
export function useBoardViewer() {
  const team = useTeam();
  const me = useMe();
  const buddies = useTeamBuddies();
  const joined = team.data && 'owner' in team.data ? team.data : null;
  const username = me.data?.username ?? null;
  const channel = joined ? { owner: joined.owner, channel: joined.channel } : null;
  // Teammates, and the reader too (a mention of oneself links to one's own profile).
  const mentions = useMemo(() => {
    const map = new Map(mentionMap(buddies));
    if (username) map.set(username.toLowerCase(), username);
    return map;
  }, [buddies, username]);
  const mentionable = useMemo(() => [...buddies.values()].filter((b) => b.username !== username), [buddies, username]);
  // One's own picture and name, for one's posts even before the team's list has them.
  const self = me.data ? { username: me.data.username, name: me.data.name ?? null, image: me.data.image ?? null } : null;
  return {
    username,
    self,
    channel,
    isTeamOwner: username !== null && joined?.owner === username,
    buddies,
    mentions,
    mentionable,
    /** May this user delete what `publisher` wrote? The server checks it again. */
    canDelete: (publisher: string) => username !== null && (publisher === username || joined?.owner === username),
  };
}

export type BoardViewer = ReturnType<typeof useBoardViewer>;
