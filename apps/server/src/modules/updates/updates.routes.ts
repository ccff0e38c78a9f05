import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateCallerToken, bearerToken } from '../../plugins/auth';
import { AppError } from '../../errors';
import { createStreamSlots, openEventStream, type EventStream } from '../../plugins/event-stream';
import { UPDATES_POSITION_HEADER } from './updates-position';
import type { UpdatesService, UpdatesSubscription } from './updates.service';

export interface UpdatesRoutesOptions {
  updates: UpdatesService;
  /** Called once the app has ended every open stream (the hub's close). */
  onClose: () => void;
}

/**
 * Open streams one user may hold on one node: a phone, a laptop and a few tabs (the web app shares one
 * stream among a browser's tabs). Each holds a connection and a subscription, so more is a leak or an attack.
 */
export const MAX_STREAMS_PER_USER = 10;
const TOO_MANY_STREAMS = 'You have too many live update streams open. Close a tab or try again in a minute.';
const TOO_MANY_RETRY_AFTER_SEC = '60';

const eventId = z.string().regex(/^\d{1,15}$/, 'must be the id of an event of this stream');
// Clients that cannot set headers (EventSource) pass the access token and the last event id in the query.
const streamQuery = z.object({ access_token: z.string().max(4000).optional(), lastEventId: eventId.optional() });
const streamHeaders = z.object({ 'last-event-id': eventId.optional() });

/**
 * `GET /api/updates`: the signed-in user's team updates as server-sent events (board posts, replies,
 * comments, activity, notifications, unread counts, deletions). Each event's `id` is the update's id;
 * `Last-Event-ID` resumes after it, or gets `resync` when that is older than what is kept. The stream
 * ends when the access token expires: the client reconnects with a fresh one and its last event id.
 */
export const updatesRoutes: FastifyPluginAsyncZod<UpdatesRoutesOptions> = async (app, { updates, onClose }) => {
  const open = new Set<EventStream>();
  const slots = createStreamSlots(MAX_STREAMS_PER_USER);
  // Open streams would hold the server's close forever.
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.end();
    onClose();
  });

  app.get('/api/updates', { schema: { querystring: streamQuery, headers: streamHeaders }, config: { bearer: true }, compress: false }, async (request, reply) => {
    const caller = await authenticateCallerToken(request, bearerToken(request) ?? request.query.access_token);
    // Taken before the next await; given back exactly once, when the stream ends or fails to open.
    const release = slots.take(`${caller.tenantId}:${caller.identityUserId}`);
    if (!release) {
      reply.header('retry-after', TOO_MANY_RETRY_AFTER_SEC);
      throw new AppError('RATE_LIMITED', TOO_MANY_STREAMS);
    }
    let subscription: UpdatesSubscription | undefined;
    let stream: EventStream;
    try {
      const last = request.headers['last-event-id'] ?? request.query.lastEventId;
      subscription = await updates.subscribe(caller, last === undefined ? null : Number(last));
      reply.header(UPDATES_POSITION_HEADER, String(subscription.position));
      stream = openEventStream(reply);
    } catch (err) {
      subscription?.close();
      release();
      throw err;
    }
    open.add(stream);
    const expiry = setTimeout(() => stream.end(), Math.max(0, caller.claims.exp * 1000 - Date.now()));
    stream.onEnd(() => {
      clearTimeout(expiry);
      subscription.close();
      open.delete(stream);
      release();
    });
    subscription.start(stream.write);
  });
};
