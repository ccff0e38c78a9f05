import { createHash } from 'node:crypto';
import { AppError } from '../../errors';
import type { Tenant } from '../tenants/tenants.service';
import { safeEqual } from './crypto';
import type { Identity } from './identity';
import type { SessionMeta } from './sessions.service';
import type { SignInResult } from './sign-in.service';

/** RFC 7636 section 4.1: 43-128 characters of the unreserved set. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** S256: BASE64URL(SHA256(ASCII(code_verifier))). The only method accepted. */
export const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

const invalidCode = () => new AppError('BAD_REQUEST', 'Invalid or expired authorization code.');
const invalidVerifier = () => new AppError('BAD_REQUEST', 'Invalid code verifier');

/**
 * The PKCE authorization-code exchange. The code (issued by `signIn.finish` for tenants with
 * `requirePkce`) is a one-time row: 10 minutes, single use, spent by the first exchange attempt
 * whatever its verifier. Presenting a spent code again revokes the session it produced (RFC 6749
 * section 4.1.2: a reused code should revoke the tokens issued for it).
 */
export function createPkceService({ identity }: { identity: Identity }) {

  return {
    async exchange(tenant: Tenant, authorizationCode: string, codeVerifier: string, meta: SessionMeta): Promise<SignInResult> {
      const spent = await identity.oneTime.consume({ tenantId: tenant.id, purpose: 'pkce', secret: authorizationCode });
      if (!spent) {
        // Replay of a spent code: flag it and end the session it produced. If the first exchange has not
        // stored its session yet, it sees the flag and revokes that session itself.
        const replayed = await identity.oneTime.mergeSpentMeta(tenant.id, 'pkce', authorizationCode, { replayed: true });
        if (typeof replayed?.sessionId === 'string') await identity.sessions.revoke(replayed.sessionId, 'pkce-code-replay');
        throw invalidCode();
      }
      const challenge = spent.meta.codeChallenge;
      if (!CODE_VERIFIER.test(codeVerifier) || typeof challenge !== 'string' || !safeEqual(s256(codeVerifier), challenge)) {
        throw invalidVerifier();
      }
      const user = spent.userId ? await identity.accounts.findById(tenant.id, spent.userId) : undefined;
      if (!user) throw invalidCode();
      const result = await identity.signIn.finish(user, { tenant, meta });
      if (result.kind !== 'tokens') throw new Error('PKCE exchange did not issue tokens');
      const after = await identity.oneTime.mergeMetaById(spent.id, { sessionId: result.tokens.sessionId });
      if (after?.replayed) {
        await identity.sessions.revoke(result.tokens.sessionId, 'pkce-code-replay');
        throw invalidCode();
      }
      return result;
    },
  };
}
