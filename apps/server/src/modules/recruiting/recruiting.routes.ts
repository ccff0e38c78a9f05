import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardParams, publicCard, recruitingSettings, updateRecruitingBody } from '@app/contracts/recruiting';
import type { Config } from '../../config';
import { hostTenant, requireSignedIn } from '../../plugins/auth';
import type { RecruitingService } from './recruiting.service';

export interface RecruitingRoutesOptions {
  config: Config;
  recruiting: RecruitingService;
}

/** The owner's recruiting card settings, and the card behind its public link. */
export const recruitingRoutes: FastifyPluginAsyncZod<RecruitingRoutesOptions> = async (app, { config, recruiting }) => {
  requireSignedIn(app);

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
    async (request) => recruiting.card(hostTenant(request), request.params.id),
  );
};
