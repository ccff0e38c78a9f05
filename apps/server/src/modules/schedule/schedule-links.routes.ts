import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rsvpTokenBody, rsvpTokenView, scheduleMailSettings } from '@app/contracts/schedule';
import type { Config } from '../../config';
import { hostTenant } from '../../plugins/auth';
import type { ScheduleService } from './schedule.service';

const tokenParams = z.object({ token: z.string().max(200) });

/**
 * The links in schedule e-mail, used without signing in: the answer page's facts (a GET changes nothing,
 * because mail scanners open links), the answer itself, and the one-click unsubscribe (RFC 8058). Each opens
 * only on the host of its member's tenant.
 */
export const scheduleLinksRoutes: FastifyPluginAsyncZod<{ config: Config; schedule: ScheduleService }> = async (app, { config, schedule }) => {
  const limit = { rateLimit: { max: config.identity.authRateLimit * 3, timeWindow: '1 minute' } };

  app.get('/api/rsvp/:token', { schema: { params: tokenParams, response: { 200: rsvpTokenView } }, config: { public: true, ...limit } }, async (request) =>
    schedule.linkView(hostTenant(request), request.params.token),
  );

  app.post('/api/rsvp/:token', { schema: { params: tokenParams, body: rsvpTokenBody, response: { 200: rsvpTokenView } }, config: { public: true, ...limit } }, async (request) =>
    schedule.answerByLink(hostTenant(request), request.params.token, request.body),
  );

  await app.register(async (plain) => {
    const oneClick = plain.withTypeProvider<ZodTypeProvider>();
    // Mail clients POST `List-Unsubscribe=One-Click` as a form; the body says nothing the URL does not.
    oneClick.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
    oneClick.post('/api/schedule/unsubscribe/:token', { schema: { params: tokenParams, response: { 200: scheduleMailSettings } }, config: { public: true, ...limit } }, async (request) =>
      schedule.mailOff(hostTenant(request), request.params.token),
    );
  });
};
