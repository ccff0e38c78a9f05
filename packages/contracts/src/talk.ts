import { z } from 'zod';
import { msCursorQuery } from './bounds';
import { CHANNEL_MESSAGE_MAX, channelComment } from './clips';
import { videoStatus } from './videos';

/** Team talk: the message board, its threads, the activity feed, buddies, notifications and the live update stream. */

export const BOARD_SUBJECT_MAX = 200;
/** `GET /api/team/*` called by someone who is not a member of an active team. */
export const NOT_A_TEAM_MEMBER = 'You are not a member of a team';
/** The dashboard shows this many board messages and activity items. */
export const DASHBOARD_PAGE_SIZE = 3;

/** What a board message or activity item links to (docs/product.md#message-board-and-activity); null for a plain post. */
export const boardType = z.enum(['reel', 'live', 'video', 'link', 'join']);
export type BoardType = z.infer<typeof boardType>;

/** A team channel, as links name it. */
export const channelRef = z.object({ owner: z.string(), channel: z.string() });

/** A board message or an activity item. */
export const boardItem = z.object({
  _id: z.string(),
  /** '' when none was given. */
  subject: z.string(),
  /** The publisher's username (names and images come from buddies). */
  publisher: z.string(),
  content: z.string(),
  /** ms since the epoch: the paging cursor. */
  timestamp: z.number(),
  type: boardType.nullable(),
  /** What the item links to, by type: a reel id or path, a live event key, a video key, a path. */
  action: z.string().nullable(),
  /** Usernames of the members mentioned. */
  recipients: z.array(z.string()),
  channel: channelRef,
  /** A reel item's clip poster (signed URL), else null. */
  preview: z.string().nullable(),
  /** How many replies the message has (0 for activity items). */
  replies: z.number().int(),
  /** On a live game's item: the game has ended (the item reads 'Final: <title>' and links its recording). */
  ended: z.boolean().optional(),
});
export type BoardItem = z.infer<typeof boardItem>;

/** `GET /api/team/board` and `GET /api/team/activity`: newest first; `next` is the last item's timestamp, null at the end. */
export const boardPage = z.object({ items: z.array(boardItem), next: z.number().nullable() });
export type BoardPage = z.infer<typeof boardPage>;

export const talkPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Items strictly older than this (ms since the epoch). */
  timestamp: msCursorQuery.optional(),
});

/** An `@username` mention is `@` and letters, digits, hyphens, underscores (not inside a word or an e-mail). */
export const MENTION_PATTERN = /(?<![A-Za-z0-9_-])@([A-Za-z0-9_-]+)/g;

/** The usernames mentioned in a message, in order, each once (as written). */
export function mentionedUsernames(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION_PATTERN)].map((m) => m[1]!))];
}

/** `POST /api/team/board`: a blank message is refused with EMPTY_MESSAGE and creates nothing. */
export const postBoardBody = z.object({
  subject: z.string().max(BOARD_SUBJECT_MAX, `A subject has at most ${BOARD_SUBJECT_MAX} characters`).optional(),
  message: z.string().max(CHANNEL_MESSAGE_MAX, `A message has at most ${CHANNEL_MESSAGE_MAX} characters`),
});
export type PostBoardBody = z.infer<typeof postBoardBody>;
export const postBoardResponse = z.object({ id: z.string() });

/** `POST /api/team/board/{messageId}` (a reply). */
export const postReplyBody = z.object({ message: z.string().max(CHANNEL_MESSAGE_MAX, `A message has at most ${CHANNEL_MESSAGE_MAX} characters`) });
/** A reply: the shape of a clip comment. */
export const boardReply = channelComment;
export type BoardReply = z.infer<typeof boardReply>;

/** `GET /api/team/board/{messageId}`: the message and its replies, newest first. */
export const boardThread = z.object({ board: boardItem, messages: z.array(boardReply) });
export type BoardThread = z.infer<typeof boardThread>;

/** A teammate as names and pictures are shown. */
export const buddy = z.object({ _id: z.string(), username: z.string(), name: z.string().nullable(), image: z.string().nullable() });
export type Buddy = z.infer<typeof buddy>;
export const buddyList = z.array(buddy);
/** `GET /api/user/buddies?usernames=a,b`. */
export const buddiesQuery = z.object({ usernames: z.string().max(4000).default('') });

/** A notification of the signed-in user. */
export const notification = z.object({
  _id: z.string(),
  /** 'link' for a mention or a direct message (docs/product.md#message-board-and-activity). */
  type: z.string(),
  message: z.string(),
  /** Where it opens: a path in the app, or null. */
  action: z.string().nullable(),
  /** Who caused it (username), or null. */
  publisher: z.string().nullable(),
  timestamp: z.number(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

/** `GET /api/user/notifications`: newest first; `unread` counts all unread ones. */
export const notificationPage = z.object({ items: z.array(notification), next: z.number().nullable(), unread: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPage>;

/** `POST /api/user/notifications/read`: the ids given, or all when none are. */
export const readNotificationsBody = z.object({ ids: z.array(z.string().max(100)).max(500).optional() }).default({});
export const unreadCount = z.object({ unread: z.number().int() });

/** `POST /api/user/messages`: notifies one teammate directly (a mention notification). */
export const userMessageBody = z.object({
  message: z.string().max(CHANNEL_MESSAGE_MAX),
  recipient: z.string().max(100),
  action: z.string().max(2000).nullish(),
  type: z.literal('link').default('link'),
});
export type UserMessageBody = z.infer<typeof userMessageBody>;
export const userMessageResponse = z.object({ _id: z.string() });

/** `GET|PUT /api/user/notification-settings`: whether unread notifications are e-mailed. */
export const notificationSettings = z.object({ email: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettings>;

/**
 * `GET /api/updates`: a server-sent event stream. Each event's `id:` comes from one ever-increasing
 * sequence (send it back as `Last-Event-ID`); its data names the item.
 */
export const updateEventNames = ['board', 'reply', 'comment', 'activity', 'notification', 'unread', 'delete', 'schedule', 'video', 'tag', 'drawing', 'resync'] as const;
export type UpdateEventName = (typeof updateEventNames)[number];

/** `board`: a new board message of the active team. */
export const boardUpdate = z.object({ _id: z.string(), item: boardItem });
/** `reply`: a new reply; `board` is the message's id. */
export const replyUpdate = z.object({ _id: z.string(), board: z.string(), item: boardReply });
/** `comment`: a new comment on a clip (read it with the comments call: who may see the clip is checked there). */
export const commentUpdate = z.object({ _id: z.string(), clip: z.string(), channel: channelRef });
/** `activity`: a new activity item. */
export const activityUpdate = z.object({ _id: z.string(), item: boardItem });
/** `notification`: a new notification for this user. */
export const notificationUpdate = z.object({ _id: z.string(), item: notification });
/** `unread`: this user's unread count changed (read on another device, a mention deleted). */
export const unreadUpdate = unreadCount;
/** `delete`: something is gone; `board` is the message a reply belonged to. */
export const deleteUpdate = z.object({
  _id: z.string(),
  kind: z.enum(['board', 'reply', 'comment', 'activity', 'notification']),
  board: z.string().optional(),
});
/**
 * `schedule`: the active team's schedule changed: an item (`_id`; a new series' first date) was added, changed
 * (a "following" edit changes later dates too) or cancelled, or a member answered it. Read the schedule again.
 */
export const scheduleUpdate = z.object({ _id: z.string(), change: z.enum(['new', 'changed', 'cancelled', 'answer']) });
/** `video`: one of my videos changed processing state or progress (`_id` is its key): read it again. */
export const videoUpdate = z.object({ _id: z.string(), status: videoStatus });
/**
 * `tag` and `drawing`: a teammate tagged, changed or deleted an instance, or a drawing, of a video (`video`, its
 * key) or of a live game (`event`, its key; a live tag names both once the game's recording exists). Read it again.
 */
export const filmUpdate = z.object({
  _id: z.string(),
  video: z.string().nullable(),
  event: z.string().nullable(),
  change: z.enum(['new', 'changed', 'deleted']),
});
/** `resync`: the stream cannot replay what was missed (too old): reload every list. */
export const resyncUpdate = z.object({});

export const updateData = {
  board: boardUpdate,
  reply: replyUpdate,
  comment: commentUpdate,
  activity: activityUpdate,
  notification: notificationUpdate,
  unread: unreadUpdate,
  delete: deleteUpdate,
  schedule: scheduleUpdate,
  video: videoUpdate,
  tag: filmUpdate,
  drawing: filmUpdate,
  resync: resyncUpdate,
} satisfies Record<UpdateEventName, z.ZodTypeAny>;
export type UpdateData = { [K in UpdateEventName]: z.infer<(typeof updateData)[K]> };

/** `POST /api/user/messages` to anyone who is not a teammate (or no one): the same answer, so names cannot be probed. */
export const UNKNOWN_RECIPIENT = 'No teammate has this username.';
/** `POST /api/user/messages` with an action that is not a path in the app. */
export const BAD_ACTION = 'The action must be a path in the app, such as /team/messages.';
/**
 * A path in this app: one leading '/', never '//' or '/\' (a browser reads both as another host), and
 * no spaces, backslashes or control characters. Notifications open only such actions.
 */
export const isAppPath = (action: string): boolean => /^\/(?![/\\])[^\s\\\p{Cc}]*$/u.test(action);
/** `POST /api/unsubscribe/{token}` with a token we did not sign. */
export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Switch notification e-mails off in your settings instead.';
