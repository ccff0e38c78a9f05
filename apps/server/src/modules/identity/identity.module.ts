import type { FastifyInstance } from 'fastify';
import type { ModuleBase } from '../../module-base';
import { identityRoutes } from './identity.routes';
import { passwordlessRoutes } from './passwordless.routes';
import { socialRoutes } from './social/social.routes';
import { identityMfaRoutes } from './totp.routes';

/**
 * The identity API (`/v0/...`: sign-up, sign-in, tokens, sessions, second factors, links and codes,
 * social sign-in). Identity itself is the runtime's (the app and the workers share it).
 */
export async function registerIdentity(app: FastifyInstance, { config, runtime }: ModuleBase): Promise<void> {
  const { identity, db } = runtime;
  await app.register(identityRoutes, { config, identity });
  await app.register(identityMfaRoutes, { config, identity, db });
  await app.register(passwordlessRoutes, { config, identity, mail: runtime.mail, db, outbound: runtime.outbound });
  await app.register(socialRoutes, { config, identity, providers: config.social });
}
