import { tagList, type TagList } from '@app/contracts/film';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys, type UserKey } from '@/lib/query-keys';

/** What is tagged: a video (by its key) or a live game (by its event key). */
export type TagTarget = { kind: 'video' | 'live'; key: string };

/** `/api/user/videos/{key}/tags` or `/api/live/{eventKey}/tags`. */
export function tagsPath(target: TagTarget): string {
  const key = encodeURIComponent(target.key);
  return target.kind === 'video' ? `/api/user/videos/${key}/tags` : `/api/live/${key}/tags`;
}

export const tagsKey = (userKey: UserKey, target: TagTarget) => queryKeys.tags.of(userKey, target.kind, target.key);

/** Every instance of the video or game, in start order (the page filters them itself, as the server would). */
export function getTags(api: ApiClient, target: TagTarget, signal?: AbortSignal): Promise<TagList> {
  return api.request(tagsPath(target), { schema: tagList, signal });
}

export function useTags(target: TagTarget) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: tagsKey(session.userId ?? session.userUuid, target),
    queryFn: ({ signal }) => getTags(api, target, signal),
    enabled: session.isLoggedIn && target.key !== '',
  });
}
