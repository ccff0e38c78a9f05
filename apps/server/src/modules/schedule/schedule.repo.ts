import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { calendarFeeds, channelMembers, channels, liveEvents, scheduleItems, scheduleReminders, scheduleRsvps, users } from '../../db/schema';

export type ScheduleItemRow = typeof scheduleItems.$inferSelect;
export type NewScheduleItem = typeof scheduleItems.$inferInsert;
/** An item with what every view of it shows: its live event key and the answers. */
export type ScheduleItemWithCounts = ScheduleItemRow & { liveKey: string | null; liveStatus: 'upcoming' | 'live' | 'ended' | null; going: number; maybe: number; no: number; answered: number; members: number; myAnswer: 'going' | 'maybe' | 'no' | null; myNote: string | null };
type Writer = Pick<Executor, 'execute' | 'insert' | 'select' | 'update' | 'delete'>;

/** Members of a channel: its owner and the rows of channel_members. */
const memberIds = (channelId: number | ReturnType<typeof sql>) =>
  sql`(SELECT ${channels.ownerUserId} FROM ${channels} WHERE ${channels.id} = ${channelId} UNION SELECT ${channelMembers.userId} FROM ${channelMembers} WHERE ${channelMembers.channelId} = ${channelId})`;

export function createScheduleRepo(db: Db) {
  // One pass over an item's answers (of current members) gives the counts and the viewer's own.
  const withCounts = (viewerId: number) => ({
    item: scheduleItems,
    liveKey: liveEvents.key,
    liveStatus: liveEvents.status,
    answers: sql<Answers>`(SELECT json_build_object(
        'going', count(*) FILTER (WHERE r.answer = 'going'),
        'maybe', count(*) FILTER (WHERE r.answer = 'maybe'),
        'no', count(*) FILTER (WHERE r.answer = 'no'),
        'mine', max(r.answer) FILTER (WHERE r.user_id = ${viewerId}),
        'note', max(r.note) FILTER (WHERE r.user_id = ${viewerId}))
      FROM ${scheduleRsvps} r WHERE r.item_id = ${scheduleItems.id} AND r.user_id IN ${memberIds(sql`${scheduleItems.channelId}`)})`,
    members: sql<number>`(SELECT count(*)::int FROM ${memberIds(sql`${scheduleItems.channelId}`)} m)`,
  });
  type Answers = { going: number; maybe: number; no: number; mine: 'going' | 'maybe' | 'no' | null; note: string | null };
  type Selected = { item: ScheduleItemRow; liveKey: string | null; liveStatus: ScheduleItemWithCounts['liveStatus']; answers: Answers; members: number };
  const flat = ({ item, liveKey, liveStatus, answers: a, members }: Selected): ScheduleItemWithCounts => ({
    ...item,
    liveKey,
    liveStatus,
    going: a.going,
    maybe: a.maybe,
    no: a.no,
    answered: a.going + a.maybe + a.no,
    members,
    myAnswer: a.mine,
    myNote: a.note,
  });
  const selectItems = (viewerId: number) => db.select(withCounts(viewerId)).from(scheduleItems).leftJoin(liveEvents, eq(liveEvents.id, scheduleItems.liveEventId));

  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** Items of these channels starting in [from, to), in start order. */
    async list(viewerId: number, channelIds: number[], from: Date, to: Date, limit = 2000): Promise<ScheduleItemWithCounts[]> {
      if (channelIds.length === 0) return [];
      const rows = await selectItems(viewerId)
        .where(and(inArray(scheduleItems.channelId, channelIds), gte(scheduleItems.startsAt, from), lt(scheduleItems.startsAt, to)))
        .orderBy(asc(scheduleItems.startsAt), asc(scheduleItems.id))
        .limit(limit);
      return rows.map(flat);
    },

    async get(viewerId: number, id: string): Promise<ScheduleItemWithCounts | undefined> {
      const [row] = await selectItems(viewerId).where(eq(scheduleItems.id, id));
      return row && flat(row);
    },

    async row(tx: Writer, id: string, forUpdate = false): Promise<ScheduleItemRow | undefined> {
      const q = tx.select().from(scheduleItems).where(eq(scheduleItems.id, id));
      const [row] = await (forUpdate ? q.for('update') : q);
      return row;
    },

    /** This occurrence and the later ones of its series (start order). */
    following: (tx: Writer, item: ScheduleItemRow) =>
      tx
        .select()
        .from(scheduleItems)
        .where(and(eq(scheduleItems.seriesId, item.seriesId!), gte(scheduleItems.startsAt, item.startsAt)))
        .orderBy(asc(scheduleItems.startsAt))
        .for('update'),

    /** What a series answer link answers: this item and the later ones of its series, not over and not cancelled. */
    seriesAhead: (tx: Writer, item: ScheduleItemRow, now: Date) =>
      tx
        .select()
        .from(scheduleItems)
        .where(and(eq(scheduleItems.seriesId, item.seriesId!), gte(scheduleItems.startsAt, item.startsAt), gt(scheduleItems.endsAt, now), eq(scheduleItems.status, 'scheduled')))
        .orderBy(asc(scheduleItems.startsAt)),

    insert: (tx: Writer, rows: NewScheduleItem[]) => tx.insert(scheduleItems).values(rows).returning(),

    update: (tx: Writer, id: string, values: Partial<NewScheduleItem>) =>
      tx.update(scheduleItems).set({ ...values, updatedAt: new Date() }).where(eq(scheduleItems.id, id)).returning(),

    /** The time zone the team used last, for games set up on /live (which names none). */
    async lastTimeZone(tx: Writer, channelId: number): Promise<string | undefined> {
      const [row] = await tx.select({ tz: scheduleItems.timeZone }).from(scheduleItems).where(eq(scheduleItems.channelId, channelId)).orderBy(sql`${scheduleItems.createdAt} DESC`).limit(1);
      return row?.tz;
    },

    async itemOfLiveEvent(liveEventId: string): Promise<ScheduleItemRow | undefined> {
      const [row] = await db.select().from(scheduleItems).where(eq(scheduleItems.liveEventId, liveEventId));
      return row;
    },

    isMember: async (channelId: number, userId: number): Promise<boolean> =>
      (await db.execute(sql`SELECT 1 FROM ${memberIds(channelId)} m(id) WHERE m.id = ${userId}`)).rows.length > 0,

    /** Every member of a channel with their answer to the item (null: not answered), by username. */
    async responses(channelId: number, itemId: string) {
      const rows = await db.execute<{ id: number; username: string; name: string | null; email: string | null; reminder_email: boolean; answer: 'going' | 'maybe' | 'no' | null; note: string | null; at: Date | null }>(sql`
        SELECT u.id, u.username, u.name, u.email, u.reminder_email, r.answer, r.note, r.at
          FROM ${users} u LEFT JOIN ${scheduleRsvps} r ON r.user_id = u.id AND r.item_id = ${itemId}
         WHERE u.id IN ${memberIds(channelId)}
         ORDER BY lower(u.username)`);
      return rows.rows.map((r) => ({ ...r, at: r.at === null ? null : new Date(r.at) }));
    },

    upsertRsvp: (tx: Writer, userId: number, itemId: string, answer: 'going' | 'maybe' | 'no', note: string | null | undefined) =>
      tx
        .insert(scheduleRsvps)
        .values({ itemId, userId, answer, note: note ?? null })
        .onConflictDoUpdate({ target: [scheduleRsvps.itemId, scheduleRsvps.userId], set: { answer, at: new Date(), ...(note !== undefined && { note }) } }),

    /** Claims the one reminder of a member for an item: false when it was already sent. */
    claimReminder: async (tx: Writer, itemId: string, userId: number): Promise<boolean> =>
      (await tx.insert(scheduleReminders).values({ itemId, userId }).onConflictDoNothing().returning({ userId: scheduleReminders.userId })).length > 0,

    /** The channels the user belongs to (as owner or member). */
    async channelsOf(userId: number): Promise<number[]> {
      const rows = await db.execute<{ id: number }>(sql`SELECT id FROM ${channels} WHERE owner_user_id = ${userId} UNION SELECT channel_id FROM ${channelMembers} WHERE user_id = ${userId}`);
      return rows.rows.map((r) => r.id);
    },

    async channelInfo(channelId: number): Promise<{ ownerUserId: number; teamName: string } | undefined> {
      const rows = await db.execute<{ owner_user_id: number; team: string }>(sql`
        SELECT c.owner_user_id, coalesce(nullif(c.description, ''), o.name, o.username) AS team
          FROM ${channels} c JOIN ${users} o ON o.id = c.owner_user_id
         WHERE c.id = ${channelId}`);
      const r = rows.rows[0];
      return r && { ownerUserId: r.owner_user_id, teamName: r.team };
    },

    async user(userId: number) {
      const [row] = await db.select({ id: users.id, tenantId: users.tenantId, username: users.username, name: users.name, email: users.email, reminderEmail: users.reminderEmail }).from(users).where(eq(users.id, userId));
      return row;
    },

    setReminderEmail: (userId: number, on: boolean) => db.update(users).set({ reminderEmail: on }).where(eq(users.id, userId)),

    feedOf: async (userId: number): Promise<string | undefined> =>
      (await db.select({ box: calendarFeeds.tokenBox }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)))[0]?.box,

    feedUser: async (tokenHash: string): Promise<number | undefined> =>
      (await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)))[0]?.userId,

    /** Sets the user's feed token (replacing any other): the old one stops at once. */
    setFeed: (userId: number, tokenHash: string, tokenBox: string) =>
      db.insert(calendarFeeds).values({ userId, tokenHash, tokenBox }).onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, tokenBox, createdAt: new Date() } }),
  };
}

export type ScheduleRepo = ReturnType<typeof createScheduleRepo>;
