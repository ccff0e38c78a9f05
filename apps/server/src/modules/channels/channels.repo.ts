import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelMentions, channelMessages, users } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ChannelMessageRow = typeof channelMessages.$inferSelect;
export type NewChannelMessage = typeof channelMessages.$inferInsert;
/** A message with what its JSON shows of the publisher. */
export type MessageWithPublisher = ChannelMessageRow & { publisher: { username: string; name: string | null; image: string | null } };

export function createChannelsRepo(db: Db) {
  return {
    /**
     * Inserts a message and its mentions (users already known to be members) in one transaction, with
     * `announce` last in it: what the message causes (notifications, live updates) exists exactly when it does.
     */
    async insert(values: NewChannelMessage, mentionedUserIds: number[], announce: (tx: Tx, row: ChannelMessageRow) => Promise<void>): Promise<ChannelMessageRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(channelMessages).values(values).returning();
        if (mentionedUserIds.length > 0) {
          await tx.insert(channelMentions).values(mentionedUserIds.map((userId) => ({ messageId: row!.id, userId })));
        }
        await announce(tx, row!);
        return row!;
      });
    },

    /** A clip's comments in a channel, newest first; the publisher's name and picture are the users module's columns, read in the same query. */
    async commentsOf(channelId: number, clipId: string, limit: number): Promise<MessageWithPublisher[]> {
      const rows = await db
        .select({ message: channelMessages, publisher: { username: users.username, name: users.name, image: users.image } })
        .from(channelMessages)
        .innerJoin(users, eq(users.id, channelMessages.publisherUserId))
        .where(and(eq(channelMessages.channelId, channelId), eq(channelMessages.kind, 'comment'), eq(channelMessages.clipId, clipId)))
        .orderBy(desc(channelMessages.createdAt), desc(channelMessages.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.message, publisher: r.publisher }));
    },
  };
}
