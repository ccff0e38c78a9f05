import { CircleAlertIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { PublicPage } from '@/components/public-page';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { MagicLinkForm } from '@/features/auth/components/magic-link-form';
import { PasswordSignInForm } from '@/features/auth/components/password-sign-in-form';
import { enabledProviders, SocialSignIn } from '@/features/auth/components/social-sign-in';
import type { AuthResult } from '@/lib/auth/auth-types';
import { useAuth, useAuthState } from '@/lib/auth/auth-context';
import { redirectQueryParam } from '@/lib/auth/redirect';
import { useSession } from '@/lib/auth/session';
import { useSignInFlow } from '@/lib/auth/use-sign-in-flow';
import { errorMessage } from '@/lib/error-message';

// Only an account with two-factor authentication gets this far; everyone else never downloads it.
const SecondFactorStep = lazy(() =>
  import('@/features/auth/components/second-factor-step').then((module) => ({ default: module.SecondFactorStep })),
);

type LinkState = { status: 'idle' } | { status: 'verifying' } | { status: 'failed'; message: string };

/**
 * A `uuid` and `token` in the address (a magic link, or the way back from a social
 * provider) sign in by link, once. The one-time credentials leave the address at once, so neither a
 * reload nor the history can replay them.
 */
function useLinkSignIn(run: (signIn: () => Promise<AuthResult>) => Promise<AuthResult>): LinkState {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const uuid = params.get('uuid');
  const [state, setState] = useState<LinkState>(token && uuid ? { status: 'verifying' } : { status: 'idle' });
  const used = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !uuid || used.current === token) return;
    used.current = token;
    setState({ status: 'verifying' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('token');
        next.delete('uuid');
        return next;
      },
      { replace: true },
    );
    run(() => auth.login({ method: 'link', token, uuid })).then(
      (result) => {
        if (result.kind === 'mfa-required') setState({ status: 'idle' });
      },
      (error: unknown) => setState({ status: 'failed', message: errorMessage(error) }),
    );
  }, [auth, run, setParams, token, uuid]);

  return state;
}

function Divider({ children }: { children: React.ReactNode }) {
  return (
    <div className="text-muted-foreground flex items-center gap-3 text-xs">
      <span aria-hidden="true" className="bg-border h-px flex-1" />
      {children}
      <span aria-hidden="true" className="bg-border h-px flex-1" />
    </div>
  );
}

/** /login: password, magic link, link sign-in from the address, second factor, social providers. */
export function Component() {
  const auth = useAuth();
  const session = useSession();
  const { firstFactorToken, firstFactors } = useAuthState();
  const { search } = useLocation();
  const flow = useSignInFlow();
  const link = useLinkSignIn(flow.run);

  // The tenant's sign-in methods (social providers) and mode; a failure only hides the providers.
  useEffect(() => {
    void auth.loadMode();
  }, [auth]);

  if (!flow.active && link.status !== 'verifying') {
    if (session.isPending) {
      return (
        <PublicPage title="Sign in">
          <PageLoading className="min-h-40" />
        </PublicPage>
      );
    }
    // A signed-in visitor is sent on ('/' picks /team or /events by level).
    if (session.isLoggedIn) return <Navigate to={redirectQueryParam(search) ?? '/'} replace />;
  }

  if (firstFactorToken) {
    return (
      <PublicPage
        title="Two-factor authentication"
        description="Your account has an extra layer of security. Confirm it's you to finish signing in."
      >
        <Suspense fallback={<PageLoading className="min-h-40" />}>
          <SecondFactorStep run={flow.run} onCancel={auth.resetMfa} />
        </Suspense>
      </PublicPage>
    );
  }

  if (link.status === 'verifying') {
    return (
      <PublicPage title="Sign in" description="Checking your sign-in link.">
        <div role="status" className="text-muted-foreground flex min-h-40 items-center justify-center text-sm">
          <PageLoading className="min-h-0" />
        </div>
      </PublicPage>
    );
  }

  const hasProviders = enabledProviders(firstFactors).length > 0;

  return (
    <PublicPage
      title="Sign in"
      description="Welcome back. Sign in to watch, clip and share your games."
      footer={
        <p>
          New to Teamfilm? <Link to={paths.register}>Create an account</Link>
        </p>
      }
    >
      {link.status === 'failed' ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>That sign-in link didn't work</AlertTitle>
          <AlertDescription>
            <p>{link.message}</p>
            <p>Sign in below, or ask for a new link.</p>
          </AlertDescription>
        </Alert>
      ) : null}
      {hasProviders ? (
        <>
          <SocialSignIn />
          <Divider>or</Divider>
        </>
      ) : null}
      <PasswordSignInForm run={flow.run} />
      <Divider>or get a link by email</Divider>
      <MagicLinkForm />
    </PublicPage>
  );
}
