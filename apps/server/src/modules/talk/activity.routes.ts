import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardPage, talkPageQuery } from '@app/contracts/talk';
import { requireSignedIn } from '../../plugins/auth';
import { replySerialized } from '../../plugins/serialized-reply';
import type { ActivityService } from './activity.service';

export interface ActivityRoutesOptions {
  activity: ActivityService;
}

/** The activity feed of the caller's active team (403 for anyone in no team). */
export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (app, { activity }) => {
  requireSignedIn(app);

  // The pages answer JSON the service may have kept (talk-pages.ts).
  app.get('/api/team/activity', { config: { updatesPosition: true }, schema: { querystring: talkPageQuery, response: { 200: boardPage } } }, async (request, reply) =>
    replySerialized(reply, (serialize) => activity.pageJson(request.caller, request.query, serialize)),
  );
};
