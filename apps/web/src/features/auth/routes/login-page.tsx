import { Link } from 'react-router';

import { PlaceholderNote } from '@/components/placeholder-note';
import { PublicPage } from '@/components/public-page';
import { paths } from '@/config/paths';

/** /login: sign in (the identity issue adds the password and magic-link forms). */
export function Component() {
  return (
    <PublicPage
      title="Sign in"
      description="Welcome back. Sign in to watch, clip and share your games."
      footer={
        <>
          <Link to={paths.reset}>Forgot your password?</Link>
          <p>
            New to Teamfilm? <Link to={paths.register}>Create an account</Link>
          </p>
        </>
      }
    >
      <PlaceholderNote>Sign-in with your email and password, or with a magic link, will appear here.</PlaceholderNote>
    </PublicPage>
  );
}
