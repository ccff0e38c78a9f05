import { sportName } from '@app/contracts/live';
import type { UserImage } from '@app/contracts/profiles';
import { BadgeCheckIcon, CameraIcon, ImagePlusIcon } from 'lucide-react';

import { ResponsiveImage } from '@/components/responsive-image';
import { ImageUploadButton } from '@/features/profiles/components/image-upload-button';
import { avatarOf, type CardData, displayName, heroOf } from '@/features/profiles/utils/card-data';
import { initialsOf } from '@/lib/initials';

type ProfileHeaderProps = {
  card: CardData;
  /** The team on the card: its name and logo. */
  team?: { description: string; logo: UserImage | null } | null;
  /** The owner's own card: the hero can be changed here. */
  heroUpload?: boolean;
  /** The owner's own card: the avatar can be changed here. */
  avatarUpload?: boolean;
  /** Beside the names (edit link, edit icon). */
  actions?: React.ReactNode;
};

const overlayButton = 'bg-background/85 text-foreground hover:bg-background h-8 px-3 backdrop-blur';

/**
 * The top of a profile: the hero across, the team's logo and name on it, the avatar overlapping its
 * lower edge, then the name, jersey number, username and sport. Every picture's frame has its size
 * before it loads, so nothing below moves.
 */
export function ProfileHeader({ card, team, heroUpload = false, avatarUpload = false, actions }: ProfileHeaderProps) {
  const hero = heroOf(card.images);
  const avatar = avatarOf(card.images);
  const name = displayName(card);
  const sport = sportName(card.sport);
  const coach = card.type === 'team';
  const subtitle = [coach ? 'Coach' : card.sportPosition, coach ? team?.description : null, sport].filter(Boolean).join(' · ');

  return (
    <header className="bg-card overflow-hidden rounded-xl border shadow-sm">
      <div className="relative">
        {hero ? (
          <ResponsiveImage image={hero} sizes="(min-width: 1024px) 900px, 100vw" alt="" priority className="aspect-video w-full sm:aspect-[3/1]" />
        ) : (
          <div aria-hidden="true" className="aspect-video w-full bg-gradient-to-br from-foreground to-emerald-600 sm:aspect-[3/1]" />
        )}
        {team ? (
          <div className="absolute top-3 left-3 flex max-w-[70%] items-center gap-2 rounded-full bg-black/45 py-1 pr-3 pl-1 text-white backdrop-blur">
            {team.logo ? (
              <ResponsiveImage image={team.logo} sizes="28px" alt="" className="size-7 shrink-0 rounded-full" />
            ) : (
              <span aria-hidden="true" className="size-7 shrink-0 rounded-full bg-white/20" />
            )}
            <span className="truncate text-xs font-semibold tracking-wide">{team.description}</span>
          </div>
        ) : null}
        {heroUpload ? (
          <div className="absolute top-3 right-3 flex flex-col items-end gap-1">
            <ImageUploadButton
              tag="hero"
              label={hero ? 'Change hero' : 'Upload hero'}
              icon={<ImagePlusIcon aria-hidden="true" className="size-4" />}
              className={overlayButton}
              statusClassName="bg-background/90 rounded px-2 py-0.5 text-foreground"
            />
          </div>
        ) : null}
      </div>

      <div className="relative px-4 pb-5 sm:px-6">
        <div className="flex items-end justify-between gap-3">
          <div className="relative -mt-12 shrink-0 sm:-mt-16">
            <div className="ring-card bg-muted size-24 overflow-hidden rounded-full ring-4 sm:size-32">
              {avatar ? (
                <ResponsiveImage image={avatar} sizes="(min-width: 640px) 128px, 96px" alt={name} priority className="size-full" />
              ) : (
                <span className="text-muted-foreground flex size-full items-center justify-center text-3xl font-semibold">{initialsOf(card)}</span>
              )}
            </div>
            {avatarUpload ? (
              <ImageUploadButton
                tag="avatar"
                label={avatar ? 'Change avatar' : 'Upload avatar'}
                icon={<CameraIcon aria-hidden="true" className="size-4" />}
                iconOnly
                className="bg-primary text-primary-foreground hover:bg-primary/90 ring-card absolute right-0 bottom-0 size-9 rounded-full ring-4"
                statusClassName="absolute top-full left-0 mt-1 w-48"
              />
            ) : null}
          </div>
          {actions ? <div className="flex items-center gap-2 pb-1">{actions}</div> : null}
        </div>

        <div className="mt-3 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{name}</h2>
            <p className="text-muted-foreground mt-0.5 text-sm">@{card.username}</p>
            {subtitle ? <p className="mt-2 text-sm font-medium">{subtitle}</p> : null}
          </div>
          {card.jersey !== undefined && card.jersey !== null && card.jersey !== '' ? (
            <p className="text-primary shrink-0 text-right leading-none font-black tabular-nums">
              <span className="text-muted-foreground block text-[11px] font-semibold tracking-widest uppercase">Jersey</span>
              <span className="text-4xl sm:text-5xl">#{card.jersey}</span>
              {card.verified.includes('jersey') ? (
                <span className="mt-1.5 flex items-center justify-end gap-1 text-[11px] font-medium text-emerald-700">
                  <BadgeCheckIcon aria-hidden="true" className="size-3.5" />
                  Verified by coach
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
    </header>
  );
}
