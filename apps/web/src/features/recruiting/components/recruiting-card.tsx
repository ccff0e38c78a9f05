import type { Measurable } from '@app/contracts/profiles';
import type { CardSocial, PublicCard } from '@app/contracts/recruiting';
import { AwardIcon, CakeIcon, InstagramIcon, MailIcon, MapPinIcon, MusicIcon, PhoneIcon, ShieldCheckIcon, TwitterIcon } from 'lucide-react';

import { ChunkPlayer } from '@/components/player/chunk-player';
import { initialsOf } from '@/lib/initials';
import { cn } from '@/lib/utils';

import { CardImage } from './card-image';

const SOCIAL = {
  instagram: { label: 'Instagram', icon: InstagramIcon },
  twitter: { label: 'X', icon: TwitterIcon },
  tiktok: { label: 'TikTok', icon: MusicIcon },
} as const;

/** Only the https links the server built from handles are ever shown as links. */
const isHttps = (url: string) => URL.canParse(url) && new URL(url).protocol === 'https:';

/** A recruiter's view of an athlete: only what the athlete chose to show is in `card`. */
export function RecruitingCard({ card, onReelError }: { card: PublicCard; onReelError?: () => void }) {
  const title = card.name ?? (card.username ? `@${card.username}` : 'Athlete');
  const role = [card.sport, card.position].filter(Boolean).join(' · ');
  const socials = (card.socials ?? []).filter((s) => isHttps(s.url));
  const all: { label: string; value?: string | number; verifies?: Measurable }[] = [
    { label: 'Height', value: card.height, verifies: 'height' },
    { label: 'Weight', value: card.weight, verifies: 'weight' },
    { label: 'Age', value: card.age },
    { label: 'Position', value: card.position, verifies: 'sportPosition' },
    { label: 'Jersey', value: card.jersey && `#${card.jersey}`, verifies: 'jersey' },
  ];
  const measurables = all.filter((m) => m.value !== undefined && m.value !== '');
  const contact = [
    card.email && { icon: MailIcon, text: card.email, href: `mailto:${card.email}` },
    card.phone && { icon: PhoneIcon, text: card.phone, href: `tel:${card.phone.replace(/[^\d+]/g, '')}` },
    card.city && { icon: MapPinIcon, text: card.city },
    card.birthdate && { icon: CakeIcon, text: `Born ${card.birthdate}` },
  ].filter((c) => !!c);

  return (
    <article className="flex flex-col gap-6" aria-label={`Recruiting card: ${title}`}>
      <header className="bg-card overflow-hidden rounded-2xl border shadow-sm">
        <div className="relative">
          {card.hero ? (
            <CardImage image={card.hero} sizes="(min-width: 1024px) 1024px, 100vw" eager className="aspect-[16/9] w-full sm:aspect-[5/2]" />
          ) : (
            <div aria-hidden="true" className="from-primary/80 via-primary/40 to-primary/10 aspect-[5/2] w-full bg-gradient-to-br" />
          )}
          <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-black/55 to-transparent" />
          {card.jersey ? (
            <span className="absolute right-4 bottom-3 text-5xl font-black tracking-tighter text-white/95 drop-shadow sm:text-6xl" aria-hidden="true">
              #{card.jersey}
            </span>
          ) : null}
        </div>
        <div className="flex flex-col gap-3 px-5 pb-5">
          <div className="-mt-12 flex items-end gap-4 sm:-mt-14">
            <span className="bg-muted ring-background relative flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full text-2xl font-semibold ring-4 sm:size-28">
              {card.avatar ? (
                <CardImage image={card.avatar} sizes="112px" eager className="size-full" />
              ) : (
                <span aria-hidden="true">{initialsOf({ username: card.username ?? title, name: card.name })}</span>
              )}
            </span>
          </div>
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-bold tracking-tight text-balance break-words">{title}</h1>
            {card.name && card.username ? <p className="text-muted-foreground text-sm">@{card.username}</p> : null}
            {role ? <p className="text-lg font-medium">{role}</p> : null}
            {card.team ? (
              <p className="text-muted-foreground flex items-center gap-2 text-sm font-medium">
                {card.team.logo ? <CardImage image={card.team.logo} sizes="24px" className="size-6 rounded-md" /> : null}
                {card.team.name}
              </p>
            ) : null}
          </div>
          {socials.length > 0 ? <Socials socials={socials} /> : null}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex flex-col gap-6">
          {card.reel && card.reel.chunks.length > 0 ? (
            <Section title="Highlights">
              <ChunkPlayer chunks={card.reel.chunks} label={card.reel.title || `${title}: highlights`} onSourceError={onReelError} />
            </Section>
          ) : null}
          {card.kudos || card.coachcorner ? (
            <Section title="Kudos">
              {card.kudos ? (
                <ul className="flex flex-col gap-2">
                  {card.kudos.map((kudo) => (
                    <li key={kudo} className="flex items-start gap-2">
                      <AwardIcon aria-hidden="true" className="text-primary mt-0.5 size-4 shrink-0" />
                      <span className="break-words">{kudo}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {card.coachcorner ? <Quote label="Coach's corner" text={card.coachcorner} /> : null}
            </Section>
          ) : null}
          {card.shoutout ? (
            <Section title="Referrals">
              <Quote text={card.shoutout} />
            </Section>
          ) : null}
          {card.beyond ? (
            <Section title="Beyond the Athlete">
              <p className="leading-relaxed break-words whitespace-pre-line">{card.beyond}</p>
            </Section>
          ) : null}
          {card.photos ? (
            <Section title="Photos">
              <ul className="grid grid-cols-2 gap-2">
                {card.photos.map((photo) => (
                  <li key={photo.sources.full}>
                    <CardImage image={photo} sizes="(min-width: 1024px) 340px, 50vw" className="aspect-square w-full rounded-lg" />
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </div>

        {/* Phones show the measurables and contact right under the header, where recruiters look first. */}
        <aside className="order-first flex flex-col gap-6 lg:order-none">
          {measurables.length > 0 ? (
            <Section title="Measurables">
              <dl className="grid grid-cols-2 gap-2">
                {measurables.map((m) => (
                  <div key={m.label} className="bg-muted/50 flex flex-col gap-0.5 rounded-lg p-3">
                    <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{m.label}</dt>
                    <dd className="text-lg font-semibold break-words">{m.value}</dd>
                    {m.verifies && card.verified.includes(m.verifies) ? (
                      <dd className="flex items-center gap-1 text-xs font-medium text-emerald-700 dark:text-emerald-400">
                        <ShieldCheckIcon aria-hidden="true" className="size-3.5" /> Verified by coach
                      </dd>
                    ) : null}
                  </div>
                ))}
              </dl>
            </Section>
          ) : null}
          {contact.length > 0 ? (
            <Section title="Contact">
              <ul className="flex flex-col gap-2 text-sm">
                {contact.map(({ icon: Icon, text, href }) => (
                  <li key={text} className="flex min-w-0 items-center gap-2">
                    <Icon aria-hidden="true" className="text-muted-foreground size-4 shrink-0" />
                    {href ? (
                      <a href={href} className="truncate font-medium underline-offset-4 hover:underline">
                        {text}
                      </a>
                    ) : (
                      <span className="truncate">{text}</span>
                    )}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

function Section({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={cn('bg-card flex flex-col gap-3 rounded-2xl border p-5 shadow-sm', className)}>
      <h2 className="text-muted-foreground text-sm font-semibold tracking-wide uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Quote({ text, label }: { text: string; label?: string }) {
  return (
    <figure className="border-primary/60 border-l-4 pl-4">
      <blockquote className="leading-relaxed break-words whitespace-pre-line italic">{text}</blockquote>
      {label ? <figcaption className="text-muted-foreground mt-1 text-xs font-medium">{label}</figcaption> : null}
    </figure>
  );
}

function Socials({ socials }: { socials: CardSocial[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {socials.map((social) => {
        const { label, icon: Icon } = SOCIAL[social.network];
        return (
          <li key={social.network}>
            <a
              href={social.url}
              target="_blank"
              rel="noopener noreferrer"
              className="hover:bg-accent flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium"
            >
              <Icon aria-hidden="true" className="size-4" />
              <span className="sr-only">{label}: </span>@{social.handle}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
