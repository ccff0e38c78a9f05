import { createParser } from 'eventsource-parser';

import { positionOf } from '@/lib/updates/list-positions';

/** One server-sent event as the stream delivered it; `id` is the last id the stream gave (it carries over, as in EventSource). */
export type SseEvent = { event: string; data: string; id: string };

export const UPDATES_PATH = '/api/updates';

/** Reconnect delays: 1 s doubling to 30 s (with jitter, so tabs of many users do not return in step). */
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** The server sends a heartbeat every 15-25 s: this long without a byte means the connection is dead. */
const SILENCE_MS = 60_000;
/** A connection that stayed open this long was healthy: the next failure backs off from the start. */
const HEALTHY_MS = 30_000;

export type RunUpdatesOptions = {
  /** The access token to send; given the token the server refused (401), a renewed one. */
  getToken: (rejected?: string) => Promise<string | null>;
  /** The id of the last event seen anywhere in this browser ('' for none): sent as `Last-Event-ID`. */
  lastEventId: () => string;
  onEvent: (event: SseEvent) => void;
  /**
   * A connection is open; `fresh` when it started without `Last-Event-ID` (what happened before it is
   * not replayed), and `position` the id it goes on after (null from a server that does not say).
   */
  onOpen?: (fresh: boolean, position: number | null) => void;
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** Waits before a reconnect (tests pass one that does not wait). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

class RefusedToken extends Error {
  constructor(readonly token: string) {
    super('The update stream refused the access token');
  }
}

/** One connection, read to its end; says whether it was healthy (delivered something or stayed open). Throws when it cannot open or breaks. */
async function readOnce(options: RunUpdatesOptions, token: string): Promise<boolean> {
  const connection = new AbortController();
  const abort = () => connection.abort();
  options.signal.addEventListener('abort', abort, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(silence);
    silence = setTimeout(abort, SILENCE_MS);
  };
  try {
    const lastEventId = options.lastEventId();
    const headers = new Headers({ Accept: 'text/event-stream', Authorization: `Bearer ${token}` });
    if (lastEventId) headers.set('Last-Event-ID', lastEventId);
    watch();
    const response = await (options.fetch ?? globalThis.fetch)(UPDATES_PATH, { headers, signal: connection.signal, cache: 'no-store' });
    if (response.status === 401) throw new RefusedToken(token);
    if (!response.ok || !response.body) throw new Error(`The update stream answered ${response.status}`);
    options.onOpen?.(lastEventId === '', positionOf(response));
    const opened = Date.now();
    let delivered = false;
    // EventSource cannot send an Authorization header, so fetch reads the stream and this parses it;
    // the last id seen carries over to later events (what `Last-Event-ID` sends back).
    let lastId = '';
    const parser = createParser({
      onEvent: ({ event, data, id }) => {
        if (id !== undefined) lastId = id;
        delivered = true;
        options.onEvent({ event: event ?? 'message', data, id: lastId });
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return delivered || Date.now() - opened >= HEALTHY_MS;
      watch();
      parser.feed(value);
    }
  } finally {
    clearTimeout(silence);
    options.signal.removeEventListener('abort', abort);
  }
}

/**
 * Holds `GET /api/updates` open until `signal` aborts: reads it with fetch streaming (EventSource cannot
 * send the Bearer token), and when it ends or fails (a network drop, a server restart, the token
 * expiring) connects again with a fresh token and the last event's id, so the server replays what
 * was missed. Failures back off; a connection that delivered something starts the back-off over.
 */
export async function runUpdates(options: RunUpdatesOptions): Promise<void> {
  const wait = options.sleep ?? sleep;
  let delay = FIRST_DELAY_MS;
  let rejected: string | undefined;
  while (!options.signal.aborted) {
    const renewed = rejected !== undefined;
    try {
      const token = await options.getToken(rejected);
      rejected = undefined;
      if (token && (await readOnce(options, token))) delay = FIRST_DELAY_MS;
    } catch (error) {
      rejected = undefined;
      // A refused token is renewed at once; a renewed one refused too waits like any failure.
      if (error instanceof RefusedToken && !renewed) {
        rejected = error.token;
        continue;
      }
    }
    if (options.signal.aborted) return;
    await wait(delay * (0.8 + Math.random() * 0.4), options.signal);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }
}
