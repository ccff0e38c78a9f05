import type { FastifyInstance, onRequestHookHandler, onSendHookHandler } from 'fastify';
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

/**
 * Gives each route that asks for it (declared after this) hooks that read the position before the
 * route's handler (so before the list) and send it only with a list; other routes get no hook at all.
 */
export function registerUpdatesPosition(app: FastifyInstance, hub: Pick<UpdatesHub, 'position'>): void {
  const read: onRequestHookHandler = async (request) => {
    request.updatesPosition = await hub.position();
  };
  const send: onSendHookHandler = async (request, reply) => {
    if (request.updatesPosition !== undefined && reply.statusCode === 200) reply.header(UPDATES_POSITION_HEADER, String(request.updatesPosition));
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.updatesPosition) return;
    route.onRequest = [read, ...[route.onRequest ?? []].flat()];
    route.onSend = [send, ...[route.onSend ?? []].flat()];
  });
}
