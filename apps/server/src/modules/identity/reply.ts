import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { MAIL_GROUP } from '../../plugins/rate-limit-store';
import type { Tenant } from '../tenants/tenants.service';
import { setAuthCookies } from './cookies';
import type { SignInRequest, SignInResult } from './sign-in.service';

/** Secure cookies in live mode only, so plain-http development works. */
export const secureCookies = (config: Pick<Config, 'mode'>) => config.mode === 'live';

export function signInRequest(request: FastifyRequest, tenant: Tenant, codeChallenge?: string): SignInRequest {
  return { tenant, codeChallenge, meta: { userAgent: request.headers['user-agent'], ip: request.ip } };
}

/** Tokens also go out as cookies; MFA challenges and PKCE codes never set any. */
export function sendSignIn(reply: FastifyReply, config: Pick<Config, 'mode'>, result: SignInResult, status = 200) {
  if (result.kind !== 'tokens') return reply.status(200).send(result.body);
  setAuthCookies(reply, result.tokens, secureCookies(config));
  return reply.status(status).send(result.body);
}

/** Per-IP limits of the identity routes (shared by all nodes through PostgreSQL). A route holds one rateLimit object. */
export const rateLimits = (config: Pick<Config, 'identity'>) => ({
  signIn: { rateLimit: { max: config.identity.authRateLimit, timeWindow: '1 minute' } },
  // Every open tab refreshes every 15 minutes; many people may share one IP (a team on gym Wi-Fi).
  refresh: { rateLimit: { max: config.identity.authRateLimit * 6, timeWindow: '1 minute' } },
  // Routes that send mail or SMS share one count per IP with every other mail we send (team invites too).
  sending: { rateLimit: { max: config.identity.mailRateLimit, timeWindow: '15 minutes', groupId: MAIL_GROUP } },
});
