import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** `NOTIFY live_segment, '<eventId>:<seq>'`: the ingest writes it with each new segment row. */
export const SEGMENT_CHANNEL = 'live_segment';
/** `'<eventId>'`: migration 0016's trigger, when an event's status changes or it is deleted. */
export const STATUS_CHANNEL = 'live_event_status';

const RECONNECT_MS = 1_000;

export interface SegmentNotificationHandlers {
  /** Something about this event changed: a new segment (`SEGMENT_CHANNEL`), its status or its deletion (`STATUS_CHANNEL`). */
  onEvent(eventId: string, channel: string): void;
  /**
   * The connection is (again) listening. Anything may have happened while it was not: whatever was
   * learned before must be read again.
   */
  onListening(): void;
}

export interface SegmentNotifications {
  /** True while notifications arrive: only then may a cache trust that silence means "nothing new". */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * One dedicated PostgreSQL connection per node LISTENing for live segments and status changes, fanned
 * out in process, so a thousand viewers waiting on a blocking playlist reload cost one connection and
 * one read per new segment. NOTIFY is never replayed: after a lost connection it reconnects and says
 * so (`onListening`), and `listening` is false in between.
 */
export function listenForSegments(config: pg.ClientConfig, handlers: SegmentNotificationHandlers, log: FastifyBaseLogger): SegmentNotifications {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    retry = null;
    const c = new pg.Client({ ...config, application_name: 'teamfilm-live-notify' });
    client = c;
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      listening = false;
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      if (closed) return;
      if (err) log.warn({ err }, 'live segment notifications lost; reconnecting');
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (message) => {
      const eventId = message.payload?.split(':', 1)[0];
      if (eventId) handlers.onEvent(eventId, message.channel);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${SEGMENT_CHANNEL}; LISTEN ${STATUS_CHANNEL}`);
      if (client !== c) return;
      listening = true;
      handlers.onListening();
    } catch (err) {
      lost(err as Error);
    }
  };
  void connect();

  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
