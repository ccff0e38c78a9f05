import { z } from 'zod';
import { MAX_DATE_MS } from './bounds';
import { isoDateTime } from './iso-date';
import { imageTag, userImage } from './profiles';

/** A video without a title shows 'Video'. */
export const DEFAULT_VIDEO_TITLE = 'Video';
/** The longest video title (an edit, or the initial title taken from the file name). */
export const VIDEO_TITLE_MAX = 200;
export const VIDEO_TITLE_TOO_LONG = `A video title has at most ${VIDEO_TITLE_MAX} characters`;
/** Highlight intro 3 s before (min 0), outro 5 s after. */
export const HIGHLIGHT_INTRO_SEC = 3;
export const HIGHLIGHT_OUTRO_SEC = 5;
/** Uploads above this go through the resumable (tus) protocol (docs/product.md#upload). */
export const RESUMABLE_THRESHOLD_BYTES = 64 * 1024 * 1024;

export const videoStatus = z.enum(['processing', 'ready', 'failed']);

const highlightTimes = z.object({
  intro: z.number().finite().min(0),
  highlight: z.number().finite().min(0),
  outro: z.number().finite().min(0),
});
export const highlight = highlightTimes.refine((h) => h.intro <= h.highlight && h.highlight <= h.outro, 'A highlight needs intro <= highlight <= outro');
export type Highlight = z.infer<typeof highlight>;

/** A video's highlight as the team sees it: who marked it, so the maker (or the video's owner) may remove it. */
export const videoHighlight = highlightTimes.extend({
  id: z.string(),
  /** The maker's identity user id (compare with the signed-in `userId`, as `ownerId`). */
  makerId: z.number(),
  /** The maker's name (the username when they have none). */
  makerName: z.string(),
});
export type VideoHighlight = z.infer<typeof videoHighlight>;

/** Two marks closer than this are one highlight marked twice (a double click, a repeated key, two teammates). */
export const HIGHLIGHT_SAME_MOMENT_SEC = 0.5;
/** A video holds at most this many highlights. */
export const HIGHLIGHTS_MAX = 500;
export const TOO_MANY_HIGHLIGHTS = `A video has at most ${HIGHLIGHTS_MAX} highlights.`;
/** `POST /api/user/videos/{key}/highlights`: marks the moment `at` (seconds); the server adds 3 s before and 5 s after. */
export const markHighlightBody = z.object({ at: z.number().finite().min(0).max(24 * 3600) });
/** Said to a fan (or anyone without a coach's or athlete's level) who may watch a team video but not mark it. */
export const HIGHLIGHT_MARKERS_ONLY = "Only the team's coach and athletes can mark highlights.";
export const HIGHLIGHT_REMOVERS_ONLY = "Only the video's owner or the highlight's maker can remove it.";
export const HIGHLIGHT_NOT_FOUND = 'This highlight was removed already.';

/** The marker times (3 s before, 5 s after) for a highlight marked at `at` seconds. */
export function highlightAt(at: number, durationSec?: number | null): Highlight {
  const outro = at + HIGHLIGHT_OUTRO_SEC;
  return { intro: Math.max(0, at - HIGHLIGHT_INTRO_SEC), highlight: at, outro: durationSec ? Math.min(durationSec, outro) : outro };
}

export const videoSource = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  /** Frames per second of this file (frame stepping); null when unknown. */
  fps: z.number().nullable().optional(),
});

/** A video, plus what the library and player show while it is processed. */
export const video = z.object({
  key: z.string(),
  _id: z.string(),
  title: z.string().nullable(),
  /** ISO 8601: the upload time, the library's sort order and paging cursor. */
  dateTime: z.string(),
  /** The owner's identity user id (the owner is `userId === ownerId`). */
  ownerId: z.number(),
  ownerUsername: z.string(),
  /** The owner's name (the username when they have none), as pages name them. */
  ownerName: z.string(),
  status: videoStatus,
  /** 0-100 while processing. */
  progress: z.number(),
  failureReason: z.string().nullable(),
  durationSec: z.number().nullable(),
  /** Signed, expiring URLs. `preview` is the fast first-play copy, listed only while the video is processing. */
  sources: z.object({ low: videoSource.optional(), full: videoSource.optional(), preview: videoSource.optional() }),
  poster: z.string().nullable(),
  storyboard: z
    .object({
      url: z.string(),
      intervalSec: z.number(),
      columns: z.number(),
      rows: z.number(),
      tileWidth: z.number(),
      tileHeight: z.number(),
      count: z.number(),
    })
    .nullable(),
  highlights: z.array(videoHighlight),
  isTest: z.boolean(),
  /** ISO 8601: the media URLs above stop working at this time; fetch the video again before it to renew them. */
  mediaExpiresAt: z.string(),
});
export type Video = z.infer<typeof video>;

export const videoList = z.object({
  items: z.array(video),
  /** `timestamp` for the next page (the last item's dateTime), or null at the end. */
  next: z.string().nullable(),
});
export type VideoList = z.infer<typeof videoList>;

const CURSOR_RANGE = 'timestamp must be a date between -271821-04-20 and +275760-09-13';

/** `GET /api/user/videos?limit=&timestamp=` or `?keys=a,b`. */
export const videoListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(12),
  // A cursor is the last item's dateTime: any instant a Date holds.
  timestamp: isoDateTime({ format: 'timestamp must be a date', orDate: true, min: { at: -MAX_DATE_MS, message: CURSOR_RANGE }, max: { at: MAX_DATE_MS, message: CURSOR_RANGE } }).optional(),
  keys: z
    .string()
    .transform((value) => value.split(',').map((k) => k.trim()).filter(Boolean))
    .pipe(z.array(z.string().uuid('Unknown video key')).max(50))
    .optional(),
});

/** `PUT /api/user/videos/{key}`: the whole video may be sent; only these fields change. */
export const updateVideoBody = z
  .object({
    title: z.string().trim().max(VIDEO_TITLE_MAX, VIDEO_TITLE_TOO_LONG).nullable().optional(),
    highlights: z.array(highlight).max(HIGHLIGHTS_MAX, TOO_MANY_HIGHLIGHTS).optional(),
  })
  .passthrough();
export type UpdateVideoBody = z.infer<typeof updateVideoBody>;

/** `DELETE /api/user/videos/{key}` (owner only): 204 without a body; 404 for anyone else, as for an unknown key. */
export const deleteVideoResponse = z.null();

/** A comment on a video. */
export const videoComment = z.object({ _id: z.string(), content: z.string(), publisher: z.string(), timestamp: z.string() });
export type VideoComment = z.infer<typeof videoComment>;
/** Newest first (a posted comment is prepended). */
export const videoComments = z.array(videoComment);

/** `POST /api/user/videos/{key}/messages` (posts a comment: only non-empty text). */
export const postVideoCommentBody = z.object({ message: z.string().trim().min(1).max(2000) });

/** Where resumable (tus 1.0) uploads are created; the client sends `Authorization` on every request. */
export const TUS_ENDPOINT = '/api/uploads/tus';
/** The tus `Upload-Metadata` key that names the preupload the bytes belong to. */
export const TUS_UPLOAD_KEY_METADATA = 'uploadKey';

/**
 * `POST /api/user/preupload {fileName, contentType, tag?, size?}`. Videos need a
 * `video/*` type; images (`tag` hero, avatar, photo, or a team owner's logo) an `image/*` one.
 */
export const preuploadBody = z
  .object({
    fileName: z.string().trim().min(1).max(255),
    /** Sent back unchanged on the PUT: a presigned S3 URL binds this exact string. */
    contentType: z.string().trim().min(1).max(100),
    tag: imageTag.optional(),
    /** The video's initial title (a camera recording: "Recording <date time>"); by default the file name without its extension. */
    title: z.string().trim().min(1).max(VIDEO_TITLE_MAX, VIDEO_TITLE_TOO_LONG).optional(),
    /** The file's size in bytes, when the browser knows it: chooses the protocol and is checked against the limit early. */
    size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const wanted = body.tag ? 'image/' : 'video/';
    const type = body.contentType.toLowerCase();
    if (!type.startsWith(wanted) || type.length === wanted.length) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['contentType'],
        message: body.tag ? 'Profile pictures must be images.' : 'Only video files can be uploaded.',
      });
    }
  });
export type PreuploadBody = z.infer<typeof preuploadBody>;

export const preuploadResponse = z.object({
  /** The upload's key; for a video also the key of the video that completing the upload creates. */
  key: z.string(),
  /**
   * `put`: send the bytes with one PUT to `url` (with the same Content-Type). `tus`: create a
   * resumable upload at `url` (tus 1.0, relative to the app's origin) with `Upload-Length` and the
   * metadata `uploadKey` = `key`, sending `Authorization: Bearer` on every request.
   */
  protocol: z.enum(['put', 'tus']),
  url: z.string(),
  maxBytes: z.number(),
  /** After this the URL accepts no new requests; an unfinished upload is deleted a little later. */
  expiresAt: z.string(),
});
export type PreuploadResponse = z.infer<typeof preuploadResponse>;

/**
 * `POST /api/user/preupload/{key}/complete`: `video` for video uploads (the one created, on every
 * repeat); `image` for image uploads: ready once processed (200/201), or still `processing` (202, then
 * follow `GET /api/user/images/{_id}`). A refused image answers its error instead.
 */
export const completeUploadResponse = z.object({ key: z.string(), video: video.optional(), image: userImage.optional() });
export type CompleteUploadResponse = z.infer<typeof completeUploadResponse>;
