import { z } from 'zod';

import { usernameSchema } from './identity-api';
import { isoDateTime } from './iso-date';

/** Roles chosen at signup: coach = team. */
export const userType = z.enum(['team', 'athlete', 'fan']);

/** First and last name at least 2. */
export const personNameSchema = z.string().trim().min(2, 'Name must be at least 2 characters').max(100);
/** Team name at least 2. */
export const teamNameSchema = z.string().trim().min(2, 'Team name must be at least 2 characters').max(100);

const text = (max: number) => z.string().trim().max(max);
/** Optional free-text profile field; an empty string clears it. */
const optionalText = (max = 200) => text(max).optional();

export const INVALID_IMAGE_URL = 'The image must be an https:// address or an image uploaded here.';
/** Where the local storage driver serves stored objects (a tenant's uploaded images are under it). */
export const STORAGE_PATH_PREFIX = '/storage/';

/**
 * A profile picture address. Every member's page loads it, so it must not point at the app itself:
 * only an https URL (no credentials in it) or a path of our own storage. An empty string clears it.
 */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || isImageUrl(value), INVALID_IMAGE_URL);

const NO_ORIGIN = 'https://app.invalid';

function isImageUrl(value: string): boolean {
  if (!URL.canParse(value, NO_ORIGIN)) return false;
  // Resolved the way a browser resolves it: dot segments (also %2e) and backslashes cannot leave the storage path.
  const url = new URL(value, NO_ORIGIN);
  if (value.startsWith('/')) return url.origin === NO_ORIGIN && url.pathname.startsWith(STORAGE_PATH_PREFIX);
  return /^https:\/\//i.test(value) && url.protocol === 'https:' && url.username === '' && url.password === '';
}

const BIRTHDATE_MESSAGE = 'Birthdate must be a date';
/** Today somewhere on Earth: the zone furthest ahead of UTC is 14 hours ahead, so nobody's today is refused. */
const latestToday = () => Date.now() + 14 * 3_600_000;

/** A calendar day (yyyy-mm-dd, optionally with an ISO time after it) that exists, from 1900 on and not in the future. */
export const birthdateSchema = isoDateTime({
  format: BIRTHDATE_MESSAGE,
  // A day the calendar does not have is not a date either (the forms alert this message).
  invalid: BIRTHDATE_MESSAGE,
  orDate: true,
  min: { at: Date.UTC(1900, 0, 1), message: 'Birthdate must be in 1900 or later' },
  max: { at: latestToday, message: 'Birthdate cannot be in the future' },
});

/**
 * Profile-card fields (`PUT /api/user/me`). Stored together; every
 * one optional. Jersey is a number of at least 1; birthdate a date (yyyy-mm-dd or ISO).
 */
export const profileFields = {
  jersey: z
    .union([z.string(), z.number()], { errorMap: () => ({ message: 'Jersey must be a number' }) })
    .transform((value) => String(value).trim())
    .refine((value) => value === '' || (/^\d{1,4}$/.test(value) && Number(value) >= 1), 'Jersey must be a number')
    .transform((value) => (value === '' ? ('' as const) : Number(value)))
    .optional(),
  sport: optionalText(100),
  sportPosition: optionalText(100),
  birthdate: z.union([z.literal(''), birthdateSchema], { errorMap: () => ({ message: BIRTHDATE_MESSAGE }) }).optional(),
  height: optionalText(50),
  weight: optionalText(50),
  city: optionalText(100),
  instagram: optionalText(200),
  twitter: optionalText(200),
  tiktok: optionalText(200),
  kudos1: optionalText(500),
  kudos2: optionalText(500),
  kudos3: optionalText(500),
  coachcorner: optionalText(2000),
  shoutout: optionalText(2000),
  beyond: optionalText(2000),
  teamAvatar: imageUrlSchema.optional(),
} as const;
export const profileKeys = Object.keys(profileFields) as (keyof typeof profileFields)[];

/** The profile fields as stored and answered: jersey a number, the rest text. */
const profileOut = {
  ...(Object.fromEntries(profileKeys.map((key) => [key, z.string().optional()])) as Record<Exclude<(typeof profileKeys)[number], 'jersey'>, z.ZodOptional<z.ZodString>>),
  jersey: z.union([z.number(), z.string()]).optional(),
};

/** `GET /api/user/me` (and the answer of POST/PUT): the own-user record. */
export const userMe = z
  .object({
    userId: z.number(),
    userUuid: z.string(),
    username: z.string(),
    email: z.string().nullish(),
    name: z.string().nullish(),
    firstname: z.string().nullish(),
    lastname: z.string().nullish(),
    phone: z.string().nullish(),
    image: z.string().nullish(),
    type: userType.nullish(),
    affiliate: z.string().nullish(),
    /** ISO 8601 time the account first chose a type: the start of the 8-day trial; never moved by the user. */
    updatedAt: z.string().nullish(),
    // The profile card, flattened; declared one by one so nothing else is ever sent.
    ...profileOut,
  });
export type UserMe = z.infer<typeof userMe>;

/**
 * `POST /api/user/me`: create or complete the own record (username, email, name,
 * image; registration adds type and affiliate, and the web sends first and last name).
 */
export const createUserMeBody = z
  .object({
    username: usernameSchema,
    email: z.string().trim().email().max(320).optional(),
    name: optionalText(200),
    image: imageUrlSchema.optional(),
    type: userType.optional(),
    affiliate: optionalText(100),
    firstname: personNameSchema.optional(),
    lastname: personNameSchema.optional(),
  })
  .strict();
export type CreateUserMeBody = z.infer<typeof createUserMeBody>;

/**
 * Every field `PUT /api/user/me` takes: the athlete card's and the profile page's (profiles.ts names
 * both shapes). The e-mail is accepted, since both forms send it, and never changed here.
 */
export const updateUserMeFields = z
  .object({
    username: z.string().trim().min(1, 'Username is required').pipe(usernameSchema).optional(),
    email: z.string().max(320).optional(),
    firstname: personNameSchema.optional(),
    lastname: personNameSchema.optional(),
    name: z.string().trim().min(1, 'Name is required').max(200).optional(),
    phone: optionalText(50),
    ...profileFields,
  })
  .strict();

/** `PUT /api/user/me`: any of the profile fields; at least one. Email is never changed here. */
export const updateUserMeBody = updateUserMeFields.refine(
  (body) => Object.values(body).some((value) => value !== undefined),
  'A user update needs at least one property',
);
export type UpdateUserMeBody = z.infer<typeof updateUserMeBody>;

/** Coach registration form: Team, First Name, Last Name, Username. */
export const coachRegistration = z.object({
  team: teamNameSchema,
  firstname: personNameSchema,
  lastname: personNameSchema,
  username: usernameSchema,
});
export type CoachRegistration = z.infer<typeof coachRegistration>;

/** Athlete and fan registration: the same without Team. */
export const personRegistration = coachRegistration.omit({ team: true });

/**
 * How a person is named wherever others read about them (board, bell, e-mail, activity, comments,
 * highlights): the name they gave, else their username. Server and web both name people with it.
 */
export function displayName(person: { username: string; name?: string | null }): string {
  return person.name?.trim() || person.username;
}
