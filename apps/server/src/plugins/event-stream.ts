import type { FastifyReply } from 'fastify';

/** A comment line this often keeps proxies and the browser from dropping an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How soon a browser's EventSource reconnects after a dropped stream. */
const RETRY_MS = 1_000;
/**
 * A client that reads nothing while this much waits for it is dropped rather than held in memory: it
 * reconnects (with `Last-Event-ID` where the stream has ids) and catches up.
 */
const MAX_UNSENT_BYTES = 1 << 20;

/** One event as it goes on the wire; built once, it can be written to any number of streams. */
export function eventFrame(event: string, json: string, id: number | string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${json}\n\n`;
}

export interface EventStream {
  /** Sends an event with `id` when given, else the stream's own increasing count. */
  send(event: string, data: unknown, id?: number): void;
  /** Writes frames made by `eventFrame` (or an `id:` line alone, which moves the client's last event id). */
  write(frame: string): void;
  end(): void;
  /** Called once when the stream ends, by either side. */
  onEnd(cleanup: () => void): void;
}

/**
 * Takes the response over as a server-sent events stream (`text/event-stream`): the headers the app's
 * hooks set (security) are kept; nothing compresses or buffers it (the route must also say
 * `compress: false`).
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx buffers a proxied response unless told not to.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);
  let count = 0;
  let ended = false;
  const cleanups: (() => void)[] = [];
  const finish = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const cleanup of cleanups) cleanup();
  };
  const write = (text: string) => {
    if (ended) return;
    if (raw.writableLength > MAX_UNSENT_BYTES) {
      stream.end();
      return;
    }
    raw.write(text);
  };
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  raw.on('close', finish);
  // The client may have gone while the route prepared the stream: its close event has passed.
  if (!raw.socket || raw.socket.destroyed) finish();
  const stream: EventStream = {
    send(event, data, id) {
      write(eventFrame(event, JSON.stringify(data), id ?? ++count));
    },
    write,
    end() {
      finish();
      raw.end();
    },
    onEnd(cleanup) {
      if (ended) cleanup();
      else cleanups.push(cleanup);
    },
  };
  return stream;
}

/**
 * Open streams per key (a user), counted on this node. `take` is synchronous, so no await falls between
 * the check and the count: concurrent opens cannot all pass. It returns the place's release (which frees
 * it once, however often it is called), or null when the key holds `max` already.
 */
export function createStreamSlots(max: number) {
  const open = new Map<string, number>();
  return {
    take(key: string): (() => void) | null {
      const held = open.get(key) ?? 0;
      if (held >= max) return null;
      open.set(key, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = open.get(key)! - 1;
        if (left === 0) open.delete(key);
        else open.set(key, left);
      };
    },
  };
}
