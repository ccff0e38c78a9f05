import type { Measurable, UserImage } from '@app/contracts/profiles';
import { QuoteIcon, StarIcon } from 'lucide-react';

import { CardSection } from '@/features/profiles/components/card-section';
import { Measurables } from '@/features/profiles/components/measurables';
import { PhotoGrid } from '@/features/profiles/components/photo-grid';
import { ProfileHeader } from '@/features/profiles/components/profile-header';
import { SocialLinks } from '@/features/profiles/components/social-links';
import { type CardData, displayName, photosOf } from '@/features/profiles/utils/card-data';

type AthleteCardProps = {
  card: CardData;
  team?: { description: string; logo: UserImage | null } | null;
  /** The owner's own card: hero, avatar and photo uploads, and prompts where something is missing. */
  owner?: boolean;
  /** Beside the names (the edit link). */
  actions?: React.ReactNode;
  onVerify?: (field: Measurable, verified: boolean) => void;
  verifying?: Measurable | null;
};

const filled = (value: string | null | undefined): value is string => Boolean(value?.trim());

/**
 * The athlete card: hero, team logo, avatar, names, jersey, username, age and measurables, sport,
 * Social Links, Photos (two columns), Kudos, Referrals and Beyond the Athlete. A coach's card is
 * the same with their team. What is empty is left out for viewers; the owner sees where to add it.
 */
export function AthleteCard({ card, team, owner = false, actions, onVerify, verifying }: AthleteCardProps) {
  const kudos = [card.kudos1, card.kudos2, card.kudos3].filter(filled);
  const photos = photosOf(card.images);
  const hint = (text: string) => (owner ? <p className="text-muted-foreground text-sm">{text}</p> : null);
  const hasSocial = [card.instagram, card.twitter, card.tiktok].some(filled);
  const beyondTitle = card.type === 'team' ? 'About the Coach' : 'Beyond the Athlete';

  return (
    <article className="grid gap-6" aria-label={`${displayName(card)}'s profile card`}>
      <ProfileHeader card={card} team={team} heroUpload={owner} avatarUpload={owner} actions={actions} />
      <Measurables card={card} onVerify={onVerify} verifying={verifying} />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-8">
          {hasSocial || owner ? (
            <CardSection title="Social Links">{hasSocial ? <SocialLinks card={card} /> : hint('Add your Instagram, Twitter and TikTok in Edit Profile.')}</CardSection>
          ) : null}
          {photos.length > 0 || owner ? (
            <CardSection title="Photos">
              <PhotoGrid photos={photos} editable={owner} ownerName={displayName(card)} />
            </CardSection>
          ) : null}
        </div>

        <div className="grid content-start gap-8">
          {kudos.length > 0 || owner ? (
            <CardSection title="Kudos">
              {kudos.length > 0 ? (
                <ul className="grid gap-2">
                  {kudos.map((text, index) => (
                    <li key={index} className="flex gap-2 text-sm">
                      <StarIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-amber-400 text-amber-400" />
                      <span>{text}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                hint('Awards, records, honours: add up to three in Edit Profile.')
              )}
            </CardSection>
          ) : null}
          {filled(card.coachcorner) ? <Quote title="Coach's Corner" text={card.coachcorner} /> : null}
          {filled(card.shoutout) ? <Quote title="Referrals" text={card.shoutout} /> : owner ? <CardSection title="Referrals">{hint('A shoutout from a teammate or a coach.')}</CardSection> : null}
          {filled(card.beyond) ? (
            <CardSection title={beyondTitle}>
              <p className="text-sm leading-relaxed whitespace-pre-line">{card.beyond}</p>
            </CardSection>
          ) : owner ? (
            <CardSection title={beyondTitle}>{hint('School, music, volunteering: who you are off the field.')}</CardSection>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function Quote({ title, text }: { title: string; text: string }) {
  return (
    <CardSection title={title}>
      <blockquote className="bg-muted/50 relative rounded-lg border-l-4 border-emerald-600 p-4 text-sm leading-relaxed whitespace-pre-line">
        <QuoteIcon aria-hidden="true" className="text-muted-foreground/40 absolute top-2 right-2 size-5" />
        {text}
      </blockquote>
    </CardSection>
  );
}
