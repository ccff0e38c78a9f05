import { imageUrlSchema } from '@app/contracts/user-me';

import { initialsOf } from '@/lib/initials';
import { cn } from '@/lib/utils';

type UserAvatarProps = {
  person: { username: string; name?: string | null; firstname?: string | null; lastname?: string | null; image?: string | null };
  className?: string;
  /** How wide it shows, for the browser to pick a size of an uploaded avatar; 40px fits the lists. */
  sizes?: string;
};

/** An avatar uploaded here: its stable address names one of its sizes (`/api/images/<id>/256.webp`). */
const UPLOADED_AVATAR = /^(\/api\/images\/[A-Za-z0-9_-]{1,100}\/)\d{1,5}\.webp$/;

/** The small and the standard size of an uploaded avatar, so a 32 px list row does not load 256 px. */
function srcSetOf(image: string): string | undefined {
  const base = UPLOADED_AVATAR.exec(image)?.[1];
  return base ? `${base}128.webp 128w, ${base}256.webp 256w` : undefined;
}

/**
 * A person's picture (their avatar), or their initials. A stored address the server would refuse today
 * is not loaded; one of our own uploaded avatars always is.
 */
export function UserAvatar({ person, className, sizes = '40px' }: UserAvatarProps) {
  const image = person.image && (UPLOADED_AVATAR.test(person.image) || imageUrlSchema.safeParse(person.image).success) ? person.image : null;
  const srcSet = image ? srcSetOf(image) : undefined;
  return (
    <span
      className={cn(
        'bg-muted text-muted-foreground flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full text-xs font-medium',
        className,
      )}
    >
      {image ? (
        <img src={image} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <span aria-hidden="true">{initialsOf(person)}</span>
      )}
    </span>
  );
}
