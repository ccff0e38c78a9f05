import { imageUrlSchema } from '@app/contracts/user-me';

import { initialsOf } from '@/lib/initials';
import { cn } from '@/lib/utils';

type UserAvatarProps = {
  person: { username: string; name?: string | null; firstname?: string | null; lastname?: string | null; image?: string | null };
  className?: string;
};

/** A person's picture, or their initials. A stored address the server would refuse today is not loaded. */
export function UserAvatar({ person, className }: UserAvatarProps) {
  const image = person.image && imageUrlSchema.safeParse(person.image).success ? person.image : null;
  return (
    <span
      className={cn(
        'bg-muted text-muted-foreground flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full text-xs font-medium',
        className,
      )}
    >
      {image ? <img src={image} alt="" className="size-full object-cover" /> : <span aria-hidden="true">{initialsOf(person)}</span>}
    </span>
  );
}
