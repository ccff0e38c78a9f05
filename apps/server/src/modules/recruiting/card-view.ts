import { sportName } from '@app/contracts/live';
import { DEFAULT_CARD_FIELDS, cardFieldNames, socialLink, socialNetwork, type CardFields, type CardImage, type PublicCard } from '@app/contracts/recruiting';
import { ageFrom, type Measurable, type UserImage } from '@app/contracts/profiles';

/** The stored ticks over the defaults: a tick added later starts at its default. */
export const fieldsOf = (stored: Record<string, boolean> | undefined): CardFields =>
  Object.fromEntries(cardFieldNames.map((name) => [name, stored?.[name] ?? DEFAULT_CARD_FIELDS[name]])) as CardFields;

/** What the card is made of: the user's record, their ready images, their current team. */
export interface CardSource {
  username: string;
  name: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  profile: Record<string, unknown>;
  verified: Measurable[];
  images: UserImage[];
  team: { name: string; logo: UserImage | null } | undefined;
}

const text = (value: unknown): string | undefined => {
  const s = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  return s === '' ? undefined : s;
};

function cardImageOf(image: UserImage | null | undefined): CardImage | undefined {
  if (!image?.sources || !image.srcset) return undefined;
  return { sources: image.sources, srcset: image.srcset, placeholder: image.placeholder, width: image.width, height: image.height };
}

/** The display name: the one the athlete set, else first and last name. */
const displayName = (source: Pick<CardSource, 'name' | 'firstname' | 'lastname'>) =>
  text(source.name) ?? text([source.firstname, source.lastname].filter(Boolean).join(' '));

/** Which measurable each tick shows. */
const MEASURABLE_OF: Partial<Record<keyof CardFields, Measurable>> = { height: 'height', weight: 'weight', jersey: 'jersey', position: 'sportPosition' };

/**
 * The public card: each field only when ticked (and present), so nothing unticked ever leaves the
 * server; the "verified by coach" flags only for the measurables shown.
 */
export function publicCardOf(id: string, fields: CardFields, source: CardSource): Omit<PublicCard, 'reel'> {
  const p = source.profile;
  const on = (name: keyof CardFields) => fields[name];
  const photos = source.images.filter((i) => i.tag === 'photo').map(cardImageOf).filter((i) => i !== undefined);
  const socials = socialNetwork.options.map((network) => socialLink(network, text(p[network]))).filter((s) => s !== null);
  const kudos = [p.kudos1, p.kudos2, p.kudos3].map(text).filter((k) => k !== undefined);
  const card: Omit<PublicCard, 'reel'> = {
    id,
    ...(on('name') && { name: displayName(source) }),
    ...(on('username') && { username: source.username }),
    ...(on('avatar') && { avatar: cardImageOf(source.images.find((i) => i.avatar)) }),
    ...(on('hero') && { hero: cardImageOf(source.images.find((i) => i.hero)) }),
    ...(on('jersey') && { jersey: text(p.jersey) }),
    ...(on('sport') && { sport: text(sportName(text(p.sport))) }),
    ...(on('position') && { position: text(p.sportPosition) }),
    ...(on('height') && { height: text(p.height) }),
    ...(on('weight') && { weight: text(p.weight) }),
    ...(on('age') && { age: ageFrom(p.birthdate) ?? undefined }),
    ...(on('city') && { city: text(p.city) }),
    ...(on('team') && source.team && { team: { name: source.team.name, logo: cardImageOf(source.team.logo) ?? null } }),
    ...(on('socials') && socials.length > 0 && { socials }),
    ...(on('kudos') && kudos.length > 0 && { kudos }),
    ...(on('kudos') && { coachcorner: text(p.coachcorner) }),
    ...(on('shoutout') && { shoutout: text(p.shoutout) }),
    ...(on('beyond') && { beyond: text(p.beyond) }),
    ...(on('photos') && photos.length > 0 && { photos }),
    ...(on('email') && { email: text(source.email) }),
    ...(on('phone') && { phone: text(source.phone) }),
    ...(on('birthdate') && { birthdate: text(p.birthdate)?.slice(0, 10) }),
    verified: source.verified.filter((m) => Object.entries(MEASURABLE_OF).some(([field, shown]) => shown === m && fields[field as keyof CardFields])),
  };
  // Absent, not undefined: a field that is ticked but empty is simply not on the card.
  return Object.fromEntries(Object.entries(card).filter(([, value]) => value !== undefined)) as Omit<PublicCard, 'reel'>;
}
