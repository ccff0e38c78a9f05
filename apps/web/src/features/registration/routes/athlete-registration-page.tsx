import { PlaceholderNote } from '@/components/placeholder-note';
import { PublicPage } from '@/components/public-page';

/** /register/athlete: the athlete's details; next, the subscription. */
export function Component() {
  return (
    <PublicPage title="Athlete Registration" description="Enter your personal information">
      <PlaceholderNote>Your first and last name and username will be asked here.</PlaceholderNote>
    </PublicPage>
  );
}
