import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clip, clipChunk, clipList, createClipBody, pageQuery } from '@app/contracts/clips';
import { requireSignedIn } from '../../plugins/auth';
import type { Identity } from '../identity/identity';
import type { UsersService } from '../users/users.service';
import type { ClipsService } from './clips.service';

export interface ClipsRoutesOptions {
  identity: Identity;
  clips: ClipsService;
  users: Pick<UsersService, 'signedIn'>;
}

// Unknown ids are a 404 of the service, not a 400: the path is not a form, and ids must not be probed.
const keyParams = z.object({ key: z.string().max(100) });
const idParams = z.object({ id: z.string().max(100) });
const chunkParams = z.object({ streamId: z.string().max(100), clipId: z.string().max(20) });

/** Clips (issue 12, spec section 7). Visibility is the service's: whoever may see the source, 404 for anyone else. */
export const clipsRoutes: FastifyPluginAsyncZod<ClipsRoutesOptions> = async (app, { identity, clips, users }) => {
  requireSignedIn(app, { identity, users });

  app.post(
    '/api/user/videos/:key/clips',
    { schema: { params: keyParams, body: createClipBody, response: { 201: clip } } },
    async (request, reply) => reply.status(201).send(await clips.create(request.caller, request.params.key, request.body)),
  );

  app.get('/api/user/clips', { schema: { querystring: pageQuery, response: { 200: clipList } } }, async (request) =>
    clips.mine(request.caller, request.query),
  );

  // `:id` is the stream here and the clip in DELETE: one parameter name for one path position.
  app.get('/api/user/clips/:id', { schema: { params: idParams, response: { 200: z.array(clip) } } }, async (request) =>
    clips.ofStream(request.caller, request.params.id),
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
