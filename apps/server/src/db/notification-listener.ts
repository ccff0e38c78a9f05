import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** The name the listening connection shows in `pg_stat_activity` (operators and tests find it by it). */
export const LISTENER_APPLICATION_NAME = 'teamfilm-notify';

/** The first reconnect waits this long, each failed one twice as long, up to the cap. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export type NotificationHandler = (payload: string) => void;

export interface NotificationListener {
  /** True while notifications arrive: only then may a cache trust that silence means "nothing new". */
  readonly listening: boolean;
  /** Calls `handler` with each payload NOTIFYed on `channel` (one of those the listener was created with). */
  on(channel: string, handler: NotificationHandler): () => void;
  /**
   * Calls `handler` each time the connection is (again) listening. NOTIFY is never replayed: anything
   * may have happened while it was not, so whatever was learned before must be read again.
   */
  onListening(handler: () => void): () => void;
  close(): Promise<void>;
}

/**
 * One dedicated PostgreSQL connection per node LISTENing on `channels`, fanned out in process to every
 * part of the node that needs them (live playback, the status streams, team updates): a thousand
 * waiting pages cost one connection. A lost connection is reconnected with a growing back-off;
 * `listening` is false in between and `onListening` handlers run after every (re)connect.
 */
export function createNotificationListener(config: pg.ClientConfig, channels: readonly string[], log: FastifyBaseLogger): NotificationListener {
  const handlers = new Map<string, Set<NotificationHandler>>(channels.map((channel) => [channel, new Set()]));
  const listeningHandlers = new Set<() => void>();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let backoff = RECONNECT_MIN_MS;

  const connect = async () => {
    retry = null;
    const c = new pg.Client({ ...config, application_name: LISTENER_APPLICATION_NAME });
    client = c;
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      listening = false;
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err, retryInMs: backoff }, 'database notifications lost; reconnecting');
      retry = setTimeout(() => void connect(), backoff);
      retry.unref();
      backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) {
        try {
          handler(message.payload ?? '');
        } catch (err) {
          log.error({ err, channel: message.channel }, 'a notification handler failed');
        }
      }
    });
    try {
      await c.connect();
      await c.query(channels.map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join('; '));
      if (client !== c) return;
      listening = true;
      backoff = RECONNECT_MIN_MS;
      for (const handler of [...listeningHandlers]) handler();
    } catch (err) {
      lost(err as Error);
    }
  };
  void connect();

  return {
    get listening() {
      return listening;
    },
    on(channel, handler) {
      const set = handlers.get(channel);
      if (!set) throw new Error(`the notification listener does not LISTEN on ${channel}`);
      set.add(handler);
      return () => set.delete(handler);
    },
    onListening(handler) {
      listeningHandlers.add(handler);
      return () => listeningHandlers.delete(handler);
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
