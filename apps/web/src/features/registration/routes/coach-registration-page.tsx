import { PlaceholderNote } from '@/components/placeholder-note';
import { PublicPage } from '@/components/public-page';

/** /register/coach: the coach's details; next, invite athletes. */
export function Component() {
  return (
    <PublicPage title="Coach Registration" description="Enter your personal information">
      <PlaceholderNote>Your team name, first and last name and username will be asked here.</PlaceholderNote>
    </PublicPage>
  );
}
