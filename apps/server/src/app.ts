import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config';
import { registerApiDocs } from './plugins/api-docs';
import { registerBodyDepthLimit } from './plugins/body-depth';
import { registerErrorHandler, toErrorBody } from './plugins/errors';
import { registerNulRefusal } from './plugins/nul-refusal';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { pgRateLimitStore } from './plugins/rate-limit-store';
import { registerSecurity } from './plugins/security';
import { registerSignedInContext } from './plugins/auth';
import { registerSpa } from './plugins/spa';
import { registerStorageRoutes } from './plugins/storage';
import { registerBilling } from './modules/billing/billing.module';
import { registerIdentity } from './modules/identity/identity.module';
import { registerImages } from './modules/images/images.module';
import { IMAGE_CHANNEL } from './modules/images/image-settled';
import { registerMail } from './modules/mail/mail.module';
import { registerProfiles } from './modules/profiles/profiles.module';
import { registerRecruiting } from './modules/recruiting/recruiting.module';
import { registerSystem } from './modules/system/system.module';
import { registerTeams } from './modules/teams/teams.module';
import { registerUsers } from './modules/users/users.module';
import { registerNotifications } from './modules/notifications/notifications.module';
import { registerVideos } from './modules/videos/videos.module';
import { registerClips } from './modules/clips/clips.module';
import { registerDrawings } from './modules/drawings/drawings.module';
import { registerReels } from './modules/reels/reels.module';
import { registerSchedule } from './modules/schedule/schedule.module';
import { registerLive } from './modules/live/live.module';
import { registerUpdates } from './modules/updates/updates.module';
import { registerTalk } from './modules/talk/talk.module';
import { registerTags } from './modules/tags/tags.module';
import type { BrowserPublisherOptions, LiveIngestSlot } from './modules/live/browser-publish.service';
import { SEGMENT_CHANNEL, STATUS_CHANNEL, VIEWER_ACCESS_CHANNEL } from './modules/live/playback/segment-notifications';
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

  // The node's one LISTEN connection: live playback, the live status streams, team updates and image uploads all hear it.
  const dbListener = createNotificationListener(
    (runtime.db.$client as pg.Pool & { options: pg.ClientConfig }).options,
    [SEGMENT_CHANNEL, STATUS_CHANNEL, VIEWER_ACCESS_CHANNEL, TEAM_UPDATE_CHANNEL, IMAGE_CHANNEL],
    app.log.child({ component: 'db-listener' }),
  );
  app.addHook('onClose', () => dbListener.close());

  // The modules, each after those it uses.
  const base = { config, runtime, log: app.log };
  await registerSystem(app, base);
  await registerIdentity(app, base);
  const users = await registerUsers(app, base);
  // Every signed-in route of the app signs its caller in with these two.
  registerSignedInContext(app, { identity: runtime.identity, users });
  const teams = await registerTeams(app, { ...base, users });
  const images = await registerImages(app, { ...base, users, teams, dbListener });
  await registerUpdates(app, { ...base, users, dbListener });
  const notifications = await registerNotifications(app, { ...base, users });
  await registerProfiles(app, { ...base, users, teams, images });
  const billing = await registerBilling(app, { ...base, users });
  const videos = await registerVideos(app, { ...base, users, billing, images });
  const events = await registerLive(app, { ...base, users, billing, dbListener, liveIngest: options.liveIngest ?? {}, browserPublish: options.browserPublish });
  await registerSchedule(app, { ...base, teams, users, liveEvents: events });
  // Every clip has its own reel: the clips module reaches the reels module's rows through the runtime's port.
  const clips = await registerClips(app, { ...base, users, teams, videos, liveEvents: events, reels: runtime.clipReels });
  const reels = await registerReels(app, { ...base, users, videos, teams, clips });
  await registerDrawings(app, { ...base, videos, billing });
  const recruiting = await registerRecruiting(app, { ...base, users, images, teams, reels });
  await registerTalk(app, { ...base, users, teams, billing, clips, reels, notifications });
  await registerTags(app, { ...base, teams, videos, liveEvents: events });
  await registerStorageRoutes(app, runtime.storage);
  await registerMail(app, base);
  await registerSpa(app, config.webDist, [recruiting.cardPage]);
  return app;
}
