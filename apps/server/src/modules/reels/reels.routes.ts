import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReelBody,
  createReelResponse,
  pageQuery,
  reel,
  reelExport,
  reelList,
  reelSharing,
  reelSharingBody,
  reelView,
  sharedReel,
  teamSharedReelList,
  updateReelBody,
} from '@app/contracts/clips';
import type { Config } from '../../config';
import { hostTenant, requireSignedIn } from '../../plugins/auth';
import type { ReelsService } from './reels.service';

export interface ReelsRoutesOptions {
  config: Config;
  reels: ReelsService;
}

// `:id` is the stream in POST and the reel elsewhere: one parameter name for one path position.
const idParams = z.object({ id: z.string().max(100) });

/** Reels: the maker's API, and the public share link. */
export const reelsRoutes: FastifyPluginAsyncZod<ReelsRoutesOptions> = async (app, { config, reels }) => {
  requireSignedIn(app);
  // A share link is a public secret: limit guessing like the invitation links.
  const shareLimit = { rateLimit: { max: config.identity.authRateLimit, timeWindow: '1 minute' } };

  app.post(
    '/api/user/reels/:id',
    { schema: { params: idParams, body: createReelBody, response: { 201: createReelResponse } } },
    async (request, reply) => reply.status(201).send(await reels.create(request.caller, request.params.id, request.body.clips)),
  );

  app.get('/api/user/reels', { schema: { querystring: pageQuery, response: { 200: reelList } } }, async (request) =>
    reels.mine(request.caller, request.query),
  );

  app.get('/api/user/reels/:id', { schema: { params: idParams, response: { 200: reelView } } }, async (request) =>
    reels.view(request.caller, request.params.id),
  );

  app.put('/api/user/reels/:id', { schema: { params: idParams, body: updateReelBody, response: { 200: reel } } }, async (request) =>
    reels.update(request.caller, request.params.id, request.body),
  );

  app.delete('/api/user/reels/:id', { schema: { params: idParams } }, async (request, reply) => {
    await reels.remove(request.caller, request.params.id);
    return reply.status(204).send();
  });

  app.put('/api/user/reels/:id/sharing', { schema: { params: idParams, body: reelSharingBody, response: { 200: reelSharing } } }, async (request) =>
    reels.setSharing(request.caller, request.params.id, request.body.shared),
  );

  app.get('/api/team/shared-reels', { schema: { response: { 200: teamSharedReelList } } }, async (request) => reels.sharedOfTeam(request.caller));

  app.post('/api/user/reels/:id/export', { schema: { params: idParams, response: { 202: reelExport } } }, async (request, reply) =>
    reply.status(202).send(await reels.startExport(request.caller, request.params.id)),
  );

  app.get('/api/user/reels/:id/export', { schema: { params: idParams, response: { 200: reelExport } } }, async (request) =>
    reels.exportStatus(request.caller, request.params.id),
  );

  app.get('/api/reels/:id', { schema: { params: idParams, response: { 200: sharedReel } }, config: { ...shareLimit, public: true } }, async (request) =>
    reels.shared(hostTenant(request), request.params.id),
  );
};
