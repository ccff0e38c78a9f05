import { decodeProtectedHeader } from 'jose';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { totpEnrolmentResponse } from '@app/contracts/identity-account';
import { okResponse, signInResult, totpEnabledResponse } from '@app/contracts/identity-responses';
import { signInQuery, tenantParams } from '@app/contracts/identity-api';
import { totpDisableBody, totpSignInBody } from '@app/contracts/identity-mfa';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { authenticate, bearerToken } from '../../plugins/auth';
import type { Identity } from './identity';
import { sendSignIn, signInRequest, rateLimits } from './reply';
import { completeSecondFactor, pendingFirstFactor } from './second-factor';
import { pkceRoutes } from './pkce.routes';
import { samlRoutes } from './saml.routes';
import { incorrectCode, type TotpService } from './totp.service';

export interface MfaRoutesOptions {
  identity: Identity;
  config: Config;
  /** Built by the module's register function. */
  totp: TotpService;
}

const FIRST_FACTOR_TYP = 'ff+jwt';

/** Only routes the request; each path then verifies the token fully (signature, typ, expiry). */
function looksLikeFirstFactorToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ === FIRST_FACTOR_TYP;
  } catch {
    return false;
  }
}

export const totpRoutes: FastifyPluginAsyncZod<MfaRoutesOptions> = async (app, { identity, config, totp }) => {
  const signInLimit = rateLimits(config).signIn;

  const currentUser = async (tenantId: string, userId: number) => {
    const user = await identity.accounts.findById(tenantId, userId);
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
    return user;
  };

  /** Enrolment, step 1: a pending secret, its QR code and ten backup codes. */
  app.get('/v0/auth/totp', { schema: { response: { 200: totpEnrolmentResponse } }, config: { ...signInLimit, bearer: true } }, async (request, reply) => {
    const auth = await authenticate(identity, request);
    const user = await currentUser(auth.tenantId, auth.userId);
    reply.header('Cache-Control', 'no-store');
    return totp.beginEnrolment(user);
  });

  /**
   * Three calls share this path:
   * - Bearer first-factor token: the second factor of a sign-in;
   * - Bearer access token: confirms a pending enrolment;
   * - no Bearer: TOTP (or a backup code) as the first factor, the account named in the body.
   */
  app.post(
    '/v0/tenants/:tenantId/auth/totp',
    { schema: { params: tenantParams, querystring: signInQuery, body: totpSignInBody, response: { 200: z.union([signInResult, totpEnabledResponse]) } }, config: { ...signInLimit, bearer: 'optional' } },
    async (request, reply) => {
      const { tenantId } = request.params;
      const tenant = await identity.tenants.get(tenantId);
      const req = signInRequest(request, tenant, request.query.code_challenge);
      const token = bearerToken(request);

      if (token && looksLikeFirstFactorToken(token)) {
        const state = await pendingFirstFactor(identity, request, tenantId);
        if (!state) throw incorrectCode();
        // Two authenticator codes are one factor twice: after TOTP as the first factor, the second must differ.
        if (state.claims.firstFactor?.strategy === 'totp') throw new AppError('BAD_REQUEST', 'Use a different second factor.');
        await totp.verify(state.user, request.body);
        return sendSignIn(reply, config, await completeSecondFactor(identity, state, req));
      }

      if (token) {
        const auth = await authenticate(identity, request, tenantId);
        const user = await currentUser(auth.tenantId, auth.userId);
        await totp.confirmEnrolment(user, auth.sessionId, request.body.totpCode);
        return { message: 'OK', isMfaRequired: true };
      }

      const user = await totp.findUser(tenantId, request.body);
      if (!user) throw incorrectCode();
      await totp.verify(user, request.body);
      return sendSignIn(reply, config, await identity.signIn.afterFirstFactor(user, { strategy: 'totp', channel: 'authenticator' }, req));
    },
  );

  /** Turns MFA off; a current code or a backup code is required. */
  app.delete('/v0/auth/totp', { schema: { body: totpDisableBody, response: { 200: okResponse } }, config: { ...signInLimit, bearer: true } }, async (request) => {
    const auth = await authenticate(identity, request);
    const user = await currentUser(auth.tenantId, auth.userId);
    await totp.disable(user, request.body);
    return { message: 'OK' };
  });
};

/** TOTP, PKCE and the SAML IdP token in one registration, sharing one TOTP service. */
export const identityMfaRoutes: FastifyPluginAsyncZod<MfaRoutesOptions> = async (app, options) => {
  await app.register(totpRoutes, options);
  await app.register(pkceRoutes, options);
  await app.register(samlRoutes, options);
};
