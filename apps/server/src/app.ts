import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Logger } from 'pino';
import { tenantPublicUrl, type Config } from './config';
import { registerApiDocs } from './plugins/api-docs';
import { registerBodyDepthLimit } from './plugins/body-depth';
import { registerErrorHandler, toErrorBody } from './plugins/errors';
import { registerNulRefusal } from './plugins/nul-refusal';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { pgRateLimitStore } from './plugins/rate-limit-store';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { registerStorageRoutes } from './plugins/storage';
import { systemRoutes } from './modules/system/system.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { identityMfaRoutes } from './modules/identity/totp.routes';
import { passwordlessRoutes } from './modules/identity/passwordless.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import { socialRoutes } from './modules/identity/social/social.routes';
import { devOutboxRoutes } from './modules/mail/dev-outbox.routes';
import { usersRoutes } from './modules/users/users.routes';
import { LOGO_OWNER_ONLY } from '@app/contracts/profiles';
import { imagesRoutes } from './modules/images/images.routes';
import { createImagesService } from './modules/images/images.service';
import { IMAGE_CHANNEL } from './modules/images/image-settled';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { cardPage } from './modules/recruiting/card-page';
import { recruitingRoutes } from './modules/recruiting/recruiting.routes';
import { createRecruitingService } from './modules/recruiting/recruiting.service';
import { createProfilesService } from './modules/profiles/profiles.service';
import { registerNotifications } from './modules/notifications/notifications.module';
import { createUsersService } from './modules/users/users.service';
import { createInvitesService } from './modules/teams/invites.service';
import { teamsRoutes } from './modules/teams/teams.routes';
import { createTeamsService } from './modules/teams/teams.service';
import { registerVideos } from './modules/videos/videos.module';
import { registerClips } from './modules/clips/clips.module';
import { registerReels } from './modules/reels/reels.module';
import { registerSchedule } from './modules/schedule/schedule.module';
import { registerLive } from './modules/live/live.module';
import { registerUpdates } from './modules/updates/updates.module';
import { createClipReels } from './modules/reels/clip-reels';
import { registerTalk } from './modules/talk/talk.module';
import { buddiesRoutes } from './modules/teams/buddies.routes';
import { createBuddiesService } from './modules/teams/buddies.service';
import { autoHighlights } from './modules/live/auto-highlights';
import type { BrowserPublisherOptions, LiveIngestSlot } from './modules/live/browser-publish.service';
import { SEGMENT_CHANNEL, STATUS_CHANNEL } from './modules/live/playback/segment-notifications';
import { TEAM_UPDATE_CHANNEL } from './modules/updates/record-update';
import { createNotificationListener } from './db/notification-listener';
import { AppError } from './errors';
import type { Runtime } from './runtime';

export interface BuildOptions {
  logger?: Logger | false;
  /** This node's RTMP ingest once it runs: browsers publish to it ("Go live from this phone"). */
  liveIngest?: LiveIngestSlot;
  /** Tests shorten the publish socket's idle bound. */
  browserPublish?: Pick<BrowserPublisherOptions, 'idleTimeoutMs'>;
  /** Tests read every route's schemas as it is registered. */
  onRoute?: (route: RouteOptions) => void;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the HTTP app on an already started runtime; never listens (tests use `app.inject`). */
export async function build(config: Config, runtime: Runtime, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: config.bodyLimit,
    // A hop count as proxy-addr reads it (Fastify's typings lack the number form it accepts).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // One line per request from our onResponse hook instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Errors Fastify raises before routing (malformed URL encoding) get the same JSON shape as the rest.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const body = toErrorBody(error);
      void reply.status(body.statusCode).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  registerNulRefusal(app);
  registerBodyDepthLimit(app);
  app.addHook('onResponse', async (request, reply) => {
    // `req` goes through the logger's serializer, which leaves the URL's secrets out (logger.ts).
    if (!request.url.startsWith('/assets/')) request.log.info({ req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  await registerSecurity(app, config);
  await app.register(cookie);
  // Per-route limits (sign-in, codes, e-mails), keyed by client IP, counted in PostgreSQL so that
  // all web nodes share them.
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(runtime.db),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please wait ${context.after} and try again.`),
  });
  await registerApiDocs(app);
  await app.register(systemRoutes, { config, runtime });
  await app.register(identityRoutes, { config, identity: runtime.identity });
  await app.register(identityMfaRoutes, { config, identity: runtime.identity, db: runtime.db });
  await app.register(passwordlessRoutes, { config, identity: runtime.identity, mail: runtime.mail, db: runtime.db, outbound: runtime.outbound });
  await app.register(socialRoutes, { config, identity: runtime.identity, providers: config.social });
  const users = createUsersService({ db: runtime.db, identity: runtime.identity });
  const teams = createTeamsService({ db: runtime.db, identity: runtime.identity, users, events: runtime.events });
  await app.register(usersRoutes, { identity: runtime.identity, users });
  // The node's one LISTEN connection: live playback, the live status streams, team updates and image uploads all hear it.
  const dbListener = createNotificationListener(
    (runtime.db.$client as pg.Pool & { options: pg.ClientConfig }).options,
    [SEGMENT_CHANNEL, STATUS_CHANNEL, TEAM_UPDATE_CHANNEL, IMAGE_CHANNEL],
    app.log.child({ component: 'db-listener' }),
  );
  app.addHook('onClose', () => dbListener.close());
  const images = createImagesService({
    db: runtime.db,
    storage: runtime.storage,
    jobs: runtime.jobs,
    users,
    ownedTeam: async (user) => (await teams.ownedChannel(user, user.username, 'main', LOGO_OWNER_ONLY)).id,
    notifications: dbListener,
  });
  await registerUpdates(app, { runtime, users, dbListener });
  const notifications = await registerNotifications(app, { config, db: runtime.db, identity: runtime.identity, users });
  await app.register(imagesRoutes, { identity: runtime.identity, images, users });
  await app.register(profilesRoutes, { identity: runtime.identity, profiles: createProfilesService({ users, teams, images }), users });
  const billing = createBillingService({ db: runtime.db, users, config: config.billing, publicUrl: config.publicUrl });
  await app.register(billingRoutes, { identity: runtime.identity, billing, users });
  // Links mailed or shown to a tenant's people point at its own host, the only one they open on.
  const publicUrlOf = (tenantId: string) => tenantPublicUrl(config, tenantId);
  const invites = createInvitesService({ db: runtime.db, teams, users, identity: runtime.identity, mail: runtime.mail.mail, publicUrlOf, log: app.log, events: runtime.events });
  await app.register(teamsRoutes, { config, identity: runtime.identity, teams, invites, users });
  const videos = await registerVideos(app, { config, runtime, users, billing, images });
  const liveIngest = options.liveIngest ?? {};
  const events = await registerLive(app, { config, runtime, users, billing, dbListener, liveIngest, browserPublish: options.browserPublish });
  await registerSchedule(app, { config, runtime, teams, users, liveEvents: events });
  // Every clip has its own reel: the clips module reaches the reels module's rows through this port.
  const clipReels = createClipReels({ db: runtime.db, storage: runtime.storage });
  const { clips, liveClips } = await registerClips(app, { config, runtime, users, teams, videos, liveEvents: events, reels: clipReels });
  const reels = await registerReels(app, { config, runtime, users, videos, teams, clips });
  const recruiting = createRecruitingService({ db: runtime.db, publicUrlOf, users, images, teams, reels });
  await app.register(recruitingRoutes, { config, identity: runtime.identity, recruiting, users });
  await registerTalk(app, { db: runtime.db, storage: runtime.storage, identity: runtime.identity, users, teams, billing, clips, reels, notifications });
  await app.register(buddiesRoutes, { identity: runtime.identity, buddies: createBuddiesService({ db: runtime.db, teams, users }), users });
  // Each publish this node's ingest takes: its audio is analysed for cheers, and the clips module clips each one.
  liveIngest.onPublish = autoHighlights({
    db: runtime.db,
    log: app.log.child({ component: 'auto-highlights' }),
    onCheer: (cheer) => liveClips.createCheerClip(cheer),
  });
  await registerStorageRoutes(app, runtime.storage);
  // Sign-in links and codes written to DATA_DIR/outbox are readable here while developing; never in production.
  if (config.env !== 'production' && runtime.mail.outbox) await app.register(devOutboxRoutes, { outbox: runtime.mail.outbox });
  // Link previews read a recruiting card's page without running its JavaScript: its tags are in the HTML.
  await registerSpa(app, config.webDist, [cardPage({ recruiting, identity: runtime.identity, rateLimit: config.identity.authRateLimit * 3 })]);
  return app;
}
