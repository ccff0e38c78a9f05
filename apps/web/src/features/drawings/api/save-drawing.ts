import { drawing, type Drawing, type DrawingBody } from '@app/contracts/film';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { withDrawing } from '@/features/drawings/utils/drawing-list';

/** `POST /api/user/videos/{key}/drawings`: a new drawing on the frame at `at` (201). */
export function createDrawing(api: ApiClient, videoKey: string, body: DrawingBody): Promise<Drawing> {
  return api.request(`/api/user/videos/${encodeURIComponent(videoKey)}/drawings`, { method: 'POST', body, schema: drawing });
}

/** `PUT /api/user/drawings/{id}` (its maker or the team's owner): the drawing's new shapes, time and hold. */
export function updateDrawing(api: ApiClient, id: string, body: DrawingBody): Promise<Drawing> {
  return api.request(`/api/user/drawings/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: drawing });
}

/** Saves a new drawing (no `id`) or changes one; the video's list shows the answer at once. */
export function useSaveDrawing(videoKey: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const key = queryKeys.drawings.ofVideo(session.userId ?? session.userUuid, videoKey);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DrawingBody }) => (id ? updateDrawing(api, id, body) : createDrawing(api, videoKey, body)),
    onSuccess: (saved) => {
      queryClient.setQueryData<Drawing[]>(key, (current) => withDrawing(current ?? [], saved));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
