import type { NotificationListener } from '../../db/notification-listener';

/**
 * `NOTIFY image_settled, '<image id>'`: sent by the transaction that ends an image's processing
 * (ready or failed) or deletes it, on whichever node runs it.
 */
export const IMAGE_CHANNEL = 'image_settled';

/**
 * Requests waiting for an image to settle, woken by the node's one LISTEN connection: a waiting
 * request reads its image once after subscribing, then once per notification about it, never on a timer.
 */
export function createImageWaits(notifications: Pick<NotificationListener, 'on' | 'onListening'>) {
  const waiting = new Map<string, Set<() => void>>();
  notifications.on(IMAGE_CHANNEL, (id) => {
    for (const wake of waiting.get(id) ?? []) wake();
  });
  // NOTIFY is never replayed: after a (re)connect every waiting request reads its image again.
  notifications.onListening(() => {
    for (const wakes of waiting.values()) for (const wake of wakes) wake();
  });

  return {
    /**
     * Reads `id` with `read` until `settled` says so or `timeoutMs` ran out; answers the last read.
     * The first read comes after subscribing, so a change committed before it is in what it reads
     * and one committed after it is notified.
     */
    async until<T>(id: string, read: () => Promise<T>, settled: (value: T) => boolean, timeoutMs: number): Promise<T> {
      let woken = false;
      let expired = false;
      let resume: (() => void) | undefined;
      const wake = () => {
        woken = true;
        resume?.();
      };
      const timer = setTimeout(() => {
        expired = true;
        resume?.();
      }, timeoutMs);
      const wakes = waiting.get(id) ?? new Set();
      waiting.set(id, wakes.add(wake));
      try {
        for (;;) {
          const value = await read();
          if (settled(value)) return value;
          // A notification that came during the read counts: it may be about a commit the read missed.
          while (!woken && !expired) await new Promise<void>((resolve) => (resume = resolve));
          if (expired) return value;
          woken = false;
        }
      } finally {
        clearTimeout(timer);
        wakes.delete(wake);
        if (wakes.size === 0) waiting.delete(id);
      }
    },
  };
}
