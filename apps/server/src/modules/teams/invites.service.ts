import { INVITE_TTL_DAYS, type InvitePreview, type InviteResponse, type InviteStatus, type PendingInvites } from '@app/contracts/teams';
import { displayName } from '@app/contracts/user-me';
import { AppError } from '../../errors';
import { randomToken, sha256 } from '../identity/crypto';
import type { Identity } from '../identity/identity';
import type { MailService } from '../mail/mail.service';
import type { Caller } from '../../caller';
import type { UsersService } from '../users/users.service';
import type { DomainEvents } from '../../domain-events';
import { announceMemberJoined } from './member-joined';
import type { InviteTarget, TeamsRepo } from './teams.repo';
import type { ProductUser, Team, TeamsService } from './teams.service';
import { teamInvite } from './team-invite-mail';

export const OWNER_ONLY_INVITE = 'Only the team owner can invite members.';
export const ALREADY_MEMBER = 'Already a member of this team.';
export const NO_SUCH_USERNAME = 'No user with that username.';
export const INVALID_INVITE_LINK = 'This invitation link is not valid.';
export const INVITE_EXPIRED = 'This invitation has expired. Ask your coach for a new one.';
export const INVITE_USED = 'This invitation was already used.';
export const INVITE_FOR_ANOTHER = 'This invitation is for another account.';
export const INVITE_REVOKED = 'This invitation was withdrawn. Ask your coach for a new one.';
export const OWNER_ONLY_INVITES = 'Only the team owner can see its invitations.';
export const INVITE_NOT_FOUND = 'Invitation not found.';

// What randomToken(32) makes; anything else cannot be one of ours, so it needs no database lookup.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where an invitation stands; revoked and accepted win over expired. */
export function inviteStatusOf(invite: { revokedAt: Date | null; acceptedAt: Date | null; expiresAt: Date }, now = Date.now()): InviteStatus {
  if (invite.revokedAt) return 'revoked';
  if (invite.acceptedAt) return 'accepted';
  return invite.expiresAt.getTime() <= now ? 'expired' : 'pending';
}

export interface InvitesDeps {
  repo: TeamsRepo;
  teams: TeamsService;
  users: UsersService;
  identity: Identity;
  mail: MailService;
  /** Where a tenant's invitation links point: its own host, the only one they open on. */
  publicUrlOf: (tenantId: string) => string;
  log: { error(obj: object, msg?: string): void };
  /** A join is announced here (member-joined.ts). */
  events: DomainEvents;
}

/**
 * Invitations to a team: by e-mail or by username, each with a single-use link
 * (`${PUBLIC_URL}/join/<token>`, only its hash stored). An e-mail invite goes to the account that
 * claims its link first; a username invite only ever to the account that held the name when it was
 * sent (a name can change hands).
 */
export function createInvitesService({ repo, teams, users, identity, mail, publicUrlOf, log, events }: InvitesDeps) {

  const inviteByLink = async (tenantId: string, token: string) => {
    const invite = TOKEN_SHAPE.test(token) ? await repo.inviteByToken(tenantId, sha256(token)) : undefined;
    if (!invite) throw new AppError('NOT_FOUND', INVALID_INVITE_LINK);
    return invite;
  };

  /** The address a username invite goes to: the product e-mail, else the sign-in one. */
  async function mailboxOf(tenantId: string, user: ProductUser): Promise<string | null> {
    if (user.email) return user.email;
    return (await identity.accounts.findById(tenantId, user.identityUserId))?.email ?? null;
  }

  return {
    /**
     * `PUT /api/channel/{owner}/{channel}/invites {member}` and `POST /api/user/invites`: the owner
     * invites an e-mail address or a username of this tenant. Inviting a pending address again
     * renews its link. A mail that cannot be sent keeps the invite (`emailed: false`).
     */
    async invite(caller: Caller, input: { owner: string; channel: string; member: string }): Promise<InviteResponse> {
      const inviter = await users.requireRegistered(caller);
      const channel = await teams.ownedChannel(inviter, input.owner, input.channel, OWNER_ONLY_INVITE);
      let target: InviteTarget;
      let mailbox: string | null;
      if (input.member.includes('@')) {
        const email = input.member.trim().toLowerCase();
        if (await repo.isMemberByEmail(channel.id, email)) throw new AppError('CONFLICT', ALREADY_MEMBER);
        target = { email, user: null };
        mailbox = email;
      } else {
        const invitee = await users.byUsername(caller.tenantId, input.member);
        if (!invitee) throw new AppError('NOT_FOUND', NO_SUCH_USERNAME);
        if (await repo.isMember(channel.id, invitee.id)) throw new AppError('CONFLICT', ALREADY_MEMBER);
        target = { email: null, user: { id: invitee.id, username: invitee.username } };
        mailbox = await mailboxOf(caller.tenantId, invitee);
      }

      const token = randomToken(32);
      await repo.transaction(async (tx) => {
        await tx.lockChannel(channel.id);
        await tx.upsertPendingInvite({
          tenantId: caller.tenantId,
          channelId: channel.id,
          invitedByUserId: inviter.id,
          target,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 24 * 60 * 60 * 1000),
        });
      });

      let emailed = false;
      if (mailbox) {
        try {
          await mail.send(mailbox, {
            template: 'team-invite',
            ...teamInvite({
            link: `${publicUrlOf(caller.tenantId)}/join/${token}`,
            inviter: displayName(inviter),
            team: channel.description || channel.name,
            expiresDays: INVITE_TTL_DAYS,
            }),
          });
          emailed = true;
        } catch (err) {
          // The invite stands: it counts for the username or a confirmed address, and the coach can send it again.
          log.error({ err, channelId: channel.id }, 'team invite not e-mailed');
        }
      }
      // A username invite never reveals the invitee's e-mail address to the coach.
      return { owner: inviter.username, channel: channel.name, email: target.email, username: target.user?.username ?? null, emailed };
    },

    /** `GET /api/channel/{owner}/{channel}/invites`: the owner's view of who has not joined yet. */
    async pending(caller: Caller, owner: string, name: string): Promise<PendingInvites> {
      const user = await users.requireRegistered(caller);
      const channel = await teams.ownedChannel(user, owner, name, OWNER_ONLY_INVITES);
      const rows = await repo.pendingInvites(channel.id);
      return {
        invites: rows.map((r) => ({ id: r.id, member: (r.email ?? r.username)!, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString() })),
      };
    },

    /**
     * `DELETE /api/channel/{owner}/{channel}/invites/{id}`: the owner withdraws a pending invitation;
     * its link then says so. Anyone else, and an unknown or settled invitation, gets the same 404.
     */
    async revoke(caller: Caller, owner: string, name: string, id: string): Promise<void> {
      const user = await users.requireRegistered(caller);
      const channel = await teams.ownedChannel(user, owner, name, INVITE_NOT_FOUND, 'NOT_FOUND');
      if (!UUID_SHAPE.test(id) || !(await repo.revokeInvite(channel.id, id))) throw new AppError('NOT_FOUND', INVITE_NOT_FOUND);
    },

    /** `GET /api/invites/{token}` (public): what the link leads to, before signing in. */
    async preview(tenantId: string, token: string): Promise<InvitePreview> {
      const invite = await inviteByLink(tenantId, token);
      const channel = await repo.channelById(tenantId, invite.channelId);
      const owner = channel ? await users.byId(tenantId, channel.ownerUserId) : undefined;
      if (!channel || !owner) throw new AppError('NOT_FOUND', INVALID_INVITE_LINK);
      const status = inviteStatusOf(invite);
      return {
        status,
        owner: owner.username,
        ownerName: owner.name,
        channel: channel.name,
        description: channel.description,
        email: invite.email,
        expired: status === 'expired',
        accepted: status === 'accepted',
      };
    },

    /**
     * `POST /api/invites/{token}/accept`: the signed-in user claims the invite and joins the team.
     * For an e-mail invite, holding the link is the proof, whatever account claims it; a username
     * invite is for its invited account only. Claiming it again is a no-op.
     */
    async accept(caller: Caller, token: string): Promise<Team> {
      const user = await users.requireRegistered(caller);
      const channel = await repo.transaction(async (tx, raw) => {
        const invite = TOKEN_SHAPE.test(token) ? await tx.inviteByToken(caller.tenantId, sha256(token), { forUpdate: true }) : undefined;
        if (!invite) throw new AppError('NOT_FOUND', INVALID_INVITE_LINK);
        const row = await tx.channelById(caller.tenantId, invite.channelId);
        if (!row) throw new AppError('NOT_FOUND', INVALID_INVITE_LINK);
        if (invite.revokedAt) {
          throw new AppError('EXPIRED', INVITE_REVOKED, 410);
        } else if (invite.acceptedAt) {
          if (invite.acceptedByUserId !== user.id) throw new AppError('CONFLICT', INVITE_USED);
        } else if (invite.expiresAt.getTime() <= Date.now()) {
          throw new AppError('EXPIRED', INVITE_EXPIRED, 410);
        } else if (row.ownerUserId !== user.id) {
          if (invite.invitedUserId !== null && invite.invitedUserId !== user.id) throw new AppError('FORBIDDEN', INVITE_FOR_ANOTHER);
          // A coach opening their own link must not spend it for the athlete it was meant for.
          await tx.claim(invite.id, user.id);
        }
        const joined = await tx.addMember(row.id, user.id);
        await tx.setActive(user.id, row.id);
        if (joined) await announceMemberJoined(events, raw, row, user);
        return row;
      });
      return teams.teamOf(channel);
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
