import type { FastifyInstance } from 'fastify';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import { createIdentityUsersRepo } from './identity-users.repo';
import { identityRoutes } from './identity.routes';
import { passwordlessRoutes } from './passwordless.routes';
import { socialRoutes } from './social/social.routes';
import { identityMfaRoutes } from './totp.routes';
import { createTotpRepo } from './totp.repo';
import { createTotpService } from './totp.service';

/**
 * The identity API (`/v0/...`: sign-up, sign-in, tokens, sessions, second factors, links and codes,
 * social sign-in). Identity itself is the runtime's (the app and the workers share it).
 */
export async function registerIdentity(app: FastifyInstance, { config, runtime }: ModuleBase): Promise<void> {
  const { identity, db } = runtime;
  const users = createIdentityUsersRepo(db);
  const totp = createTotpService({ repo: createTotpRepo(db), users, identity });
  await app.register(taggedRoutes('identity', identityRoutes), { config, identity });
  await app.register(taggedRoutes('identity', identityMfaRoutes), { config, identity, totp });
  await app.register(taggedRoutes('identity', passwordlessRoutes), { config, identity, mail: runtime.mail, users, outbound: runtime.outbound });
  await app.register(taggedRoutes('identity', socialRoutes), { config, identity, providers: config.social });
}
