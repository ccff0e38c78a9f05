import { socialProviders, type AuthResult, type SocialProvider } from '@/lib/auth/auth-types';
import { joinUrl } from '@/lib/auth/identity-call';
import { redirectQueryParam } from '@/lib/auth/redirect';

export function isSocialProvider(method: string): method is SocialProvider {
  return (socialProviders as readonly string[]).includes(method);
}

/**
 * Social sign-in (OpenID Connect/OAuth2): the browser leaves for the provider through the identity
 * API and comes back to /login with a link token, which signs in like a magic link.
 */
export function createSocialSignIn({
  baseUrl,
  tenantPath,
  getSearch,
  assign,
}: {
  baseUrl: string;
  tenantPath: (path: string) => string;
  getSearch: () => string;
  assign: (url: string) => void;
}) {
  /** `.../auth/{provider}/login?origin=...&redirect=...`: the browser goes there, and comes back to /login with a link token. */
  function getProviderLink({ provider, providerId, redirect }: { provider?: string; providerId?: string; redirect?: string }) {
    if (!provider) throw new Error('Missing provider');
    const params = new URLSearchParams({ origin: window.location.origin });
    if (providerId) params.set('provider_id', providerId);
    const redirectPath = redirect || redirectQueryParam(getSearch());
    if (redirectPath) params.set('redirect', redirectPath);
    return `${joinUrl(baseUrl, tenantPath(`auth/${provider}/login`))}?${params}`;
  }

  function providerSignIn(provider: SocialProvider, providerId: string | undefined, redirect: string | undefined): AuthResult {
    if (provider === 'custom' && !providerId) throw new Error('Missing providerId');
    const url = getProviderLink({ provider, providerId, redirect });
    assign(url);
    return { kind: 'redirecting', url };
  }

  return { getProviderLink, providerSignIn };
}
