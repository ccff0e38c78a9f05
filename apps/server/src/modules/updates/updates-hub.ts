import type { FastifyBaseLogger } from 'fastify';
import type { NotificationListener } from '../../db/notification-listener';
import { eventFrame } from '../../plugins/event-stream';
import { TEAM_UPDATE_CHANNEL } from './record-update';
import type { UpdateRow, UpdatesRepo } from './updates.repo';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many `GET /api/updates` streams this node holds (tests and benchmarks check cleanup with it). */
    teamUpdateStreams(): number;
  }
}

/** Rows read per query while catching up. */
const BATCH = 500;
/** After a failed read the hub tries again this soon (a notification may never come). */
const RETRY_MS = 1_000;

/** Receives an update the hub delivers to one open stream: its id and the frame to write as it is. */
export type Deliver = (id: number, frame: string) => void;

interface Subscriber {
  tenantId: string;
  deliver: Deliver;
}

/**
 * The node's fan-out of team updates to its open streams. It remembers the highest id it has
 * delivered; each notification (and each reconnect of the LISTEN connection, after which anything may
 * have been missed) makes it read every row above that, in id order and in batches, and hand each row
 * to the streams of the users who may see it now: a user row to that user, a channel row to the
 * channel's current members (one membership query per batch, whatever the number of streams). One read
 * per row per node; a row is delivered once, in order.
 */
export function createUpdatesHub({ repo, notifications, log }: { repo: UpdatesRepo; notifications: NotificationListener; log: FastifyBaseLogger }) {
  const byUser = new Map<number, Set<Subscriber>>();
  /** The highest id delivered; null until the head has been read (the hub starts from "now"). */
  let delivered: number | null = null;
  let reading: Promise<void> | null = null;
  let again = false;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const deliver = async (rows: UpdateRow[]) => {
    if (byUser.size === 0) return;
    const channelIds = [...new Set(rows.flatMap((row) => (row.userId === null && row.channelId !== null ? [row.channelId] : [])))];
    const members = new Map<number, number[]>();
    if (channelIds.length > 0) {
      for (const { channelId, userId } of await repo.members(channelIds, [...byUser.keys()])) {
        const list = members.get(channelId);
        if (list) list.push(userId);
        else members.set(channelId, [userId]);
      }
    }
    for (const row of rows) {
      const audience = row.userId !== null ? [row.userId] : (members.get(row.channelId!) ?? []);
      const frame = eventFrame(row.kind, row.json, row.id);
      for (const userId of audience) {
        for (const subscriber of byUser.get(userId) ?? []) if (subscriber.tenantId === row.tenantId) subscriber.deliver(row.id, frame);
      }
    }
  };

  const catchUp = async () => {
    if (delivered === null) {
      delivered = await repo.head();
      return;
    }
    for (;;) {
      const rows = await repo.after(delivered, BATCH);
      if (rows.length === 0) return;
      await deliver(rows);
      delivered = rows.at(-1)!.id;
      if (rows.length < BATCH) return;
    }
  };

  const read = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          again = false;
          await catchUp();
        } while (again && !closed);
      } catch (err) {
        log.warn({ err }, 'reading team updates failed; trying again');
        if (!closed && !retry) {
          retry = setTimeout(() => {
            retry = null;
            void read();
          }, RETRY_MS);
          retry.unref();
        }
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  const unlisten = [notifications.on(TEAM_UPDATE_CHANNEL, () => void read()), notifications.onListening(() => void read())];

  return {
    /**
     * Delivers every row above the hub's position that `userId` of `tenantId` may see, until the
     * returned function is called.
     */
    subscribe(tenantId: string, userId: number, onUpdate: Deliver): () => void {
      const subscriber: Subscriber = { tenantId, deliver: onUpdate };
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(subscriber);
      const own = set;
      return () => {
        own.delete(subscriber);
        if (own.size === 0 && byUser.get(userId) === own) byUser.delete(userId);
      };
    },

    /** The hub's position: a subscriber registered now receives every row above it. */
    async position(): Promise<number> {
      if (delivered === null) await read();
      if (delivered === null) throw new Error('team updates cannot be read');
      return delivered;
    },

    /** How many streams are subscribed. */
    get subscribers(): number {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },

    close(): void {
      closed = true;
      if (retry) clearTimeout(retry);
      for (const stop of unlisten) stop();
      byUser.clear();
    },
  };
}
export type UpdatesHub = ReturnType<typeof createUpdatesHub>;
