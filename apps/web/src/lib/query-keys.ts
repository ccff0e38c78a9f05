/**
 * Every TanStack Query key of the web app, in one place, so a query and the mutations that update
 * or invalidate it cannot drift apart.
 *
 * Everything about the signed-in user lives under `['users', <user>]`, and the identity account
 * under `['identity', <user>]`: keyed by user so a different sign-in in the same tab never sees
 * the previous user's data, and so one prefix invalidation (a team change, a new registration)
 * refreshes all of it.
 */

/** Whose clips a clip list shows: mine (made or saved) or my active team's. */
export type ClipScope = 'mine' | 'team';

/** A part of the game discovery lists: live and upcoming games, or the recent results. */
export type DiscoveryPart = 'current' | 'results';

/** The user part of a key: `session.userId ?? session.userUuid` (undefined before the session is known). */
export type UserKey = string | number | undefined;

const user = (userKey: UserKey) => ['users', userKey ?? 'signed-in'] as const;
const identity = (userKey: UserKey) => ['identity', userKey ?? 'signed-in'] as const;
const videos = (userKey: UserKey) => [...user(userKey), 'videos'] as const;
const clips = (userKey: UserKey) => [...user(userKey), 'clips'] as const;
const reels = (userKey: UserKey) => [...user(userKey), 'reels'] as const;
const talk = (userKey: UserKey) => [...user(userKey), 'talk'] as const;
const schedule = (userKey: UserKey) => [...user(userKey), 'schedule'] as const;

export const queryKeys = {
  plans: () => ['billing', 'plans'] as const,
  invitation: (token: string) => ['invites', token] as const,

  /** Prefix of every user-scoped query (of any user). */
  users: () => ['users'] as const,
  me: (userKey: UserKey) => [...user(userKey), 'me'] as const,
  usage: (userKey: UserKey) => [...user(userKey), 'usage'] as const,
  team: (userKey: UserKey) => [...user(userKey), 'team'] as const,
  teams: (userKey: UserKey) => [...user(userKey), 'teams'] as const,
  /** A member's card (`GET /api/user/other?username=..&images=true&team=true`), the user's own included. */
  member: (userKey: UserKey, username: string) => [...user(userKey), 'members', username.toLowerCase()] as const,
  /** Whether unread notifications are e-mailed (`GET /api/user/notification-settings`). */
  notificationSettings: (userKey: UserKey) => [...user(userKey), 'notification-settings'] as const,
  /** A published recruiting card (`GET /api/a/{id}`): the same for everyone, signed in or not. */
  recruitingCard: (cardId: string) => ['recruiting-cards', cardId] as const,
  /** My recruiting card's settings (`GET /api/user/recruiting`). */
  recruiting: (userKey: UserKey) => [...user(userKey), 'recruiting'] as const,
  /** The shared reels of the footage of the team the user owns (`GET /api/team/shared-reels`). */
  teamSharedReels: (userKey: UserKey) => [...user(userKey), 'team-shared-reels'] as const,
  /** The pending invitations of a channel the user owns. */
  pendingInvites: (userKey: UserKey, owner: string, channel: string) => [...user(userKey), 'invites', owner, channel] as const,

  videos: {
    /** Prefix of every list, detail and message query of the user's videos. */
    all: videos,
    list: (userKey: UserKey) => [...videos(userKey), 'list'] as const,
    /** Prefix of the newest few (any number). */
    recents: (userKey: UserKey) => [...videos(userKey), 'recent'] as const,
    recent: (userKey: UserKey, limit: number) => [...videos(userKey), 'recent', limit] as const,
    /** Prefix of every `byKeys` list. */
    byKeysAll: (userKey: UserKey) => [...videos(userKey), 'keys'] as const,
    /** The given videos (the uploads of this page), in a stable order. */
    byKeys: (userKey: UserKey, keys: readonly string[]) => [...videos(userKey), 'keys', [...keys].sort().join(',')] as const,
    detail: (userKey: UserKey, key: string) => [...videos(userKey), 'detail', key] as const,
    comments: (userKey: UserKey, key: string) => [...videos(userKey), 'detail', key, 'comments'] as const,
  },

  clips: {
    /** Prefix of every clip query of the user: a new or deleted clip refreshes them all. */
    all: clips,
    /** `mine`: my clips, made or saved (`GET /api/user/clips`); `team`: the active team's (`GET /api/team/clips`). */
    list: (userKey: UserKey, scope: ClipScope = 'mine') => [...clips(userKey), 'list', scope] as const,
    recent: (userKey: UserKey, limit: number, scope: ClipScope = 'mine') => [...clips(userKey), 'recent', scope, limit] as const,
    /** The clips of one video (`GET /api/user/clips/{streamId}`). */
    ofStream: (userKey: UserKey, streamId: string) => [...clips(userKey), 'stream', streamId] as const,
    chunk: (userKey: UserKey, streamId: string, clipId: number) => [...clips(userKey), 'chunk', streamId, clipId] as const,
  },

  reels: {
    /** Prefix of every reel query of the user: a saved reel refreshes the lists and its export. */
    all: reels,
    list: (userKey: UserKey) => [...reels(userKey), 'list'] as const,
    recent: (userKey: UserKey, limit: number) => [...reels(userKey), 'recent', limit] as const,
    detail: (userKey: UserKey, reelId: string) => [...reels(userKey), 'detail', reelId] as const,
    export: (userKey: UserKey, reelId: string) => [...reels(userKey), 'detail', reelId, 'export'] as const,
    /** The share link's reel (`GET /api/reels/{reelId}`): the same for everyone, signed in or not. */
    shared: (reelId: string) => ['shared-reels', reelId] as const,
  },

  /** Drawings on paused frames (`GET /api/user/videos/{key}/drawings`); the prefix of all of them (a `resync` reloads them). */
  drawings: {
    all: (userKey: UserKey) => [...user(userKey), 'drawings'] as const,
    ofVideo: (userKey: UserKey, videoKey: string) => [...user(userKey), 'drawings', videoKey] as const,
  },

  /** Prefix of every clip's comments (a `resync` reloads them). */
  allClipComments: (userKey: UserKey) => [...user(userKey), 'channels'] as const,
  /** The comments on a clip in a team channel. */
  clipComments: (userKey: UserKey, owner: string, channel: string, clipId: string) =>
    [...user(userKey), 'channels', owner, channel, 'comments', clipId] as const,

  /**
   * Team talk: the board, its threads, the activity feed, buddies and notifications. The live update
   * stream writes into these; a `resync` invalidates the whole prefix.
   */
  talk: {
    all: talk,
    /** Prefix of the board's lists (the page's, paged, and the dashboard's newest). */
    board: (userKey: UserKey) => [...talk(userKey), 'board'] as const,
    boardList: (userKey: UserKey) => [...talk(userKey), 'board', 'list'] as const,
    boardRecent: (userKey: UserKey, limit: number) => [...talk(userKey), 'board', 'recent', limit] as const,
    /** Prefix of every thread (`GET /api/team/board/{id}`). */
    threads: (userKey: UserKey) => [...talk(userKey), 'thread'] as const,
    thread: (userKey: UserKey, messageId: string) => [...talk(userKey), 'thread', messageId] as const,
    /** Prefix of the activity feed's lists. */
    activity: (userKey: UserKey) => [...talk(userKey), 'activity'] as const,
    activityList: (userKey: UserKey) => [...talk(userKey), 'activity', 'list'] as const,
    activityRecent: (userKey: UserKey, limit: number) => [...talk(userKey), 'activity', 'recent', limit] as const,
    /** `GET /api/team/buddies`: the active team's members as names and pictures. */
    buddies: (userKey: UserKey) => [...talk(userKey), 'buddies'] as const,
    /** `GET /api/user/buddies?usernames=`: the given teammates. */
    buddiesByName: (userKey: UserKey, usernames: readonly string[]) => [...talk(userKey), 'buddies', [...usernames].sort().join(',')] as const,
    /** `GET /api/user/notifications`, paged; its first page carries the unread count the bell shows. */
    notifications: (userKey: UserKey) => [...talk(userKey), 'notifications'] as const,
  },

  /**
   * Live games. Lists and events depend on who asks (team membership, subscription), so they live
   * under the user; cheers are the same for everyone (no auth).
   */
  live: {
    /** Prefix of every live query of the user: a new event or a follow refreshes the lists. */
    all: (userKey: UserKey) => [...user(userKey), 'live'] as const,
    /** `GET /api/team/live` */
    now: (userKey: UserKey) => [...user(userKey), 'live', 'now'] as const,
    /** `GET /api/team/upcoming` or `/api/team/archives`, paged. */
    list: (userKey: UserKey, kind: 'upcoming' | 'archives') => [...user(userKey), 'live', kind] as const,
    /** `GET /api/events?q=&sport=` (live and upcoming) or `&status=ended` (recent results), paged. */
    search: (userKey: UserKey, q: string, sport: string, part: DiscoveryPart = 'current') => [...user(userKey), 'live', 'search', q, sport, part] as const,
    /** `GET /api/sports/{code}/events`, the same two parts. */
    sport: (userKey: UserKey, code: string, part: DiscoveryPart = 'current') => [...user(userKey), 'live', 'sport', code, part] as const,
    /** `GET /api/live/{key}` */
    event: (userKey: UserKey, key: string) => [...user(userKey), 'live', 'event', key] as const,
    /** `GET /api/events/{key}/ingest` (the owner's secret). */
    ingestKey: (userKey: UserKey, key: string) => [...user(userKey), 'live', 'event', key, 'ingest'] as const,
    /** `GET /api/teams/{owner}/{channel}/follow` */
    follow: (userKey: UserKey, owner: string, channel: string) => [...user(userKey), 'live', 'follow', owner, channel] as const,
    /** `GET /api/events/{key}/cheers?omega=1&top=10` */
    cheers: (key: string) => ['live-cheers', key] as const,
  },

  /**
   * Film study: the active team's code window and the tagged instances of a video or a live game. A `tag`
   * update reads a video's or a game's instances again.
   */
  tags: {
    /** Prefix of every film-study query (a `resync` reloads them). */
    all: (userKey: UserKey) => [...user(userKey), 'tags'] as const,
    /** `GET /api/team/codes` */
    codes: (userKey: UserKey) => [...user(userKey), 'tags', 'codes'] as const,
    /** `GET /api/user/videos/{key}/tags` or `GET /api/live/{key}/tags`: every instance, filtered on the page. */
    of: (userKey: UserKey, kind: 'video' | 'live', key: string) => [...user(userKey), 'tags', kind, key] as const,
  },

  /**
   * The team schedule: a change to an item or an answer refreshes every list and the item. The live update
   * stream keeps the lists and items current (a `schedule` event reloads them).
   */
  schedule: {
    all: schedule,
    /** Prefix of the lists (the page's two parts and the dashboard's). */
    lists: (userKey: UserKey) => [...schedule(userKey), 'list'] as const,
    /** `GET /api/team/schedule`: the coming weeks, or the past ones (the page's toggle). */
    list: (userKey: UserKey, part: 'upcoming' | 'past') => [...schedule(userKey), 'list', part] as const,
    /** Prefix of every item's page. */
    details: (userKey: UserKey) => [...schedule(userKey), 'detail'] as const,
    /** `GET /api/team/schedule/{id}` */
    detail: (userKey: UserKey, id: string) => [...schedule(userKey), 'detail', id] as const,
    /** `GET /api/user/calendar`: my private calendar feed's address. */
    calendar: (userKey: UserKey) => [...schedule(userKey), 'calendar'] as const,
    /** `GET /api/user/schedule-settings`: whether schedule e-mails (reminders) come. */
    settings: (userKey: UserKey) => [...schedule(userKey), 'settings'] as const,
    /** `GET /api/rsvp/{token}`: an e-mailed answer link's item (no sign-in). */
    answerLink: (token: string) => ['rsvp', token] as const,
  },

  identity: {
    /** Prefix of every identity-account query (of any user). */
    all: () => ['identity'] as const,
    self: (userKey: UserKey) => [...identity(userKey), 'self'] as const,
    sessions: (userKey: UserKey) => [...identity(userKey), 'sessions'] as const,
  },
};
