import { useTeamBuddies, mentionMap } from '@/lib/talk/get-buddies';
import { useTeam } from '@/lib/teams/get-team';
import { useMe } from '@/lib/users/get-me';
import { useMemo } from 'react';

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
  const mentions = useMemo(() => mentionMap(buddies), [buddies]);
  const mentionable = useMemo(() => [...buddies.values()].filter((b) => b.username !== username), [buddies, username]);
  return {
    username,
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
