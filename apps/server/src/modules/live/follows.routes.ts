import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { followState } from '@app/contracts/live';
import { requireSignedIn } from '../../plugins/auth';
import type { FollowsService } from './follows.service';

export interface FollowsRoutesOptions {
  follows: FollowsService;
}

// Unknown teams are a 404 of the service, not a 400: the path is not a form.
const segment = z.string().trim().min(1).max(100);
const teamParams = z.object({ owner: segment, channel: segment });

/** `PUT`, `DELETE` and `GET /api/teams/{owner}/{channel}/follow`: any signed-in user follows a team. */
export const followsRoutes: FastifyPluginAsyncZod<FollowsRoutesOptions> = async (app, { follows }) => {
  requireSignedIn(app);
  const schema = { params: teamParams, response: { 200: followState } };

  app.put('/api/teams/:owner/:channel/follow', { schema }, async (request) => follows.follow(request.caller, request.params.owner, request.params.channel));
  app.delete('/api/teams/:owner/:channel/follow', { schema }, async (request) =>
    follows.unfollow(request.caller, request.params.owner, request.params.channel),
  );
  app.get('/api/teams/:owner/:channel/follow', { schema }, async (request) => follows.state(request.caller, request.params.owner, request.params.channel));
};
