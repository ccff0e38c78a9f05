import { z } from 'zod';
import type { SportCode } from './live';

/**
 * Film study: a team's code window (tag buttons), the tagged instances of a video or a live game, and
 * drawings on a paused frame. Times are seconds of the video (of the game, for live tags).
 */

export const CODE_NAME_MAX = 60;
export const CODE_BUTTONS_MAX = 100;
export const CODE_LABELS_MAX = 50;
export const TAG_LABELS_MAX = 20;
export const LEAD_LAG_MAX = 60;
export const DEFAULT_LEAD_SECONDS = 5;
export const DEFAULT_LAG_SECONDS = 5;
/** The group whose labels are the team's members (their usernames), added by the server to every window. */
export const PLAYER_GROUP = 'Player';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "A colour is '#rrggbb'");
const codeName = z.string().trim().min(1, 'A name is required').max(CODE_NAME_MAX, `A name has at most ${CODE_NAME_MAX} characters`);
export const labelName = z.string().trim().min(1, 'A label is required').max(CODE_NAME_MAX, `A label has at most ${CODE_NAME_MAX} characters`);
const leadLag = z.number().min(0, 'At least 0 seconds').max(LEAD_LAG_MAX, `At most ${LEAD_LAG_MAX} seconds`);

/** The player's own letter keys (fullscreen, mute, a clip's in and out): no button may take them. */
export const PLAYER_KEYS = ['f', 'm', 'i', 'o'] as const;

/** One key, a letter or a digit (case-insensitive), not one of the player's, or null for none; unique in a window. */
export const hotkey = z
  .string()
  .regex(/^[a-z0-9]$/i, 'A hotkey is one letter or digit')
  .transform((k) => k.toLowerCase())
  .refine((k) => !(PLAYER_KEYS as readonly string[]).includes(k), `The player uses ${PLAYER_KEYS.join(', ')}: choose another hotkey`)
  .nullable();

/** A button of the code window: a press makes an instance [t - lead, t + lag]. */
export const codeButton = z.object({
  _id: z.string(),
  name: codeName,
  color: hexColor,
  hotkey,
  /** What the button belongs to on the window ('' for none), as Sportscode groups its codes. */
  group: z.string().trim().max(CODE_NAME_MAX, `A group has at most ${CODE_NAME_MAX} characters`),
  leadSeconds: leadLag,
  lagSeconds: leadLag,
  /** Labels offered after a press (a second tap or key adds one to the instance). */
  labels: z.array(labelName).max(CODE_LABELS_MAX, `At most ${CODE_LABELS_MAX} labels`),
});
export type CodeButton = z.infer<typeof codeButton>;

/** A button as `PUT /api/team/codes` takes it: a new one comes without `_id`; lead, lag, group and labels may be left out. */
export const codeButtonInput = codeButton.extend({
  _id: z.string().optional(),
  group: codeButton.shape.group.default(''),
  leadSeconds: leadLag.default(DEFAULT_LEAD_SECONDS),
  lagSeconds: leadLag.default(DEFAULT_LAG_SECONDS),
  labels: codeButton.shape.labels.default([]),
  hotkey: hotkey.default(null),
});
export type CodeButtonInput = z.input<typeof codeButtonInput>;

/** A code name or a hotkey used twice in one window. */
export const DUPLICATE_CODE = (name: string) => `Two buttons are named '${name}'`;
export const DUPLICATE_HOTKEY = (key: string) => `Two buttons use the hotkey '${key}'`;

/** `PUT /api/team/codes`: the whole window (owner or editor); names and hotkeys each once. */
export const putCodesBody = z.object({
  buttons: z
    .array(codeButtonInput)
    .max(CODE_BUTTONS_MAX, `A code window has at most ${CODE_BUTTONS_MAX} buttons`)
    .superRefine((buttons, ctx) => {
      const names = new Set<string>();
      const keys = new Set<string>();
      buttons.forEach((b, i) => {
        const name = b.name.toLowerCase();
        if (names.has(name)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i, 'name'], message: DUPLICATE_CODE(b.name) });
        names.add(name);
        if (b.hotkey) {
          if (keys.has(b.hotkey)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i, 'hotkey'], message: DUPLICATE_HOTKEY(b.hotkey) });
          keys.add(b.hotkey);
        }
      });
    }),
});
export type PutCodesBody = z.input<typeof putCodesBody>;

/** `GET|PUT /api/team/codes`. */
export const codeWindow = z.object({
  buttons: z.array(codeButton),
  /** The team's members' usernames: the labels of the group 'Player'. */
  players: z.array(z.string()),
  /** Whether the caller may change the window (the team's owner, or the editor role). */
  canEdit: z.boolean(),
});
export type CodeWindow = z.infer<typeof codeWindow>;

/** A team's first window: the starting set of its sport (Basketball's for a sport without one). */
export const STARTER_CODES: Partial<Record<SportCode, string[]>> = {
  BBK: ['Shot made', 'Shot missed', 'Turnover', 'Rebound', 'Assist', 'Foul'],
  FTB: ['Goal', 'Shot', 'Corner', 'Free kick', 'Foul', 'Save'],
  IHK: ['Goal', 'Shot', 'Faceoff won', 'Faceoff lost', 'Penalty', 'Save'],
  VLB: ['Kill', 'Attack error', 'Ace', 'Service error', 'Block', 'Dig'],
  BVB: ['Kill', 'Attack error', 'Ace', 'Service error', 'Block', 'Dig'],
  FBT: ['Run', 'Pass complete', 'Pass incomplete', 'Sack', 'Turnover', 'Penalty'],
  FHK: ['Goal', 'Shot', 'Penalty corner', 'Turnover', 'Foul', 'Save'],
  LCR: ['Goal', 'Shot', 'Ground ball', 'Faceoff won', 'Turnover', 'Save'],
  WPO: ['Goal', 'Shot', 'Exclusion', 'Steal', 'Turnover', 'Save'],
};
export const STARTER_SPORT: SportCode = 'BBK';

/** A tagged instance (Sportscode's `<instance>`). */
export const tag = z.object({
  _id: z.string(),
  /** The button's name. */
  code: z.string(),
  start: z.number(),
  end: z.number(),
  labels: z.array(z.string()),
  /** The maker's username. */
  by: z.string(),
  createdAt: z.string(),
});
export type Tag = z.infer<typeof tag>;

const tagLabels = z.array(labelName).max(TAG_LABELS_MAX, `At most ${TAG_LABELS_MAX} labels`);
const seconds = z.number({ invalid_type_error: 'Expected seconds' }).min(0, 'Must be at least 0 seconds');

/**
 * `POST /api/user/videos/{key}/tags`: a press of `code` at `at` (seconds of the video) makes
 * [at - lead, at + lag], bounded to the video. The maker's press of the same code before that instance's
 * end extends it instead (200, the same instance); else 201.
 */
export const createTagBody = z.object({ code: codeName, at: seconds, labels: tagLabels.optional() });
export type CreateTagBody = z.input<typeof createTagBody>;
/** `POST /api/live/{eventKey}/tags`: `at` in seconds of the game; left out, the live edge by the server's clock. */
export const createLiveTagBody = createTagBody.extend({ at: seconds.optional() });
export type CreateLiveTagBody = z.input<typeof createLiveTagBody>;

/** `PUT /api/user/tags/{id}` (its maker or the team's owner): trim, relabel or recode. */
export const updateTagBody = z
  .object({ code: codeName.optional(), start: seconds.optional(), end: seconds.optional(), labels: tagLabels.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Name at least one of code, start, end and labels.');
export type UpdateTagBody = z.input<typeof updateTagBody>;

const repeated = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(CODE_NAME_MAX)).max(CODE_BUTTONS_MAX));

/**
 * `GET .../tags?code=&label=&match=`, also the page's link: an instance matches when its code is one of
 * `code` (any, when none is given) and it has every `label` (`match=all`, the default) or at least one (`match=any`).
 */
export const tagFilter = z.object({ code: repeated, label: repeated, match: z.enum(['all', 'any']).default('all') });
export type TagFilter = z.infer<typeof tagFilter>;

/** Whether an instance passes a filter (the server's query and the page's filter agree). */
export function matchesTagFilter(t: Pick<Tag, 'code' | 'labels'>, f: TagFilter): boolean {
  if (f.code.length > 0 && !f.code.includes(t.code)) return false;
  if (f.label.length === 0) return true;
  return f.match === 'all' ? f.label.every((l) => t.labels.includes(l)) : f.label.some((l) => t.labels.includes(l));
}

/** `GET .../tags`: in start order. */
export const tagList = z.object({ items: z.array(tag) });
export type TagList = z.infer<typeof tagList>;

export const TAG_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const TAG_IMPORT_MAX_INSTANCES = 20_000;
/** `GET /api/user/videos/{key}/tags/export?format=`. */
export const tagExportQuery = z.object({ format: z.enum(['xml', 'csv']).default('xml') });
/** `POST /api/user/videos/{key}/tags/import` (Sportscode XML or CSV `code,start,end,labels`): all or nothing. */
export const tagImportResult = z.object({
  /** Instances made. */
  imported: z.number().int(),
  /** Codes the window did not have, added to it. */
  newCodes: z.array(z.string()),
});
export type TagImportResult = z.infer<typeof tagImportResult>;

export const DRAWING_SHAPES_MAX = 200;
export const STROKE_POINTS_MAX = 2000;
export const DRAWING_TEXT_MAX = 200;
export const HOLD_SECONDS_MAX = 30;
export const DEFAULT_HOLD_SECONDS = 3;

/** A point as a fraction of the frame (0-1 from the top-left corner). */
const point = z.tuple([z.number().min(0, 'A point is inside the frame (0-1)').max(1, 'A point is inside the frame (0-1)'), z.number().min(0, 'A point is inside the frame (0-1)').max(1, 'A point is inside the frame (0-1)')]);
export const shapeType = z.enum(['arrow', 'line', 'ellipse', 'rect', 'freehand', 'spotlight', 'text']);
export type ShapeType = z.infer<typeof shapeType>;
/** How many points each type has: the box's corners, start and end, the text's anchor, every point of a stroke. */
const POINTS: Record<ShapeType, [number, number]> = {
  arrow: [2, 2],
  line: [2, 2],
  ellipse: [2, 2],
  rect: [2, 2],
  spotlight: [2, 2],
  text: [1, 1],
  freehand: [1, STROKE_POINTS_MAX],
};

/** One shape of a drawing; `width` is a fraction of the frame's width; `text` is shown as text, never markup. */
export const shape = z
  .object({
    type: shapeType,
    points: z.array(point).max(STROKE_POINTS_MAX, `A stroke has at most ${STROKE_POINTS_MAX} points`),
    color: hexColor,
    width: z.number().gt(0, 'A width is more than 0').max(0.1, 'A width is at most 0.1 of the frame'),
    text: z.string().max(DRAWING_TEXT_MAX, `A text has at most ${DRAWING_TEXT_MAX} characters`).optional(),
  })
  .superRefine((s, ctx) => {
    const [min, max] = POINTS[s.type];
    if (s.points.length < min || s.points.length > max) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['points'], message: min === max ? `A ${s.type} has ${min} point${min > 1 ? 's' : ''}` : `A ${s.type} has ${min} to ${max} points` });
    }
    if (s.type === 'text' && !s.text?.trim()) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['text'], message: 'A text shape needs its text' });
  });
export type Shape = z.infer<typeof shape>;

/**
 * How shapes look, alike in the player and in exports; sizes are multiples of the shape's width in pixels.
 * An arrow ends in a filled head; a text's point is its top-left corner; a spotlight darkens everything but
 * its ellipse; a freehand stroke is perfect-freehand's `getStroke` outline of its points at `size` = width
 * (its other options as they come), filled.
 */
export const SHAPE_LOOK = { arrowHeadLength: 4, arrowHeadWidth: 5, textSize: 8, spotlightOpacity: 0.6 } as const;

/** A drawing: shapes on the frame at `at`, which playback and exports hold for `holdSeconds`. */
export const drawing = z.object({
  _id: z.string(),
  at: z.number(),
  holdSeconds: z.number(),
  shapes: z.array(shape),
  by: z.string(),
  createdAt: z.string(),
});
export type Drawing = z.infer<typeof drawing>;

/** `POST /api/user/videos/{key}/drawings` and `PUT /api/user/drawings/{id}` (its maker or the team's owner). */
export const drawingBody = z.object({
  at: seconds,
  holdSeconds: z.number().min(0, 'At least 0 seconds').max(HOLD_SECONDS_MAX, `At most ${HOLD_SECONDS_MAX} seconds`).default(DEFAULT_HOLD_SECONDS),
  shapes: z.array(shape).min(1, 'Draw at least one shape').max(DRAWING_SHAPES_MAX, `A drawing has at most ${DRAWING_SHAPES_MAX} shapes`),
});
export type DrawingBody = z.input<typeof drawingBody>;
/** `GET /api/user/videos/{key}/drawings`: in time order. */
export const drawingList = z.object({ items: z.array(drawing) });
export type DrawingList = z.infer<typeof drawingList>;
