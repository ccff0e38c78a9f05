import type { FastifyInstance } from 'fastify';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import { devOutboxRoutes } from './dev-outbox.routes';

/**
 * The mail module's routes: sign-in links and codes written to DATA_DIR/outbox are readable while
 * developing, never in production. Sending is the runtime's (`runtime.mail`, shared with the workers).
 */
export async function registerMail(app: FastifyInstance, { config, runtime }: ModuleBase): Promise<void> {
  if (config.env !== 'production' && runtime.mail.outbox) await app.register(taggedRoutes('mail', devOutboxRoutes), { outbox: runtime.mail.outbox });
}
