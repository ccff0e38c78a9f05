import { z } from 'zod';

import { MAX_DATE_MS, msCursorQuery } from './bounds';
import { betweenYears, isoDateTime } from './iso-date';

/** Sport codes (three letters, upper case) -> name (docs/product.md#finding-games). */
export const SPORTS = {
  BSB: 'Baseball',
  BBK: 'Basketball',
  BVB: 'Beach Volleyball',
  CCN: 'Cross Country',
  FHK: 'Field Hockey',
  FBT: 'Football',
  GLF: 'Golf',
  GYM: 'Gymnastics',
  IHK: 'Ice Hockey',
  LCR: 'Lacrosse',
  ROW: 'Rowing',
  SKI: 'Skiing',
  FTB: 'Soccer',
  SBL: 'Softball',
  SQS: 'Squash',
  SWD: 'Swimming And Diving',
  TEN: 'Tennis',
  ATH: 'Track And Field',
  VLB: 'Volleyball',
  WPO: 'Water Polo',
  WRE: 'Wrestling',
} as const;
export type SportCode = keyof typeof SPORTS;
export const SPORT_CODES = Object.keys(SPORTS) as SportCode[];

/** Other spellings in links (the register page links `/sport/iho`). */
const SPORT_ALIASES: Record<string, SportCode> = { IHO: 'IHK' };

/** A sport code from a URL or a form, case-insensitively, or null when it names no sport. */
export function toSportCode(value: string): SportCode | null {
  const upper = value.trim().toUpperCase();
  if (upper in SPORTS) return upper as SportCode;
  return SPORT_ALIASES[upper] ?? null;
}

/** What a reader sees of a sport: a code as its name ('FHK' -> 'Field Hockey'), free text as typed. */
export function sportName(sport: string): string;
export function sportName(sport: string | null | undefined): string | null;
export function sportName(sport: string | null | undefined): string | null {
  if (!sport) return null;
  const code = toSportCode(sport);
  return code ? SPORTS[code] : sport;
}

export const sportCode = z
  .string({ required_error: 'Sport is required', invalid_type_error: 'Sport is required' })
  .trim()
  .min(1, 'Sport is required')
  .transform((v, ctx) => {
    const code = toSportCode(v);
    if (!code) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Sport is required' });
      return z.NEVER;
    }
    return code;
  });

export const EVENT_TITLE_MAX = 200;

/** `POST /api/events`, with the form's messages (docs/product.md#setting-up-a-game). */
export const createEventBody = z.object({
  title: z
    .string({ required_error: 'Event title is required', invalid_type_error: 'Event title is required' })
    .trim()
    .min(1, 'Event title is required')
    .max(EVENT_TITLE_MAX, `An event title has at most ${EVENT_TITLE_MAX} characters`),
  /** When the game starts: ISO 8601, a date and time (with `Z` or an offset; without one, the server's clock) or a day. */
  date: isoDateTime({ format: 'Invalid date format', required: 'Event date is required', orDate: true, ...betweenYears('Event date', 1970, 2100) }),
  type: sportCode,
  /** Clients send an empty string; an https image URL or '' . */
  thumbnail: z.string().max(2000).default(''),
  public: z.boolean({ invalid_type_error: 'public must be true or false' }).default(false),
});
export type CreateEventBody = z.input<typeof createEventBody>;

/** `key`: the public id in every page and API path. `ingestKey`: the encoder's secret, for the owner only. */
export const createEventResponse = z.object({ key: z.string(), ingestKey: z.string() });
export type CreateEventResponse = z.infer<typeof createEventResponse>;

/** `GET /api/events/{key}/ingest` (owner only) and `POST /api/events/{key}/ingest` ("new key": revokes the old one). */
export const ingestKeyResponse = z.object({ ingestKey: z.string() });

export const eventStatus = z.enum(['upcoming', 'live', 'ended']);

/**
 * A live or upcoming stream, as `/api/team/live`, `/api/team/upcoming`, `/api/team/archives`
 * and the public lists return it. `teamA`/`teamB` come from a title of the form "A vs B" (else teamA is the
 * team's name and teamB null). `streams[0].source` is the event's page path `/live/{key}` (playback URLs are
 * only in `GET /api/live/{key}`, which checks the viewer).
 */
export const liveStream = z.object({
  live: z.boolean(),
  streamKey: z.string(),
  streams: z.array(z.object({ source: z.string() })),
  teamA: z.string().nullable(),
  teamB: z.string().nullable(),
  title: z.string(),
  /** ISO 8601: the scheduled start (upcoming) or the real start (live, ended). */
  dateTime: z.string(),
  /** Image URL or ''. */
  thumbnail: z.string(),
  status: eventStatus,
  sport: z.string(),
  public: z.boolean(),
  /** The team: its owner's username and the channel name (as in `/api/channel/{owner}/{channel}`). */
  owner: z.string().nullable(),
  channel: z.string().nullable(),
  /** Viewers watching now (0 unless live). */
  viewers: z.number().int(),
  /** ISO 8601 when the stream ended (archives), else null. */
  endedAt: z.string().nullable(),
});
export type LiveStream = z.infer<typeof liveStream>;

export const liveStreamList = z.object({ items: z.array(liveStream), next: z.number().nullable() });
export type LiveStreamList = z.infer<typeof liveStreamList>;

/**
 * `GET /api/live/{key}` (the event, plus status and viewers). `source` is the HLS playlist
 * URL for this viewer (a playback token in its query, valid until `sourceExpiresAt`; fetch again before), or
 * null when the viewer may see the event but not play it (no subscription: `playable` false, reason in
 * `playbackError`) or there is nothing to play yet (upcoming).
 */
export const liveEvent = z.object({
  key: z.string(),
  live: z.boolean(),
  status: eventStatus,
  source: z.string().nullable(),
  sourceExpiresAt: z.string().nullable(),
  playable: z.boolean(),
  playbackError: z.string().nullable(),
  owner: z.string().nullable(),
  channel: z.string().nullable(),
  /** "A vs B" split, or [team name] when the title names no opponent. */
  eventTeams: z.array(z.string()),
  eventName: z.string(),
  /** ISO 8601: the real start once live, else the scheduled one. */
  startDate: z.string(),
  scheduledFor: z.string(),
  endedAt: z.string().nullable(),
  sport: z.string(),
  public: z.boolean(),
  thumbnail: z.string(),
  viewers: z.number().int(),
  /** The caller owns the event: may see the ingest key and end or edit it. */
  owned: z.boolean(),
  /** The server's clock when it answered (ms since the epoch): a client sends its clip moments on this clock. */
  serverTime: z.number(),
});
export type LiveEvent = z.infer<typeof liveEvent>;

/**
 * `GET /api/live/{key}/updates` (`text/event-stream`, authorized like `GET /api/live/{key}`; the access
 * token as Bearer or `?access_token=`): an `update` event with this data at once, then whenever the
 * status or the viewer count changes, and a comment as heartbeat. Closed when the token expires.
 */
export const liveEventUpdate = z.object({ status: eventStatus, viewers: z.number().int() });
export type LiveEventUpdate = z.infer<typeof liveEventUpdate>;

/**
 * `GET /api/events?q=&sport=&timestamp=`: public events of the tenant plus the caller's teams' events, live
 * then upcoming; with `status=ended`, the recent results instead (ended games, latest start first).
 */
export const eventSearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  sport: z.string().trim().max(10).optional(),
  status: z.enum(['ended']).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  timestamp: msCursorQuery.optional(),
});

/** `POST /api/user/clips/{key} {timestamp}`: the wall-clock ms of the moment. */
export const createLiveClipBody = z.object({
  timestamp: z
    .number({ invalid_type_error: 'Expected a time in ms' })
    .int()
    .positive('Expected a time in ms')
    .max(MAX_DATE_MS, `Must be a time in ms, at most ${MAX_DATE_MS}`),
});
/** A live clip is a clip (`stream_id` = the event key) of these seconds around the moment. */
export const LIVE_CLIP_BEFORE_SEC = 20;
export const LIVE_CLIP_AFTER_SEC = 5;

/** `GET /api/events/{key}/cheers?omega=1&top=10` (no auth). */
export const cheer = z.object({
  /** Wall clock of the peak, ms since the epoch. */
  timestamp: z.number(),
  cheer: z.number(),
  /** The cheer's clip page path (`/team/clips/{reel_id}`), or '' until it is cut. */
  path: z.string(),
});
export const cheerList = z.array(cheer);
export type Cheer = z.infer<typeof cheer>;
export const cheersQuery = z.object({
  omega: z.coerce.number().finite().optional(),
  top: z.coerce.number().int().min(1).max(50).default(10),
});

/** `PUT /api/teams/{owner}/{channel}/follow` and `DELETE` (a fan follows a team). */
export const followState = z.object({ following: z.boolean() });
