import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/job-transaction';
import { channelMembers, channels, clips, liveEvents, teamActivity, users } from '../../db/schema';
import type { BoardItemRow } from './board-item';

/** The pool or a transaction (drizzle's, or a job's). */
type Reader = Pick<Executor, 'select'>;
type Writer = Pick<Executor, 'select' | 'insert'>;

export type NewActivityRow = Pick<typeof teamActivity.$inferInsert, 'tenantId' | 'channelId' | 'publisherUserId' | 'subject' | 'content' | 'type' | 'action' | 'messageId'>;

const channelOwner = alias(users, 'channel_owner');

const itemColumns = {
  id: teamActivity.id,
  subject: teamActivity.subject,
  publisher: users.username,
  content: teamActivity.content,
  createdAt: teamActivity.createdAt,
  type: teamActivity.type,
  action: teamActivity.action,
  recipients: sql<string[] | null>`null`,
  owner: channelOwner.username,
  channel: channels.name,
  posterKey: clips.posterKey,
  replies: sql<number>`0`,
  liveTitle: liveEvents.title,
  liveStatus: liveEvents.status,
};

const items = (q: Reader) =>
  q
    .select(itemColumns)
    .from(teamActivity)
    .innerJoin(channels, eq(channels.id, teamActivity.channelId))
    .innerJoin(channelOwner, eq(channelOwner.id, channels.ownerUserId))
    .leftJoin(users, eq(users.id, teamActivity.publisherUserId))
    .leftJoin(clips, eq(clips.id, teamActivity.previewClipId))
    // A live item's game (the live module's rows): what the item says follows the game's state.
    .leftJoin(liveEvents, and(eq(teamActivity.type, 'live'), eq(liveEvents.key, teamActivity.action)));

/** Items of a channel, newest first (ties by id, so a page boundary inside one millisecond is stable). */
const activityPage = (q: Reader, channelId: number, options: { before?: Date; limit: number }): Promise<BoardItemRow[]> =>
  items(q)
    .where(and(eq(teamActivity.channelId, channelId), options.before ? lt(teamActivity.createdAt, options.before) : undefined))
    .orderBy(desc(teamActivity.createdAt), desc(teamActivity.id))
    .limit(options.limit);

/** Every item of a channel made within the millisecond starting at `at`. */
const activityInMillisecond = (q: Reader, channelId: number, at: Date): Promise<BoardItemRow[]> =>
  items(q)
    .where(and(eq(teamActivity.channelId, channelId), gte(teamActivity.createdAt, at), lt(teamActivity.createdAt, new Date(at.getTime() + 1))))
    .orderBy(desc(teamActivity.createdAt), desc(teamActivity.id));

const activityItem = (q: Reader, id: string): Promise<BoardItemRow | undefined> =>
  items(q)
    .where(eq(teamActivity.id, id))
    .then((rows) => rows[0]);

/** The items of a channel that announce the live game `key`. */
const liveItemsOf = (q: Reader, channelId: number, key: string): Promise<BoardItemRow[]> =>
  items(q).where(and(eq(teamActivity.channelId, channelId), eq(teamActivity.type, 'live'), eq(teamActivity.action, key)));

/**
 * Inserts an item; a reel item's preview is the poster of the reel's first clip (the reels module's
 * rows, read in the same statement so the item exists with its preview or not at all).
 */
async function insertActivity(q: Writer, values: NewActivityRow): Promise<string> {
  const previewClipId =
    values.type === 'reel' && values.action
      ? sql`(SELECT clip_id FROM reel_chunks WHERE reel_id = ${values.action} ORDER BY position LIMIT 1)`
      : null;
  const [row] = await q
    .insert(teamActivity)
    .values({ ...values, previewClipId })
    .returning({ id: teamActivity.id });
  return row!.id;
}

/** Deletes the items that announce a board post. */
const deleteActivityOf = (q: Pick<Executor, 'delete'>, messageId: string): Promise<{ id: string }[]> =>
  q.delete(teamActivity).where(eq(teamActivity.messageId, messageId)).returning({ id: teamActivity.id });

/**
 * The channels a user is a member of (the teams module's table, read in the writer's transaction):
 * where what the user makes visible to their teams is announced.
 */
const channelsOfMember = (q: Reader, tenantId: string, userId: number): Promise<{ id: number }[]> =>
  q
    .select({ id: channels.id })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(and(eq(channelMembers.userId, userId), eq(channels.tenantId, tenantId)));

/** A channel as links name it: its owner's username and its name. */
const channelRef = (q: Reader, channelId: number): Promise<{ owner: string; channel: string; createdAt: Date } | undefined> =>
  q
    .select({ owner: channelOwner.username, channel: channels.name, createdAt: channels.createdAt })
    .from(channels)
    .innerJoin(channelOwner, eq(channelOwner.id, channels.ownerUserId))
    .where(eq(channels.id, channelId))
    .then((rows) => rows[0]);

/** The talk module's queries of team_activity, each on the pool or the writer's transaction (the first argument). */
export const activityRepo = { activityPage, activityInMillisecond, activityItem, liveItemsOf, insertActivity, deleteActivityOf, channelsOfMember, channelRef };
export type ActivityRepo = typeof activityRepo;
