import { MainLayout } from '@/app/layouts/main-layout';
import { MainProviders } from '@/app/main-providers';

/** The signed-in shell as one lazily loaded module: its providers (query cache, level) and layout. */
export function Component() {
  return (
    <MainProviders>
      <MainLayout />
    </MainProviders>
  );
}
