import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { useAuth } from '@/lib/auth/auth-context';
import { useSession } from '@/lib/auth/session';
import { useFreshToken } from '@/lib/auth/use-fresh-token';
import { queryKeys } from '@/lib/query-keys';
import { applyUpdate } from '@/lib/updates/apply-update';
import { parseUpdate } from '@/lib/updates/parse-update';
import { runUpdates } from '@/lib/updates/run-updates';
import { shareUpdates } from '@/lib/updates/share-updates';

/**
 * Keeps this tab's team talk current (the board, threads, activity, the bell): one tab of the browser
 * holds `GET /api/updates` and shares it; every tab writes each update into its own query cache.
 * Mounted once, in the signed-in layout.
 */
export function useTalkUpdates() {
  const queryClient = useQueryClient();
  const session = useSession();
  const auth = useAuth();
  const freshToken = useFreshToken();
  const userKey = session.userId ?? session.userUuid;
  // The stream outlives token renewals: it reads the newest token source at each connect.
  const tokens = useRef({ auth, freshToken });
  tokens.current = { auth, freshToken };

  useEffect(() => {
    if (!session.isLoggedIn || userKey === undefined) return;
    return shareUpdates({
      name: `teamfilm-updates:${String(userKey)}`,
      hold: ({ lastEventId, emit, fresh, signal }) =>
        runUpdates({
          lastEventId,
          onEvent: emit,
          onOpen: (isFresh) => isFresh && fresh(),
          signal,
          getToken: async (rejected) => {
            const { auth: current, freshToken: fresh } = tokens.current;
            if (rejected === undefined) return fresh();
            await current.refresh({ staleToken: rejected });
            return current.getAccessToken();
          },
        }),
      onEvent: (event) => {
        const update = parseUpdate(event);
        if (update) applyUpdate(queryClient, userKey, update);
      },
      onFresh: () => {
        // What loaded before the stream opened may have missed a post in between: load it again.
        const opened = Date.now();
        void queryClient.invalidateQueries({
          queryKey: queryKeys.talk.all(userKey),
          predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < opened,
        });
      },
    });
  }, [session.isLoggedIn, userKey, queryClient]);
}
