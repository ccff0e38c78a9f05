import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Logger } from 'pino';
import { tenantPublicUrl, type Config } from './config';
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
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { cardPage } from './modules/recruiting/card-page';
import { recruitingRoutes } from './modules/recruiting/recruiting.routes';
import { createRecruitingService } from './modules/recruiting/recruiting.service';
import { createProfilesService } from './modules/profiles/profiles.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createUsersService } from './modules/users/users.service';
import { createInvitesService } from './modules/teams/invites.service';
import { teamsRoutes } from './modules/teams/teams.routes';
import { createTeamsService } from './modules/teams/teams.service';
import { createTusStore } from './modules/videos/tus-store';
import { createTusServer, tusRoutes } from './modules/videos/tus.routes';
import { uploadsRoutes } from './modules/videos/uploads.routes';
import { createUploadsService } from './modules/videos/uploads.service';
import { videosRoutes } from './modules/videos/videos.routes';
import { createVideosService } from './modules/videos/videos.service';
import { clipsRoutes } from './modules/clips/clips.routes';
import { createClipsService } from './modules/clips/clips.service';
import { createLiveClipsService } from './modules/clips/live-clips.service';
import { createClipReels } from './modules/reels/clip-reels';
import { reelsRoutes } from './modules/reels/reels.routes';
import { createReelsService } from './modules/reels/reels.service';
import { activityRoutes } from './modules/activity/activity.routes';
import { createActivityService } from './modules/activity/activity.service';
import { calendarRoutes } from './modules/schedule/calendar.routes';
import { createCalendarService } from './modules/schedule/calendar.service';
import { scheduleLinksRoutes } from './modules/schedule/schedule-links.routes';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { createScheduleService } from './modules/schedule/schedule.service';
import { boardRoutes } from './modules/board/board.routes';
import { createBoardService } from './modules/board/board.service';
import { buddiesRoutes } from './modules/teams/buddies.routes';
import { createBuddiesService } from './modules/teams/buddies.service';
import { channelsRoutes } from './modules/channels/channels.routes';
import { createChannelsService } from './modules/channels/channels.service';
import { loadPlaybackTokens } from './modules/live/playback-token';
import { playbackRoutes } from './modules/live/playback/playback.routes';
import { createPlaybackService } from './modules/live/playback/playback.service';
import { autoHighlights } from './modules/live/auto-highlights';
import { cheersRoutes } from './modules/live/cheers/cheers.routes';
import { createCheersService } from './modules/live/cheers/cheers.service';
import { browserPublishRoutes } from './modules/live/browser-publish.routes';
import { createBrowserPublisher, type BrowserPublisherOptions, type LiveIngestSlot } from './modules/live/browser-publish.service';
import { eventsRoutes } from './modules/live/events.routes';
import { createEventsService } from './modules/live/events.service';
import { followsRoutes } from './modules/live/follows.routes';
import { createEventUpdates } from './modules/live/status/event-updates';
import { eventUpdatesRoutes } from './modules/live/status/event-updates.routes';
import { SEGMENT_CHANNEL, STATUS_CHANNEL, eventIdOf } from './modules/live/playback/segment-notifications';
import { TEAM_UPDATE_CHANNEL } from './modules/updates/record-update';
import { createUpdatesHub } from './modules/updates/updates-hub';
import { updatesRoutes } from './modules/updates/updates.routes';
import { createUpdatesService } from './modules/updates/updates.service';
import { createNotificationListener } from './db/notification-listener';
import { registerUpdatesPosition } from './modules/updates/updates-position';
import { createFollowsService } from './modules/live/follows.service';
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
  await app.register(systemRoutes, { config, runtime });
  await app.register(identityRoutes, { config, identity: runtime.identity });
  await app.register(identityMfaRoutes, { config, identity: runtime.identity, db: runtime.db });
  await app.register(passwordlessRoutes, { config, identity: runtime.identity, mail: runtime.mail, db: runtime.db, outbound: runtime.outbound });
  await app.register(socialRoutes, { config, identity: runtime.identity, providers: config.social });
  const users = createUsersService({ db: runtime.db, identity: runtime.identity });
  const teams = createTeamsService({ db: runtime.db, identity: runtime.identity, users });
  const images = createImagesService({
    db: runtime.db,
    storage: runtime.storage,
    jobs: runtime.jobs,
    users,
    ownedTeam: async (user) => (await teams.ownedChannel(user, user.username, 'main', LOGO_OWNER_ONLY)).id,
  });
  await app.register(usersRoutes, { identity: runtime.identity, users });
  // The node's one LISTEN connection: live playback, the live status streams and team updates all hear it.
  const dbListener = createNotificationListener(
    (runtime.db.$client as pg.Pool & { options: pg.ClientConfig }).options,
    [SEGMENT_CHANNEL, STATUS_CHANNEL, TEAM_UPDATE_CHANNEL],
    app.log.child({ component: 'db-listener' }),
  );
  app.addHook('onClose', () => dbListener.close());
  const updatesHub = createUpdatesHub({ db: runtime.db, notifications: dbListener, log: app.log.child({ component: 'team-updates' }) });
  // Lists that open pages keep current tell where the update stream stood when they were read.
  registerUpdatesPosition(app, updatesHub);
  const notifications = createNotificationsService({ db: runtime.db, users });
  await app.register(notificationsRoutes, { config, identity: runtime.identity, users, notifications });
  await app.register(imagesRoutes, { identity: runtime.identity, images, users });
  await app.register(profilesRoutes, { identity: runtime.identity, profiles: createProfilesService({ users, teams, images }), users });
  const billing = createBillingService({ db: runtime.db, users, config: config.billing, publicUrl: config.publicUrl });
  await app.register(billingRoutes, { identity: runtime.identity, billing, users });
  // Links mailed or shown to a tenant's people point at its own host, the only one they open on.
  const publicUrlOf = (tenantId: string) => tenantPublicUrl(config, tenantId);
  const invites = createInvitesService({ db: runtime.db, teams, users, identity: runtime.identity, mail: runtime.mail.mail, publicUrlOf, log: app.log });
  await app.register(teamsRoutes, { config, identity: runtime.identity, teams, invites, users });
  // The clips module needs the videos service (who may see a video) and the videos service runs the
  // clips module's delete hook: the hook reaches the clips service once both exist.
  const onVideoDeleted: Parameters<typeof createVideosService>[0]['onDelete'] = [(tx, video) => clips.onVideoDeleted(tx, video)];
  const videos = createVideosService({ db: runtime.db, storage: runtime.storage, jobs: runtime.jobs, users, billing, dataDir: config.dataDir, onDelete: onVideoDeleted });
  // A game set up on /live goes on its team's schedule; the schedule sets up live events for its games.
  const schedule = createScheduleService({ db: runtime.db, config, teams, users });
  const events = createEventsService({ db: runtime.db, users, billing, onCreated: [(event) => schedule.gameFromEvent(event)] });
  schedule.useEvents(events);
  await app.register(scheduleRoutes, { identity: runtime.identity, users, schedule });
  await app.register(scheduleLinksRoutes, { config, identity: runtime.identity, schedule });
  await app.register(calendarRoutes, { config, identity: runtime.identity, users, calendar: createCalendarService({ db: runtime.db, config, users }) });
  await app.register(eventsRoutes, { identity: runtime.identity, events, users });
  const liveIngest = options.liveIngest ?? {};
  const publisher = createBrowserPublisher({
    ...options.browserPublish,
    ingest: liveIngest,
    log: app.log.child({ component: 'browser-publish' }),
  });
  await app.register(browserPublishRoutes, { identity: runtime.identity, users, events, publisher });
  await app.register(followsRoutes, { identity: runtime.identity, follows: createFollowsService({ db: runtime.db, users }), users });
  // Every clip has its own reel: the clips module reaches the reels module's rows through this port.
  const clipReels = createClipReels({ db: runtime.db, storage: runtime.storage });
  const clips = createClipsService({ db: runtime.db, storage: runtime.storage, jobs: runtime.jobs, users, teams, videos, liveEvents: events, reels: clipReels });
  const liveClips = createLiveClipsService({ db: runtime.db, storage: runtime.storage, dataDir: config.dataDir, events, reels: clipReels });
  await app.register(videosRoutes, { identity: runtime.identity, videos, users });
  await app.register(clipsRoutes, { identity: runtime.identity, clips, liveClips, users });
  const reels = createReelsService({ db: runtime.db, storage: runtime.storage, jobs: runtime.jobs, users, videos, teams, clips });
  await app.register(reelsRoutes, { config, identity: runtime.identity, reels, users });
  const recruiting = createRecruitingService({ db: runtime.db, publicUrlOf, users, images, teams, reels });
  await app.register(recruitingRoutes, { config, identity: runtime.identity, recruiting, users });
  const channels = createChannelsService({ db: runtime.db, storage: runtime.storage, teams, clips, reels, users });
  await app.register(channelsRoutes, { identity: runtime.identity, channels, users });
  await app.register(boardRoutes, { identity: runtime.identity, board: createBoardService({ db: runtime.db, storage: runtime.storage, teams, users }), users });
  await app.register(activityRoutes, { identity: runtime.identity, activity: createActivityService({ db: runtime.db, storage: runtime.storage, users, billing }), users });
  await app.register(buddiesRoutes, { identity: runtime.identity, buddies: createBuddiesService({ db: runtime.db, teams, users }), users });
  const tusStore = createTusStore(config, runtime.storage);
  const uploads = createUploadsService({ db: runtime.db, storage: runtime.storage, jobs: runtime.jobs, users, tus: tusStore, images, uploadMaxBytes: config.uploadMaxBytes });
  await app.register(uploadsRoutes, { identity: runtime.identity, billing, uploads, users });
  const tus = createTusServer({ uploads, store: tusStore, uploadMaxBytes: config.uploadMaxBytes, log: app.log });
  await app.register(tusRoutes, { identity: runtime.identity, users, uploads, tus });
  const eventUpdates = createEventUpdates({ db: runtime.db, log: app.log.child({ component: 'live-updates' }) });
  dbListener.on(STATUS_CHANNEL, (payload) => {
    const eventId = eventIdOf(payload);
    if (eventId) eventUpdates.changed(eventId);
  });
  dbListener.onListening(() => eventUpdates.changedAll());
  await app.register(eventUpdatesRoutes, { identity: runtime.identity, users, events, updates: eventUpdates });
  const playback = createPlaybackService({ db: runtime.db, tokens: await loadPlaybackTokens(runtime.db), log: app.log.child({ component: 'live-playback' }), notifications: dbListener });
  await app.register(playbackRoutes, { identity: runtime.identity, playback, storage: runtime.storage });
  const cheers = createCheersService({ db: runtime.db });
  await app.register(cheersRoutes, { config, identity: runtime.identity, users, events, cheers });
  // Each publish this node's ingest takes: its audio is analysed for cheers, and the clips module clips each one.
  liveIngest.onPublish = autoHighlights({
    db: runtime.db,
    log: app.log.child({ component: 'auto-highlights' }),
    onCheer: (cheer) => liveClips.createCheerClip(cheer),
  });
  const updates = createUpdatesService({ db: runtime.db, hub: updatesHub, users });
  await app.register(updatesRoutes, { identity: runtime.identity, users, updates, onClose: () => updatesHub.close() });
  app.decorate('teamUpdateStreams', () => updatesHub.subscribers);
  await registerStorageRoutes(app, runtime.storage);
  // Sign-in links and codes written to DATA_DIR/outbox are readable here while developing; never in production.
  if (config.env !== 'production' && runtime.mail.outbox) await app.register(devOutboxRoutes, { outbox: runtime.mail.outbox });
  // Link previews read a recruiting card's page without running its JavaScript: its tags are in the HTML.
  await registerSpa(app, config.webDist, [cardPage({ recruiting, identity: runtime.identity, rateLimit: config.identity.authRateLimit * 3 })]);
  return app;
}
