import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { useTeams } from '@/features/members/api/get-teams';
import { useJoinTeam } from '@/features/members/api/join-team';
import { errorMessage } from '@/lib/error-message';

// Product texts, verbatim, double spaces and unfinished sentences included (docs/product.md#messages-and-failures).
export const NO_INVITES = 'You have not been invited to any teams.  Contact your coach or team manager if you wish to';
export const SEVERAL_INVITES = 'You have been invited to multiple teams. Choose one team to activate.  You can always change this setting';

/** Edit Profile's team list: one team 'Current', the others 'Activate'. */
export function TeamActivation() {
  const teams = useTeams();
  const activate = useJoinTeam();

  if (teams.isPending) return <p className="text-muted-foreground text-sm">Loading...</p>;
  if (teams.isError) return <p className="text-destructive text-sm">{errorMessage(teams.error)}</p>;
  if (teams.data.length === 0) return <p className="text-muted-foreground text-sm">{NO_INVITES}</p>;

  return (
    <div className="grid gap-3">
      {teams.data.length > 1 ? <p className="text-muted-foreground text-sm">{SEVERAL_INVITES}</p> : null}
      <ul className="divide-y rounded-lg border" aria-label="Your teams">
        {teams.data.map((team) => {
          const busy = activate.isPending && activate.variables?.username === team.username && activate.variables.channel === team.channel;
          return (
            <li key={`${team.username}/${team.channel}`} className="flex items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{team.description || team.username}</p>
                <p className="text-muted-foreground truncate text-xs">Coach @{team.username}</p>
              </div>
              <Button
                size="sm"
                variant={team.current ? 'secondary' : 'default'}
                disabled={team.current || activate.isPending}
                aria-busy={busy || undefined}
                onClick={() => activate.mutate(team)}
              >
                {team.current ? 'Current' : 'Activate'}
              </Button>
            </li>
          );
        })}
      </ul>
      <ErrorAlert error={activate.error} />
    </div>
  );
}
