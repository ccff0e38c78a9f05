import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { channelMembers, channels, invites, users } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/**
 * The channel of a user's active team, as SQL text for named statements: user $1 in tenant $2 whose
 * activated channel is $3 (-1 for none) has that channel while still a member of it, else the oldest
 * membership; no row when in no team. Text, so that the reads below that need it (the team, its version)
 * ask it in their own single round trip.
 */
const ACTIVE_CHANNEL_QUERY = `SELECT cm.channel_id FROM channel_members cm JOIN channels mc ON mc.id = cm.channel_id
                          WHERE cm.user_id = $1::int AND mc.tenant_id = $2::text
                          ORDER BY (cm.channel_id = $3::int) DESC, cm.created_at, cm.channel_id LIMIT 1`;

export type ChannelRow = typeof channels.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;

/** Who an invite may be meant for: the product user and their e-mail once confirmed. */
export interface InviteMatch {
  userId: number;
  /** Only a confirmed identity e-mail: an unconfirmed one proves nothing about the mailbox. */
  confirmedEmail: string | null;
}

/** An invite target: an e-mail address, or an account (with its username at the time, for display). */
export type InviteTarget = { email: string; user: null } | { email: null; user: { id: number; username: string } };

export interface TeamMemberRow {
  username: string;
  name: string | null;
  image: string | null;
  profile: Record<string, unknown>;
}

/** A channel with what the JSON of a team shows. */
export interface TeamRow {
  id: number;
  channel: string;
  description: string;
  owner: string;
  members: TeamMemberRow[];
}

export interface TeamListRow {
  channelId: number;
  owner: string;
  channel: string;
  description: string;
  member: boolean;
  since: Date;
}

/**
 * Invites that count for a user: one they claimed already, or a pending unexpired one addressed to
 * their account (a username invite, whatever the name is now) or their confirmed e-mail. A claimed
 * invite belongs to its claimer only (single use).
 */
function countsFor(match: InviteMatch): SQL {
  const addressed = [eq(invites.invitedUserId, match.userId)];
  if (match.confirmedEmail) addressed.push(eq(invites.email, match.confirmedEmail));
  return or(
    eq(invites.acceptedByUserId, match.userId),
    and(isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, sql`now()`), or(...addressed)),
  )!;
}

/** The same target: invites are unique per channel and address while pending. */
function sameTarget(target: InviteTarget): SQL {
  return target.email !== null ? eq(invites.email, target.email) : eq(invites.invitedUserId, target.user.id);
}

function queries(q: Executor) {
  return {
    channelByOwner: (tenantId: string, ownerUserId: number, name: string) =>
      q
        .select()
        .from(channels)
        .where(and(eq(channels.tenantId, tenantId), eq(channels.ownerUserId, ownerUserId), eq(channels.name, name)))
        .then((rows) => rows[0]),

    channelById: (tenantId: string, id: number) =>
      q
        .select()
        .from(channels)
        .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id)))
        .then((rows) => rows[0]),

    /** Inserts the channel unless the owner has one of that name; undefined when it existed. */
    insertChannel: (values: { tenantId: string; ownerUserId: number; name: string; description: string }) =>
      q
        .insert(channels)
        .values(values)
        .onConflictDoNothing({ target: [channels.ownerUserId, channels.name] })
        .returning()
        .then((rows) => rows[0]),

    setDescription: (channelId: number, description: string) =>
      q
        .update(channels)
        .set({ description })
        .where(eq(channels.id, channelId))
        .returning()
        .then((rows) => rows[0]!),

    /** Serializes writes on one channel (concurrent invites to one address must not make two rows). */
    lockChannel: async (channelId: number) => {
      await q.execute(sql`select 1 from ${channels} where ${channels.id} = ${channelId} for update`);
    },

    /** The members of a channel among these lowercased usernames. */
    membersNamed: (channelId: number, lowercased: string[]) =>
      lowercased.length === 0
        ? Promise.resolve([])
        : q
            .select({ id: users.id, username: users.username })
            .from(channelMembers)
            .innerJoin(users, eq(users.id, channelMembers.userId))
            .where(and(eq(channelMembers.channelId, channelId), inArray(sql`lower(${users.username})`, lowercased))),

    isMember: (channelId: number, userId: number) =>
      q
        .select({ userId: channelMembers.userId })
        .from(channelMembers)
        .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
        .then((rows) => rows.length > 0),

    /**
     * The name (description) of a user's current team: the activated channel while still a member of
     * it, else the oldest membership, as `activeTeam` picks it; undefined when the user is in none.
     */
    currentTeamName: (tenantId: string, userId: number) =>
      q
        .select({ name: channels.description })
        .from(channelMembers)
        .innerJoin(channels, eq(channels.id, channelMembers.channelId))
        .innerJoin(users, eq(users.id, channelMembers.userId))
        .where(and(eq(channelMembers.userId, userId), eq(channels.tenantId, tenantId)))
        .orderBy(sql`(${channels.id} = ${users.activeChannelId}) DESC NULLS LAST`, channelMembers.joinedAt, channels.id)
        .limit(1)
        .then((rows) => rows[0]?.name),

    /**
     * The teams `memberId` shares with `viewerId` (the same user: all of theirs), the member's current
     * one first (as `currentTeamName` orders them); empty when they share none.
     */
    sharedTeams: (tenantId: string, memberId: number, viewerId: number) => {
      const viewer = alias(channelMembers, 'viewer');
      const owner = alias(users, 'owner');
      return q
        .select({ id: channels.id, owner: owner.username, channel: channels.name, description: channels.description })
        .from(channelMembers)
        .innerJoin(channels, eq(channels.id, channelMembers.channelId))
        .innerJoin(viewer, and(eq(viewer.channelId, channels.id), eq(viewer.userId, viewerId)))
        .innerJoin(owner, eq(owner.id, channels.ownerUserId))
        .innerJoin(users, eq(users.id, channelMembers.userId))
        .where(and(eq(channelMembers.userId, memberId), eq(channels.tenantId, tenantId)))
        .orderBy(sql`(${channels.id} = ${users.activeChannelId}) DESC NULLS LAST`, channelMembers.joinedAt, channels.id);
    },

    /** Is anyone with this product e-mail a member already? */
    isMemberByEmail: (channelId: number, email: string) =>
      q
        .select({ userId: channelMembers.userId })
        .from(channelMembers)
        .innerJoin(users, eq(users.id, channelMembers.userId))
        .where(and(eq(channelMembers.channelId, channelId), sql`lower(${users.email}) = ${email}`))
        .limit(1)
        .then((rows) => rows.length > 0),

    /** Adds a member; true when they were not one already (they joined now). */
    addMember: (channelId: number, userId: number) =>
      q
        .insert(channelMembers)
        .values({ channelId, userId })
        .onConflictDoNothing()
        .returning({ userId: channelMembers.userId })
        .then((rows) => rows.length > 0),

    removeMember: (channelId: number, userId: number) =>
      q
        .delete(channelMembers)
        .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
        .returning({ userId: channelMembers.userId })
        .then((rows) => rows.length > 0),

    setActive: async (userId: number, channelId: number) => {
      await q.update(users).set({ activeChannelId: channelId }).where(eq(users.id, userId));
    },

    setActiveIfNone: async (userId: number, channelId: number) => {
      await q
        .update(users)
        .set({ activeChannelId: channelId })
        .where(and(eq(users.id, userId), isNull(users.activeChannelId)));
    },

    clearActive: async (userId: number, channelId: number) => {
      await q
        .update(users)
        .set({ activeChannelId: null })
        .where(and(eq(users.id, userId), eq(users.activeChannelId, channelId)));
    },

    hasInvite: (channelId: number, match: InviteMatch) =>
      q
        .select({ id: invites.id })
        .from(invites)
        .where(and(eq(invites.channelId, channelId), countsFor(match)))
        .limit(1)
        .then((rows) => rows.length > 0),

    /** Marks the pending invites of this channel addressed to the user as accepted by them. */
    acceptPending: async (channelId: number, match: InviteMatch) => {
      await q
        .update(invites)
        .set({ acceptedAt: sql`now()`, acceptedByUserId: match.userId })
        .where(and(eq(invites.channelId, channelId), isNull(invites.acceptedAt), countsFor(match)));
    },

    inviteByToken: (tenantId: string, tokenHash: string, options: { forUpdate?: boolean } = {}) => {
      const query = q
        .select()
        .from(invites)
        .where(and(eq(invites.tenantId, tenantId), eq(invites.tokenHash, tokenHash)))
        .limit(1);
      return (options.forUpdate ? query.for('update') : query).then((rows) => rows[0]);
    },

    /** Claims an invite by its token for a user; false when it was claimed in the meantime. */
    claim: (inviteId: string, userId: number) =>
      q
        .update(invites)
        .set({ acceptedAt: sql`now()`, acceptedByUserId: userId })
        .where(and(eq(invites.id, inviteId), isNull(invites.acceptedAt), isNull(invites.revokedAt)))
        .returning({ id: invites.id })
        .then((rows) => rows.length > 0),

    /**
     * A re-invite of a pending address gets a fresh token and expiry instead of a second row.
     * Callers hold the channel lock (`lockChannel`).
     */
    upsertPendingInvite: async (values: {
      tenantId: string;
      channelId: number;
      invitedByUserId: number;
      target: InviteTarget;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<InviteRow> => {
      const refreshed = await q
        .update(invites)
        .set({ tokenHash: values.tokenHash, expiresAt: values.expiresAt, invitedByUserId: values.invitedByUserId })
        .where(and(eq(invites.channelId, values.channelId), isNull(invites.acceptedAt), isNull(invites.revokedAt), sameTarget(values.target)))
        .returning();
      if (refreshed[0]) return refreshed[0];
      const [row] = await q
        .insert(invites)
        .values({
          tenantId: values.tenantId,
          channelId: values.channelId,
          invitedByUserId: values.invitedByUserId,
          email: values.target.email,
          username: values.target.user?.username ?? null,
          invitedUserId: values.target.user?.id ?? null,
          tokenHash: values.tokenHash,
          expiresAt: values.expiresAt,
        })
        .returning();
      return row!;
    },

    /**
     * The pending invitations of a channel (not accepted, revoked or expired), newest first; a
     * username invite shows the invited account's current name.
     */
    pendingInvites: (channelId: number) =>
      q
        .select({ id: invites.id, email: invites.email, username: sql<string | null>`coalesce(${users.username}, ${invites.username})`, createdAt: invites.createdAt, expiresAt: invites.expiresAt })
        .from(invites)
        .leftJoin(users, eq(users.id, invites.invitedUserId))
        .where(and(eq(invites.channelId, channelId), isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, sql`now()`)))
        .orderBy(desc(invites.createdAt), desc(invites.id)),

    /** Withdraws a not yet accepted invitation of the channel; false when there is none with that id. */
    revokeInvite: (channelId: number, inviteId: string) =>
      q
        .update(invites)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(invites.id, inviteId), eq(invites.channelId, channelId), isNull(invites.acceptedAt), isNull(invites.revokedAt)))
        .returning({ id: invites.id })
        .then((rows) => rows.length > 0),

    /** A removed member must be invited again: their invites of the channel (claimed or addressed to them) go. */
    revokeInvites: (channelId: number, member: { id: number; email: string | null }) => {
      const theirs = [eq(invites.acceptedByUserId, member.id), eq(invites.invitedUserId, member.id)];
      if (member.email) theirs.push(eq(invites.email, member.email.toLowerCase()));
      return q
        .delete(invites)
        .where(and(eq(invites.channelId, channelId), or(...theirs)))
        .returning({ id: invites.id })
        .then((rows) => rows.length);
    },
  };
}

export type TeamsQueries = ReturnType<typeof queries>;

/**
 * Queries of channels, memberships and invites. Lookups by name, token or user take the tenant; the
 * rest take channel ids that were found that way.
 */
export function createTeamsRepo(db: Db) {
  // The two reads of every team page, one round trip each, as named statements (parsed once per
  // connection). Members in the order they joined; the owner only inside the channel's tenant.
  const teamColumns = `c.id, c.name AS channel, c.description, coalesce(o.username, '') AS owner,
    coalesce((SELECT json_agg(json_build_object('username', u.username, 'name', u.name, 'image', u.image, 'profile', u.profile) ORDER BY m.created_at, u.id)
                FROM channel_members m JOIN users u ON u.id = m.user_id WHERE m.channel_id = c.id), '[]') AS members
    FROM channels c LEFT JOIN users o ON o.id = c.owner_user_id AND o.tenant_id = c.tenant_id`;
  const teamQuery = async (name: string, text: string, values: unknown[]): Promise<TeamRow | undefined> =>
    (await db.$client.query<TeamRow>({ name, text, values })).rows[0];
  return {
    ...queries(db),

    /** A channel with its owner's username and its members (the JSON of a team), one query. */
    team: (channelId: number) => teamQuery('teams_team', `SELECT ${teamColumns} WHERE c.id = $1::int`, [channelId]),

    /**
     * The active team with owner and members: the activated channel while still a member of it, else
     * the oldest membership; undefined when the user is in no team of the tenant. One query, so a
     * removal between two reads cannot answer a team the user left.
     */
    activeTeam: (tenantId: string, userId: number, activeChannelId: number | null) =>
      teamQuery(
        'teams_active_team',
        `SELECT ${teamColumns} WHERE c.id = (${ACTIVE_CHANNEL_QUERY})`,
        [userId, tenantId, activeChannelId ?? -1],
      ),

    /** The id of the active team's channel (as `activeTeam` picks it), without its members; undefined when in no team. */
    activeChannelId: async (tenantId: string, userId: number, activeChannelId: number | null): Promise<number | undefined> =>
      (await db.$client.query<{ channel_id: number }>({ name: 'teams_active_channel', text: ACTIVE_CHANNEL_QUERY, values: [userId, tenantId, activeChannelId ?? -1] }))
        .rows[0]?.channel_id,

    /**
     * The channel of the active team (as `activeTeam` picks it; undefined when in no team) and the
     * version of what its kept reads (board, feed, schedule) show, in one round trip: the channel's newest
     * team_updates id (every write those reads show records one in its own transaction, and ids become
     * visible in order) and the tenant's library version (moved by triggers on a username change, a
     * membership change or a user's deletion, which the reads show but record no update). It runs before
     * every kept read, so it stays one named statement.
     */
    activeChannelVersion: async (tenantId: string, userId: number, activeChannelId: number | null): Promise<{ channelId: number; version: string } | undefined> =>
      (
        await db.$client.query<{ channelId: number; version: string }>({
          name: 'teams_active_channel_version',
          text: `SELECT a.channel_id AS "channelId",
                        coalesce((SELECT max(u.id) FROM team_updates u WHERE u.channel_id = a.channel_id), 0) || '/' ||
                        coalesce((SELECT v.version FROM library_versions v WHERE v.tenant_id = $2::text), 0) AS version
                   FROM (${ACTIVE_CHANNEL_QUERY}) a`,
          values: [userId, tenantId, activeChannelId ?? -1],
        })
      ).rows[0],

    /**
     * The teams list in one query: the channels the user is a member of (member = true, since =
     * joined) and those with an invite that counts (`countsFor`: claimed by them, or pending and
     * addressed to their account or confirmed e-mail; since = the oldest such invite). The confirmed
     * e-mail is the identity account's: read here in SQL (the identity module owns the table and
     * every write to it) because a separate lookup was a round trip of its own on every teams page.
     */
    teamList: (tenantId: string, user: { id: number; identityUserId: number }): Promise<TeamListRow[]> =>
      db.$client
        .query<TeamListRow>({
          name: 'teams_team_list',
          text: `SELECT c.id AS "channelId", o.username AS owner, c.name AS channel, c.description, true AS member, cm.created_at AS since
                   FROM channel_members cm JOIN channels c ON c.id = cm.channel_id JOIN users o ON o.id = c.owner_user_id
                  WHERE cm.user_id = $1::int AND c.tenant_id = $2::text
                 UNION ALL
                 SELECT c.id, o.username, c.name, c.description, false, min(i.created_at)
                   FROM invites i JOIN channels c ON c.id = i.channel_id JOIN users o ON o.id = c.owner_user_id
                  WHERE i.tenant_id = $2
                    AND (i.accepted_by_user_id = $1
                         OR (i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
                             AND (i.invited_user_id = $1
                                  OR i.email = (SELECT iu.email FROM identity_users iu
                                                 WHERE iu.tenant_id = $2 AND iu.id = $3::int AND iu.is_email_confirmed))))
                  GROUP BY c.id, o.username`,
          values: [user.id, tenantId, user.identityUserId],
        })
        .then((r) => r.rows),

    /** Runs `work` in one transaction with the same queries bound to it (and the transaction, for other modules' writers). */
    transaction: <T>(work: (tx: TeamsQueries, raw: Tx) => Promise<T>): Promise<T> => db.transaction((tx) => work(queries(tx), tx)),
  };
}
export type TeamsRepo = ReturnType<typeof createTeamsRepo>;
