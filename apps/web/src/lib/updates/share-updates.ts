import type { SseEvent } from '@/lib/updates/run-updates';

/** What the tab holding the stream tells the others: an event, or that the stream went on after `position` without replaying. */
type Shared = { kind: 'event'; event: SseEvent } | { kind: 'fresh'; position: number };

type ShareOptions = {
  /** The Web Lock's and the BroadcastChannel's name (one per signed-in user). */
  name: string;
  /**
   * Holds the stream until `signal` aborts, starting after `lastEventId()`; `emit` for each event,
   * `fresh` when it opened without a last event id, with the id it goes on after.
   */
  hold: (stream: { lastEventId: () => string; emit: (event: SseEvent) => void; fresh: (position: number) => void; signal: AbortSignal }) => Promise<void>;
  onEvent: (event: SseEvent) => void;
  /** This tab hears every event after `position` from now on: lists read before it may have missed something. */
  onFresh: (position: number) => void;
};

/**
 * One update stream per browser, not per tab (browsers allow 6 HTTP/1.1 connections per host, and a
 * seventh tab would hang): every tab asks for the same Web Lock; the one that gets it holds the
 * stream for as long as it lives and passes each event to the other tabs over a BroadcastChannel.
 * When it closes, the lock passes to a waiting tab, which carries on from the last event id it heard.
 * A tab that opens while another holds the stream listens before its lists load, so it misses nothing
 * the holder passes on after them. Without Web Locks (an old browser) each tab holds its own stream. Returns a stop function.
 */
export function shareUpdates({ name, hold, onEvent, onFresh }: ShareOptions): () => void {
  const stop = new AbortController();
  let lastEventId = '';
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);

  const receive = (message: Shared) => {
    if (message.kind === 'fresh') {
      if (lastEventId === '' || Number(lastEventId) < message.position) lastEventId = String(message.position);
      return onFresh(message.position);
    }
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
      fresh: (position) => share({ kind: 'fresh', position }),
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
