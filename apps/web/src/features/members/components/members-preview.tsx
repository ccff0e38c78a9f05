import { displayName } from '@app/contracts/user-me';
import { NOT_A_MEMBER } from '@app/contracts/teams';

import { useTeam } from '@/features/members/api/get-team';

// Nothing fixes the size of the members preview; a dashboard row fits about this many.
const PREVIEW = 8;

/** The dashboard's Members section: who is on the team, or why the user has none. */
export function MembersPreview() {
  const team = useTeam();
  if (team.isPending) return <p>Loading...</p>;
  // A failed team call reads as not being a member.
  if (team.isError || 'error' in team.data) return <p role="alert">{NOT_A_MEMBER}</p>;
  const members = Object.values(team.data.members);
  return (
    <div className="grid gap-2">
      <p className="text-foreground font-medium">{team.data.description || team.data.owner}</p>
      <ul className="flex flex-wrap gap-2" aria-label="Team members">
        {members.slice(0, PREVIEW).map((member) => (
          <li key={member.username} className="bg-muted rounded-full px-2.5 py-1 text-xs">
            {displayName(member)}
          </li>
        ))}
        {members.length > PREVIEW ? <li className="px-1 py-1 text-xs">+{members.length - PREVIEW} more</li> : null}
      </ul>
    </div>
  );
}
