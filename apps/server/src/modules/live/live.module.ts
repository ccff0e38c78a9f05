import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { NotificationListener } from '../../db/notification-listener';
import type { DomainEvents } from '../../domain-events';
import type { Runtime } from '../../runtime';
import { taggedRoutes } from '../../plugins/api-docs';
import { tokenSigner } from '../../signed-token';
import type { BillingService } from '../billing/billing.service';
import type { UsersService } from '../users/users.service';
import { browserPublishRoutes } from './browser-publish.routes';
import { createBrowserPublisher, type BrowserPublisherOptions, type LiveIngestSlot } from './browser-publish.service';
import { cheersRoutes } from './cheers/cheers.routes';
import { createCheersRepo } from './cheers/cheers.repo';
import { createCheersService } from './cheers/cheers.service';
import { createEventsRepo } from './events.repo';
import { eventsRoutes } from './events.routes';
import { createEventsService, type EventsService } from './events.service';
import { createFollowsRepo } from './follows.repo';
import { followsRoutes } from './follows.routes';
import { createFollowsService } from './follows.service';
import { createIngestRepo } from './ingest/ingest.repo';
import { startIngest, type IngestOptions } from './ingest/ingest.service';
import { createPlaybackTokens, createSegmentPaths } from './playback-token';
import { createPlaybackRepo } from './playback/playback.repo';
import { playbackRoutes } from './playback/playback.routes';
import { createPlaybackService } from './playback/playback.service';
import { createRecordingService } from './recording.service';
import { STATUS_CHANNEL, eventIdOf } from './playback/segment-notifications';
import { createEventUpdates } from './status/event-updates';
import { eventUpdatesRoutes } from './status/event-updates.routes';

export interface LiveModuleDeps {
  config: Config;
  runtime: Pick<Runtime, 'db' | 'storage' | 'events'>;
  users: UsersService;
  billing: BillingService;
  /** The node's one LISTEN connection (it hears SEGMENT_CHANNEL and STATUS_CHANNEL). */
  dbListener: NotificationListener;
  /** This node's RTMP ingest once it runs: browsers publish to it ("Go live from this phone"). */
  liveIngest: LiveIngestSlot;
  browserPublish?: Pick<BrowserPublisherOptions, 'idleTimeoutMs'> | undefined;
}

/**
 * Live games: events (creating one announces `live.eventCreated`), browser publishing, follows, the
 * live status streams, HLS playback and cheers.
 */
export async function registerLive(app: FastifyInstance, { config, runtime, users, billing, dbListener, liveIngest, browserPublish }: LiveModuleDeps): Promise<EventsService> {
  const { db, storage } = runtime;
  const repo = createEventsRepo(db);
  const events = createEventsService({ repo, db, events: runtime.events, users, billing });
  // A removed member, or one whose subscription ended, may no longer watch some games: their playback tokens stop at once.
  runtime.events.on('team.memberRemoved', (tx, { userId }) => repo.bumpViewerAccess(tx, userId));
  runtime.events.on('billing.subscriptionEnded', (tx, { userId }) => repo.bumpViewerAccess(tx, userId));
  await app.register(taggedRoutes('live', eventsRoutes), { events });
  const publisher = createBrowserPublisher({ ...browserPublish, ingest: liveIngest, log: app.log.child({ component: 'browser-publish' }) });
  await app.register(taggedRoutes('live', browserPublishRoutes), { events, publisher });
  await app.register(taggedRoutes('live', followsRoutes), { follows: createFollowsService({ repo: createFollowsRepo(db), users }) });
  const eventUpdates = createEventUpdates({ repo, log: app.log.child({ component: 'live-updates' }) });
  dbListener.on(STATUS_CHANNEL, (payload) => {
    const eventId = eventIdOf(payload);
    if (eventId) eventUpdates.changed(eventId);
  });
  dbListener.onListening(() => eventUpdates.changedAll());
  await app.register(taggedRoutes('live', eventUpdatesRoutes), { events, updates: eventUpdates });
  const signer = await tokenSigner(db);
  const playback = createPlaybackService({
    repo: createPlaybackRepo(db),
    tokens: createPlaybackTokens(signer),
    segmentPaths: createSegmentPaths(signer, config.livePathTokenBucketSeconds),
    log: app.log.child({ component: 'live-playback' }),
    notifications: dbListener,
  });
  await app.register(taggedRoutes('live', playbackRoutes), { playback, storage });
  await app.register(taggedRoutes('live', cheersRoutes), { config, events, cheers: createCheers(db) });
  return events;
}

/** The cheers of live events, for the cheers routes and the auto highlights (which the app gives the ingest). */
export const createCheers = (db: Db) => createCheersService({ repo: createCheersRepo(db) });

/** What an event's recording holds, for the clips module's cuts (its routes and the finish-live-clip job). */
export const createRecording = (db: Db) => createRecordingService(createEventsRepo(db));

/**
 * This node's RTMP ingest (main.ts starts it on a node that takes publishes): a game starting or ending is
 * announced through `events` in the transaction that records it.
 */
export const startLiveIngest = ({ db, events, ...options }: Omit<IngestOptions, 'repo'> & { db: Db; events: DomainEvents }) =>
  startIngest({ ...options, repo: createIngestRepo(db, events) });
