import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logoutOthersResponse, selfResponse, sessionsResponse } from '@app/contracts/identity-account';
import { jwksResponse, modeResponse, okResponse, signInResponse, signInResult } from '@app/contracts/identity-responses';
import {
  changePasswordBody,
  passwordSignInBody,
  selfUpdateBody,
  signInQuery,
  signUpBody,
  tenantParams,
} from '@app/contracts/identity-api';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { authenticate, bearerToken } from '../../plugins/auth';
import { clearAuthCookies, cookieNames, setAuthCookies } from './cookies';
import type { Identity } from './identity';
import { secureCookies, sendSignIn, signInRequest, rateLimits } from './reply';
import { SECOND_FACTORS } from './sign-in.service';
import { selfView } from './self-view';
import { enabledSocialFactors } from './social/enabled-factors';

export interface IdentityRoutesOptions {
  identity: Identity;
  config: Config;
}

export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, { identity, config }) => {
  const signInLimit = rateLimits(config).signIn;
  const secure = secureCookies(config);

  /** The refresh token: the HttpOnly cookie of the request's tenant, or a Bearer header (native clients). */
  const refreshTokenOf = (request: FastifyRequest): string | undefined =>
    request.cookies[cookieNames(identity.tenants.fromHost(request.headers.host)).refresh] ?? bearerToken(request);

  app.get('/v0/tenants/:tenantId/mode', { schema: { params: tenantParams, response: { 200: modeResponse } } }, async (request) => {
    await identity.tenants.get(request.params.tenantId);
    return {
      mode: config.mode,
      authentication: {
        firstFactors: [
          { channel: 'email', strategy: 'password' },
          { channel: 'email', strategy: 'link' },
          { channel: 'email', strategy: 'verificationCode' },
          ...enabledSocialFactors(config.social),
        ],
        secondFactors: SECOND_FACTORS,
      },
    };
  });

  app.get('/v0/tenants/:tenantId/jwks.json', { schema: { params: tenantParams, response: { 200: jwksResponse } } }, async (request, reply) => {
    await identity.tenants.get(request.params.tenantId);
    reply.header('Cache-Control', 'public, max-age=300');
    return identity.keys.jwks(request.params.tenantId);
  });

  app.post(
    '/v0/tenants/:tenantId/auth/create',
    { schema: { params: tenantParams, querystring: signInQuery, body: signUpBody, response: { 201: signInResult } }, config: signInLimit },
    async (request, reply) => {
      const tenant = await identity.tenants.get(request.params.tenantId);
      const result = await identity.passwords.signUp(request.body, signInRequest(request, tenant, request.query.code_challenge));
      return sendSignIn(reply, config, result, 201);
    },
  );

  // `password/migrate` signs in accounts imported with bcrypt hashes; `basic` does too, so both share one handler.
  for (const path of ['/v0/tenants/:tenantId/auth/basic', '/v0/tenants/:tenantId/auth/password/migrate']) {
    app.post(path, { schema: { params: tenantParams, querystring: signInQuery, body: passwordSignInBody, response: { 200: signInResult } }, config: signInLimit }, async (request, reply) => {
      const tenant = await identity.tenants.get(request.params.tenantId);
      const { emailOrUsername, password } = request.body;
      const result = await identity.passwords.signIn(emailOrUsername, password, signInRequest(request, tenant, request.query.code_challenge));
      return sendSignIn(reply, config, result);
    });
  }

  app.put(
    '/v0/tenants/:tenantId/auth/basic',
    { schema: { params: tenantParams, body: changePasswordBody, response: { 200: okResponse } }, config: { ...signInLimit, bearer: true } },
    async (request) => {
      const auth = await authenticate(identity, request, request.params.tenantId);
      const user = await identity.accounts.findById(auth.tenantId, auth.userId);
      if (!user) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
      await identity.passwords.changePassword(user, auth.sessionId, request.body.existingPassword, request.body.password);
      return { message: 'OK' };
    },
  );

  // The Bearer here is the refresh token, for clients without the cookie.
  app.get('/v0/auth/refresh', { schema: { response: { 200: signInResponse } }, config: { ...rateLimits(config).refresh, bearer: 'optional' } }, async (request, reply) => {
    const token = refreshTokenOf(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
    const sessionId = await identity.sessions.sessionOfRefreshToken(token);
    const session = sessionId ? await identity.sessions.active(sessionId) : undefined;
    try {
      const tenant = await identity.tenants.get(session?.tenantId ?? identity.tenants.fromHost(request.headers.host));
      const { body, tokens } = await identity.signIn.refresh(token, signInRequest(request, tenant).meta, tenant);
      setAuthCookies(reply, tokens, secure);
      return body;
    } catch (err) {
      clearAuthCookies(reply, identity.tenants.fromHost(request.headers.host), secure);
      throw err;
    }
  });

  /**
   * A GET that ends a session, so it needs more than a cookie: an <img src> or a link
   * on another site sends cookies, but only script on our own origin can add the Bearer header (a
   * cross-site fetch with it needs a CORS preflight, which we never grant). Cookies are cleared only
   * for that caller, and a browser's cross-site request is refused outright.
   */
  app.get('/v0/auth/logout', { schema: { response: { 200: okResponse } }, config: { bearer: true } }, async (request, reply) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', 'Sign out from the app itself.');
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
    const claims = await identity.tokens.verifyAccessAllowingExpiry(token);
    await identity.sessions.revoke(claims.sessionId, 'logout');
    clearAuthCookies(reply, identity.tenants.fromHost(request.headers.host), secure);
    return { message: 'OK' };
  });

  app.post('/v0/auth/logout/others', { schema: { response: { 200: logoutOthersResponse } }, config: { bearer: true } }, async (request) => {
    const auth = await authenticate(identity, request);
    const revoked = await identity.sessions.revokeOthers(auth.userId, auth.sessionId, 'signed-out-elsewhere');
    return { message: 'OK', revoked };
  });

  app.get('/v0/self', { schema: { response: { 200: selfResponse } }, config: { bearer: true } }, async (request) => {
    const auth = await authenticate(identity, request);
    const [user, tenant] = await Promise.all([identity.accounts.findById(auth.tenantId, auth.userId), identity.tenants.get(auth.tenantId)]);
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
    return selfView(user, tenant);
  });

  app.put('/v0/self', { schema: { body: selfUpdateBody, response: { 200: selfResponse } }, config: { bearer: true } }, async (request) => {
    const auth = await authenticate(identity, request);
    const tenant = await identity.tenants.get(auth.tenantId);
    const user = await identity.accounts.updateSelf(auth, request.body);
    return selfView(user, tenant);
  });

  app.get('/v0/self/sessions', { schema: { response: { 200: sessionsResponse } }, config: { bearer: true } }, async (request) => {
    const auth = await authenticate(identity, request);
    const sessions = await identity.sessions.list(auth.userId);
    return {
      sessions: sessions.map((s) => ({
        sessionId: s.id,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        userAgent: s.userAgent,
        ip: s.ip,
        current: s.id === auth.sessionId,
      })),
    };
  });

};
