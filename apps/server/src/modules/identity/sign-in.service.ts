import type { Config } from '../../config';
import type { Tenant } from '../tenants/tenants.service';
import type { OneTimeTokens } from './one-time-tokens.repo';
import type { SessionMeta, SessionService } from './sessions.service';
import type { TokenService } from './tokens.service';
import type { IdentityUser, IdentityUsersRepo } from './identity-users.repo';

// Type aliases, not interfaces: response bodies are checked against the contracts' object schemas.
export type FirstFactor = {
  strategy: string;
  channel: string;
};

export interface SignInRequest {
  tenant: Tenant;
  meta: SessionMeta;
  /** S256 challenge from `?code_challenge=` (native clients). */
  codeChallenge?: string | undefined;
}

export interface IssuedTokens {
  tenantId: string;
  access: string;
  id: string;
  refresh: string;
  sessionId: string;
  sessionExpiresAt: Date;
}

/** What a sign-in call answers: tokens (and cookies), an MFA challenge, or a PKCE authorization code. */
export type SignInResult =
  | { kind: 'tokens'; body: TokensBody; tokens: IssuedTokens }
  | { kind: 'mfa'; body: MfaBody }
  | { kind: 'pkce'; body: { message: 'PKCE required'; authorizationCode: string; redirectTo: string } };

export type TokensBody = {
  message: 'OK';
  mode: 'test' | 'live';
  redirectTo: string;
  sessionId: string;
  tokens: { access: { value: string }; id: { value: string }; refresh: { value: string } };
};

export type MfaBody = {
  mode: 'test' | 'live';
  message: 'MFA required';
  isMfaRequired: true;
  firstFactorToken: string;
  authentication: { firstFactor: FirstFactor; secondFactors: FirstFactor[] };
};

export const SECOND_FACTORS: FirstFactor[] = [
  { strategy: 'totp', channel: 'authenticator' },
  { strategy: 'verificationCode', channel: 'email' },
];

export function createSignInService(deps: {
  config: Pick<Config, 'mode'>;
  users: IdentityUsersRepo;
  sessions: SessionService;
  tokens: TokenService;
  oneTime: OneTimeTokens;
}) {
  const { config, users, sessions, tokens, oneTime } = deps;

  async function issueTokens(user: IdentityUser, meta: SessionMeta): Promise<IssuedTokens> {
    const { session, refreshToken } = await sessions.create(user.tenantId, user.id, meta);
    return {
      tenantId: user.tenantId,
      access: await tokens.accessToken(user, session.id, config.mode),
      id: await tokens.idToken(user, config.mode),
      refresh: refreshToken,
      sessionId: session.id,
      sessionExpiresAt: session.expiresAt,
    };
  }

  function tokensBody(issued: IssuedTokens, redirectTo: string): TokensBody {
    return {
      message: 'OK',
      mode: config.mode,
      redirectTo,
      sessionId: issued.sessionId,
      tokens: { access: { value: issued.access }, id: { value: issued.id }, refresh: { value: issued.refresh } },
    };
  }

  const service = {
    tokensBody,

    /**
     * The user proved the second factor (or needs none): record the success and issue a session,
     * or, for a PKCE client, a single-use authorization code to exchange for the tokens.
     */
    async finish(user: IdentityUser, req: SignInRequest): Promise<SignInResult> {
      await users.recordSuccess(user);
      const redirectTo = req.tenant.loginRedirectPath;
      if (req.codeChallenge && req.tenant.requirePkce) {
        const code = await oneTime.issue({
          tenantId: user.tenantId,
          purpose: 'pkce',
          userId: user.id,
          ttlSeconds: 600,
          meta: { codeChallenge: req.codeChallenge, userAgent: req.meta.userAgent, ip: req.meta.ip },
        });
        return { kind: 'pkce', body: { message: 'PKCE required', authorizationCode: code.secret, redirectTo } };
      }
      const issued = await issueTokens(user, req.meta);
      return { kind: 'tokens', body: tokensBody(issued, redirectTo), tokens: issued };
    },

    /** A first factor succeeded: users with MFA get a 5-minute, single-use first-factor token instead of a session. */
    async afterFirstFactor(user: IdentityUser, firstFactor: FirstFactor, req: SignInRequest): Promise<SignInResult> {
      if (!user.totpEnabledAt) return service.finish(user, req);
      const row = await oneTime.issue({
        tenantId: user.tenantId,
        purpose: 'first-factor',
        userId: user.id,
        ttlSeconds: 300,
        meta: { firstFactor, codeChallenge: req.codeChallenge },
      });
      return {
        kind: 'mfa',
        body: {
          mode: config.mode,
          message: 'MFA required',
          isMfaRequired: true,
          firstFactorToken: await tokens.firstFactorToken(user, row.id, firstFactor),
          authentication: { firstFactor, secondFactors: SECOND_FACTORS },
        },
      };
    },

    /** Refresh: rotate the refresh token and issue fresh access and id tokens for the same session. */
    async refresh(refreshToken: string, meta: SessionMeta, tenant: Tenant): Promise<{ body: TokensBody; tokens: IssuedTokens }> {
      const { session, refreshToken: next } = await sessions.rotate(refreshToken, meta);
      const user = await users.findById(session.tenantId, session.userId);
      if (!user) throw new Error('session without user');
      const issued: IssuedTokens = {
        tenantId: user.tenantId,
        access: await tokens.accessToken(user, session.id, config.mode),
        id: await tokens.idToken(user, config.mode),
        refresh: next,
        sessionId: session.id,
        sessionExpiresAt: session.expiresAt,
      };
      return { body: tokensBody(issued, tenant.loginRedirectPath), tokens: issued };
    },
  };
  return service;
}

export type SignInService = ReturnType<typeof createSignInService>;
