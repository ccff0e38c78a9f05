import type { FastifyReply } from 'fastify';

/** A comment line this often keeps proxies and the browser from dropping an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How soon a browser's EventSource reconnects after a dropped stream. */
const RETRY_MS = 1_000;

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Called once when the stream ends, by either side. */
  onEnd(cleanup: () => void): void;
}

/**
 * Takes the response over as a server-sent events stream (`text/event-stream`): the headers the app's
 * hooks set (security) are kept; nothing compresses or buffers it. Every event gets an increasing `id`.
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
  let id = 0;
  let ended = false;
  const cleanups: (() => void)[] = [];
  const finish = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const cleanup of cleanups) cleanup();
  };
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  raw.on('close', finish);
  return {
    send(event, data) {
      if (!ended) raw.write(`id: ${++id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      finish();
      raw.end();
    },
    onEnd(cleanup) {
      if (ended) cleanup();
      else cleanups.push(cleanup);
    },
  };
}
