import { Link } from 'react-router';

import { PlaceholderNote } from '@/components/placeholder-note';
import { PublicPage } from '@/components/public-page';
import { paths } from '@/config/paths';

/** /register: choose a role and create the account. */
export function Component() {
  return (
    <PublicPage
      title="Create an account"
      description="Join as a coach, an athlete or a fan."
      footer={
        <p>
          Already have an account? <Link to={paths.login}>Sign in</Link>
        </p>
      }
    >
      <PlaceholderNote>Choosing your role and signing up will appear here.</PlaceholderNote>
    </PublicPage>
  );
}
