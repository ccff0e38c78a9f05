import { z } from 'zod';
import { msCursorQuery, safeIdNumber } from './bounds';

/** A clip lasts 1 to 180 seconds. */
export const CLIP_MIN_SEC = 1;
export const CLIP_MAX_SEC = 180;
export const CLIP_LENGTH_MESSAGE = `A clip lasts ${CLIP_MIN_SEC} to ${CLIP_MAX_SEC} seconds`;
export const CLIP_DESCRIPTION_MAX = 2000;
export const REEL_TITLE_MAX = 200;
/** A reel of a whole season's plays stays one request. */
export const REEL_MAX_CHUNKS = 200;

// Numbers in a JSON body must be numbers: '12' or '' is "non-numeric", a 400 naming the field.
const seconds = z.number({ invalid_type_error: 'Expected a number of seconds' }).finite();

/** `POST /api/user/videos/{key}/clips`: `timestamp` is the start in seconds from the start of the video. */
export const createClipBody = z.object({
  /** The video key again (clients send it); when present it must be the path's. */
  key: z.string().max(100).optional(),
  /** Sent by the old client (the player's URL); the server always cuts from its own rendition. */
  source: z.string().max(4000).nullish(),
  timestamp: seconds.min(0, 'The start must be within the video'),
  duration: seconds.min(CLIP_MIN_SEC, CLIP_LENGTH_MESSAGE).max(CLIP_MAX_SEC, CLIP_LENGTH_MESSAGE),
});
export type CreateClipBody = z.infer<typeof createClipBody>;

/** A clip (docs/product.md#clips). */
export const clip = z.object({
  /** The clip's id: `DELETE /api/user/clips/{_id}`, and a reel chunk's `clip`. */
  _id: z.string(),
  /** The same id as `_id` (clients read either). */
  clipId: z.string(),
  /** The source: a video key. */
  stream_id: z.string(),
  /** The moment in ms, unique within its stream: `GET /api/user/clips/{stream_id}/{clip_id}/chunk`. */
  clip_id: z.number(),
  /** The clip's one-chunk reel, which its page plays (`/team/clips/{reel_id}`). */
  reel_id: z.string(),
  /** The position in the source, hh:mm:ss. */
  time: z.string(),
  /**
   * Creation, ms since the epoch: the paging cursor. In my clips (`GET /api/user/clips`) a clip
   * someone else made that I saved has the time I saved it instead.
   */
  timestamp: z.number(),
  /** The source's title ('Video' when it has none). */
  clipTitle: z.string(),
  description: z.string(),
  /** True only for clips made by auto highlights. */
  cheer: z.boolean(),
  /** Seconds from the start of the source. */
  start: z.number(),
  duration: z.number(),
  /** Signed URL of the clip's first frame; null until its own file is cut. */
  poster: z.string().nullable(),
});
export type Clip = z.infer<typeof clip>;

/**
 * An untitled clip's name, the same wherever it shows (a game's highlights, the clip's page, beside
 * the library's cards): where it comes from and where in it, 'Hawks vs Owls · 00:00:04'.
 */
export function clipName(clip: { clipTitle: string; time: string }): string {
  return `${clip.clipTitle} · ${clip.time}`;
}

export const clipList = z.object({
  items: z.array(clip),
  /** `timestamp` for the next page (the last item's), or null at the end. */
  next: z.number().nullable(),
});
export type ClipList = z.infer<typeof clipList>;

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Items strictly older than this (ms since the epoch). */
  timestamp: msCursorQuery.optional(),
});

/**
 * `GET /api/user/clips/{stream_id}/{clip_id}/chunk`. `source` is a signed URL: the clip's own MP4
 * once it is cut; before that the source rendition with a media fragment `#t=start,end`, so a
 * player plays the clip at once. It expires at `mediaExpiresAt`.
 */
export const clipChunk = z.object({ source: z.string(), mediaExpiresAt: z.string() });
export type ClipChunk = z.infer<typeof clipChunk>;

export const createReelBody = z.object({
  /** `clip_id`s of clips of that stream, in the reel's order. */
  clips: z.array(safeIdNumber).min(1, 'A reel needs at least one clip').max(REEL_MAX_CHUNKS),
});
export const createReelResponse = z.object({ reelId: z.string() });

/** One chunk in the editor's save: a clip (`_id`) with in/out in seconds from the clip's start. */
export const reelChunkInput = z
  .object({
    clip: z.string().max(100),
    in: seconds.min(0),
    out: seconds.positive(),
    description: z.string().max(CLIP_DESCRIPTION_MAX).default(''),
  })
  .refine((c) => c.in < c.out, { message: 'The out point must be after the in point', path: ['out'] });

/**
 * `PUT /api/user/reels/{reelId}`: the editor's save, the whole reel. `shared` is optional and absent
 * keeps the link as it is (the switch has its own request), so a save from an editor opened before
 * the team owner switched the link off does not switch it on again; old clients still send it.
 */
export const updateReelBody = z.object({
  title: z.string().trim().max(REEL_TITLE_MAX).nullable(),
  shared: z.boolean().optional(),
  chunks: z.array(reelChunkInput).min(1, 'A reel needs at least one clip').max(REEL_MAX_CHUNKS),
});
export type UpdateReelBody = z.infer<typeof updateReelBody>;

/** A reel's chunk (a clip with its own in/out), plus what the editor needs to trim it. */
export const reelChunk = z.object({
  id: z.string(),
  description: z.string(),
  /** Signed URL; a media fragment `#t=start,end` when only a part of the file plays. */
  source: z.string(),
  /** The clip (`_id`) and in/out in seconds from its start. */
  clip: z.string(),
  in: z.number(),
  out: z.number(),
  poster: z.string().nullable(),
});
export type ReelChunk = z.infer<typeof reelChunk>;

/** The team a shared reel comes from, as its share link shows it. */
export const reelTeam = z.object({
  name: z.string(),
  /** The team's logo image; null until the team has one (the page shows its initials). */
  logo: z.string().nullable(),
});
export type ReelTeam = z.infer<typeof reelTeam>;

export const reel = z.object({
  reelId: z.string(),
  title: z.string().nullable(),
  /** Off: the share link `GET /api/reels/{reelId}` answers 404. */
  shared: z.boolean(),
  /** Creation, ms since the epoch: the paging cursor. */
  timestamp: z.number(),
  chunks: z.array(reelChunk),
  /** The chunk URLs stop working at this time; fetch the reel again before it. */
  mediaExpiresAt: z.string(),
});
export type Reel = z.infer<typeof reel>;

/** `GET /api/reels/{reelId}` (the share link): the reel and the maker's team, when they are in one. */
export const sharedReel = reel.extend({ team: reelTeam.optional() });
export type SharedReel = z.infer<typeof sharedReel>;

/** A chunk as a signed-in viewer sees it: also where it comes from (the clip library shows the same). */
export const reelViewChunk = reelChunk.extend({
  /** The source's title ('Video' when it has none). */
  clipTitle: z.string().optional(),
  /** The chunk's position in its source, hh:mm:ss. */
  time: z.string().optional(),
  /**
   * A video's clip only: the video's key and the clip's moment there, what `POST /api/user/reels/{stream_id}`
   * takes to start a new reel with it (a live game's clip has none).
   */
  stream_id: z.string().optional(),
  clip_id: z.number().optional(),
});
export type ReelViewChunk = z.infer<typeof reelViewChunk>;

/**
 * `GET /api/user/reels/{reelId}`: a reel as its page shows it; `owned` when the caller made it (they
 * may edit it). `saved` only on a clip's own reel made by someone else: whether the caller saved the
 * clip to their library (`POST|DELETE /api/user/clips/{_id}/save`).
 */
export const reelView = reel.extend({ chunks: z.array(reelViewChunk), owned: z.boolean(), saved: z.boolean().optional() });
export type ReelView = z.infer<typeof reelView>;

export const reelList = z.object({ items: z.array(reel), next: z.number().nullable() });
export type ReelList = z.infer<typeof reelList>;

/** `PUT /api/user/reels/{reelId}/sharing {shared}`: the share link on or off at once (not waiting for the editor's save). */
export const reelSharingBody = z.object({ shared: z.boolean() });
export const reelSharing = z.object({ reelId: z.string(), shared: z.boolean() });
export type ReelSharing = z.infer<typeof reelSharing>;

/** The share link's 409 answers: the clips' own files are still being cut, or one cut failed. */
export const REEL_PREPARING = 'This reel is being prepared. Try again in a minute.';
export const REEL_UNPLAYABLE = 'This reel cannot be played: one of its clips could not be prepared.';

/** `GET /api/team/shared-reels` answers the newest this many (it has no paging). */
export const TEAM_SHARED_REELS_LIMIT = 100;

/**
 * `GET /api/team/shared-reels`: the newest shared reels that play the caller's team's footage (its
 * owner switches any of them off). `maker` is the maker's username; `ownClip` marks a clip's own reel.
 */
export const teamSharedReel = z.object({ reelId: z.string(), title: z.string().nullable(), maker: z.string(), ownClip: z.boolean(), timestamp: z.number() });
export const teamSharedReelList = z.object({ items: z.array(teamSharedReel) });
export type TeamSharedReelList = z.infer<typeof teamSharedReelList>;

export const CHANNEL_MESSAGE_MAX = 2000;
/** A comment or message posts only when its text is not blank. */
export const EMPTY_MESSAGE = 'Please enter a message.';
/** At most this many comments of a clip are listed (newest first). */
export const CLIP_COMMENTS_LIMIT = 200;

/** A comment on a clip in a team channel. */
export const channelComment = z.object({
  _id: z.string(),
  /** The publisher's username. */
  publisher: z.string(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  content: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
});
export type ChannelComment = z.infer<typeof channelComment>;
/** `GET /api/channel/{owner}/{channel}/{clipId}`: newest first, at most CLIP_COMMENTS_LIMIT. */
export const channelComments = z.array(channelComment);

/** `POST /api/channel/{owner}/{channel}/{clipId}`; a blank message is refused with EMPTY_MESSAGE. */
export const postChannelCommentBody = z.object({ message: z.string().max(CHANNEL_MESSAGE_MAX) });

/** `POST /api/channel/{owner}/{channel}`: the team owner shares a reel into the channel. */
export const shareReelBody = z.object({ message: z.string().max(CHANNEL_MESSAGE_MAX), reel: z.string().max(100) });
export const sharedReelMessage = z.object({
  _id: z.string(),
  publisher: z.string(),
  content: z.string(),
  timestamp: z.string(),
  type: z.literal('reel'),
  /** The reel id. */
  action: z.string(),
});
export type SharedReelMessage = z.infer<typeof sharedReelMessage>;

/** `POST|GET /api/user/reels/{reelId}/export`: the reel's MP4, kept until the reel changes. */
export const reelExport = z.object({
  status: z.enum(['none', 'queued', 'running', 'ready', 'failed']),
  /** 0-100. */
  progress: z.number(),
  /** A signed URL that downloads the MP4 (Content-Disposition attachment) once ready; else null. */
  url: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type ReelExport = z.infer<typeof reelExport>;
