import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardPage, talkPageQuery } from '@app/contracts/talk';
import { requireSignedIn } from '../../plugins/auth';
import { replySerialized } from '../../plugins/serialized-reply';
import type { Identity } from '../identity/identity';
import type { UsersService } from '../users/users.service';
import type { ActivityService } from './activity.service';

export interface ActivityRoutesOptions {
  identity: Identity;
  activity: ActivityService;
  users: Pick<UsersService, 'signedIn'>;
}

/** The activity feed of the caller's active team (403 for anyone in no team). */
export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (app, { identity, activity, users }) => {
  requireSignedIn(app, { identity, users });

  // The pages answer JSON the service may have kept (talk-pages.ts).
  app.get('/api/team/activity', { config: { updatesPosition: true }, schema: { querystring: talkPageQuery, response: { 200: boardPage } } }, async (request, reply) =>
    replySerialized(reply, (serialize) => activity.pageJson(request.caller, request.query, serialize)),
  );
};
