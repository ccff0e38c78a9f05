import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cheerList, cheersQuery } from '@app/contracts/live';
import type { Config } from '../../../config';
import type { Identity } from '../../identity/identity';
import type { CheersService } from './cheers.service';

export interface CheersRoutesOptions {
  config: Config;
  identity: Identity;
  cheers: Pick<CheersService, 'list'>;
}

const keyParams = z.object({ key: z.string().max(100) });

/** `GET /api/events/{key}/cheers?omega=1&top=10`: no sign-in (spec 6). */
export const cheersRoutes: FastifyPluginAsyncZod<CheersRoutesOptions> = async (app, { config, identity, cheers }) => {
  // Per client IP like the other unauthenticated reads, but six times the sign-in budget: every viewer
  // polls every 30 s, and a venue's viewers may share one address. Still bounds guessing keys.
  const readLimit = { rateLimit: { max: config.identity.authRateLimit * 6, timeWindow: '1 minute' } };

  app.get(
    '/api/events/:key/cheers',
    { schema: { params: keyParams, querystring: cheersQuery, response: { 200: cheerList } }, config: readLimit },
    async (request) => cheers.list(identity.tenants.fromHost(request.headers.host), request.params.key, request.query.top),
  );
};
