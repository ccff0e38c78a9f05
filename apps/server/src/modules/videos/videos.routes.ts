import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteVideoResponse, markHighlightBody, postVideoCommentBody, updateVideoBody, video, videoComment, videoComments, videoList, videoListQuery } from '@app/contracts/videos';
import { requireSignedIn } from '../../plugins/auth';
import { replySerialized } from '../../plugins/serialized-reply';
import type { VideosService } from './videos.service';

export interface VideosRoutesOptions {
  videos: VideosService;
  /** Test videos one client IP may create per hour (the service also limits each user). */
  testVideosPerIpHour?: number;
}

// Unknown keys are a 404 of the service, not a 400: the path is not a form, and keys must not be probed.
const keyParams = z.object({ key: z.string().max(100) });

/** The video library. Visibility is the service's: owner and teammates, 404 for anyone else. */
export const videosRoutes: FastifyPluginAsyncZod<VideosRoutesOptions> = async (app, { videos, testVideosPerIpHour = 20 }) => {
  requireSignedIn(app);

  // The two reads answer JSON the service may have kept (library-cache.ts).
  app.get('/api/user/videos', { schema: { querystring: videoListQuery, response: { 200: videoList } } }, async (request, reply) =>
    replySerialized(reply, (serialize) => videos.listJson(request.caller, request.query, serialize)),
  );

  app.get('/api/user/videos/:key', { schema: { params: keyParams, response: { 200: video } } }, async (request, reply) =>
    replySerialized(reply, (serialize) => videos.getJson(request.caller, request.params.key, serialize)),
  );

  app.put(
    '/api/user/videos/:key',
    { schema: { params: keyParams, body: updateVideoBody, response: { 200: video } } },
    async (request) => videos.update(request.caller, request.params.key, request.body),
  );

  app.post(
    '/api/user/videos/:key/highlights',
    { schema: { params: keyParams, body: markHighlightBody, response: { 201: video } } },
    async (request, reply) => reply.status(201).send(await videos.markHighlight(request.caller, request.params.key, request.body.at)),
  );

  app.delete(
    '/api/user/videos/:key/highlights/:id',
    { schema: { params: keyParams.extend({ id: z.string().max(100) }), response: { 200: video } } },
    async (request) => videos.removeHighlight(request.caller, request.params.key, request.params.id),
  );

  app.delete('/api/user/videos/:key', { schema: { params: keyParams, response: { 204: deleteVideoResponse } } }, async (request, reply) => {
    await videos.remove(request.caller, request.params.key);
    return reply.status(204).send(null);
  });

  app.get('/api/user/videos/:key/messages', { schema: { params: keyParams, response: { 200: videoComments } } }, async (request) =>
    videos.comments(request.caller, request.params.key),
  );

  app.post(
    '/api/user/videos/:key/messages',
    { schema: { params: keyParams, body: postVideoCommentBody, response: { 201: videoComment } } },
    async (request, reply) => reply.status(201).send(await videos.postComment(request.caller, request.params.key, request.body.message)),
  );

  // `POST /api/user/testvideo` takes an empty body. Clients differ in whether they still send
  // `Content-Type: application/json`; an empty body is accepted either way (in this scope only).
  await app.register(async (scope) => {
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
      body === '' ? done(null, undefined) : json(request, body as string, done),
    );
    // Each test video is a full transcode: limited per IP here and per user in the service.
    scope.post(
      '/api/user/testvideo',
      { schema: { response: { 201: video } }, config: { rateLimit: { max: testVideosPerIpHour, timeWindow: '1 hour' } } },
      async (request, reply) => reply.status(201).send(await videos.createTestVideo(request.caller)),
    );
  });
};
