import { Outlet, ScrollRestoration } from 'react-router';

import { Header } from '@/app/layouts/header';
import { useReportShownPage } from '@/lib/shown-page';
import { cn } from '@/lib/utils';

/**
 * Visitor pages (sign-in, registration, ...): the header with the theme menu over a centered column;
 * `reading` widens it to a comfortable line length for documents (terms, privacy), `wide` to a
 * laptop's page (a recruiting card).
 */
export function PublicLayout({ reading = false, wide = false }: { reading?: boolean; wide?: boolean }) {
  useReportShownPage();
  return (
    <div className="flex min-h-svh flex-col">
      {/* No back link: public parents such as /register/subscribe are not pages. */}
      <Header showBackLink={false} />
      <main className={cn('flex flex-1 flex-col items-center px-4', wide ? 'py-4 sm:py-8' : 'py-10', !reading && !wide && 'sm:justify-center')}>
        <div className={cn('w-full', wide ? 'max-w-5xl' : reading ? 'max-w-2xl' : 'max-w-sm')}>
          <Outlet />
        </div>
      </main>
      <ScrollRestoration />
    </div>
  );
}
