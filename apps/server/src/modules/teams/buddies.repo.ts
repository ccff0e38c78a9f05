import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { channelMembers, identityUsers, users } from '../../db/schema';

export interface BuddyRow {
  /** The identity account's uuid: stable and not guessable from another. */
  uuid: string;
  username: string;
  name: string | null;
  image: string | null;
}

const mine = alias(channelMembers, 'mine');

// The identity account's uuid is read in SQL (identity owns the table) so a list is one query.
const buddyColumns = { uuid: identityUsers.uuid, username: users.username, name: users.name, image: users.image };

/** Teammates: the members of channels, with what names and pictures show. */
export function createBuddiesRepo(db: Db) {
  return {
    /** Members of any channel the user is in (the user among them), among these lowercased usernames. */
    async teammatesNamed(tenantId: string, userId: number, lowercased: string[]): Promise<BuddyRow[]> {
      if (lowercased.length === 0) return [];
      return db
        .selectDistinct(buddyColumns)
        .from(mine)
        .innerJoin(channelMembers, eq(channelMembers.channelId, mine.channelId))
        .innerJoin(users, eq(users.id, channelMembers.userId))
        .innerJoin(identityUsers, eq(identityUsers.id, users.identityUserId))
        .where(and(eq(mine.userId, userId), eq(users.tenantId, tenantId), inArray(sql`lower(${users.username})`, lowercased)))
        .orderBy(asc(users.username), asc(identityUsers.uuid));
    },

    /** The members of one channel. */
    async membersOf(channelId: number): Promise<BuddyRow[]> {
      return db
        .select(buddyColumns)
        .from(channelMembers)
        .innerJoin(users, eq(users.id, channelMembers.userId))
        .innerJoin(identityUsers, eq(identityUsers.id, users.identityUserId))
        .where(eq(channelMembers.channelId, channelId))
        .orderBy(asc(users.username));
    },
  };
}
export type BuddiesRepo = ReturnType<typeof createBuddiesRepo>;
