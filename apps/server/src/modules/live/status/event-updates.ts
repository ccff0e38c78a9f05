import type { LiveEventUpdate } from '@app/contracts/live';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../../db/database-unavailable';
import type { EventsRepo } from '../events.repo';

/**
 * Viewers come and go without a notification (a row ages out of the 30 s window): an event with open
 * pages is read again this often, so their count is at most this late.
 */
const VIEWERS_READ_MS = 1_000;

/** Called with the event's state; `null` once the event is deleted. */
export type UpdateListener = (update: LiveEventUpdate | null) => void;

interface Watched {
  listeners: Set<UpdateListener>;
  /** The last state sent, as JSON: a read that finds the same sends nothing. */
  last: string | null;
  reading: Promise<void> | null;
  /** A change was announced while a read ran: read once more after it. */
  again: boolean;
}

/**
 * Pushes each watched event's status and viewer count to its open pages (`GET /api/live/{key}/updates`):
 * a status change is announced by the database (the node's LISTEN connection, shared with playback)
 * and read at once; viewers are read every second while a page watches. One read per event per node,
 * however many pages watch it.
 */
export function createEventUpdates({ repo, log }: { repo: EventsRepo; log: FastifyBaseLogger }) {
  const watched = new Map<string, Watched>();
  // Reads run every second per watched event: during a database outage, say so once, not each time.
  let databaseDown = false;

  const read = (eventId: string, entry: Watched): Promise<void> => {
    if (entry.reading) {
      entry.again = true;
      return entry.reading;
    }
    entry.reading = (async () => {
      try {
        do {
          entry.again = false;
          const state = await repo.statusOf(eventId);
          if (databaseDown) log.info('the database is back; live event pages are updated again');
          databaseDown = false;
          const json = JSON.stringify(state);
          if (json === entry.last) continue;
          entry.last = json;
          for (const listener of [...entry.listeners]) listener(state);
        } while (entry.again);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) log.warn({ err, eventId }, 'reading a live event for its open pages failed');
        else if (!databaseDown) log.warn({ err: (err as Error).message }, 'the database is unavailable; live event pages keep their last state');
        databaseDown ||= isDatabaseUnavailable(err);
      } finally {
        entry.reading = null;
      }
    })();
    return entry.reading;
  };

  const ticker = setInterval(() => {
    for (const [eventId, entry] of watched) void read(eventId, entry);
  }, VIEWERS_READ_MS);
  ticker.unref();

  return {
    /** Sends the event's state to `listener` now and on every change, until the returned function is called. */
    watch(eventId: string, listener: UpdateListener): () => void {
      let entry = watched.get(eventId);
      if (!entry) {
        entry = { listeners: new Set(), last: null, reading: null, again: false };
        watched.set(eventId, entry);
      }
      entry.listeners.add(listener);
      // A new page gets the current state even when nothing changes: read it for everyone, or repeat it.
      if (entry.last === null) void read(eventId, entry);
      else listener(JSON.parse(entry.last) as LiveEventUpdate | null);
      const own = entry;
      return () => {
        own.listeners.delete(listener);
        if (own.listeners.size === 0 && watched.get(eventId) === own) watched.delete(eventId);
      };
    },

    /** The database announced a change of this event (a status, a segment): read it now if a page watches. */
    changed(eventId: string): void {
      const entry = watched.get(eventId);
      if (entry) void read(eventId, entry);
    },

    /** Notifications were lost for a while: anything may have changed. */
    changedAll(): void {
      for (const [eventId, entry] of watched) void read(eventId, entry);
    },

    close(): void {
      clearInterval(ticker);
      watched.clear();
    },
  };
}
export type EventUpdates = ReturnType<typeof createEventUpdates>;
