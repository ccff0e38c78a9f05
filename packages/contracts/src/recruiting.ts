import { z } from 'zod';

import { sharedReel } from './clips';
import { measurable } from './profiles';

/**
 * The recruiting card: an athlete's card published at an unguessable link (`/a/{id}`) for recruiters,
 * showing only the fields its owner ticks, with a chosen shared reel playing on it.
 */

/** What the card may show, each ticked or not. */
export const cardFieldNames = [
  'name',
  'username',
  'avatar',
  'hero',
  'jersey',
  'sport',
  'position',
  'height',
  'weight',
  'age',
  'city',
  'team',
  'socials',
  'kudos',
  'shoutout',
  'beyond',
  'photos',
  'email',
  'phone',
  'birthdate',
] as const;
export type CardField = (typeof cardFieldNames)[number];

/**
 * A new card shows the athletic fields; where the athlete lives and how to reach them (city, e-mail,
 * phone, exact birthdate) and the in-app username stay off until the athlete ticks them.
 */
export const DEFAULT_CARD_FIELDS: Record<CardField, boolean> = {
  name: true,
  username: false,
  avatar: true,
  hero: true,
  jersey: true,
  sport: true,
  position: true,
  height: true,
  weight: true,
  age: true,
  city: false,
  team: true,
  socials: true,
  kudos: true,
  shoutout: true,
  beyond: true,
  photos: true,
  email: false,
  phone: false,
  birthdate: false,
};

/** How the owner's page groups the ticks; contact fields are warned as public. */
export const CARD_FIELD_GROUPS: { title: 'Athletics' | 'Personal' | 'Contact'; fields: CardField[] }[] = [
  { title: 'Athletics', fields: ['hero', 'avatar', 'name', 'jersey', 'sport', 'position', 'height', 'weight', 'team', 'kudos', 'shoutout'] },
  { title: 'Personal', fields: ['age', 'birthdate', 'city', 'username', 'socials', 'beyond', 'photos'] },
  { title: 'Contact', fields: ['email', 'phone'] },
];

export const cardFields = z.object(Object.fromEntries(cardFieldNames.map((name) => [name, z.boolean()])) as Record<CardField, z.ZodBoolean>);
export type CardFields = z.infer<typeof cardFields>;

/** `GET /api/user/recruiting` (and the answer of PUT and rotate): the owner's settings; `id` and `url` only while published. */
export const recruitingSettings = z.object({
  published: z.boolean(),
  id: z.string().nullable(),
  /** The absolute link to send (PUBLIC_URL + `/a/{id}`). */
  url: z.string().nullable(),
  fields: cardFields,
  /** The reel that plays on the card; null when none is chosen, or it was deleted. */
  reelId: z.string().nullable(),
});
export type RecruitingSettings = z.infer<typeof recruitingSettings>;

/**
 * `PUT /api/user/recruiting` (the owner). Each part is optional and absent keeps what is stored, so
 * a tick sent while the switch is still on its way cannot undo it: `published` (false for a new
 * card), `fields` naming only the ticks that change, `reelId` (null removes the reel). The reel must be one the caller may see and whose share
 * link is on. Turning `published` off makes the link answer 404 at once; on again brings the same link
 * back (`POST /api/user/recruiting/rotate` makes a new one and kills the old).
 */
export const updateRecruitingBody = z
  .object({
    published: z.boolean().optional(),
    fields: cardFields.partial().strict().optional(),
    reelId: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .strict();
export type UpdateRecruitingBody = z.infer<typeof updateRecruitingBody>;

export const RECRUITING_REEL_NOT_SHARED = "Turn on the reel's share link first (Anyone with the link can watch).";
export const RECRUITING_REEL_NOT_FOUND = 'Choose one of your reels.';
export const CARD_NOT_AVAILABLE = 'This card is not available.';

/** `/a/{id}`: 128+ random bits in base64url. */
export const cardParams = z.object({ id: z.string().max(100) });

/** An image on the public card: the stable addresses of its sizes (they serve without sign-in). */
export const cardImage = z.object({
  sources: z.object({ full: z.string() }).catchall(z.string()),
  srcset: z.string(),
  placeholder: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type CardImage = z.infer<typeof cardImage>;

export const socialNetwork = z.enum(['instagram', 'twitter', 'tiktok']);
export type SocialNetwork = z.infer<typeof socialNetwork>;
/** A social link built from a handle: `url` is always https on the network's own host. */
export const cardSocial = z.object({ network: socialNetwork, handle: z.string(), url: z.string() });
export type CardSocial = z.infer<typeof cardSocial>;

/**
 * `GET /api/a/{id}` (no sign-in): only what the athlete ticked is present. `verified` names the shown
 * measurables whose current value the team owner verified. `reel` is the chosen reel as its share link
 * plays it, absent when there is none or it cannot play now (unshared, deleted, still being cut).
 */
export const publicCard = z.object({
  id: z.string(),
  name: z.string().optional(),
  username: z.string().optional(),
  avatar: cardImage.optional(),
  hero: cardImage.optional(),
  jersey: z.string().optional(),
  sport: z.string().optional(),
  position: z.string().optional(),
  height: z.string().optional(),
  weight: z.string().optional(),
  age: z.number().int().optional(),
  city: z.string().optional(),
  team: z.object({ name: z.string(), logo: cardImage.nullable() }).optional(),
  socials: z.array(cardSocial).optional(),
  kudos: z.array(z.string()).optional(),
  coachcorner: z.string().optional(),
  shoutout: z.string().optional(),
  beyond: z.string().optional(),
  photos: z.array(cardImage).optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  birthdate: z.string().optional(),
  verified: z.array(measurable),
  reel: sharedReel.optional(),
});
export type PublicCard = z.infer<typeof publicCard>;

const SOCIAL_URL: Record<SocialNetwork, (handle: string) => string> = {
  instagram: (h) => `https://www.instagram.com/${h}/`,
  twitter: (h) => `https://x.com/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
};
const SOCIAL_HOSTS: Record<SocialNetwork, RegExp> = {
  instagram: /^(www\.)?instagram\.com$/i,
  twitter: /^(www\.)?(twitter|x)\.com$/i,
  tiktok: /^(www\.)?tiktok\.com$/i,
};

/**
 * The link for what an athlete typed as a handle ('@avery', 'avery' or the profile's address): the
 * handle alone, checked to be one (letters, digits, dot, underscore), on the network's own https
 * address; null for anything else, so a card never links where the athlete did not mean.
 */
export function socialLink(network: SocialNetwork, value: string | undefined): CardSocial | null {
  let handle = (value ?? '').trim();
  if (/^(https?:\/\/)?[\w.-]+\.com\//i.test(handle)) {
    const url = URL.canParse(handle) ? new URL(handle) : URL.canParse(`https://${handle}`) ? new URL(`https://${handle}`) : null;
    if (!url || !SOCIAL_HOSTS[network].test(url.hostname)) return null;
    handle = url.pathname.split('/').find((part) => part !== '') ?? '';
  }
  handle = handle.replace(/^@/, '');
  if (!/^[A-Za-z0-9._]{1,30}$/.test(handle)) return null;
  return { network, handle, url: SOCIAL_URL[network](handle) };
}
