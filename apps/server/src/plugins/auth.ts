import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims, Caller } from '../caller';
import { AppError } from '../errors';

/** What the plugin asks of identity (its `Identity` provides it): verify a token, find its session, name the host's tenant. */
export interface TokenAuth {
  tokens: { verifyAccess(token: string, tenantId?: string): Promise<AccessClaims> };
  sessions: { active(sessionId: string): Promise<{ userId: number } | undefined> };
  tenants: { fromHost(host: string | undefined): string };
}

/** What signs a product API caller in: identity verifies the token, users reads session and product user in one go. */
export interface CallerAuth {
  identity: Pick<TokenAuth, 'tokens' | 'tenants'>;
  users: { signedIn(tenantId: string, identityUserId: number, sessionId: string): Promise<Caller | undefined> };
}

/** The signed-in caller of a product API request: the verified token, and who that is in the host's tenant. */
export type SignedInCaller = AuthUser & Caller;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one signed-in context (`registerSignedInContext`): who signs product API callers in. */
    callerAuth: CallerAuth;
  }
  interface FastifyRequest {
    /** Set by `requireSignedIn` before the handler; only on routes of such a scope that are not public. */
    caller: SignedInCaller;
  }
  interface FastifyContextConfig {
    /** In a `requireSignedIn` scope: this route answers without sign-in. */
    public?: boolean;
    /**
     * For the API document: the route takes `Authorization: Bearer`, always (`true`) or when the caller has
     * one (`'optional'`). Set by `requireSignedIn` on its scope's routes; routes that check the token in
     * their handler say so themselves.
     */
    bearer?: true | 'optional';
  }
}

export interface AuthUser {
  userId: number;
  userUuid: string;
  tenantId: string;
  sessionId: string;
  roles: string[];
  claims: AccessClaims;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError('UNAUTHORIZED', 'The Authorization header must be "Bearer <token>".');
  return match[1];
}

/**
 * Verifies the Bearer access token and that its session is still alive (logout, password change and
 * refresh-token reuse end sessions at once, not when the 15-minute token expires). `tenantId` pins
 * the tenant (product API: the tenant of the Host); without it the token's own tenant is used.
 */
export async function authenticate(identity: TokenAuth, request: FastifyRequest, tenantId?: string): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  const claims = await identity.tokens.verifyAccess(token, tenantId);
  const session = await identity.sessions.active(claims.sessionId);
  if (!session || session.userId !== claims.userId) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
  return authUserOf(claims);
}

function authUserOf(claims: AccessClaims): AuthUser {
  return {
    userId: claims.userId,
    userUuid: claims.userUuid,
    tenantId: claims.tenantId,
    sessionId: claims.sessionId,
    roles: claims.authorization?.[claims.tenantId]?.roles ?? [],
    claims,
  };
}

/**
 * Sets up the app's one signed-in context, once at the root (app.ts): every scope's `requireSignedIn`,
 * `authenticateCaller` and `authenticateCallerToken` sign callers in with it, so route plugins need not
 * be handed identity and users to authenticate.
 */
export function registerSignedInContext(app: FastifyInstance, auth: CallerAuth): void {
  app.decorate('callerAuth', auth);
  app.decorateRequest('caller', null as unknown as SignedInCaller);
}

/** The signed-in context of the request's app, with `override`'s parts in its place (a scope reading more with the caller). */
function callerAuthOf(request: FastifyRequest, override: Partial<CallerAuth>): CallerAuth {
  const auth = request.server.callerAuth as CallerAuth | undefined;
  if (!auth && !(override.identity && override.users)) throw new Error('No signed-in context: call registerSignedInContext(app, { identity, users }) at the root first.');
  return { ...auth, ...override } as CallerAuth;
}

/** The tenant of the request's Host (each tenant is reached at its own host name), as the signed-in context names it. */
export const hostTenant = (request: FastifyRequest): string => callerAuthOf(request, {}).identity.tenants.fromHost(request.headers.host);

/**
 * The product API caller of a request (401 without a valid token of the host's tenant and a live
 * session): the token verified in process, then the session's liveness and the caller's product user
 * (null before registration) in one round trip (`users.signedIn`), so services need not look the
 * user up again. Nothing is cached: an ended session is refused on the next request.
 */
export async function authenticateCaller(request: FastifyRequest): Promise<SignedInCaller> {
  return authenticateCallerToken(request, bearerToken(request));
}

/**
 * `authenticateCaller` for an access token that does not come in the Authorization header: a browser
 * cannot set headers on a WebSocket, so those pass it as `?access_token=`.
 */
export async function authenticateCallerToken(request: FastifyRequest, token: string | undefined, override: Partial<CallerAuth> = {}): Promise<SignedInCaller> {
  if (!token) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  const { identity, users } = callerAuthOf(request, override);
  const claims = await identity.tokens.verifyAccess(token, identity.tenants.fromHost(request.headers.host));
  const caller = await users.signedIn(claims.tenantId, claims.userId, claims.sessionId);
  if (!caller) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
  return {
    ...authUserOf(claims),
    identityUserId: claims.userId,
    user: caller.user ?? null,
    ...(caller.images && { images: caller.images }),
  };
}

/**
 * Every route of `app` (a routes plugin, encapsulated) needs a signed-in caller, except those with
 * `config: { public: true }`: authenticated once with the app's signed-in context, as a preHandler
 * (after the schema validation, so a bad body is still a 400 before a 401), and handed to the handler
 * as `request.caller`. `override` replaces parts of the context for this scope (`GET /api/user/me`
 * reads the ready images with the sign-in).
 */
export function requireSignedIn(app: FastifyInstance, override: Partial<CallerAuth> = {}): void {
  if (!app.hasRequestDecorator('caller')) app.decorateRequest('caller', null as unknown as SignedInCaller);
  app.addHook('onRoute', (route) => {
    if (!route.config?.public) route.config = { ...route.config, bearer: true };
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.public) return;
    request.caller = await authenticateCallerToken(request, bearerToken(request), override);
  });
}
