import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buddiesQuery, buddyList } from '@app/contracts/talk';
import { requireSignedIn } from '../../plugins/auth';
import type { BuddiesService } from './buddies.service';

export interface BuddiesRoutesOptions {
  buddies: BuddiesService;
}

/** Teammates' names and pictures (board and activity items name publishers by username only). */
export const buddiesRoutes: FastifyPluginAsyncZod<BuddiesRoutesOptions> = async (app, { buddies }) => {
  requireSignedIn(app);

  app.get('/api/user/buddies', { schema: { querystring: buddiesQuery, response: { 200: buddyList } } }, async (request) =>
    buddies.named(request.caller, request.query.usernames),
  );

  app.get('/api/team/buddies', { schema: { response: { 200: buddyList } } }, async (request) => buddies.ofActiveTeam(request.caller));
};
