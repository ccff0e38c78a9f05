import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../errors';
import { authenticateCallerToken } from '../../plugins/auth';
import { CLOSE, MAX_MESSAGE_BYTES, type BrowserPublisher } from './browser-publish.service';
import type { EventsService } from './events.service';

export interface BrowserPublishRoutesOptions {
  events: Pick<EventsService, 'publishTarget'>;
  publisher: BrowserPublisher;
}

/** What may arrive while the caller is being checked (the WebM header and a few chunks). */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

const closeCodeOf = (err: unknown): number => {
  if (!(err instanceof AppError)) return CLOSE.serverError;
  if (err.statusCode === 401) return CLOSE.unauthorized;
  if (err.statusCode === 403) return CLOSE.forbidden;
  if (err.statusCode === 404) return CLOSE.notFound;
  return CLOSE.serverError;
};

// A close reason is at most 123 bytes of UTF-8.
const reasonOf = (err: unknown) => (err instanceof AppError ? err.message : 'The live stream could not start.').slice(0, 120);

/**
 * `GET /api/live/{key}/publish` as a WebSocket ("Go live from this phone", docs/product.md#go-live-from-a-phone): the event's owner
 * streams MediaRecorder chunks as binary messages. The access token comes as `?access_token=` (browsers
 * cannot set headers on a WebSocket); every refusal is a close code with a reason the page can show.
 */
export const browserPublishRoutes: FastifyPluginAsync<BrowserPublishRoutesOptions> = async (app, { events, publisher }) => {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.addHook('onClose', async () => publisher.close());

  app.get<{ Params: { key: string }; Querystring: { access_token?: string } }>('/api/live/:key/publish', { websocket: true }, (socket, request) => {
    // Messages are not replayed: keep what comes in while the caller is checked.
    const pending: Buffer[] = [];
    let pendingBytes = 0;
    const hold = (data: Buffer, isBinary: boolean) => {
      if (!isBinary) return;
      pendingBytes += data.length;
      if (pendingBytes > MAX_PENDING_BYTES) socket.close(CLOSE.tooBig, 'Wait for the server to be ready before sending video.');
      else pending.push(data);
    };
    socket.on('message', hold);
    void admit(socket, request.params.key, request.query.access_token);

    async function admit(ws: WebSocket, key: string, token: string | undefined) {
      try {
        const caller = await authenticateCallerToken(request, token);
        const target = await events.publishTarget(caller, key);
        ws.off('message', hold);
        // From here to `start` nothing awaits, so two sockets cannot both pass the busy check.
        if (ws.readyState !== ws.OPEN) return;
        if (!publisher.available()) ws.close(CLOSE.noIngest, 'This server does not take live streams.');
        else if (publisher.busy(target.eventId)) ws.close(CLOSE.busy, 'This event is already being streamed from another device.');
        else publisher.start(ws, target, pending);
      } catch (err) {
        if (!(err instanceof AppError)) request.log.error({ err }, 'browser publish refused');
        ws.close(closeCodeOf(err), reasonOf(err));
      }
    }
  });
};
