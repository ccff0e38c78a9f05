import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardParams, publicCard, recruitingSettings, updateRecruitingBody } from '@app/contracts/recruiting';
import type { Config } from '../../config';
import { requireSignedIn } from '../../plugins/auth';
import type { Identity } from '../identity/identity';
import type { UsersService } from '../users/users.service';
import type { RecruitingService } from './recruiting.service';

export interface RecruitingRoutesOptions {
  config: Config;
  identity: Identity;
  recruiting: RecruitingService;
  users: Pick<UsersService, 'signedIn'>;
}

/** The owner's recruiting card settings, and the card behind its public link. */
export const recruitingRoutes: FastifyPluginAsyncZod<RecruitingRoutesOptions> = async (app, { config, identity, recruiting, users }) => {
  requireSignedIn(app, { identity, users });

  app.get('/api/user/recruiting', { schema: { response: { 200: recruitingSettings } } }, async (request) => recruiting.settings(request.caller));

  app.put('/api/user/recruiting', { schema: { body: updateRecruitingBody, response: { 200: recruitingSettings } } }, async (request) =>
    recruiting.update(request.caller, request.body),
  );

  app.post('/api/user/recruiting/rotate', { schema: { response: { 200: recruitingSettings } } }, async (request) => recruiting.rotate(request.caller));

  // A card link is a public secret: limit guessing per client like the reel share links.
  app.get(
    '/api/a/:id',
    {
      schema: { params: cardParams, response: { 200: publicCard } },
      config: { public: true, rateLimit: { max: config.identity.authRateLimit, timeWindow: '1 minute' } },
    },
    async (request) => recruiting.card(identity.tenants.fromHost(request.headers.host), request.params.id),
  );
};
