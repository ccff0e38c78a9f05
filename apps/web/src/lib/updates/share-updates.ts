import type { SseEvent } from '@/lib/updates/sse-parser';

/** What the tab holding the stream tells the others. */
type Shared = { kind: 'event'; event: SseEvent } | { kind: 'fresh' };

type ShareOptions = {
  /** The Web Lock's and the BroadcastChannel's name (one per signed-in user). */
  name: string;
  /** Holds the stream until `signal` aborts, starting after `lastEventId()`; `emit` for each event, `fresh` when it opened without one. */
  hold: (stream: { lastEventId: () => string; emit: (event: SseEvent) => void; fresh: () => void; signal: AbortSignal }) => Promise<void>;
  onEvent: (event: SseEvent) => void;
  /** The stream opened with nothing to replay from: lists loaded before it may have missed something. */
  onFresh: () => void;
};

/**
 * One update stream per browser, not per tab (browsers allow 6 HTTP/1.1 connections per host, and a
 * seventh tab would hang): every tab asks for the same Web Lock; the one that gets it holds the
 * stream for as long as it lives and passes each event to the other tabs over a BroadcastChannel.
 * When it closes, the lock passes to a waiting tab, which carries on from the last event id it heard.
 * Without Web Locks (an old browser) each tab holds its own stream. Returns a stop function.
 */
export function shareUpdates({ name, hold, onEvent, onFresh }: ShareOptions): () => void {
  const stop = new AbortController();
  let lastEventId = '';
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);

  const receive = (message: Shared) => {
    if (message.kind === 'fresh') return onFresh();
    if (message.event.id) lastEventId = message.event.id;
    onEvent(message.event);
  };
  channel?.addEventListener('message', (message: MessageEvent<Shared>) => receive(message.data));

  const share = (message: Shared) => {
    receive(message);
    channel?.postMessage(message);
  };
  const lead = () =>
    hold({
      lastEventId: () => lastEventId,
      emit: (event) => share({ kind: 'event', event }),
      fresh: () => share({ kind: 'fresh' }),
      signal: stop.signal,
    });

  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Rejects with an AbortError when stopped while still waiting for the lock: nothing to do then.
  if (locks) locks.request(name, { signal: stop.signal }, lead).catch(() => {});
  else void lead();

  return () => {
    stop.abort();
    channel?.close();
  };
}
