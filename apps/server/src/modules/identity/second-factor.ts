import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { bearerToken } from '../../plugins/auth';
import type { Identity } from './identity';
import type { SignInRequest, SignInResult } from './sign-in.service';
import type { FirstFactorClaims } from './tokens.service';
import type { IdentityUser } from './identity-users.repo';

export interface FirstFactorState {
  user: IdentityUser;
  claims: FirstFactorClaims;
}

const expired = () => new AppError('UNAUTHORIZED', 'Your sign-in attempt has expired. Please sign in again.');

/**
 * The pending sign-in behind `Authorization: Bearer <firstFactorToken>`, or undefined without a
 * Bearer header. The token is checked, not spent: sending an emailed code keeps it usable.
 */
export async function pendingFirstFactor(identity: Identity, request: FastifyRequest, tenantId: string): Promise<FirstFactorState | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  const claims = await identity.tokens.verifyFirstFactor(token, tenantId).catch(() => {
    throw expired();
  });
  if (!(await identity.oneTime.isLive(claims.jti))) throw expired();
  const user = await identity.accounts.findById(tenantId, claims.userId);
  if (!user) throw expired();
  return { user, claims };
}

/** The second factor is proven: spend the first-factor token (single use) and finish the sign-in. */
export async function completeSecondFactor(identity: Identity, state: FirstFactorState, req: SignInRequest): Promise<SignInResult> {
  const spent = await identity.oneTime.consumeById(state.user.tenantId, 'first-factor', state.claims.jti);
  if (!spent) throw expired();
  const codeChallenge = (spent.meta.codeChallenge as string | undefined) ?? req.codeChallenge;
  return identity.signIn.finish(state.user, { ...req, codeChallenge });
}
