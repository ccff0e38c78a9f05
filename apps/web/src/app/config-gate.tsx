import { useQuery } from '@tanstack/react-query';
import { RotateCwIcon, WifiOffIcon } from 'lucide-react';

import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { APP_NAME } from '@/config/app';
import { ConfigContext } from '@/config/config-context';
import { getPublicConfig, publicConfigQueryKey } from '@/config/public-config';

/**
 * Nothing below renders until `/api/config` has loaded: the tenant id names the session cookies and
 * the identity base URL comes from it. Loaded once per page load (it only changes on redeploy).
 */
export function ConfigGate({ children }: { children: React.ReactNode }) {
  const config = useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

  if (config.data) return <ConfigContext.Provider value={config.data}>{children}</ConfigContext.Provider>;

  if (config.isError) {
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-6 p-6 text-center">
        <div className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full">
          <WifiOffIcon aria-hidden="true" className="size-6" />
        </div>
        <div className="flex max-w-sm flex-col gap-2">
          <h1 className="text-xl font-semibold tracking-tight">{APP_NAME} could not start</h1>
          <p className="text-muted-foreground text-sm text-balance">
            We could not load the app settings from the server. Check your connection and try again.
          </p>
          <p className="text-muted-foreground/80 text-xs">{config.error.message}</p>
        </div>
        <Button onClick={() => void config.refetch()} disabled={config.isFetching}>
          <RotateCwIcon aria-hidden="true" className={config.isFetching ? 'animate-spin' : undefined} />
          Retry
        </Button>
      </main>
    );
  }

  return <PageLoading className="min-h-svh" />;
}
