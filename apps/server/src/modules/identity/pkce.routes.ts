import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantParams } from '@app/contracts/identity-api';
import { pkceTokenBody } from '@app/contracts/identity-mfa';
import { createPkceService } from './pkce.service';
import { sendSignIn, signInRequest, rateLimits } from './reply';
import type { MfaRoutesOptions } from './totp.routes';

/** POST /v0/tenants/:tenantId/auth/token: a PKCE authorization code and its verifier for a session. */
export const pkceRoutes: FastifyPluginAsyncZod<MfaRoutesOptions> = async (app, { identity, config, db }) => {
  const pkce = createPkceService({ db, identity });
  const signInLimit = rateLimits(config).signIn;

  app.post('/v0/tenants/:tenantId/auth/token', { schema: { params: tenantParams, body: pkceTokenBody }, config: signInLimit }, async (request, reply) => {
    const tenant = await identity.tenants.get(request.params.tenantId);
    const { authorizationCode, codeVerifier } = request.body;
    const result = await pkce.exchange(tenant, authorizationCode, codeVerifier, signInRequest(request, tenant).meta);
    return sendSignIn(reply, config, result);
  });
};
