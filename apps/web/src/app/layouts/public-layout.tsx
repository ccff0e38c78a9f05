import { Outlet, ScrollRestoration } from 'react-router';

import { Header } from '@/app/layouts/header';

/** Visitor pages (sign-in, registration, ...): the header with the theme menu over a centered column. */
export function PublicLayout() {
  return (
    <div className="flex min-h-svh flex-col">
      {/* No back link: public parents such as /register/subscribe are not pages. */}
      <Header showBackLink={false} />
      <main className="flex flex-1 flex-col items-center px-4 py-10 sm:justify-center">
        <div className="w-full max-w-sm">
          <Outlet />
        </div>
      </main>
      <ScrollRestoration />
    </div>
  );
}
