import { PlaceholderNote } from '@/components/placeholder-note';
import { PublicPage } from '@/components/public-page';

/** /register/invite: the coach invites athletes by email; next, the team subscription. */
export function Component() {
  return (
    <PublicPage title="Invite Athletes" description="Add the athletes on your team by email.">
      <PlaceholderNote>The list of email invitations will appear here.</PlaceholderNote>
    </PublicPage>
  );
}
