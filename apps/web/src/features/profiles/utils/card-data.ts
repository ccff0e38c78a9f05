import type { Measurable, UserImage } from '@app/contracts/profiles';

/** What a profile card shows: the own record and a teammate's card both have it. */
export type CardData = {
  username: string;
  name?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  image?: string | null;
  type?: string | null;
  age: number | null;
  jersey?: number | string | null;
  sport?: string | null;
  sportPosition?: string | null;
  height?: string | null;
  weight?: string | null;
  city?: string | null;
  instagram?: string | null;
  twitter?: string | null;
  tiktok?: string | null;
  kudos1?: string | null;
  kudos2?: string | null;
  kudos3?: string | null;
  coachcorner?: string | null;
  shoutout?: string | null;
  beyond?: string | null;
  verified: Measurable[];
  images?: UserImage[];
};

/** First and last name, else the display name, else the username. */
export function displayName(card: Pick<CardData, 'username' | 'name' | 'firstname' | 'lastname'>): string {
  const full = [card.firstname, card.lastname].filter(Boolean).join(' ').trim();
  return full || card.name?.trim() || card.username;
}


export const heroOf = (images: UserImage[] | undefined) => images?.find((image) => image.hero && image.status === 'ready') ?? null;
export const avatarOf = (images: UserImage[] | undefined) => images?.find((image) => image.avatar && image.status === 'ready') ?? null;
export const photosOf = (images: UserImage[] | undefined) => images?.filter((image) => image.tag === 'photo' && image.status === 'ready') ?? [];

export type SocialNetwork = 'instagram' | 'twitter' | 'tiktok';

const PROFILE_URL: Record<SocialNetwork, (handle: string) => string> = {
  instagram: (handle) => `https://www.instagram.com/${handle}`,
  twitter: (handle) => `https://x.com/${handle}`,
  tiktok: (handle) => `https://www.tiktok.com/@${handle}`,
};

/**
 * Where a social field leads: an https address as given, or a handle ('@name' or 'name') on its
 * network. Anything else (another scheme, spaces) is shown as text, never linked.
 */
export function socialLink(network: SocialNetwork, value: string): { label: string; href: string | null } {
  const text = value.trim();
  if (/^https:\/\//i.test(text) && URL.canParse(text)) {
    const url = new URL(text);
    const handle = url.pathname.split('/').filter(Boolean).pop() ?? url.host;
    return { label: handle.startsWith('@') ? handle : `@${handle}`, href: url.href };
  }
  const handle = text.replace(/^@/, '');
  if (/^[\w.]{1,100}$/.test(handle)) return { label: `@${handle}`, href: PROFILE_URL[network](handle) };
  return { label: text, href: null };
}
