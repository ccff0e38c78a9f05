import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeed } from '@app/contracts/schedule';
import type { Config } from '../../config';
import { hostTenant, requireSignedIn } from '../../plugins/auth';
import type { CalendarService } from './calendar.service';

const feedParams = z.object({ file: z.string().max(100) });

/** My private calendar feed: its URL (signed in), rotation, and the feed itself (the URL is the secret). */
export const calendarRoutes: FastifyPluginAsyncZod<{ config: Config; calendar: CalendarService }> = async (
  app,
  { config, calendar },
) => {
  requireSignedIn(app);

  app.get('/api/user/calendar', { schema: { response: { 200: calendarFeed } } }, async (request) => calendar.get(request.caller));
  app.post('/api/user/calendar/rotate', { schema: { response: { 200: calendarFeed } } }, async (request) => calendar.rotate(request.caller));

  app.get('/cal/:file', { schema: { params: feedParams }, config: { public: true, rateLimit: { max: config.identity.authRateLimit * 3, timeWindow: '1 minute' } } }, async (request, reply) => {
    const token = request.params.file.replace(/\.ics$/, '');
    const body = await calendar.feed(hostTenant(request), token);
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);
  });
};
