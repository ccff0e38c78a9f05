import { AppError } from '../../errors';
import type { Identity } from './identity';
import type { IdentityUser } from './identity-users.repo';

export const SAML_TOKEN_SECONDS = 5 * 60;

/**
 * SAML IdP hand-off tokens: a signed-in user gets a 5-minute, single-use token that the IdP's SSO
 * endpoint exchanges for the user before it issues an assertion. The assertion endpoint itself
 * (AuthnRequest parsing, XML signing, SP metadata) is out of scope: no service provider is configured
 * or available to test against, and an untested XML-signature path is worse than none.
 */
export function createSamlTokens(identity: Identity) {
  return {
    async issue(tenantId: string, userId: number, sessionId: string): Promise<string> {
      const row = await identity.oneTime.issue({ tenantId, purpose: 'saml', userId, ttlSeconds: SAML_TOKEN_SECONDS, meta: { sessionId } });
      return row.secret;
    },

    /** Spends the token; the user while the token is fresh and the session that asked for it is alive. */
    async consumeSamlToken(tenantId: string, token: string): Promise<IdentityUser> {
      const invalid = () => new AppError('UNAUTHORIZED', 'Invalid or expired SAML token.');
      const row = await identity.oneTime.consume({ tenantId, purpose: 'saml', secret: token });
      if (!row?.userId) throw invalid();
      const sessionId = row.meta.sessionId;
      if (typeof sessionId !== 'string' || !(await identity.sessions.active(sessionId))) throw invalid();
      const user = await identity.accounts.findById(tenantId, row.userId);
      if (!user) throw invalid();
      return user;
    },
  };
}
