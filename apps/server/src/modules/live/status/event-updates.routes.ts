import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateCallerToken, bearerToken } from '../../../plugins/auth';
import type { EventsService } from '../events.service';
import { openEventStream, type EventStream } from '../../../plugins/event-stream';
import type { EventUpdates } from './event-updates';

export interface EventUpdatesRoutesOptions {
  events: Pick<EventsService, 'visibleEvent'>;
  updates: EventUpdates;
}

const keyParams = z.object({ key: z.string().max(100) });
// A browser's EventSource cannot set headers: the access token may come in the query instead.
const streamQuery = z.object({ access_token: z.string().max(4000).optional() });

/**
 * `GET /api/live/{key}/updates`: the event's status and viewer count, pushed to every open page of the
 * event as server-sent events (contract `liveEventUpdate`), for whoever may see the event (as
 * `GET /api/live/{key}`). The stream ends when the access token expires (the page reconnects with a
 * fresh one) and when the event is deleted.
 */
export const eventUpdatesRoutes: FastifyPluginAsyncZod<EventUpdatesRoutesOptions> = async (app, { events, updates }) => {
  const open = new Set<EventStream>();
  // Open streams would hold the server's close forever.
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.end();
    updates.close();
  });

  app.get('/api/live/:key/updates', { schema: { params: keyParams, querystring: streamQuery }, config: { bearer: true }, compress: false }, async (request, reply) => {
    const caller = await authenticateCallerToken(request, bearerToken(request) ?? request.query.access_token);
    const { event } = await events.visibleEvent(caller, request.params.key);
    const stream = openEventStream(reply);
    open.add(stream);
    const unwatch = updates.watch(event.id, (update) => (update ? stream.send('update', update) : stream.end()));
    const expiry = setTimeout(() => stream.end(), Math.max(0, caller.claims.exp * 1000 - Date.now()));
    stream.onEnd(() => {
      clearTimeout(expiry);
      unwatch();
      open.delete(stream);
    });
  });
};
