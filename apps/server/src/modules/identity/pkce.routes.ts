import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInResult } from '@app/contracts/identity-responses';
import { tenantParams } from '@app/contracts/identity-api';
import { pkceTokenBody } from '@app/contracts/identity-mfa';
import { createPkceService } from './pkce.service';
import { sendSignIn, signInRequest, rateLimits } from './reply';
import type { Config } from '../../config';
import type { Identity } from './identity';

/** POST /v0/tenants/:tenantId/auth/token: a PKCE authorization code and its verifier for a session. */
export const pkceRoutes: FastifyPluginAsyncZod<{ identity: Identity; config: Config }> = async (app, { identity, config }) => {
  const pkce = createPkceService({ identity });
  const signInLimit = rateLimits(config).signIn;

  app.post('/v0/tenants/:tenantId/auth/token', { schema: { params: tenantParams, body: pkceTokenBody, response: { 200: signInResult } }, config: signInLimit }, async (request, reply) => {
    const tenant = await identity.tenants.get(request.params.tenantId);
    const { authorizationCode, codeVerifier } = request.body;
    const result = await pkce.exchange(tenant, authorizationCode, codeVerifier, signInRequest(request, tenant).meta);
    return sendSignIn(reply, config, result);
  });
};
