import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createEventBody, createEventResponse, eventSearchQuery, ingestKeyResponse, liveEvent, liveStreamList } from '@app/contracts/live';
import { requireSignedIn } from '../../plugins/auth';
import type { EventsService } from './events.service';

export interface EventsRoutesOptions {
  events: EventsService;
  /** New ingest keys one client IP may ask for per minute. */
  ingestRotationsPerMinute?: number;
}

// Unknown keys and sports are a 404 of the service, not a 400: the path is not a form.
const keyParams = z.object({ key: z.string().max(100) });
const sportParams = z.object({ code: z.string().max(20) });
const pageQuery = eventSearchQuery.pick({ limit: true, timestamp: true });

/** Live events: creation, ingest keys, the lists and the event page's data. */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, { events, ingestRotationsPerMinute = 10 }) => {
  requireSignedIn(app);

  app.post('/api/events', { schema: { body: createEventBody, response: { 201: createEventResponse } } }, async (request, reply) =>
    reply.status(201).send(await events.create(request.caller, request.body)),
  );

  app.get('/api/events/:key/ingest', { schema: { params: keyParams, response: { 200: ingestKeyResponse } } }, async (request) =>
    events.ingestKey(request.caller, request.params.key),
  );

  // A new key revokes the encoder's: limited like other account-changing calls, per client IP.
  app.post(
    '/api/events/:key/ingest',
    { schema: { params: keyParams, response: { 200: ingestKeyResponse } }, config: { rateLimit: { max: ingestRotationsPerMinute, timeWindow: '1 minute' } } },
    async (request) => events.rotateIngestKey(request.caller, request.params.key),
  );

  app.get('/api/events', { schema: { querystring: eventSearchQuery, response: { 200: liveStreamList } } }, async (request) =>
    events.search(request.caller, request.query),
  );

  app.get('/api/sports/:code/events', { schema: { params: sportParams, querystring: eventSearchQuery, response: { 200: liveStreamList } } }, async (request) =>
    events.ofSport(request.caller, request.params.code, request.query),
  );

  app.get('/api/team/live', { schema: { response: { 200: liveStreamList } } }, async (request) => events.live(request.caller));

  app.get('/api/team/upcoming', { schema: { querystring: pageQuery, response: { 200: liveStreamList } } }, async (request) =>
    events.upcoming(request.caller, request.query),
  );

  app.get('/api/team/archives', { schema: { querystring: pageQuery, response: { 200: liveStreamList } } }, async (request) =>
    events.archives(request.caller, request.query),
  );

  app.get('/api/live/:key', { schema: { params: keyParams, response: { 200: liveEvent } } }, async (request) =>
    events.get(request.caller, request.params.key),
  );
};
