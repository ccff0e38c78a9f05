import { z } from 'zod';

import { betweenYears, isoDate, isoDateTime, isoInstant } from './iso-date';
import { sportCode } from './live';
import { isTimeZone, parseScheduleTime } from './zoned-time';

/** The team schedule: games, practices and other events, who is coming, reminders and the calendar feed. */

export const SCHEDULE_TITLE_MAX = 200;
export const SCHEDULE_LOCATION_MAX = 300;
export const SCHEDULE_NOTES_MAX = 2000;
export const RSVP_NOTE_MAX = 300;
/** A weekly series ends at most this many days from today. */
export const REPEAT_MAX_DAYS = 366;
/** A `from`..`to` window of `GET /api/team/schedule` spans at most this many days. */
export const SCHEDULE_RANGE_MAX_DAYS = 400;
const DAY_MS = 86_400_000;

export const scheduleKind = z.enum(['game', 'practice', 'event'], {
  errorMap: () => ({ message: 'Kind must be game, practice or event' }),
});
export type ScheduleKind = z.infer<typeof scheduleKind>;
export const scheduleStatus = z.enum(['scheduled', 'cancelled']);
export const rsvpAnswer = z.enum(['going', 'maybe', 'no'], {
  errorMap: () => ({ message: 'Answer must be going, maybe or no' }),
});
export type RsvpAnswer = z.infer<typeof rsvpAnswer>;

/** How many members answered what; `none`: members who have not answered. */
export const rsvpCounts = z.object({
  going: z.number().int(),
  maybe: z.number().int(),
  no: z.number().int(),
  none: z.number().int(),
});
export type RsvpCounts = z.infer<typeof rsvpCounts>;

/** A schedule item as every member sees it. */
export const scheduleItem = z.object({
  _id: z.string(),
  kind: scheduleKind,
  title: z.string(),
  /** ISO 8601 with the venue's offset at that instant, e.g. `2026-03-01T18:00:00-05:00`. */
  start: z.string(),
  end: z.string(),
  /** The venue's IANA time zone: show times in it, labelled with it. */
  timeZone: z.string(),
  location: z.string(),
  notes: z.string(),
  status: scheduleStatus,
  /** A game's live event key (`/live/{key}`), or null. */
  liveKey: z.string().nullable(),
  /** That live event's state ('ended': its recording plays at `/live/archives/{key}`); absent without one. */
  liveStatus: z.enum(['upcoming', 'live', 'ended']).optional(),
  /** The id of the weekly series it belongs to, or null. */
  series: z.string().nullable(),
  rsvp: rsvpCounts,
  /** The caller's own answer, or null before they answer. */
  myRsvp: rsvpAnswer.nullable(),
});
export type ScheduleItem = z.infer<typeof scheduleItem>;

/** One member's answer, for the team owner; `answer`, `note` and `at` are null for who has not answered. */
export const rsvpResponse = z.object({
  username: z.string(),
  name: z.string().nullable(),
  answer: rsvpAnswer.nullable(),
  note: z.string().nullable(),
  /** ISO 8601 when they answered. */
  at: z.string().nullable(),
});
export type RsvpResponse = z.infer<typeof rsvpResponse>;

/** `GET /api/team/schedule/{id}`: the item; `responses` (every member, answered or not) for the team owner only. */
export const scheduleItemDetail = scheduleItem.extend({ responses: z.array(rsvpResponse).optional() });
export type ScheduleItemDetail = z.infer<typeof scheduleItemDetail>;

/** Schedule items lie in these years; a window of the list may reach past them, to take in every item. */
const ITEM_YEARS = [1970, 2100] as const;
const WINDOW_YEARS = [1900, 2200] as const;

/** An instant in a query: ISO 8601 (a date alone is midnight UTC). */
const queryInstant = (field: string) => isoDateTime({ format: `${field} must be an ISO 8601 date or time`, orDate: true, ...betweenYears(field, ...WINDOW_YEARS) });

/**
 * `GET /api/team/schedule?from=&to=`: items starting in [from, to), in start order. Defaults: from = now minus a
 * day, to = from plus 90 days.
 */
export const scheduleQuery = z
  .object({ from: queryInstant('from').optional(), to: queryInstant('to').optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      const span = isoInstant(q.to) - isoInstant(q.from);
      if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
      else if (span > SCHEDULE_RANGE_MAX_DAYS * DAY_MS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `to must be at most ${SCHEDULE_RANGE_MAX_DAYS} days after from` });
    }
  });
export const scheduleList = z.object({ items: z.array(scheduleItem) });
export type ScheduleList = z.infer<typeof scheduleList>;

export const timeZoneField = z
  .string({ required_error: 'Time zone is required', invalid_type_error: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .refine(isTimeZone, 'Time zone must be an IANA time zone such as America/New_York');

const titleField = z
  .string({ required_error: 'Title is required', invalid_type_error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(SCHEDULE_TITLE_MAX, `A title has at most ${SCHEDULE_TITLE_MAX} characters`);
const locationField = z
  .string({ invalid_type_error: 'Location must be text' })
  .trim()
  .max(SCHEDULE_LOCATION_MAX, `A location has at most ${SCHEDULE_LOCATION_MAX} characters`);
const notesField = z
  .string({ invalid_type_error: 'Notes must be text' })
  .trim()
  .max(SCHEDULE_NOTES_MAX, `Notes have at most ${SCHEDULE_NOTES_MAX} characters`);
/**
 * A start or end: ISO 8601 with an offset, or a local date and time without one (`2026-03-01T18:00`), which is
 * read as the wall clock in the item's `timeZone`.
 */
const timeField = (label: string) =>
  isoDateTime({ format: `${label} must be a date and time (ISO 8601)`, required: `${label} is required`, ...betweenYears(label, ...ITEM_YEARS) });

const startField = timeField('Start');
const endField = timeField('End');

/** `until`: the last day of a weekly series (`YYYY-MM-DD`, in the venue's zone, inclusive). */
export const repeatWeekly = z.object({
  weekly: z.literal(true, { errorMap: () => ({ message: 'repeat.weekly must be true' }) }),
  until: isoDate({ format: 'Repeat until must be a date (YYYY-MM-DD)', required: 'Repeat until is required', ...betweenYears('Repeat until', ...ITEM_YEARS) }),
});

/** Checks start/end/timeZone/until together, naming the field at fault. `now` is for tests. */
function checkTimes(
  body: { start?: string; end?: string; timeZone?: string; repeat?: { until: string } },
  ctx: z.RefinementCtx,
  now = Date.now(),
) {
  if (!body.timeZone || !isTimeZone(body.timeZone)) return; // the zone's own message says it
  // A time its field refuses has the field's own message, and no second one here.
  const parsed = (value: string | undefined) => (value === undefined ? undefined : startField.safeParse(value).success ? parseScheduleTime(value, body.timeZone!) : NaN);
  const start = parsed(body.start);
  const end = parsed(body.end);
  if (start !== undefined && end !== undefined && !Number.isNaN(start) && !Number.isNaN(end) && end <= start)
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'End must be after start' });
  if (body.repeat && start !== undefined && !Number.isNaN(start)) {
    const until = isoInstant(`${body.repeat.until}T23:59:59Z`);
    if (until > now + REPEAT_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: 'Repeat until must be at most a year ahead' });
    else if (until < start)
      ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: 'Repeat until must be on or after the start' });
  }
}

const itemFields = {
  kind: scheduleKind,
  title: titleField,
  start: startField,
  end: endField,
  timeZone: timeZoneField,
  location: locationField.default(''),
  notes: notesField.default(''),
};

/** `POST /api/team/schedule` (team owner): `repeat` makes one item per week up to `until`. */
export const createScheduleItemBody = z
  .object({ ...itemFields, repeat: repeatWeekly.optional() })
  .superRefine((b, ctx) => checkTimes(b, ctx));
export type CreateScheduleItemBody = z.input<typeof createScheduleItemBody>;
/** 201: the new item's id (for a series, the first occurrence's). */
export const createScheduleItemResponse = z.object({ _id: z.string() });

/**
 * `PUT /api/team/schedule/{id}` (team owner): what is absent stays. `scope: "following"` applies the change to
 * this occurrence and the later ones of its series (a time change moves each by the same wall-clock shift in
 * its zone); `"one"` (the default) to this item alone.
 */
export const updateScheduleItemBody = z
  .object({
    kind: scheduleKind.optional(),
    title: titleField.optional(),
    start: startField.optional(),
    end: endField.optional(),
    timeZone: timeZoneField.optional(),
    location: locationField.optional(),
    notes: notesField.optional(),
    scope: z.enum(['one', 'following'], { errorMap: () => ({ message: 'Scope must be one or following' }) }).default('one'),
  })
  .superRefine((b, ctx) => {
    // Start and end are checked against each other by the server when only one is sent (it knows the other).
    if (b.timeZone) checkTimes(b, ctx);
  });
export type UpdateScheduleItemBody = z.input<typeof updateScheduleItemBody>;

/** `PUT /api/team/schedule/{id}/rsvp` (members) -> `rsvpCounts`. */
export const rsvpBody = z.object({
  answer: rsvpAnswer,
  note: z.string().trim().max(RSVP_NOTE_MAX, `A note has at most ${RSVP_NOTE_MAX} characters`).optional(),
});

/**
 * `GET /api/rsvp/{token}` (no sign-in; changes nothing) and `POST /api/rsvp/{token} {answer, note?}` (records it):
 * the item's facts for the answer page, and the member's answer.
 */
export const rsvpTokenView = z.object({
  item: scheduleItem.pick({ kind: true, title: true, start: true, end: true, timeZone: true, location: true, notes: true, status: true }),
  /** The team's name. */
  team: z.string(),
  /** The member the link was sent to (their display name, else username). */
  name: z.string(),
  myRsvp: rsvpAnswer.nullable(),
  /** The member's note with the answer, or null. */
  myNote: z.string().nullable().optional(),
  /** A weekly series' link: how many dates (this one and the later ones not over or cancelled) an answer covers. */
  seriesDates: z.number().int().optional(),
});
export type RsvpTokenView = z.infer<typeof rsvpTokenView>;
/** The answer, and the note as the team's schedule takes it (absent: the note stays as it was). */
export const rsvpTokenBody = rsvpBody;
/** A forged, foreign or outdated link. */
export const RSVP_LINK_INVALID = 'This answer link is not valid';

/**
 * `POST /api/team/schedule/{id}/stream` (team owner, a game): sets up its live event (as `POST /api/events`) and
 * links it; answers as `POST /api/events` does. `type` is the sport code.
 */
export const streamScheduleItemBody = z.object({
  type: sportCode,
  public: z.boolean({ invalid_type_error: 'public must be true or false' }).default(false),
});

/** `GET /api/user/calendar` and `POST /api/user/calendar/rotate`: my private iCalendar feed. */
export const calendarFeed = z.object({
  /** `https://host/cal/{token}.ics` */
  url: z.string(),
  /** The same as `webcal://host/cal/{token}.ics`. */
  webcal: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

/** `GET /api/team/schedule/{id}` and friends: an item id is a UUID. */
export const scheduleItemParams = z.object({ id: z.string().uuid('Schedule item not found') });
export const SCHEDULE_ITEM_NOT_FOUND = 'Schedule item not found';

/** `GET`/`PUT /api/user/schedule-settings`, and the answer of the one-click unsubscribe: schedule e-mail on or off. */
export const scheduleMailSettings = z.object({ reminderEmail: z.boolean({ invalid_type_error: 'reminderEmail must be true or false' }) });
export type ScheduleMailSettings = z.infer<typeof scheduleMailSettings>;
