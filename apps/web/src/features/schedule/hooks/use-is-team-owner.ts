import { useTeam } from '@/features/schedule/api/get-team';
import { useMe } from '@/lib/auth/get-me';

/** Whether the reader owns the active team (who may add, edit and cancel items; the server checks it again). */
export function useIsTeamOwner(): boolean {
  const team = useTeam();
  const me = useMe();
  const owner = team.data && 'owner' in team.data ? team.data.owner : null;
  const username = me.data?.username;
  return owner !== null && username !== undefined && owner.toLowerCase() === username.toLowerCase();
}
