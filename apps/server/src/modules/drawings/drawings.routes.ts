import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { drawing, drawingBody, drawingList } from '@app/contracts/film';
import { requireSignedIn } from '../../plugins/auth';
import type { DrawingsService } from './drawings.service';

export interface DrawingsRoutesOptions {
  drawings: DrawingsService;
}

/**
 * A drawing's body at most: the contract's bounds (200 shapes, 2,000 points a stroke) allow far more than
 * anyone draws on one frame; this holds some 50,000 points written at full precision.
 */
export const DRAWING_BODY_LIMIT = 2 * 1024 * 1024;

// Unknown keys and ids are a 404 of the service, not a 400: the path is not a form, and ids must not be probed.
const keyParams = z.object({ key: z.string().max(100) });
const idParams = z.object({ id: z.string().max(100) });

/** Drawings on a video's frames (telestration). Who may read, draw and change is the service's. */
export const drawingsRoutes: FastifyPluginAsyncZod<DrawingsRoutesOptions> = async (app, { drawings }) => {
  requireSignedIn(app);

  app.get('/api/user/videos/:key/drawings', { schema: { params: keyParams, response: { 200: drawingList } } }, async (request) =>
    drawings.list(request.caller, request.params.key),
  );

  app.post(
    '/api/user/videos/:key/drawings',
    { bodyLimit: DRAWING_BODY_LIMIT, schema: { params: keyParams, body: drawingBody, response: { 201: drawing } } },
    async (request, reply) => reply.status(201).send(await drawings.create(request.caller, request.params.key, request.body)),
  );

  app.put(
    '/api/user/drawings/:id',
    { bodyLimit: DRAWING_BODY_LIMIT, schema: { params: idParams, body: drawingBody, response: { 200: drawing } } },
    async (request) => drawings.update(request.caller, request.params.id, request.body),
  );

  app.delete('/api/user/drawings/:id', { schema: { params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await drawings.remove(request.caller, request.params.id);
    return reply.status(204).send(null);
  });
};
