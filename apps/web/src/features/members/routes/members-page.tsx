import { NOT_A_MEMBER } from '@app/contracts/teams';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { SuccessNotice } from '@/components/success-notice';
import { UserAvatar } from '@/components/user-avatar';
import { useTeam } from '@/features/members/api/get-team';
import { InviteMemberForm } from '@/features/members/components/invite-member-form';
import { PendingInvites } from '@/features/members/components/pending-invites';
import { TeamSharedReels } from '@/features/members/components/team-shared-reels';
import { useMe } from '@/lib/auth/get-me';

/**
 * /team/members: everyone on the team channel; below them the owner also gets the invite form, the
 * pending invitations and the public links to the team's footage, to switch off.
 */
export function Component() {
  const team = useTeam();
  const me = useMe();
  const [notice, setNotice] = useState<string | null>(null);

  let body: React.ReactNode;
  if (team.isPending) body = <p className="text-muted-foreground text-sm">Loading...</p>;
  else if (team.isError || 'error' in team.data) body = <EmptyState icon={UsersIcon}>{NOT_A_MEMBER}</EmptyState>;
  else {
    const { owner, channel, members } = team.data;
    const isOwner = me.data?.username.toLowerCase() === owner.toLowerCase();
    body = (
      <div className="grid gap-6">
        {/* The roster first: who is on the team is what the page is for; the owner's tools follow. */}
        <table className="w-full text-sm">
          <thead className="text-muted-foreground text-left text-xs">
            <tr>
              <th className="w-12 py-2 font-medium">
                <span className="sr-only">Avatar</span>
              </th>
              <th className="py-2 font-medium">Username</th>
              <th className="py-2 font-medium">Name</th>
            </tr>
          </thead>
          <tbody>
            {Object.values(members).map((member) => (
              <tr key={member.username} className="border-t">
                <td className="py-2">
                  <UserAvatar person={member} />
                </td>
                <td className="py-2">
                  <Link to={`/team/members/${encodeURIComponent(member.username)}`} className="font-medium underline-offset-4 hover:underline">
                    {member.username}
                  </Link>
                  {member.username.toLowerCase() === owner.toLowerCase() ? <span className="text-muted-foreground ml-2 text-xs">Coach</span> : null}
                </td>
                <td className="py-2">{member.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {isOwner ? (
          <>
            <InviteMemberForm owner={owner} channel={channel} onInvited={setNotice} />
            <SuccessNotice message={notice} />
            <PendingInvites owner={owner} channel={channel} onRevoked={setNotice} />
            <TeamSharedReels onTurnedOff={setNotice} />
          </>
        ) : null}
      </div>
    );
  }

  return (
    <Page title="All Members" description="Coaches and athletes on your team's channel.">
      {body}
    </Page>
  );
}
