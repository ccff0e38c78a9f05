import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { cn } from '@/lib/utils';

/** The whole card is one link (video, clip and reel cards): a card surface with a visible focus ring. */
export function CardLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cn(
        'group bg-card text-card-foreground focus-visible:ring-ring/50 flex min-w-0 flex-col overflow-hidden rounded-xl border shadow-sm outline-none focus-visible:ring-[3px]',
        className,
      )}
    >
      {children}
    </Link>
  );
}
