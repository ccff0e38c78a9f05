import { Link } from 'react-router';

import { PlaceholderNote } from '@/components/placeholder-note';
import { PublicPage } from '@/components/public-page';
import { paths } from '@/config/paths';

/** /reset: request a reset link, or set a new password from one. */
export function Component() {
  return (
    <PublicPage
      title="Reset password"
      description="We'll email you a link to choose a new password."
      footer={<Link to={paths.login}>Back to sign in</Link>}
    >
      <PlaceholderNote>The password reset form will appear here.</PlaceholderNote>
    </PublicPage>
  );
}
