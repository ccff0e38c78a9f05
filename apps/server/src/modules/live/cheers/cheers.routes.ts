import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cheerList, cheersQuery } from '@app/contracts/live';
import type { Config } from '../../../config';
import { AppError } from '../../../errors';
import { authenticateCaller, bearerToken, hostTenant } from '../../../plugins/auth';
import { EVENT_NOT_FOUND, type EventsService } from '../events.service';
import type { CheersService } from './cheers.service';

export interface CheersRoutesOptions {
  config: Config;
  events: Pick<EventsService, 'visibleEvent'>;
  cheers: Pick<CheersService, 'event' | 'list'>;
}

const keyParams = z.object({ key: z.string().max(100) });

/**
 * `GET /api/events/{key}/cheers?omega=1&top=10`: a public event's list needs no sign-in; a
 * team-only event's (its clip paths open the team's clips) answers only those who may watch it, and
 * to anyone else, signed in or not, like an unknown key.
 */
export const cheersRoutes: FastifyPluginAsyncZod<CheersRoutesOptions> = async (app, { config, events, cheers }) => {
  // Per client IP like the other unauthenticated reads, but six times the sign-in budget: every viewer
  // polls every 30 s, and a venue's viewers may share one address. Still bounds guessing keys.
  const readLimit = { rateLimit: { max: config.identity.authRateLimit * 6, timeWindow: '1 minute' } };

  app.get(
    '/api/events/:key/cheers',
    { schema: { params: keyParams, querystring: cheersQuery, response: { 200: cheerList } }, config: { ...readLimit, bearer: 'optional' } },
    async (request) => {
      const tenantId = hostTenant(request);
      const { key } = request.params;
      if (!(await cheers.event(tenantId, key)).isPublic) {
        if (!bearerToken(request)) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
        await events.visibleEvent(await authenticateCaller(request), key);
      }
      return cheers.list(tenantId, key, request.query.top);
    },
  );
};
