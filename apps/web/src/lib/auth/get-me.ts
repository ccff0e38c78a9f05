import { profileMe, type ProfileMe } from '@app/contracts/profiles';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

// The profile parts default to empty so a record answered before they existed (POST's) still reads.
const meSchema = profileMe.extend({
  age: profileMe.shape.age.default(null),
  images: profileMe.shape.images.default([]),
  verified: profileMe.shape.verified.default([]),
});

/**
 * `GET /api/user/me`: the signed-in user's own record (username, type, name, images, age). It is the
 * session's user, so it lives with the session: the app's level and most features read it, and
 * features may import neither each other nor the app.
 */
export function getMe(api: ApiClient, signal?: AbortSignal): Promise<ProfileMe> {
  return api.request('/api/user/me', { schema: meSchema, signal });
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.me(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => getMe(api, signal),
    enabled: enabled && session.isLoggedIn,
  });
}
