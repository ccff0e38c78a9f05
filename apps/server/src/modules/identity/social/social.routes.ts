import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { AppError } from '../../../errors';
import { randomToken, safeEqual, sha256 } from '../crypto';
import type { Identity } from '../identity';
import { secureCookies } from '../reply';
import { clientConfiguration, finishAuthorization, startAuthorization } from './oauth-client';
import type { SocialProfile } from './profiles';
import type { SocialProvider, SocialProviders } from '../../../config/social-providers';
import { allowedOriginsOf, checkedOrigin, safeRedirectPath } from './redirects';
import { SOCIAL_ERRORS, SocialSignInError, type SocialErrorCode } from './social-errors';

export interface SocialRoutesOptions {
  identity: Identity;
  config: Config;
  providers: SocialProviders;
  /** Origins `?origin=` may name; default: PUBLIC_URL's origin and the tenant hosts (allowedOriginsOf). */
  allowedOrigins?: string[];
}

const TTL_SECONDS = 600;
const STATE_COOKIE_TTL_SECONDS = 600;

export const stateCookieName = (tenantId: string) => `oauth_state.${tenantId}`;
export const stateCookiePath = (tenantId: string) => `/v0/tenants/${tenantId}/auth`;

/** What the `oauth-state` one-time token remembers between login and callback. */
interface StateMeta {
  provider: string;
  codeVerifier: string;
  nonce: string | null;
  origin: string;
  redirect: string;
  /** sha256 of the browser-binding cookie value. */
  binding: string;
}

const providerParams = z.object({ tenantId: z.string(), provider: z.string() });
const loginQuery = z.object({
  origin: z.string().optional(),
  redirect: z.string().optional(),
  provider_id: z.string().optional(),
});

export const socialRoutes: FastifyPluginAsyncZod<SocialRoutesOptions> = async (app, { identity, config, providers, allowedOrigins }) => {
  const origins = allowedOrigins ?? allowedOriginsOf(config);
  const secure = secureCookies(config);
  const publicUrl = config.publicUrl.replace(/\/+$/, '');

  // Apple answers with a form POST; parse it here (encapsulated: other routes are unaffected).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  const providerOf = (name: string): SocialProvider => {
    const p = providers.get(name);
    if (!p) throw new AppError('NOT_FOUND', 'Missing provider');
    return p;
  };

  const cookieOptions = (tenantId: string, p: SocialProvider) => ({
    path: stateCookiePath(tenantId),
    httpOnly: true,
    // A form_post callback is a cross-site POST, which Lax cookies do not follow (needs https).
    ...(p.responseMode === 'form_post' ? { sameSite: 'none' as const, secure: true } : { sameSite: 'lax' as const, secure }),
  });

  app.get('/v0/tenants/:tenantId/auth/:provider/login', { schema: { params: providerParams, querystring: loginQuery } }, async (request, reply) => {
    const { tenantId } = request.params;
    await identity.tenants.get(tenantId);
    const p = providerOf(request.params.provider);
    if (p.name === 'custom' && (!request.query.provider_id || request.query.provider_id !== p.providerId)) {
      throw new AppError('BAD_REQUEST', 'Missing providerId');
    }
    const origin = checkedOrigin(request.query.origin, origins);
    if (!origin) throw new AppError('BAD_REQUEST', 'Invalid origin');
    const redirect = safeRedirectPath(request.query.redirect);

    let oauth;
    try {
      oauth = await clientConfiguration(providers, p);
    } catch (err) {
      request.log.warn({ err, provider: p.name }, 'social sign-in: provider discovery failed');
      throw new AppError('INTERNAL', 'The sign-in provider is unavailable. Please try again later.', 502);
    }
    const { url, checks } = await startAuthorization(oauth, p, providers.publicUrl + p.callbackPath(tenantId));
    const binding = randomToken(32);
    const meta: StateMeta = {
      provider: p.name,
      codeVerifier: checks.codeVerifier,
      nonce: checks.nonce ?? null,
      origin,
      redirect,
      binding: sha256(binding),
    };
    await identity.oneTime.issue({ tenantId, purpose: 'oauth-state', secret: checks.state, ttlSeconds: TTL_SECONDS, meta: { ...meta } });
    reply.setCookie(stateCookieName(tenantId), binding, { ...cookieOptions(tenantId, p), maxAge: STATE_COOKIE_TTL_SECONDS });
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(url.href, 302);
  });

  const callback = async (request: FastifyRequest<{ Params: z.infer<typeof providerParams> }>, reply: FastifyReply) => {
    const { tenantId } = request.params;
    await identity.tenants.get(tenantId);
    const p = providerOf(request.params.provider);
    const input = stringParams(request.method === 'POST' ? request.body : request.query);
    const cookie = request.cookies[stateCookieName(tenantId)];
    reply.clearCookie(stateCookieName(tenantId), cookieOptions(tenantId, p));
    reply.header('Cache-Control', 'no-store');

    const fail = (code: SocialErrorCode, base = publicUrl) => {
      const url = new URL(`${base}/login`);
      url.searchParams.set('error', code);
      url.searchParams.set('message', SOCIAL_ERRORS[code]);
      return reply.redirect(url.href, 302);
    };

    // The state is spent first, so whatever happens next it can never be used again.
    const row = input.state ? await identity.oneTime.consume({ tenantId, purpose: 'oauth-state', secret: input.state }) : undefined;
    const meta = row?.meta as StateMeta | undefined;
    // Bound to this browser: the cookie set by our login redirect must hash to what the state remembers.
    if (!row || !meta || meta.provider !== p.name || !cookie || !safeEqual(sha256(cookie), meta.binding)) {
      return fail('invalid_state');
    }
    if (input.error) return fail(input.error === 'access_denied' ? 'access_denied' : 'provider_error', meta.origin);

    let profile: SocialProfile;
    try {
      const oauth = await clientConfiguration(providers, p);
      const currentUrl = new URL(providers.publicUrl + p.callbackPath(tenantId));
      for (const [k, v] of Object.entries(input)) if (k !== 'user') currentUrl.searchParams.set(k, v);
      profile = await finishAuthorization(
        oauth,
        p,
        currentUrl,
        { state: input.state!, codeVerifier: meta.codeVerifier, nonce: meta.nonce ?? undefined },
        { appleUser: p.name === 'apple' ? parseJson(input.user) : undefined },
      );
    } catch (err) {
      request.log.warn({ err, provider: p.name }, 'social sign-in: code exchange failed');
      return fail('provider_error', meta.origin);
    }

    try {
      const user = await identity.accounts.findOrCreateFromSocial(tenantId, profile);
      const link = await identity.oneTime.issue({ tenantId, purpose: 'link', userId: user.id, ttlSeconds: TTL_SECONDS, meta: { channel: 'social', provider: p.name } });
      const target = new URL(`${meta.origin}/login`);
      target.searchParams.set('token', link.secret);
      target.searchParams.set('uuid', user.uuid);
      target.searchParams.set('redirect', meta.redirect);
      return reply.redirect(target.href, 302);
    } catch (err) {
      if (err instanceof SocialSignInError) return fail(err.code, meta.origin);
      request.log.error({ err, provider: p.name }, 'social sign-in: account lookup failed');
      return fail('provider_error', meta.origin);
    }
  };

  app.get('/v0/tenants/:tenantId/auth/:provider/callback', { schema: { params: providerParams } }, callback);
  app.post('/v0/tenants/:tenantId/auth/:provider/callback', { schema: { params: providerParams } }, callback);
};

function stringParams(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (source && typeof source === 'object') {
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

function parseJson(value: string | undefined): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
