import { PlayIcon } from 'lucide-react';
import { Link } from 'react-router';

import { APP_NAME } from '@/config/app';
import { cn } from '@/lib/utils';

/** Logo mark + name. `compact` keeps only the mark (the back link needs the room). */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      aria-label={compact ? APP_NAME : undefined}
      className="focus-visible:ring-ring/50 flex items-center gap-2 rounded-md outline-none focus-visible:ring-[3px]"
    >
      <span className="bg-primary text-primary-foreground flex size-7 items-center justify-center rounded-lg shadow-sm">
        <PlayIcon aria-hidden="true" className="size-3.5 translate-x-px fill-current" />
      </span>
      <span className={cn('text-[15px] font-semibold tracking-tight', compact && 'sr-only')}>
        {APP_NAME}
      </span>
    </Link>
  );
}
