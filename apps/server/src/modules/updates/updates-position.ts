import type { FastifyInstance } from 'fastify';
import type { UpdatesHub } from './updates-hub';

/**
 * A list that open pages keep current from `GET /api/updates` answers this header: the update
 * stream's position read before the list was. The list shows everything up to it, so a page that
 * opens its stream later resumes after it (`Last-Event-ID`) and misses nothing in between.
 */
export const UPDATES_POSITION_HEADER = 'x-updates-position';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answer carries UPDATES_POSITION_HEADER. */
    updatesPosition?: boolean;
  }
  interface FastifyRequest {
    updatesPosition?: number;
  }
}

/** Reads the position before the route's handler (so before the list), and sends it only with a list. */
export function registerUpdatesPosition(app: FastifyInstance, hub: Pick<UpdatesHub, 'position'>): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.updatesPosition) request.updatesPosition = await hub.position();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.updatesPosition !== undefined && reply.statusCode === 200) reply.header(UPDATES_POSITION_HEADER, String(request.updatesPosition));
  });
}
