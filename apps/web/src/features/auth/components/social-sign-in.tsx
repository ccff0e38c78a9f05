import type { AuthFactor } from '@app/contracts/identity-responses';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import type { SocialProvider } from '@/lib/auth/auth-types';
import { useAuth, useAuthState } from '@/lib/auth/auth-context';
import { errorMessage } from '@/lib/error-message';

type NamedProvider = Exclude<SocialProvider, 'custom'>;

const providerNames: Record<NamedProvider, string> = {
  apple: 'Apple',
  azure: 'Microsoft',
  facebook: 'Facebook',
  github: 'GitHub',
  google: 'Google',
  linkedin: 'LinkedIn',
  okta: 'Okta',
};

/** The social providers among the tenant's first factors, once each, in the server's order. */
export function enabledProviders(firstFactors: readonly AuthFactor[]): NamedProvider[] {
  const providers = firstFactors
    .map((factor) => factor.strategy)
    .filter((strategy): strategy is NamedProvider => Object.hasOwn(providerNames, strategy));
  return [...new Set(providers)];
}

/**
 * "Continue with ..." for each provider the tenant enabled (`GET /tenants/{tenantId}/mode` lists
 * them as first factors). The browser leaves for the provider and comes back to /login with a link
 * token. Nothing renders while none is enabled.
 */
export function SocialSignIn() {
  const auth = useAuth();
  const { firstFactors } = useAuthState();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<SocialProvider | null>(null);

  const providers = enabledProviders(firstFactors);

  // Coming back with the browser's Back button restores this page from its cache: enable the buttons again.
  useEffect(() => {
    const onPageShow = () => setLeaving(null);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  if (providers.length === 0) return null;

  function go(provider: SocialProvider) {
    setError(null);
    setLeaving(provider);
    auth.login({ method: provider }).catch((failure: unknown) => {
      setLeaving(null);
      setError(errorMessage(failure));
    });
  }

  return (
    <div className="grid gap-2">
      {providers.map((provider) => (
        <Button
          key={provider}
          type="button"
          variant="outline"
          className="w-full"
          disabled={leaving !== null}
          aria-busy={leaving === provider || undefined}
          onClick={() => go(provider)}
        >
          Continue with {providerNames[provider]}
        </Button>
      ))}
      {error ? (
        <p role="alert" className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}
