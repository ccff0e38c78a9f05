import { Outlet } from 'react-router';

import { MainProviders } from '@/app/main-providers';

/**
 * The registration steps after sign-up (and the invitation page) call the product API: they get
 * the signed-in app's providers (query cache, level) without its layout, and so does a reel's share
 * page (/r/{id}). Loaded lazily, so the sign-in page never downloads them.
 */
export function Component() {
  return (
    <MainProviders>
      <Outlet />
    </MainProviders>
  );
}
