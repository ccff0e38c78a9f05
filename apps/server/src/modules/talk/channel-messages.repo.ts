import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/job-transaction';
import { channelMentions, channelMessages, channels, users } from '../../db/schema';
import type { BoardItemRow } from './board-item';

type Reader = Pick<Executor, 'select'>;
type Writer = Pick<Executor, 'select' | 'insert' | 'delete' | 'execute'>;

/**
 * The one writer of channel_messages and channel_mentions. A row is a board post ('message': one
 * written on the board or a reel the owner shared), a reply to one ('reply'), or a comment on a clip
 * ('comment').
 */
export type ChannelMessageRow = typeof channelMessages.$inferSelect;
export type NewChannelMessage = typeof channelMessages.$inferInsert;
/** A reply or a comment with what its JSON shows of the publisher. */
export type WithPublisher = ChannelMessageRow & { publisher: { username: string; name: string | null; image: string | null } };

const publisherColumns = { username: users.username, name: users.name, image: users.image };

const channelOwner = alias(users, 'channel_owner');

// Mentions, replies and a shared reel's poster are read in the same query. The reel's first clip is
// the reels module's rows, read here because a page of 20 items must not make 20 service calls.
const itemColumns = {
  id: channelMessages.id,
  subject: channelMessages.subject,
  publisher: users.username,
  content: channelMessages.content,
  createdAt: channelMessages.createdAt,
  type: channelMessages.type,
  action: channelMessages.action,
  recipients: sql<string[]>`ARRAY(SELECT u.username FROM channel_mentions m JOIN users u ON u.id = m.user_id
                                   WHERE m.message_id = ${channelMessages.id} ORDER BY u.username)`,
  owner: channelOwner.username,
  channel: channels.name,
  posterKey: sql<string | null>`CASE WHEN ${channelMessages.type} = 'reel' THEN (
      SELECT c.poster_key FROM reel_chunks rc JOIN clips c ON c.id = rc.clip_id
       WHERE rc.reel_id = ${channelMessages.action} ORDER BY rc.position LIMIT 1) END`,
  replies: sql<number>`(SELECT count(*)::int FROM channel_messages r WHERE r.parent_id = ${channelMessages.id})`,
};

/** Board posts (a shared reel is one) of a channel, newest first; ties by id keep a page boundary stable. */
const items = (q: Reader, channelId: number, where?: SQL) =>
  q
    .select(itemColumns)
    .from(channelMessages)
    .innerJoin(users, eq(users.id, channelMessages.publisherUserId))
    .innerJoin(channels, eq(channels.id, channelMessages.channelId))
    .innerJoin(channelOwner, eq(channelOwner.id, channels.ownerUserId))
    .where(and(eq(channelMessages.channelId, channelId), eq(channelMessages.kind, 'message'), where))
    .orderBy(desc(channelMessages.createdAt), desc(channelMessages.id));

const boardPage = (q: Reader, channelId: number, options: { before?: Date; limit: number }): Promise<BoardItemRow[]> =>
  items(q, channelId, options.before ? lt(channelMessages.createdAt, options.before) : undefined).limit(options.limit);

/** Every board post of a channel made within the millisecond starting at `at`. */
const boardInMillisecond = (q: Reader, channelId: number, at: Date): Promise<BoardItemRow[]> =>
  items(q, channelId, and(gte(channelMessages.createdAt, at), lt(channelMessages.createdAt, new Date(at.getTime() + 1))));

const boardItem = (q: Reader, channelId: number, id: string): Promise<BoardItemRow | undefined> =>
  items(q, channelId, eq(channelMessages.id, id)).then((rows) => rows[0]);

/** A row of the channel by id, any kind. */
const channelMessageOf = (q: Reader, channelId: number, id: string): Promise<ChannelMessageRow | undefined> =>
  q
    .select()
    .from(channelMessages)
    .where(and(eq(channelMessages.channelId, channelId), eq(channelMessages.id, id)))
    .then((rows) => rows[0]);

/** A board post's replies, newest first, with their publishers. */
async function repliesOf(q: Reader, parentId: string, limit: number): Promise<WithPublisher[]> {
  const rows = await q
    .select({ message: channelMessages, publisher: publisherColumns })
    .from(channelMessages)
    .innerJoin(users, eq(users.id, channelMessages.publisherUserId))
    .where(and(eq(channelMessages.parentId, parentId), eq(channelMessages.kind, 'reply')))
    .orderBy(desc(channelMessages.createdAt), desc(channelMessages.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.message, publisher: r.publisher }));
}

/** A clip's comments in a channel, newest first, with their publishers. */
async function commentsOf(q: Reader, channelId: number, clipId: string, limit: number): Promise<WithPublisher[]> {
  const rows = await q
    .select({ message: channelMessages, publisher: publisherColumns })
    .from(channelMessages)
    .innerJoin(users, eq(users.id, channelMessages.publisherUserId))
    .where(and(eq(channelMessages.channelId, channelId), eq(channelMessages.kind, 'comment'), eq(channelMessages.clipId, clipId)))
    .orderBy(desc(channelMessages.createdAt), desc(channelMessages.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.message, publisher: r.publisher }));
}

/** Inserts a post, reply or comment and its mentions (users already known to be members of its channel). */
async function insertChannelMessage(tx: Writer, values: NewChannelMessage, mentionedUserIds: number[]): Promise<ChannelMessageRow> {
  const [row] = await tx.insert(channelMessages).values(values).returning();
  if (mentionedUserIds.length > 0) await tx.insert(channelMentions).values(mentionedUserIds.map((userId) => ({ messageId: row!.id, userId })));
  return row!;
}

/**
 * Locks a board post against replies until the transaction ends (a reply's foreign key check takes a
 * share lock on it), so a delete sees every reply there will be.
 */
async function lockPost(tx: Writer, id: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM ${channelMessages} WHERE ${channelMessages.id} = ${id} FOR UPDATE`);
}

const replyIdsOf = (q: Reader, parentId: string): Promise<{ id: string }[]> =>
  q.select({ id: channelMessages.id }).from(channelMessages).where(eq(channelMessages.parentId, parentId));

/** Deletes a post or a reply; its replies, mentions, notifications and activity items go with it (foreign keys). */
async function deleteChannelMessage(tx: Writer, id: string): Promise<void> {
  await tx.delete(channelMessages).where(eq(channelMessages.id, id));
}

/** The talk module's queries of channel_messages, each on the pool or the writer's transaction (the first argument). */
export const channelMessagesRepo = { boardPage, boardInMillisecond, boardItem, channelMessageOf, repliesOf, commentsOf, insertChannelMessage, lockPost, replyIdsOf, deleteChannelMessage };
export type ChannelMessagesRepo = typeof channelMessagesRepo;
