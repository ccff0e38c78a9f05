import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';

import { AuthClientContext } from '@/lib/auth/auth-context';
import { useSession } from '@/lib/auth/session';
import { freshToken } from '@/lib/auth/use-fresh-token';
import { listsSettled, reloadListsBefore, stalestPosition } from '@/lib/updates/list-positions';
import { parseUpdate } from '@/lib/updates/parse-update';
import { runUpdates } from '@/lib/updates/run-updates';
import { shareUpdates } from '@/lib/updates/share-updates';
import { dispatchUpdate, streamedLists, type UpdateFeature } from '@/lib/updates/update-handlers';

/**
 * Keeps this tab's caches current with the update stream: one tab of the browser holds `GET /api/updates`
 * and shares it; every tab hands each update to the features' handlers of its kind, which write it into its
 * own query cache. Mounted once, in the signed-in layout, with the features the app wires in (a stable list).
 */
export function useUpdates(features: readonly UpdateFeature[]) {
  const queryClient = useQueryClient();
  const session = useSession();
  // Absent only where a test renders the layout without a session.
  const auth = useContext(AuthClientContext);
  const userKey = session.userId ?? session.userUuid;

  useEffect(() => {
    if (!auth || !session.isLoggedIn || userKey === undefined) return;
    const lists = streamedLists(features, userKey);
    return shareUpdates({
      name: `teamfilm-updates:${String(userKey)}`,
      hold: async ({ lastEventId, emit, fresh, signal }) => {
        // Lists still loading would not know what the stream skipped: let them land first, then resume
        // after the stalest list shown, so the stream brings what any of them lacks.
        await listsSettled(queryClient, lists, signal);
        return runUpdates({
          lastEventId: () => lastEventId() || String(stalestPosition(queryClient, lists) ?? ''),
          onEvent: emit,
          onOpen: (isFresh, position) => {
            if (isFresh && position !== null) fresh(position);
          },
          signal,
          // Each connect reads the token anew: the stream outlives token renewals.
          getToken: (rejected) => freshToken(auth, rejected),
        });
      },
      onEvent: (event) => {
        const update = parseUpdate(event);
        if (update) dispatchUpdate(features, queryClient, userKey, update);
      },
      onFresh: (position) => reloadListsBefore(queryClient, lists, position),
    });
  }, [session.isLoggedIn, userKey, queryClient, auth, features]);
}
