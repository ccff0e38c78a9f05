import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/error-alert';
import { usePendingInvites } from '@/features/members/api/get-pending-invites';
import { useRevokeInvite } from '@/features/members/api/revoke-invite';

type PendingInvitesProps = {
  owner: string;
  channel: string;
  /** Called with the confirmation to show once an invitation is revoked. */
  onRevoked: (message: string) => void;
};

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The owner's list of invitations nobody has accepted yet, each with a Revoke button. */
export function PendingInvites({ owner, channel, onRevoked }: PendingInvitesProps) {
  const invites = usePendingInvites(owner, channel);
  const revoke = useRevokeInvite(owner, channel);

  if (invites.isPending) return <p className="text-muted-foreground text-sm">Loading invitations...</p>;
  if (invites.isError) return <ErrorAlert error={invites.error} />;

  return (
    <section aria-labelledby="pending-invites" className="grid gap-2">
      <h2 id="pending-invites" className="text-sm font-medium">
        Pending invitations
      </h2>
      {invites.data.invites.length === 0 ? (
        <p className="text-muted-foreground text-sm">Everyone you invited has joined.</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {invites.data.invites.map((invite) => (
            <li key={invite.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium">{invite.member}</p>
                <p className="text-muted-foreground text-xs">
                  Invited {day.format(new Date(invite.createdAt))}, expires {day.format(new Date(invite.expiresAt))}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Revoke the invitation of ${invite.member}`}
                disabled={revoke.isPending && revoke.variables === invite.id}
                onClick={() => revoke.mutate(invite.id, { onSuccess: () => onRevoked(`Invitation of ${invite.member} revoked.`) })}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorAlert error={revoke.error} />
    </section>
  );
}
