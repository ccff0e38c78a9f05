import { NOT_A_MEMBER, type ChannelResponse, type CreateChannelBody, type Membership, type TeamListItem, type TeamResponse } from '@app/contracts/teams';
import type { DomainEvents } from '../../domain-events';
import { AppError } from '../../errors';
import type { Identity } from '../identity/identity';
import type { Caller } from '../../caller';
import type { UsersService } from '../users/users.service';
import { announceMemberJoined } from './member-joined';
import { announceMemberRemoved } from './member-removed';
import type { ChannelRow, InviteMatch, TeamListRow, TeamMemberRow, TeamRow, TeamsRepo } from './teams.repo';

export const TEAM_NOT_FOUND = 'Team not found.';
export const NOT_INVITED = 'You have not been invited to this team.';
export const OWNER_ONLY_REMOVE = 'Only the team owner can remove members.';
export const OWNER_CANNOT_LEAVE = 'The owner cannot leave their own team.';
export const NOT_IN_TEAM = 'This user is not a member of the team.';

export type ProductUser = NonNullable<Awaited<ReturnType<UsersService['find']>>>;
export type Team = Exclude<TeamResponse, { error: string }>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function membershipOf(row: TeamMemberRow): Membership {
  return { username: row.username, name: row.name, sport: text(row.profile.sport), city: text(row.profile.city), image: row.image };
}

/**
 * Teams: a team is a channel owned by its coach; members join when they
 * are the owner, already in, or hold an invite that counts (see `countsFor` in the repo).
 */
export function createTeamsService({ repo, identity, users, events }: { repo: TeamsRepo; identity: Identity; users: UsersService; events: DomainEvents }) {

  async function inviteMatch(caller: Caller, user: ProductUser): Promise<InviteMatch> {
    const account = await identity.accounts.findById(caller.tenantId, caller.identityUserId);
    const confirmedEmail = account?.isEmailConfirmed && account.email ? account.email : null;
    return { userId: user.id, confirmedEmail };
  }

  function toTeam(row: TeamRow): Team {
    return {
      owner: row.owner,
      channel: row.channel,
      description: row.description,
      // fromEntries defines own properties, so a username like `__proto__` stays a plain key.
      members: Object.fromEntries(row.members.map((m) => [m.username, membershipOf(m)])),
    };
  }

  async function teamOf(channel: ChannelRow): Promise<Team> {
    const row = await repo.team(channel.id);
    if (!row) throw new AppError('NOT_FOUND', TEAM_NOT_FOUND);
    return toTeam(row);
  }

  /** A channel by its owner's username (any case) and name; 404 when either is unknown in this tenant. */
  async function findTeam(tenantId: string, ownerUsername: string, name: string): Promise<ChannelRow> {
    const owner = await users.byUsername(tenantId, ownerUsername);
    const channel = owner ? await repo.channelByOwner(tenantId, owner.id, name) : undefined;
    if (!channel) throw new AppError('NOT_FOUND', TEAM_NOT_FOUND);
    return channel;
  }

  /**
   * The caller's own channel named in the path; anyone else (or an unknown channel) is refused alike,
   * with 403, or 404 where even the refusal should not tell that the thing exists.
   */
  async function ownedChannel(
    user: Pick<ProductUser, 'id' | 'tenantId' | 'username'>,
    ownerUsername: string,
    name: string,
    refusal: string,
    code: 'FORBIDDEN' | 'NOT_FOUND' = 'FORBIDDEN',
  ): Promise<ChannelRow> {
    const isOwner = user.username.toLowerCase() === ownerUsername.trim().toLowerCase();
    const channel = isOwner ? await repo.channelByOwner(user.tenantId, user.id, name) : undefined;
    if (!channel) throw new AppError(code, refusal);
    return channel;
  }

  /** The user with the channel when they belong to it (its owner or a member); 404 alike for anyone else and no channel. */
  async function requireMember(user: ProductUser | undefined, channel: ChannelRow | undefined): Promise<{ user: ProductUser; channel: ChannelRow }> {
    if (!user || !channel || !(channel.ownerUserId === user.id || (await repo.isMember(channel.id, user.id)))) {
      throw new AppError('NOT_FOUND', TEAM_NOT_FOUND);
    }
    return { user, channel };
  }

  return {
    inviteMatch,
    teamOf,
    ownedChannel,

    /**
     * A channel the caller belongs to (its owner or a member), with the caller; 404 for anyone else,
     * as for an unknown channel (a channel's messages must not tell outsiders it exists).
     */
    async memberChannel(caller: Caller, ownerUsername: string, name: string): Promise<{ user: ProductUser; channel: ChannelRow }> {
      const user = await users.find(caller);
      const owner = user && (await users.byUsername(caller.tenantId, ownerUsername));
      const channel = owner ? await repo.channelByOwner(caller.tenantId, owner.id, name) : undefined;
      return requireMember(user, channel);
    },

    /** `memberChannel` for a channel named by its id (what other modules keep of a team). */
    async memberChannelById(caller: Caller, channelId: number): Promise<{ user: ProductUser; channel: ChannelRow }> {
      const user = await users.find(caller);
      const channel = user ? await repo.channelById(caller.tenantId, channelId) : undefined;
      return requireMember(user, channel);
    },

    /**
     * The team a user's shared things come from (a shared reel's page shows it): their current team's
     * name and logo; undefined when they are in no team or it has no name. Teams have no logo image yet.
     */
    async publicTeamOf(tenantId: string, userId: number): Promise<{ name: string; logo: string | null } | undefined> {
      const name = (await repo.currentTeamName(tenantId, userId))?.trim();
      return name ? { name, logo: null } : undefined;
    },

    /** The teams a member shares with the viewer, the member's current one first (empty: strangers to each other). */
    sharedTeams: (tenantId: string, memberId: number, viewerId: number) => repo.sharedTeams(tenantId, memberId, viewerId),

    /** The members of a channel with these usernames (any case); the others are left out. */
    async membersNamed(channelId: number, usernames: string[]): Promise<{ id: number; username: string }[]> {
      return repo.membersNamed(channelId, [...new Set(usernames.map((u) => u.toLowerCase()))]);
    },

    /**
     * `POST /api/user/channels`: creating a channel the owner already has answers it (registration may
     * run twice) with the new description; an empty one keeps the old, since it is the team's name.
     */
    async createChannel(caller: Caller, body: CreateChannelBody): Promise<{ created: boolean; channel: ChannelResponse }> {
      const user = await users.requireRegistered(caller);
      const { created, channel } = await repo.transaction(async (tx) => {
        const inserted = await tx.insertChannel({ tenantId: caller.tenantId, ownerUserId: user.id, name: body.channel, description: body.description });
        let row = inserted ?? (await tx.channelByOwner(caller.tenantId, user.id, body.channel))!;
        if (!inserted && body.description && body.description !== row.description) row = await tx.setDescription(row.id, body.description);
        await tx.addMember(row.id, user.id);
        await tx.setActiveIfNone(user.id, row.id);
        return { created: !!inserted, channel: row };
      });
      return { created, channel: { owner: user.username, channel: channel.name, description: channel.description } };
    },

    /** `GET /api/user/team`: the activated team while still in it, else the oldest membership. */
    async activeTeam(caller: Caller): Promise<TeamResponse> {
      const user = await users.find(caller);
      const row = user ? await repo.activeTeam(caller.tenantId, user.id, user.activeChannelId) : undefined;
      return row ? toTeam(row) : { error: NOT_A_MEMBER };
    },

    /** The channel id of the caller's active team (the one `activeTeam` answers), or null when in no team. */
    async activeChannelId(caller: Caller): Promise<number | null> {
      const user = await users.find(caller);
      return (user && (await repo.activeChannelId(caller.tenantId, user.id, user.activeChannelId))) ?? null;
    },

    /**
     * The caller's active team's channel (the one `activeTeam` answers) and the version of what its kept
     * reads (board, feed, schedule) show: a kept copy of a read stays right while the version stands
     * still. One round trip after the caller's record; null when they have none or are in no team.
     */
    async activeChannelVersion(caller: Caller): Promise<{ userId: number; channelId: number; version: string } | null> {
      const user = await users.find(caller);
      const team = user && (await repo.activeChannelVersion(caller.tenantId, user.id, user.activeChannelId));
      return user && team ? { userId: user.id, ...team } : null;
    },

    /**
     * The caller with their active team's channel (the one `activeTeam` answers, so a member of it), or
     * null when they have no product record or are in no team.
     */
    async activeChannel(caller: Caller): Promise<{ user: ProductUser; channel: ChannelRow } | null> {
      const user = await users.find(caller);
      const id = user && (await repo.activeChannelId(caller.tenantId, user.id, user.activeChannelId));
      const channel = id ? await repo.channelById(caller.tenantId, id) : undefined;
      return user && channel ? { user, channel } : null;
    },

    /** `GET /api/user/teams`: teams joined or invited to, one entry each, the current one first, then oldest first. */
    async teamsOf(caller: Caller): Promise<TeamListItem[]> {
      const user = await users.find(caller);
      if (!user) return [];
      const rows = await repo.teamList(caller.tenantId, user);
      const joined = rows.filter((r) => r.member);
      // The current team, as `activeTeam` picks it: the activated one while a member, else the oldest membership.
      const older = (a: TeamListRow, b: TeamListRow) => a.since.getTime() - b.since.getTime() || a.channelId - b.channelId;
      const current = (joined.find((r) => r.channelId === user.activeChannelId) ?? [...joined].sort(older)[0])?.channelId;
      const byChannel = new Map<number, TeamListRow>();
      for (const row of [...joined, ...rows.filter((r) => !r.member)]) if (!byChannel.has(row.channelId)) byChannel.set(row.channelId, row);
      return [...byChannel.values()]
        .sort((a, b) => Number(b.channelId === current) - Number(a.channelId === current) || older(a, b))
        .map((row) => ({
          username: row.owner,
          channel: row.channel,
          description: row.description,
          member: row.member,
          current: row.channelId === current,
        }));
    },

    /**
     * `PUT /api/channel/{owner}/{channel}/members`: joins (or re-activates) a team the caller owns, is
     * in, or was invited to; the invites addressed to them count as accepted.
     */
    async join(caller: Caller, ownerUsername: string, name: string): Promise<Team> {
      const user = await users.requireRegistered(caller);
      const channel = await findTeam(caller.tenantId, ownerUsername, name);
      const match = await inviteMatch(caller, user);
      await repo.transaction(async (tx, raw) => {
        const allowed = channel.ownerUserId === user.id || (await tx.isMember(channel.id, user.id)) || (await tx.hasInvite(channel.id, match));
        if (!allowed) throw new AppError('FORBIDDEN', NOT_INVITED);
        await tx.acceptPending(channel.id, match);
        const joined = await tx.addMember(channel.id, user.id);
        await tx.setActive(user.id, channel.id);
        if (joined) await announceMemberJoined(events, raw, channel, user);
      });
      return teamOf(channel);
    },

    /**
     * `DELETE /api/channel/{owner}/{channel}/members/{username}`: the owner removes a member (or
     * withdraws the invites of someone who has not joined). Their invites go too, so a removed
     * member cannot walk back in with the old one.
     */
    async removeMember(caller: Caller, ownerUsername: string, name: string, username: string): Promise<Team> {
      const user = await users.requireRegistered(caller);
      const channel = await ownedChannel(user, ownerUsername, name, OWNER_ONLY_REMOVE);
      const member = await users.byUsername(caller.tenantId, username);
      if (member?.id === user.id) throw new AppError('CONFLICT', OWNER_CANNOT_LEAVE);
      if (!member) throw new AppError('NOT_FOUND', NOT_IN_TEAM);
      const changed = await repo.transaction(async (tx, raw) => {
        const removed = await tx.removeMember(channel.id, member.id);
        const revoked = await tx.revokeInvites(channel.id, member);
        if (removed) {
          await tx.clearActive(member.id, channel.id);
          await announceMemberRemoved(events, raw, channel, member.id);
        }
        return removed || revoked > 0;
      });
      if (!changed) throw new AppError('NOT_FOUND', NOT_IN_TEAM);
      return teamOf(channel);
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
