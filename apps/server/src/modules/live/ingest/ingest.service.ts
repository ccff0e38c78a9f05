import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Storage } from '../../../storage/storage';
import type { IngestEvent, IngestRepo } from './ingest.repo';
import { runPublish, type PublishListener } from './ingest-sessions';
import { startRtmpServer, type RtmpSession } from './rtmp-server';
import { isDatabaseUnavailable } from '../../../db/database-unavailable';
import { untilDatabaseAnswers } from '../../../db/database-wait';

export interface IngestOptions {
  repo: IngestRepo;
  storage: Storage;
  log: Logger;
  port: number;
  host: string;
  dataDir: string;
  /** Segments one stream may have waiting for Storage before the oldest is dropped (a minute by default). */
  maxQueuedSegments?: number;
  /** Segments one stream may have in Storage waiting for the database before the oldest is dropped (30 minutes by default). */
  maxUnrecordedSegments?: number;
  /** Told of each publish once its clock is known (the auto highlights analyse its audio). */
  onPublish?: PublishListener;
}

export interface Ingest {
  port: number;
  /** Stops taking publishes, ends the running ones (their last segments stored, events ended) and stops. */
  close(): Promise<void>;
}

/** A publish this long after the event ended still continues it (encoder drops, server restarts). */
export const RESUME_WINDOW_SEC = 120;
/** A live event nobody has fed for this long lost its ingest node; it is ended so its archive plays. */
const ABANDONED_AFTER_SEC = 4;
const SWEEP_EVERY_MS = 1000;
const REFUSED_LINGER_MS = 1000;
/** How long a stopping node waits for its streams' last segments to reach Storage. */
const CLOSE_PATIENCE_MS = 10_000;
/** How long an accepted publish waits for an unavailable database to tell where its event goes on. */
const FIRST_SEQ_PATIENCE_MS = 60_000;

interface ActivePublish {
  sessionId: string;
  /** The publisher's connection has closed; the last segments are still being stored. */
  ending: boolean;
  done: Promise<void>;
}

/**
 * Live ingest on this node: the RTMP server, the publish check, one packaging run per accepted publish,
 * and the sweep that keeps our events fresh and ends those whose node went away.
 */
export async function startIngest(options: IngestOptions): Promise<Ingest> {
  const log = options.log.child({ component: 'ingest' });
  const { repo } = options;
  const active = new Map<string, ActivePublish>();
  // node-media-server keeps emitting events for a session we closed: never act on one twice.
  const refused = new Set<string>();
  const stopping = { stopped: false };
  const workDir = path.join(options.dataDir, 'live-ingest');

  // What a crashed run of this node left: no publish of ours runs yet.
  await rm(workDir, { recursive: true, force: true });
  const ended = await repo.endAbandoned(ABANDONED_AFTER_SEC, []);
  if (ended.length > 0) log.warn({ events: ended }, 'ended live events left running by a stopped server');

  const refuse = (session: RtmpSession, reason: string) => {
    refused.add(session.id);
    session.socket.once('close', () => refused.delete(session.id));
    log.warn({ rtmpSession: session.id, ip: session.ip, reason }, 'refused an RTMP publish');
    session.close();
    // close() only half-closes: an encoder that ignores it must not keep sending into the server.
    setTimeout(() => session.socket.destroy(), REFUSED_LINGER_MS).unref();
  };

  async function accept(session: RtmpSession, acceptedAtMs: number): Promise<void> {
    const hash = createHash('sha256').update(session.streamName).digest('hex');
    const event = session.streamApp === 'live' ? await repo.findEventByIngestHash(hash) : null;
    if (session.socket.destroyed || stopping.stopped) return;
    const problem = refusal(event, active.get(event?.id ?? ''));
    if (problem || !event) return refuse(session, problem ?? 'unknown ingest key');

    // A reconnect while the last publish is still storing its final segments continues after them.
    const previous = active.get(event.id);
    const publish: ActivePublish = { sessionId: session.id, ending: false, done: Promise.resolve() };
    active.set(event.id, publish);
    session.socket.once('close', () => (publish.ending = true));
    publish.done = (async () => {
      await previous?.done;
      const firstSeq = await untilDatabaseAnswers(() => repo.nextSeq(event.id), { patienceMs: FIRST_SEQ_PATIENCE_MS });
      await runPublish({ repo, storage: options.storage, log, rtmp: server, workDir, maxQueued: options.maxQueuedSegments, maxUnrecorded: options.maxUnrecordedSegments, onPublish: options.onPublish }, { event, session, acceptedAtMs, firstSeq }, stopping);
    })()
      .catch((err: unknown) => {
        log.error({ err, eventId: event.id }, 'live publish failed');
        session.close();
      })
      .finally(() => {
        if (active.get(event.id) === publish) active.delete(event.id);
      });
  }

  const server = await startRtmpServer({
    port: options.port,
    host: options.host,
    dataDir: options.dataDir,
    log,
    onPublish(session) {
      if (refused.has(session.id)) return;
      const acceptedAtMs = Date.now();
      accept(session, acceptedAtMs).catch((err: unknown) => {
        log.error({ err }, 'could not check an RTMP publish');
        refuse(session, 'the ingest key could not be checked');
      });
    },
  });

  let sweeping = false;
  // Since when every sweep reached the database (null: the last one failed). While it was unreachable no
  // node could touch its events: they all look abandoned at first. Others' events are ended only once
  // their nodes had as long to touch them again as an abandoned event is given.
  let reachableSince: number | null = Date.now();
  let unreachableSince: number | null = null;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    const ours = [...active.keys()];
    repo
      .touch(ours)
      .then(() => {
        if (unreachableSince !== null) log.info({ afterMs: Date.now() - unreachableSince }, 'live ingest sweep reaches the database again');
        unreachableSince = null;
        reachableSince ??= Date.now();
        return Date.now() - reachableSince > ABANDONED_AFTER_SEC * 1000 ? repo.endAbandoned(ABANDONED_AFTER_SEC, ours) : [];
      })
      .then((ids) => ids.length > 0 && log.warn({ events: ids }, 'ended live events whose ingest node stopped'))
      .catch((err: unknown) => {
        reachableSince = null;
        if (!isDatabaseUnavailable(err)) return log.error({ err }, 'live ingest sweep failed');
        if (unreachableSince === null) log.warn({ err }, 'live ingest sweep cannot reach the database; no live event is ended until it can');
        unreachableSince ??= Date.now();
      })
      .finally(() => (sweeping = false));
  }, SWEEP_EVERY_MS);
  sweep.unref();

  return {
    port: server.port,
    async close() {
      stopping.stopped = true;
      clearInterval(sweep);
      // Closing the connections ends each publish: its segmenter flushes, its event is marked ended.
      await server.close();
      // A Storage that hangs must not hold the process; those events are ended by the next node's sweep.
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_PATIENCE_MS)));
      await Promise.race([Promise.all([...active.values()].map((p) => p.done)), patience]);
      clearTimeout(timer);
    },
  };
}

/** Why this publish is refused, or null. A second publisher on a key that is publishing is refused, not queued. */
function refusal(event: IngestEvent | null, current: ActivePublish | undefined): string | null {
  if (!event) return 'unknown ingest key';
  if (current && !current.ending) return 'this ingest key is already publishing';
  if (event.status === 'ended' && event.endedAt && Date.now() - event.endedAt.getTime() > RESUME_WINDOW_SEC * 1000) {
    return 'the event has ended';
  }
  const fresh = event.lastSeenAt && Date.now() - event.lastSeenAt.getTime() < ABANDONED_AFTER_SEC * 1000;
  if (!current && event.status === 'live' && fresh) return 'this ingest key is publishing to another server';
  return null;
}
