import { liveEventUpdate } from '@app/contracts/live';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import type { LiveEventState } from '@/features/live/api/get-live-event';
import { useFreshToken } from '@/lib/auth/use-fresh-token';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** After a dropped stream (or one the server closed as its token expired), connect again this soon. */
const RECONNECT_MS = 1_000;

/**
 * Keeps an open event page current within a second: `GET /api/live/{key}/updates` pushes the status and
 * the viewer count. A new status fetches the event again (a live game brings its playlist URL) and its
 * clips; a new count is written in place. On any error the stream is opened again with a fresh token
 * (its first update says how things are now); meanwhile the page's 30 s poll still runs.
 */
export function useLiveUpdates(key: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  const freshToken = useFreshToken();
  const userKey = session.userId ?? session.userUuid;

  useEffect(() => {
    if (!session.isLoggedIn || typeof EventSource === 'undefined') return;
    const eventKey = queryKeys.live.event(userKey, key);
    let stopped = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const reconnect = () => {
      source?.close();
      source = null;
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };

    const connect = async () => {
      const token = await freshToken().catch(() => null);
      if (stopped) return;
      if (!token) return reconnect();
      source = new EventSource(`/api/live/${encodeURIComponent(key)}/updates?access_token=${encodeURIComponent(token)}`);
      source.addEventListener('update', (message: MessageEvent<string>) => {
        const update = liveEventUpdate.safeParse(JSON.parse(message.data));
        const cached = queryClient.getQueryData<LiveEventState>(eventKey);
        if (!update.success || !cached) return;
        if (update.data.status !== cached.status) {
          void queryClient.invalidateQueries({ queryKey: eventKey });
          void queryClient.invalidateQueries({ queryKey: queryKeys.clips.ofStream(userKey, key) });
        } else if (update.data.viewers !== cached.viewers) {
          queryClient.setQueryData<LiveEventState>(eventKey, { ...cached, viewers: update.data.viewers });
        }
      });
      source.onerror = reconnect;
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [key, userKey, session.isLoggedIn, freshToken, queryClient]);
}
