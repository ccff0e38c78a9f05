import { ConfigError } from '../config-error';

/** Every social sign-in strategy we know; `custom` is one more OpenID Connect issuer named by `providerId`. */
export const SOCIAL_PROVIDER_NAMES = ['google', 'azure', 'okta', 'apple', 'github', 'facebook', 'linkedin', 'custom'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDER_NAMES)[number];

/** Plain OAuth2 endpoints for providers without OpenID Connect discovery. */
export interface OAuth2Endpoints {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
}

export interface SocialProvider {
  name: SocialProviderName;
  /** `oidc`: discovery + ID token (nonce checked); `oauth2`: fixed endpoints + a profile API. */
  kind: 'oidc' | 'oauth2';
  clientId: string;
  clientSecret: string;
  /** OIDC issuer identifier (discovery base), for `oidc` providers. */
  issuer?: string;
  /** Fixed endpoints, for `oauth2` providers. */
  endpoints?: OAuth2Endpoints;
  /** `custom` only: the `provider_id` the web app must send. */
  providerId?: string;
  scope: string;
  /** Apple returns to the callback with a cross-site POST (required when asking for name/email). */
  responseMode?: 'form_post';
  /** Our callback, registered at the provider as the redirect URI. */
  callbackPath: (tenantId: string) => string;
}

export interface SocialProviders {
  /** Base URL of our callback (PUBLIC_URL): `${publicUrl}/v0/tenants/<t>/auth/<provider>/callback`. */
  publicUrl: string;
  list: SocialProvider[];
  get(name: string): SocialProvider | undefined;
  /** Plain-http issuers and endpoints (tests/dev against a local provider only). */
  allowInsecureRequests: boolean;
}

type Env = Record<string, string | undefined>;

const FACEBOOK_GRAPH = 'https://graph.facebook.com/v19.0';

interface Definition {
  kind: 'oidc' | 'oauth2';
  /** Env var prefix: `<PREFIX>_CLIENT_ID`, `<PREFIX>_CLIENT_SECRET`. */
  prefix: string;
  scope: string;
  /** The issuer, or a string naming the missing env var. */
  issuer?: (env: Env) => { issuer: string } | { missing: string };
  endpoints?: OAuth2Endpoints;
  responseMode?: 'form_post';
}

/** Per provider: env var names and where its endpoints come from. */
export const SOCIAL_PROVIDER_REGISTRY: Record<SocialProviderName, Definition> = {
  google: { kind: 'oidc', prefix: 'GOOGLE', scope: 'openid email profile', issuer: () => ({ issuer: 'https://accounts.google.com' }) },
  azure: {
    kind: 'oidc',
    prefix: 'AZURE',
    scope: 'openid email profile',
    // `common`, `organizations` and `consumers` work: openid-client resolves Entra ID's `{tenantid}` issuer template.
    issuer: (env) => ({ issuer: `https://login.microsoftonline.com/${encodeURIComponent(env.AZURE_TENANT || 'common')}/v2.0` }),
  },
  okta: {
    kind: 'oidc',
    prefix: 'OKTA',
    scope: 'openid email profile',
    issuer: (env) => (env.OKTA_ISSUER ? { issuer: env.OKTA_ISSUER } : { missing: 'OKTA_ISSUER' }),
  },
  apple: {
    kind: 'oidc',
    prefix: 'APPLE',
    scope: 'openid email name',
    responseMode: 'form_post',
    issuer: () => ({ issuer: 'https://appleid.apple.com' }),
  },
  linkedin: { kind: 'oidc', prefix: 'LINKEDIN', scope: 'openid email profile', issuer: () => ({ issuer: 'https://www.linkedin.com/oauth' }) },
  custom: {
    kind: 'oidc',
    prefix: 'CUSTOM',
    scope: 'openid email profile',
    issuer: (env) => (env.CUSTOM_OIDC_ISSUER ? { issuer: env.CUSTOM_OIDC_ISSUER } : { missing: 'CUSTOM_OIDC_ISSUER' }),
  },
  github: {
    kind: 'oauth2',
    prefix: 'GITHUB',
    scope: 'read:user user:email',
    endpoints: {
      issuer: 'https://github.com/login/oauth',
      authorizationEndpoint: 'https://github.com/login/oauth/authorize',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
    },
  },
  facebook: {
    kind: 'oauth2',
    prefix: 'FACEBOOK',
    scope: 'email public_profile',
    endpoints: {
      issuer: 'https://www.facebook.com',
      authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenEndpoint: `${FACEBOOK_GRAPH}/oauth/access_token`,
    },
  },
};

export const GITHUB_API = 'https://api.github.com';
export const FACEBOOK_ME_URL = `${FACEBOOK_GRAPH}/me?fields=id,name,email,picture`;

/**
 * The enabled providers: each one whose `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET` are both set.
 * Half a configuration (an id without a secret, okta/custom without their issuer, custom without
 * CUSTOM_OIDC_PROVIDER_ID) is a ConfigError, so it fails at start-up rather than at sign-in.
 */
export function loadSocialProviders(env: Env, publicUrl: string, options: { production?: boolean } = {}): SocialProviders {
  const base = publicUrl.replace(/\/+$/, '');
  const problems: string[] = [];
  const list: SocialProvider[] = [];
  for (const name of SOCIAL_PROVIDER_NAMES) {
    const def = SOCIAL_PROVIDER_REGISTRY[name];
    const clientId = env[`${def.prefix}_CLIENT_ID`]?.trim();
    const clientSecret = env[`${def.prefix}_CLIENT_SECRET`]?.trim();
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      problems.push(`  ${def.prefix}_CLIENT_ID and ${def.prefix}_CLIENT_SECRET must both be set to enable ${name} sign-in`);
      continue;
    }
    const provider: SocialProvider = {
      name,
      kind: def.kind,
      clientId,
      clientSecret,
      scope: def.scope,
      callbackPath: (tenantId) => `/v0/tenants/${encodeURIComponent(tenantId)}/auth/${name}/callback`,
      ...(def.responseMode ? { responseMode: def.responseMode } : {}),
      ...(def.endpoints ? { endpoints: def.endpoints } : {}),
    };
    if (def.issuer) {
      const found = def.issuer(env);
      if ('missing' in found) {
        problems.push(`  ${found.missing} is required when ${def.prefix}_CLIENT_ID is set`);
        continue;
      }
      if (!/^https?:\/\//.test(found.issuer)) {
        problems.push(`  the ${name} issuer must be an absolute URL (got '${found.issuer}')`);
        continue;
      }
      // Plain http only for a provider on this machine (development, tests), never in production.
      if (found.issuer.startsWith('http:') && (options.production || !isLoopback(found.issuer))) {
        problems.push(`  the ${name} issuer must use https (got '${found.issuer}')`);
        continue;
      }
      provider.issuer = found.issuer.replace(/\/+$/, '');
    }
    if (name === 'custom') {
      const providerId = env.CUSTOM_OIDC_PROVIDER_ID?.trim();
      if (!providerId) {
        problems.push('  CUSTOM_OIDC_PROVIDER_ID is required when CUSTOM_CLIENT_ID is set');
        continue;
      }
      provider.providerId = providerId;
    }
    list.push(provider);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const byName = new Map(list.map((p) => [p.name as string, p]));
  return {
    publicUrl: base,
    list,
    get: (name) => byName.get(name),
    allowInsecureRequests: list.some((p) => p.issuer?.startsWith('http:')),
  };
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}
