import type { PublicConfig } from '@app/contracts/config';
import { RotateCwIcon, WifiOffIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';

import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { APP_NAME } from '@/config/app';
import { ConfigContext } from '@/config/config-context';
import { getPublicConfig } from '@/lib/get-public-config';

type ConfigState =
  | { status: 'loading'; retrying: boolean; error?: Error }
  | { status: 'error'; error: Error }
  | { status: 'ready'; config: PublicConfig };

/**
 * Nothing below renders until `/api/config` has loaded: the tenant id names the session cookies and
 * the identity base URL comes from it. Loaded once per page load (it only changes on redeploy).
 * A plain effect rather than TanStack Query: the query cache belongs to the signed-in app's chunk,
 * and keeping it out of the entry keeps the sign-in page light.
 */
export function ConfigGate({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<ConfigState>({ status: 'loading', retrying: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getPublicConfig(controller.signal).then(
      (config) => setState({ status: 'ready', config }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState((previous) =>
      previous.status === 'error' ? { status: 'loading', retrying: true, error: previous.error } : previous,
    );
    setAttempt((n) => n + 1);
  }, []);

  if (state.status === 'ready') return <ConfigContext.Provider value={state.config}>{children}</ConfigContext.Provider>;

  const error = state.status === 'error' ? state.error : state.retrying ? state.error : undefined;
  if (error) {
    const busy = state.status === 'loading';
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
          <p className="text-muted-foreground/80 text-xs">{error.message}</p>
        </div>
        <Button onClick={retry} disabled={busy}>
          <RotateCwIcon aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
          Retry
        </Button>
      </main>
    );
  }

  return <PageLoading className="min-h-svh" />;
}
