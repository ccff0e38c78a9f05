import { and, asc, eq, getTableColumns, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { channelMembers, channels, drawings, users } from '../../db/schema';

export type DrawingRow = typeof drawings.$inferSelect;
/** A drawing with its maker's username (the contract's `by`). */
export type DrawingWithMaker = DrawingRow & { makerUsername: string };
type Writer = Pick<Executor, 'insert' | 'update' | 'delete' | 'select'>;

const withMaker = { drawing: drawings, makerUsername: users.username };
/** What a write returns: the row and its maker's username, read in the same statement. */
const returnedWithMaker = { ...getTableColumns(drawings), makerUsername: sql<string>`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${drawings.makerUserId})` };
const flat = ({ drawing, makerUsername }: { drawing: DrawingRow; makerUsername: string }): DrawingWithMaker => ({ ...drawing, makerUsername });
const timeOrder = [asc(drawings.atSec), asc(drawings.createdAt), asc(drawings.id)];

/** The channels a user belongs to: those they own and those they are a member of. */
const teamsOf = (userId: number) =>
  or(eq(channels.ownerUserId, userId), sql`EXISTS (SELECT 1 FROM ${channelMembers} m WHERE m.channel_id = ${channels.id} AND m.user_id = ${userId})`);

/**
 * The drawings table. The teams of a video are the channels its owner belongs to (the teams module's tables,
 * read here in the writer's transaction, as the videos module reads them for who sees a video).
 */
export function createDrawingsRepo(db: Db) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** A video's drawings in time order. */
    async ofVideo(videoId: string): Promise<DrawingWithMaker[]> {
      const rows = await db.select(withMaker).from(drawings).innerJoin(users, eq(users.id, drawings.makerUserId)).where(eq(drawings.videoId, videoId)).orderBy(...timeOrder);
      return rows.map(flat);
    },

    async byId(tenantId: string, id: string): Promise<DrawingWithMaker | undefined> {
      const rows = await db
        .select(withMaker)
        .from(drawings)
        .innerJoin(users, eq(users.id, drawings.makerUserId))
        .where(and(eq(drawings.tenantId, tenantId), eq(drawings.id, id)));
      return rows[0] && flat(rows[0]);
    },

    /** The drawings of a video at `from` <= at < `to` (seconds of the video), in time order: what an export's chunk holds. */
    async inRange(videoId: string, from: number, to: number): Promise<DrawingRow[]> {
      return db
        .select()
        .from(drawings)
        .where(and(eq(drawings.videoId, videoId), gte(drawings.atSec, from), lt(drawings.atSec, to)))
        .orderBy(...timeOrder);
    },

    async insert(tx: Writer, values: Pick<DrawingRow, 'tenantId' | 'videoId' | 'makerUserId' | 'atSec' | 'holdSec' | 'shapes'>): Promise<DrawingWithMaker> {
      const [row] = await tx.insert(drawings).values(values).returning(returnedWithMaker);
      return row!;
    },

    async update(tx: Writer, id: string, values: Pick<DrawingRow, 'atSec' | 'holdSec' | 'shapes'>): Promise<DrawingWithMaker | undefined> {
      const [row] = await tx
        .update(drawings)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(drawings.id, id))
        .returning(returnedWithMaker);
      return row;
    },

    async delete(tx: Writer, id: string): Promise<boolean> {
      return (await tx.delete(drawings).where(eq(drawings.id, id)).returning({ id: drawings.id })).length > 0;
    },

    /** The channels of the teams a video belongs to: every one its owner belongs to (who hears of its drawings). */
    async teamsOfVideo(tx: Writer, tenantId: string, videoOwnerUserId: number): Promise<{ id: number; ownerUserId: number }[]> {
      return tx
        .select({ id: channels.id, ownerUserId: channels.ownerUserId })
        .from(channels)
        .where(and(eq(channels.tenantId, tenantId), teamsOf(videoOwnerUserId)));
    },
  };
}
export type DrawingsRepo = ReturnType<typeof createDrawingsRepo>;
