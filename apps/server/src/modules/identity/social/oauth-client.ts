import * as client from 'openid-client';
import { FACEBOOK_ME_URL, GITHUB_API, type SocialProvider, type SocialProviders } from '../../../config/social-providers';
import { facebookProfile, githubProfile, oidcProfile, type FacebookMe, type GithubEmail, type GithubUser, type SocialProfile } from './profiles';

/** Discovery results (and plain OAuth2 configurations), once per process per provider configuration. */
const configurations = new Map<string, Promise<client.Configuration>>();

function cacheKey(p: SocialProvider, insecure: boolean): string {
  return JSON.stringify([p.name, p.issuer ?? p.endpoints?.issuer, p.clientId, p.clientSecret, insecure]);
}

/** The openid-client Configuration of a provider: discovered (cached) for OIDC, built from fixed endpoints for OAuth2. */
export function clientConfiguration(providers: SocialProviders, p: SocialProvider): Promise<client.Configuration> {
  const insecure = providers.allowInsecureRequests;
  const key = cacheKey(p, insecure);
  let hit = configurations.get(key);
  if (!hit) {
    hit = createConfiguration(p, insecure);
    configurations.set(key, hit);
    // A failed discovery (provider down) is retried by the next sign-in instead of being cached.
    hit.catch(() => configurations.delete(key));
  }
  return hit;
}

async function createConfiguration(p: SocialProvider, insecure: boolean): Promise<client.Configuration> {
  const auth = client.ClientSecretPost(p.clientSecret);
  if (p.kind === 'oidc') {
    return client.discovery(new URL(p.issuer!), p.clientId, { client_secret: p.clientSecret }, auth, insecure ? { execute: [client.allowInsecureRequests] } : undefined);
  }
  const e = p.endpoints!;
  const config = new client.Configuration(
    { issuer: e.issuer, authorization_endpoint: e.authorizationEndpoint, token_endpoint: e.tokenEndpoint },
    p.clientId,
    { client_secret: p.clientSecret },
    auth,
  );
  if (insecure) client.allowInsecureRequests(config);
  return config;
}

export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
  nonce: string | undefined;
}

/** A fresh state, PKCE verifier and (OIDC) nonce, and the provider URL to send the browser to. */
export async function startAuthorization(
  config: client.Configuration,
  p: SocialProvider,
  redirectUri: string,
): Promise<{ url: URL; checks: AuthorizationChecks }> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = p.kind === 'oidc' ? client.randomNonce() : undefined;
  const params: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: p.scope,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  if (nonce) params.nonce = nonce;
  if (p.responseMode) params.response_mode = p.responseMode;
  return { url: client.buildAuthorizationUrl(config, params), checks: { state, codeVerifier, nonce } };
}

/**
 * Exchanges the code (state, PKCE and, for OIDC, the ID token's signature, issuer, audience and nonce
 * are checked by openid-client) and reads the user's profile.
 */
export async function finishAuthorization(
  config: client.Configuration,
  p: SocialProvider,
  callbackUrl: URL,
  checks: AuthorizationChecks,
  extra: { appleUser?: unknown } = {},
): Promise<SocialProfile> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    ...(checks.nonce ? { expectedNonce: checks.nonce } : {}),
  });
  if (p.kind === 'oidc') {
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider returned no ID token');
    const userInfo = config.serverMetadata().userinfo_endpoint ? await client.fetchUserInfo(config, tokens.access_token, claims.sub) : undefined;
    return oidcProfile(claims as Record<string, unknown>, userInfo as Record<string, unknown> | undefined, extra.appleUser);
  }
  const getJson = async <T>(url: string): Promise<T> => {
    const headers = new Headers({ accept: 'application/json', 'user-agent': 'teamfilm-sign-in' });
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(url), 'GET', undefined, headers);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return (await res.json()) as T;
  };
  if (p.name === 'github') {
    const [user, emails] = await Promise.all([getJson<GithubUser>(`${GITHUB_API}/user`), getJson<GithubEmail[]>(`${GITHUB_API}/user/emails`)]);
    return githubProfile(user, emails);
  }
  if (p.name === 'facebook') return facebookProfile(await getJson<FacebookMe>(FACEBOOK_ME_URL));
  throw new Error(`No profile mapping for ${p.name}`);
}
