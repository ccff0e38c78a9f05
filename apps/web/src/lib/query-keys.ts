/**
 * Every TanStack Query key of the web app, in one place, so a query and the mutations that update
 * or invalidate it cannot drift apart.
 *
 * Everything about the signed-in user lives under `['users', <user>]`, and the identity account
 * under `['identity', <user>]`: keyed by user so a different sign-in in the same tab never sees
 * the previous user's data, and so one prefix invalidation (a team change, a new registration)
 * refreshes all of it.
 */

/** The user part of a key: `session.userId ?? session.userUuid` (undefined before the session is known). */
export type UserKey = string | number | undefined;

const user = (userKey: UserKey) => ['users', userKey ?? 'signed-in'] as const;
const identity = (userKey: UserKey) => ['identity', userKey ?? 'signed-in'] as const;
const videos = (userKey: UserKey) => [...user(userKey), 'videos'] as const;
const reels = (userKey: UserKey) => [...user(userKey), 'reels'] as const;

export const queryKeys = {
  plans: () => ['billing', 'plans'] as const,
  invitation: (token: string) => ['invites', token] as const,

  /** Prefix of every user-scoped query (of any user). */
  users: () => ['users'] as const,
  me: (userKey: UserKey) => [...user(userKey), 'me'] as const,
  usage: (userKey: UserKey) => [...user(userKey), 'usage'] as const,
  team: (userKey: UserKey) => [...user(userKey), 'team'] as const,
  teams: (userKey: UserKey) => [...user(userKey), 'teams'] as const,
  /** The pending invitations of a channel the user owns. */
  pendingInvites: (userKey: UserKey, owner: string, channel: string) => [...user(userKey), 'invites', owner, channel] as const,

  videos: {
    /** Prefix of every list, detail and message query of the user's videos. */
    all: videos,
    list: (userKey: UserKey) => [...videos(userKey), 'list'] as const,
    recent: (userKey: UserKey, limit: number) => [...videos(userKey), 'recent', limit] as const,
    /** The given videos (the uploads of this page), in a stable order. */
    byKeys: (userKey: UserKey, keys: readonly string[]) => [...videos(userKey), 'keys', [...keys].sort().join(',')] as const,
    detail: (userKey: UserKey, key: string) => [...videos(userKey), 'detail', key] as const,
    messages: (userKey: UserKey, key: string) => [...videos(userKey), 'detail', key, 'messages'] as const,
  },

  reels: {
    /** A reel as its maker or a viewer of its clip sees it (`GET /api/user/reels/{reelId}`). */
    view: (userKey: UserKey, reelId: string) => [...reels(userKey), 'view', reelId] as const,
    /** The share link's reel (`GET /api/reels/{reelId}`): the same for everyone, signed in or not. */
    shared: (reelId: string) => ['shared-reels', reelId] as const,
  },

  /** The comments on a clip in a team channel. */
  clipComments: (userKey: UserKey, owner: string, channel: string, clipId: string) =>
    [...user(userKey), 'channels', owner, channel, 'comments', clipId] as const,

  identity: {
    /** Prefix of every identity-account query (of any user). */
    all: () => ['identity'] as const,
    self: (userKey: UserKey) => [...identity(userKey), 'self'] as const,
    sessions: (userKey: UserKey) => [...identity(userKey), 'sessions'] as const,
  },
};
