import { z } from 'zod';

import { updateUserMeFields, userMe } from './user-me';

/** Athlete profiles: the card and profile page shapes, member lookups and profile images. */

/** What an image upload is for: one hero and one avatar per user, any number of photos, one logo per team. */
export const imageTag = z.enum(['hero', 'avatar', 'photo', 'logo']);
export type ImageTag = z.infer<typeof imageTag>;

/** Largest image upload. */
export const IMAGE_MAX_BYTES = 25 * 1024 * 1024;
/** Largest picture in pixels (width x height): far above a phone's 12-48 MP photos after their own downscale, far below a pixel bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/**
 * The sizes made of each kind, as WebP (never upscaled): avatars and logos square (cropped to fill),
 * heroes by width, photos by their long side. `sources` is keyed by these numbers.
 */
export const IMAGE_SIZES = {
  avatar: [128, 256, 512],
  logo: [128, 256, 512],
  hero: [800, 1600],
  photo: [400, 1200, 2048],
} as const satisfies Record<ImageTag, readonly number[]>;
/** The size that stands for an avatar or logo wherever a member or team shows (users.image). */
export const AVATAR_DISPLAY_SIZE = 256;

export const imageStatus = z.enum(['processing', 'ready', 'failed']);

/**
 * An image of a user (or a team's logo). `sources.full` is the largest size, the others are keyed by
 * their size; `srcset` lists them with their real widths for `<img srcset>`. The addresses are stable
 * (they redirect to a short-lived storage link) so they may be kept and shown later. The original upload
 * is kept privately and never served. `placeholder` is a tiny blurred WebP data URL to paint first.
 */
export const userImage = z.object({
  _id: z.string(),
  tag: imageTag,
  hero: z.boolean(),
  avatar: z.boolean(),
  status: imageStatus,
  /** Why processing refused the file (status failed). */
  error: z.string().optional(),
  /** Of `sources.full`. */
  width: z.number().nullable(),
  height: z.number().nullable(),
  sources: z.object({ full: z.string() }).catchall(z.string()).nullable(),
  srcset: z.string().nullable(),
  placeholder: z.string().nullable(),
  createdAt: z.string(),
});
export type UserImage = z.infer<typeof userImage>;

/** `GET /api/user/images/{_id}`: the caller's own image (to follow one still processing). */
export const imageParams = z.object({ id: z.string().max(100) });
/** `DELETE /api/user/images/{_id}` (owner only; 404 for anyone else): 204. */
export const deleteImageResponse = z.null();

/** The measurables a team owner may mark "verified by coach". */
export const measurable = z.enum(['height', 'weight', 'jersey', 'sportPosition']);
export type Measurable = z.infer<typeof measurable>;

/**
 * `PUT /api/team/members/{username}/verified` (the owner of a team the member is in): true verifies
 * the value the member shows now, false withdraws it. A value the member edits afterwards is no longer
 * verified. Answers the member's card.
 */
export const verifyMeasurablesBody = z
  .object(Object.fromEntries(measurable.options.map((key) => [key, z.boolean().optional()])) as Record<Measurable, z.ZodOptional<z.ZodBoolean>>)
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Name at least one of height, weight, jersey and sportPosition.');
export const memberParams = z.object({ username: z.string().trim().min(1).max(100) });
export const VERIFY_OWNER_ONLY = 'Only the team owner can verify measurables.';
export const nothingToVerify = (field: Measurable) => `There is no ${field === 'sportPosition' ? 'position' : field} to verify.`;

/** `GET /api/user/me` (and the answer of `PUT`): the own record with the ready images and the age. */
export const profileMe = userMe.extend({
  /** Whole years since the birthdate, computed on every read (never stored); null without a birthdate. */
  age: z.number().int().nullable(),
  images: z.array(userImage),
  /** The measurables the team owner verified, as they are now. */
  verified: z.array(measurable),
});
export type ProfileMe = z.infer<typeof profileMe>;

/** `PUT /api/user/me` from the athlete card's edit form. */
export const athleteCardBody = updateUserMeFields.pick({
  jersey: true,
  email: true,
  firstname: true,
  lastname: true,
  username: true,
  sport: true,
  sportPosition: true,
  birthdate: true,
  height: true,
  weight: true,
  instagram: true,
  twitter: true,
  tiktok: true,
  kudos1: true,
  kudos2: true,
  kudos3: true,
  coachcorner: true,
  shoutout: true,
  beyond: true,
});

/** `PUT /api/user/me` from the profile page's edit mode (the e-mail shows read-only and is never changed). */
export const profilePageBody = updateUserMeFields.pick({
  email: true,
  phone: true,
  name: true,
  username: true,
  sport: true,
  sportPosition: true,
  city: true,
  birthdate: true,
  height: true,
  weight: true,
  instagram: true,
  twitter: true,
  tiktok: true,
});

/**
 * `GET /api/user/other?username=..&images=true[&team=true]` or `?email=..`. Exactly one of username
 * and email; `images` and `team` take 'true' or 'false'.
 */
export const otherUserQuery = z
  .object({
    username: z.string().trim().min(1).max(100).optional(),
    email: z.string().trim().toLowerCase().email('Invalid email address').max(320).optional(),
    images: z.enum(['true', 'false']).optional(),
    team: z.enum(['true', 'false']).optional(),
  })
  .strict()
  .refine((q) => (q.username === undefined) !== (q.email === undefined), 'Give either a username or an email.');

/** The team on a member's card (`&team=true`): its name (description) and logo. */
export const profileTeam = z.object({
  owner: z.string(),
  channel: z.string(),
  description: z.string(),
  logo: userImage.nullable(),
});

/** A member's card as a teammate sees it: no e-mail, phone or birthdate (the age only). */
export const memberCard = z.object({
  username: z.string(),
  name: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  image: z.string().nullable(),
  type: z.string().nullable(),
  age: z.number().int().nullable(),
  jersey: z.union([z.number(), z.string()]).optional(),
  sport: z.string().optional(),
  sportPosition: z.string().optional(),
  height: z.string().optional(),
  weight: z.string().optional(),
  city: z.string().optional(),
  instagram: z.string().optional(),
  twitter: z.string().optional(),
  tiktok: z.string().optional(),
  kudos1: z.string().optional(),
  kudos2: z.string().optional(),
  kudos3: z.string().optional(),
  coachcorner: z.string().optional(),
  shoutout: z.string().optional(),
  beyond: z.string().optional(),
  /** The measurables the team owner verified, as they are now. */
  verified: z.array(measurable),
  /** With `images=true`: the ready images, hero and avatar first, then the photos newest first. */
  images: z.array(userImage).optional(),
  /** With `team=true`: the team they share with the caller (their current one when several), or null. */
  team: profileTeam.nullable().optional(),
});
export type MemberCard = z.infer<typeof memberCard>;

/** `?email=`: who a team owner is about to invite, at most this. */
export const inviteLookup = z.object({ username: z.string(), name: z.string().nullable(), image: z.string().nullable() });
export type InviteLookup = z.infer<typeof inviteLookup>;

/** `GET /api/user/other`: a card for `username`, the invite lookup for `email`. */
export const otherUserResponse = z.union([memberCard, inviteLookup]);

export const MEMBER_NOT_FOUND = 'User not found.';
export const LOGO_OWNER_ONLY = 'Only a team owner can upload the team logo.';
export const EMAIL_LOOKUP_OWNER_ONLY = 'Only a team owner can look people up by e-mail.';

/** Whole years from a birthdate (yyyy-mm-dd...) to `today`, in UTC; null without a valid one. */
export function ageFrom(birthdate: unknown, today: Date = new Date()): number | null {
  const match = typeof birthdate === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(birthdate) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const birthdayPassed = today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  const age = today.getUTCFullYear() - year - (birthdayPassed ? 0 : 1);
  return age >= 0 && age < 150 ? age : null;
}
