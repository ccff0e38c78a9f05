import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clip, clipChunk, clipList, createClipBody, pageQuery } from '@app/contracts/clips';
import { createLiveClipBody } from '@app/contracts/live';
import { requireSignedIn } from '../../plugins/auth';
import type { LiveClipsService } from './live-clips.service';
import { isUuid } from '../../uuid';
import type { ClipsService } from './clips.service';

export interface ClipsRoutesOptions {
  clips: ClipsService;
  liveClips: Pick<LiveClipsService, 'create'>;
}

// Unknown ids are a 404 of the service, not a 400: the path is not a form, and ids must not be probed.
const keyParams = z.object({ key: z.string().max(100) });
const idParams = z.object({ id: z.string().max(100) });
const chunkParams = z.object({ streamId: z.string().max(100), clipId: z.string().max(20) });

/** Clips. Visibility is the service's: whoever may see the source, 404 for anyone else. */
export const clipsRoutes: FastifyPluginAsyncZod<ClipsRoutesOptions> = async (app, { clips, liveClips }) => {
  requireSignedIn(app);

  app.post(
    '/api/user/videos/:key/clips',
    { schema: { params: keyParams, body: createClipBody, response: { 201: clip } } },
    async (request, reply) => reply.status(201).send(await clips.create(request.caller, request.params.key, request.body)),
  );

  app.get('/api/user/clips', { schema: { querystring: pageQuery, response: { 200: clipList } } }, async (request) =>
    clips.mine(request.caller, request.query),
  );

  app.get('/api/team/clips', { schema: { querystring: pageQuery, response: { 200: clipList } } }, async (request) =>
    clips.ofTeam(request.caller, request.query),
  );

  // `:id` is the stream here and the clip in DELETE: one parameter name for one path position. A video
  // (a uuid) answers all its clips; a live event (its key) answers them in pages, as a game gathers many.
  app.get(
    '/api/user/clips/:id',
    { schema: { params: idParams, querystring: pageQuery, response: { 200: z.union([z.array(clip), clipList]) } } },
    async (request) =>
      isUuid(request.params.id) ? clips.ofStream(request.caller, request.params.id) : clips.ofLiveEvent(request.caller, request.params.id, request.query),
  );

  // A clip of a live event's last seconds: `timestamp` is the wall clock of the moment.
  app.post('/api/user/clips/:id', { schema: { params: idParams, body: createLiveClipBody, response: { 201: clip } } }, async (request, reply) =>
    reply.status(201).send(await liveClips.create(request.caller, request.params.id, request.body)),
  );

  app.get('/api/user/clips/:streamId/:clipId/chunk', { schema: { params: chunkParams, response: { 200: clipChunk } } }, async (request) =>
    clips.chunk(request.caller, request.params.streamId, request.params.clipId),
  );

  app.post('/api/user/clips/:id/save', { schema: { params: idParams } }, async (request, reply) => {
    await clips.save(request.caller, request.params.id);
    return reply.status(204).send();
  });

  app.delete('/api/user/clips/:id/save', { schema: { params: idParams } }, async (request, reply) => {
    await clips.unsave(request.caller, request.params.id);
    return reply.status(204).send();
  });

  app.delete('/api/user/clips/:id', { schema: { params: idParams } }, async (request, reply) => {
    await clips.remove(request.caller, request.params.id);
    return reply.status(204).send();
  });
};
