import { ChevronLeftIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';

import { getBackLink } from '@/app/layouts/back-link';
import { Brand } from '@/app/layouts/brand';
import { ModeToggle } from '@/components/mode-toggle';
import { cn } from '@/lib/utils';

type HeaderProps = {
  showBackLink?: boolean;
  actions?: React.ReactNode;
  /** Spans the window (the laptop layout, brand above the side bar) instead of the centred column. */
  wide?: boolean;
};

/** Top bar: brand, back link, the layout's own actions and the theme menu. Sticky, clear of the notch. */
export function Header({ showBackLink = true, actions, wide = false }: HeaderProps) {
  const { pathname } = useLocation();
  const back = showBackLink ? getBackLink(pathname) : null;

  return (
    <header className="bg-background/85 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-40 border-b pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className={cn('mx-auto flex h-14 w-full items-center gap-3', wide ? 'px-6' : 'max-w-3xl px-4')}>
        <Brand compact={back !== null} />
        {back ? (
          <>
            <span aria-hidden="true" className="bg-border h-5 w-px" />
            <Link
              to={back.to}
              className="hover:bg-accent focus-visible:ring-ring/50 -ml-1 flex min-w-0 items-center gap-0.5 rounded-md py-1 pr-2 pl-1 text-sm font-medium outline-none focus-visible:ring-[3px]"
            >
              <ChevronLeftIcon aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{back.label}</span>
            </Link>
          </>
        ) : null}
        <div className="ml-auto flex items-center gap-1">
          {actions}
          <ModeToggle />
        </div>
      </div>
    </header>
  );
}
