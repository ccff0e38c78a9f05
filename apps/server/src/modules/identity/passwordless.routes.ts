import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSentResponse, signInResult } from '@app/contracts/identity-responses';
import { signInQuery, tenantParams } from '@app/contracts/identity-api';
import {
  codeRequestBody,
  codeVerifyBody,
  linkRequestBody,
  linkVerifyBody,
  missingAddress,
  resetBody,
  resetLinkBody,
} from '@app/contracts/identity-passwordless';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { MailRuntime } from '../mail/create-mail';
import type { Identity } from './identity';
import type { IdentityUsersRepo } from './identity-users.repo';
import { createOutbound, createPasswordlessService, type Outbound } from './passwordless.service';
import { sendSignIn, signInRequest, rateLimits } from './reply';
import { createResetService } from './reset.service';
import { pendingFirstFactor } from './second-factor';

export interface PasswordlessRoutesOptions {
  identity: Identity;
  config: Config;
  mail: Pick<MailRuntime, 'mail' | 'sms'>;
  /** The accounts (the module's `identity_users` repository). */
  users: IdentityUsersRepo;
  /** Shared delivery queue; tests pass their own to await `settled()`. */
  outbound?: Outbound;
}

/** Magic links, verification codes (first and second factor) and password reset. */
export const passwordlessRoutes: FastifyPluginAsyncZod<PasswordlessRoutesOptions> = async (app, opts) => {
  const { identity, config } = opts;
  const deps = { ...opts, log: app.log };
  const outbound = opts.outbound ?? createOutbound(deps);
  const passwordless = createPasswordlessService({ ...deps, outbound });
  const reset = createResetService({ ...deps, outbound });
  // Messages go out after the answer; let those under way finish before the app closes.
  app.addHook('onClose', async () => outbound.settled());

  const { signIn: authLimit, sending: sendingLimit } = rateLimits(config);

  app.post('/v0/tenants/:tenantId/auth/link', { schema: { params: tenantParams, body: linkRequestBody, response: { 200: messageSentResponse } }, config: sendingLimit }, async (request) => {
    const { tenantId } = request.params;
    await identity.tenants.get(tenantId);
    const submitted = await passwordless.requestLink(tenantId, request.body);
    return { message: 'OK', result: { email: request.body.email, ...submitted } };
  });

  app.put(
    '/v0/tenants/:tenantId/auth/link',
    { schema: { params: tenantParams, querystring: signInQuery, body: linkVerifyBody, response: { 200: signInResult } }, config: authLimit },
    async (request, reply) => {
      const tenant = await identity.tenants.get(request.params.tenantId);
      const req = signInRequest(request, tenant, request.query.code_challenge);
      const result = await passwordless.verifyLink(tenant.id, request.body.token, request.body.uuid, req);
      return sendSignIn(reply, config, result);
    },
  );

  // On both code routes, a Bearer first-factor token makes the code the second factor of that sign-in.
  app.post('/v0/tenants/:tenantId/auth/code', { schema: { params: tenantParams, body: codeRequestBody, response: { 200: messageSentResponse } }, config: { ...sendingLimit, bearer: 'optional' } }, async (request) => {
    const { tenantId } = request.params;
    await identity.tenants.get(tenantId);
    const pending = await pendingFirstFactor(identity, request, tenantId);
    if (pending) {
      // Second factor: the body's address is ignored; the code goes to the account's own email.
      const { email, ...submitted } = await passwordless.requestSecondFactorCode(pending);
      return { message: 'OK', result: { email, ...submitted } };
    }
    const body = request.body;
    const address = addressOf(body);
    const submitted = await passwordless.requestCode(tenantId, body.channel, address);
    return { message: 'OK', result: { ...(body.channel === 'email' ? { email: address } : { phoneNumber: address }), ...submitted } };
  });

  app.put(
    '/v0/tenants/:tenantId/auth/code',
    { schema: { params: tenantParams, querystring: signInQuery, body: codeVerifyBody, response: { 200: signInResult } }, config: { ...authLimit, bearer: 'optional' } },
    async (request, reply) => {
      const tenant = await identity.tenants.get(request.params.tenantId);
      const req = signInRequest(request, tenant, request.query.code_challenge);
      const body = request.body;
      const pending = await pendingFirstFactor(identity, request, tenant.id);
      if (pending) return sendSignIn(reply, config, await passwordless.verifySecondFactorCode(pending, body.verificationCode, req));
      const address = addressOf(body);
      return sendSignIn(reply, config, await passwordless.verifyCode(tenant.id, body.channel, address, body.verificationCode, req));
    },
  );

  app.post('/v0/tenants/:tenantId/auth/reset/link', { schema: { params: tenantParams, body: resetLinkBody, response: { 200: messageSentResponse } }, config: sendingLimit }, async (request) => {
    const { tenantId } = request.params;
    await identity.tenants.get(tenantId);
    const submitted = await reset.requestReset(tenantId, request.body.email);
    return { message: 'OK', result: { email: request.body.email, ...submitted } };
  });

  app.put(
    '/v0/tenants/:tenantId/auth/reset',
    { schema: { params: tenantParams, querystring: signInQuery, body: resetBody, response: { 200: signInResult } }, config: authLimit },
    async (request, reply) => {
      const tenant = await identity.tenants.get(request.params.tenantId);
      const req = signInRequest(request, tenant, request.query.code_challenge);
      return sendSignIn(reply, config, await reset.reset(tenant.id, request.body, req));
    },
  );
};

/** The address a first-factor code goes to or was sent to; the schema cannot require it (second factors have none). */
function addressOf(body: { channel: 'email' | 'sms'; email?: string | undefined; phoneNumber?: string | undefined }): string {
  const missing = missingAddress(body);
  if (missing) throw new AppError('VALIDATION_FAILED', missing);
  return body.channel === 'email' ? body.email! : body.phoneNumber!;
}
