import type { UpdateData, UpdateEventName } from '@app/contracts/talk';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/job-transaction';
import { insertUpdate } from './updates.repo';

/** `NOTIFY team_update, '<id>'`: a new row in team_updates. The payload is only the id (NOTIFY is never replayed; the table is). */
export const TEAM_UPDATE_CHANNEL = 'team_update';

/** Any fixed number: the one advisory lock that orders every team update. */
const TEAM_UPDATES_LOCK = 2_113_021;

/** The pool, a drizzle transaction or a job transaction: whatever the writer holds. */
type Writer = Pick<Executor, 'execute' | 'insert'>;

/**
 * Takes the lock that orders team updates, held to the commit. A writer whose update's data is read
 * from the database (an unread count) takes it before reading, so what it reads includes every
 * update committed before its own.
 */
export async function lockUpdates(tx: Writer): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEAM_UPDATES_LOCK})`);
}

/** Who hears an update: every member of a channel, or one user. */
export type UpdateAudience = { tenantId: string } & ({ channelId: number; userId?: undefined } | { userId: number; channelId?: undefined });

/**
 * Records an update for `GET /api/updates` in the writer's transaction: it exists exactly when the
 * change it announces does. Call it last in the transaction: the advisory lock it takes is held to
 * the commit, so a reader that saw id N has seen every id below N (ids from a sequence are otherwise
 * committed out of order, and a stream resuming "after N" would skip the late one).
 */
export async function recordUpdate<K extends UpdateEventName>(tx: Writer, audience: UpdateAudience, kind: K, data: UpdateData[K]): Promise<number> {
  await lockUpdates(tx);
  const id = await insertUpdate(tx, { tenantId: audience.tenantId, channelId: audience.channelId ?? null, userId: audience.userId ?? null, kind, data });
  await tx.execute(sql`SELECT pg_notify(${TEAM_UPDATE_CHANNEL}, ${String(id)})`);
  return id;
}
