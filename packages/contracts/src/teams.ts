import { z } from 'zod';

/** The default channel name; a coach's team is their channel `main`. */
export const MAIN_CHANNEL = 'main';
export const NOT_A_MEMBER = 'You are not a member of a team';
export const INVALID_INVITE_MEMBER = 'Please enter a valid email or plain username.';
export const INVALID_INVITE_EMAIL = 'Invalid email address';
/** How long an invitation link works. */
export const INVITE_TTL_DAYS = 14;

export const channelName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(50)
  .regex(/^[A-Za-z0-9_-]+$/, 'A channel name can only contain letters, digits, dashes and underscores');

/** `POST /api/user/channels {channel, description}`. */
export const createChannelBody = z.object({ channel: channelName, description: z.string().trim().max(200).default('') }).strict();
export type CreateChannelBody = z.infer<typeof createChannelBody>;

export const channelResponse = z.object({ owner: z.string(), channel: z.string(), description: z.string() });
export type ChannelResponse = z.infer<typeof channelResponse>;

/** A membership: a user in a team (channel). */
export const membership = z.object({
  username: z.string(),
  name: z.string().nullable(),
  sport: z.string().nullable(),
  city: z.string().nullable(),
  image: z.string().nullable(),
});
export type Membership = z.infer<typeof membership>;

/** `GET /api/user/team`: the active team, or `{ error }` when the user is in none. */
export const teamResponse = z.union([
  z.object({
    owner: z.string(),
    channel: z.string(),
    description: z.string(),
    members: z.record(membership),
  }),
  z.object({ error: z.string() }),
]);
export type TeamResponse = z.infer<typeof teamResponse>;

/** One entry of `GET /api/user/teams`: `username` is the team owner's (the coach). */
export const teamListItem = z.object({
  username: z.string(),
  channel: z.string(),
  description: z.string(),
  /** The user already joined this team. */
  member: z.boolean(),
  /** The team the user activated ('Current'); at most one. */
  current: z.boolean(),
});
export type TeamListItem = z.infer<typeof teamListItem>;
export const teamsResponse = z.array(teamListItem);

/**
 * Invite input (docs/product.md#validation-messages): empty, an email, a plain username (letters, digits, underscore,
 * dash, dot, plus) or a partial email (while typing); a leading @ is removed.
 */
export const inviteMemberInput = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@/, ''))
  .refine((value) => value === '' || /^[A-Za-z0-9_.+-]+(@[A-Za-z0-9.-]*)?$/.test(value), INVALID_INVITE_MEMBER);

/** `PUT /api/channel/{owner}/{channel}/invites {member}`: the server needs a whole email or a username. */
export const inviteMemberBody = z
  .object({
    member: z
      .string({ required_error: INVALID_INVITE_MEMBER, invalid_type_error: INVALID_INVITE_MEMBER })
      .trim()
      .max(320)
      .transform((value) => value.replace(/^@/, ''))
      .refine((value) => z.string().email().safeParse(value).success || /^[A-Za-z0-9_.+-]+$/.test(value), INVALID_INVITE_MEMBER),
  })
  .strict();

/** `POST /api/user/invites {email, owner, channel}` (the registration invite page). */
export const createInviteBody = z
  .object({
    email: z.string({ required_error: INVALID_INVITE_EMAIL }).trim().max(320).email(INVALID_INVITE_EMAIL),
    owner: z.string().trim().min(1).max(50),
    channel: channelName,
  })
  .strict();
export type CreateInviteBody = z.infer<typeof createInviteBody>;

/** Answer of both invite calls. `emailed` says whether an e-mail went out (unknown usernames get none). */
export const inviteResponse = z.object({
  owner: z.string(),
  channel: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  emailed: z.boolean(),
});
export type InviteResponse = z.infer<typeof inviteResponse>;

/** Where an invitation stands: only a pending one can be accepted. */
export const inviteStatus = z.enum(['pending', 'accepted', 'expired', 'revoked']);
export type InviteStatus = z.infer<typeof inviteStatus>;

/** `GET /api/invites/{token}` (public): what the e-mailed link shows before sign-in. */
export const invitePreview = z.object({
  status: inviteStatus,
  owner: z.string(),
  ownerName: z.string().nullable(),
  channel: z.string(),
  description: z.string(),
  email: z.string().nullable(),
  expired: z.boolean(),
  accepted: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreview>;

/** One pending invitation of `GET /api/channel/{owner}/{channel}/invites`; `member` is the e-mail or username invited. */
export const pendingInvite = z.object({ id: z.string(), member: z.string(), createdAt: z.string(), expiresAt: z.string() });
/** `GET /api/channel/{owner}/{channel}/invites` (owner only): pending invitations, newest first. */
export const pendingInvites = z.object({ invites: z.array(pendingInvite) });
export type PendingInvites = z.infer<typeof pendingInvites>;
