import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { toSportCode, type CreateEventResponse, type LiveEvent, type LiveStreamList, type SportCode } from '@app/contracts/live';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import type { DomainEvents } from '../../domain-events';
import { AppError } from '../../errors';
import type { BillingService } from '../billing/billing.service';
import { createSecretBox } from '../identity/secret-box';
import type { Caller } from '../../caller';
import { USERNAME_TAKEN, type UsersService } from '../users/users.service';
import { toLiveEvent, toLiveStream, type Playback } from './event-view';
import type { EventsRepo, EventViewer, EventWithTeam, LiveEventRow } from './events.repo';
import { loadPlaybackTokens, PLAYBACK_TOKEN_TTL_MS, type PlaybackTokens } from './playback-token';

export const EVENT_NOT_FOUND = 'Event not found.';
export const TEAM_ONLY = 'Only a team subscription can set up live streams.';
export const NO_SUBSCRIPTION = 'A subscription is required to watch live games.';
export const UNKNOWN_SPORT = 'Unknown sport';
export const SPORT_NOT_FOUND = 'Sport not found.';
export const NOT_EVENT_OWNER = 'Only the team that set up this event can go live on it.';

/** Live events are few at a time: one list, no paging. */
const LIVE_LIST_MAX = 100;
const PAGE_SIZE = 20;

/** The caller as the routes know it: with the roles of its access token (the editor may play without a subscription). */
export type LiveCaller = Caller & { roles: readonly string[] };

export interface CreateEventInput {
  title: string;
  date: string;
  type: SportCode;
  thumbnail: string;
  public: boolean;
}

export interface SearchInput {
  q?: string | undefined;
  sport?: string | undefined;
  status?: 'ended' | undefined;
  limit: number;
  timestamp?: number | undefined;
}

/** An event a viewer may see, for the modules that hang things on it (live clips). */
export interface VisibleEvent {
  event: LiveEventRow;
  title: string;
  /** The viewer's product user; null for a signed-in account that has not registered. */
  viewerUserId: number | null;
}

export const newEventKey = () => randomBytes(16).toString('base64url');
export const newIngestKey = () => randomBytes(32).toString('base64url');
/** What the ingest side compares a publish against (`live_events.ingest_key_hash`). */
export const ingestKeyHash = (ingestKey: string) => createHash('sha256').update(ingestKey).digest('hex');
// Binds a sealed ingest key to its event: a box copied onto another row does not open there.
const boxContext = (eventId: string) => `live-ingest:${eventId}`;

/** ILIKE pattern for "contains `q`", its wildcards taken literally. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of rows in cursor order whose cursor is the last item's time in ms: a page that would end inside
 * one millisecond takes that millisecond whole, so the next page (strictly past it) skips no event that
 * shares its start with another (games often start on the hour).
 */
async function msKeysetPage(
  limit: number,
  msOf: (row: EventWithTeam) => number,
  read: { page(limit: number): Promise<EventWithTeam[]>; at(ms: number): Promise<EventWithTeam[]>; after(ms: number): Promise<EventWithTeam[]> },
): Promise<{ rows: EventWithTeam[]; next: number | null }> {
  const rows = await read.page(limit + 1);
  if (rows.length <= limit) return { rows, next: null };
  const taken = rows.slice(0, limit);
  const last = msOf(taken[limit - 1]!);
  if (msOf(rows[limit]!) !== last) return { rows: taken, next: last };
  const whole = [...taken.filter((r) => msOf(r) !== last), ...(await read.at(last))];
  return { rows: whole, next: (await read.after(last)).length > 0 ? last : null };
}

declare module '../../domain-events' {
  interface DomainEventMap {
    /**
     * `POST /api/events` created an event (the schedule puts the game on the team's schedule), in the
     * transaction that inserts it; not for an event the schedule itself set up for one of its games.
     */
    'live.eventCreated': { id: string; tenantId: string; channelId: number | null; ownerUserId: number; title: string; startsAt: Date };
  }
}

export interface EventsServiceDeps {
  repo: EventsRepo;
  db: Db;
  events: Pick<DomainEvents, 'emit'>;
  users: Pick<UsersService, 'find' | 'requireRegistered'>;
  billing: Pick<BillingService, 'level'>;
}

/**
 * Live events: team accounts create them; their team (owner and channel members) and, for a
 * public event, anyone signed in to the tenant sees them; playing needs a subscription or the editor role.
 */
export function createEventsService({ repo, db, events, users, billing }: EventsServiceDeps) {
  const box = createSecretBox(db);
  let tokens: Promise<PlaybackTokens> | undefined;
  const playbackTokens = () => {
    tokens ??= loadPlaybackTokens(db);
    tokens.catch(() => (tokens = undefined));
    return tokens;
  };

  async function viewerOf(caller: Caller): Promise<EventViewer> {
    const user = await users.find(caller);
    return { tenantId: caller.tenantId, userId: user?.id ?? null };
  }

  /** The event when the caller may see it; 404 alike for unknown keys, other tenants and other teams' private events. */
  async function visible(caller: Caller, key: string): Promise<{ row: EventWithTeam; viewer: EventViewer }> {
    const viewer = await viewerOf(caller);
    const row = key.length <= 64 ? await repo.byKey(caller.tenantId, key) : undefined;
    if (!row || !(await repo.isVisible(viewer, row.event.id))) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
    return { row, viewer };
  }

  /** The caller's own event (404 for anyone else: the ingest key is the owner's alone). */
  async function owned(caller: Caller, key: string): Promise<LiveEventRow> {
    const { row, viewer } = await visible(caller, key);
    if (row.event.ownerUserId !== viewer.userId) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
    return row.event;
  }

  /** A subscription (any level but none, which counts the team and athlete trial) or the editor role. */
  async function mayPlay(caller: LiveCaller, viewer: EventViewer): Promise<boolean> {
    if (viewer.userId === null) return false;
    return caller.roles.includes('editor') || (await billing.level(caller)) !== 'none';
  }

  async function playbackOf(caller: LiveCaller, row: EventWithTeam, viewer: EventViewer): Promise<Playback> {
    if (!(await mayPlay(caller, viewer))) return { source: null, sourceExpiresAt: null, playable: false, playbackError: NO_SUBSCRIPTION };
    const { event } = row;
    const hasMedia = event.status === 'live' || (event.status === 'ended' && (await repo.hasSegments(event.id)));
    if (!hasMedia) return { source: null, sourceExpiresAt: null, playable: true, playbackError: null };
    const expiresAt = Date.now() + PLAYBACK_TOKEN_TTL_MS;
    const grant = { eventId: event.id, userId: viewer.userId!, eventEpoch: event.accessEpoch, viewerEpoch: await repo.viewerEpoch(viewer.userId!), expiresAt };
    const token = (await playbackTokens()).sign(grant);
    return {
      source: `/api/live/${event.key}/index.m3u8?token=${encodeURIComponent(token)}`,
      sourceExpiresAt: new Date(expiresAt).toISOString(),
      playable: true,
      playbackError: null,
    };
  }

  async function sealed(eventId: string) {
    const ingestKey = newIngestKey();
    return { ingestKey, hash: ingestKeyHash(ingestKey), box: await box.encrypt(ingestKey, boxContext(eventId)) };
  }

  function sportFilter(sport: string | undefined): SportCode | undefined {
    if (sport === undefined || sport === '') return undefined;
    const code = toSportCode(sport);
    if (!code) throw new AppError('VALIDATION_FAILED', UNKNOWN_SPORT);
    return code;
  }

  type Where = { sport?: SportCode | undefined; like?: string | undefined };

  /** Ended events, latest start first, `next` = the last item's start (ms). */
  async function results(viewer: EventViewer, where: Where, query: { limit: number; timestamp?: number | undefined }): Promise<LiveStreamList> {
    const { rows, next } = await msKeysetPage(query.limit, (r) => (r.event.startedAt ?? r.event.startsAt).getTime(), {
      page: (limit) => repo.archives(viewer, where, { beforeMs: query.timestamp, limit }),
      at: (ms) => repo.archivesAt(viewer, where, ms),
      after: (ms) => repo.archives(viewer, where, { beforeMs: ms, limit: 1 }),
    });
    return { items: rows.map(toLiveStream), next };
  }

  /**
   * The discovery lists: live first (all of them, on the first page), then upcoming soonest first, paged by
   * their start; or, with `status=ended`, the recent results. Followed teams' public games come first: among
   * the live ones, and within each page of upcoming ones (moving them across pages would break the time cursor).
   */
  async function discoveryList(caller: Caller, filter: { sport?: SportCode | undefined; q?: string | undefined }, query: SearchInput): Promise<LiveStreamList> {
    const viewer = await viewerOf(caller);
    const where: Where = { sport: filter.sport, like: filter.q ? containsPattern(filter.q) : undefined };
    if (query.status === 'ended') return results(viewer, where, query);
    const live = query.timestamp === undefined ? await repo.live(viewer, where, LIVE_LIST_MAX) : [];
    const { rows, next } = await msKeysetPage(query.limit, (r) => r.event.startsAt.getTime(), {
      page: (limit) => repo.upcoming(viewer, where, { afterMs: query.timestamp, limit }),
      at: (ms) => repo.upcomingAt(viewer, where, ms),
      after: (ms) => repo.upcoming(viewer, where, { afterMs: ms, limit: 1 }),
    });
    const followed = await repo.followedChannelIds(viewer.userId);
    const isFollowed = (r: EventWithTeam) => r.event.isPublic && r.event.channelId !== null && followed.has(r.event.channelId);
    const upcoming = [...rows.filter(isFollowed), ...rows.filter((r) => !isFollowed(r))];
    return { items: [...live, ...upcoming].map(toLiveStream), next };
  }

  return {
    /** `POST /api/events`: the game also goes on its team's schedule. */
    async create(caller: Caller, body: CreateEventInput): Promise<CreateEventResponse> {
      const { row, ingestKey } = await this.insertEvent(caller, body, (tx, row) =>
        events.emit(tx, 'live.eventCreated', { id: row.id, tenantId: row.tenantId, channelId: row.channelId, ownerUserId: row.ownerUserId, title: row.title, startsAt: row.startsAt }),
      );
      return { key: row.key, ingestKey };
    },

    /** A live event for a game already on the schedule (which links it): announced to no one. */
    async createLinked(caller: Caller, body: CreateEventInput): Promise<CreateEventResponse & { id: string }> {
      const { row, ingestKey } = await this.insertEvent(caller, body);
      return { id: row.id, key: row.key, ingestKey };
    },

    async insertEvent(caller: Caller, body: CreateEventInput, inTransaction?: (tx: Executor, row: LiveEventRow) => Promise<void>) {
      if ((await billing.level(caller)) !== 'team') throw new AppError('FORBIDDEN', TEAM_ONLY);
      const user = await users.requireRegistered(caller);
      const id = randomUUID();
      const key = newEventKey();
      const secret = await sealed(id);
      const row = await repo.insertUnlessDuplicate({
        id,
        tenantId: caller.tenantId,
        key,
        ownerUserId: user.id,
        channelId: await repo.teamChannelOf(user.id, user.activeChannelId),
        title: body.title,
        sport: body.type,
        startsAt: new Date(Date.parse(body.date)),
        thumbnail: body.thumbnail,
        isPublic: body.public,
        ingestKeyHash: secret.hash,
        ingestKeyBox: secret.box,
      }, inTransaction);
      // A 409 on event creation shows 'Username already exists' (docs/product.md#messages-and-failures); the one
      // conflict an event can have is its owner creating the same game (title and start) twice.
      if (!row) throw new AppError('CONFLICT', USERNAME_TAKEN);
      return { row, ingestKey: secret.ingestKey };
    },

    /** `GET /api/events/{key}/ingest`: the owner reads the ingest key again. */
    async ingestKey(caller: Caller, key: string): Promise<{ ingestKey: string }> {
      const event = await owned(caller, key);
      return { ingestKey: await box.decrypt(event.ingestKeyBox, boxContext(event.id)) };
    },

    /**
     * What a browser publish needs (`GET /api/live/{key}/publish`): the event and its ingest key. 403 for a
     * viewer who sees the event but does not own it (they get a reason on the socket), 404 otherwise.
     */
    async publishTarget(caller: Caller, key: string): Promise<{ eventId: string; ingestKey: string }> {
      const { row, viewer } = await visible(caller, key);
      if (row.event.ownerUserId !== viewer.userId) throw new AppError('FORBIDDEN', NOT_EVENT_OWNER);
      return { eventId: row.event.id, ingestKey: await box.decrypt(row.event.ingestKeyBox, boxContext(row.event.id)) };
    },

    /** `POST /api/events/{key}/ingest` ("new key"): the old key's hash is replaced, so it stops working at once. */
    async rotateIngestKey(caller: Caller, key: string): Promise<{ ingestKey: string }> {
      const event = await owned(caller, key);
      const secret = await sealed(event.id);
      await repo.replaceIngestKey(event.id, secret.hash, secret.box);
      return { ingestKey: secret.ingestKey };
    },

    /** `GET /api/team/live`: the caller's teams' live events first, then public ones. */
    async live(caller: Caller): Promise<LiveStreamList> {
      const rows = await repo.live(await viewerOf(caller), {}, LIVE_LIST_MAX);
      return { items: rows.map(toLiveStream), next: null };
    },

    /** `GET /api/team/upcoming?timestamp=`: soonest first, `next` = the last item's start (ms). */
    async upcoming(caller: Caller, query: { limit?: number | undefined; timestamp?: number | undefined }): Promise<LiveStreamList> {
      const viewer = await viewerOf(caller);
      const { rows, next } = await msKeysetPage(query.limit ?? PAGE_SIZE, (r) => r.event.startsAt.getTime(), {
        page: (limit) => repo.upcoming(viewer, {}, { afterMs: query.timestamp, limit }),
        at: (ms) => repo.upcomingAt(viewer, {}, ms),
        after: (ms) => repo.upcoming(viewer, {}, { afterMs: ms, limit: 1 }),
      });
      return { items: rows.map(toLiveStream), next };
    },

    /** `GET /api/team/archives?timestamp=`: ended events, latest start first, `next` = the last item's start (ms). */
    async archives(caller: Caller, query: { limit?: number | undefined; timestamp?: number | undefined }): Promise<LiveStreamList> {
      return results(await viewerOf(caller), {}, { limit: query.limit ?? PAGE_SIZE, timestamp: query.timestamp });
    },

    /** `GET /api/events?q=&sport=&status=&timestamp=`: what the caller may see, live first, then upcoming; or the results. */
    async search(caller: Caller, query: SearchInput): Promise<LiveStreamList> {
      return discoveryList(caller, { sport: sportFilter(query.sport), q: query.q || undefined }, query);
    },

    /** `GET /api/sports/{code}/events`: the same list for one sport (404 for a code that names none). */
    async ofSport(caller: Caller, code: string, query: SearchInput): Promise<LiveStreamList> {
      const sport = toSportCode(code);
      if (!sport) throw new AppError('NOT_FOUND', SPORT_NOT_FOUND);
      return discoveryList(caller, { sport, q: query.q || undefined }, query);
    },

    /** `GET /api/live/{key}`. */
    async get(caller: LiveCaller, key: string): Promise<LiveEvent> {
      const { row, viewer } = await visible(caller, key);
      return toLiveEvent(row, await playbackOf(caller, row, viewer), viewer.userId !== null && row.event.ownerUserId === viewer.userId);
    },

    /** An event the caller may see (404 otherwise), for other modules (clips of live events). */
    async visibleEvent(caller: Caller, key: string): Promise<VisibleEvent> {
      const { row, viewer } = await visible(caller, key);
      return { event: row.event, title: row.event.title, viewerUserId: viewer.userId };
    },

    /** An event the caller may play (404 when not visible, 403 without a subscription or the editor role). */
    async playableEvent(caller: LiveCaller, key: string): Promise<VisibleEvent & { viewerUserId: number }> {
      const { row, viewer } = await visible(caller, key);
      if (!(await mayPlay(caller, viewer))) throw new AppError('FORBIDDEN', NO_SUBSCRIPTION);
      return { event: row.event, title: row.event.title, viewerUserId: viewer.userId! };
    },

    byId: repo.byId,
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
