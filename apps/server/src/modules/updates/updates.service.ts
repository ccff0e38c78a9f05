import type { Caller } from '../../caller';
import { eventFrame } from '../../plugins/event-stream';
import type { UsersService } from '../users/users.service';
import type { UpdatesHub } from './updates-hub';
import type { UpdatesRepo } from './updates.repo';

/** A stream resuming further back than this many rows reloads its lists (`resync`) instead. */
const MAX_REPLAY = 5_000;

export interface UpdatesSubscription {
  /** The id the stream goes on after, once what it starts with is written. */
  readonly position: number;
  /** Writes what the stream starts with (a replay, a `resync`, or its position), then every update live. */
  start(write: (frame: string) => void): void;
  close(): void;
}

/**
 * `GET /api/updates` for one user: subscribes to the node's hub first (live updates wait in a buffer),
 * then replays what came after the client's last event id, then flushes only the buffered ids above
 * the replayed ones: no gap between replay and live, and no event twice.
 */
export function createUpdatesService({ repo, hub, users }: { repo: UpdatesRepo; hub: UpdatesHub; users: Pick<UsersService, 'getOrCreate'> }) {

  return {
    /** `lastEventId` null: from now on. */
    async subscribe(caller: Caller, lastEventId: number | null): Promise<UpdatesSubscription> {
      // Made from the sign-in profile if need be, as GET /api/user/me does: a page opens both at once.
      const user = await users.getOrCreate(caller);
      let write: ((frame: string) => void) | null = null;
      let last = 0;
      const buffered: { id: number; frame: string }[] = [];
      const close = hub.subscribe(user.tenantId, user.id, (id, frame) => {
        if (!write) buffered.push({ id, frame });
        else if (id > last) {
          last = id;
          write(frame);
        }
      });
      const initial: string[] = [];
      try {
        if (lastEventId === null) {
          last = await hub.position();
          // An id line alone moves the client's last event id: a reconnect resumes from here even when nothing came.
          initial.push(`id: ${last}\n\n`);
        } else {
          const replay = await repo.replay(user.tenantId, user.id, lastEventId, MAX_REPLAY);
          if (replay.resync) {
            last = replay.head;
            initial.push(eventFrame('resync', '{}', last));
          } else {
            last = lastEventId;
            for (const row of replay.rows) {
              initial.push(eventFrame(row.kind, row.json, row.id));
              last = row.id;
            }
          }
        }
      } catch (err) {
        close();
        throw err;
      }
      return {
        position: last,
        start(to) {
          for (const frame of initial) to(frame);
          for (const { id, frame } of buffered) {
            if (id <= last) continue;
            last = id;
            to(frame);
          }
          buffered.length = 0;
          write = to;
        },
        close,
      };
    },
  };
}
export type UpdatesService = ReturnType<typeof createUpdatesService>;
