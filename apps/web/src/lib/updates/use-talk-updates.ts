import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';

import { AuthClientContext } from '@/lib/auth/auth-context';
import { useSession } from '@/lib/auth/session';
import { freshToken } from '@/lib/auth/use-fresh-token';
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
  // Absent only where a test renders the layout without a session.
  const auth = useContext(AuthClientContext);
  const userKey = session.userId ?? session.userUuid;

  useEffect(() => {
    if (!auth || !session.isLoggedIn || userKey === undefined) return;
    return shareUpdates({
      name: `teamfilm-updates:${String(userKey)}`,
      hold: ({ lastEventId, emit, fresh, signal }) =>
        runUpdates({
          lastEventId,
          onEvent: emit,
          onOpen: (isFresh) => isFresh && fresh(),
          signal,
          // Each connect reads the token anew: the stream outlives token renewals.
          getToken: (rejected) => freshToken(auth, rejected),
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
  }, [session.isLoggedIn, userKey, queryClient, auth]);
}
