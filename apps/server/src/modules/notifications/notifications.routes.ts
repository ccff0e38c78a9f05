import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationPage, notificationSettings, readNotificationsBody, talkPageQuery, unreadCount, userMessageBody, userMessageResponse } from '@app/contracts/talk';
import type { Config } from '../../config';
import { hostTenant, requireSignedIn } from '../../plugins/auth';
import type { NotificationsService } from './notifications.service';

export interface NotificationsRoutesOptions {
  config: Config;
  notifications: NotificationsService;
}

const tokenParams = z.object({ token: z.string().max(200) });

/** The bell's notifications, direct notifications to a teammate, the e-mail switch and the e-mail's one-click unsubscribe. */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { config, notifications }) => {
  requireSignedIn(app);
  // Per user, counted after sign-in (a preHandler after the one that signs in): one person cannot flood a teammate.
  const directLimit = {
    rateLimit: { max: config.identity.authRateLimit, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: (request: { caller?: { identityUserId: number } }) => `user-message:${request.caller?.identityUserId}` },
  };
  const unsubscribeLimit = { rateLimit: { max: config.identity.authRateLimit, timeWindow: '1 minute' } };

  app.get('/api/user/notifications', { config: { updatesPosition: true }, schema: { querystring: talkPageQuery, response: { 200: notificationPage } } }, async (request) =>
    notifications.list(request.caller, request.query),
  );

  app.post('/api/user/notifications/read', { schema: { body: readNotificationsBody, response: { 200: unreadCount } } }, async (request) =>
    notifications.read(request.caller, request.body.ids),
  );

  app.post('/api/user/messages', { schema: { body: userMessageBody, response: { 201: userMessageResponse } }, config: directLimit }, async (request, reply) =>
    reply.status(201).send(await notifications.notifyTeammate(request.caller, request.body)),
  );

  app.get('/api/user/notification-settings', { schema: { response: { 200: notificationSettings } } }, async (request) => notifications.settings(request.caller));

  app.put('/api/user/notification-settings', { schema: { body: notificationSettings, response: { 200: notificationSettings } } }, async (request) =>
    notifications.updateSettings(request.caller, request.body),
  );

  // One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` as a form; the
  // body says nothing the URL does not, so it is read and dropped.
  await app.register(async (plain) => {
    const oneClick = plain.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
    oneClick.post('/api/unsubscribe/:token', { schema: { params: tokenParams, response: { 200: notificationSettings } }, config: { public: true, ...unsubscribeLimit } }, async (request) =>
      notifications.unsubscribe(hostTenant(request), request.params.token),
    );
    // Opening the link (a GET, as link scanners and prefetchers do too) changes nothing: it shows the page that asks.
    oneClick.get('/api/unsubscribe/:token', { schema: { params: tokenParams }, config: { public: true } }, async (request, reply) =>
      reply.redirect(`/unsubscribe/${encodeURIComponent(request.params.token)}`, 303),
    );
  });
};
