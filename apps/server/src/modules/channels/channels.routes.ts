import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelComment, channelComments, postChannelCommentBody, sharedReelMessage, shareReelBody } from '@app/contracts/clips';
import { requireSignedIn } from '../../plugins/auth';
import type { Identity } from '../identity/identity';
import type { UsersService } from '../users/users.service';
import type { ChannelsService } from './channels.service';

export interface ChannelsRoutesOptions {
  identity: Identity;
  channels: ChannelsService;
  users: Pick<UsersService, 'signedIn'>;
}

// Unknown owners, channels and clips are a 404 of the service, not a 400: the path is not a form.
const segment = z.string().trim().min(1).max(100);
const channelParams = z.object({ owner: segment, channel: segment });
const clipParams = channelParams.extend({ clipId: segment });

/** Channel messages: comments on a clip, and a reel shared into the team channel. */
export const channelsRoutes: FastifyPluginAsyncZod<ChannelsRoutesOptions> = async (app, { identity, channels, users }) => {
  requireSignedIn(app, { identity, users });

  app.get('/api/channel/:owner/:channel/:clipId', { schema: { params: clipParams, response: { 200: channelComments } } }, async (request) => {
    const { owner, channel, clipId } = request.params;
    return channels.comments(request.caller, owner, channel, clipId);
  });

  app.post(
    '/api/channel/:owner/:channel/:clipId',
    { schema: { params: clipParams, body: postChannelCommentBody, response: { 201: channelComment } } },
    async (request, reply) => {
      const { owner, channel, clipId } = request.params;
      return reply.status(201).send(await channels.comment(request.caller, owner, channel, clipId, request.body.message));
    },
  );

  app.post(
    '/api/channel/:owner/:channel',
    { schema: { params: channelParams, body: shareReelBody, response: { 201: sharedReelMessage } } },
    async (request, reply) => reply.status(201).send(await channels.shareReel(request.caller, request.params.owner, request.params.channel, request.body)),
  );
};
