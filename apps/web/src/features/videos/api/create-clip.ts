import { clip, type Clip, type CreateClipBody } from '@app/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/user/videos/{key}/clips {key, timestamp, duration}`: `timestamp` is the start in seconds. */
export function createClip(api: ApiClient, videoKey: string, body: Omit<CreateClipBody, 'key'>): Promise<Clip> {
  return api.request(`/api/user/videos/${encodeURIComponent(videoKey)}/clips`, {
    method: 'POST',
    body: { key: videoKey, ...body },
    schema: clip,
  });
}

/** A new clip shows in every clip list (the library, the dashboard, the video's own). */
export function useCreateClip(videoKey: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (body: Omit<CreateClipBody, 'key'>) => createClip(api, videoKey, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clips.all(session.userId ?? session.userUuid) }),
  });
}
