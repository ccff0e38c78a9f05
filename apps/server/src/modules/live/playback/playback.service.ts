import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../../db/database-unavailable';
import type { NotificationListener } from '../../../db/notification-listener';
import { AppError, DatabaseUnavailableError } from '../../../errors';
import type { PlaybackTokens, SegmentPaths } from '../playback-token';
import type { EventStatus, PlaybackRepo, StoredSegment } from './playback.repo';
import { buildPlaylist, targetDuration } from './playlist';
import { eventIdOf, SEGMENT_CHANNEL, STATUS_CHANNEL, VIEWER_ACCESS_CHANNEL } from './segment-notifications';

/** A viewer's row in `live_viewers` is refreshed at most this often per node (the count spans 30 s). */
export const VIEWER_MARK_MS = 15_000;
/** A blocking reload is held at most this many target durations (RFC 8216bis 6.2.5.2). */
const BLOCK_TARGET_DURATIONS = 3;
/** An event nobody asked for this long leaves the node's memory. */
const IDLE_EVICT_MS = 10 * 60_000;
const SWEEP_MS = 60_000;
/** While the database is down, reads are tried again at most this often. */
const UNREACHABLE_RETRY_MS = 1000;

export const NOT_STARTED = 'The stream has not started yet.';
const NOT_FOUND = 'Live event not found.';
const TOKEN_MISSING = 'A playback token is required to watch this event. Open the event page to get one.';
const TOKEN_INVALID = 'This playback link is invalid or has expired. Reload the event page to keep watching.';

/** What a node remembers of a watched event: kept current by notifications, read again when in doubt. */
interface CachedEvent {
  id: string;
  tenantId: string;
  key: string;
  status: EventStatus | 'deleted';
  /** The access epoch as last read: tokens of another epoch are refused. */
  epoch: number;
  segments: StoredSegment[];
  /** Its rows were read at least once: the node can serve it while the database is down. */
  loaded: boolean;
  lastUsed: number;
  /** Something may have changed since the last read. */
  stale: boolean;
  refreshing: Promise<void> | null;
  /** Blocked playlist requests, checked after every read. */
  waiters: Set<() => void>;
}

export interface PlaylistRequest {
  tenantId: string;
  key: string;
  token: string | undefined;
  /** `_HLS_msn`: answer once this segment exists (blocking reload). */
  msn?: number | undefined;
  /** `_HLS_skip=YES|v2`: a delta update. */
  skip: boolean;
}

export interface SegmentRequest {
  tenantId: string;
  key: string;
  /** The game's path token (`<bucket>.<HMAC>`), the same for every viewer. */
  pathToken: string;
  rendition: string;
  seq: number;
}

/** The rendition of the encoder's own stream, copied as published. */
export const SOURCE_RENDITION = 'source';
const SEGMENT_NOT_FOUND = 'Segment not found.';

export interface PlaybackServiceOptions {
  repo: PlaybackRepo;
  tokens: PlaybackTokens;
  segmentPaths: SegmentPaths;
  log: FastifyBaseLogger;
  now?: () => number;
  /** This node's LISTEN connection (shared with the rest of the node), listening on the live segment and status channels. */
  notifications: NotificationListener;
}

/**
 * Live and archive playback: playlists and segments behind playback tokens. Each node keeps the
 * segment rows of the events it serves in memory; a refresh of a 3-hour game reads nothing from the
 * database while the node's LISTEN connection is up (one read per new segment per node instead), and a
 * blocked request (`_HLS_msn`) is answered as soon as that read brings the segment it waits for.
 * While the database is down, what the node holds is served from memory (tokens need no database).
 */
export function createPlaybackService({ repo, tokens, segmentPaths, log, now = Date.now, notifications }: PlaybackServiceOptions) {
  const byId = new Map<string, CachedEvent>();
  /** Viewers' access epochs as last read; a bump's notification drops the viewer's entry. */
  const viewerEpochs = new Map<number, number>();
  const byKey = new Map<string, CachedEvent>();
  const viewerMarks = new Map<string, number>();
  /** When a read last found the database unreachable; null once one succeeds. */
  let unreachableAt: number | null = null;
  const retryDue = () => unreachableAt === null || now() - unreachableAt >= UNREACHABLE_RETRY_MS;
  /** Notes whether `err` says the database is down; rethrows anything else. */
  const unreachable = (err: unknown) => {
    if (!isDatabaseUnavailable(err)) throw err;
    unreachableAt = now();
  };

  /** Reads what changed; a database that cannot be reached leaves the entry stale (no rejection). */
  const refresh = (entry: CachedEvent): Promise<void> => {
    entry.refreshing ??= (async () => {
      try {
        while (entry.stale) {
          entry.stale = false;
          await readChanges(entry);
        }
        unreachableAt = null;
      } catch (err) {
        entry.stale = true;
        unreachable(err);
      } finally {
        entry.refreshing = null;
        for (const check of [...entry.waiters]) check();
      }
    })();
    return entry.refreshing;
  };

  const readChanges = async (entry: CachedEvent) => {
    const event = await repo.status(entry.id);
    if (event === null) {
      entry.status = 'deleted';
      forget(entry);
      return;
    }
    const last = entry.segments.at(-1)?.seq ?? -1;
    const rows = await repo.segmentsAfter(entry.id, last);
    // Appended in place: the array is the playlist's input, never copied per request.
    for (const row of rows) entry.segments.push(row);
    entry.status = event.status;
    entry.epoch = event.accessEpoch;
    entry.loaded = true;
  };

  const forget = (entry: CachedEvent) => {
    byId.delete(entry.id);
    for (const [k, e] of byKey) if (e === entry) byKey.delete(k);
  };

  const changed = (payload: string) => {
    const eventId = eventIdOf(payload);
    const entry = eventId === undefined ? undefined : byId.get(eventId);
    if (!entry) return;
    entry.stale = true;
    refresh(entry).catch((err: unknown) => log.error({ err, eventId }, 'reading a live event after a notification failed'));
  };
  const unlisten = [
    notifications.on(SEGMENT_CHANNEL, changed),
    notifications.on(STATUS_CHANNEL, changed),
    notifications.on(VIEWER_ACCESS_CHANNEL, (payload) => viewerEpochs.delete(Number(payload))),
    notifications.onListening(() => {
      // A bump may have been missed while not listening.
      viewerEpochs.clear();
      for (const entry of byId.values()) {
        entry.stale = true;
        refresh(entry).catch((err: unknown) => log.error({ err, eventId: entry.id }, 'reading a live event after reconnecting failed'));
      }
    }),
  ];

  const sweep = setInterval(() => {
    const t = now();
    for (const entry of byId.values()) if (t - entry.lastUsed > IDLE_EVICT_MS && entry.waiters.size === 0) forget(entry);
    for (const [k, at] of viewerMarks) if (t - at >= VIEWER_MARK_MS) viewerMarks.delete(k);
  }, SWEEP_MS);
  sweep.unref();

  /** The event behind a public key in this tenant, its rows current (or as last read while the database is down). */
  async function current(tenantId: string, key: string): Promise<CachedEvent> {
    const cacheKey = `${tenantId}/${key}`;
    let entry = byKey.get(cacheKey);
    if (!entry) {
      if (!retryDue()) throw new DatabaseUnavailableError();
      const row = await repo.eventByKey(tenantId, key).catch((err: unknown) => {
        unreachable(err);
        throw new DatabaseUnavailableError();
      });
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      // Another request may have loaded it meanwhile.
      entry = byId.get(row.id) ?? {
        id: row.id,
        tenantId,
        key,
        status: row.status,
        epoch: row.accessEpoch,
        segments: [],
        loaded: false,
        lastUsed: 0,
        stale: true,
        refreshing: null,
        waiters: new Set(),
      };
      byId.set(entry.id, entry);
      byKey.set(cacheKey, entry);
    }
    entry.lastUsed = now();
    await settle(entry);
    return entry;
  }

  /** The read in flight, else a new one unless the database is down and was tried less than a second ago. */
  const refreshIfDue = (entry: CachedEvent): Promise<void> | null => entry.refreshing ?? (retryDue() ? refresh(entry) : null);

  async function settle(entry: CachedEvent): Promise<void> {
    // Without the LISTEN connection silence proves nothing: read what is new on every request.
    if (!notifications.listening) entry.stale = true;
    if (entry.stale || entry.refreshing) {
      const read = refreshIfDue(entry);
      // While the database is down, what the node holds is answered at once; the read finds out when it is back.
      if (unreachableAt !== null && entry.loaded) read?.catch((err: unknown) => log.error({ err, eventId: entry.id }, 'reading a live event failed'));
      else await read;
    }
    if (entry.status === 'deleted') throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!entry.loaded) throw new DatabaseUnavailableError();
  }

  /** The viewer's access epoch, read once per node until a bump; while the database is down, the token's stands. */
  async function viewerEpoch(userId: number, given: number): Promise<number> {
    const known = viewerEpochs.get(userId);
    if (known !== undefined) return known;
    if (!notifications.listening || !retryDue()) return given;
    try {
      const epoch = await repo.viewerEpoch(userId);
      viewerEpochs.set(userId, epoch);
      return epoch;
    } catch (err) {
      unreachable(err);
      return given;
    }
  }

  /** The token's viewer, when it is genuine, unexpired and of the event's and the viewer's current access epochs. */
  async function authorize(entry: CachedEvent, token: string | undefined): Promise<number> {
    if (!token) throw new AppError('FORBIDDEN', TOKEN_MISSING);
    const grant = tokens.verify(token, entry.id, now());
    if (!grant || grant.eventEpoch !== entry.epoch || grant.viewerEpoch !== (await viewerEpoch(grant.userId, grant.viewerEpoch))) {
      throw new AppError('FORBIDDEN', TOKEN_INVALID);
    }
    return grant.userId;
  }

  /**
   * Feeds the viewer count (last 30 s); a failure costs one count, never the playback. While the
   * database is down it is tried at most once a second and no request waits for it.
   */
  async function markViewer(eventId: string, userId: number): Promise<void> {
    if (!retryDue()) return;
    const mark = `${eventId}:${userId}`;
    const t = now();
    const last = viewerMarks.get(mark);
    if (last !== undefined && t - last < VIEWER_MARK_MS) return;
    viewerMarks.set(mark, t);
    const write = repo.markViewer(eventId, userId).then(
      () => {
        unreachableAt = null;
      },
      (err: unknown) => {
        if (isDatabaseUnavailable(err)) unreachableAt = now();
        log.warn({ err, eventId, userId }, 'counting a live viewer failed');
      },
    );
    if (unreachableAt === null) await write;
  }

  const lastSeq = (entry: CachedEvent) => entry.segments.at(-1)?.seq ?? -1;

  /** Resolves when segment `msn` exists, the event is no longer live, or after `ms`. */
  function waitFor(entry: CachedEvent, msn: number, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        entry.waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (entry.status !== 'live' || lastSeq(entry) >= msn) done();
      };
      const timer = setTimeout(done, ms);
      entry.waiters.add(check);
      check();
    });
  }

  return {
    async playlist(request: PlaylistRequest): Promise<{ text: string; live: boolean }> {
      const entry = await current(request.tenantId, request.key);
      const userId = await authorize(entry, request.token);
      await markViewer(entry.id, userId);
      if (entry.segments.length === 0 || entry.status === 'upcoming') throw new AppError('NOT_FOUND', NOT_STARTED);

      const { msn } = request;
      if (msn !== undefined && entry.status === 'live' && msn > lastSeq(entry)) {
        // RFC 8216bis 6.2.5.2: a segment more than two beyond the last is a client error.
        if (msn > lastSeq(entry) + 2) {
          throw new AppError('BAD_REQUEST', `_HLS_msn ${msn} is more than two segments beyond the last one (${lastSeq(entry)}).`);
        }
        await waitFor(entry, msn, BLOCK_TARGET_DURATIONS * targetDuration(entry.segments) * 1000);
        await settle(entry);
      }
      const live = entry.status === 'live';
      const text = buildPlaylist({
        status: live ? 'live' : 'ended',
        segments: entry.segments,
        skip: request.skip,
        prefix: `a/${segmentPaths.sign({ tenantId: entry.tenantId, key: entry.key, epoch: entry.epoch }, now())}/${SOURCE_RENDITION}/`,
      });
      return { text, live };
    },

    /** The stored object of one segment of a genuine, current path token; 404 alike for anything else. */
    async segment(request: SegmentRequest): Promise<{ storageKey: string }> {
      const entry = await current(request.tenantId, request.key);
      const scope = { tenantId: entry.tenantId, key: entry.key, epoch: entry.epoch };
      if (request.rendition !== SOURCE_RENDITION || !segmentPaths.verify(request.pathToken, scope, now())) {
        throw new AppError('NOT_FOUND', SEGMENT_NOT_FOUND);
      }
      let found = findSegment(entry.segments, request.seq);
      if (!found && request.seq > lastSeq(entry)) {
        // Another node may have listed it before this one read it.
        entry.stale = true;
        await refreshIfDue(entry);
        found = findSegment(entry.segments, request.seq);
        // The database could not be asked: "not found" would be a guess.
        if (!found && unreachableAt !== null) throw new DatabaseUnavailableError();
      }
      if (!found) throw new AppError('NOT_FOUND', SEGMENT_NOT_FOUND);
      return { storageKey: found.storageKey };
    },

    async close(): Promise<void> {
      clearInterval(sweep);
      for (const stop of unlisten) stop();
      for (const entry of byId.values()) {
        entry.status = 'deleted';
        for (const check of [...entry.waiters]) check();
      }
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;

/** Segments count from 0 without gaps, so `seq` is normally the index. */
function findSegment(segments: readonly StoredSegment[], seq: number): StoredSegment | undefined {
  const at = segments[seq];
  if (at?.seq === seq) return at;
  return segments.find((s) => s.seq === seq);
}
