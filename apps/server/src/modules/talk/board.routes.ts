import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharedReelMessage, shareReelBody } from '@app/contracts/clips';
import { boardPage, boardReply, boardThread, postBoardBody, postBoardResponse, postReplyBody, talkPageQuery } from '@app/contracts/talk';
import { requireSignedIn } from '../../plugins/auth';
import { replySerialized } from '../../plugins/serialized-reply';
import type { BoardService } from './board.service';
import { channelParams } from './comments.routes';

export interface BoardRoutesOptions {
  board: BoardService;
}

// Unknown ids are a 404 of the service, not a 400: the path is not a form.
const id = z.string().max(100);
const messageParams = z.object({ messageId: id });
const replyParams = messageParams.extend({ replyId: id });

/** The message board of the caller's active team (403 for anyone in no team), and the reels its owner shares onto it. */
export const boardRoutes: FastifyPluginAsyncZod<BoardRoutesOptions> = async (app, { board }) => {
  requireSignedIn(app);

  // The pages answer JSON the service may have kept (talk-pages.ts).
  app.get('/api/team/board', { config: { updatesPosition: true }, schema: { querystring: talkPageQuery, response: { 200: boardPage } } }, async (request, reply) =>
    replySerialized(reply, (serialize) => board.pageJson(request.caller, request.query, serialize)),
  );

  app.post('/api/team/board', { schema: { body: postBoardBody, response: { 201: postBoardResponse } } }, async (request, reply) =>
    reply.status(201).send(await board.post(request.caller, request.body)),
  );

  app.get('/api/team/board/:messageId', { config: { updatesPosition: true }, schema: { params: messageParams, response: { 200: boardThread } } }, async (request) =>
    board.thread(request.caller, request.params.messageId),
  );

  app.post(
    '/api/team/board/:messageId',
    { schema: { params: messageParams, body: postReplyBody, response: { 201: boardReply } } },
    async (request, reply) => reply.status(201).send(await board.reply(request.caller, request.params.messageId, request.body.message)),
  );

  app.delete('/api/team/board/:messageId', { schema: { params: messageParams, response: { 204: z.null() } } }, async (request, reply) => {
    await board.remove(request.caller, request.params.messageId);
    return reply.status(204).send(null);
  });

  app.post(
    '/api/channel/:owner/:channel',
    { schema: { params: channelParams, body: shareReelBody, response: { 201: sharedReelMessage } } },
    async (request, reply) => reply.status(201).send(await board.shareReel(request.caller, request.params.owner, request.params.channel, request.body)),
  );

  app.delete('/api/team/board/:messageId/:replyId', { schema: { params: replyParams, response: { 204: z.null() } } }, async (request, reply) => {
    await board.removeReply(request.caller, request.params.messageId, request.params.replyId);
    return reply.status(204).send(null);
  });
};
