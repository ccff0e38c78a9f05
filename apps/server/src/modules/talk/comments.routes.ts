import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelComment, channelComments, postChannelCommentBody } from '@app/contracts/clips';
import { requireSignedIn } from '../../plugins/auth';
import type { CommentsService } from './comments.service';

export interface CommentsRoutesOptions {
  comments: CommentsService;
}

// Unknown owners, channels and clips are a 404 of the service, not a 400: the path is not a form.
const segment = z.string().trim().min(1).max(100);
export const channelParams = z.object({ owner: segment, channel: segment });
const clipParams = channelParams.extend({ clipId: segment });

/** Comments on a clip in a team channel. */
export const commentsRoutes: FastifyPluginAsyncZod<CommentsRoutesOptions> = async (app, { comments }) => {
  requireSignedIn(app);

  app.get('/api/channel/:owner/:channel/:clipId', { schema: { params: clipParams, response: { 200: channelComments } } }, async (request) => {
    const { owner, channel, clipId } = request.params;
    return comments.comments(request.caller, owner, channel, clipId);
  });

  app.post(
    '/api/channel/:owner/:channel/:clipId',
    { schema: { params: clipParams, body: postChannelCommentBody, response: { 201: channelComment } } },
    async (request, reply) => {
      const { owner, channel, clipId } = request.params;
      return reply.status(201).send(await comments.comment(request.caller, owner, channel, clipId, request.body.message));
    },
  );
};
