import { AtSignIcon } from 'lucide-react';

import { type CardData, socialLink, type SocialNetwork } from '@/features/profiles/utils/card-data';

const NETWORKS: { network: SocialNetwork; label: string }[] = [
  { network: 'instagram', label: 'Instagram' },
  { network: 'twitter', label: 'Twitter' },
  { network: 'tiktok', label: 'TikTok' },
];

/** Instagram, Twitter and TikTok, each a link to the profile when it reads as a handle or an https address. */
export function SocialLinks({ card }: { card: CardData }) {
  const links = NETWORKS.filter(({ network }) => card[network]?.trim());
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {links.map(({ network, label }) => {
        const { label: handle, href } = socialLink(network, card[network]!);
        const body = (
          <>
            <AtSignIcon aria-hidden="true" className="text-muted-foreground size-4" />
            <span className="text-muted-foreground text-xs">{label}</span>
            <span className="font-medium">{handle.replace(/^@/, '')}</span>
          </>
        );
        return (
          <li key={network}>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" className="hover:bg-accent flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm">
                {body}
              </a>
            ) : (
              <span className="flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm">{body}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
