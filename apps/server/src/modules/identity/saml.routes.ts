import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { samlTokenResponse } from '@app/contracts/identity-mfa';
import { authenticate } from '../../plugins/auth';
import type { Identity } from './identity';
import { createSamlTokens } from './saml.service';

export const samlRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const saml = createSamlTokens(identity);

  app.get('/v0/auth/saml/idp/token', { schema: { response: { 200: samlTokenResponse } }, config: { bearer: true } }, async (request, reply) => {
    const auth = await authenticate(identity, request);
    reply.header('Cache-Control', 'no-store');
    return { token: await saml.issue(auth.tenantId, auth.userId, auth.sessionId) };
  });
};
